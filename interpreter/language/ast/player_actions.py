"""What a player other than the ability's controller does."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node
from .payment_effects import Players
from .permanent_effects import Pump

__all__ = ["GainLifeLost", "BlockingCreature", "PumpPerBlocker"]


@dataclass(frozen=True)
class GainLifeLost(Node):
    """'you gain life equal to the total life lost this way' (119.3): the life players lost in this effect."""

    players: Players


@dataclass(frozen=True)
class BlockingCreature(Node):
    """'the blocking creature': the creature whose blocking the source triggered the ability (509.1)."""


@dataclass(frozen=True)
class PumpPerBlocker(Node):
    """'it gets +N/+N until end of turn for each creature blocking it beyond the first': the change, times the
    number of creatures blocking each object minus one, counted as it resolves (702.23b)."""

    pump: Pump
