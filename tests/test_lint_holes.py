"""Lint holes that used to hide wrong definitions: lines dropped for their indentation, token text
and keyword-ability text left unchecked, a reminder that can't hold a quote, a definition that uses
itself on every run (104.4b), and examples that are refused when run."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language.checks import check_rulebook
from interpreter.diagnostics import Diagnostic
from interpreter.tools.lint import lint_paths
from interpreter.language.rulebook import Rulebook

HEAD = 'keyword action "tinker"\n  rule 701.99a\n  reminder "Tinker."\n  example "tinker"\n'


def _lint(tmp_path: Path, text: str) -> list[Diagnostic]:
    path = tmp_path / "mine.mtgr"
    path.write_text(text, encoding="utf-8")
    return lint_paths([path])


def _at(found: list[Diagnostic], code: str) -> list[tuple[int, int]]:
    return [(d.span.line, d.span.column) for d in found if d.code == code and d.span]


# ------------------------------------------------------------ indentation
@pytest.mark.parametrize(("text", "line", "column", "expected"), [
    # a clause indented under the clause above it
    ('keyword action "tinker"\n  rule 701.99a\n      reminder "Tinker."\n  example "tinker"\n  draw a card\n',
     3, 7, "column 3"),
    # a line indented under a room's arrows
    ('dungeon "Den"\n  rule 309.4\n  room "Hall"\n    draw a card\n    leads to "End"\n      scry 1\n'
     '  room "End"\n    draw a card\n', 6, 7, "column 5"),
    # the first definition indented (below a comment, and at the very top of the file)
    ('# mine\n  keyword action "tinker"\n  rule 701.99a\n', 2, 3, "column 1"),
    ('  keyword action "tinker"\n  rule 701.99a\n', 1, 3, "column 1"),
])
def test_an_over_indented_line_is_an_error_at_that_line(tmp_path: Path, text: str, line: int, column: int,
                                                        expected: str) -> None:
    found = [d for d in _lint(tmp_path, text) if d.code == "E102"]
    assert [(d.span.line, d.span.column) for d in found] == [(line, column)], found
    rendered = found[0].render()
    assert text.splitlines()[line - 1] in rendered and "^" in rendered
    assert expected in found[0].message + (found[0].help or "")


def test_a_step_indented_under_a_step_says_where_it_belongs(tmp_path: Path) -> None:
    found = [d for d in _lint(tmp_path, HEAD + "  draw a card\n      draw a card\n") if d.code == "E103"]
    assert [(d.span.line, d.span.column) for d in found] == [(6, 7)]
    assert "column 3" in (found[0].help or "")


def test_a_dedent_to_no_open_level_says_what_was_expected_in_words(tmp_path: Path) -> None:
    found = _lint(tmp_path, 'keyword action "tinker"\n    rule 701.99a\n    reminder "Tinker."\n'
                            '    example "tinker"\n  draw a card\n')
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E102", 5, 3)]
    text = found[0].message + (found[0].help or "")
    assert "dedent" not in text.lower() and "column 1" in text and "column 5" in text


def test_a_line_that_is_not_a_clause_of_a_token_is_not_dropped(tmp_path: Path) -> None:
    found = _lint(tmp_path, 'token "Gizmo"\n  rule 111.10b\n  card types Artifact\n  subtypes Gizmo\n'
                            '  colours green\n')
    assert [(d.code, d.span.line, d.help) for d in found if d.severity == "error"] == [
        ("E101", 5, "did you mean 'colors'?")]


# ------------------------------------------------------------ token text, keyword-ability text
TOKEN = 'token "Gizmo"\n  rule 111.10b\n  card types Artifact\n  subtypes Food\n  colors\n'


def test_a_token_text_that_does_not_parse_is_an_error_in_the_rules_file(tmp_path: Path) -> None:
    line = '  text "{T}: Drwa a card."'
    found = _lint(tmp_path, TOKEN + line + "\n")
    assert _at(found, "E101") == [(6, line.index("Drwa") + 1)]
    assert [d.help for d in found if d.code == "E101"] == ["did you mean 'draw'?"]


def test_an_unknown_quality_in_a_token_text_is_reported_with_the_nearest_quality(tmp_path: Path) -> None:
    line = '  text "{T}, Sacrifice a Drgon: Draw a card."'
    found = _lint(tmp_path, TOKEN + line + "\n")
    assert _at(found, "E207") == [(6, line.index("Drgon") + 1)]
    assert [d.help for d in found if d.code == "E207"] == ["did you mean 'Dragon'?"]


def test_a_position_in_token_text_counts_each_escaped_quote_as_written(tmp_path: Path) -> None:
    line = '  text "Each creature you control has \\"Whenever this creature attacks, sacrifice a Drgon.\\""'
    found = _lint(tmp_path, TOKEN + line + "\n")
    assert _at(found, "E207") == [(6, line.index("Drgon") + 1)]


def test_an_unknown_quality_in_keyword_ability_text_is_reported(tmp_path: Path) -> None:
    found = _lint(tmp_path, 'keyword ability "Drakeward"\n  rule 702.99a\n  reminder "When this enters, sacrifice '
                            'a Dragon."\n  example "Drakeward"\n  when this permanent enters, sacrifice a Drgon\n')
    assert [(d.code, d.span.line, d.help) for d in found if d.severity == "error"] == [
        ("E207", 5, "did you mean 'Dragon'?")]


# ------------------------------------------------------------ strings
def test_a_reminder_can_hold_an_escaped_quote(tmp_path: Path, cli) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text('keyword action "tinker"\n  rule 701.99a\n  reminder "Say \\"tinker\\" aloud."\n'
                    '  example "tinker"\n  draw a card\n', encoding="utf-8")
    assert [d for d in lint_paths([path]) if d.severity == "error"] == []
    assert Rulebook.load([path]).keyword_actions["tinker"].reminder == 'Say "tinker" aloud.'
    code, out, _ = cli("rules", path)
    assert code == 0 and 'Say "tinker" aloud.' in out


# ------------------------------------------------------------ definitions that use themselves
@pytest.mark.parametrize(("steps", "lines"), [
    ("  draw a card\n  tinker\n", [6]),
    ("  tinker twice\n", [5]),
    ("  if you control no Dragons, draw a card. Otherwise, tinker.\n  tinker\n", [6]),
    ("  if you control no Dragons, tinker. Otherwise, draw a card, then tinker.\n", [5]),
    # through another definition: both are reported, each at its use of the next
    ("  fiddle\n" + 'keyword action "fiddle"\n  rule 701.99b\n  reminder "Fiddle."\n  example "fiddle"\n'
     "  draw a card\n  tinker\n", [5, 11]),
])
def test_a_definition_that_uses_itself_on_every_run_is_an_error(tmp_path: Path, steps: str,
                                                                 lines: list[int]) -> None:
    found = [d for d in _lint(tmp_path, HEAD + steps) if d.severity == "error"]
    assert sorted((d.code, d.span.line) for d in found) == [("E218", n) for n in lines], found
    assert all(d.rule == "104.4b" for d in found)


@pytest.mark.parametrize("steps", [
    "  draw a card\n  you may tinker\n",
    "  if you control no Dragons, tinker\n",
    "  draw a card or tinker\n",
])
def test_a_definition_that_may_stop_using_itself_is_not_reported(tmp_path: Path, steps: str) -> None:
    # Checked without running the example: the engine's trial runs of an optional step that may use
    # its own definition grow exponentially with the depth (a run-time matter, not this check's).
    path = tmp_path / "mine.mtgr"
    path.write_text(HEAD + steps, encoding="utf-8")
    book = Rulebook.load([path])
    assert not [d for d in check_rulebook(book, [str(path)]) if d.code == "E218"]


# ------------------------------------------------------------ examples that are refused
def test_an_example_refused_when_run_is_a_warning_with_the_refusal(tmp_path: Path) -> None:
    found = _lint(tmp_path, 'keyword action "hoard"\n  rule 701.99a\n  reminder "Hoard."\n  example "hoard"\n'
                            "  collect evidence 99\n")
    warned = [d for d in found if d.code == "W219"]
    assert [(d.span.line, d.severity) for d in warned] == [(4, "warning")]
    assert "less than 99" in warned[0].message


def test_examples_that_need_cards_of_a_quality_find_them_in_the_sample_game(tmp_path: Path) -> None:
    found = _lint(tmp_path, 'keyword action "gather {count} {quality}"\n  rule 701.99a\n  reminder "Gather."\n'
                            '  example "gather three Elementals"\n  example "gather a Dragon"\n'
                            "  behold {count} {quality}\n")
    assert not [d for d in found if d.code == "W219"], found
