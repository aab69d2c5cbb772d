"""Mana costs and the mana a player can spend (rules 106, 107.4, 202).

A cost is a tuple of symbols ('2', 'U', 'X'); a pool is a count per type of
mana (W U B R G C). Payment follows the scenario contract: each colored
symbol with mana of its color, then generic with colorless first and then
W, U, B, R, G.
"""
from __future__ import annotations

import re
from collections import Counter

from .diagnostics import MtgError, error

COLORS = "WUBRG"
MANA_TYPES = "WUBRGC"
GENERIC_ORDER = "CWUBRG"
_SYMBOL = re.compile(r"\{([^{}]+)\}")


#: 107.4: generic numbers, the five colors, colorless, X, snow, hybrid (W/U, 2/W, C/W) and Phyrexian (W/P, W/U/P).
_MANA_SYMBOL = re.compile(r"[0-9]+|[WUBRGCXS]|[WUBRGC2]/[WUBRG]|[WUBRGC]/P|[WUBRG]/[WUBRG]/P")


def parse_cost(text: str | None, activation: bool = False) -> tuple[str, ...]:
    """'{2}{U}' -> ('2', 'U'). Raises on anything that is not a sequence of mana symbols; an
    activation cost may also hold {T} and {Q} (107.5, 107.6)."""
    if not text:
        return ()
    symbols = _SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in symbols) != text.replace(" ", ""):
        raise error("E301", f"not a mana cost: '{text}'", help="write symbols in braces, like {2}{U}")
    for symbol in symbols:
        if not _MANA_SYMBOL.fullmatch(symbol) and not (activation and symbol in ("T", "Q")):
            raise error("E301", f"'{{{symbol}}}' is not a mana symbol (in '{text}')", rule="107.4",
                        help="mana symbols are {N}, {W}{U}{B}{R}{G}{C}, {X}, hybrid {R/G} and Phyrexian {W/P}")
    return tuple(symbols)


def mana_value(cost: tuple[str, ...]) -> int:
    """202.3: generic numbers count their value, X counts 0, every other symbol 1."""
    total = 0
    for symbol in cost:
        if symbol.isdigit():
            total += int(symbol)
        elif symbol != "X":
            total += 1
    return total


def cost_colors(cost: tuple[str, ...]) -> frozenset[str]:
    """202.2: an object's colors are the colors of the mana symbols in its cost."""
    return frozenset(c for symbol in cost for c in symbol if c in COLORS)


def parse_pool(text: str | None) -> Counter:
    """A mana string from a scenario ('{2}{G}{G}') as amounts of each type."""
    pool: Counter = Counter()
    for symbol in parse_cost(text or ""):
        if symbol.isdigit():
            pool["C"] += int(symbol)
        elif symbol in MANA_TYPES:
            pool[symbol] += 1
        else:
            raise error("E302", f"'{{{symbol}}}' is not a type of mana a player can have",
                        help="use {N} for colorless and {W}{U}{B}{R}{G}{C}")
    return pool


def format_pool(pool: Counter) -> str:
    """A pool back as a mana string, colorless first as a number."""
    parts = [f"{{{pool['C']}}}"] if pool.get("C") else []
    parts += [f"{{{c}}}" * pool.get(c, 0) for c in COLORS]
    return "".join(parts)


def pay(pool: Counter, cost: tuple[str, ...], what: str) -> Counter:
    """The pool left after paying `cost`; raises (rule 601.2h) when it can't be paid in full."""
    left = Counter(pool)
    generic = 0
    for symbol in cost:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol in MANA_TYPES:
            if left[symbol] <= 0:
                raise _unpayable(pool, cost, what)
            left[symbol] -= 1
        elif symbol == "X":
            continue
        else:
            raise error("E303", f"can't pay the symbol {{{symbol}}} yet", rule="107.4")
    for mana_type in GENERIC_ORDER:
        used = min(generic, left[mana_type])
        left[mana_type] -= used
        generic -= used
    if generic:
        raise _unpayable(pool, cost, what)
    return +left


def can_pay(pool: Counter, cost: tuple[str, ...]) -> bool:
    try:
        pay(pool, cost, "")
    except MtgError:
        return False
    return True


def _unpayable(pool: Counter, cost: tuple[str, ...], what: str) -> MtgError:
    have = format_pool(pool) or "no mana"
    return error("E401", f"can't pay {''.join(f'{{{s}}}' for s in cost)} for {what}: the player has {have}",
                 rule="601.2h")
