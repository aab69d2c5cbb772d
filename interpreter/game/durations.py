"""Durations tied to the source and to combat: 'for as long as ~ remains on the battlefield', 'for as long as
you control ~' (611.2b), 'until end of combat' (511.3), and the one-shot effects that change an object's
zone 'until' the source leaves the battlefield, with the second one-shot effect that brings it back (610.3);
and control-changing effects with their durations (613.1b, 611.2).

The durations that end with a step or a turn are turns.py's; this part ends the ones that end as a
permanent leaves the battlefield, right after it left (nothing happens in between, 610.3).
"""
from __future__ import annotations

from typing import Callable

from .state import Until
from .steps import Env

#: 511.3: effects 'until end of combat' end as the end of combat step ends.
END_OF_COMBAT = "until end of combat"
#: 611.2b: ends as the source leaves the battlefield, or phases out (702.26f: it can't be seen).
WHILE_ON_BATTLEFIELD = "for as long as ~ remains on the battlefield"
#: 611.2b: ends as the source leaves the battlefield or phases out, or its controller stops being 'you'.
WHILE_YOU_CONTROL = "for as long as you control ~"
#: Ends as the source leaves the battlefield; phasing out isn't leaving (702.26d).
UNTIL_LEAVES = "until ~ leaves the battlefield"
#: Ends as the cleanup step of the controller's next turn begins (514.2): not the turn it began in.
END_OF_NEXT_TURN = "until the end of your next turn"
#: The durations that follow the source permanent (`Until.source`).
SOURCE_DURATIONS = (WHILE_ON_BATTLEFIELD, WHILE_YOU_CONTROL, UNTIL_LEAVES)


class Durations:
    """Durations that follow a permanent or end with combat; a part of `Game`."""

    def until(self, duration: str | None, env: Env) -> Until | None:
        """When an effect the resolving text creates ends (611.2a): its duration as written, 'your' being
        the player the text is for, and for a duration tied to the source, that source; None: it lasts
        until the game ends."""
        if duration is None:
            return None
        return Until(duration, env.player, env.source_id if duration in SOURCE_DURATIONS else None,
                     self.state.turn if duration == END_OF_NEXT_TURN else None)

    def still_lasting(self, until: Until | None) -> bool:
        """Whether a duration tied to the source hasn't ended: the same object is on the battlefield (400.7),
        controlled by 'you' if it says so. 611.2b: an effect whose duration is already over does nothing."""
        if until is None or until.kind not in SOURCE_DURATIONS:
            return True
        state = self.state
        if until.kind == UNTIL_LEAVES:
            return self._on_battlefield(until.source)
        if until.source is None or until.source not in state.battlefield:
            return False
        return until.kind != WHILE_YOU_CONTROL or state.objects[until.source].controller == until.player

    def _on_battlefield(self, object_id: int | None) -> bool:
        """Still on the battlefield as the same object, phased in or out (702.26d: phasing isn't leaving)."""
        return object_id is not None and (object_id in self.state.battlefield or object_id in self.state.phased)

    def source_changed(self, env: Env | None = None) -> None:
        """Right after a permanent left the battlefield (or changed control): the effects whose duration
        followed it end (611.2b), and what was exiled until it left returns to the zone it came from, a
        permanent under its owner's control (610.3, 610.3c); returns from one event happen together (610.3d)."""
        self.end_durations(lambda until: until.kind in SOURCE_DURATIONS and not self.still_lasting(until))
        state = self.state
        due = [entry for entry in state.exiled_until if not self._on_battlefield(entry[0])]
        if not due:
            return
        state.exiled_until = [entry for entry in state.exiled_until if self._on_battlefield(entry[0])]
        for _, object_id, zone in due:
            obj = state.objects.get(object_id)
            if obj is not None and obj.zone == "exile":   # still that object: not moved since (400.7)
                self.move(object_id, zone, controller=obj.owner, env=env)

    def exile_until_left(self, ids: list[int], env: Env) -> list[int]:
        """610.3: exile the objects until the source leaves the battlefield; 610.3a-b: if it already left
        (it isn't on the battlefield as the same object), they don't move."""
        state = self.state
        source = env.source_id
        if source is None or source not in state.battlefield:
            return []
        exiled = []
        for i in ids:
            zone = state.objects[i].zone
            new = self.move(i, "exile", env=env)
            state.exiled_until.append((source, new.id, zone))
            exiled.append(new.id)
        return exiled

    def change_control(self, object_id: int, player: str, until: Until | None) -> None:
        """613.1b, 613.7: a control-changing effect; the newest one that lasts decides the controller."""
        obj = self.state.objects[object_id]
        first = next((c[3] for c in self.state.control_changes if c[0] == object_id), obj.controller)
        self.state.control_changes.append((object_id, player, until, first))
        self._set_controller(object_id, player)

    def end_control(self, over: Callable[[Until | None], bool]) -> None:
        """611.2a-b: control-changing effects whose duration is over end; each permanent is controlled as the
        newest effect still lasting says, or as before them all (613.7). Effects on objects that left go."""
        state = self.state
        changes = [c for c in state.control_changes if c[0] in state.battlefield or c[0] in state.phased]
        state.control_changes = [c for c in changes if not over(c[2])]
        for object_id in {c[0] for c in changes if over(c[2])}:
            newest = [c[1] for c in state.control_changes if c[0] == object_id]
            self._set_controller(object_id, newest[-1] if newest else next(c[3] for c in changes if c[0] == object_id))

    def _set_controller(self, object_id: int, player: str) -> None:
        obj = self.state.objects[object_id]
        if obj.controller != player:
            obj.controller = player
            obj.summoning_sick = True   # 302.6: not controlled continuously since the turn began
            obj.attacking, obj.blocked, obj.blocking = None, False, ()   # 506.4
