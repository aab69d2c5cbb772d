"""Loading the same rules files twice gives the rulebook loaded before (in one process, and through the user's
cache folder from one process to the next), and only while every byte of every file (and of the package's code)
is the same: each scenario file of a run and each command of a session loads the rules again, and a designer's
edit between two loads must be read."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.diagnostics import MtgError
from interpreter.language import rulebook, stored
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


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    """A cache folder of the test's own, and nothing loaded yet in this process."""
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setattr(stored, "cache_file", lambda name, text, suffix: str(
        folder / f"{name}-{hash(text) & 0xffffffff:x}{suffix}"))
    monkeypatch.setattr(rulebook, "_LOADED", {})
    return folder


def test_a_rulebook_is_read_back_from_the_cache_folder_not_loaded_again(tmp_path: Path, cache: Path,
                                                                        monkeypatch) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text(RULES.format("Tinker."), encoding="utf-8")
    loaded = Rulebook.load([path])
    [kept] = cache.iterdir()
    monkeypatch.setattr(rulebook, "_LOADED", {})   # another process
    monkeypatch.setattr(Rulebook, "load_files", lambda self, files: pytest.fail("loaded again"))
    again = Rulebook.load([path])
    assert again is not loaded and list(cache.iterdir()) == [kept]
    assert again.keyword_actions["tinker"].reminder == "Tinker."
    assert again.parse("tinker", "effect_text") == loaded.parse("tinker", "effect_text")


def test_a_kept_rulebook_that_cant_be_read_back_is_loaded_again_and_replaced(tmp_path: Path, cache: Path,
                                                                             monkeypatch) -> None:
    path = tmp_path / "mine.mtgr"
    path.write_text(RULES.format("Tinker."), encoding="utf-8")
    Rulebook.load([path])
    [kept] = cache.iterdir()
    kept.write_bytes(b"cut sho")
    monkeypatch.setattr(rulebook, "_LOADED", {})
    assert Rulebook.load([path]).keyword_actions["tinker"].reminder == "Tinker."
    assert stored.read_stored(Rulebook, str(kept)) is not None


def test_a_changed_rules_file_or_package_is_another_kept_rulebook(tmp_path: Path, monkeypatch) -> None:
    files = (("mine.mtgr", RULES.format("Tinker.").encode()),)
    first = stored.stored_file(files)
    assert stored.stored_file((("mine.mtgr", RULES.format("Tinkle.").encode()),)) != first
    monkeypatch.setattr(stored, "_code", lambda: "another version of the package")
    assert stored.stored_file(files) != first
