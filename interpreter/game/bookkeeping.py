"""What happens after each action before a player would receive priority: triggered abilities go on the stack
(603.3) and state-based actions are checked (704, state_based.py).
"""
from __future__ import annotations

from typing import NamedTuple

from ..diagnostics import error
from ..language import ast
from .characteristics import Characteristics
from .events import LOOKING_BACK, Event
from .state import GameObject, StackItem
from .steps import MAX_COUNT, Env, NoLegalTarget, keyword_abilities


class Gone(NamedTuple):
    """A permanent that has left the battlefield, as the source of its leaves-the-battlefield abilities."""

    id: int
    controller: str | None
    card_name: str | None
    x_paid: int | None = None


class Bookkeeping:
    """What happens after each action before a player would receive priority; a part of `Game`."""

    def after_action(self, start: int) -> None:
        """Abilities that triggered wait (603.2); state-based actions happen, and what they trigger
        waits too; then the waiting abilities go on the stack (117.5, 603.3), their targets chosen as
        they do (603.3d; one with no legal target is removed). What choosing those targets triggers
        (ward) goes on the stack next, and so on until nothing waits; abilities that never stop
        triggering one another are refused (104.4b)."""
        self.collect_triggers(self.state.events[start:])
        for _ in range(MAX_COUNT):
            self.state_based_actions()   # what each check triggers waits too
            if self.state.ended:  # 104.1: the game ends at once; nothing more goes on the stack
                self.state.pending_triggers = []
                return
            pending = self.state.pending_triggers
            if not pending:
                return
            order = self.state.order
            first = order.index(self.state.active)
            apnap = order[first:] + order[:first]
            pending.sort(key=lambda item: apnap.index(item.controller))
            self.state.pending_triggers = []
            announced = len(self.state.events)
            for item in pending:
                self.state.stack.append(item)
                env = Env(item.controller, item.context, item.context.source_id, dict(item.context.vars),
                          action_text=f"trigger of {item.source_name}")
                before = len(self.state.events)
                try:
                    self.interpreter.announce_targets(item.effect, env)
                except NoLegalTarget:  # 603.3d: it is simply removed from the stack
                    del self.state.events[before:]
                    self.state.stack.remove(item)
            self.collect_triggers(self.state.events[announced:])
        raise error("E402", f"abilities keep triggering one another as they are put on the stack (more than "
                    f"{MAX_COUNT} times): the game can't go on", rule="104.4b")

    def collect_triggers(self, events: list[Event]) -> None:
        """The abilities these events trigger wait to be put on the stack (603.2): those of the permanents on
        the battlefield, and for a permanent leaving it, those of the permanents that left with it, as they
        last existed (leaves-the-battlefield abilities look back in time, 603.6c, 603.10a)."""
        if not events:
            return
        sources = [(self.state.objects[i], self.triggered_abilities(self.characteristics(i)))
                   for i in self.state.battlefield]
        sources = [(obj, abilities) for obj, abilities in sources if abilities]
        gone = self._gone(events)
        for event in events:
            looking_back = gone.get(self.state.last_known[event.object_id].left_at, []) if (
                event.name in LOOKING_BACK and event.object_id in self.state.last_known) else []
            self._collect(event, sources + looking_back)

    def _gone(self, events: list[Event]) -> dict[int, list[tuple["Gone", list]]]:
        """The permanents that left the battlefield in these events with triggered abilities, as they last
        existed, by the moment they left (those that left together share it)."""
        found: dict[int, list[tuple[Gone, list]]] = {}
        for event in events:
            known = self.state.last_known.get(event.object_id) if event.name == "left" else None
            abilities = self.triggered_abilities(known.characteristics) if known else []
            if abilities:
                found.setdefault(known.left_at, []).append((Gone(event.object_id, known.controller, known.name),
                                                            abilities))
        return found

    def _collect(self, event: Event, sources: list[tuple[GameObject, list]]) -> None:
        if event.name == "marker_moved" and event.object_id in self.state.objects:  # 309.4c: its room ability
            marker = self.state.players[event.player].marker
            room = self.room_card_of(event.object_id).room(marker[1]) if marker else None
            if room is not None and room.effect is not None:
                context = self.new_context(event.player, event.object_id)
                self.state.pending_triggers.append(StackItem(self.state.new_id(), event.player, context,
                                                             effect=room.effect, source_name=event.card))
        for obj, abilities in sources:
            for ability, values in abilities:
                if self.interpreter.triggered_by(ability.trigger, event, obj):
                    context = self.new_context(obj.controller, obj.id)
                    context.vars = dict(values, _cause=event.cause)
                    if event.object_id is not None:  # 'it' is the object the trigger event is about (603.2, 608.2c)
                        context.vars["_it"] = [event.object_id]
                    if obj.x_paid is not None:
                        context.vars["X"] = obj.x_paid
                    if ability.condition is not None and not self.interpreter.holds(
                            ability.condition, Env(obj.controller, context, obj.id, dict(context.vars))):
                        continue  # 603.4: its intervening 'if' is false as the event happens: it doesn't trigger
                    self.state.pending_triggers.append(StackItem(
                        self.state.new_id(), obj.controller, context, effect=ability.effect,
                        source_name=obj.card_name, condition=ability.condition))

    def triggered_abilities(self, chars: Characteristics | None) -> list[tuple[ast.TriggeredAbility, dict]]:
        """The triggered abilities of an object with these characteristics: its own, and those its keyword
        abilities mean (ward), each with the values the keyword gives its slots."""
        if chars is None:
            return []
        found = []
        for ability in chars.abilities:
            if isinstance(ability, ast.TriggeredAbility):
                found.append((ability, {}))
        for keyword in keyword_abilities(chars.abilities):
            definition = self.rulebook.keyword_abilities.get(keyword.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.TriggeredAbility):
                    found.append((static, dict(keyword.args)))
        return found
