"""The DSL reference and the diagnostic codes can't drift from the code.

rules/REFERENCE.md is the output of `mtgrules reference` (generated from the
grammar, the slot types, the bundled rules and `diagnostics.CODES`); every code
the interpreter raises is in CODES with its meaning.
"""
from __future__ import annotations

import re
from pathlib import Path

from interpreter.diagnostics import CODES
from interpreter.tools.reference import generate

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_reference_is_what_the_code_generates() -> None:
    committed = (ROOT / "rules" / "REFERENCE.md").read_text(encoding="utf-8")
    assert committed == generate(), "rules/REFERENCE.md is stale: run `mtgrules reference > rules/REFERENCE.md`"


def test_every_code_the_interpreter_raises_is_documented() -> None:
    used = set()
    for path in (ROOT / "interpreter").rglob("*.py"):
        used.update(re.findall(r'"([EW]\d{3})"', path.read_text(encoding="utf-8")))
    assert used - set(CODES) == set(), f"add these codes to diagnostics.CODES: {sorted(used - set(CODES))}"
    assert set(CODES) - used == set(), f"these codes are documented but never raised: {sorted(set(CODES) - used)}"


def test_the_reference_lists_every_step_and_code() -> None:
    text = generate()
    for code in CODES:
        assert f"| {code} |" in text
    assert "| draw |" in text and "| record_event |" in text
