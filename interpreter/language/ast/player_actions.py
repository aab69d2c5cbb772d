"""What a player other than the ability's controller does."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node
from .payment_effects import Players
from .permanent_effects import Sacrifice

__all__ = ["PlayersSacrifice"]


@dataclass(frozen=True)
class PlayersSacrifice(Node):
    """'defending player sacrifices two permanents', 'each opponent sacrifices a creature' (701.21a): each of
    the players, in APNAP order (101.4), chooses what they sacrifice."""

    players: Players
    sacrifice: Sacrifice

