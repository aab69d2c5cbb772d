"""Every definition in the rules files is complete, and its examples work.

A definition cites its rule, carries its reminder text and example uses
(DESIGN.md); each example parses, and a keyword action's example runs in a
small sample game. A refusal (`MtgError`) is an acceptable outcome of a run:
the sample game may lack what an example needs. A Python exception is not.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language import ast
from interpreter.game.choices import RandomChooser
from interpreter.diagnostics import MtgError
from interpreter.language.rulebook import Rulebook
from interpreter.tools.scenario import Runner, Scenario

try:
    BOOK: Rulebook | None = Rulebook.load()
    LOAD_ERROR = ""
except MtgError as exc:  # reported by test_the_bundled_rules_load, not as a collection error
    BOOK, LOAD_ERROR = None, exc.diagnostic.render()

DEFINITIONS = BOOK.definitions() if BOOK else []


def _id(definition: ast.Definition) -> str:
    return f"{definition.kind}: {definition.name} ({definition.rule})"


#: Examples known not to work today: (definition name, example) -> why. A strict
#: xfail: when the example is fixed its test passes, and the entry must go.
KNOWN_EXAMPLE_BUGS: dict[tuple[str, str], str] = {}


def _example_cases(kinds: tuple[str, ...]) -> list:
    cases = []
    for d in DEFINITIONS:
        if d.kind not in kinds:
            continue
        for text, _span in d.examples:
            reason = KNOWN_EXAMPLE_BUGS.get((d.name, text))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            cases.append(pytest.param(d, text, id=f"{d.name} ({d.rule}): {text}", marks=marks))
    return cases


#: Where each kind of definition is used: effect text, a scenario command, a line of card text.
STARTS = {"keyword action": "effect_text", "special action": "command", "keyword ability": "ability",
          "game action": "ability"}   # a game action's examples are lines of card text


def _start(definition: ast.Definition) -> str:
    return STARTS[definition.kind]


#: A small game with something of everything the examples may ask for.
SAMPLE_GAME = {
    "name": "sample game for the rules files' examples",
    "cards": {
        "Shivan Dragon": {"mana_cost": "{4}{R}{R}", "types": ["Creature"], "subtypes": ["Dragon"],
                          "power": 5, "toughness": 5},
        "Air Elemental": {"mana_cost": "{3}{U}{U}", "types": ["Creature"], "subtypes": ["Elemental"],
                          "power": 4, "toughness": 4},
        "Llanowar Elves": {"mana_cost": "{G}", "types": ["Creature"], "subtypes": ["Elf", "Druid"],
                           "power": 1, "toughness": 1},
        "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"],
                          "power": 2, "toughness": 2},
        "Lightning Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
        "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
    },
    "state": {
        "alice": {
            "mana": "{6}{W}{U}{B}{R}{G}",
            "library": ["Grizzly Bears", "Lightning Bolt", "Island", "Air Elemental", "Shivan Dragon",
                        "Island"],
            "hand": ["Shivan Dragon", "Air Elemental", "Llanowar Elves", "Island"],
            "battlefield": ["Air Elemental", "Air Elemental", "Llanowar Elves",
                            {"card": "Grizzly Bears", "face_down": "manifested"}],
        },
        "bob": {"library": ["Island", "Grizzly Bears"], "hand": ["Lightning Bolt"],
                "battlefield": ["Shivan Dragon"]},
    },
    "steps": [],
}

RUNNER = Runner()


def sample_game():
    return Scenario(dict(SAMPLE_GAME), Path("sample-game.yaml"), RUNNER).game


def test_the_bundled_rules_load() -> None:
    assert BOOK is not None, f"Rulebook.load() failed:\n{LOAD_ERROR}"
    assert DEFINITIONS, "the bundled rules define no keyword or special action"


@pytest.mark.parametrize("definition", DEFINITIONS, ids=_id)
def test_definition_cites_a_rule(definition: ast.Definition) -> None:
    assert definition.rules, f"{_id(definition)} ({definition.span.file}) cites no rule"


@pytest.mark.parametrize("definition", DEFINITIONS, ids=_id)
def test_definition_has_a_reminder(definition: ast.Definition) -> None:
    assert definition.reminder and definition.reminder.strip(), f"{_id(definition)} has no reminder text"


@pytest.mark.parametrize("definition", DEFINITIONS, ids=_id)
def test_definition_has_an_example(definition: ast.Definition) -> None:
    assert definition.examples, f"{_id(definition)} has no example use"


@pytest.mark.parametrize(("definition", "text"), _example_cases(tuple(STARTS)))
def test_example_parses(definition: ast.Definition, text: str) -> None:
    node = BOOK.parse(text, _start(definition))
    if definition.kind == "special action":
        assert isinstance(node, ast.SpecialActionCommand), f"example {text!r} parses as {node!r}"
    elif definition.kind == "game action":   # a primitive step, named by the action's first word
        verb = definition.pattern.name.split()[0]
        assert verb in text.lower() and definition.name not in BOOK.keyword_actions, text
    else:
        # The example uses this definition (by its pattern or another wording), not only some other one.
        used = {getattr(n, "name", None) for n in ast.walk(node)
                if type(n).__name__ in ("KeywordAction", "KeywordAbility")} | {
            n.label for n in ast.walk(node) if isinstance(n, ast.ActivatedAbility)}   # 'Boast — ...' (702.142a)
        wanted = {definition.name, definition.pattern.name.lower()} | {
            a.name.lower() for a in getattr(definition, "aliases", ())}
        assert used & wanted, f"example {text!r} parses as {node!r}, not as {sorted(wanted)}"


def test_every_kind_of_definition_is_covered() -> None:
    """A new kind of definition needs a place in STARTS, so that its examples are tested."""
    assert {d.kind for d in DEFINITIONS} <= set(STARTS)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(("definition", "text"), _example_cases(("keyword action",)))
def test_keyword_action_example_runs(definition: ast.Definition, text: str, seed: int) -> None:
    game = sample_game()
    effect = game.rulebook.parse(text, "effect_text")
    events_before = len(game.state.events)
    try:
        game.perform("alice", lambda: game.effect("alice", effect, None, text), RandomChooser(seed))
    except MtgError:
        # Refused: acceptable, and all-or-nothing (nothing happened).
        assert len(game.state.events) == events_before


@pytest.mark.parametrize(("definition", "text"), _example_cases(("special action",)))
def test_special_action_example_runs(definition: ast.Definition, text: str) -> None:
    game = sample_game()
    command = game.rulebook.parse(text, "command")
    try:
        game.perform("alice", lambda: game.special_action("alice", command), RandomChooser(0))
    except MtgError:
        pass
