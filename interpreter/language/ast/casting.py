"""How a spell is cast and what was paid: optional additional costs (118.8, 601.2b), where a spell goes as it
resolves or is discarded instead (614.1a), what a spell's casting paid (601.2b, 601.2f), casting while an effect
resolves for an alternative cost (118.9, 608.2g)."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, Number, QualityExpr, Var
from .objects import Objects

__all__ = [
    "CantBeCountered",
    "CastLimits",
    "CastForCost",
    "ChooseAllModes",
    "CopyExcept",
    "CostWasPaid",
    "DelayedAsItResolves",
    "DiscardIntoExile",
    "DrawReplacement",
    "ExileAsItResolves",
    "ExileIfItWouldLeave",
    "ExileSelfFrom",
    "RevealSelfFrom",
    "ExiledThisWayTrigger",
    "GainsForGood",
    "OptionalCost",
    "ResolvesInto",
    "ReturnFromZone",
    "SacrificeIt",
    "TapTotalPower",
    "ThisTurn",
    "SpellsLastTurn",
    "WasPaid",
]


@dataclass(frozen=True)
class OptionalCost(Node):
    """'You may pay an additional COST [any number of times] as you cast this spell' (118.8b, 601.2b): a keyword
    ability's optional additional cost, announced and paid with the spell's other costs (601.2f-h)."""

    cost: str | Var
    repeatable: bool = False


@dataclass(frozen=True)
class ResolvesInto(Node):
    """'If the KEYWORD cost was paid, put this spell into its owner's ZONE instead of into that player's
    graveyard as it resolves' (a replacement, 614.1a, of 608.2n)."""

    keyword: str
    zone: str


@dataclass(frozen=True)
class DiscardIntoExile(Node):
    """'If a player would discard this card, that player discards it, but exiles it instead of putting it into
    their graveyard' (a replacement, 614.1a, of 701.9a); it functions while the card is in a hand (113.6b)."""


@dataclass(frozen=True)
class ExiledThisWayTrigger(Node):
    """'When this card is exiled this way': triggers on the replacement of the same keyword ability applying
    (linked abilities, 607.2); it functions in exile, where the card is (113.6k)."""


@dataclass(frozen=True)
class WasPaid(Node):
    """'if it was kicked', 'if this spell wasn't kicked': whether the optional cost of a keyword ability whose
    `event` word this is was paid as the object was cast (601.2b, 702.33d)."""

    objects: Objects
    word: str
    negated: bool = False


@dataclass(frozen=True)
class CostWasPaid(Node):
    """'if the KEYWORD cost was paid', 'if its KEYWORD cost was paid': that keyword's additional or alternative
    cost was paid as the spell (or the spell the permanent was) was cast (601.2b, 601.2f)."""

    keyword: str


@dataclass(frozen=True)
class CastForCost(Node):
    """'cast it by paying COST rather than paying its mana cost' while an effect resolves (118.9, 608.2g): no
    timing rules; the keyword whose ability says so is the alternative cost paid."""

    objects: Objects
    cost: str | Var


@dataclass(frozen=True)
class SacrificeIt(Node):
    """'sacrifice it', 'its controller sacrifices it' (701.21a): the permanent goes to its owner's graveyard, by
    the player who controls it (`by_controller`) or, else, only if the ability's controller controls it."""

    objects: Objects
    by_controller: bool = False


@dataclass(frozen=True)
class ThisTurn(Node):
    """'if an opponent lost life this turn', 'if you've cast another spell this turn': an event of that name
    (`event`) happened to a player (`who`: 'opponent' or 'you'), and to the source if `source`, since the turn
    began (500.1)."""

    event: str
    who: str
    source: bool = False  # about the ability's source ('you discarded this card this turn', 702.187b)


