"""Static abilities about what may target an object (115.1), how it may be blocked relative to the attacker or
the defending player (509.1b), the characteristics an object defines for itself (604.3), what its combat
damage to a player also does (120.3) and what may be cast while a spell is on the stack (601.3). Keyword
abilities mean them in their definitions in rules/ (702.11, 702.13, 702.14, 702.18, 702.28, 702.36, 702.61,
702.73, 702.114, 702.118, 702.164); a card may say them too.
"""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, Number, QualityExpr
from .objects import Objects

__all__ = [
    "BLOCKING_STATICS",
    "DEFINING_STATICS",
    "TARGETING_STATICS",
    "AssistedPayment",
    "BlocksOnly",
    "CantBeTargeted",
    "CombatDamageCounters",
    "DefinedColors",
    "DefinedPT",
    "DoesntUntap",
    "EveryCreatureType",
    "GreaterStat",
    "InstantTiming",
    "PayManaInstead",
    "SharesColor",
    "StackLock",
    "StaticControl",
    "Targeters",
    "UnblockableWhile",
]


@dataclass(frozen=True)
class Targeters(Node):
    """'[QUALITY] spells [your opponents control]' (`abilities` False) or 'abilities [your opponents control]
    [from QUALITY sources]' (`abilities` True): spells or abilities of that quality (of their source's) and
    controller."""

    abilities: bool
    quality: QualityExpr | None = None
    opponents: bool = False


@dataclass(frozen=True)
class CantBeTargeted(Node):
    """'OBJECTS can't be the target of TARGETERS [or TARGETERS]' (115.1; 702.11b, 702.11d, 702.18b)."""

    objects: Objects
    by: tuple[Targeters, ...]


@dataclass(frozen=True)
class BlocksOnly(Node):
    """'OBJECTS can block only QUALITY' (509.1b, 702.28b): a restriction on the blocker."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class UnblockableWhile(Node):
    """'OBJECTS can't be blocked as long as defending player controls a QUALITY' (509.1b, 702.14c)."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class SharesColor(Node):
    """A quality relative to the ability's object: 'QUALITY that share a color with it' (105.2, 702.13b)."""

    quality: QualityExpr


@dataclass(frozen=True)
class GreaterStat(Node):
    """A quality relative to the ability's object: 'QUALITY with greater power' (702.118b)."""

    quality: QualityExpr
    stat: str


@dataclass(frozen=True)
class EveryCreatureType(Node):
    """'This object is every creature type' (205.3m, 702.73a): a characteristic-defining ability (604.3)."""

    objects: Objects


@dataclass(frozen=True)
class DefinedColors(Node):
    """'This object is colorless' / 'is red [and green]' (105.2, 702.114a): a characteristic-defining
    ability (604.3); `colors` are letters."""

    objects: Objects
    colors: frozenset[str]


@dataclass(frozen=True)
class CombatDamageCounters(Node):
    """'Combat damage OBJECTS deals to a player also causes that player to get N KIND counters' (120.3,
    702.164c)."""

    objects: Objects
    count: Number
    kind: str


@dataclass(frozen=True)
class PayManaInstead(Node):
    """'For each generic (colored) mana in this spell's total cost, you may tap an untapped QUALITY [of that
    color] you control / exile a card from your graveyard rather than pay that mana' (601.2h; 702.51a, 702.66a,
    702.126a): `colored` the symbols it pays, `tap` or exile, what is tapped (`quality`)."""

    colored: bool
    tap: bool
    quality: QualityExpr | None = None


@dataclass(frozen=True)
class AssistedPayment(Node):
    """'Another player you choose may pay for any amount of the generic mana in this spell's total cost' (601.2h,
    702.132a)."""


@dataclass(frozen=True)
class InstantTiming(Node):
    """'You may cast this spell any time you could cast an instant' (117.1a, 702.8a)."""


@dataclass(frozen=True)
class StackLock(Node):
    """'As long as this spell is on the stack, players can't cast other spells or activate abilities that
    aren't mana abilities' (601.3, 602.5, 702.61a)."""


@dataclass(frozen=True)
class DefinedPT(Node):
    """'~'s power and toughness are each equal to the number of creatures you control', '~'s power is equal to
    ...': a characteristic-defining ability (604.3) setting power and/or toughness in every zone (613.4a), its
    amount worked out at each moment."""

    power: bool
    toughness: bool
    amount: Number
    label: str | None = None    # an ability word before it ('Domain —', 207.2c)


@dataclass(frozen=True)
class DoesntUntap(Node):
    """'~ doesn't untap during your untap step', 'Enchanted creature doesn't untap during its controller's untap
    step': while the source is on the battlefield, the permanents it describes stay tapped in their controller's
    untap step (502.3)."""

    objects: Objects


@dataclass(frozen=True)
class StaticControl(Node):
    """'You control enchanted creature' (613.1b): while the source is on the battlefield, its controller controls
    the permanents it describes (the newest control-changing effect wins, 613.7)."""

    objects: Objects


TARGETING_STATICS = (CantBeTargeted,)
BLOCKING_STATICS = (BlocksOnly, UnblockableWhile)
DEFINING_STATICS = (EveryCreatureType, DefinedColors)
