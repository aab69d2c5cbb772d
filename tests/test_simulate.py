"""`mtgrules simulate`, `replay` and `play` (issue 15): the same results whatever the number of jobs or the
backend, a deck list format, replays that run as scenarios, a local Ray cluster started by the test."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from interpreter.tools.cli import main
from interpreter.tools.simulate_report import wilson

EXAMPLES = Path(__file__).parent / "examples"
HARBOR = str(EXAMPLES / "harbor-of-dread.yaml")
SHOALS = str(EXAMPLES / "tidewrack-shoals.yaml")
DECKS = ["--deck", str(EXAMPLES / "decks" / "harbor-blue.txt"), "--deck", str(EXAMPLES / "decks" / "harbor-black.txt")]


def simulate(capsys, *args: str) -> dict:
    code = main(["simulate", *args, "--json"])
    out = capsys.readouterr().out
    report = json.loads(out)
    assert code == (1 if report["errors"] else 0)
    return report


def results(report: dict) -> tuple:
    return report["decks"], report["turns"], report["events"], report["cards"], report["errors"]


def test_jobs_give_the_same_results(capsys, tmp_path) -> None:
    one = simulate(capsys, HARBOR, *DECKS, "--games", "4", "--seed", "5", "--replays", str(tmp_path))
    two = simulate(capsys, HARBOR, *DECKS, "--games", "4", "--seed", "5", "--jobs", "2", "--replays", str(tmp_path))
    assert results(one) == results(two)
    assert one["games"] == 4 and sum(d["wins"] for d in one["decks"]) + one["draws"] == 4 - len(one["errors"])
    assert one["events"]["cast"] > 0 and one["turns"]["max"] >= one["turns"]["min"] > 1


def test_sealed_decks_of_the_custom_set(capsys, tmp_path) -> None:
    """No deck list: sealed-like decks from the set (its only basic land type is Island)."""
    report = simulate(capsys, SHOALS, "--games", "2", "--players", "random", "--replays", str(tmp_path))
    assert [len(d) for d in report["deck_lists"].values()] == [40, 40]
    assert set(report["deck_lists"]["sealed A"]) >= {"Island"}


def test_sealed_pools_open_boosters_by_rarity() -> None:
    """Six boosters of 10 commons, 3 uncommons and a rare or (about one time in eight) a mythic, read from the
    set's `rarity:` (206.2); the MTGJSON copy of the set carries the same rarities."""
    from collections import Counter

    from interpreter.tools import simulate as sim
    from interpreter.tools.games import Arena
    from interpreter.tools.scenario import Runner
    from interpreter.tools.sets import read_set
    arena = Arena(Path(HARBOR), Runner())
    rarities = {n: d["rarity"] for n, d in arena.set_file.cards.items()}
    mtgjson = read_set(EXAMPLES / "harbor-of-dread.json").cards
    assert {n: d.get("rarity") for n, d in mtgjson.items() if n in rarities} == \
        {n: r for n, r in rarities.items() if n in mtgjson}
    opened: Counter = Counter()
    pools = []
    for seed in range(40):
        rng = sim.random.Random(seed)
        pool: list[str] = []
        real_choice = rng.choice
        rng.choice = lambda names, pool=pool, real=real_choice: pool.append(real(names)) or pool[-1]
        sim.sealed_deck(arena.cards(), rarities, rng, arena.scenario.rulebook.subtype_abilities)
        opened.update(rarities[n] for n in pool)
        pools.append(pool)
    assert all(len(p) == sim.BOOSTERS * 14 for p in pools)
    assert opened["common"] == 40 * 60 and opened["uncommon"] == 40 * 18
    assert opened["rare"] + opened["mythic"] == 40 * 6 and 10 <= opened["mythic"] <= 60


def test_a_deck_list_names_cards_of_the_set(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Grizzly Bearz\n")
    assert main(["simulate", HARBOR, "--deck", str(bad), "--games", "1"]) == 1
    assert "'Grizzly Bearz' is not a card of the set" in capsys.readouterr().err
    assert main(["simulate", HARBOR, "--deck", str(tmp_path / "none.txt")]) == 2


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_game_replays_and_a_refusal_shows(capsys, tmp_path) -> None:
    """A game's replay runs as a scenario to its end; one with a step the game refuses stops there, saying why."""
    from interpreter.game.players import RandomPlayer
    from interpreter.tools.games import Arena
    arena = Arena(Path(HARBOR))
    deck = ["Net Hauler"] * 6 + ["Island"] * 9
    result = arena.play({"alice": deck, "bob": deck}, 3, {"alice": RandomPlayer(3), "bob": RandomPlayer(4)}, life=6)
    assert result.error is None and result.winner in ("alice", "bob")
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(result.replay, sort_keys=False))
    assert main(["replay", str(good)]) == 0
    assert "replayed to the end" in capsys.readouterr().out
    result.replay["steps"].insert(3, {"bob": "play hand:Net Hauler"})
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(result.replay, sort_keys=False))
    assert main(["replay", str(bad)]) == 1
    assert "it isn't a land" in capsys.readouterr().out


def test_plots(capsys, tmp_path) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) isn't installed")
    report = simulate(capsys, HARBOR, *DECKS, "--games", "2", "--plot", str(tmp_path), "--replays", str(tmp_path))
    assert {Path(p).name for p in report["plots"]} == {"win-rates.png", "game-length.png"}
    assert (tmp_path / "win-rates.png").read_bytes()[:4] == b"\x89PNG"


def test_ray_backend_gives_the_same_results(capsys, tmp_path) -> None:
    """A local Ray cluster, started (and stopped) by the run, plays the same games as local processes."""
    pytest.importorskip("ray", reason="Ray isn't installed (pip install 'mtgrules[ray]'); the Ray backend is untested")
    local = simulate(capsys, HARBOR, *DECKS, "--games", "2", "--seed", "9", "--replays", str(tmp_path))
    ray = simulate(capsys, HARBOR, *DECKS, "--games", "2", "--seed", "9", "--backend", "ray", "--jobs", "2",
                   "--replays", str(tmp_path))
    assert results(local) == results(ray)


def test_play_shows_only_the_human_view(monkeypatch, capsys) -> None:
    """`mtgrules play`: the human's own hand is listed, the heuristic player's only counted."""
    answers = iter(["1"] * 3)

    def ask(prompt: str = "") -> str:
        for answer in answers:
            return answer
        raise EOFError   # the terminal closes: the game stops there, said as an error
    monkeypatch.setattr("builtins.input", ask)
    code = main(["play", HARBOR, *DECKS, "--seed", "2"])
    captured = capsys.readouterr()
    assert code == 1 and "(you): life 20" in captured.out and "hand: 7 cards" in captured.out
    assert "no action given at the terminal" in captured.err
