"""Nodes for conditions: 'if', intervening 'if' (603.4) and 'as long as' clauses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .actions import IsDesignated
from .amounts import CountersOn
from .casting import CostWasPaid, SpellsLastTurn, ThisTurn, WasPaid
from .game_designations import GameIs
from .nodes import Node, Number, QualityExpr, Var
from .objects import Objects
from .payment_effects import Players

__all__ = [
    "AllHold",
    "AttackedThisTurn",
    "WasEvent",
    "HadNoCounters",
    "HasCounter",
    "StatGreater",
    "XAtLeast",
    "OpponentDealtDamage",
    "IsFaceDownAs",
    "IsQuality",
    "HasManaCost",
    "YouControl",
    "YouDid",
    "YouControlNone",
    "PlayerControls",
    "HasNoCounters",
    "IsPermanent",
    "HasKeyword",
    "IsInZone",
    "YourTurn",
    "IsPairFor",
    "OwnAndControl",
    "WasQuality",
    "IsStatus",
    "CountCompare",
    "DiedThisTurn",
    "YouCastIt",
    "SpellWas",
    "NoRoomCard",
    "MarkerAtBottom",
    "Condition",
]


@dataclass(frozen=True)
class WasEvent(Node):
    """'if a Dragon was <event>': an object of that quality, as it was at the event (701.4b); `this_way`: 'if a
    creature card was exiled this way', among the objects the sentence before acted on (608.2c), `event` being
    what the game did to them ('exiled', 'milled', 'put into a graveyard', ...)."""

    count: Number
    quality: QualityExpr
    event: str
    this_way: bool = False


@dataclass(frozen=True)
class IsFaceDownAs(Node):
    objects: Objects
    ways: tuple[str, ...]


@dataclass(frozen=True)
class IsQuality(Node):
    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class HasManaCost(Node):
    objects: Objects


@dataclass(frozen=True)
class YouControl(Node):
    objects: Objects


@dataclass(frozen=True)
class YouDid(Node):
    """'if you do' / 'if you didn't': whether the last optional action was done."""

    negated: bool = False


@dataclass(frozen=True)
class YouControlNone(Node):
    quality: QualityExpr


@dataclass(frozen=True)
class PlayerControls(Node):
    """'defending player controls an Island' / '... controls no Walls' (`none`): whether one of the players
    controls a permanent of the quality (508.5)."""

    players: Players
    quality: QualityExpr
    none: bool = False


@dataclass(frozen=True)
class HasNoCounters(Node):
    objects: Objects
    kind: str


@dataclass(frozen=True)
class IsPermanent(Node):
    objects: Objects


@dataclass(frozen=True)
class HasKeyword(Node):
    objects: Objects
    keyword: str


@dataclass(frozen=True)
class IsInZone(Node):
    objects: Objects
    zone: str


@dataclass(frozen=True)
class YourTurn(Node):
    """'it's your turn' (or, `negated`, 'it's not your turn'): whether the player is the active player (102.1)."""

    negated: bool = False


@dataclass(frozen=True)
class IsPairFor(Node):
    """The two objects are the two cards of a pair that combine into the named card (712.4a, 701.42b)."""

    objects: Objects
    name: "str | Var"


@dataclass(frozen=True)
class OwnAndControl(Node):
    """'if you both own and control ~ and a creature named X' (108.3, 110.2): every one of them is on the
    battlefield, yours and under your control; 'them' then means those objects."""

    objects: tuple[Objects, ...]


@dataclass(frozen=True)
class WasQuality(Node):
    """'if the sacrificed creature was legendary': the object as it last was (608.2h)."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class IsStatus(Node):
    """'if ~ is tapped' / 'untapped' (110.5), 'as long as it's attacking' / 'blocking' (506.4)."""

    objects: Objects
    status: str


@dataclass(frozen=True)
class CountCompare(Node):
    """'you control three or more artifacts', 'seven or more cards are in your graveyard', 'you have no cards in
    hand', 'it has three or more quest counters on it' (`objects` a `CountersOn`): how many objects (or counters)
    there are, at least (or, `at_most`, at most) `bound`."""

    objects: "Objects | CountersOn | Distinct"
    bound: int
    at_most: bool = False


@dataclass(frozen=True)
class DiedThisTurn(Node):
    """'if a creature died this turn' (700.4): the game's history this turn."""

    count: "Number"
    quality: QualityExpr


@dataclass(frozen=True)
class AttackedThisTurn(Node):
    """'if this creature attacked this turn': it was declared as an attacker this turn (508.1a); one put onto
    the battlefield attacking never attacked (508.4). `objects` None: 'if you attacked this turn', you declared
    one or more attackers (508.6)."""

    objects: Objects | None


@dataclass(frozen=True)
class YouCastIt(Node):
    """'if you cast it': the permanent entered as a spell you cast (601.2i)."""


@dataclass(frozen=True)
class SpellWas(Node):
    """'if this spell was foretold' (`event`), '... was cast from a graveyard' (`zone`)."""

    event: str | None = None
    zone: str | None = None


@dataclass(frozen=True)
class NoRoomCard(Node):
    """309.3: the player owns no card with rooms in the command zone."""


@dataclass(frozen=True)
class MarkerAtBottom(Node):
    """The player's marker is on a bottommost room (701.49c)."""


@dataclass(frozen=True)
class HadNoCounters(Node):
    """'if it had no -1/-1 counters on it': as the objects last existed on the battlefield (608.2h)."""

    objects: Objects
    kind: str


@dataclass(frozen=True)
class OpponentDealtDamage(Node):
    """'an opponent was dealt damage this turn' (120.1): an opponent of the ability's controller."""


@dataclass(frozen=True)
class HasCounter(Node):
    """'if there is a time counter on this permanent' (122.1)."""

    kind: str
    objects: Objects


@dataclass(frozen=True)
class StatGreater(Node):
    """'that creature's power is greater than this creature's power [and/or that creature's toughness is greater
    than this creature's toughness]': any of the comparisons holds; 'that creature' is what the trigger is
    about, 'this creature' the source, each as it is or as it last existed (702.100c, 608.2h). A comparison is
    (owner, stat, other owner, other stat)."""

    comparisons: tuple[tuple[str, str, str, str], ...]


@dataclass(frozen=True)
class AllHold(Node):
    """'CONDITION and CONDITION': each holds."""

    conditions: tuple["Condition", ...]


@dataclass(frozen=True)
class XAtLeast(Node):
    """'if X is 5 or more': the X of the spell or of the spell the permanent was (107.3m)."""

    value: Number


Condition = Union[
    WasPaid,
    PlayerControls,
    CostWasPaid,
    ThisTurn,
    SpellsLastTurn,
    IsDesignated,
    WasQuality,
    HadNoCounters,
    HasCounter,
    StatGreater,
    XAtLeast,
    OpponentDealtDamage,
    OwnAndControl,
    IsStatus,
    CountCompare,
    DiedThisTurn,
    AttackedThisTurn,
    YouCastIt,
    SpellWas,
    IsPairFor,
    NoRoomCard,
    MarkerAtBottom,
    WasEvent,
    IsFaceDownAs,
    IsQuality,
    HasManaCost,
    YouControl,
    YouDid,
    YouControlNone,
    HasNoCounters,
    IsPermanent,
    HasKeyword,
    IsInZone,
    YourTurn,
    GameIs,
    AllHold,
]
