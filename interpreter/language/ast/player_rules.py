"""Rules about players: what a player can't do, by a static ability (604.1) or for a while (611.2): play lands
(305.2), cast spells (601.2), gain life (119.7). A restriction beats any permission (101.2)."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, Number, QualityExpr
from .payment_effects import Players

__all__ = ["CAST_SPELLS", "GAIN_LIFE", "PLAY_LANDS", "PlayerRestriction"]

#: What a restriction forbids: the player actions it is checked at.
PLAY_LANDS = "play lands"
CAST_SPELLS = "cast spells"
GAIN_LIFE = "gain life"


@dataclass(frozen=True)
class PlayerRestriction(Node):
    """'You can't play lands', 'Players can't gain life', 'You can't cast noncreature spells', 'Players can't
    cast spells from graveyards or libraries', 'Each player can't cast more than one spell each turn' (`most`:
    the spells a player may cast each turn, counting those cast before the ability began), 'Target player
    can't play lands this turn' (with a `duration`: an effect, 611.2; without one, a static ability, 604.1)."""

    players: Players
    act: str
    quality: QualityExpr | None = None
    zones: tuple[str, ...] = ()
    most: Number | None = None
    duration: str | None = None
