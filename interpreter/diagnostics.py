"""User-facing errors: a position in a file, a message, a rule, a hint.

Every error that reaches a user is a `MtgError` carrying a `Diagnostic`;
the command-line prints it rustc/ruff style and never shows a traceback.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Callable, Iterable

#: Paints a part of a rendered diagnostic: (role, text) -> text. Roles: "error", "warning", "location",
#: "help", "gutter", "caret". The CLI colors them on a terminal; the default leaves them plain.
Paint = Callable[[str, str], str]


def plain(role: str, text: str) -> str:
    return text


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

    def headline(self, paint: Paint = plain) -> str:
        where = paint("location", f"{self.span.file}:{self.span.line}:{self.span.column}:") + " " if self.span else ""
        rule = f" (rule {self.rule})" if self.rule and self.rule not in self.message else ""
        return f"{where}{paint(self.severity, self.code)} {self.message}{rule}"

    def render(self, paint: Paint = plain) -> str:
        """The text form: headline, the source line with a caret, then help."""
        lines = [self.headline(paint)]
        if self.span and self.span.source_line:
            number = str(self.span.line)
            pad = " " * len(number)
            lines.append(paint("gutter", f" {pad} |"))
            lines.append(paint("gutter", f" {number} |") + f" {self.span.source_line}")
            caret = "^" * max(1, min(self.span.length, len(self.span.source_line) - self.span.column + 1))
            indent = " " * (self.span.column - 1)
            lines.append(paint("gutter", f" {pad} |") + f" {indent}" + paint(self.severity, caret))
        if self.help:
            lines.append(paint("help", "  = help:") + f" {self.help}")
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
    lowered = {k.lower(): k for k in known}
    word = word.lower()
    # a name can reach the cutoff only if 2 * min(len) >= 0.6 * (sum of lens): the others need no comparing
    close = [k for k in lowered if 2 * min(len(word), len(k)) >= 0.6 * (len(word) + len(k))]
    match = difflib.get_close_matches(word, close, n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def edits(a: str, b: str) -> int:
    """How many one-letter changes (insert, delete, replace, swap two neighbours) turn `a` into `b`."""
    previous, current = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        before, previous, current = previous, current, [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if before is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
    return current[-1]


def closest_word(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate a mistyped `word` most likely meant, or None when none is close: at most one change in
    a word of up to five letters, two up to nine, three beyond, never the first letter of a short word
    replaced ('five' is not 'give') and never a word the text already spells."""
    word = word.lower()
    limit = 1 if len(word) <= 5 else 2 if len(word) <= 9 else 3
    best: tuple[int, str] | None = None
    for candidate in dict.fromkeys(c.lower() for c in candidates):
        if candidate == word or abs(len(candidate) - len(word)) > limit:
            continue
        if len(word) <= 5 and len(candidate) == len(word) and candidate[0] != word[0] and candidate[1:] == word[1:]:
            continue
        distance = edits(word, candidate)
        if distance <= limit and (best is None or distance < best[0]):
            best = (distance, candidate)
    return best[1] if best else None


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """A 'did you mean' hint, or None."""
    guess = nearest(word, known)
    return f"did you mean '{guess}'?" if guess else None


def decode(data: bytes, file: str, what: str = "file") -> str:
    """A file's bytes as UTF-8 text; otherwise an E001 at the first byte that isn't, with its offset."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        line_bytes = data[start:end if end >= 0 else len(data)]
        source = line_bytes.decode("utf-8", errors="replace").rstrip("\r")
        column = len(data[start:exc.start].decode("utf-8", errors="replace")) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        raise MtgError(Diagnostic(
            "E001", f"the {what} is not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} (line {line}, "
            f"column {column}) can't be read", Span(file, line, column, source),
            help="save the file as UTF-8 (most editors have it under 'Save with encoding')")) from None


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
    "E002": "a [tool.mtgrules] table in pyproject.toml that can't be used (not TOML, an unknown key, not a list "
            "of paths)",
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
    "E131": "a Magic Set Editor set or Cockatrice database that can't be read: not a zip archive, no `set` file, "
            "a line that is not `key: value`, malformed XML, not a card database, or a card without a name",
    "W132": "a set's own keyword (a Magic Set Editor keyword: block) that no loaded rules file defines",
    "W133": "what an imported card has that the set format has no place for (loyalty, a split card's second half, "
            "a token), left out",
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
    "E221": "a turn-based action without a step of the turn (`step \"STEP\"`) or without steps",
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
