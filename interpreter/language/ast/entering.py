"""Counters: on permanents as they enter the battlefield (614.1c, 122.6), removed (122.8), put for each counter
an object had."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .conditions import Condition
from .nodes import Node, Number
from .objects import Objects

if TYPE_CHECKING:
    from .effects import Effect

__all__ = ["EntersTapped", "EntersWithCounters", "AsEnters", "ReturnWithCounters", "RemoveCounters", "MoveCounters",
           "PayPerCounter"]


@dataclass(frozen=True)
class EntersWithCounters(Node):
    """'[If CONDITION,] this creature enters with N KIND counters on it': a static ability of the permanent,
    applied as it enters (614.1c); the condition is read then."""

    counters: tuple[tuple[Number, str], ...]
    condition: Condition | None = None
    tapped: bool = False        # '... enters tapped with two charge counters on it'
    label: str | None = None    # an ability word before it ('Adamant —', 207.2c)


@dataclass(frozen=True)
class EntersTapped(Node):
    """'This land enters tapped [unless CONDITION]': a static ability of the permanent, a replacement effect
    applied as it enters (614.1c); the condition is read then."""

    unless: Condition | None = None


@dataclass(frozen=True)
class AsEnters(Node):
    """'As this permanent enters, EFFECT': a static ability of the permanent, a replacement effect applied as it
    enters (614.1c, 614.12): the effect is carried out then, by its controller, 'this permanent' being it."""

    effect: "Effect"


@dataclass(frozen=True)
class ReturnWithCounters(Node):
    """'return it to the battlefield under its owner's control with a +1/+1 counter on it' (400.7, 122.6)."""

    objects: Objects
    counters: tuple[tuple[Number, str], ...]


@dataclass(frozen=True)
class RemoveCounters(Node):
    """'remove a fade counter from it' (122.8); what follows reads whether one was removed ('If you can't')."""

    count: Number
    kind: str
    objects: Objects


@dataclass(frozen=True)
class MoveCounters(Node):
    """'move a +1/+1 counter from this permanent onto that creature' (122.5): removed from the first, put on the
    second; none moves unless both are on the battlefield and the first has one."""

    count: Number
    kind: str
    source: Objects
    to: Objects


@dataclass(frozen=True)
class PayPerCounter(Node):
    """'pay {1} for each age counter on it' (118.1): the mana cost once for each such counter on the objects."""

    cost: str
    kind: str
    objects: Objects
