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


#: Every diagnostic code, with what it means. Codes are stable: a code is never
#: reused for another meaning. E: an error (exit 1, the file or step is refused);
#: W: a warning (the rest still works).
CODES: dict[str, str] = {
    "E001": "a file can't be read (missing, unreadable, not UTF-8)",
    "E100": "YAML or JSON syntax error",
    "E101": "text the grammar does not understand (a rules-file line, a step, an example)",
    "E102": "wrong indentation in a rules file",
    "E103": "a step with steps indented under it",
    "E104": "'Otherwise' that follows no 'If'",
    "E110": "a scenario's structure breaks the scenario contract (unknown key, wrong type)",
    "E111": "a scenario's starting state the rules don't allow at that point of the turn (attacking outside "
            "combat, blocking a creature that isn't attacking, an attachment that isn't an Aura, Equipment or "
            "Fortification, ...)",
    "E120": "a set file's structure breaks set.schema.json",
    "E121": "a card defined twice in one set",
    "E130": "a .json file that is not an MTGJSON set",
    "E201": "an unknown slot type in a pattern ({count}, {quality}, {cards}, {cost}, {name} are known)",
    "E202": "a mechanic defined twice",
    "E203": "a definition that cites no rule",
    "W204": "a definition without reminder text",
    "W205": "a definition without an example use",
    "E206": "an unknown {variable} in a definition's steps",
    "E207": "an unknown quality, card type, supertype or subtype",
    "E208": "'if ... was EVENT' names an event no definition records",
    "E209": "a keyword action the rules leave out (its definition says `not in the rules`)",
    "W210": "a slot of a pattern that no step uses",
    "E211": "a card with rooms whose arrows don't connect (missing room, unreachable room, no bottommost room)",
    "E213": "an example use of a definition that doesn't parse",
    "E214": "an example use that breaks the interpreter when run",
    "E215": "an invocation pattern the grammar can't tell apart from other wording",
    "W216": "a kind of counter rule 122 doesn't know (rules/122-counters.mtgr lists them)",
    "W217": "a step that can never run (after a step that always refuses, or in a definition not in the rules)",
    "E218": "a keyword action that uses itself, directly or through others, on every run: a loop with no way "
            "to stop (rule 104.4b)",
    "W219": "an example use that is refused when run in the sample game (the refusal is given)",
    "E220": "a pronoun ('it', 'them', 'that card') in a definition with no antecedent, or two (608.2c: it means "
            "what the step before acted on)",
    "E301": "a mana cost that is not a sequence of {symbols}",
    "E302": "a mana string with a symbol that is not a type of mana",
    "E303": "a mana symbol that must be announced first (hybrid, Phyrexian) or can't be paid",
    "E401": "a cost the player can't pay (mana, life)",
    "E402": "an action the rules refuse (with the rule that forbids it)",
    "E403": "a step that needs an answer its choose: list doesn't give",
    "E404": "an unknown name: card, object, player, zone, token",
    "E405": "an answer that is not one of the choice's options",
    "E406": "the same object chosen twice",
    "E407": "the wrong number of objects chosen",
    "E408": "answers a step gave but never used",
    "E409": "a part of the text the interpreter doesn't run yet (named, with its rule; interpreter/runs.py)",
    "W501": "a line of card text the engine does not understand (the card loads without it)",
    "W502": "a line of card text that parses but has a part the engine doesn't run yet, named with its rule (the "
            "card loads with it)",
}
