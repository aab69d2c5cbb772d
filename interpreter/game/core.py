"""The game's core: queries on objects, events, asking players, finding objects, and running an action all-or-
nothing on the undo journal (trial runs included).
"""
from __future__ import annotations

import functools
import itertools
import operator
import weakref
from dataclasses import replace
from typing import Callable, Iterable, Iterator

from ..diagnostics import MtgError, did_you_mean, error
from ..language import ast
from ..language.rulebook import Rulebook
from .bookkeeping import GraveyardRead, SourcesRead, TriggerSources
from .heard import rules_heard
from .characteristics import Characteristics, face_down_characteristics
from .choices import Choice, Chooser, Ref, ScriptedChooser
from .events import Event
from .journal import Kept, Key
from .memo import read_again
from . import journaled, runs
from .runs import NOT_RUN
from .state import PLAYER_ZONES, SEARCH_ORDER, CardDef, Context, GameObject, GameState, LastKnown, own_fields
from .state_based import PermanentsRead
from .steps import Env, Loops, StepInterpreter

MAX_TRIALS = 16   # the most ways of answering a trial run tries before judging an option impossible
STEADY_KEPT = 8   # the steady stamps what objects are is kept at (a rollback brings one back), forgotten at once


class _Probe:
    """A chooser for trying an option out; asks nobody. It answers the n-th choice with its
    `path[n]`-th legal answer (the first where the path ends) and records how many each had, so
    that `Game.try_out` can try the next way. 'Up to N' tries the most objects first."""

    def __init__(self, path: tuple[int, ...] = ()):
        self.path = path
        self.widths: list[int] = []   # for each choice asked, how many answers it has (at most MAX_TRIALS)

    def answer(self, choice: Choice, match):
        answers = list(itertools.islice(_answers(choice), MAX_TRIALS))
        n = len(self.widths)
        self.widths.append(len(answers))
        if not answers:
            raise error("E402", f"{choice.prompt}: there is nothing to choose", rule=choice.rule)
        return answers[self.path[n] if n < len(self.path) else 0]

    def next_path(self) -> tuple[int, ...] | None:
        """The next way to answer after this run's, depth first; None when every way was tried."""
        taken = list(self.path[: len(self.widths)]) + [0] * (len(self.widths) - len(self.path))
        for n in range(len(taken) - 1, -1, -1):
            if taken[n] + 1 < self.widths[n]:
                return tuple(taken[:n]) + (taken[n] + 1,)
        return None


#: A step's object reference, read once per text (a `Ref` never changes).
_parse_ref = functools.lru_cache(maxsize=4096)(Ref.parse)


def _answers(choice: Choice) -> Iterator[list[int] | str]:
    """The legal answers of a choice, in the order a trial run tries them."""
    if choice.kind == "order":
        yield list(choice.options)
        return
    if choice.kind != "objects":
        yield from choice.answers()
        return
    most = min(choice.count, len(choice.options))
    for size in range(most, -1, -1) if choice.up_to else (most,):
        for combination in itertools.combinations(choice.options, size):
            yield list(combination)


#: What `runs.state_not_run` reads of an object in play (its face up is its card's and back_face_up's).
_RUN_FIELDS = operator.attrgetter("card", "zone", "face_down", "back_face_up")


