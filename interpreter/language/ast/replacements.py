"""Replacement effects of static abilities (614.1a): 'If EVENT would happen, EFFECT instead'. The event is
named in the words of trigger events (603.2), so one vocabulary says what happens and what would happen."""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, Number

__all__ = ["DamageChange", "ReplaceDamage", "ReplaceEvent"]


@dataclass(frozen=True)
class ReplaceEvent(Node):
    """'If ~ would die, exile it instead', 'If a card would be put into a graveyard from anywhere, instead ...'
    (614.1a): while the ability functions, each time the event named by `event` (a trigger event: a
    `SubjectTrigger`) would happen, `effect` happens instead, 'it' being the object the event is about; the
    event doesn't happen (614.6)."""

    event: Node
    effect: Node


@dataclass(frozen=True)
class ReplaceDamage(Node):
    """Damage about to be dealt, changed by a static ability (614.1a, 615.1a): by sources that are `sources`,
    to `recipients` (each 'you', 'a player', 'an opponent' or an object as a trigger names it; None: anything),
    only combat or only noncombat damage where `combat` says; `change` says what happens to its amount.
    'Damage ... can't be prevented' is one with `change` None (615.12)."""

    sources: tuple | None
    recipients: tuple | None
    combat: str | None
    change: "DamageChange | None"


@dataclass(frozen=True)
class DamageChange(Node):
    """What a replacement or prevention effect does to an amount of damage: prevents `prevent` of it (a number, or
    a keyword's number slot; None: all of it, 615.10), or multiplies it by `times` (701.10g, 701.11), or adds
    `plus` (negative: less)."""

    prevent: Number | None = None
    prevents: bool = False
    times: int = 1
    plus: int = 0
