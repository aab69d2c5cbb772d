"""Effect nodes for costs, mana and life: paying (118), adding mana (106), gaining and losing life (119), and the
players an effect names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, Number, Var
from .objects import Objects

if TYPE_CHECKING:
    from .chosen import Chosen
    from .effects import Effect

__all__ = [
    "AddMana",
    "Players",
    "GainLife",
    "LoseLife",
    "PayKeywordCost",
    "PayMana",
    "PayManaCostOf",
    "ManaCostOf",
    "KeywordCostIs",
    "GiveCounters",
]


@dataclass(frozen=True)
class AddMana(Node):
    """'Add {G}', 'Add {R} or {G}' (`options`: one of them, the player's choice), 'Add one mana of any color',
    '... of any type that a land you control could produce' (106)."""

    mana: str | None = None
    count: "Number | None" = None   # how many mana; with `makes`, how many times it is added ('for each', 107.3)
    any_color: bool = False
    land_types: bool = False
    one_color: bool = False  # '... of any one color': all of it the same color
    chosen: "Chosen | None" = None   # '... of the chosen color' (607.2d)
    options: tuple[str, ...] = ()

    @property
    def makes(self) -> tuple[str, ...]:
        """The amounts of mana it may add, as mana strings, where they are fixed ('{C}{C}'; each option)."""
        return (self.mana,) if self.mana else self.options


@dataclass(frozen=True)
class Players(Node):
    """Who: 'you', 'each opponent', 'each player', 'target player', 'target opponent'."""

    who: str


@dataclass(frozen=True)
class GainLife(Node):
    players: Players
    amount: "Number"


@dataclass(frozen=True)
class LoseLife(Node):
    """'... loses N life [unless they EFFECT]' (each player chooses whether to do it)."""

    players: Players
    amount: "Number"
    unless: "Effect | None" = None


@dataclass(frozen=True)
class PayKeywordCost(Node):
    """'pay the KEYWORD cost of X': the cost a keyword ability of the object gives."""

    keyword: str
    objects: Objects


@dataclass(frozen=True)
class PayMana(Node):
    """'pay {2}{R}'; 'pay {cost}': a definition's cost slot, mana or any other cost (118)."""

    cost: "str | Var"


@dataclass(frozen=True)
class PayManaCostOf(Node):
    objects: Objects


@dataclass(frozen=True)
class ManaCostOf(Node):
    """'its mana cost' as a value: the mana cost of the object (202.1), e.g. as a keyword's cost."""

    objects: Objects


@dataclass(frozen=True)
class KeywordCostIs(Node):
    """'The <keyword> cost is equal to its mana cost.' — joined, while parsing, to the grant of that
    keyword just before it; left alone it is an error."""

    keyword: str


@dataclass(frozen=True)
class GiveCounters(Node):
    """'Each opponent gets a poison counter', 'you get two experience counters' (122.1): counters on players."""

    players: Players
    count: Number
    kind: str
