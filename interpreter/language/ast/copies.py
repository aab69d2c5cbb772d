"""Nodes for copying spells (707.10) and for repeating an effect a number of times the game counts ('for each
time its cost was paid', 'for each other spell cast before it this turn')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node

if TYPE_CHECKING:
    from .effects import Effect
    from .objects import Objects

__all__ = [
    "ChooseNewTargets",
    "CopySpell",
    "RepeatFor",
    "SpellHasTargets",
    "Tally",
]


@dataclass(frozen=True)
class CopySpell(Node):
    """'copy it': a copy of each spell is put onto the stack (707.10), with every decision made for it (modes,
    targets, X, costs paid); it isn't cast. The copies are those 'the copy' and 'the copies' name after it."""

    objects: "Objects"


@dataclass(frozen=True)
class ChooseNewTargets(Node):
    """'you may choose new targets for the copy / any of the copies' (707.10c, 115.7d): for each copy the
    running effect made, and each of its groups of targets, its controller keeps them or chooses new legal
    ones."""


@dataclass(frozen=True)
class SpellHasTargets(Node):
    """'if the spell has any targets': the spell the running effect copied (or its source) was put on the stack
    with a target chosen (115.6)."""


@dataclass(frozen=True)
class Tally(Node):
    """A number the game counts as the effect resolves: `kind` 'times paid' (the times the `keyword` cost
    was paid for the source, 601.2b), 'spells cast before' (the other spells cast this turn before the source
    was, 601.2i), 'put into graveyards' (the permanents put into a graveyard from the battlefield this turn,
    700.4)."""

    kind: str
    keyword: str | None = None


@dataclass(frozen=True)
class RepeatFor(Node):
    """'EFFECT for each ...': the effect is done once for each the tally counts, the count read once as the
    effect begins (608.2h)."""

    effect: "Effect"
    tally: Tally