@dataclass(frozen=True)
class SpellsLastTurn(Node):
    """'if no spells were cast last turn', 'if a player cast two or more spells last turn': at least `at_least`
    spells were cast during the previous turn (by one player, if `one_player`; by that turn's active player, if
    `previous_active`, 731.2); `negated`: that didn't happen."""

    at_least: int
    one_player: bool = False
    negated: bool = False
    previous_active: bool = False


@dataclass(frozen=True)
class ChooseAllModes(Node):
    """'You may choose all modes of this spell instead of just the number specified. If you do, you pay an
    additional COST' (702.42a): announced with the modes (601.2b), the cost added to the total (601.2f)."""

    cost: str | Var


@dataclass(frozen=True)
class TapTotalPower(Node):
    """'Tap any number of [other] untapped QUALITY you control with total power N or greater' (a cost:
    702.122a, 702.171a): the player chooses which; their powers must add up to N (118.3)."""

    quality: QualityExpr
    total: Number
    other: bool = False


@dataclass(frozen=True)
class ReturnFromZone(Node):
    """'Return this card from your graveyard to the battlefield [tapped]': the ability's own card, from that zone
    (so the ability functions only there, 113.6m), under its owner's control."""

    zone: str
    tapped: bool = False
    to: str = "battlefield"   # 'to your hand' (702.52a)


@dataclass(frozen=True)
class ExileAsItResolves(Node):
    """'If CONDITION, instead of putting it into your graveyard as it resolves, exile it and, at the beginning of
    STEP, EFFECT' (702.88a): a replacement of 608.2n that creates a delayed triggered ability (603.7) whose
    source is the exiled card."""

    condition: "Node"
    delayed: "Node"


@dataclass(frozen=True)
class DelayedAsItResolves(Node):
    """'If CONDITION, EFFECT at the beginning of STEP' on a permanent spell (702.109a, 702.152a): as it resolves,
    a delayed triggered ability is created (603.7) whose 'it' ('the permanent this spell becomes') is the
    permanent."""

    condition: "Node"
    delayed: "Node"


@dataclass(frozen=True)
class DrawReplacement(Node):
    """'As long as you have at least N cards in your library, if you would draw a card, you may instead EFFECT'
    (702.52a, 614.11): a replacement its owner may apply to each of their draws while the card is in their
    graveyard."""

    minimum: Number
    effect: "Node"


@dataclass(frozen=True)
class GainsForGood(Node):
    """'It gains haste.' with no duration: for as long as it is this object (611.2c)."""

    objects: Objects
    abilities: tuple


@dataclass(frozen=True)
class ExileIfItWouldLeave(Node):
    """'If it would leave the battlefield, exile it instead of putting it anywhere else' (a replacement effect,
    614.1a, for as long as it is this permanent)."""

    objects: Objects


@dataclass(frozen=True)
class ExileSelfFrom(Node):
    """'Exile this card from your graveyard' (a cost): the ability's own card, from that zone (so the ability
    functions only there, 113.6m)."""

    zone: str


@dataclass(frozen=True)
class RevealSelfFrom(Node):
    """'Reveal this card from your hand' (a cost, 702.57b): the ability's own card, revealed from that zone (so
    the ability functions only there, 113.6m)."""

    zone: str


@dataclass(frozen=True)
class CopyExcept(Node):
    """'Create a token that's a copy of X, except ...' (707.9): the exceptions are part of the token's copiable
    values (707.9b): `changes` are (what, value) pairs: ('color', 'white'), ('pt', '4/4'), ('no mana cost', None),
    ('types', Quality), ('not legendary', None)."""

    objects: Objects
    changes: tuple


@dataclass(frozen=True)
class CastLimits(Node):
    """'Cast this spell only during combat [and only ...]' (601.3): when the spell may be cast, in the words of
    activation limits (602.5b)."""

    limits: tuple["ActivationLimit", ...]


@dataclass(frozen=True)
class CantBeCountered(Node):
    """'This spell can't be countered' (101.2, 701.6a): an effect that would counter it does nothing to it."""
