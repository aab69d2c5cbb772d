"""Replacement and prevention effects (614, 615, 616): an event about to happen is checked against the
replacement effects that apply to it; one that applies happens instead, and the event never does (614.6).
Several that apply are ordered by the affected object's controller or the affected player (616.1); each
applies to an event once (614.5). A part of `Game`.

- A move to a graveyard: 'If EVENT would happen, EFFECT instead' abilities (ReplaceEvent).
- Replacement effects of resolved spells and abilities waiting for one object's destruction or death ('the next
  time it would be destroyed this turn', a regeneration shield, 'if a creature dealt damage this way would die
  this turn'): applied once, then gone.
- Damage: static abilities changing or preventing it (ReplaceDamage: 'prevent 1 of that damage', 'double that
  damage', 'Prevent all damage that would be dealt to you', 'Damage can't be prevented'), protection's
  prevention (702.16e) and the shields of resolved prevention effects (615.7), in one order.

Where the abilities function (113.6): those of permanents on the battlefield, and an object's own ability
about its being put into a graveyard 'from anywhere' (or from the zone it is in) wherever it is (113.6b: the
ability says where it functions).
"""
from __future__ import annotations

from typing import NamedTuple

from ..language import ast
from ..diagnostics import error
from . import runs
from .choices import Choice
from .events import Event
from .bookkeeping import Gone
from .state import GameObject, LastKnown, Replacement
from .steps import Env


class Applying(NamedTuple):
    """A replacement effect that applies to an event: its ability, the object it is on (and its controller and
    name), its slots' values."""

    ability: ast.ReplaceEvent
    source: GameObject | Gone
    values: dict


class Change(NamedTuple):
    """One replacement or prevention effect that applies to an amount of damage: a static ability's `change`
    (of the permanent named `label`), or a shield of a resolved prevention effect (its index in the state)."""

    label: str
    change: ast.DamageChange | None = None
    shield: int | None = None
    prevent: int | None = None   # how much the change prevents (None: all of it)

    @property
    def modifies(self) -> bool:
        """It changes the amount other than by preventing it (doubling, adding): the order then matters."""
        return self.change is not None and not self.change.prevents

    def rank(self, shields: list) -> int:
        """The order preventions apply in when they are all that apply: what prevents all of it first, then a
        static ability's 'prevent N' (never used up), then the shields (used up by what they prevent): the
        affected player's order that prevents the most and uses the least (616.1)."""
        if self.change is not None:
            return 0 if self.prevent is None else 1
        return 0 if shields[self.shield].remaining is None else 2


#: Protection's prevention (702.16e), as one of the effects applying to damage.
PREVENT_ALL = ast.DamageChange(prevents=True)


