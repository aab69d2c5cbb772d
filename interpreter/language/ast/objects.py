"""Nodes for what a phrase of objects means: targets, 'it', cards in a zone, permanents you control (109, 115,
608.2c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from .nodes import Node, Number, QualityExpr, Var
from .results import Among, ChosenAmong, DealtDamageThisWay, ExiledThisWay, TheRest

if TYPE_CHECKING:
    from .payment_effects import Players
    from .triggers import AttachedSubject

__all__ = [
    "TopCards",
    "Self",
    "Target",
    "UpToTargets",
    "AllPermanents",
    "NamedPermanent",
    "PaidObject",
    "AnyTarget",
    "DividedTargets",
    "It",
    "NamedObject",
    "CardsOutsideGame",
    "CardsInZone",
    "PermanentsYouControl",
    "CardOf",
    "Except",
    "Union_",
    "Objects",
]


@dataclass(frozen=True)
class TopCards(Node):
    """'the top N cards of your library'; `whose` 'that player' for '... of that player's library'."""

    count: Number
    whose: str = "you"


@dataclass(frozen=True)
class Self(Node):
    """'this creature', the card's own name: the source of the ability."""


@dataclass(frozen=True)
class Target(Node):
    """'target creature [you control | an opponent controls]', 'another target creature', 'target creature
    card in your graveyard', 'target spell' (115.1). `zone` None is the battlefield; `whose` says whose
    zone ('you', 'an opponent', 'any'); `controller`: the players one of whom controls it ('target creature
    defending player controls')."""

    quality: QualityExpr
    you_control: bool = False
    other: bool = False
    opponent_controls: bool = False
    zone: str | None = None
    whose: str | None = None
    count: "Number | None" = None  # 'two target lands': that many different targets
    controller: "Players | None" = None


@dataclass(frozen=True)
class UpToTargets(Node):
    """'up to N [other] target creatures [in ZONE]': chosen when the effect needs them (115.1)."""

    count: "Number"
    quality: QualityExpr
    other: bool = False
    zone: str | None = None
    whose: str | None = None
    controller: "Players | None" = None


@dataclass(frozen=True)
class AllPermanents(Node):
    """'each creature', 'all other creatures [you control]', 'creatures your opponents control': every permanent
    of that quality (that you control, with `you_control`; that your opponents control, with `opponents`; that
    the player `controller` names controls: 'each creature target player controls'; but the source, with
    `other`)."""

    quality: QualityExpr
    you_control: bool = False
    other: bool = False
    opponents: bool = False
    controller: "Players | None" = None


@dataclass(frozen=True)
class NamedPermanent(Node):
    """'a creature named Hanweir Garrison': a permanent of that quality with that name."""

    quality: "QualityExpr"
    name: "str | Var"


@dataclass(frozen=True)
class PaidObject(Node):
    """'the sacrificed creature', 'the discarded card': what was sacrificed or discarded to pay a cost (118)."""

    action: str
    quality: "QualityExpr"


@dataclass(frozen=True)
class AnyTarget(Node):
    """'any target': a creature, player, planeswalker or battle (115.4); 'target player or planeswalker' (`types`
    Planeswalker; `opponents`: 'target opponent or planeswalker', a player other than the controller)."""

    types: tuple[str, ...] = ("Creature", "Planeswalker", "Battle")
    opponents: bool = False


@dataclass(frozen=True)
class DividedTargets(Node):
    """The targets damage is divided among (601.2d): up to `most` of them ('one, two, or three targets'; None:
    'any number of'), of the quality (None: any target, 115.4), each given at least 1."""

    most: int | None = None
    quality: QualityExpr | None = None


@dataclass(frozen=True)
class It(Node):
    """'it': the object the ability is about (its source)."""


@dataclass(frozen=True)
class NamedObject(Node):
    """A card named in text ('Bruna, the Fading Light'): the permanent of that name you control."""

    name: str


@dataclass(frozen=True)
class CardsOutsideGame(Node):
    """'a Lesson card you own from outside the game' (400.11)."""

    quality: QualityExpr | None


@dataclass(frozen=True)
class CardsInZone(Node):
    """'Dragon cards in your hand'; with `count`, that many of them chosen ('a blue card in your hand')."""

    quality: QualityExpr | None
    zone: str
    count: "Number | None" = None
    all_players: bool = False  # 'cards in graveyards': every player's
    whose: "Players | None" = None  # 'cards in that player's hand': the player the text names


@dataclass(frozen=True)
class PermanentsYouControl(Node):
    """'creatures you control'; with `count`, that many of them chosen ('two Islands you control');
    `other` leaves out the source ('another creature you control')."""

    quality: QualityExpr | None
    count: "Number | None" = None
    other: bool = False


@dataclass(frozen=True)
class CardOf(Node):
    """'the card representing X': the card itself, ignoring face-down status."""

    objects: "Objects"


@dataclass(frozen=True)
class Except(Node):
    base: "Objects"
    removed: "Objects"


@dataclass(frozen=True)
class Union_(Node):
    parts: tuple["Objects", ...]


Objects = Union[
    Var,
    TopCards,
    Self,
    Target,
    UpToTargets,
    It,
    NamedObject,
    CardsInZone,
    CardsOutsideGame,
    PermanentsYouControl,
    CardOf,
    Except,
    Union_,
    AllPermanents,
    NamedPermanent,
    "AttachedSubject",
    PaidObject,
    Among,
    ChosenAmong,
    TheRest,
    ExiledThisWay,
    DealtDamageThisWay,
]
