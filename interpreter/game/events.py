"""Events: what happened, in order. Triggers and scenario expectations read them."""
from __future__ import annotations

from dataclasses import field

from .characteristics import Characteristics
from .frozen import frozen


@frozen
class Event:
    """One thing that happened: its name, the player, and the object if any.

    `card` is the name of the card representing the object (even a face-down
    one); `seen` is the object's characteristics at that moment (last known
    information, 701.4b); `object_id` the object as it was then; `cause` the
    spell or ability that made it happen; `controller` the object's controller
    where `player` is another player (damage: `player` was dealt damage by the
    object, its source, 120.3); `step` the step or phase of a turn the event is
    about (one of state.STEPS: a step beginning, 500.1).
    """

    name: str
    player: str | None = None
    card: str | None = None
    object_id: int | None = None
    seen: Characteristics | None = field(default=None, compare=False)
    cause: int | None = None   # the spell or ability (its context) that caused it, e.g. by targeting
    controller: str | None = None
    step: str | None = None
    combat: bool = False       # damage dealt as combat damage (510.2)
    kind: str | None = None    # the kind of counter put or removed (122.1)
    zone: str | None = None    # the zone the object came from: where a spell was cast from (601.2a), moved from
    recipient: int | None = None   # the permanent dealt damage (120.3), where `player` isn't
    other: int | None = None   # the other creature of a block: the attacker blocked, or the blocker (509.3b, 509.3d)
    amount: int = 0            # how much damage was dealt (120.4), life gained or lost (119.3), counters put
    count: int = 0             # how many counters of the kind the object had once they were put (714.2b)
    was: str | None = None     # the designation the game had before it gained `kind` (731.1a)

    def as_json(self) -> dict:
        out = {"event": self.name}
        if self.player:
            out["player"] = self.player
        if self.card:
            out["card"] = self.card
        if self.step:
            out["step"] = self.step
        return out


#: The events a trigger's wording names ('whenever a creature you control becomes tapped'), as the game
#: reports them; what a trigger names beyond these isn't detected yet (runs.py).
TRIGGER_EVENTS = {"enters": "entered", "becomes tapped": "tapped", "becomes untapped": "untapped",
                  "is tapped for mana": "tapped_for_mana", "deals damage": "damage_dealt",
                  "is dealt damage": "damage_dealt", "dies": "died", "put into a graveyard": "moved",
                  "leaves": "left", "attacks": "attacked", "attacks alone": "attacked",
                  "attacks the player with the most life": "attacked", "attacks with": "attacked",
                  "attacks and isn't blocked": "unblocked", "blocks": "blocked", "becomes blocked": "became_blocked",
                  "blocks a creature": "blocked_creature", "becomes blocked by a creature": "blocked_by"}
#: The trigger events about two creatures, the one blocking and the one blocked (509.3b, 509.3d): the trigger's
#: quality is the other creature's, and 'that creature' is the other one.
PAIRED = frozenset({"blocks a creature", "becomes blocked by a creature"})
#: The trigger events that look back in time (603.10a): leaving the battlefield, seen by abilities of objects
#: that left with it.
LOOKING_BACK = frozenset({"died", "left", "sacrificed"})
