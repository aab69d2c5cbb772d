"""Phasing (702.26): the effect that phases permanents out, and the static ability that phases one out in its
controller's untap step (702.26a, the untap step's turn-based action, 502.1)."""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node
from .objects import Objects

__all__ = ["PhaseOut", "PhasesOutInUntapStep"]


@dataclass(frozen=True)
class PhaseOut(Node):
    """'OBJECTS phase out' (702.26b): they are treated as though they don't exist until they phase in."""

    objects: Objects


@dataclass(frozen=True)
class PhasesOutInUntapStep(Node):
    """'This permanent phases out during your untap step' (702.26a): in each untap step of its controller, as
    the phased-out permanents of that player phase in, it phases out if it is phased in."""
