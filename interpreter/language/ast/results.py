"""Nodes for what a step found or did, named afterwards: a loop that exiles until it finds a card, the
objects among others that have a quality, the cards an effect exiled, and whether a permanent has a
designation (608.2c, 701.57a, 701.64a).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, Number, QualityExpr

if TYPE_CHECKING:
    from .effects import Effect
    from .objects import Objects
    from .payment_effects import Players

__all__ = [
    "UntilFound",
    "Among",
    "ChosenAmong",
    "TheRest",
    "ExiledThisWay",
    "DealtDamageThisWay",
    "ForEachOf",
    "PayLife",
    "EachMayElse",
    "RepeatProcess",
]


@dataclass(frozen=True)
class UntilFound(Node):
    """'exile (or `reveal`) cards from the top of your library until you exile a QUALITY card' (a loop,
    701.57a, 701.20a): one card at a time until one has the quality or the library is empty. `bind` names
    the card found (none when the library ran out); every card exiled is among 'the cards exiled this way',
    every card revealed among 'the rest'."""

    quality: QualityExpr
    bind: str | None = None
    reveal: bool = False


@dataclass(frozen=True)
class Among(Node):
    """'nonland cards among {discarded}': those of the objects with the quality, as they are now."""

    quality: "QualityExpr | None"
    objects: "Objects"


@dataclass(frozen=True)
class ChosenAmong(Node):
    """'two of them', 'a creature card from among them', 'up to two ...', 'any number of ...' (`count` None):
    the player chooses that many of the objects with the quality as the effect resolves (608.2c); fewer if
    fewer have it (609.3)."""

    count: "Number | None"
    quality: "QualityExpr | None"
    objects: "Objects"
    up_to: bool = False


@dataclass(frozen=True)
class TheRest(Node):
    """'the rest': the cards the effect's last look at or reveal of the top of a library showed that haven't
    left that library since (401.4, 608.2c)."""


@dataclass(frozen=True)
class ExiledThisWay(Node):
    """'the cards exiled this way': every card the running effect has exiled so far (608.2c); `still_exiled`
    ('all cards exiled this way that weren't cast', 702.85a): those of them still in exile."""

    still_exiled: bool = False


@dataclass(frozen=True)
class DealtDamageThisWay(Node):
    """'a creature dealt damage this way': the permanents of the quality the running effect has dealt damage
    to, as long as they are the same objects (120.1, 400.7)."""

    quality: QualityExpr | None = None


@dataclass(frozen=True)
class ForEachOf(Node):
    """'for each of {chosen}, EFFECT': the effect once per object, 'it' (and `bind`) meaning that object."""

    objects: "Objects"
    effect: "Effect"
    bind: str | None = None


@dataclass(frozen=True)
class PayLife(Node):
    """'pay 3 life' as an effect (119.4): only up to the player's life total."""

    amount: Number


@dataclass(frozen=True)
class EachMayElse(Node):
    """'each opponent may EFFECT; each who doesn't EFFECT' (101.4): each of the players, in APNAP order,
    chooses whether to do the first; those who don't do the second, each as 'you'."""

    players: "Players"
    effect: "Effect"
    otherwise: "Effect"


@dataclass(frozen=True)
class RepeatProcess(Node):
    """'repeat this process': the effect (or definition) it ends runs again from its first step."""
