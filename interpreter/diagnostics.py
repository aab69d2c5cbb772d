"""User-facing errors: a position in a file, a message, a rule, a hint.

Every error that reaches a user is a `MtgError` carrying a `Diagnostic`;
the command-line prints it rustc/ruff style and never shows a traceback.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, slots=True)
class Span:
    """Where a piece of text sits: file, 1-based line and column, and the line itself."""

    file: str
    line: int
    column: int
    source_line: str = ""
    length: int = 1

    def shifted(self, line_offset: int, column_offset: int, source_line: str) -> "Span":
        """This span, read inside a line that starts at (line_offset, column_offset) of `file`."""
        return Span(self.file, self.line + line_offset, self.column + column_offset, source_line, self.length)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: stable code, message, where, which rule, how to fix."""

    code: str
    message: str
    span: Span | None = None
    rule: str | None = None
    help: str | None = None
    severity: str = "error"

    def headline(self) -> str:
        where = f"{self.span.file}:{self.span.line}:{self.span.column}: " if self.span else ""
        rule = f" (rule {self.rule})" if self.rule and self.rule not in self.message else ""
        return f"{where}{self.code} {self.message}{rule}"

    def render(self) -> str:
        """The text form: headline, the source line with a caret, then help."""
        lines = [self.headline()]
        if self.span and self.span.source_line:
            number = str(self.span.line)
            pad = " " * len(number)
            lines.append(f" {pad} |")
            lines.append(f" {number} | {self.span.source_line}")
            caret = "^" * max(1, min(self.span.length, len(self.span.source_line) - self.span.column + 1))
            lines.append(f" {pad} | {' ' * (self.span.column - 1)}{caret}")
        if self.help:
            lines.append(f"  = help: {self.help}")
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.span.file if self.span else None,
            "line": self.span.line if self.span else None,
            "column": self.span.column if self.span else None,
            "rule": self.rule,
            "help": self.help,
        }


class MtgError(Exception):
    """An error for the user, carrying its diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.headline())
        self.diagnostic = diagnostic


def error(code: str, message: str, span: Span | None = None, rule: str | None = None,
          help: str | None = None) -> MtgError:
    """Build an `MtgError` in one call."""
    return MtgError(Diagnostic(code, message, span, rule, help))


def nearest(word: str, known: Iterable[str]) -> str | None:
    """The known name closest to `word`, if one is close enough to suggest."""
    known = list(known)
    lowered = {k.lower(): k for k in known}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """A 'did you mean' hint, or None."""
    guess = nearest(word, known)
    return f"did you mean '{guess}'?" if guess else None


@dataclass
class Report:
    """Diagnostics gathered while loading or linting, in order found."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]
