"""Lint checks on the meaning of rules files: counter kinds (122.1), steps that can never run, and pronouns
with no antecedent or two (608.2c)."""
from __future__ import annotations

from pathlib import Path

from interpreter.tools.lint import lint_paths
from interpreter.tools.scenario import run_paths


def _codes(tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    path = tmp_path / "mine.mtgr"
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.span.line if d.span else 0, d.help or "") for d in lint_paths([path])]


def test_an_unknown_kind_of_counter_is_reported_with_the_nearest_kind(tmp_path: Path) -> None:
    found = _codes(tmp_path, 'keyword action "daze {permanent}"\n  rule 701.99a\n  reminder "Stun it."\n'
                             '  example "daze target creature"\n  put a stunn counter on {permanent}\n')
    assert ("W216", 5, "did you mean 'stun'?") in found


def test_counters_written_as_power_and_toughness_need_no_entry(tmp_path: Path) -> None:
    found = _codes(tmp_path, 'keyword action "grow {permanent}"\n  rule 701.99a\n  reminder "Grow it."\n'
                             '  example "grow target creature"\n  put two -1/+2 counters on {permanent}\n')
    assert not [f for f in found if f[0] == "W216"]


def test_a_step_after_one_that_always_refuses_never_runs(tmp_path: Path) -> None:
    found = _codes(tmp_path, 'keyword action "tinker"\n  rule 701.99a\n  reminder "Tinker."\n'
                             '  example "tinker"\n  assemble a Contraption\n  draw a card\n')
    assert ("W217", 6, "") in found and any(code == "E209" for code, _, _ in found)


def _pronoun_codes(tmp_path: Path, steps: str) -> list[tuple[str, int, str]]:
    return _codes(tmp_path, 'keyword action "muddle {permanent}"\n  rule 701.99a\n  reminder "Muddle it."\n'
                            f'  example "muddle target creature"\n{steps}')


def test_it_after_the_step_that_acted_on_objects_is_clear(tmp_path: Path) -> None:
    found = _pronoun_codes(tmp_path, "  draw a card, then discard a card\n  if it is a land card, put a +1/+1 counter "
                                     "on {permanent}\n  create a Food token, then tap it\n")
    assert not [f for f in found if f[0] == "E220"]


def test_it_with_no_step_before_that_acted_on_objects_is_an_error(tmp_path: Path) -> None:
    found = _pronoun_codes(tmp_path, "  you gain 2 life\n  put a +1/+1 counter on it\n  tap {permanent}\n")
    assert [code for code, line, _ in found if code == "E220" and line == 6] == ["E220"]


def test_it_after_a_step_that_may_not_have_acted_is_an_error(tmp_path: Path) -> None:
    found = _pronoun_codes(tmp_path, "  you may draw a card\n  reveal it\n  put a +1/+1 counter on {permanent}\n")
    assert [(code, line) for code, line, _ in found if code == "E220"] == [("E220", 6)]


def test_it_after_a_step_acting_on_two_objects_is_an_error(tmp_path: Path) -> None:
    found = _pronoun_codes(tmp_path, "  attach this permanent to {permanent}, then tap it\n")
    assert [(code, line) for code, line, _ in found if code == "E220"] == [("E220", 5)]


def test_pronouns_inside_a_granted_ability_are_its_own(tmp_path: Path) -> None:
    found = _pronoun_codes(tmp_path, '  until end of turn, {permanent} gains "Whenever this creature becomes tapped, '
                                     'put a +1/+1 counter on it."\n')
    assert not [f for f in found if f[0] == "E220"]


def test_a_pronoun_with_nothing_to_refer_to_is_refused_when_run_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "mine.mtgr").write_text('keyword action "muddle"\n  rule 701.99a\n  reminder "Muddle it."\n'
                                        '  example "muddle"\n  put a +1/+1 counter on it\n', encoding="utf-8")
    (tmp_path / "use.yaml").write_text(
        "name: muddle\nmechanics: [mine.mtgr]\ncards:\n  Grizzly Bears: {types: [Creature], power: 2, toughness: 2}\n"
        "state: {alice: {battlefield: [Grizzly Bears]}}\n"
        "steps:\n  - {alice: muddle, source: Grizzly Bears, error: \"'it' refers to nothing\"}\n"
        "expect: {alice: {battlefield: [{card: Grizzly Bears, counters: {}}]}}\n", encoding="utf-8")
    outcomes, _ = run_paths([tmp_path / "use.yaml"])
    assert [(o.passed, o.message) for o in outcomes] == [(True, "")]


def test_a_turn_based_action_needs_a_step_of_the_turn(tmp_path: Path) -> None:
    found = _codes(tmp_path, 'turn-based action "rust"\n  rule 703.4\n  step "upkeeep"\n'
                             '  put a rust counter on each artifact you control\n')
    assert ("E221", 1, "did you mean 'upkeep'?") in found
