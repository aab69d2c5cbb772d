"""Random full games of the example set (issue 15): seeded random players play whole games; any internal
error, refusal of an action the legal-action list offered, broken invariant or game that doesn't end fails
the test, printing the seed and the replay (a scenario file: `mtgrules replay FILE`).

Invariants, checked as the games run: cards are conserved (every card of both decks is in exactly one
zone, 400.1); each player's view hides the other's hand and library and face-down permanents they don't
control (400.2, 708.5); an action the game refuses changes nothing; the characteristics the game kept (at the
journal's steady stamp, or its stamp when they read volatile state) are those a fresh computation gives. Short
games keep it fast: decks of 15 cards and 8 life each."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from interpreter.diagnostics import MtgError
from interpreter.game.players import RandomPlayer
from interpreter.game.view import view
from interpreter.tools.games import Arena, Table, game_seed
from interpreter.tools.scenario import _serialize

EXAMPLE_SET = Path(__file__).parent / "examples" / "harbor-of-dread.yaml"
GAMES = 200
DECK = 15
LIFE = 8


@pytest.fixture(scope="module")
def arena() -> Arena:
    return Arena(EXAMPLE_SET)


def deck(arena: Arena, rng: random.Random) -> list[str]:
    """A random deck of the set: 9 cards of it and 6 of its basic lands."""
    cards = arena.cards()
    spells = sorted(n for n, c in cards.items() if "Land" not in c.front.characteristics().types)
    lands = sorted(n for n, c in cards.items() if "Basic" in c.front.characteristics().supertypes)
    return [rng.choice(spells) for _ in range(DECK - 6)] + [rng.choice(lands) for _ in range(6)]


class Invariants:
    """Checks after each action and pass; a failed check raises, and the game records it as an error."""

    def __init__(self, cards: int, seed: int):
        self.cards = cards
        self.rng = random.Random(seed)

    def __call__(self, table: Table) -> None:
        game = table.game
        state = game.state
        held = sum(len(o.parts) or 1 for o in state.objects.values()   # dungeons in the command zone aren't cards
                   if not o.is_token and o.id not in state.tokens and o.zone != "command"
                   and not (o.zone == "stack" and _copy(state, o.id)))
        assert held == self.cards, f"{held} cards in the game, {self.cards} in the decks (400.1)"
        if self.rng.random() < 0.1:
            self.hidden(game)
            self.refused(table)
            self.cached(game)

    def cached(self, game) -> None:
        kept = game.kept_values()
        cached = {i: game.characteristics(i) for i in list(game.state.objects)}
        before = [k.get(game.state.journal) for k in kept]
        journal = game.state.journal
        if journal.holds(game._settled):   # the state-based actions kept as applying none apply none
            mark = journal.mark()
            try:
                assert not game._perform_applying(), "stale check of state-based actions"
            finally:
                journal.rollback(mark)
        game.forget_kept()   # what a fresh computation gives
        for object_id, value in cached.items():
            assert game.characteristics(object_id) == value, f"stale characteristics of object {object_id}"
        assert [k.get(game.state.journal) for k in kept] == before, "a stale value kept"

    def hidden(self, game) -> None:
        state = game.state
        for viewer in state.order:
            seen = view(game, viewer)
            for other in state.order:
                assert "size" in seen[other]["library"], f"{viewer} sees {other}'s library"
                if other != viewer:
                    assert isinstance(seen[other]["hand"], dict), f"{viewer} sees {other}'s hand"
                for zone in ("battlefield", "exile"):
                    for entry, obj in zip(seen[other][zone], state.in_zone(zone, other)):
                        if obj.face_down and (obj.controller if zone == "battlefield" else obj.owner) != viewer:
                            assert entry["card"] is None, f"{viewer} sees the face-down {obj.card_name} ({zone})"

    def refused(self, table: Table) -> None:
        """An action that is almost always illegal here (a land played by the player without the turn, a
        card cast by the player without priority): if refused, the state is exactly as it was."""
        game = table.game
        state = game.state
        other = next(p for p in state.order if p != state.active)
        hand = state.in_zone("hand", other)
        if not hand:
            return
        card = self.rng.choice(hand).card_name
        text = self.rng.choice([f"play {other}.hand:{card}", f"cast {other}.hand:{card}"])
        before = _serialize(state)
        try:
            game.perform(other, table.scenario.action(other, text, {other: text}, 0), RandomPlayer(0).chooser)
        except MtgError:
            assert _serialize(state) == before, f"the refused '{text}' changed the game"
            return
        raise AssertionError(f"'{text}' by {other}, who hasn't the turn, was done")


def _copy(state, object_id: int) -> bool:
    """A copy of a spell on the stack is no card (707.10)."""
    return any(item.object_id == object_id and item.context.vars.get("_copy") for item in state.stack)


def test_random_games(arena: Arena, tmp_path: Path) -> None:
    failures = []
    for index in range(GAMES):
        seed = game_seed(15, index)
        rng = random.Random(seed)
        decks = {"alice": deck(arena, rng), "bob": deck(arena, rng)}
        result = arena.play(decks, seed, {"alice": RandomPlayer(seed), "bob": RandomPlayer(seed + 1)},
                            max_steps=1500, observe=Invariants(2 * DECK, seed), life=LIFE)
        if result.error is not None:
            path = tmp_path / f"game-{index}-seed-{seed}.yaml"
            path.write_text(yaml.safe_dump(result.replay, sort_keys=False), encoding="utf-8")
            failures.append(f"game {index} (seed {seed}): {result.error.strip()}\n  replay: mtgrules replay {path}\n"
                            + yaml.safe_dump(result.replay["steps"][-12:], sort_keys=False))
    assert not failures, f"{len(failures)} of {GAMES} games failed:\n" + "\n".join(failures[:3]) + "\nall:\n" + \
        "\n".join(f.splitlines()[0] + " " + next((x for x in f.splitlines() if "Error" in x or "E4" in x), "")
                  for f in failures)


def test_same_seed_same_game(arena: Arena) -> None:
    """Deterministic for the seed and the players (issue 15)."""
    rng = random.Random(7)
    decks = {"alice": deck(arena, rng), "bob": deck(arena, rng)}
    one, two = (arena.play(decks, 7, {"alice": RandomPlayer(7), "bob": RandomPlayer(8)}, life=LIFE) for _ in "ab")
    assert one.replay["steps"] == two.replay["steps"] and one.winner == two.winner
