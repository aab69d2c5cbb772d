"""The line we hold (DESIGN.md): no Python line names a mechanic.

Every mechanic is a data file in rules/; the interpreter implements
primitives only. Comment lines may cite a mechanic, code and docstrings may not.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

MECHANIC = re.compile(
    r"\b(behold|beheld|manifest|cloak|explores?|amass|adapt|support|exert|learn|venture|dungeon|foretell"
    r"|flashback|morph|megamorph|disguise|meld)\b",
    re.IGNORECASE,
)

SOURCE = Path(__file__).resolve().parents[1] / "interpreter"


#: Files that name a mechanic today, each with what it names. A strict xfail:
#: when a file is cleaned up its test passes, and the entry must be removed.
KNOWN_VIOLATIONS: dict[str, str] = {}


def offending_lines(folder: Path, files: list[Path] | None = None) -> list[str]:
    """`file:line: text` for each non-comment line of folder/**/*.py naming a mechanic."""
    found = []
    for path in files if files is not None else sorted(folder.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("#"):
                continue
            if MECHANIC.search(line):
                found.append(f"{path.relative_to(folder.parent)}:{number}: {line.strip()}")
    return found


def _files() -> list:
    cases = []
    for path in sorted(SOURCE.rglob("*.py")):
        name = path.relative_to(SOURCE).as_posix()
        reason = KNOWN_VIOLATIONS.get(name)
        marks = [pytest.mark.xfail(strict=True, reason=f"names a mechanic: {reason}")] if reason else []
        cases.append(pytest.param(path, id=name, marks=marks))
    return cases


def test_the_interpreter_has_python_files() -> None:
    assert list(SOURCE.rglob("*.py")), f"no Python files under {SOURCE}"


@pytest.mark.parametrize("path", _files())
def test_the_interpreter_names_no_mechanic(path: Path) -> None:
    found = offending_lines(SOURCE, [path])
    assert not found, "mechanics belong in rules/, not in Python:\n" + "\n".join(found)


def test_the_check_catches_a_mechanic_in_code(tmp_path: Path) -> None:
    """The scan itself works: code and docstrings are caught, comment lines are not."""
    package = tmp_path / "interpreter"
    (package / "sub").mkdir(parents=True)
    (package / "ok.py").write_text("# manifest dread is data\nx = 1\n    # Morph too\n")
    (package / "sub" / "bad.py").write_text('"""Explores the land."""\nif word == "MANIFEST":\n    pass\n')
    assert offending_lines(package) == [
        'interpreter/sub/bad.py:1: """Explores the land."""',
        'interpreter/sub/bad.py:2: if word == "MANIFEST":',
    ]