class Replacing:
    """Replacement effects of static abilities; a part of `Game`."""

    _replacing: frozenset = frozenset()   # (source, ability) pairs applying now: 614.5, once per event

    def replaced_move(self, object_id: int, zone: str, known: LastKnown | None = None) -> GameObject | None:
        """614.1a, 614.6: a replacement effect that applies to the object's move to `zone` happens instead; the
        object as it is after that (the move never happens), or None when none applies. `known`: it leaves the
        battlefield together with others (704.8), one event for all: the abilities of those that already left
        apply too, as they last existed. None at once where nothing is waiting and the game's text has no such
        ability (`may_have`)."""
        if zone != "graveyard" or not self.state.replacements and not self.may_have(ast.ReplaceEvent):
            return None
        obj = self.state.objects[object_id]
        event = Event("died" if obj.zone == "battlefield" else "moved", obj.controller or obj.owner, obj.card_name,
                      obj.id, self.characteristics(object_id), zone=obj.zone)
        applying = self._applying_to(event, known)
        waiting = obj.zone == "battlefield" and any(r.object_id == object_id and r.event == "died"
                                                    for r in self.state.replacements)
        if waiting and applying:
            _, message, rule = runs.WAITING_AND_STATIC
            raise error(runs.NOT_RUN, f"{obj.card_name} would die: {message}", rule=rule)
        if waiting:
            self.replaced_by_waiting(object_id, "died")
        elif not applying:
            return None
        else:
            self._replace(applying[0] if len(applying) == 1 else self._order(applying, obj), object_id)
        while object_id not in self.state.objects and object_id in self.state.moved:
            object_id = self.state.moved[object_id]
        return self.state.objects.get(object_id, obj)

    def _applying_to(self, event: Event, known: LastKnown | None) -> list[Applying]:
        """The replacement effects of abilities that function (113.6) whose event this is, not applying now."""
        sources: list[tuple[GameObject | Gone, object]] = [
            (self.state.objects[i], chars) for i, chars in self.permanents().items()]
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

    # ------------------------------------------------------------ waiting for one object
    def add_replacement(self, object_id: int, node: ast.NextTimeInstead, env: Env) -> None:
        """614.1a: a replacement effect for the next time the object would be destroyed (or die), for its
        duration."""
        self.state.replacements.append(Replacement(object_id, node.event, node.effect, env.player, env.source_id,
                                                   _frozen(env.vars), node.duration))

    def replaced_by_waiting(self, object_id: int, event: str, unreplaced: str | None = None) -> bool:
        """614.6, 616.1: one replacement effect waiting for this event applies, once (the object's controller's
        choice among different ones), and is used up; whether one did. Those waiting for its death apply to its
        destruction too (700.4): one of them chosen, the destruction happens and the move is replaced."""
        waiting = [r for r in self.state.replacements if r.object_id == object_id
                   and (r.event == event or (event == "destroyed" and r.event == "died"))
                   and unreplaced not in _recorded_events(r.effect)]
        if not waiting or all(r.event != event for r in waiting):
            return False
        words = list(dict.fromkeys(self.words_of(r.effect) for r in waiting))
        happening = "be destroyed" if event == "destroyed" else "die"
        pick = words[0] if len(words) == 1 else self.ask(Choice(
            "option", f"{self.name_of(object_id)} would {happening}: which replacement effect applies", words,
            rule="616.1", player=self.state.objects[object_id].controller))
        chosen = next(r for r in waiting if self.words_of(r.effect) == pick)
        if chosen.event != event:
            return False
        self.state.replacements.remove(chosen)
        context = self.new_context(chosen.controller, chosen.source_id)
        env = Env(chosen.controller, context, chosen.source_id, {**_thawed(chosen.vars), "_it": [object_id]},
                  action_text=f"instead: {self.words_of(chosen.effect)}")
        self.interpreter.run(chosen.effect, env)
        self.end_context(context)
        return True

    # ------------------------------------------------------------ damage
    def replaced_damage(self, source: int | None, recipient: int | str, amount: int, combat: bool) -> int:
        """614.1a, 615, 616.1: the damage the source would deal the recipient after the replacement and prevention
        effects that apply to it, each once (614.5). When one of them changes the amount other than by preventing
        it (doubling), the affected player or the affected permanent's controller chooses the order, one at a time
        (616.1, 616.1e-f); preventions alone apply in `Change.rank`'s order. Damage that can't be prevented isn't
        prevented, and uses up no shield (615.12); damage reduced to 0 isn't dealt (614.7a)."""
        shields = self.state.shields
        changes, unpreventable = self._damage_changes(source, recipient, combat)
        changes += [Change("a prevention shield", shield=n) for n, s in enumerate(shields)
                    if s.recipient in (None, recipient) and s.source in (None, source) and (combat or not s.combat)]
        while changes and amount > 0:
            if len(changes) > 1 and any(c.modifies for c in changes):
                chosen = self._damage_order(changes, source, recipient)
            else:
                chosen = min(changes, key=lambda c: c.rank(shields))
            changes.remove(chosen)
            amount = self._changed(chosen, amount, unpreventable)
        if any(s.remaining == 0 for s in shields):
            self.state.shields = [s for s in shields if s.remaining != 0]
        return amount

    def _damage_changes(self, source: int | None, recipient: int | str, combat: bool) -> tuple[list[Change], bool]:
        """The static abilities of permanents changing this damage, protection's prevention, and whether one says
        it can't be prevented (each permanent read only when one has such an ability: `permanents_have`)."""
        chars = self.known_characteristics(source)
        changes, unpreventable = [], False
        for holder in self.state.battlefield if self.permanents_have(ast.ReplaceDamage) else ():
            obj = self.state.objects[holder]
            for ability, values in self.statics_with_values(self.characteristics(holder), ast.ReplaceDamage):
                if ability.combat is not None and (ability.combat == "combat") != combat:
                    continue
                if not (self._party_is(ability.sources, source, obj) and self._party_is(ability.recipients, recipient, obj)):
                    continue
                if ability.change is None:
                    unpreventable = True
                else:
                    changes.append(Change(f"{obj.card_name}: {self.words_of(ability)}", ability.change,
                                          prevent=self._prevented(ability.change, values)))
        if isinstance(recipient, int) and self.limited(recipient, ast.DamagePreventedFrom, chars):   # 702.16e
            changes.append(Change(f"{self.name_of(recipient)}: protection", PREVENT_ALL))
        return changes, unpreventable

    @staticmethod
    def _prevented(change: ast.DamageChange, values: dict) -> int | None:
        """How much a static ability's change prevents: its number, or its keyword's ('Absorb 2', 702.64a)."""
        count = change.prevent
        if count is None:
            return None
        return values[count.name] if isinstance(count, ast.Var) else count.value

    def _party_is(self, parties: tuple | None, who: int | str | None, holder: GameObject) -> bool:
        """Whether the source or recipient is one the ability names (None: anything): 'you' and 'an opponent' of
        the ability's controller, 'a player', or an object as a trigger names it."""
        if parties is None:
            return True
        for party in parties:
            if isinstance(party, str):
                if isinstance(who, str) and (party == "a player" or (who == holder.controller) == (party == "you")):
                    return True
            elif isinstance(who, int) and self.interpreter.is_subject(party, who, holder):
                return True
        return False

    def _damage_order(self, changes: list[Change], source: int | None, recipient: int | str) -> Change:
        """616.1: the affected player, or the controller of the affected permanent, chooses which applies next."""
        player = recipient if isinstance(recipient, str) else self.state.objects[recipient].controller
        labels = [c.label for c in changes]
        pick = self.ask(Choice("option", f"damage from {self.name_of(source) if source else 'a source'} to "
                                         f"{recipient if isinstance(recipient, str) else self.name_of(recipient)}: "
                                         f"which replacement or prevention effect applies first",
                               list(dict.fromkeys(labels)), rule="616.1", player=player))
        return changes[labels.index(pick)]

    def _changed(self, chosen: Change, amount: int, unpreventable: bool) -> int:
        """The amount after one effect: prevented (not if it can't be, 615.12), used up from a shield (615.7),
        multiplied (701.10g) or increased or reduced (never below 0, 107.1b)."""
        if chosen.shield is not None:
            shield = self.state.shields[chosen.shield]
            if unpreventable:
                return amount
            used = amount if shield.remaining is None else min(amount, shield.remaining)
            if shield.remaining is not None:
                self.state.shields[chosen.shield] = shield._replace(remaining=shield.remaining - used)
            return amount - used
        change = chosen.change
        if change.prevents:
            return amount if unpreventable else 0 if chosen.prevent is None else max(0, amount - chosen.prevent)
        return max(0, amount * change.times + change.plus)


def _recorded_events(effect: ast.Node) -> set[str]:
    """The events an effect records ('record regenerated for it'): what it makes happen to the object."""
    return {node.name for node in ast.walk(effect) if isinstance(node, ast.RecordEvent)}


def _frozen(values: dict) -> tuple:
    """An environment's values as they are now, kept unchanging in the state (lists of objects as tuples)."""
    return tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in values.items())


def _thawed(values: tuple) -> dict:
    """The values kept by `_frozen`, as an environment holds them."""
    return {name: list(value) if isinstance(value, tuple) else value for name, value in values}
