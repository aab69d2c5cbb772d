"""Permanents that enter the battlefield with counters on them (614.1c, 122.6)."""

from __future__ import annotations

from dataclasses import dataclass

from .conditions import Condition
from .nodes import Node, Number
from .objects import Objects

__all__ = ["EntersWithCounters", "ReturnWithCounters"]


@dataclass(frozen=True)
class EntersWithCounters(Node):
    """'[If CONDITION,] this creature enters with N KIND counters on it': a static ability of the permanent,
    applied as it enters (614.1c); the condition is read then."""

    counters: tuple[tuple[Number, str], ...]
    condition: Condition | None = None


@dataclass(frozen=True)
class ReturnWithCounters(Node):
    """'return it to the battlefield under its owner's control with a +1/+1 counter on it' (400.7, 122.6)."""

    objects: Objects
    counters: tuple[tuple[Number, str], ...]
