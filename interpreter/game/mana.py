"""Mana costs and the mana a player can spend (rules 106, 107.4, 202).

A cost is a tuple of symbols ('2', 'U', 'X'); a pool is a count per type of
mana (W U B R G C). Payment follows the scenario contract: each colored
symbol with mana of its color, then generic with colorless first and then
W, U, B, R, G.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

from ..diagnostics import MtgError, error

COLORS = "WUBRG"
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}   # 105.1, 107.4a
MANA_TYPES = "WUBRGC"
GENERIC_ORDER = "CWUBRG"
_SYMBOL = re.compile(r"\{([^{}]+)\}")


#: 107.4: generic numbers, the five colors, colorless, X, snow, hybrid (W/U, 2/W, C/W) and Phyrexian (W/P, W/U/P).
_MANA_SYMBOL = re.compile(r"[0-9]+|[WUBRGCXS]|[WUBRGC2]/[WUBRG]|[WUBRGC]/P|[WUBRG]/[WUBRG]/P")


@functools.lru_cache(maxsize=4096)
def parse_cost(text: str | None, activation: bool = False) -> tuple[str, ...]:
    """'{2}{U}' -> ('2', 'U'). Raises on anything that is not a sequence of mana symbols; an
    activation cost may also hold {T} and {Q} (107.5, 107.6). Read once per text."""
    if not text:
        return ()
    symbols = []
    end = 0
    for match in [*_SYMBOL.finditer(text), None]:   # each symbol, and what stands between them
        gap = text[end:match.start() if match else len(text)]
        if gap.strip():
            offset = end + len(gap) - len(gap.lstrip())
            stray = gap.strip().split()[0]
            what = "is never closed by '}'" if stray.startswith("{") else (
                "closes no '{'" if stray.startswith("}") else "is not in braces")
            raise error("E301", f"'{text}' is not a mana cost: '{stray}' at character {offset + 1} {what}",
                        help="write each symbol in braces, like {2}{U}")
        if match is None:
            break
        symbol, end = match.group(1), match.end()
        if not _MANA_SYMBOL.fullmatch(symbol) and not (activation and symbol in ("T", "Q")):
            raise error("E301", f"'{{{symbol}}}' is not a mana symbol (in '{text}')", rule="107.4",
                        help="mana symbols are {N}, {W}{U}{B}{R}{G}{C}, {X}, hybrid {R/G} and Phyrexian {W/P}")
        symbols.append(symbol)
    return tuple(symbols)


def mana_value(cost: tuple[str, ...], x: int = 0) -> int:
    """202.3: the total mana in the cost. X counts the number chosen for it, 0 off the stack (202.3e);
    a hybrid symbol its largest component ({2/W} is 2, {R/G} 1, 202.3f); a Phyrexian symbol 1 (202.3g)."""
    total = 0
    for symbol in cost:
        if symbol == "X":
            total += x
        else:
            total += max(int(part) if part.isdigit() else 1 for part in symbol.split("/") if part != "P")
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


def pay(pool: Counter, cost: tuple[str, ...], what: str, rule: str = "601.2h") -> Counter:
    """The pool left after paying `cost`; raises (citing `rule`, 601.2h for a spell) when it can't be
    paid in full."""
    left = _left(pool, cost)
    if left is None:
        raise unpayable(pool, cost, what, rule)
    return Counter({mana_type: n for mana_type, n in left.items() if n > 0})


def can_pay(pool: Counter, cost: tuple[str, ...]) -> bool:
    """Whether `pay` would pay the cost (no refusal built to be thrown away: the hot path of legality checks); a
    cost of no mana always (118.5), as most mana abilities' are."""
    if not cost:
        return True
    try:
        return _left(pool, cost) is not None
    except MtgError:
        return False


def _left(pool: Counter, cost: tuple[str, ...]) -> dict[str, int] | None:
    """What is left of the pool (amounts of zero or less included) after paying each colored symbol with mana of
    its color, then generic with colorless first and then W, U, B, R, G; None where that can't be done; raises on a
    symbol that can't be paid yet (107.4)."""
    left = dict(pool)
    generic = 0
    for symbol in cost:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol in MANA_TYPES:
            if left.get(symbol, 0) <= 0:
                return None
            left[symbol] -= 1
        elif symbol == "X":
            continue
        else:
            raise error("E303", f"can't pay the symbol {{{symbol}}} yet", rule="107.4")
    for mana_type in GENERIC_ORDER:
        have = left.get(mana_type, 0)
        used = min(generic, have)
        left[mana_type] = have - used
        generic -= used
    return None if generic else left


def unpayable(pool: Counter, cost: tuple[str, ...], what: str, rule: str = "601.2h", life: int | None = None
              ) -> MtgError:
    """The refusal of a cost that can't be paid: the cost and what the player has (the life too, where
    the cost can be paid with life)."""
    have = format_pool(pool) or "no mana"
    if life is not None:
        have += f" and {life} life"
    return error("E401", f"can't pay {format_cost(cost)} for {what}: the player has {have}", rule=rule)


def format_cost(cost: tuple[str, ...]) -> str:
    return "".join(f"{{{s}}}" for s in cost) or "{0}"


@dataclass(frozen=True)
class CostChanges:
    """The cost increases and reductions that apply to one cost (601.2f): mana added, then mana taken off."""

    more: tuple[str, ...] = ()
    less: tuple[str, ...] = ()

    def apply(self, cost: tuple[str, ...]) -> tuple[str, ...]:
        """601.2f: the cost plus the increases, minus the reductions (118.7). Generic mana reduces only
        the generic part (118.7a); a colored or colorless symbol takes off one mana of its type, or one
        generic where the cost has none of that type (118.7b-d); a Phyrexian symbol one mana of its color
        (118.7f); snow one generic (118.7g). The generic part never goes below zero."""
        if not self.more and not self.less:
            return cost
        symbols = list(cost) + list(self.more)
        generic = sum(int(s) for s in symbols if s.isdigit())
        rest = [s for s in symbols if not s.isdigit()]
        for symbol in self.less:
            kind = symbol[0] if symbol.endswith("/P") else symbol
            if kind in MANA_TYPES and kind in rest:
                rest.remove(kind)
            else:
                generic = max(0, generic - (int(kind) if kind.isdigit() else 1))
        return ((str(generic),) if generic else ()) + tuple(rest)

    def most_off(self) -> int:
        """The most mana the reductions can take off."""
        return sum(int(s) if s.isdigit() else 1 for s in self.less)


NO_CHANGES = CostChanges()
