"""Scenario cases: each scenario document of the files under some paths, found before any runs, so that
`mtgrules test` and the pytest plugin can select them by name (-k) and run them one at a time.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostic, MtgError
from .scenario import Outcome, Runner, scenario_files
from .sets import is_set_document
from .yamlsource import line_of, read_documents


@dataclass(frozen=True)
class Case:
    """One scenario document of a file (or a file that can't be read, which fails as one case)."""

    path: Path
    index: int
    name: str
    line: int
    doc: object = field(default=None, compare=False, repr=False)
    lines: tuple[str, ...] = field(default=(), compare=False, repr=False)
    unreadable: Diagnostic | None = field(default=None, compare=False)

    def run(self, runner: Runner) -> Outcome:
        if self.unreadable is not None:
            return Outcome(self.name, str(self.path), self.line, False, self.unreadable.render())
        return runner.run(self.doc, self.path, list(self.lines))


def file_cases(path: Path) -> list[Case]:
    """The scenarios of one file, in order; none for a set file kept beside them."""
    try:
        docs, lines = read_documents(path)
    except MtgError as exc:
        return [Case(path, 0, path.name, 1, unreadable=exc.diagnostic)]
    if len(docs) == 1 and is_set_document(docs[0]):
        return []
    return [Case(path, n, _name(doc), line_of(doc), doc, tuple(lines)) for n, doc in enumerate(docs)]


def cases(paths: list[Path]) -> list[Case]:
    """The scenarios of every YAML file under the paths."""
    return [case for path in scenario_files(paths) for case in file_cases(path)]


def _name(doc: object) -> str:
    return str(doc.get("name", "(unnamed)")) if isinstance(doc, dict) else "(not a mapping)"


_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


def keyword_filter(expression: str) -> Callable[[Case], bool]:
    """`-k` as pytest reads it: words joined by `and`, `or`, `not` and parentheses; a word matches a
    scenario whose name or file path holds it, whatever the case. ValueError for a malformed expression."""
    tokens = _TOKEN.findall(expression)
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        if position >= len(tokens):
            raise ValueError(f"-k '{expression}': the expression ends too soon")
        position += 1
        return tokens[position - 1]

    def either() -> Callable[[str], bool]:
        parts = [both()]
        while peek() == "or":
            take()
            parts.append(both())
        return lambda text: any(p(text) for p in parts)

    def both() -> Callable[[str], bool]:
        parts = [negated()]
        while peek() == "and":
            take()
            parts.append(negated())
        return lambda text: all(p(text) for p in parts)

    def negated() -> Callable[[str], bool]:
        token = take()
        if token == "not":
            inner = negated()
            return lambda text: not inner(text)
        if token == "(":
            inner = either()
            if take() != ")":
                raise ValueError(f"-k '{expression}': a '(' is not closed")
            return inner
        if token in ("and", "or", ")"):
            raise ValueError(f"-k '{expression}': unexpected '{token}'")
        word = token.lower()
        return lambda text: word in text

    if not tokens:
        raise ValueError("-k needs an expression, such as 'graveyard and not token'")
    match = either()
    if peek() is not None:
        raise ValueError(f"-k '{expression}': unexpected '{peek()}'")
    return lambda case: match(f"{case.name}\n{case.path.as_posix()}".lower())
