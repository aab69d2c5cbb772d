"""The mana sources the legal-action listing pays with (legal.py): untapped permanents whose ability is '{T}: Add ...'
one mana (106.1, 605.1a), and which of them pay a cost (`pay_plan`)."""
from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence

from ..language import ast
from .mana import parse_pool
from .memo import ByIdentity
from .state import GameObject

if TYPE_CHECKING:
    from .game import Game

ANY = "WUBRGC"
#: What pays one mana symbol: the colors it can be, and its source's place among the sources (None: a mana in the
#: pool).
Unit = tuple[str, "int | None"]


class Source(NamedTuple):
    """An untapped permanent with a '{T}: Add ...' ability producing one mana of one of `colors` (a tuple: hashed
    and compared at C speed, as each listing's key holds its sources)."""

    object_id: int
    colors: str
    label: str | None   # how the ability is named when the permanent has several (602.2a)


#: What pays any cost from one pool and one set of sources (`payer`): the sources to tap and their colors, or None.
Payer = Callable[[tuple[str, ...]], "list[tuple[Source, str]] | None"]


def _is_mana_ability(ability: ast.ActivatedAbility) -> bool:
    return ability.is_mana_ability


#: `is_mana_ability` (605.1a), read once per ability: kept by identity, and forgotten all at once when many are
#: kept (a keyword's activated ability is made anew at each listing: a dict of every one would grow all game long).
mana_ability = ByIdentity(_is_mana_ability)


def one_mana(game: "Game", player: str, ability: ast.ActivatedAbility, obj: GameObject) -> str:
    """The colors a '{T}: Add ...' ability of one mana may make, or '' for any other ability."""
    made = _made(ability)
    if made is CHOSEN:   # the color its object chose as it entered (607.2d)
        return obj.chosen_mana()
    return "".join(game.land_mana_types(player)) if made is LANDS else made


#: What `_made` says of an ability whose mana is the color its object chose, or a type its controller's lands
#: could produce (106.7).
CHOSEN, LANDS = object(), object()


def _made_by(ability: ast.ActivatedAbility) -> "str | object":
    """The colors a '{T}: Add ...' ability of one mana makes by its text ('' for any other ability), or CHOSEN, or
    LANDS."""
    if ability.cost_changes or ability.limits or [
            (c.kind, c.mana) for c in ability.costs] != [("mana", "{T}")]:
        return ""
    adds = [n for n in ast.walk(ability.effect) if isinstance(n, ast.AddMana)]
    if not isinstance(ability.effect, ast.AddMana) or len(adds) != 1:
        return ""
    node = adds[0]
    if node.count is not None and not (isinstance(node.count, ast.IntValue) and node.count.value == 1):
        return ""
    if node.makes:
        pools = [parse_pool(made) for made in node.makes]
        return "".join(t for pool in pools for t in pool) if all(sum(p.values()) == 1 for p in pools) else ""
    if node.chosen is not None:
        return CHOSEN
    return "WUBRG" if node.any_color else LANDS


#: `_made_by`, read once per ability.
_made = ByIdentity(_made_by)


def pay_plan(cost: tuple[str, ...], pool: Counter, sources: Sequence[Source]
             ) -> list[tuple[Source, str]] | None:
    """Which sources to tap, and for which color, so that the pool then pays the cost (X as 0; a Phyrexian
    symbol with its color when it can, else life; {2/C} with its color only); None: it can't (or not so). What
    it reads of the sources is their colors in order (`_plan_of`)."""
    return payer(pool, sources)(cost)


def payer(pool: Counter, sources: Sequence[Source]) -> Payer:
    """`pay_plan` for any cost from this pool and these sources, what it reads of them read once."""
    mana, colors = tuple(pool.items()), tuple([s.colors for s in sources])

    def pay(cost: tuple[str, ...]) -> list[tuple[Source, str]] | None:
        plan = _plan_of(cost, mana, colors)
        return None if plan is None else [(sources[n], color) for n, color in plan]
    return pay