class GameCore:
    """The game's core; a part of `Game`."""

    def __init__(self, rulebook: Rulebook, state: GameState, chooser: Chooser | None = None,
                 cards: dict[str, CardDef] | None = None):
        self.rulebook = rulebook
        self.state = state
        self.cards = cards or {}   # every card this game knows, by name (a combined permanent's face)
        self.chooser: Chooser = chooser or _Probe()
        self.interpreter = StepInterpreter(self)
        self._trial_depth = 0   # trial runs (try_out) now running inside one another
        self.deciding: str | None = None   # the player doing the step now running: who answers its choices
        fd = rulebook.face_down
        self._face_down = face_down_characteristics(fd.types, fd.power, fd.toughness) if fd else None
        # what objects are, kept: by steady stamp if they read no volatile state (id -> value), else id -> (key, value)
        self._steadily: dict[int, dict[int, Characteristics]] = {}
        self._characteristics: dict[int, tuple[Key, Characteristics]] = {}
        # object id -> [fields, counters, value, `journaled.counted_writes` when the fields were last found the same]
        self._own_kept: dict[int, list] = {}
        self._applying: dict[int, Characteristics] | None = None   # the permanents while static effects apply
        # computed from the state, kept while what they read stays the same: every permanent with the effects of
        # static abilities (continuous.py), the permanents' static abilities not run (damage.py), the objects
        # whose triggered abilities function where they are (bookkeeping.py), the static abilities about how
        # other objects attack and block (statics.py)
        self._static_pass = Kept(self._apply_static_effects)
        self._unapplied_kept = Kept(self._read_unapplied)
        self._trigger_sources = Kept(self._functioning_sources)
        self._trigger_sources_read = SourcesRead([], TriggerSources({}, []))   # what it last read, and found
        self._graveyards_read = GraveyardRead([], [], [])   # the cards in graveyards it last read, and what it found
        # the objects' ids read up to, and the events an ability in the game may hear (bookkeeping.py): not forgotten
        # with the kept values (`forget_kept`), as it holds the effect text run that is no object's too
        self._heard_read = (0, rules_heard(rulebook))
        self._others_statics = Kept(self._read_others_statics)
        self._followers = Kept(self._read_followers)   # permanents with rules that apply at any time (game_designations.py)
        self._runs = Kept(self._runs_now)   # (perform)
        self._runs_read: tuple = ((), (), True, -1)   # the objects in play, their fields, its value, counted_writes
        self._cards_read = (0, True)   # the objects' ids read up to, and whether every one's card runs (`_cards_run`)
        state.journal.undone.append((weakref.ref(self), GameCore._ids_undone))
        self._player_statics: dict[type, Kept] = {}   # by kind, the static abilities about players (player_rules.py)
        self._defining: set[int] = set()   # objects whose characteristic-defining power is being worked out
        self._settled: Key = None   # where the last check of state-based actions found none (state_based.py)
        self._permanents_read: PermanentsRead | None = None   # what its last look at the permanents read, if kept
        self._quiet: int | None = None   # the steady stamp where `after_action`'s last round changed nothing (bookkeeping.py)

    def characteristics(self, object_id: int) -> Characteristics:
        """What the object is now (613): its own characteristics, then, on the battlefield, the continuous
        effects of static abilities (continuous.py). Each is a watched computation (journal.py): kept while the
        state it read stays the same. While those effects are being applied, a permanent is what the layers applied
        so far say; while its characteristic-defining ability is worked out, an object is what it is without it
        (not kept)."""
        applying = self._applying
        if applying is not None and object_id in applying:
            return applying[object_id]
        journal = self.state.journal
        steady = journal.steadied
        if steady == -1:
            steady = journal.steady()
        steadily = self._steadily.get(steady)
        if steadily is None:
            if len(self._steadily) >= STEADY_KEPT:
                self._steadily.clear()
            steadily = self._steadily[steady] = {}
        else:
            value = steadily.get(object_id)
            if value is not None:
                return value
        cached = self._characteristics.get(object_id)
        if cached is not None and journal.holds(cached[0]):
            return cached[1]
        obj, value = self.state.objects[object_id], None
        if applying is None and obj.zone == "battlefield":
            permanents = self._static_pass.get(journal).permanents
            key, value = self._static_pass.key, permanents.get(object_id)
        if value is None:
            value, key = self._kept_own(obj), (steady, None)
            if value is None:
                key, value = journal.computed(lambda: self.own_characteristics(object_id))
        if object_id in self._defining:
            return value
        if key is not None and key == (steady, None):
            steadily[object_id] = value
        else:
            self._characteristics[object_id] = (key, value)
        return value

    def forget_kept(self) -> None:
        """Every value kept from the state forgotten: what is asked next is computed afresh (the tests compare the
        two)."""
        self._characteristics.clear()
        self._steadily.clear()
        self._own_kept.clear()
        self._settled = self._quiet = self._permanents_read = None
        self._trigger_sources_read = SourcesRead([], TriggerSources({}, []))
        self._graveyards_read = GraveyardRead([], [], [])
        self._runs_read = ((), (), True, -1)
        for kept in self.kept_values():
            kept.forget()

    def kept_values(self) -> tuple[Kept, ...]:
        """The values computed from the state that are kept while what they read stays the same."""
        return (self._static_pass, self._unapplied_kept, self._trigger_sources, self._others_statics, self._runs,
                self._followers, *self._player_statics.values())

    def own_characteristics(self, object_id: int) -> Characteristics:
        """What the object is by itself: its card or face, what effects of resolved spells and abilities and the
        designations it has give it, its counters and its own characteristic-defining abilities; not yet the
        static abilities of other objects (continuous.py). Kept by object while what it is read from stays the
        same (`own_fields`, its counters), whatever else changes."""
        obj = self.state.objects[object_id]
        value = self._kept_own(obj)
        if value is not None:
            return value
        value = self._read_own(obj)
        if obj.zone == "battlefield" or obj.zone != "stack" and not self.static_abilities(value, ast.DefinedPT):
            # (else what it is depends on more: the stack, 604.3's amount)
            self._own_kept[object_id] = [own_fields(obj), dict(obj.counters), value, journaled.counted_writes]
        return value

    def _kept_own(self, obj: GameObject) -> Characteristics | None:
        """The object's own characteristics as kept, if what they are read from is the same (`own_fields`, its
        counters): read from no volatile state. While no object's field was written since its fields were last
        found the same (`journaled.counted_writes`; the object with its id is the same but for what a rollback
        undid, which moves it too), its counters alone are compared."""
        kept = self._own_kept.get(obj.id)
        if kept is None:
            return None
        if kept[3] != journaled.counted_writes:
            if not all(map(operator.is_, kept[0], own_fields(obj))):
                return None
            kept[3] = journaled.counted_writes
        return kept[2] if kept[1] == obj.counters else None

    def _read_own(self, obj: GameObject) -> Characteristics:
        object_id = obj.id
        value = self.state.characteristics(obj, self._face_down, self.rulebook.subtype_abilities)
        given = obj.designations & self.rulebook.designation_abilities.keys() if obj.zone == "battlefield" else ()
        if given:  # 701.60c: what a designation gives the permanent while it has it
            value = replace(value, abilities=value.abilities + tuple(
                a for d in sorted(given) for a in self.rulebook.designation_abilities[d]))
        if obj.lasting and obj.zone == "battlefield":   # 613.1d: type-changing effects of resolved abilities
            value = self.with_type_changes(obj.lasting, value)
        return self.with_own_statics(object_id, value)

    def known_characteristics(self, object_id: int | None) -> Characteristics | None:
        """`last_known(object_id).characteristics`, without reading the rest: what the object is now, or as it
        last existed on the battlefield (608.2h); None for an object never known."""
        if object_id in self.state.objects:
            return self.characteristics(object_id)
        known = self.state.last_known.get(object_id)
        return known.characteristics if known is not None else None

    def last_known(self, object_id: int | None) -> LastKnown:
        """Name, characteristics, controller and copiable values of an object, or as it last existed on
        the battlefield (608.2h)."""
        if object_id in self.state.objects:
            obj = self.state.objects[object_id]
            return LastKnown(obj.card_name, self.characteristics(object_id), obj.controller,
                             self.copiable_values(object_id), counters=tuple(obj.counters.items()),
                             attached_to=obj.attached_to)
        return self.state.last_known.get(object_id, LastKnown(None, None, None))

    def name_of(self, object_id: int) -> str:
        obj = self.state.objects.get(object_id)
        return obj.card_name if obj else f"object {object_id}"

    def action_words(self, node: ast.Node, env: Env) -> str:
        span = node.span
        return span.source_line.strip() if span and span.source_line else ""

    @staticmethod
    def words_of(node: ast.Node) -> str:
        """The words of a node as written, for prompts."""
        span = node.span
        if span and span.source_line:
            return span.source_line[span.column - 1: span.column - 1 + span.length]
        return type(node).__name__.lower()

    def emit(self, event: Event, env: Env | None = None) -> None:
        self.state.events.append(event)
        if env is not None:
            env.context.events.append(event)

    def ask(self, choice: Choice) -> list[int] | str:
        """The chooser's answer; the choice names who decides: as given, else the player doing the step
        that asks (the player an instruction addresses makes its choices, 608.2d), else the acting player."""
        if choice.player is None:
            choice.player = self.deciding
        if choice.kind in ("objects", "division"):  # objects by zone and name; a player ('any target') by name
            choice.labels = [i if isinstance(i, str) else f"{self.state.objects[i].zone}:{self.name_of(i)}"
                             for i in choice.options]
        return self.chooser.answer(choice, self.match_among)

    def ask_yes(self, prompt: str, able: bool, rule: str, player: str | None = None) -> bool:
        """A yes-or-no question, always asked; when the action can't be done, only 'no' is legal (608.2d)."""
        return self.ask(Choice("yes_no", prompt if able else f"{prompt} (it can't be done now)",
                               ["yes", "no"] if able else ["no"], rule=rule, player=player)) == "yes"

    def match_among(self, ref: Ref, options: list) -> list:
        """The options a reference names, in zone order (an answer picks among options only); a player
        among the options is named by their name alone."""
        players = [p for p in options if isinstance(p, str) and ref.name.lower() == p.lower()
                   and ref.zone is None and ref.player is None and ref.index is None]
        if players:
            return players
        found = self.ordered([i for i in options if isinstance(i, int) and self._matches(ref, self.state.objects[i])])
        if ref.index is not None:
            return found[ref.index - 1: ref.index] if 0 < ref.index <= len(found) else []
        return found[:1]

    def _matches(self, ref: Ref, obj: GameObject) -> bool:
        return ref.name.lower() == obj.card.folded and self._held(ref, obj)

    @staticmethod
    def _held(ref: Ref, obj: GameObject) -> bool:
        """Whether the object is in the zone and held by the player the reference names, if it names them."""
        if ref.zone and ref.zone != obj.zone:
            return False
        holder = obj.controller if obj.zone == "battlefield" else obj.owner
        return not ref.player or ref.player == holder

    def ordered(self, ids: list[int], player: str | None = None) -> list[int]:
        """Objects in reference order: by zone, the given player's first, then position (each zone's
        positions are read once, so ordering costs the size of the zones, not its square); one object or none
        is in order as it is."""
        if len(ids) < 2:
            return ids
        order = {zone: n for n, zone in enumerate(SEARCH_ORDER)}
        players = self.state.order
        positions: dict[tuple[str, str], dict[int, int]] = {}

        def position(obj: GameObject) -> int:
            place = (obj.zone, obj.owner if obj.zone not in ("battlefield", "stack") else "")
            if place not in positions:
                listed = (self.state.battlefield if obj.zone == "battlefield" else
                          [s.object_id for s in self.state.stack] if obj.zone == "stack" else
                          self.state.players[obj.owner].zones[obj.zone])
                positions[place] = {i: n for n, i in enumerate(listed)}
            return positions[place][obj.id]

        def key(i: int):
            obj = self.state.objects[i]
            holder = obj.controller if obj.zone == "battlefield" else obj.owner
            return (order[obj.zone], holder != player, players.index(holder), position(obj))

        return sorted(ids, key=key)

    def find(self, text: str, player: str, zones: tuple[str, ...] = SEARCH_ORDER) -> GameObject:
        """The object a step's reference names, searching zones in contract order."""
        ref = _parse_ref(text)
        if ref.zone and ref.zone not in SEARCH_ORDER:
            raise error("E404", f"unknown zone '{ref.zone}' in '{text}'", help=did_you_mean(ref.zone, SEARCH_ORDER))
        if ref.player and ref.player not in self.state.players:
            raise error("E404", f"unknown player '{ref.player}' in '{text}'",
                        help=did_you_mean(ref.player, self.state.players))
        name = ref.name.lower()   # read first: most objects differ by name
        objects = self.state.objects
        if ref.zone and ref.player:   # one zone of one holder's, in its order already
            found = self._held_named(ref, name) if ref.zone in zones else []
        else:
            found = self.ordered([i for i in self._holding(ref) if (o := objects[i]).card.folded == name
                                  and o.zone in zones and self._held(ref, o)], player)
        if ref.index is not None:
            found = found[ref.index - 1: ref.index] if 0 < ref.index <= len(found) else []
        if not found:
            names = sorted({o.card_name for o in self.state.objects.values()})
            where = f" in {ref.zone}" if ref.zone else ""
            raise error("E404", f"no object '{text}'{where}", help=did_you_mean(ref.name, names))
        return self.state.objects[found[0]]

    def _holding(self, ref: Ref) -> Iterable[int]:
        """The objects a reference naming no zone and holder together can name: where it names a zone of each
        player's (a hand, a library, ...), those zones' (an object is in the zone of its owner's its `zone` names,
        400.1, 400.3); else all."""
        state = self.state
        if ref.zone in PLAYER_ZONES and ref.player is None:
            return [i for figures in state.players.values() for i in figures.zones[ref.zone]]
        return state.objects

    def _held_named(self, ref: Ref, name: str) -> list[int]:
        """The objects with that (folded) name in the zone of the player's a reference names with its holder, in
        the zone's order: a permanent's holder is its controller, another object's its owner (400.3)."""
        state, objects, holder = self.state, self.state.objects, ref.player
        if ref.zone == "battlefield":
            return [i for i in state.battlefield if (o := objects[i]).card.folded == name and o.controller == holder]
        if ref.zone == "stack":
            return [i for item in state.stack if (i := item.object_id) in objects and (o := objects[i]).zone == "stack"
                    and o.card.folded == name and o.owner == holder]
        return [i for i in state.players[holder].zones[ref.zone] if objects[i].card.folded == name]

    def _in_play(self) -> list[GameObject]:
        """The permanents and the spells on the stack: the objects whose abilities work (113.6)."""
        objects = self.state.objects
        return [*map(objects.__getitem__, self.state.battlefield),
                *(objects[item.object_id] for item in self.state.stack if item.object_id in objects)]

    def _runs_now(self) -> bool:
        """Whether the interpreter can run the state (runs.py `state_not_run`): the last answer while the objects in
        play are the same, in the same order, each with the same card, zone and face (`_RUN_FIELDS`: what that
        reads of them; while no object's field was written since, `journaled.counted_writes`, the objects alone)."""
        in_play, last = self._in_play(), self._runs_read
        if last[3] == journaled.counted_writes and len(in_play) == len(last[0]) and all(
                map(operator.is_, in_play, last[0])):
            return last[2]
        read = list(map(_RUN_FIELDS, in_play))
        if read_again(in_play, read, last):
            runs_now = last[2]
        else:
            runs_now = runs.state_not_run(in_play, self.rulebook) is None
        self._runs_read = (in_play, read, runs_now, journaled.counted_writes)
        return runs_now

    def refuse_not_run(self) -> None:
        """A state the interpreter can't run is refused (runs.py); that it can is kept while what it read stays
        the same (`_runs`), and known at once while every object made in this game has a card no object of which
        is ever refused (`_cards_run`)."""
        state = self.state
        read, run = self._cards_read
        if read != state.next_id:
            run = self._cards_run(read, run)
        if not run and not self._runs.get(state.journal):
            raise runs.state_not_run(self._in_play(), self.rulebook)

    def _ids_undone(self) -> None:
        """A rollback undid ids: objects made anew with them are read (`_heard`, `_cards_run`) as they are made."""
        made = self.state.next_id
        self._heard_read = (min(self._heard_read[0], made), self._heard_read[1])
        self._cards_read = (min(self._cards_read[0], made), self._cards_read[1])

    def _cards_run(self, read: int, run: bool) -> bool:
        """Whether, as it was for the objects up to id `read`, each object made since has a card that runs
        (`runs.card_runs`), by id from the last one read (`_ids_undone`); once one has not, False for good."""
        state = self.state
        made, objects, book = state.next_id, state.objects, self.rulebook
        run = run and all(runs.card_runs(objects[i].card, book) for i in range(read, made) if i in objects)
        self._cards_read = (made, run)
        return run

    def perform(self, player: str, action: Callable[[], None], chooser: Chooser) -> list[Event]:
        """Run one player action all-or-nothing (a refusal rolls the journal back); returns the events
        it caused."""
        self.refuse_after_the_end()
        self.refuse_not_run()
        journal = self.state.journal
        mark = journal.mark()
        self.chooser, self.deciding = chooser, player
        start = len(self.state.events)
        try:
            action()
            self.after_action(start)
            self.refuse_not_run()   # what the action put there
            if isinstance(chooser, ScriptedChooser) and chooser.unused():
                raise error("E408", f"unused answer(s): {', '.join(map(str, chooser.unused()))}",
                            help="remove answers the step does not ask for")
        except BaseException:
            journal.rollback(mark)
            raise
        finally:
            self.chooser, self.deciding = _Probe(), None
        journal.keep(mark)
        return self.state.events[start:]

    def new_context(self, player: str, source_id: int | None) -> Context:
        """A spell or ability of the source; an ability of a spell, or of a permanent, remembers how that spell was
        cast (601.2b)."""
        source = self.state.objects.get(source_id) if source_id is not None else None
        return Context(self.state.new_id(), player, source_id, source.card_name if source else None,
                       cast_events=source.cast_events if source else (), paid=self.paid_for(source_id) if source else ())

    def effect(self, player: str, effect: ast.Effect, source_id: int | None, text: str) -> None:
        """Resolve effect text at once, as an ability the player controls (scenario effect step)."""
        self.hear(effect)
        context = self.new_context(player, source_id)
        self.interpreter.run(effect, Env(player, context, source_id, action_text=text))
        self.end_context(context)

    def end_context(self, context: Context) -> None:
        """The effect is done: what it revealed is no longer revealed (701.20a)."""
        self.state.end_reveals(context.id)

    def try_out(self, attempt: Callable[[], None]) -> MtgError | None:
        """Whether an option can be carried out in at least one legal way (117.3, 608.2d): run it on
        the game and roll it back (the journal), answering its choices one legal way after another, until
        one run succeeds; else the refusal of the first run. A trial inside a trial tries one way only. A trial
        that reaches a part the interpreter doesn't run can't tell: that refusal is the action's
        (runs.py); nor is a definition that loops an option that can't be done: the whole action is
        refused, naming it."""
        journal, chooser = self.state.journal, self.chooser
        path: tuple[int, ...] | None = ()
        first: MtgError | None = None
        self._trial_depth += 1
        try:
            for _ in range(1 if self._trial_depth > 1 else MAX_TRIALS):
                probe = _Probe(path)
                self.chooser = probe
                mark = journal.mark()
                try:
                    attempt()
                    return None
                except Loops:
                    raise
                except MtgError as exc:
                    if exc.diagnostic.code == NOT_RUN:
                        raise
                    first = first or exc
                finally:
                    journal.rollback(mark)
                path = probe.next_path()
                if path is None:
                    break
            return first
        finally:
            self.chooser = chooser
            self._trial_depth -= 1

    def owner_of(self, object_id: int | None) -> str | None:
        """The owner of an object, or of what it became (400.7)."""
        while object_id is not None and object_id not in self.state.objects and object_id in self.state.moved:
            object_id = self.state.moved[object_id]
        obj = self.state.objects.get(object_id) if object_id is not None else None
        return obj.owner if obj else None
