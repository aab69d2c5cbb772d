"""The fingerprint of 50 fixed games, for checking that a change to a hot path changes no game: 15 random and
10 heuristic games of the example set's two decks (tests/examples/decks/), and the same of sealed-like decks of
the custom set (tests/examples/tidewrack-shoals.yaml). Each line is a game's index, its SHA-256 (every step, the
answers recorded, the winner, the turns and the error if any; the checkout's own path, which the replays name,
left out, so that two worktrees' fingerprints compare) and its turns.

    .venv/bin/python bench/replays.py > before.txt      # on main
    .venv/bin/python bench/replays.py > after.txt       # with the change
    diff before.txt after.txt                           # nothing: the same games
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.tools.simulate import Plan, arena_of, play_one, read_deck, sealed_deck  # noqa: E402

EXAMPLES = ROOT / "tests" / "examples"
HARBOR = EXAMPLES / "harbor-of-dread.yaml"
TIDEWRACK = EXAMPLES / "tidewrack-shoals.yaml"
DECKS = (EXAMPLES / "decks" / "harbor-blue.txt", EXAMPLES / "decks" / "harbor-black.txt")


def plans() -> list[Plan]:
    """The four plans: each set's decks, random players then heuristic ones."""
    harbor = arena_of(HARBOR.resolve())
    listed = tuple(read_deck(p, harbor.cards()) for p in DECKS)
    tidewrack = arena_of(TIDEWRACK.resolve())
    rarities = {n: str(d["rarity"]) for n, d in tidewrack.set_file.cards.items()
                if isinstance(d, dict) and d.get("rarity")}
    rng = random.Random("decks:7")
    lands = tidewrack.scenario.rulebook.subtype_abilities
    sealed = tuple(sealed_deck(tidewrack.cards(), rarities, rng, lands) for _ in range(2))
    return [Plan(HARBOR.resolve(), listed, 15, 1, "random"), Plan(HARBOR.resolve(), listed, 10, 1, "heuristic"),
            Plan(TIDEWRACK.resolve(), sealed, 15, 1, "random"), Plan(TIDEWRACK.resolve(), sealed, 10, 1, "heuristic")]


def main() -> None:
    n = 0
    for plan in plans():
        for index in range(plan.games):
            result = play_one(plan, index)
            text = json.dumps([result.replay, result.winner, result.turns, result.error, result.events], sort_keys=True,
                              default=str).replace(str(ROOT), "ROOT")   # the same in every worktree
            print(f"{n:2} {plan.set_path.stem} {plan.player:9} {hashlib.sha256(text.encode()).hexdigest()[:16]} "
                  f"turns={result.turns} {result.error_kind or ''}".rstrip())
            n += 1


if __name__ == "__main__":
    main()
