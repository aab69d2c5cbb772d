"""How scenarios fail: refusals, answers, unknown names, unknown keys.

Each test asserts on specific content (the message names the answer, the
choice, the suggestion), so that a runner that passed everything, or failed
for another reason, would not pass these tests.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.game.choices import ScriptedChooser
from interpreter.diagnostics import MtgError
from interpreter.tools.scenario import run_paths
from interpreter.tools.yamlsource import load_documents, position_at

from conftest import doc, docs, run_text, write


def only(outcomes):
    assert len(outcomes) == 1, [o.name for o in outcomes]
    return outcomes[0]


# ---------------------------------------------------------------- refusals
def test_a_refused_step_leaves_the_state_unchanged(tmp_path: Path) -> None:
    """Both steps change the state before they are refused; nothing of it may remain."""
    outcome = only(run_text(tmp_path, doc("""
        name: refused steps undo what they did
        state:
          alice:
            library: [Island, Grizzly Bears, Shivan Dragon]
            hand: [Island]
        steps:
          - alice: mill two cards
            choose: [Island]
            error: unused answer
          - alice: draw a card. behold a Dragon
            error: Dragon
        expect:
          alice:
            library: [Island, Grizzly Bears, Shivan Dragon]
            hand: [Island]
            graveyard: []
            battlefield: []
          no_events: [moved, milled, drew, revealed, beheld]
        """)))
    assert outcome.passed, outcome.message


def test_a_refused_step_restores_the_game_exactly(tmp_path: Path) -> None:
    """At the Game level: a refusal after a partial change gives back an equal state, events included."""
    from interpreter.tools.scenario import Runner, Scenario
    import yaml
    scenario = Scenario(yaml.safe_load(doc("""
        name: state for a direct refusal
        state:
          alice:
            library: [Island, Grizzly Bears]
            hand: [Island]
        steps: []
        """)), tmp_path / "s.yaml", Runner())
    game = scenario.game
    def everything() -> str:  # the objects by id: the mapping's order means nothing (state.py)
        return repr((game.state.players, sorted(game.state.objects.items()), game.state.events,
                     game.state.battlefield))

    before = everything()
    effect = game.rulebook.parse("draw a card. behold a Dragon", "effect_text")
    with pytest.raises(MtgError, match="Dragon"):
        game.perform("alice", lambda: game.effect("alice", effect, None, "draw a card. behold a Dragon"),
                     ScriptedChooser([]))
    assert everything() == before


def test_error_key_fails_when_the_step_is_done(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: a step expected to be refused
        state:
          alice:
            library: [Island]
        steps:
          - alice: draw a card
            error: no cards
        """)))
    assert not outcome.passed
    assert "expected 'draw a card' to be refused with 'no cards', but it was done" in outcome.message


def test_error_key_fails_when_the_refusal_says_something_else(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: the refusal must contain the error text
        state:
          alice:
            hand: [Island]
        steps:
          - alice: behold a Dragon
            error: Elemental
        """)))
    assert not outcome.passed
    assert "expected an error containing 'Elemental'" in outcome.message
    assert "Dragon" in outcome.message  # the message actually given


def test_error_key_matches_the_rule_number(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: a refusal cites the rule that forbids the action
        state:
          alice:
            hand: [Island]
        steps:
          - alice: behold a Dragon
            error: "701.4a"
        """)))
    assert outcome.passed, outcome.message


# ---------------------------------------------------------------- answers
def test_an_unused_answer_fails_naming_the_answer(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: draw a card asks nothing
        state:
          alice:
            library: [Island, Grizzly Bears]
        steps:
          - alice: draw a card
            choose: [Shivan Dragon]
        """)))
    assert not outcome.passed
    assert "unused answer(s): Shivan Dragon" in outcome.message
    assert "step 1" in outcome.message


def test_a_missing_answer_fails_naming_the_choice(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: manifest dread with two cards needs to know which one
        state:
          alice:
            library: [Island, Grizzly Bears]
        steps:
          - alice: manifest dread
        """)))
    assert not outcome.passed
    assert "needs an answer for manifest dread: choose 1 of Island, Grizzly Bears" in outcome.message


def test_an_answer_that_is_no_option_fails_listing_the_options(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: the answer must be among the looked-at cards
        state:
          alice:
            library: [Island, Grizzly Bears, Shivan Dragon]
        steps:
          - alice: manifest dread
            choose: [Shivan Dragon]
        """)))
    assert not outcome.passed
    assert "'Shivan Dragon' is not an option for manifest dread: choose 1 of Island, Grizzly Bears" in outcome.message


def test_a_forced_choice_takes_no_answer(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: with one card in the library manifest dread asks nothing
        state:
          alice:
            library: [Grizzly Bears]
        steps:
          - alice: manifest dread
            choose: [Grizzly Bears]
            error: "unused answer(s): Grizzly Bears"
          - alice: manifest dread
        expect:
          alice:
            battlefield: [{card: Grizzly Bears, face_down: manifested}]
        """)))
    assert outcome.passed, outcome.message


