"""What `mtgrules simulate` reports: win rates with Wilson score intervals, game length in turns, how often
each event happened (keyword actions and abilities record their own events), what each card did, and every
error with its seed and the replay file that reproduces it; as text, JSON, and PNG plots (matplotlib)."""
from __future__ import annotations

import math
import statistics
from collections import Counter
from pathlib import Path

import yaml

from .games import PLAYERS, GameResult

Z95 = 1.959964   # the normal quantile of a two-sided 95% interval


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a draw counted as half a win by the caller)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def deck_of_winner(result: GameResult) -> int | None:
    """0 for deck A, 1 for deck B (A sits first in even games), None for a draw or a game with no winner."""
    if result.winner is None:
        return None
    seat = PLAYERS.index(result.winner)
    return seat if result.index % 2 == 0 else 1 - seat


def headline(result: GameResult) -> str:
    """An error in one line: a refusal's headline, or a traceback's last line (the exception)."""
    lines = result.error.strip().splitlines()
    return (lines[-1] if result.error_kind == "internal" else lines[0])[:300]


def summary(results: list[GameResult], names: tuple[str, str], replays: Path | None = None) -> dict:
    """The report as data; the replays of games with an error are written under `replays`."""
    games = len(results)
    wins = Counter(deck_of_winner(r) for r in results if r.error is None)
    played = sum(wins.values())
    decks = []
    for n, name in enumerate(names):
        low, high = wilson(wins[n] + wins[None] / 2, played)
        decks.append({"deck": name, "wins": wins[n], "win_rate": (wins[n] + wins[None] / 2) / played if played else 0,
                      "ci95": [round(low, 4), round(high, 4)]})
    turns = [r.turns for r in results if r.error is None]
    events: Counter = Counter()
    cards: dict[str, Counter] = {}
    for r in results:
        events.update(r.events)
        for card, did in r.cards.items():
            cards.setdefault(card, Counter()).update(did)
    errors = []
    for r in results:
        if r.error is None:
            continue
        entry = {"game": r.index, "seed": r.seed, "kind": r.error_kind, "error": headline(r)}
        if replays is not None:
            replays.mkdir(parents=True, exist_ok=True)
            path = replays / f"game-{r.index}-seed-{r.seed}.yaml"
            path.write_text(f"# replay: mtgrules replay {path}\n# {r.error_kind}: {headline(r)}\n"
                            + yaml.safe_dump(r.replay, sort_keys=False, allow_unicode=True), encoding="utf-8")
            entry["replay"] = str(path)
        else:
            entry["steps"] = r.replay["steps"]
        errors.append(entry)
    return {"games": games, "decks": decks, "draws": wins[None], "errors": errors,
            "turns": {"mean": round(statistics.fmean(turns), 2) if turns else None,
                      "median": statistics.median(turns) if turns else None,
                      "min": min(turns, default=None), "max": max(turns, default=None),
                      "histogram": dict(sorted(Counter(turns).items()))},
            "events": dict(events.most_common()),
            "cards": {c: dict(did.most_common()) for c, did in sorted(cards.items())}}


def render_text(report: dict) -> str:
    lines = [f"{report['games']} games"]
    for deck in report["decks"]:
        low, high = deck["ci95"]
        lines.append(f"  {deck['deck']}: {deck['wins']} wins, win rate {deck['win_rate']:.1%} "
                     f"(95% CI {low:.1%}-{high:.1%})")
    if report["draws"]:
        lines.append(f"  draws: {report['draws']}")
    t = report["turns"]
    if t["mean"] is not None:
        lines.append(f"game length in turns: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}")
    lines.append("events (all games):")
    lines.extend(f"  {name}: {count}" for name, count in report["events"].items())
    lines.append("what each card did:")
    for card, did in report["cards"].items():
        lines.append(f"  {card}: " + ", ".join(f"{name} {count}" for name, count in did.items()))
    lines.append(f"errors: {len(report['errors'])}")
    for e in report["errors"]:
        where = f" — replay: mtgrules replay {e['replay']}" if "replay" in e else ""
        lines.append(f"  game {e['game']} (seed {e['seed']}), {e['kind']}: {e['error']}{where}")
    return "\n".join(lines)


def plot(report: dict, folder: Path) -> list[Path]:
    """win-rates.png (each deck's win rate with its interval) and game-length.png (turns per game)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    fig, ax = plt.subplots(figsize=(5, 3))
    names = [d["deck"] for d in report["decks"]]
    rates = [d["win_rate"] for d in report["decks"]]
    errs = [[r - d["ci95"][0] for r, d in zip(rates, report["decks"])],
            [d["ci95"][1] - r for r, d in zip(rates, report["decks"])]]
    ax.bar(names, rates, yerr=errs, capsize=6, color=["#4a7dbf", "#bf6b4a"])
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{report['games']} games")
    fig.tight_layout()
    out.append(folder / "win-rates.png")
    fig.savefig(out[-1], dpi=100)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(5, 3))
    histogram = report["turns"]["histogram"]
    ax.bar(list(histogram), list(histogram.values()), color="#4a7dbf")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("game length")
    fig.tight_layout()
    out.append(folder / "game-length.png")
    fig.savefig(out[-1], dpi=100)
    plt.close(fig)
    return out
