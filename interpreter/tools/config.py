"""A designer's project settings: the `[tool.mtgrules]` table of the pyproject.toml nearest the current
folder (the first one up the tree that has the table), as ruff and pytest find theirs.

    [tool.mtgrules]
    mechanics = ["my-rules/"]          # rules files or folders loaded with the bundled rules, by every command
    sets = ["sets/my-set.yaml"]        # what `lint` and `coverage` check when given no path
    scenarios = ["scenarios/"]         # what `test` and pytest run

Paths are relative to the pyproject.toml's folder. The installed package is never edited: a designer's
rules live in their own folders (a file named like a bundled one stands for it).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import MtgError, Span, decode, did_you_mean, error

KEYS = ("mechanics", "sets", "scenarios")
FILE = "pyproject.toml"


@dataclass(frozen=True)
class Settings:
    """Where a project keeps its own rules, sets and scenarios (absolute paths)."""

    file: Path | None = None
    mechanics: tuple[Path, ...] = ()
    sets: tuple[Path, ...] = ()
    scenarios: tuple[Path, ...] = ()

    def with_mechanics(self, extra: list[str] | None) -> Settings:
        """These settings, with rules files or folders given on the command line (`--mechanics`) after
        the project's own."""
        return replace(self, mechanics=self.mechanics + tuple(Path(p).resolve() for p in extra or ()))


def find_settings(start: Path | None = None) -> Settings:
    """The settings of the project holding `start` (default: the current folder); empty when no
    pyproject.toml up the tree has a `[tool.mtgrules]` table."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / FILE
        if candidate.is_file():
            table = _table(candidate)
            if table is not None:
                return _settings(table, candidate)
    return Settings()


def _table(path: Path) -> dict | None:
    """The file's [tool.mtgrules] table, or None; a file that doesn't mention mtgrules isn't even parsed
    (someone else's broken pyproject.toml up the tree is none of our business)."""
    try:
        data = path.read_bytes()
        if b"mtgrules" not in data:
            return None
        data = tomllib.loads(decode(data, str(path), FILE))
    except OSError as exc:
        raise error("E002", f"can't read {FILE}: {exc}", Span(str(path), 1, 1)) from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, column = (int(where.group(1)), int(where.group(2))) if where else (1, 1)
        lines = path.read_text(encoding="utf-8").splitlines()
        message = re.sub(r"\s*\(at line.*\)$", "", str(exc))
        raise error("E002", f"{FILE} is not valid TOML: {message}",
                    Span(str(path), line, column, lines[line - 1] if 0 < line <= len(lines) else "")) from None
    tool = data.get("tool")
    table = tool.get("mtgrules") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise _problem(path, "[tool.mtgrules] must be a table", None)
    return table


def _settings(table: dict, path: Path) -> Settings:
    folders: dict[str, tuple[Path, ...]] = {}
    for key, value in table.items():
        if key not in KEYS:
            hint = did_you_mean(key, KEYS)
            raise _problem(path, f"unknown key '{key}' in [tool.mtgrules]; the keys are {', '.join(KEYS)}", key,
                           hint)
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _problem(path, f"[tool.mtgrules] {key} must be a list of paths, like {key} = [\"my-{key}/\"]",
                           key)
        folders[key] = tuple((path.parent / v).resolve() for v in value)
    return Settings(path, **folders)


def _problem(path: Path, message: str, key: str | None, hint: str | None = None) -> MtgError:
    """An error at the line of `key` in the file (or at [tool.mtgrules])."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next((n for n, text in enumerate(lines, 1) if re.match(r"\s*\[tool\.mtgrules\]", text)), 1)
    needle = re.compile(rf"^\s*{re.escape(key)}\s*=") if key else None
    number = next((n for n, text in enumerate(lines[header:], header + 1) if needle and needle.search(text)), header)
    source = lines[number - 1] if lines else ""
    column = len(source) - len(source.lstrip()) + 1
    return error("E002", message, Span(str(path), number, column, source, len(source.strip()) or 1), help=hint)
