"""`mtgrules simulate`: many games of a set between two decks, on one machine's processes or a Ray cluster.

Deck lists are text, one entry a line: `4 Card Name` (or `Card Name` for one); blank lines and lines
starting with `#` are left out. Without a deck list a deck is built sealed-like from the set (`sealed_deck`).
The i-th game's seed comes from the master seed and i alone (`games.game_seed`), and the decks swap seats
every other game, so results are the same whatever the number of jobs or the backend.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from ..diagnostics import error
from ..game.mana import mana_value, parse_pool
from ..game.players import HeuristicPlayer, RandomPlayer
from ..language import ast
from .games import PLAYERS, Arena, GameResult, game_seed

#: Boosters opened for a sealed pool, and the cards of each rarity in one (a play booster, roughly).
BOOSTERS = 6
BOOSTER = {"common": 10, "uncommon": 3, "rare": 1}
#: The rare slot opens a mythic about one time in eight when the set has mythics; special and bonus cards
#: are opened in the rare slot.
MYTHIC_CHANCE = 1 / 8
_SLOT = {"special": "rare", "bonus": "rare"}
DECK_SPELLS, DECK_LANDS = 23, 17
PLAYER_KINDS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}


def read_deck(path: Path, cards: dict) -> list[str]:
    """A deck list: `N Card Name` lines (N defaults to 1), `#` comments; a card the set lacks is refused."""
    deck: list[str] = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        count, _, name = text.partition(" ")
        if not count.isdigit():
            count, name = "1", text
        name = name.strip()
        if name not in cards:
            raise error("E404", f"{path}:{number}: '{name}' is not a card of the set", help="check the spelling")
        deck.extend([name] * int(count))
    if not deck:
        raise error("E404", f"{path}: the deck list has no cards")
    return deck


def _basic_lands(cards: dict, subtype_abilities: dict[str, tuple]) -> dict[str, str]:
    """The set's basic lands, by the color of mana each makes ('Island' -> 'U'), its land types' abilities
    included (305.6)."""
    found = {}
    for name, card in cards.items():
        chars = card.front.characteristics()
        if "Land" in chars.types and "Basic" in chars.supertypes:
            abilities = chars.abilities + tuple(a for t in chars.subtypes for a in subtype_abilities.get(t, ()))
            made = {c for a in abilities for n in ast.walk(a) if isinstance(n, ast.AddMana) and n.mana
                    for c in parse_pool(n.mana)}
            for color in sorted(made & set("WUBRG")):
                found.setdefault(color, name)
    return found


def sealed_deck(cards: dict, rarities: dict[str, str], rng: random.Random,
                subtype_abilities: dict[str, tuple]) -> list[str]:
    """A sealed-like deck: BOOSTERS boosters of the set's non-basic cards by rarity (a card without one is
    common; a rarity the set lacks is opened as a common), the two colors of the set's basic lands with the most cards in the pool, its 23 cards of those
    colors or colorless (the highest mana values last out), and 17 basic lands split by colored symbols."""
    basics = _basic_lands(cards, subtype_abilities)
    if not basics:
        raise error("E404", "the set has no basic lands to build a sealed deck with; give --deck lists")
    by_rarity: dict[str, list[str]] = {}
    for name, card in cards.items():
        if "Basic" not in card.front.characteristics().supertypes:
            rarity = rarities.get(name, "common").lower()
            by_rarity.setdefault(_SLOT.get(rarity, rarity), []).append(name)
    pool: list[str] = []
    for _ in range(BOOSTERS):
        for rarity, count in BOOSTER.items():
            for _ in range(count):
                if rarity == "rare" and by_rarity.get("mythic") and rng.random() < MYTHIC_CHANCE:
                    rarity_opened = "mythic"
                else:
                    rarity_opened = rarity
                names = by_rarity.get(rarity_opened) or by_rarity.get("common") or []
                if names:
                    pool.append(rng.choice(names))
    colors_of = {n: set(cards[n].front.characteristics().colors) for n in set(pool)}
    ranked = sorted(basics, key=lambda c: (-sum(c in colors_of[n] for n in pool), c))
    chosen = set(ranked[:2])
    playable = [n for n in pool if colors_of[n] <= chosen and "Land" not in cards[n].front.characteristics().types]
    playable.sort(key=lambda n: (mana_value(tuple(cards[n].front.characteristics().mana_cost or ())), n))
    spells = playable[:DECK_SPELLS]
    symbols = Counter(c for n in spells for s in cards[n].front.characteristics().mana_cost or () for c in s
                      if c in chosen)
    lands = DECK_LANDS + DECK_SPELLS - len(spells)
    total = sum(symbols.values()) or 1
    order = sorted(chosen)
    split = {c: round(lands * symbols[c] / total) if symbols else lands // len(order) for c in order}
    split[order[0]] += lands - sum(split.values())
    return spells + [basics[c] for c in order for _ in range(split[c])]


@dataclass
class Plan:
    """What to simulate: the set, the two decks, the players, the games and the master seed."""

    set_path: Path
    decks: tuple[list[str], list[str]]
    games: int
    seed: int
    player: str = "heuristic"
    mechanics: tuple[str, ...] = ()


_ARENAS: dict[tuple, Arena] = {}


def arena_of(set_path: Path, mechanics: tuple[str, ...] = ()) -> Arena:
    """The process's arena for a set (its path resolved) and mechanics folders (loaded once per process)."""
    key = (str(set_path), mechanics)
    if key not in _ARENAS:
        from .scenario import Runner
        _ARENAS[key] = Arena(set_path, Runner(mechanics=tuple(Path(m) for m in mechanics)))
    return _ARENAS[key]


def _arena(plan: Plan) -> Arena:
    return arena_of(plan.set_path, plan.mechanics)


def play_one(plan: Plan, index: int) -> GameResult:
    """The index-th game of the plan: deck A sits first in even games, deck B in odd ones."""
    seed = game_seed(plan.seed, index)
    first, second = plan.decks if index % 2 == 0 else plan.decks[::-1]
    kind = PLAYER_KINDS[plan.player]
    result = _arena(plan).play({PLAYERS[0]: first, PLAYERS[1]: second}, seed,
                               {PLAYERS[0]: kind(seed), PLAYERS[1]: kind(seed + 1)})
    result.index = index
    return result


def play_many(plan: Plan, indexes: Iterable[int]) -> list[GameResult]:
    return [play_one(plan, i) for i in indexes]


def _chunks(games: int, jobs: int) -> list[range]:
    size = max(1, min(50, -(-games // (jobs * 4))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def run(plan: Plan, jobs: int = 1, backend: str = "local", address: str | None = None,
        progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Every game of the plan, in index order, on `jobs` processes (local) or a Ray cluster."""
    chunks = _chunks(plan.games, jobs)
    results: list[GameResult] = []
    if backend == "ray":
        from .ray_backend import run_on_ray
        results = run_on_ray(play_many, plan, chunks, address, jobs)
    elif jobs <= 1:
        for chunk in chunks:
            results.extend(play_many(plan, chunk))
            if progress:
                progress(len(results))
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        forking = not _threads_started()
        if forking:   # the rules and the set loaded once, here: the forked processes share them (Arena)
            _arena(plan)
        context = multiprocessing.get_context("fork" if forking else "spawn")
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            for chunk in pool.map(play_many, [plan] * len(chunks), chunks):
                results.extend(chunk)
                if progress:
                    progress(len(results))
    return sorted(results, key=lambda r: r.index)


def _threads_started() -> bool:
    import threading
    return threading.active_count() > 1
