"""What happens after each action before a player would receive priority: triggered abilities go on the stack
(603.3) and state-based actions are checked (704, state_based.py).
"""
from __future__ import annotations

import operator
from itertools import chain
from typing import NamedTuple

from ..diagnostics import error
from ..language import ast
from ..language.rulebook import Rulebook
from . import journaled, runs
from .characteristics import Characteristics
from .choices import Choice
from .events import LOOKING_BACK, TRIGGER_EVENTS, Event
from .heard import Heard, card_heard, events_of, joined, text_heard
from .damage import any_of_kind, has_kind, statics_of_kind
from .game_designations import AT_ANY_TIME
from .memo import ByIdentity, read_again
from .state import Delayed, GameObject, StackItem, is_as_printed, printed_ability_tuples
from .player_rules import Inherent
from .steps import MAX_COUNT, Env, NoLegalTarget


class Gone(NamedTuple):
    """A permanent that has left the battlefield, as the source of its leaves-the-battlefield abilities."""

    id: int
    controller: str | None
    card_name: str | None
    x_paid: int | None = None
    attached_to: int | str | None = None


class TriggerSources(NamedTuple):
    """The sources whose triggered abilities function, in order, each with those an event of a name may trigger
    (`trigger_events`), by name; `others`: with those any event may trigger, for an event of another name."""

    by_event: dict[str, list[tuple[GameObject | Inherent, list[tuple[ast.TriggeredAbility, dict]]]]]
    others: list[tuple[GameObject | Inherent, list[tuple[ast.TriggeredAbility, dict]]]]


class GraveyardRead(NamedTuple):
    """What `Bookkeeping._graveyard_triggers` last read, and found: the cards (and their ids), each one's
    `_GRAVEYARD_FIELDS`, and `journaled.counted_writes` then."""

    cards: list[GameObject]
    fields: list[tuple]
    found: list[int]
    ids: tuple[int, ...] = ()
    written: int = -1


class SourcesRead(NamedTuple):
    """What `Bookkeeping._functioning_sources` last read, and found: the sources (read again by identity), the
    permanents' (`_battlefield_triggers`), what is read of the other sources at once (`_sources_elsewhere`), and
    `journaled.counted_writes` then."""

    sources: list
    found: TriggerSources
    battlefield: tuple = ()
    elsewhere: tuple = ()
    written: int = -1


def _hearing(heard: list, name: str | None) -> list:
    """The sources with the abilities among theirs an event of that name may trigger (None: no name they list)."""
    return [(obj, chosen) for obj, abilities in heard
            if (chosen := [(a, values) for a, values, events in abilities if events is None or name in events])]


def _own_step(trigger: ast.Node) -> bool:
    """'At the beginning of your upkeep': no player the text could call 'that player'."""
    return isinstance(trigger, ast.PhaseTrigger) and trigger.whose.startswith("your")


