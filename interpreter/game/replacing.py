"""Replacement effects of static abilities (614.1a): an event about to happen is checked against the
'If EVENT would happen, EFFECT instead' abilities that function; one that applies happens instead, and the
event never does (614.6). Several that apply are ordered by the affected object's controller (616.1); each
applies to an event once (614.5). A part of `Game`.

Where the abilities function (113.6): those of permanents on the battlefield, and an object's own ability
about its being put into a graveyard 'from anywhere' (or from the zone it is in) wherever it is (113.6b: the
ability says where it functions).
"""
from __future__ import annotations

from typing import NamedTuple

from ..language import ast
from .choices import Choice
from .events import Event
from .bookkeeping import Gone
from .state import GameObject, LastKnown
from .steps import Env


class Applying(NamedTuple):
    """A replacement effect that applies to an event: its ability, the object it is on (and its controller and
    name), its slots' values."""

    ability: ast.ReplaceEvent
    source: GameObject | Gone
    values: dict


class Replacing:
    """Replacement effects of static abilities; a part of `Game`."""

    _replacing: frozenset = frozenset()   # (source, ability) pairs applying now: 614.5, once per event

    def replaced_move(self, object_id: int, zone: str, known: LastKnown | None = None) -> GameObject | None:
        """614.1a, 614.6: a replacement effect that applies to the object's move to `zone` happens instead; the
        object as it is after that (the move never happens), or None when none applies. `known`: it leaves the
        battlefield together with others (704.8), one event for all: the abilities of those that already left
        apply too, as they last existed."""
        if zone != "graveyard":
            return None
        obj = self.state.objects[object_id]
        event = Event("died" if obj.zone == "battlefield" else "moved", obj.controller or obj.owner, obj.card_name,
                      obj.id, self.characteristics(object_id), zone=obj.zone)
        applying = self._applying_to(event, known)
        if not applying:
            return None
        chosen = applying[0] if len(applying) == 1 else self._order(applying, obj)
        self._replace(chosen, object_id)
        while object_id not in self.state.objects and object_id in self.state.moved:
            object_id = self.state.moved[object_id]
        return self.state.objects.get(object_id, obj)

    def _applying_to(self, event: Event, known: LastKnown | None) -> list[Applying]:
        """The replacement effects of abilities that function (113.6) whose event this is, not applying now."""
        sources: list[tuple[GameObject | Gone, object]] = [
            (self.state.objects[i], self.characteristics(i)) for i in self.state.battlefield]
        if known is not None:
            sources += [(Gone(i, k.controller, k.name), k.characteristics) for i, k in self.state.last_known.items()
                        if k.left_at == known.left_at and i != event.object_id]
        if event.object_id not in self.state.battlefield:
            sources.append((self.state.objects[event.object_id], event.seen))   # its own 'from anywhere' (113.6b)
        found = []
        for source, chars in sources:
            for ability, values in self.static_values(chars, ast.ReplaceEvent):
                if (source.id, id(ability)) in self._replacing:
                    continue
                if source.id == event.object_id and event.zone != "battlefield" and not (
                        isinstance(ability.event.subject, ast.Self) and ability.event.event == "put into a graveyard"):
                    continue
                if self.interpreter.would_happen(ability.event, event, source):
                    found.append(Applying(ability, source, values))
        return found

    def _order(self, applying: list[Applying], obj: GameObject) -> Applying:
        """616.1, 616.1e: the affected object's controller (its owner, if it has none) chooses which applies."""
        words = [f"{a.source.card_name}: {self.words_of(a.ability)}" for a in applying]
        pick = self.ask(Choice("option", f"{obj.card_name} would be put into a graveyard: which replacement "
                                         f"effect applies", list(dict.fromkeys(words)), rule="616.1",
                               player=obj.controller or obj.owner))
        return applying[words.index(pick)]

    def _replace(self, chosen: Applying, object_id: int) -> None:
        """What replaces the event happens, as the ability's controller's, 'it' being the object; while it
        happens, that replacement effect doesn't apply again (614.5)."""
        source = chosen.source
        controller = source.controller or self.owner_of(source.id)
        context = self.new_context(controller, source.id)
        inner = Env(controller, context, source.id, {**chosen.values, "_it": [object_id]},
                    action_text=f"instead: {self.words_of(chosen.ability.effect)}")
        key = (source.id, id(chosen.ability))
        self._replacing = self._replacing | {key}
        try:
            self.interpreter.run(chosen.ability.effect, inner)
        finally:
            self._replacing = self._replacing - {key}
        self.end_context(context)
