"""Trigger conditions of triggered abilities (603.2) and the subjects they name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .casting import ExiledThisWayTrigger
from .game_designations import GameDesignationChanges
from .control_effects import KeywordAction
from .nodes import Node, QualityExpr
from .objects import It, Self

__all__ = [
    "EntersTrigger",
    "TurnedFaceUpTrigger",
    "YouActionTrigger",
    "SubjectFilter",
    "AttachedSubject",
    "Subject",
    "SubjectTrigger",
    "EitherTrigger",
    "CastTrigger",
    "SacrificeTrigger",
    "PlayerEventTrigger",
    "UnlockTrigger",
    "YouAttackTrigger",
    "PhaseTrigger",
    "SubjectActionTrigger",
    "BecomesTargetTrigger",
    "LastCounterTrigger",
    "BlocksSelfTrigger",
    "Trigger",
]


@dataclass(frozen=True)
class EntersTrigger(Node):
    pass


@dataclass(frozen=True)
class TurnedFaceUpTrigger(Node):
    pass


@dataclass(frozen=True)
class YouActionTrigger(Node):
    """'Whenever you <keyword action> [an object]': the action's event with you as its player.

    `objects` narrows it to the object the action is done to ('Whenever you <action> a creature').
    """

    action: KeywordAction
    objects: "QualityExpr | None" = None


@dataclass(frozen=True)
class SubjectFilter(Node):
    """'a creature you control' as the subject of a trigger.

    `controller` is 'you' or 'an opponent' when the text says who controls it
    ('you_control' keeps the older spelling of 'you'); `other` leaves out the
    source ('another creature'); `or_self` adds the source ('~ or another
    creature'); `one_or_more` is 'one or more creatures' (one event for a group).
    """

    quality: QualityExpr
    you_control: bool = False
    controller: str | None = None
    other: bool = False
    or_self: bool = False
    one_or_more: bool = False


@dataclass(frozen=True)
class AttachedSubject(Node):
    """'enchanted creature', 'equipped creature': the object an Aura or Equipment is attached to (301.5, 303.4)."""

    attachment: str  # 'enchanted' or 'equipped'
    quality: QualityExpr


Subject = Union["Self", It, SubjectFilter, AttachedSubject]


@dataclass(frozen=True)
class SubjectTrigger(Node):
    """'When ~ dies', 'Whenever a creature you control attacks', 'Whenever ~ deals combat damage to a player'.

    `event` is 'enters', 'dies' (700.4: put into a graveyard from the battlefield), 'attacks' (508.1),
    'deals damage' (510, 120), 'is dealt damage', 'leaves' (the battlefield), 'becomes tapped' or
    'becomes untapped' (701.26). 'Enters' of the source itself is an
    `EntersTrigger`. `recipient` says who was dealt damage ('a player', 'an opponent' or a quality of
    objects). The interpreter has no combat or damage yet and detects only what game events report.
    """

    subject: Subject
    event: str
    combat: bool = False
    recipient: "str | QualityExpr | None" = None
    under_your_control: bool = False
    under_opponents_control: bool = False
    owner: str | None = None  # whose graveyard it is put into: 'you' or 'an opponent' (404.1: its owner's)
    from_zone: str | None = None  # 'put into a graveyard from your library': the zone it came from


@dataclass(frozen=True)
class EitherTrigger(Node):
    """'Whenever ~ enters or attacks', 'When ~ enters and whenever ...': one ability with several trigger
    events; it triggers on each of them (603.2)."""

    triggers: tuple["Trigger", ...]


@dataclass(frozen=True)
class CastTrigger(Node):
    """'Whenever you cast a noncreature spell', 'Whenever a player casts their second spell each turn', 'When
    you cast this spell' (603.2, 601.2i): the spell becomes cast. `quality` None with `self_` is this spell."""

    caster: str  # 'you', 'an opponent', 'a player' or 'another player'
    quality: QualityExpr | None = None
    self_: bool = False
    from_zone: str | None = None  # the zone it was cast from; 'not hand': from anywhere other than a hand
    other: bool = False  # 'another Vampire spell': not the source itself
    targets_source: bool = False  # 'a spell that targets ~' (115.1)
    nth: int | None = None  # 'your second spell each turn': the caster's Nth spell cast this turn
    during: str | None = None  # 'your' or 'an opponent's': whose turn it is cast during


@dataclass(frozen=True)
class SacrificeTrigger(Node):
    """'When you sacrifice ~', 'Whenever you sacrifice a Clue' (701.21)."""

    subject: Subject


@dataclass(frozen=True)
class PlayerEventTrigger(Node):
    """'Whenever you discard a card' (701.9), 'Whenever an opponent discards a card', 'Whenever you gain life'
    (119.3): `event` is 'discard', 'gain life' or 'dealt damage'; `objects` narrows what was discarded."""

    event: str
    objects: "QualityExpr | None" = None
    who: str = "you"  # the player it happens to: 'you', 'an opponent', 'a player' or 'another player'


@dataclass(frozen=True)
class UnlockTrigger(Node):
    """'When you unlock this door': a door of this Room becomes unlocked (709). Rooms aren't run yet."""


@dataclass(frozen=True)
class YouAttackTrigger(Node):
    """'Whenever you attack': you declared one or more attacking creatures (508.1). No combat is run yet."""


@dataclass(frozen=True)
class PhaseTrigger(Node):
    """'At the beginning of your upkeep', '... of combat on your turn' (503.1, 507.1, 513.1, 603.2b).

    `whose` is 'your', 'each opponent's', 'each player's' or 'each'; for a delayed triggered ability
    (603.7) 'the next', 'your next' or 'the next turn's'. `step` as written ('end step', 'combat').
    """

    step: str
    whose: str


@dataclass(frozen=True)
class SubjectActionTrigger(Node):
    """'Whenever a creature you control scouts': the action's event about such an object."""

    subject: "SubjectFilter | Self"
    action: KeywordAction
    objects: "QualityExpr | None" = None  # '<action>s a land card': what the action revealed


@dataclass(frozen=True)
class BecomesTargetTrigger(Node):
    """'Whenever this permanent becomes the target of a spell or ability [an opponent controls]' (603.2)."""

    by_opponent: bool = False


@dataclass(frozen=True)
class LastCounterTrigger(Node):
    """'When the last time counter is removed from this permanent' (122.8): a counter of that kind was removed
    from it and none is left."""

    kind: str


@dataclass(frozen=True)
class BlocksSelfTrigger(Node):
    """'Whenever a creature without flanking blocks this creature' (509.1): a creature of the quality, without
    the keyword, blocks the source."""

    quality: QualityExpr
    without: str


Trigger = Union[
    ExiledThisWayTrigger,
    LastCounterTrigger,
    BlocksSelfTrigger,
    EntersTrigger,
    TurnedFaceUpTrigger,
    YouActionTrigger,
    SubjectActionTrigger,
    BecomesTargetTrigger,
    SubjectTrigger,
    EitherTrigger,
    CastTrigger,
    SacrificeTrigger,
    YouAttackTrigger,
    PhaseTrigger,
    PlayerEventTrigger,
    UnlockTrigger,
    GameDesignationChanges,
]