class Bookkeeping:
    """What happens after each action before a player would receive priority; a part of `Game`."""

    def after_action(self, start: int) -> None:
        """Abilities that triggered wait (603.2); state-based actions happen, and what each check triggers
        waits too (state_based.py); then the waiting abilities go on the stack (117.5, 603.3), their targets
        chosen as they do (603.3d; one with no legal target is removed). What choosing those targets triggers
        (ward) goes on the stack next, and so on until nothing waits; abilities that never stop triggering one
        another are refused (104.4b). Events already looked at (`bookkept`) aren't again; in the untap step no
        player receives priority: what triggers waits (502.4). While the state but for its volatile fields is
        the one a round that changed nothing left (`_quiet`), and no ability may hear the events since, a run
        again does nothing."""
        state = self.state
        journal = state.journal
        if self._quiet == journal.steady() and self._unheard(state.bookkept):
            self._bookkept()
            return
        self.settle_control()   # 613.1b: static control-changing effects as the action left the permanents
        self.collect_triggers(max(start, state.bookkept))
        self._bookkept()
        if state.step == "untap":
            return
        for _ in range(MAX_COUNT):
            before = journal.stamp()
            self.immediate_rules()
            self.state_based_actions()
            self.settle_control()
            self._bookkept()
            if state.ended:  # 104.1: the game ends at once; nothing more goes on the stack
                state.pending_triggers = []
                return
            pending = state.pending_triggers
            if not pending:
                if journal.stamp() == before:
                    self._quiet = self._steadily_quiet()
                return
            order = state.order
            first = order.index(state.active)
            apnap = order[first:] + order[:first]
            state.pending_triggers = []
            announced = len(state.events)
            for item in [i for player in apnap for i in self.in_chosen_order(
                    [item for item in pending if item.controller == player])]:
                state.stack.append(item)
                env = Env(item.controller, item.context, item.context.source_id, dict(item.context.vars),
                          action_text=f"trigger of {item.source_name}")
                before = len(state.events)
                try:
                    self.interpreter.announce_targets(item.effect, env)
                except NoLegalTarget:  # 603.3d: it is simply removed from the stack
                    del state.events[before:]
                    state.stack.remove(item)
            self.collect_triggers(announced)
            self._bookkept()
        raise error("E402", f"abilities keep triggering one another as they are put on the stack (more than "
                    f"{MAX_COUNT} times): the game can't go on", rule="104.4b")

    def _steadily_quiet(self) -> int | None:
        """The steady stamp, where a round that changed nothing read no volatile state: the state-based actions'
        check found none at a steady stamp alone (`_settled`), nothing settles control (no control-changing
        effect, the continuous pass kept at a steady stamp alone) and no rule may apply at any time; else None.
        At that steady stamp, the round changes nothing again whatever the volatile fields are."""
        state = self.state
        settled, passed = self._settled, self._static_pass.key
        if settled is None or settled[1] is not None or passed is None or passed[1] is not None \
                or self._static_pass.value.controls or state.control_bases or state.control_changes \
                or self.may_have(AT_ANY_TIME):
            return None
        return state.journal.steady()

    def _bookkept(self) -> None:
        """The events so far have been looked at for triggers (`GameState.bookkept`)."""
        state = self.state
        if state.bookkept != len(state.events):
            state.journal.set_quietly(state, "bookkept", len(state.events))

    def in_chosen_order(self, items: list[StackItem]) -> list[StackItem]:
        """603.3b: a player puts the triggered abilities they control on the stack in the order they choose
        (one answer: each as on the stack, `trigger:NAME`, `#K` the K-th of one source in the order they
        triggered; the first goes at the bottom)."""
        if len(items) < 2:
            return items
        names = [item.source_name or "" for item in items]
        labels = [f"trigger:{name}" + (f"#{names[:n].count(name) + 1}" if names.count(name) > 1 else "")
                  for n, name in enumerate(names)]
        chosen = self.ask(Choice("order", f"the order {items[0].controller}'s triggered abilities go on the stack, "
                                 "first at the bottom", labels, len(labels), rule="603.3b",
                                 player=items[0].controller))
        return [items[labels.index(label)] for label in chosen]

    def collect_triggers(self, start: int) -> None:
        """The abilities the events from `start` on trigger wait to be put on the stack (603.2): those of the
        permanents on the battlefield, and for a permanent leaving it, those of the permanents that left with
        it, as they last existed (leaves-the-battlefield abilities look back in time, 603.6c, 603.10a); those of
        spells and of cards in graveyards that function there (113.6k, 113.6m), of emblems (114.4), and a player's
        designations' (725.2); delayed triggered abilities too, on events after they were created (603.7a). Events
        no ability in this game may hear (`_heard`) trigger nothing: the sources aren't looked for then."""
        events = self.state.events
        if start >= len(events) or self._unheard(start):
            return
        sources = self._trigger_sources.get(self.state.journal)
        gone = self._gone(events[start:])
        by_event, others, last_known = sources.by_event, sources.others, self.state.last_known
        for index in range(start, len(events)):
            event = events[index]
            heard = by_event.get(event.name, others)
            if event.name in LOOKING_BACK and event.object_id in last_known:
                heard = heard + gone.get(last_known[event.object_id].left_at, [])
            if event.name == "marker_moved":
                self._room_ability(event)
            if heard:   # most events of a step no source hears
                self._collect(event, heard)
            if self.state.delayed:
                self.collect_delayed(event, index)

    def _unheard(self, start: int) -> bool:
        """Whether the events from `start` on trigger nothing: there are none, or no ability in this game may hear
        them (`_heard`) and no delayed triggered ability waits."""
        events = self.state.events
        if start >= len(events):
            return True
        heard = self._heard().events
        return heard is not None and not self.state.delayed and heard.isdisjoint(
            [event.name for event in events[start:]])

    def _heard(self) -> Heard:
        """What the text this game has may do (heard.py: the names of the events its abilities may hear, the kinds
        of its nodes): what the rules may give without being named, effect text run that is no object's (`hear`),
        and each object's card's text and the abilities it was made with, read as it is made: by id, each from the
        last one read on (an id a rollback undid is read again as it is made anew: `_ids_undone`)."""
        state = self.state
        read, heard = self._heard_read
        made = state.next_id
        if made != read:
            objects, rulebook = state.objects, self.rulebook
            for i in range(read, made):
                if i in objects:
                    obj = objects[i]
                    heard = joined(joined(heard, card_heard(obj.card, rulebook)),
                                   text_heard(obj.extra_abilities, rulebook))
            self._heard_read = (made, heard)
        return heard

    def may_have(self, kind: type | tuple) -> bool:
        """Whether an ability of the kind (a node class or a tuple of them) may be in this game: a node of it is in
        the text it has (`_heard`)."""
        return has_kind(self._heard().kinds, kind)

    def hear(self, text: ast.Node) -> None:
        """Effect text run that is no object's (a scenario's step) is heard in this game too (`_heard`): what it may
        trigger or apply, a run of `after_action` looks for again (`_quiet`)."""
        read, heard = self._heard_read
        self._heard_read = (read, joined(heard, text_heard(text, self.rulebook)))
        self._quiet = None

    def _functioning_sources(self) -> "TriggerSources":
        """The permanents, spells, cards in graveyards and emblems (114.4) with triggered abilities that function
        where they are (113.6), with those abilities, and the players' designations' (725.2), by the events that
        may trigger them; kept while what it read stays the same (`GameCore._trigger_sources`): while no object's
        field was written since (`journaled.counted_writes`: what an object off the battlefield is, is read of
        them), those last found if the permanents' are the same and so are the other sources (`_sources_elsewhere`)."""
        state, rulebook = self.state, self.rulebook
        objects, last = state.objects, self._trigger_sources_read
        battlefield, elsewhere = _battlefield_triggers(self.permanents(), rulebook), self._sources_elsewhere()
        if last.written == journaled.counted_writes and battlefield is last.battlefield and elsewhere == last.elsewhere:
            return last.found
        on_stack, graveyards, emblems, _ = elsewhere
        sources = [(objects[i], abilities) for i, abilities in battlefield]
        sources += [(objects[i], self.functioning(i, "stack")) for i in on_stack]
        sources += [(objects[i], self.functioning(i, "graveyard")) for i in graveyards]
        sources += [(objects[i], self.triggered_abilities(self.characteristics(i))) for i in emblems]
        sources += self.inherent_triggers()
        sources = [(obj, abilities) for obj, abilities in sources if abilities]
        found = last.found
        if len(last.sources) != len(sources) or not all(map(operator.is_, chain.from_iterable(sources),
                                                            chain.from_iterable(last.sources))):
            heard = [(obj, [(a, values, events_of(a.trigger, rulebook)) for a, values in abilities])
                     for obj, abilities in sources]
            names = {name for _, abilities in heard for *_, events in abilities if events for name in events}
            found = TriggerSources({name: _hearing(heard, name) for name in names}, _hearing(heard, None))
        self._trigger_sources_read = SourcesRead(sources, found, battlefield, elsewhere, journaled.counted_writes)
        return found

    def _sources_elsewhere(self) -> tuple[list[int], list[int], list[int], list[tuple]]:
        """The spells on the stack, the cards in graveyards that may have a triggered ability functioning there
        and the emblems, by id (an id is never another object's, but for what a rollback undid, which moves
        `journaled.counted_writes`), and the players in the game with their designations (`inherent_triggers`)."""
        state = self.state
        objects, players = state.objects, state.players
        return ([i for item in state.stack if (i := item.object_id) in objects], self._graveyard_triggers(),
                self.emblems(), [(p, players[p].designations) for p in state.order if not players[p].lost])

    def _graveyard_triggers(self) -> list[int]:
        """The cards in graveyards, each player's in turn order, that may have a triggered ability functioning
        there (`_may_trigger_in`): those last found while the cards are the same objects in the same order, each
        with the same card, face and what it was given (`_GRAVEYARD_FIELDS`: what that reads); while no object's
        field was written since (`journaled.counted_writes`), their ids alone are compared (an id is never another
        object's, but for what a rollback undid, which moves it)."""
        state = self.state
        players, last = state.players, self._graveyards_read
        ids = tuple(chain.from_iterable([players[player].zones["graveyard"] for player in state.order]))
        if last.written == journaled.counted_writes and ids == last.ids:
            return last.found
        cards = list(map(state.objects.__getitem__, ids))
        read = list(map(_GRAVEYARD_FIELDS, cards))
        found = last.found if read_again(cards, read, last) else [
            obj.id for obj in cards if _may_trigger_in(obj, self.rulebook)]
        self._graveyards_read = GraveyardRead(cards, read, found, ids, journaled.counted_writes)
        return found

    def _gone(self, events: list[Event]) -> dict[int, list[tuple["Gone", list]]]:
        """The permanents that left the battlefield in these events with triggered abilities, as they last
        existed, by the moment they left (those that left together share it)."""
        found: dict[int, list[tuple[Gone, list]]] = {}
        for event in events:
            known = self.state.last_known.get(event.object_id) if event.name == "left" else None
            abilities = self.triggered_abilities(known.characteristics) if known else []
            if abilities:
                found.setdefault(known.left_at, []).append((Gone(event.object_id, known.controller, known.name,
                                                                 attached_to=known.attached_to),
                                                            abilities))
        return found

    def _refuse_not_run(self, ability: ast.TriggeredAbility, obj: GameObject | Gone) -> None:
        """An ability that triggers whose whole is declared not run (runs.py): the action that triggered it is
        refused rather than the ability put on the stack."""
        found = runs.gap(ability, self.rulebook)
        if found is not None:
            _, message, rule = found.describe(ability, self.rulebook)
            raise error(runs.NOT_RUN, f"{obj.card_name}: {message}", ability.span, rule)

    def _room_ability(self, event: Event) -> None:
        """309.4c: a marker moved into a room: that room's ability triggers."""
        if event.object_id in self.state.objects:
            marker = self.state.players[event.player].marker
            room = self.room_card_of(event.object_id).room(marker[1]) if marker else None
            if room is not None and room.effect is not None:
                context = self.new_context(event.player, event.object_id)
                self.state.pending_triggers.append(StackItem(self.state.new_id(), event.player, context,
                                                             effect=room.effect, source_name=event.card))

    def _collect(self, event: Event, sources: list[tuple[GameObject, list]]) -> None:
        """The abilities of these sources the event triggers wait (603.2), each as often as it triggers."""
        for obj, abilities in sources:
            for ability, values in abilities:
                for _ in range(int(self.interpreter.triggered_by(ability.trigger, event, obj))):
                    self._refuse_not_run(ability, obj)
                    context = self.new_context(obj.controller, obj.id)
                    context.vars = dict(values, _cause=event.cause)
                    about = self.interpreter.trigger_about(ability.trigger, event, obj)
                    if about is not None:  # 'it' is the object the trigger event is about (603.2, 608.2c),
                        context.vars["_it"] = [about]   # found where that event moved it (603.10a)
                        context.follows = (about,)
                    if event.amount:  # 'that much': the damage dealt (120.4)
                        context.vars["_amount"] = event.amount
                    if event.player is not None and not _own_step(ability.trigger):  # 'that player': the player it
                        # is about (dealt damage, casting, whose step it is); never 'you' of 'your upkeep'
                        context.vars["_that_player"] = [event.player]
                    if obj.x_paid is not None:
                        context.vars["X"] = obj.x_paid
                    if ability.condition is not None and not self.interpreter.holds(
                            ability.condition, Env(obj.controller, context, obj.id, dict(context.vars))):
                        continue  # 603.4: its intervening 'if' is false as the event happens: it doesn't trigger
                    self.state.pending_triggers.append(StackItem(
                        self.state.new_id(), obj.controller, context, effect=ability.effect,
                        source_name=obj.card_name, condition=ability.condition))

    def collect_delayed(self, event: Event, index: int) -> None:
        """A delayed triggered ability triggers on an event after it was created (603.7a), controlled by its
        controller, its source the one of the ability that created it (603.7d-e); without a duration it
        triggers only once (603.7b). What 'it' was and is no longer where it was isn't affected (603.7c); one
        waiting for 'it' to die or leave finds it where it went (the new object, 400.7, 603.10a)."""
        for delayed in list(self.state.delayed):
            if index < delayed.since or not self._delayed_fires(delayed, event):
                continue
            context = self.new_context(delayed.controller, None)
            context.source_id, context.source_name = delayed.source_id, delayed.source_name
            context.vars = dict(delayed.vars)
            if isinstance(delayed.trigger, ast.SubjectTrigger):
                context.vars["_it"] = [self.state.moved[event.object_id]] if event.object_id in self.state.moved else []
            elif "_it" in context.vars:
                context.vars["_it"] = [i for i in context.vars["_it"] if i in self.state.objects]
            self.state.pending_triggers.append(StackItem(self.state.new_id(), delayed.controller, context,
                                                         effect=delayed.effect, source_name=delayed.source_name))
            if delayed.until is None:
                self.state.delayed.remove(delayed)

    def _delayed_fires(self, delayed: Delayed, event: Event) -> bool:
        """Whether the event is the one the delayed ability waits for: a step beginning, or the object 'it' was
        as the ability was created dying or leaving the battlefield (603.7c)."""
        trigger = delayed.trigger
        if isinstance(trigger, ast.PhaseTrigger):
            return self.interpreter.step_begins(trigger, event, delayed.controller, delayed.turn)
        return TRIGGER_EVENTS.get(trigger.event) == event.name and event.object_id in delayed.vars.get("_it", ())

    def permanents(self) -> dict[int, Characteristics]:
        """Each permanent (in battlefield order) with what it is now (`characteristics`): the continuous pass's
        value read at once; while that pass runs, each as it is asked."""
        if self._applying is not None:
            return {i: self.characteristics(i) for i in self.state.battlefield}
        return self._static_pass.get(self.state.journal).permanents

    def permanents_have(self, kind: type | tuple) -> bool:
        """Whether a permanent has an ability of the kind now, looked for once over their tuples of abilities
        (`any_of_kind`): the quick exit before reading each permanent's."""
        return any_of_kind([chars.abilities for chars in self.permanents().values()], self.rulebook, kind)

    def functioning(self, object_id: int, zone: str) -> tuple[tuple[ast.TriggeredAbility, dict], ...]:
        """The triggered abilities of the object that function in the zone it is in (113.6), each with its slots'
        values (shared: read, not changed)."""
        return _functioning_of(self.characteristics(object_id).abilities, self.rulebook, zone)

    def triggered_abilities(self, chars: Characteristics | None) -> list[tuple[ast.TriggeredAbility, dict]]:
        """The triggered abilities of an object with these characteristics: its own, and those its keyword
        abilities mean (ward), each with the values the keyword gives its slots."""
        return list(self.static_values(chars, ast.TriggeredAbility))


