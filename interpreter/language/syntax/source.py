"""Source text as the parser sees it: spans into the original, card names masked (201.4), reminder text removed
(207.2), number words.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from ...diagnostics import Span

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}


MAX_DIGITS = 9  # card text never needs more; a larger number is a typo or an attack


_REMINDER = re.compile(r"\s*\([^()]*\)")


class SourceText:
    """A piece of text and where it sits in its file, to give AST nodes true spans."""

    def __init__(
        self,
        text: str,
        file: str = "<text>",
        line: int = 1,
        column: int = 1,
        source_line: str | None = None,
        original: str | None = None,
    ):
        self.text = text
        self.file = file
        self.line = line
        self.column = column
        self.source_line = text if source_line is None else source_line
        self.original = text if original is None else original  # before card names were masked

    def span(self, line: int, column: int, length: int = 1) -> Span:
        """The span of (line, column) of this text, in file coordinates."""
        if line == 1:
            return Span(self.file, self.line, self.column + column - 1, self.source_line, length)
        return Span(self.file, self.line + line - 1, column, self.text.splitlines()[line - 1], length)


NAME_OPEN, NAME_FILL, NAME_CLOSE = "\u27ea", "\u00b7", "\u27eb"


def own_names(name: str) -> list[str]:
    """The ways a card's text names the card itself, longest first: its name, the name of each face
    of a card with two faces ('A // B'), and the short name before the comma of a name like
    'Gothmog, Morgul Lieutenant' (text may shorten such a name to its first part), and the one word before 'the'
    of a name like 'Crovax the Cursed'."""
    found: list[str] = []
    for full in [name] + [face.strip() for face in name.split("//")]:
        before_the = full.split(" the ")[0] if " the " in full and " " not in full.split(" the ")[0] else full
        for candidate in (full, full.split(",")[0].strip(), before_the):
            if len(candidate) >= 3 and candidate not in found:
                found.append(candidate)
    return sorted(found, key=len, reverse=True)


def mask_names(text: str, names: Iterable[str], self_name: str = "", skip: frozenset[str] = frozenset()) -> str:
    """Card names in text become single tokens of the same length (columns stay true): the
    card's own name becomes '~~~' (this object), another known name '⟪····⟫'; names in `skip`
    (lowercase: words the grammar reads itself) are left alone."""
    for own in own_names(self_name) if self_name and self_name.lower() not in skip else ():
        text = _mask_own(text, own)
    pattern = _names_pattern(names if isinstance(names, frozenset) else frozenset(names), skip)
    if pattern is not None:
        text = pattern.sub(lambda m: NAME_OPEN + NAME_FILL * (len(m.group(0)) - 2) + NAME_CLOSE, text)
    return text


def _joins_word(char: str) -> bool:
    return char.isalnum() or char in "_'~"


def _mask_own(text: str, own: str) -> str:
    """Each mention of a card's own name, as a whole name, becomes '~' of its length; not one that is the
    start of another name ('Urza, Planeswalker' in the text of 'Urza, Lord Protector'). Found with str.find:
    compiling a pattern per card costs more than parsing its line."""
    start = text.find(own)
    while start >= 0:
        end = start + len(own)
        before = text[start - 1] if start else ""
        after = text[end:end + 3]
        possessive = after[:2] == "'s" and not (after[2:3] and _joins_word(after[2]))   # '~'s power'
        if not (before and _joins_word(before)) and not (after[:1] and _joins_word(after[0]) and not possessive) \
                and not (after[:2] == ", " and "A" <= after[2:3] <= "Z"):
            text = text[:start] + "~" * len(own) + text[end:]
            start = text.find(own, end)
        else:
            start = text.find(own, start + 1)
    return text


@functools.lru_cache(maxsize=64)
def _names_pattern(names: frozenset[str], skip: frozenset[str]) -> re.Pattern | None:
    """One regular expression for all the names, longest first (a set of thousands of cards costs one
    pass); a frozenset keeps its hash, so a set's names are looked up at no cost. Names in `skip`
    (lowercase: words the grammar reads itself, like a basic land's subtype) are left alone."""
    names = frozenset(n for n in names if len(n) >= 2 and n.lower() not in skip)
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


def strip_reminder(text: str) -> str:
    """Reminder text in parentheses has no rules meaning (207.2)."""
    return _REMINDER.sub("", text).strip()
