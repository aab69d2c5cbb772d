"""Durations tied to the source and to combat: 'for as long as ~ remains on the battlefield', 'for as long as
you control ~' (611.2b), 'until end of combat' (511.3), and the one-shot effects that change an object's
zone 'until' the source leaves the battlefield, with the second one-shot effect that brings it back (610.3);
and control-changing effects with their durations (613.1b, 611.2).

The durations that end with a step or a turn are turns.py's; this part ends the ones that end as a
permanent leaves the battlefield, right after it left (nothing happens in between, 610.3).
"""
from __future__ import annotations

from typing import Callable

from ..language import ast
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
        """613.1b: a control-changing effect of a resolved spell or ability, with its timestamp (613.7b)."""
        self.state.control_changes.append((object_id, player, until, self.state.tick()))
        self.settle_control()

    def end_control(self, over: Callable[[Until | None], bool]) -> None:
        """611.2a-b: control-changing effects whose duration is over end (and those on objects that left)."""
        state = self.state
        state.control_changes = [c for c in state.control_changes
                                 if (c[0] in state.battlefield or c[0] in state.phased) and not over(c[2])]
        self.settle_control()

    def settle_control(self) -> None:
        """613.1b, 613.7: each permanent is controlled as the newest control-changing effect applying to it says:
        those of resolved spells and abilities that last, and static ones ('You control enchanted creature',
        613.7a: as new as their source); with none any more, by the player who controlled it before them. A
        static one that what it changes makes apply to other permanents is refused (613.8)."""
        state = self.state
        statics = self._control_statics()
        if not statics and not state.control_bases and not state.control_changes:
            return
        found = self._static_controllers(statics)
        newest = dict(found)
        for object_id, player, _, stamp in state.control_changes:
            if object_id in state.objects and stamp > newest.get(object_id, (-1, ""))[0]:
                newest[object_id] = (stamp, player)
        bases = state.control_bases
        for object_id in newest:
            if object_id not in bases:
                bases[object_id] = state.objects[object_id].controller
        for object_id in list(bases):
            if object_id not in state.battlefield and object_id not in state.phased:
                del bases[object_id]
            elif object_id in newest:
                self._set_controller(object_id, newest[object_id][1])
            else:
                self._set_controller(object_id, bases.pop(object_id))
        if statics and self._static_controllers(statics) != found:
            source, ability, _ = statics[0]
            self._dependency(source, ability)

    def _control_statics(self) -> tuple[tuple[int, ast.StaticControl, dict], ...]:
        """The static control-changing abilities of the permanents, oldest first (continuous.py)."""
        return self._static_pass.get(self.state.journal).controls

    def _static_controllers(self, statics: list[tuple[int, ast.StaticControl, dict]]) -> dict[int, tuple[int, str]]:
        """The permanents static abilities say their controllers control now, each with the newest such ability's
        timestamp."""
        found: dict[int, tuple[int, str]] = {}
        for source, rule, values in statics:
            env = self._env_of(source, values)
            for i in self.interpreter.objects(rule.objects, env):
                if i in self.state.battlefield:
                    found[i] = (self.state.objects[source].timestamp, env.player)
        return found

    def _set_controller(self, object_id: int, player: str) -> None:
        obj = self.state.objects[object_id]
        if obj.controller != player:
            obj.controller = player
            obj.summoning_sick = True   # 302.6: not controlled continuously since the turn began
            obj.attacking, obj.blocked, obj.blocking = None, False, ()   # 506.4
