"""Effect nodes that move cards between zones or look at them: draw, mill, shuffle, put, return, discard, exile,
search, look, reveal, counter (400-406, 701).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, Number, QualityExpr, Var
from .objects import Objects

if TYPE_CHECKING:
    from .abilities import KeywordAbility

__all__ = [
    "Draw",
    "Mill",
    "Shuffle",
    "PutIntoZone",
    "PutOntoBattlefield",
    "Look",
    "Choose",
    "Reveal",
    "Discard",
    "Return",
    "PutInLibrary",
    "ExileFromZone",
    "ExileTotalManaValue",
    "CounterUnlessPays",
    "Search",
    "MayPlay",
    "CastFree",
    "ExileUntil",
    "ShuffleInto",
    "Counter",
]


@dataclass(frozen=True)
class Draw(Node):
    count: Number


@dataclass(frozen=True)
class Mill(Node):
    count: Number
    bind: str | None = None   # 'mill two cards as {milled}': the cards milled


@dataclass(frozen=True)
class Shuffle(Node):
    pass


@dataclass(frozen=True)
class PutIntoZone(Node):
    objects: Objects
    zone: str
    face_down_as: str | None = None


@dataclass(frozen=True)
class PutOntoBattlefield(Node):
    """Onto the battlefield, face down as WAY (708.3) with an extra ability if given."""

    objects: Objects
    face_down_as: str | None = None
    with_ability: "KeywordAbility | None" = None
    tapped: bool = False
    counters: tuple[tuple["Number", str], ...] = ()   # 'with three +1/+1 counters on it' (122.6, 614.1c)


@dataclass(frozen=True)
class Look(Node):
    objects: Objects
    bind: str | None


@dataclass(frozen=True)
class Choose(Node):
    count: Number
    objects: Objects
    bind: str | None
    up_to: bool = False
    if_able: bool = False
    any_number: bool = False   # 'choose any number of ...' (up to all of them)


@dataclass(frozen=True)
class Reveal(Node):
    objects: Objects
    bind: str | None = None


@dataclass(frozen=True)
class Discard(Node):
    """'discard two cards', 'discard a Zombie card' (of that quality), 'discard ~' (those objects) (701.9)."""

    count: Number
    quality: "QualityExpr | None" = None
    objects: "Objects | None" = None
    bind: str | None = None   # 'discard a card as {discarded}': the cards discarded
    at_random: bool = False   # 701.9b: the cards are chosen at random


@dataclass(frozen=True)
class Return(Node):
    """'return OBJECTS to ZONE' / '... to the battlefield' (zone 'battlefield'): a move between zones (400.7);
    `under_owner`: '... under its owner's control' (610.3c); `transformed`: with its back face up (712.14a)."""

    objects: "Objects"
    zone: str
    under_owner: bool = False
    transformed: bool = False


@dataclass(frozen=True)
class PutInLibrary(Node):
    """'put OBJECTS on the bottom of / on top of your library' (401.4): each in the order given. A card
    already in that library changes position, not zone: it stays the same object (400.7 is about zones)."""

    objects: Objects
    top: bool
    random_order: bool = False   # '... on the bottom of your library in a random order' (401.4)
    any_order: bool = False      # '... in any order': the player chooses the order (401.4)
    depth: "Number | None" = None  # '... into your library third from the top': N-1 cards above it


@dataclass(frozen=True)
class ExileFromZone(Node):
    """'exile three cards from your graveyard': the player chooses them; fewer can't be exiled."""

    count: "Number"
    quality: QualityExpr | None
    zone: str
    other: bool = False  # 'three other cards': not the source (a card cast from there is on the stack by then)


@dataclass(frozen=True)
class ExileTotalManaValue(Node):
    """'exile any number of cards from your graveyard with total mana value N or greater'."""

    zone: str
    total: "Number"


@dataclass(frozen=True)
class CounterUnlessPays(Node):
    """'counter that spell or ability unless its controller pays COST' (701.6, 118.12); with `objects`,
    'counter target spell unless its controller pays COST'."""

    cost: "str | Var"
    objects: "Objects | None" = None


@dataclass(frozen=True)
class Search(Node):
    """'search your library for a basic land card' (701.23): the acting player's; `their` when the words say
    'their library' (only a players' effect may, whose acting player it is)."""

    count: "Number"
    quality: QualityExpr
    bind: str | None = None
    their: str | None = None


@dataclass(frozen=True)
class MayPlay(Node):
    """'you may play them': a permission to play those cards (601.2a, 305); `duration` when it ends
    ('until the end of your next turn')."""

    objects: Objects
    duration: str | None = None


@dataclass(frozen=True)
class CastFree(Node):
    """'cast one of them without paying its mana cost' (118.9); 'you may' around it is an `Optional`."""

    count: "Number | None"   # None: each of the objects ('cast {found} without paying its mana cost')
    objects: Objects
    max_mana_value: "Number | None" = None   # '... if the resulting spell's mana value is N or less'
    from_zone: str | None = None   # 'cast this card from exile ...': only while it is there


@dataclass(frozen=True)
class ExileUntil(Node):
    """'exile OBJECTS until ~ leaves the battlefield' (610.3): they return when it leaves."""

    objects: Objects


@dataclass(frozen=True)
class ShuffleInto(Node):
    """'shuffle OBJECTS into its owner's library' (701.24): put there, then that library is shuffled."""

    objects: Objects
    zone: str


@dataclass(frozen=True)
class Counter(Node):
    """'counter target spell' (701.6a): it leaves the stack, a spell to its owner's graveyard, or to `zone`
    ('If that spell is countered this way, exile it instead of putting it into its owner's graveyard')."""

    objects: Objects
    zone: str = "graveyard"
