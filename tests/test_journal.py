"""The undo journal (interpreter/game/journal.py): the narrow door of the game state.

(a) No write escapes the journal: every class of the state records its attribute writes and has no
    __dict__ for stray attributes, and every mutable value reachable from a game's state -- after random
    actions, refused ones included -- is a journaled container (anything else is a value that never
    changes). The shadow of the rule in tests/test_mechanics_are_data.py, for state writes.
(b) Each journaled operation is undone exactly, marks nest, objects made during an action disappear on
    rollback and deleted ones come back as the same Python objects; the RNG's state comes back.
(c) Game.perform and Game.try_out take no snapshot: the state has no clone left to take.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from enum import Enum

import pytest

from interpreter.language import ast
from interpreter.game import journaled as journaled_module
from interpreter.game.characteristics import Characteristics, Face
from interpreter.game.choices import RandomChooser
from interpreter.diagnostics import MtgError
from interpreter.game.events import Event
from interpreter.game.journal import Journal, Kept
from interpreter.game.journaled import VOLATILE_TWIN, JCounter, JDict, JList, JRandom, JSet, Recorded
from interpreter.game.state import (
    CardDef,
    Context,
    Delayed,
    GameObject,
    GameState,
    LastKnown,
    Player,
    StackItem,
    Targets,
)
from interpreter.game.zone_lists import ZoneList

import test_properties as props

def card(name: str) -> CardDef:
    return CardDef(name, Face(name, None, None, ("Creature",), (), (), 1, 1))


STATE_CLASSES = (GameState, Player, GameObject, Context, Targets, StackItem, Delayed)
JOURNALED = (JList, JDict, JSet, JCounter, JRandom)
#: Values that never change once made (shared, not journaled).
IMMUTABLE = (str, int, float, bool, type(None), bytes, frozenset, Enum, ast.Node, Event, Characteristics, Face,
             CardDef, Journal)


# ------------------------------------------------------------------ (a) the narrow door
def test_every_state_class_records_its_writes_and_has_no_dict() -> None:
    for cls in STATE_CLASSES:
        assert issubclass(cls, Recorded), cls
        assert dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__, cls
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    obj = state.create(card("Bear"), "alice", "library")
    for value in (state, state.players["alice"], obj):
        assert not hasattr(value, "__dict__")
        with pytest.raises(AttributeError):
            value.not_a_field = 1


def test_a_plain_container_assigned_to_the_state_is_adopted() -> None:
    player = Player("alice")
    player.pool = Counter({"G": 1})
    player.completed = ["A"]
    context = Context(1, "alice", None, vars={"X": 1})
    assert type(player.completed) is JList and type(context.vars) is JDict and type(context.targets) is JList
    # a volatile field's container is its journaled type's twin (its changes don't move the steady stamp)
    assert type(player.pool) is VOLATILE_TWIN[JCounter] and type(context.events) is VOLATILE_TWIN[JList]
    assert isinstance(player.pool, JCounter) and player.pool["G"] == 1
    # given to the constructor, by position or name, to a volatile field or not (`recorded`'s __init__ sets
    # fields without the journaling __setattr__, then adopts what needs it)
    made = Context(2, "bob", None, None, [], [Targets(["x"], None)], vars={"Y": 2})
    assert type(made.events) is VOLATILE_TWIN[JList] and type(made.targets) is JList and type(made.vars) is JDict
    assert type(made.targets[0].chosen) is JList and type(made.targets[0].vars) is JDict
    with pytest.raises(TypeError):
        hash(made)   # a state object is compared by value, never a key


def test_making_a_state_object_records_nothing() -> None:
    """A new object has no old values: made while a mark is open, it leaves the journal and its stamps as they
    were (whether `recorded`'s __init__ goes through `made_quietly` or not)."""
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    journal = state.journal
    mark = journal.mark()
    before = (len(journal.entries), journal.stamp(), journal.steady())
    context = Context(1, "alice", None, events=[], vars={"X": 1})
    made = [GameObject(2, card("Bear"), "alice", "alice", "hand", counters={"+1/+1": 1}), context,
            Targets([2], None), StackItem(3, "alice", context), Player("bob"),
            Delayed(None, None, "alice", None, None, {}, 0, 1), GameState({"bob": Player("bob")}, ["bob"], "bob")]
    assert (len(journal.entries), journal.stamp(), journal.steady()) == before, made
    journal.rollback(mark)


def unjournaled(value, path: str = "state", seen: set | None = None) -> list[str]:
    """Paths to every mutable value reachable from `value` that is neither journaled nor immutable."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, IMMUTABLE):
        return []
    seen.add(id(value))
    if isinstance(value, JRandom):
        return []
    if isinstance(value, Recorded):
        return [p for f in dataclasses.fields(value)
                for p in unjournaled(getattr(value, f.name), f"{path}.{f.name}", seen)]
    if isinstance(value, (JDict, JCounter)):
        return [p for k, v in value.items() for p in unjournaled(v, f"{path}[{k!r}]", seen)]
    if isinstance(value, (JList, JSet, tuple)):   # a tuple never changes, but may hold what does
        return [p for i, v in enumerate(value) for p in unjournaled(v, f"{path}[{i}]", seen)]
    if isinstance(value, LastKnown):
        return []
    return [f"{path}: {type(value).__name__}"]


@props.props(60)
@props.given(props.plans(20), props.st.floats(0.0, 0.5))
def test_every_mutable_value_of_a_game_state_is_journaled(plan: dict, rate: float) -> None:
    def check(game, step, refused, before):
        found = unjournaled(game.state)
        assert not found, f"after step {step}: not journaled: {found[:5]}"

    props.run_plan(plan, chooser=props.FlakyChooser(plan["chooser_seed"], rate), after_step=check)


# ------------------------------------------------------------------ (b) each operation undone
def _undone(make, change) -> None:
    """`change` applied to `make()` under a mark, then rolled back, leaves it as it was (a mapping's
    order aside: a deleted key comes back last)."""
    value = make()
    before = (type(value), sorted(value.items()) if isinstance(value, dict) else
              sorted(value) if isinstance(value, set) else list(value))
    journal = Journal()
    mark = journal.mark()
    change(value)
    journal.rollback(mark)
    after = (type(value), sorted(value.items()) if isinstance(value, dict) else
             sorted(value) if isinstance(value, set) else list(value))
    assert after == before
    assert journaled_module._active is None and not journal.entries


LIST_CHANGES = [lambda v: v.append(9), lambda v: v.extend([7, 8]), lambda v: v.insert(1, 5),
                lambda v: v.insert(-1, 5), lambda v: v.insert(99, 5), lambda v: v.remove(2), lambda v: v.pop(),
                lambda v: v.pop(0), lambda v: v.pop(-2), lambda v: v.__setitem__(1, 0),
                lambda v: v.__setitem__(slice(0, 2), [4, 4, 4]), lambda v: v.__delitem__(-1),
                lambda v: v.__delitem__(slice(1, None)), lambda v: v.__iadd__([1]), lambda v: v.__imul__(2),
                lambda v: v.clear(), lambda v: v.sort(reverse=True), lambda v: v.reverse(),
                lambda v: random.Random(1).shuffle(v)]
DICT_CHANGES = [lambda v: v.__setitem__("a", 5), lambda v: v.__setitem__("z", 5), lambda v: v.__delitem__("a"),
                lambda v: v.pop("b"), lambda v: v.pop("q", None), lambda v: v.popitem(),
                lambda v: v.setdefault("n", 1), lambda v: v.update({"a": 0, "m": 2}), lambda v: v.clear()]
COUNTER_CHANGES = DICT_CHANGES + [lambda v: v.update("aab"), lambda v: v.subtract({"a": 5}),
                                  lambda v: v.__iadd__(Counter(c=1)), lambda v: v.__isub__(Counter(a=1)),
                                  lambda v: v.__delitem__("missing")]
SET_CHANGES = [lambda v: v.add(9), lambda v: v.add(1), lambda v: v.discard(1), lambda v: v.discard(9),
               lambda v: v.remove(2), lambda v: v.pop(), lambda v: v.clear(), lambda v: v.update({5, 6}),
               lambda v: v.difference_update({1}), lambda v: v.intersection_update({1}),
               lambda v: v.symmetric_difference_update({1, 7}), lambda v: v.__ior__({8}),
               lambda v: v.__iand__({2}), lambda v: v.__isub__({2}), lambda v: v.__ixor__({2, 3})]


@pytest.mark.parametrize("change", LIST_CHANGES)
def test_list_changes_are_undone(change) -> None:
    _undone(lambda: JList([1, 2, 3]), change)



@pytest.mark.parametrize("change", LIST_CHANGES)
def test_a_zone_list_s_changes_are_undone_and_each_gives_it_a_stamp_never_given(change) -> None:
    zone = ZoneList([1, 2, 3])
    stamps = {zone.stamp, ZoneList().stamp}
    _undone(lambda: zone, change)
    assert zone.stamp not in stamps

@pytest.mark.parametrize("change", DICT_CHANGES)
def test_dict_changes_are_undone(change) -> None:
    _undone(lambda: JDict(a=1, b=2), change)


@pytest.mark.parametrize("change", COUNTER_CHANGES)
def test_counter_changes_are_undone(change) -> None:
    _undone(lambda: JCounter(a=1, b=2), change)


def test_filling_an_empty_counter_is_undone() -> None:
    """Counter.update fills an empty Counter with dict.update, past __setitem__."""
    _undone(JCounter, lambda v: v.update({"G": 2}))
    _undone(JCounter, lambda v: v.__iadd__(Counter(G=1)))


@pytest.mark.parametrize("change", SET_CHANGES)
def test_set_changes_are_undone(change) -> None:
    _undone(lambda: JSet({1, 2, 3}), change)


def _moves_the_steady_stamp(value, change) -> tuple[bool, bool]:
    """Whether `change` of `value`, under a mark whose steady stamp was taken, was recorded and moved it."""
    journal = Journal()
    mark = journal.mark()
    steady, entries = journal.steady(), len(journal.entries)
    change(value)
    recorded, moved = len(journal.entries) > entries, journal.steady() != steady
    journal.rollback(mark)
    assert journal.steady() == steady
    return recorded, moved


CONTAINERS = [(lambda: JList([1, 2, 3]), LIST_CHANGES), (lambda: JDict(a=1, b=2), DICT_CHANGES),
              (lambda: JCounter(a=1, b=2), COUNTER_CHANGES), (lambda: JSet({1, 2, 3}), SET_CHANGES)]


@pytest.mark.parametrize("volatile", [False, True])
@pytest.mark.parametrize("make, change", [(make, change) for make, changes in CONTAINERS for change in changes])
def test_each_recorded_write_moves_the_steady_stamp_as_it_is_made(make, change, volatile: bool) -> None:
    """The steady stamp, once taken, is kept (`Journal.steadied`) until a write moves it: each journaled
    container's recorded change does as it is made, its volatile twin's never does."""
    value = make()
    if volatile:
        value = VOLATILE_TWIN[type(value)](value)
    recorded, moved = _moves_the_steady_stamp(value, change)
    assert moved == (recorded and not volatile)


def test_each_recorded_field_write_and_draw_moves_the_steady_stamp_but_a_volatile_field_s() -> None:
    state = GameState({"alice": Player("alice")}, ["alice"], "alice", seed=2)
    bear = state.create(card("Bear"), "alice", "battlefield")
    assert _moves_the_steady_stamp(bear, lambda b: setattr(b, "damage", 2)) == (True, True)
    assert _moves_the_steady_stamp(bear, lambda b: setattr(b, "tapped", True)) == (True, False)
    assert _moves_the_steady_stamp(state, lambda s: setattr(s, "step", "draw")) == (True, False)
    assert _moves_the_steady_stamp(state, lambda s: s.rng.random()) == (True, True)


def test_a_kept_value_holds_while_what_it_read_is_the_same() -> None:
    """A `Kept` value is served again while the steady stamp is its own, if it read no volatile field; one that
    read one only at its stamp."""
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    bear = state.create(card("Bear"), "alice", "battlefield")
    journal, made = state.journal, []
    damage = Kept(lambda: made.append("damage") or bear.damage)
    tapped = Kept(lambda: made.append("tapped") or bear.tapped)
    mark = journal.mark()
    assert (damage.get(journal), tapped.get(journal)) == (0, False)
    bear.tapped = True
    assert (damage.get(journal), tapped.get(journal)) == (0, True) and made == ["damage", "tapped", "tapped"]
    bear.damage = 1
    assert damage.get(journal) == 1
    journal.rollback(mark)
    assert (damage.get(journal), tapped.get(journal)) == (0, False)


def test_a_write_while_no_mark_is_open_moves_the_steady_stamp() -> None:
    """Not recorded, a write still moves the steady stamp of a journal that took it before, and a value kept at it
    is made again."""
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    bear = state.create(card("Bear"), "alice", "battlefield")
    damage = Kept(lambda: bear.damage)
    steady = state.journal.steady()
    assert damage.get(state.journal) == 0 and state.journal.steady() == steady
    bear.damage = 1
    assert state.journal.steady() != steady and damage.get(state.journal) == 1


def test_marks_nest_and_objects_come_and_go() -> None:
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    bear = state.create(card("Bear"), "alice", "library")
    outer = state.journal.mark()
    state.remove(bear)
    inner = state.journal.mark()
    token = state.create(card("Token"), "alice", "battlefield", is_token=True)
    token.tapped = True
    state.journal.rollback(inner)
    assert token.id not in state.objects and not state.battlefield and not state.tokens
    assert state.next_id == token.id and bear.id not in state.objects
    state.players["alice"].life -= 3
    state.journal.rollback(outer)
    assert state.objects[bear.id] is bear and state.players["alice"].zones["library"] == [bear.id]
    assert state.players["alice"].life == 20 and journaled_module._active is None


def test_the_stamp_is_the_state_s() -> None:
    """What is cached at a stamp (a game's characteristics) holds exactly while the state is the one it was
    computed from: every change, and a write while no mark is open, gets a stamp never given before (a
    different change of the same size too); a rollback brings back its mark's stamp (the state is that one
    again); keeping changes nothing; a write of the value already there is no change."""
    journal, values = Journal(), JList()
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    outer = journal.mark()
    seen = [journal.stamp()]
    values.append(1)
    seen.append(journal.stamp())
    inner = journal.mark()
    values.append(2)
    seen.append(journal.stamp())
    journal.rollback(inner)
    assert journal.stamp() == seen[1]
    inner = journal.mark()
    values.append(3)          # as many entries as before the rollback, another state
    seen.append(journal.stamp())
    journal.keep(inner)
    assert journal.stamp() == seen[-1]   # keeping changes nothing
    journal.keep(outer)
    assert journal.stamp() == seen[-1]
    assert len(set(seen)) == len(seen) and seen == sorted(seen)
    values.append(4)          # no mark open: not recorded, still a change
    later = journal.mark()
    assert journal.stamp() > seen[-1]
    seen.append(journal.stamp())
    journal.rollback(later)
    assert journal.stamp() == seen[-1]
    mark = state.journal.mark()
    before = state.journal.stamp()
    state.players["alice"].life = 20
    state.players["alice"].zones["hand"].clear()
    assert state.journal.stamp() == before and not state.journal.entries
    state.journal.set_quietly(state, "bookkept", 5)   # the engine's own bookkeeping: undone, the stamp stays
    assert state.journal.stamp() == before and state.bookkept == 5
    state.players["alice"].life = 19
    assert state.journal.stamp() > before
    state.journal.rollback(mark)
    assert state.journal.stamp() == before and state.bookkept == 0


def test_the_steady_stamp_leaves_out_volatile_fields() -> None:
    """A watched computation's value (characteristics) is kept at the steady stamp: it holds across changes of
    volatile fields (the step, the events, a tapped permanent, a mana pool), never across any other change (a
    write while no mark is open too). One that read a volatile field, or a value kept at the stamp, holds only
    at that stamp, and a computation using it read it too; a rollback brings back its mark's; a computation that
    changes the state isn't kept."""
    state = GameState({"alice": Player("alice")}, ["alice"], "alice")
    bear = state.create(card("Bear"), "alice", "battlefield")
    journal = state.journal
    outer = journal.mark()
    steady = journal.steady()
    key, zone = journal.computed(lambda: bear.zone)
    assert key == (steady, None) and zone == "battlefield"
    state.step = "upkeep"
    state.events.append(Event("tapped", "alice", "Bear", bear.id))
    bear.tapped = True
    state.players["alice"].pool["G"] += 1
    assert journal.steady() == steady and journal.holds(key)
    read, tapped = journal.computed(lambda: bear.tapped)
    assert tapped and read == (steady, journal.stamp())
    inner = journal.mark()
    bear.tapped = False
    assert journal.holds(key) and not journal.holds(read)
    journal.rollback(inner)
    assert journal.holds(read)
    assert journal.computed(lambda: journal.holds(read))[0][1] is not None   # uses a value that read it
    assert journal.computed(journal.stamp)[0][1] is not None                # a value kept at the stamp
    assert journal.computed(lambda: journal.holds(key))[0] == key
    bear.counters["+1/+1"] = 1
    assert journal.steady() != steady and not journal.holds(key)
    journal.rollback(outer)
    assert journal.steady() == steady and journal.holds(key)
    assert journal.computed(lambda: setattr(bear, "damage", 1))[0] is None
    bear.damage = 0
    assert not journal.holds(key)   # no mark open: not recorded, still a change
    again, _ = journal.computed(lambda: bear.zone)
    mark = journal.mark()
    state.step = "draw"
    assert journal.holds(again)
    journal.keep(mark)
    assert journal.holds(again)


def test_marks_close_innermost_first() -> None:
    journal, values = Journal(), JList()
    outer = journal.mark()
    values.append(1)
    inner = journal.mark()
    with pytest.raises(RuntimeError):
        journal.rollback(outer)
    journal.rollback(inner)
    journal.rollback(outer)
    assert journaled_module._active is None and values == []


def test_the_random_generator_is_restored() -> None:
    state = GameState({"alice": Player("alice")}, ["alice"], "alice", seed=4)
    start = state.rng.getstate()
    outer = state.journal.mark()
    first = state.rng.random()
    inner = state.journal.mark()
    state.rng.shuffle(JList(range(10)))
    state.journal.rollback(inner)
    assert state.rng.random() != first
    state.journal.keep(state.journal.mark())
    state.journal.rollback(outer)
    assert state.rng.getstate() == start
    assert state.rng.random() == first


# ------------------------------------------------------------------ (c) no snapshots
def test_perform_rolls_back_without_a_snapshot() -> None:
    assert not hasattr(GameState, "clone")
    plan = {"seed": 3, "chooser_seed": 5, "steps": [],
            "state": {p: {"library": ["Grizzly Bears"] * 4, "hand": [], "battlefield": ["Grizzly Bears"]}
                      for p in props.PLAYERS}}
    game = props.new_game(plan)
    state, before = game.state, props.full_state(game.state)
    with pytest.raises(MtgError):
        game.perform("alice", lambda: (props.action_for(game, "alice", "manifest dread", 0)(), game.resolve("alice")),
                     RandomChooser(1))
    assert game.state is state and props.full_state(state) == before
