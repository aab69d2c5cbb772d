"""What a player other than the ability's controller does."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node
from .objects import Objects
from .payment_effects import Players
from .permanent_effects import Sacrifice

__all__ = ["PlayersSacrifice", "SacrificeObjects"]


@dataclass(frozen=True)
class PlayersSacrifice(Node):
    """'defending player sacrifices two permanents', 'each opponent sacrifices a creature' (701.21a): each of
    the players, in APNAP order (101.4), chooses what they sacrifice."""

    players: Players
    sacrifice: Sacrifice



@dataclass(frozen=True)
class SacrificeObjects(Node):
    """'sacrifice it', 'sacrifice this creature' (701.21a): only a permanent its controller controls."""

    objects: Objects
