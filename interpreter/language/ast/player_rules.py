"""Rules about players: what a player can't do, by a static ability (604.1) or for a while (611.2): play lands
(305.2), cast spells (601.2), gain life (119.7), a restriction beating any permission (101.2); how many lands a
player may play each turn (305.2); a player's maximum hand size (402.2); emblems a player gets (114); designations a
player has (725, 726)."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, Number, QualityExpr
from .payment_effects import Players

__all__ = ["CAST_SPELLS", "GAIN_LIFE", "PLAY_LANDS", "CreateEmblem", "DesignatePlayer", "ExtraLands", "ExtraTurn", "LookAtTopAnyTime", "SkipStep", "HandSize",
           "PlayerDesignated", "PlayerRestriction"]

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


@dataclass(frozen=True)
class ExtraLands(Node):
    """'You may play an additional land on each of your turns' (a static ability), 'You may play two additional
    lands this turn' (an effect for a while): lands the player may play beyond one (305.2)."""

    count: Number
    duration: str | None = None


@dataclass(frozen=True)
class HandSize(Node):
    """'Players have no maximum hand size' (`amount` None), 'Your maximum hand size is eleven' (`change` 0),
    'Your maximum hand size is reduced by three' (`change` -1; 'increased', +1): a player's maximum hand size,
    seven unless effects change it, in timestamp order (402.2, 514.1)."""

    players: Players
    amount: Number | None = None
    change: int = 0


@dataclass(frozen=True)
class CreateEmblem(Node):
    """'You get an emblem with "Creatures you control get +1/+1."' (114.3): each player named puts into the command
    zone an emblem they own and control, with these abilities and no other characteristics (114.2), whose
    abilities function there (114.4)."""

    players: Players
    abilities: tuple[Node, ...]


@dataclass(frozen=True)
class DesignatePlayer(Node):
    """'you become the monarch', 'its controller becomes the monarch': each player named gets the designation a
    rules file defines (725.1), the only one to have it if the file says so (725.3)."""

    players: Players
    designation: str


@dataclass(frozen=True)
class PlayerDesignated(Node):
    """'if you're the monarch': whether the player has the designation now."""

    designation: str


@dataclass(frozen=True)
class ExtraTurn(Node):
    """'Take an extra turn after this one', 'Target player takes an extra turn after this one' (500.7)."""

    players: Players


@dataclass(frozen=True)
class LookAtTopAnyTime(Node):
    """'You may look at the top card of your library any time' (401.2: a library's cards are hidden, its top one
    too, unless an effect lets a player look at it)."""


@dataclass(frozen=True)
class SkipStep(Node):
    """'Skip your draw step': a static ability replacing the step of its controller's turns with nothing (614.1b,
    614.10); `step` as the turn structure names it ('draw', 'upkeep')."""

    step: str