@functools.lru_cache(maxsize=4096)
def _plan_of(cost: tuple[str, ...], pool: tuple[tuple[str, int], ...], colors: tuple[str, ...]
             ) -> tuple[tuple[int, str], ...] | None:
    """`pay_plan` by the pool's mana and the sources' colors, each source by its place among them (read once for
    sources of the same colors). Each unit (a mana of the pool, a source) pays one symbol: with fewer units than
    symbols that must be paid, none."""
    needs, required = _needs_of(cost)
    if needs is None:
        return None
    units: list[Unit] = [(color, None) for color, n in pool for _ in range(n)]
    units += [(c, n) for n, c in enumerate(colors)]
    if required > len(units):
        return None
    chosen = _greedy(needs, units)
    if chosen is None and _may_be_missed(needs, units):
        chosen = _any_way(needs, units)
    if chosen is None:
        return None
    return tuple([(unit[1], next(c for c in need.lstrip("?") if c in unit[0]) if need.lstrip("?") != ANY
                   else unit[0][0]) for need, unit in chosen if unit[1] is not None])


@functools.lru_cache(maxsize=4096)
def _needs_of(cost: tuple[str, ...]) -> tuple[tuple[str, ...] | None, int]:
    """What each symbol of a cost needs (the colors that pay it, '?' first where life may pay it instead), fewest
    options first, and how many must be paid with mana; None: a symbol no mana pays. Read once per cost."""
    needs: list[str] = []
    for symbol in cost:
        if symbol.isdigit():
            needs.extend([ANY] * int(symbol))
        elif symbol in ANY:
            needs.append(symbol)
        elif "/" in symbol:
            halves = [h for h in symbol.split("/") if h in ANY]
            needs.append("".join(halves) if not symbol.endswith("/P") else "?" + halves[0])
        elif symbol != "X":
            return None, 0
    needs.sort(key=lambda need: (need.startswith("?"), len(need)))
    return tuple(needs), sum(not n.startswith("?") for n in needs)


def _greedy(needs: tuple[str, ...], units: list[Unit]) -> list[tuple[str, Unit]] | None:
    """Each need, fewest options first, paid by the fitting unit of the fewest colors, the pool's first."""
    left = sorted(units, key=lambda u: (u[1] is not None, len(u[0])))   # the first fitting is the one to use
    chosen = []
    for need in needs:
        colors = set(need.lstrip("?"))
        unit = next((u for u in left if not colors.isdisjoint(u[0])), None)
        if unit is None:
            if need.startswith("?"):
                continue
            return None
        left.remove(unit)
        chosen.append((need, unit))
    return chosen


def _may_be_missed(needs: tuple[str, ...], units: list[Unit]) -> bool:
    """Whether a way the greedy choice didn't find may exist: a unit or a need with a choice of colors ({W}{U}
    from a W/U and a W/B land), enough units, and a fitting unit for each need that must be paid."""
    required = [set(n) for n in needs if not n.startswith("?")]
    return (len(required) <= len(units)
            and (any(len(u[0]) > 1 for u in units) or any(1 < len(n.lstrip("?")) < len(ANY) for n in needs))
            and all(any(need & set(u[0]) for u in units) for need in required))


def _any_way(needs: tuple[str, ...], units: list[Unit]) -> list[tuple[str, Unit]] | None:
    """A way for the units to pay every need but the optional ones (life pays those), by trying each fitting
    unit in turn (units of the same colors from the same kind of place tried once)."""
    if not needs:
        return []
    if sum(not n.startswith("?") for n in needs) > len(units):
        return None
    need, rest = needs[0], needs[1:]
    tried = set()
    for n, unit in enumerate(units):
        kind = (unit[0], unit[1] is None)
        if kind in tried or not set(unit[0]) & set(need.lstrip("?")):
            continue
        tried.add(kind)
        way = _any_way(rest, units[:n] + units[n + 1:])
        if way is not None:
            return [(need, unit), *way]
    return _any_way(rest, units) if need.startswith("?") else None
