"""Lint checks on the meaning of rules files: counter kinds (122.1) and steps that can never run."""
from __future__ import annotations

from pathlib import Path

from interpreter.lint import lint_paths


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