def trigger_zone(ability: ast.TriggeredAbility) -> str:
    """Where a triggered ability functions (113.6): 'when you cast this spell' can only trigger on the stack
    (113.6k); one whose effect moves its own card out of a zone ('return this card from your graveyard to your
    hand') functions only there (113.6m); the others on the battlefield (leaves-the-battlefield abilities
    look back from there, 603.10a)."""
    if isinstance(ability.trigger, ast.CastTrigger) and ability.trigger.self_:
        return "stack"
    moving = next((n for n in ast.walk(ability.effect) if isinstance(n, (ast.ReturnFromZone, ast.ExileSelfFrom))),
                  None)
    return moving.zone if moving is not None else "battlefield"


#: Where each triggered ability functions, read once per ability.
_zone_of = ByIdentity(trigger_zone)


#: What `_may_trigger_in` reads of a card.
_GRAVEYARD_FIELDS = operator.attrgetter("card", "face_down", "extra_abilities", "added_subtypes")


def _may_trigger_in(obj: GameObject, rulebook: Rulebook, zone: str = "graveyard") -> bool:
    """Whether a card off the battlefield may have a triggered ability functioning in its zone: there, its
    abilities are its face's and those its subtypes mean (305.6; state.py's `characteristics`), unless it is face
    down or was given abilities or subtypes: then what it is is read."""
    return not is_as_printed(obj) or _card_triggers_in(obj.card, rulebook, zone)


#: Whether a card's faces, with the abilities their subtypes mean, have a triggered ability functioning in a zone.
_card_triggers_in = ByIdentity(lambda card, rulebook, zone: any(
    _functioning_of(abilities, rulebook, zone)
    for abilities in printed_ability_tuples(card, rulebook.subtype_abilities)))


#: The triggered abilities of a tuple of abilities (its own and those its keywords mean, with their slots' values)
#: that function in a zone, read once per tuple, rulebook and zone.
_functioning_of = ByIdentity(lambda abilities, rulebook, zone: tuple(
    (a, dict(args)) for a, args in statics_of_kind(abilities, rulebook, ast.TriggeredAbility) if _zone_of(a) == zone))


#: The permanents with triggered abilities that function on the battlefield, with those abilities, read once per set
#: of permanents (`Bookkeeping.permanents`: the continuous pass's value stays the same object while they are each
#: what they were) and rulebook, kept for the last few such sets.
_battlefield_triggers = ByIdentity(lambda permanents, rulebook: tuple(
    (i, abilities) for i, chars in permanents.items()
    if (abilities := _functioning_of(chars.abilities, rulebook, "battlefield"))), 64)

