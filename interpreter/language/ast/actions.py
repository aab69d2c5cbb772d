"""General actions the keyword actions of 701.2-701.39 are written with: players other than 'you' acting,
turning a double-faced permanent over, two creatures dealing damage to each other, choosing by the least or
greatest of a characteristic, designations as conditions, forbidding activation, and counters of each kind
already there on permanents and players.
"""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, QualityExpr
from .objects import Objects
from .payment_effects import Players

__all__ = [
    "AddEachKind",
    "CantActivate",
    "ChooseCounted",
    "CompareStat",
    "DamageEachOther",
    "ExchangeControl",
    "GainControl",
    "ExchangeLife",
    "ForEachChoice",
    "IsDesignated",
    "MultiplyCounters",
    "MultiplyLife",
    "MultiplyPT",
    "OwnersOf",
    "PlayersChoose",
    "PlayersDo",
    "Superlative",
    "TurnOver",
    "YouWon",
]


@dataclass(frozen=True)
class OwnersOf(Node):
    """'the owner of {theirs}': the players who own those objects."""

    objects: Objects


@dataclass(frozen=True)
class PlayersDo(Node):
    """'target player mills two cards', 'each player sacrifices a creature': each of those players does the
    action as its 'you' (in APNAP order for 'each player', 101.4)."""

    players: Players | OwnersOf
    effect: Node


@dataclass(frozen=True)
class TurnOver(Node):
    """'transform OBJECTS' / 'convert OBJECTS' (701.27a, 701.28a): a double-faced permanent turns its other
    face up; `event` is what happened ('transformed', 'converted')."""

    objects: Objects
    event: str


@dataclass(frozen=True)
class DamageEachOther(Node):
    """'A and B deal damage equal to their power to each other' (701.14a): both or neither (701.14b)."""

    first: Objects
    second: Objects


@dataclass(frozen=True)
class Superlative(Node):
    """'creatures you control with the least toughness': those of them tied for the least (or greatest) value
    of a characteristic (the player chooses among ties with 'choose one of')."""

    quality: QualityExpr | None
    stat: str
    greatest: bool


@dataclass(frozen=True)
class IsDesignated(Node):
    """'if this permanent isn't monstrous': whether each object has (or, `negated`, lacks) a designation."""

    objects: Objects
    designation: str
    negated: bool = False


@dataclass(frozen=True)
class CantActivate(Node):
    """'activated abilities of OBJECTS can't be activated [DURATION]' (602.5)."""

    objects: Objects
    duration: str | None = None


@dataclass(frozen=True)
class ChooseCounted(Node):
    """'choose any number of permanents and/or players with counters as {chosen}' (122.1): the permanents and
    players that have a counter, any number of them chosen."""

    bind: str


@dataclass(frozen=True)
class AddEachKind(Node):
    """'give each of {chosen} another counter of each kind already there' (122.1): one more counter of each
    kind each permanent or player has."""

    objects: Objects


@dataclass(frozen=True)
class MultiplyLife(Node):
    """'double your life total' (701.10d): each player gains or loses life to have `factor` times it."""

    players: Players
    factor: int


@dataclass(frozen=True)
class MultiplyCounters(Node):
    """'double the number of +1/+1 counters on OBJECTS' (701.10e): as many more of that kind (of each kind,
    `kind` None) as each already has, (`factor` - 1) times."""

    objects: Objects
    kind: str | None
    factor: int


@dataclass(frozen=True)
class MultiplyPT(Node):
    """'double the power of OBJECTS until end of turn' (701.10a-c, 701.11a-c): +X/+0 where X is (`factor` - 1)
    times its power as the effect happens (negative powers and toughnesses likewise)."""

    objects: Objects
    power: bool
    toughness: bool
    factor: int
    duration: str | None


@dataclass(frozen=True)
class ExchangeControl(Node):
    """'exchange control of two target creatures' / '... of A and B' (701.12a-b): all or nothing."""

    first: Objects
    second: Objects | None = None


@dataclass(frozen=True)
class GainControl(Node):
    """'gain control of target creature [until end of turn | for as long as you control ~]', 'target opponent
    gains control of ~' (613.1b, 611.2a-b): a control-changing effect, for the duration or for good."""

    players: "Players | None"
    objects: Objects
    duration: str | None = None


@dataclass(frozen=True)
class ExchangeLife(Node):
    """'exchange life totals with target player' (701.12c): each gains or loses the difference."""

    players: Players


@dataclass(frozen=True)
class CompareStat(Node):
    """'if {mine} has greater mana value than {theirs}': the first objects' value is greater (less) than that
    of every one of the others; with none of the first, it isn't."""

    first: Objects
    greater: bool
    stat: str
    second: Objects


@dataclass(frozen=True)
class YouWon(Node):
    """'If you win': this spell or ability recorded the event `event` for its controller (701.30d)."""

    event: str = "won"


@dataclass(frozen=True)
class PlayersChoose(Node):
    """'starting with you, each player votes for A, B, or C' (701.38a): each player, in turn order starting
    with you, chooses one of the options; each choice is the event chose (its `card` the option)."""

    options: tuple[str, ...]


@dataclass(frozen=True)
class ForEachChoice(Node):
    """'for each A vote, EFFECT' (701.38b): the effect once for each time a player chose the option in this
    spell or ability."""

    option: str
    effect: Node
