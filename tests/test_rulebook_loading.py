"""Loading the same rules files twice in one process gives the rulebook loaded before, and only while every byte
of every file is the same: each scenario file of a run and each command of an editor's session loads the rules
again, and a designer's edit between two loads must be read."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.diagnostics import MtgError
from interpreter.language.rulebook import Rulebook

RULES = 'keyword action "tinker"\n  rule 701.99a\n  reminder "{}"\n  example "tinker"\n  draw a card\n'


def test_the_same_bytes_give_the_same_rulebook(tmp_path: Path) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text(RULES.format("Tinker."), encoding="utf-8")
    assert Rulebook.load([path]) is Rulebook.load([path])
    assert Rulebook.load([path]) is not Rulebook.load([])


def test_a_changed_byte_is_read_even_with_the_same_size_and_time(tmp_path: Path) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text(RULES.format("Tinker."), encoding="utf-8")
    before = Rulebook.load([path])
    stat = path.stat()
    path.write_text(RULES.format("Tinkle."), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert Rulebook.load([path]).keyword_actions["tinker"].reminder == "Tinkle."
    assert before.keyword_actions["tinker"].reminder == "Tinker.", "a loaded rulebook is never changed"


def test_a_file_with_an_error_is_refused_each_time_until_it_is_fixed(tmp_path: Path) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text(RULES.format("Tinker.").replace("draw a card", "draw a crad"), encoding="utf-8")
    for _ in range(2):
        with pytest.raises(MtgError):
            Rulebook.load([path])
    path.write_text(RULES.format("Tinker."), encoding="utf-8")
    assert "tinker" in Rulebook.load([path]).keyword_actions
    path.unlink()
    with pytest.raises(MtgError, match="can't read rules file"):
        Rulebook.load([path])
