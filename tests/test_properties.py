"""Properties of random games (issue 6), checked with hypothesis.

Random games: two players with random libraries, hands and creatures, then
random steps -- one of ACTIONS by a random player -- performed through
`Game.perform` with the seeded `RandomChooser`. After every step:

(a) every card is in exactly one zone, the zone its object says, in its
    owner's zone (the battlefield and stack aside); tokens exist only on the
    battlefield; no card is lost or made up (a dungeon card from outside the
    game aside);
(b) a refused action leaves the state identical: a full serialization of
    the GameState (every field, the event log and the random generator
    included) is the same before and after. Refusals come from the game
    ('resolve' with nothing on the stack) and from a chooser that gives a bad
    answer part way through an action, after cards have already moved; and
    a successful action rolled back with the undo journal leaves it the same;
(c) the same seed and answers give the same event log: in one process, and
    in two processes with different PYTHONHASHSEED (set iteration order);
(d) no player's view (`interpreter.game.view.view`) shows another player's hand,
    any library's order, or the identity of a face-down object the viewer
    may not look at -- checked directly, and as non-interference: swapping
    the hidden cards for others leaves the viewer's view unchanged.

Profiles. The default is derandomized (the same examples every run) and
small enough for CI (well under a minute). For a longer search, set

    MTGRULES_HYPOTHESIS=long .venv/bin/pytest -q tests/test_properties.py

which runs 20 times as many examples (still derandomized, so a failure
reproduces). Failures print the game plan; `run_plan(plan)` replays it.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.game.cards import make_card
from interpreter.game.choices import Choice, RandomChooser
from interpreter.diagnostics import MtgError, error
from interpreter.tools.scenario import Runner, Scenario, _serialize
from interpreter.game.state import PLAYER_ZONES, CardDef, GameState
from interpreter.game.view import VIEW_ZONES, may_look, view

PROFILE = os.environ.get("MTGRULES_HYPOTHESIS", "default").strip().lower()
LONG = PROFILE == "long"


def examples(n: int) -> int:
    """n examples in the default profile, 20 times as many in the long one."""
    return n * 20 if LONG else n


def props(n: int):
    return settings(derandomize=True, max_examples=examples(n), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


ACTIONS = ["manifest dread", "manifest the top card of your library", "cloak the top card of your library",
           "explore", "amass Zombies 1", "draw a card", "mill two cards", "venture into the dungeon", "resolve",
           "shuffle your library", "pass"]

CARDS = {
    "Jadelight Ranger": {"mana_cost": "{1}{G}{G}", "types": ["Creature"], "subtypes": ["Merfolk", "Scout"],
                         "power": 2, "toughness": 1},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2,
                      "toughness": 2},
    "Shivan Dragon": {"mana_cost": "{4}{R}{R}", "types": ["Creature"], "subtypes": ["Dragon"], "power": 5,
                      "toughness": 5},
    "Lightning Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
    "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
}
CARD_NAMES = sorted(CARDS)
CREATURES = [n for n in CARD_NAMES if "Creature" in CARDS[n]["types"]]
PLAYERS = ["alice", "bob"]

RUNNER = Runner()


# ------------------------------------------------------------------ game plans
def plans(max_steps: int = 20):
    """A random game: starting zones, random steps, seeds for the game and the chooser."""
    zone = lambda size: st.lists(st.sampled_from(CARD_NAMES), max_size=size)  # noqa: E731
    player = st.fixed_dictionaries({"library": zone(12), "hand": zone(3),
                                    "battlefield": st.lists(st.sampled_from(CREATURES), max_size=2)})
    return st.fixed_dictionaries({
        "seed": st.integers(0, 2 ** 16),
        "chooser_seed": st.integers(0, 2 ** 30),
        "state": st.fixed_dictionaries({p: player for p in PLAYERS}),
        "steps": st.lists(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(ACTIONS),
                                    st.integers(0, 3)), min_size=1, max_size=max_steps),
    })


def new_game(plan: dict):
    doc = {"name": "random game", "seed": plan["seed"], "cards": CARDS, "players": PLAYERS,
           "state": {p: {z: list(v) for z, v in zones.items()} for p, zones in plan["state"].items()},
           "steps": []}
    return Scenario(doc, Path("random-game.yaml"), RUNNER).game


def action_for(game, player: str, text: str, pick: int):
    """The step as a callable: 'resolve' and 'pass' are commands; the rest is effect text (explore with a
    source)."""
    if text == "resolve":
        return lambda: game.resolve(player)
    if text == "pass":  # every player passes: the top of the stack resolves, or the step ends (117.4)
        return lambda: game.pass_priority(player)
    effect = _parsed(game.rulebook, text)
    source = None
    if text == "explore":
        creatures = [o.id for o in game.state.in_zone("battlefield", player)
                     if "Creature" in game.characteristics(o.id).types]
        source = creatures[pick % len(creatures)] if creatures else None
    return lambda: game.effect(player, effect, source, text)


_PARSED: dict = {}


def _parsed(book, text: str):
    key = (id(book), text)
    if key not in _PARSED:
        _PARSED[key] = book.parse(text, "effect_text")
    return _PARSED[key]


class FlakyChooser:
    """Answers like RandomChooser, but now and then gives an answer that is not an option (E405),
    after the action may already have moved cards: the whole action must then be undone."""

    def __init__(self, seed: int, rate: float = 0.35):
        self.inner = RandomChooser(seed)
        self.rng = random.Random(seed ^ 0x5EED)
        self.rate = rate
        self.refusals = 0

    def answer(self, choice: Choice, match):
        if self.rng.random() < self.rate:
            self.refusals += 1
            raise error("E405", f"'Nonexistent Card' is not an option for {choice.prompt}", rule=choice.rule)
        return self.inner.answer(choice, match)


def run_plan(plan: dict, chooser=None, after_step=None) -> dict:
    """Play a plan; `after_step(game, step, refused, before)` is called after every step.
    Returns the event log, refusals and the final game."""
    game = new_game(plan)
    chooser = chooser if chooser is not None else RandomChooser(plan["chooser_seed"])
    outcomes = []
    for number, (player, text, pick) in enumerate(plan["steps"], 1):
        before = full_state(game.state) if after_step else None
        try:
            game.perform(player, action_for(game, player, text, pick), chooser)
            outcomes.append(None)
            refused = None
        except MtgError as exc:
            outcomes.append(exc.diagnostic.code)
            refused = exc
        if after_step:
            after_step(game, (number, player, text), refused, before)
    return {"events": event_log(game.state), "outcomes": outcomes, "game": game}


def event_log(state: GameState) -> list:
    return [[e.name, e.player, e.card, e.object_id, e.cause] for e in state.events]


# ------------------------------------------------------------------ a full serialization
def _freeze(value, depth: int = 0):
    """A comparable form of any state value: dataclasses field by field, sets and mappings sorted (no
    reader of the state depends on a mapping's order: a rolled-back deletion comes back last), the
    random generator as its state. Card definitions never change (they deepcopy to themselves): their name."""
    if depth > 60:
        return repr(value)
    if isinstance(value, CardDef):
        return ("CardDef", value.name)
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple((f.name, _freeze(getattr(value, f.name), depth + 1))
                                               for f in dataclasses.fields(value))
    if isinstance(value, dict):  # a mapping: its order is not part of the state (a rollback may change it)
        return ("dict",) + tuple(sorted(((_freeze(k, depth + 1), _freeze(v, depth + 1)) for k, v in value.items()),
                                        key=lambda item: repr(item[0])))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__,) + tuple(_freeze(v, depth + 1) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted((_freeze(v, depth + 1) for v in value), key=repr))
    return value


def full_state(state: GameState) -> str:
    """Every field of the GameState (interpreter.tools.scenario._serialize leaves out pending_triggers,
    last_known and turn_started), as text."""
    return repr(_freeze(state))


# ------------------------------------------------------------------ (a) one zone per card
def zone_problems(game, initial_cards: Counter) -> list[str]:
    state = game.state
    book = game.rulebook
    problems = []
    where: dict[int, list[tuple[str, str | None]]] = {}
    for object_id in state.battlefield:
        where.setdefault(object_id, []).append(("battlefield", None))
    for item in state.stack:
        if item.object_id is not None:
            where.setdefault(item.object_id, []).append(("stack", None))
    for name, figures in state.players.items():
        for zone in PLAYER_ZONES:
            for object_id in figures.zones[zone]:
                where.setdefault(object_id, []).append((zone, name))
    for object_id, places in where.items():
        if len(places) != 1:
            problems.append(f"object {object_id} is in {len(places)} zones: {places}")
        if object_id not in state.objects:
            problems.append(f"object {object_id} is in {places} but is not an object of the game")
    for object_id, obj in state.objects.items():
        places = where.get(object_id, [])
        if not places:
            problems.append(f"{obj.card_name} (object {object_id}, zone {obj.zone}) is in no zone list")
            continue
        zone, holder = places[0]
        if zone != obj.zone:
            problems.append(f"{obj.card_name} (object {object_id}) says zone {obj.zone} but is in {zone}")
        if holder is not None and holder != obj.owner:
            problems.append(f"{obj.card_name} (object {object_id}) is in {holder}'s {zone}, owner {obj.owner}")
        if obj.is_token and obj.zone != "battlefield":
            problems.append(f"token {obj.card_name} (object {object_id}) exists in the {obj.zone} (704.5d)")
    cards = Counter((o.owner, o.card_name) for o in state.objects.values()
                    if not o.is_token and o.card_name not in book.room_cards)
    if cards != initial_cards:
        problems.append(f"cards lost or made up: lost {dict(initial_cards - cards)}, new {dict(cards - initial_cards)}")
    return problems


def initial_cards(plan: dict) -> Counter:
    return Counter((p, name) for p, zones in plan["state"].items() for names in zones.values() for name in names)


@props(300)
@given(plans(25))
def test_every_card_is_in_exactly_one_zone(plan: dict) -> None:
    start = initial_cards(plan)

    def check(game, step, refused, before):
        problems = zone_problems(game, start)
        assert not problems, f"after step {step}: " + "; ".join(problems)

    run_plan(plan, after_step=check)


# ------------------------------------------------------------------ (b) refusals change nothing
@props(300)
@given(plans(25), st.floats(0.1, 0.6))
def test_a_refused_action_leaves_the_state_identical(plan: dict, rate: float) -> None:
    chooser = FlakyChooser(plan["chooser_seed"], rate)

    def check(game, step, refused, before):
        if refused is not None:
            after = full_state(game.state)
            assert after == before, (f"step {step} was refused ({refused.diagnostic.headline()}) but the "
                                     f"state changed:\n{_first_difference(before, after)}")

    run_plan(plan, chooser=chooser, after_step=check)


@props(150)
@given(plans(20))
def test_a_rolled_back_action_leaves_the_state_identical(plan: dict) -> None:
    """The journal undoes a successful action too (as a trial run is undone): every step is performed
    under an open mark, rolled back and compared, then performed for real."""
    game = new_game(plan)
    chooser = RandomChooser(plan["chooser_seed"])
    for number, (player, text, pick) in enumerate(plan["steps"], 1):
        before, shown = full_state(game.state), _serialize(game.state)
        journal = game.state.journal
        mark = journal.mark()
        try:
            game.perform(player, action_for(game, player, text, pick), chooser)
        except MtgError:
            pass
        journal.rollback(mark)
        after = full_state(game.state)
        assert after == before, f"step {number} ({text}) rolled back, but:\n{_first_difference(before, after)}"
        assert _serialize(game.state) == shown
        assert not journal.entries and not journal.marks
        try:
            game.perform(player, action_for(game, player, text, pick), chooser)
        except MtgError:
            pass


def test_refusals_do_happen_in_the_random_games() -> None:
    """The property above is not vacuous: the flaky chooser and 'resolve' do refuse, part way through."""
    plan = {"seed": 1, "chooser_seed": 2, "steps": [(p, a, 0) for a in ACTIONS for p in PLAYERS] * 2,
            "state": {p: {"library": ["Grizzly Bears", "Island"] * 5, "hand": [], "battlefield": ["Grizzly Bears"]}
                      for p in PLAYERS}}
    chooser = FlakyChooser(3, 0.5)
    result = run_plan(plan, chooser=chooser)
    codes = Counter(c for c in result["outcomes"] if c)
    assert codes["E405"] >= 1 and codes["E402"] >= 1, codes


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"before: ...{a[max(0, n - 200): n + 200]}...\nafter:  ...{b[max(0, n - 200): n + 200]}..."


# ------------------------------------------------------------------ (c) determinism
@props(150)
@given(plans(25))
def test_same_seed_and_answers_give_the_same_event_log(plan: dict) -> None:
    first = run_plan(plan)
    second = run_plan(copy.deepcopy(plan))
    assert first["outcomes"] == second["outcomes"]
    assert first["events"] == second["events"]
    assert full_state(first["game"].state) == full_state(second["game"].state)


#: Fixed plans for the cross-process check (hypothesis is not used in the child processes).
FIXED_PLANS = [
    {"seed": s, "chooser_seed": 1000 + s,
     "state": {p: {"library": [CARD_NAMES[(s + i * 3 + len(p)) % len(CARD_NAMES)] for i in range(10)],
                   "hand": [CARD_NAMES[s % len(CARD_NAMES)]], "battlefield": [CREATURES[s % len(CREATURES)]]}
               for p in PLAYERS},
     "steps": [(PLAYERS[(s + i) % 2], ACTIONS[(s * 7 + i * 3) % len(ACTIONS)], i) for i in range(30)]}
    for s in range(6)
]


def _logs_for_fixed_plans() -> str:
    """Entry point for the child processes of the test below."""
    return json.dumps([run_plan(plan)["events"] for plan in FIXED_PLANS])


def test_event_log_does_not_depend_on_the_process_hash_seed() -> None:
    here = Path(__file__).resolve().parent
    code = f"import sys; sys.path.insert(0, {str(here)!r}); import test_properties as t; print(t._logs_for_fixed_plans())"
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                              cwd=here.parent)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(done.stdout.strip().splitlines()[-1])
    assert outputs[0] == outputs[1], "the same plans gave different event logs with PYTHONHASHSEED 1 and 2"
    assert json.loads(outputs[0]) == json.loads(_logs_for_fixed_plans()), "this process disagrees with the children"


# ------------------------------------------------------------------ (d) views hide what they must
#: What hidden cards are swapped for: a card unlike any of CARDS.
DECOY = make_card("Decoy Of Hidden Things", {"mana_cost": "{9}{U}", "types": ["Artifact", "Creature"],
                                             "subtypes": ["Dragon"], "power": 9, "toughness": 1}, RUNNER.rulebook(()))


def view_problems(game, viewer: str) -> list[str]:
    state = game.state
    seen = view(game, viewer)
    problems = []
    for player in state.order:
        for zone in VIEW_ZONES:
            objects = state.in_zone(zone, player)
            shown = seen[player][zone]
            hidden_zone = zone == "library" or (zone == "hand" and player != viewer)
            if hidden_zone:
                if shown != {"size": len(objects)}:
                    problems.append(f"{viewer} sees {player}'s {zone} as {shown!r}, not only its size")
                continue
            if not isinstance(shown, list) or len(shown) != len(objects):
                problems.append(f"{viewer}'s view of {player}'s {zone} has {shown!r} for {len(objects)} objects")
                continue
            for obj, entry in zip(objects, shown):
                if obj.face_down and not may_look(viewer, obj):
                    leaked = [k for k, v in entry.items() if isinstance(v, str) and obj.card_name.lower() in v.lower()]
                    if entry.get("card") is not None or leaked:
                        problems.append(f"{viewer} sees the face-down {obj.card_name} ({player}'s {zone}, controller "
                                        f"{obj.controller}) as {entry!r}")
    # Non-interference: what the viewer may not see can change without changing the view.
    decoyed = copy.deepcopy(state)
    for obj in decoyed.objects.values():
        hidden = (obj.zone == "library" or (obj.zone == "hand" and obj.owner != viewer)
                  or (obj.face_down and not may_look(viewer, obj)))
        if hidden and not obj.is_token:
            obj.card = DECOY
    for figures in decoyed.players.values():
        figures.zones["library"].reverse()
    saved = game.state
    try:
        game.state = decoyed
        swapped = view(game, viewer)
    finally:
        game.state = saved
    if swapped != seen:
        problems.append(f"{viewer}'s view changes when hidden cards change: {_view_difference(seen, swapped)}")
    return problems


def _view_difference(a: dict, b: dict) -> str:
    for player in a:
        for zone in a[player]:
            if a[player][zone] != b[player][zone]:
                return f"{player}.{zone}: {a[player][zone]!r} vs {b[player][zone]!r}"
    return "?"


@props(200)
@given(plans(25))
def test_no_view_shows_hidden_information(plan: dict) -> None:
    def check(game, step, refused, before):
        for viewer in game.state.order:
            problems = view_problems(game, viewer)
            assert not problems, f"after step {step}: " + "; ".join(problems)

    run_plan(plan, after_step=check)


def test_the_view_check_catches_a_leak() -> None:
    """The checker itself: a face-down card shown to its controller's opponent is reported."""
    plan = {"seed": 0, "chooser_seed": 0, "steps": [("alice", "manifest the top card of your library", 0)],
            "state": {"alice": {"library": ["Shivan Dragon"], "hand": [], "battlefield": []},
                      "bob": {"library": [], "hand": [], "battlefield": []}}}
    game = run_plan(plan)["game"]
    assert not view_problems(game, "bob")
    import interpreter.game.view as view_module
    original = view_module.may_look
    try:
        view_module.may_look = lambda viewer, obj: True  # a leaky view
        assert any("face-down Shivan Dragon" in p for p in view_problems(game, "bob"))
    finally:
        view_module.may_look = original