# ---------------------------------------------------------------- unknown names and keys
UNKNOWN_CARD = doc("""
    name: a card in state that no definition defines
    state:
      alice:
        hand: [Dragon Whelpp]
    steps:
      - alice: draw a card
    """)


def test_an_unknown_card_in_state_fails_with_a_suggestion(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, UNKNOWN_CARD))
    assert not outcome.passed
    assert "unknown card 'Dragon Whelpp'" in outcome.message
    assert "did you mean 'Dragon Whelp'?" in outcome.message


def test_an_unknown_card_in_state_is_reported_with_a_suggestion(tmp_path: Path) -> None:
    """Whatever the route (failed outcome or error), the user sees the name and the suggestion."""
    try:
        outcome = only(run_text(tmp_path, UNKNOWN_CARD))
        text = outcome.message
        assert not outcome.passed
    except MtgError as exc:
        text = exc.diagnostic.render()
    assert "unknown card 'Dragon Whelpp'" in text
    assert "did you mean 'Dragon Whelp'?" in text


def test_one_bad_scenario_does_not_stop_the_others(cli, tmp_path: Path) -> None:
    write(tmp_path / "run" / "a.yaml", UNKNOWN_CARD)
    write(tmp_path / "run" / "b.yaml", doc("""
        name: a good scenario after the bad one
        state:
          alice:
            library: [Island]
        steps:
          - alice: draw a card
        """))
    code, out, _ = cli("test", tmp_path / "run")
    assert code == 1
    assert "FAIL a card in state that no definition defines" in out
    assert "PASS a good scenario after the bad one" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_an_unknown_top_level_key_fails(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: a typo in a top-level key must not pass silently
        state:
          alice:
            library: [Island]
        steps:
          - alice: draw a card
        expectt:
          alice:
            hand: [Grizzly Bears]
        """)))
    assert not outcome.passed
    assert "unknown key 'expectt'" in outcome.message
    assert "did you mean 'expect'?" in outcome.message


def test_an_unknown_step_key_fails(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, doc("""
        name: a step with a mistyped key has two player-like keys
        state:
          alice:
            library: [Island]
        steps:
          - alice: draw a card
            chose: [Island]
        """)))
    assert not outcome.passed
    assert "exactly one player key" in outcome.message


MISTYPED = doc("""
    name: a mistyped keyword action
    state:
      alice:
        library: [Island, Island]
    steps:
      - alice: manfest dread
    """)


def test_a_mistyped_step_fails(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, MISTYPED))
    assert not outcome.passed
    assert "'manfest dread' was refused" in outcome.message and "E101" in outcome.message


def test_a_mistyped_step_fails_with_a_suggestion(tmp_path: Path) -> None:
    outcome = only(run_text(tmp_path, MISTYPED))
    assert "did you mean 'manifest'?" in outcome.message


def test_a_failed_expectation_names_expected_and_actual(tmp_path: Path) -> None:
    outcomes = run_text(tmp_path, docs(
        """
        name: wrong life total
        steps:
          - expect:
              alice:
                life: 19
        """,
        """
        name: right life total
        state:
          bob:
            life: 7
        steps:
          - expect:
              bob:
                life: 7
        """))
    assert [o.passed for o in outcomes] == [False, True]
    assert outcomes[0].message == "at step 1: alice.life: expected 19, actual 20"


def test_run_paths_reports_each_scenario_with_its_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path / "two.yaml", docs(
        """
        name: first
        steps:
          - expect: {alice: {life: 20}}
        """,
        """
        name: second
        steps:
          - expect: {alice: {life: 20}}
        """))
    outcomes, seconds = run_paths([path])
    assert [(o.name, o.file, o.line, o.passed) for o in outcomes] == [
        ("first", str(path), 1, True), ("second", str(path), 10, True)]
    assert seconds >= 0


def test_an_error_inside_a_step_names_the_file_column(tmp_path: Path) -> None:
    text = doc("""
        name: a typo in a quality
        state:
          alice:
            hand: [Shivan Dragon]
        steps:
          - alice: behold a Dargon
        """)
    outcome = only(run_text(tmp_path, text))
    line = next(n for n, text_line in enumerate(text.splitlines(), 1) if "Dargon" in text_line)
    column = text.splitlines()[line - 1].index("Dargon") + 1
    assert f"scenario.yaml:{line}:{column}: E207 unknown quality 'Dargon'" in outcome.message, outcome.message


def test_positions_are_those_of_the_text_whatever_parser_reads_it() -> None:
    """A value's line, column and length on its line: after a character outside ASCII, and for a value over
    several lines (up to the end of its first line), as libyaml's parser and PyYAML's alike read them."""
    [document] = load_documents('name: "é中é"\nsteps: [a, bé, c]\ntext: "over\n  two lines"\n', "f.yaml")
    assert position_at(document, ["name"]) == (1, 7, 5)
    assert position_at(document, ["steps", 1]) == (2, 12, 2)
    assert position_at(document, ["text"]) == (3, 7, 5)
    assert position_at(document, ["text"], key=True) == (3, 1, 4)
