"""Replacement effects of static abilities (614.1a): 'If EVENT would happen, EFFECT instead'. The event is
named in the words of trigger events (603.2), so one vocabulary says what happens and what would happen."""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node

__all__ = ["ReplaceEvent"]


@dataclass(frozen=True)
class ReplaceEvent(Node):
    """'If ~ would die, exile it instead', 'If a card would be put into a graveyard from anywhere, instead ...'
    (614.1a): while the ability functions, each time the event named by `event` (a trigger event: a
    `SubjectTrigger`) would happen, `effect` happens instead, 'it' being the object the event is about; the
    event doesn't happen (614.6)."""

    event: Node
    effect: Node
