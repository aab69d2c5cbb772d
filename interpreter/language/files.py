"""Which rules files a load reads: the bundled ones and those under the paths given, each once, and their bytes."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .parsers import resource_dir

RULES_SUFFIX = ".mtgr"
MAX_FILE_BYTES = 5_000_000


def rules_files(paths: Iterable[Path]) -> list[Path]:
    """Every rules file under the given files and folders, each once, in a stable order."""
    found: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        for file in sorted(path.rglob(f"*{RULES_SUFFIX}")) if path.is_dir() else [path]:
            if file.resolve() not in seen:
                seen.add(file.resolve())
                found.append(file)
    return found


def bundled_with(paths: Iterable[Path]) -> list[Path]:
    """The bundled rules files, then those under `paths`. A given file named like a bundled one stands for
    it: a designer's changed copy, or a checkout's rules/ while the installed package carries its own."""
    given = rules_files(paths)
    names = {p.name for p in given}
    return [p for p in rules_files([resource_dir("rules")]) if p.name not in names] + given


def contents(files: list[Path]) -> tuple[tuple[str, bytes], ...] | None:
    """Each file as given with its bytes, or None when one can't be read as a rules file (no rulebook loaded
    before read such contents)."""
    found = []
    for path in files:
        try:
            if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
                return None
            found.append((str(path), path.read_bytes()))
        except OSError:
            return None
    return tuple(found)
