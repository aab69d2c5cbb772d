"""Running a Lark parser on source text and turning its syntax errors into located diagnostics: the words
expected there (described in words, never by the grammar's names), and, for a misspelled word, the close
word that fits where parsing stopped.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from lark import Lark, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from ...diagnostics import Diagnostic, MtgError, closest_word
from .source import SourceText

#: What a terminal that is not a literal word stands for, in a designer's words (terminal names are the
#: grammar's own and never reach a user).
_TERMINAL_WORDS = {
    "VAR": "a {variable}",
    "MANA": "a mana cost like {1}{G}",
    "INT": "a number",
    "WORD": "a word",
    "REF": "an object reference",
    "COUNTER_PT": "a counter like +1/+1",
    "EVENT_NAME": "an event name",
    "ZONE": "a zone",
    "PT": "power/toughness like 2/2",
    "SELF_NOUN": "'creature' or 'permanent'",
    "SELF_NAME": "the card's name",
    "CARD_NAME": "a card's name",
    "NAME_TEXT": "a name",
    "QUALITY_PAIR": "two qualities joined by 'or' or 'and'",
    "WHERE_X": "', where X is'",
    "_AND_DRAWS": "', then draws'",
    "_AND_DISCARDS": "', then discards'",
    "_AND_LOSES": "'and loses'",
    "LOYALTY": "a loyalty cost like [+1]",
    "CHAPTERS": "chapter numbers like I, II",
    "DESIGNATION": "a designation like 'monstrous'",
    "RULE_CITATION": "a rule citation like (rule 701.4)",
    "NUMBER_VAR": "a number slot like {count}",
    "QUALITY_VAR": "a quality slot like {quality}",
    "COST_VAR": "the {cost} slot",
    "NAME_VAR": "the {name} slot",
    "KIND": "a kind of definition ('keyword action', 'keyword ability', 'special action', 'token', ...)",
    "PLURAL": "a subtype and its plural, like Elf(Elves)",
    "RULE_NUMBER": "a rule number like 701.4b",
    "NAME": "a name in lowercase letters",
    "SLOT": "a {slot}",
    "STRING": "a quoted string",
    "LINE": "a line of text",
    "COMMENT": "a comment",
}


def describe_terminal(parser: Lark, name: str) -> str:
    """A terminal the parser expected, in words: a literal as written, any other by what it stands for
    (never its name: for one the table above lacks, the words its pattern spells)."""
    if name == "$END":
        return "end of text"
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return "other text"
    if pattern.type == "str":
        return f"'{pattern.value}'"
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    bare = re.sub(r"\(\?[a-z]*:|\\.", " ", pattern.value)
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", bare)
    if not words:
        return "other text"
    return " or ".join(f"'{w}'" for w in words) if "|" in bare else "'" + " ".join(words) + "'"


def syntax_error(
    parser: Lark,
    exc: UnexpectedInput,
    source: SourceText,
    what: str,
    vocabulary: Iterable[str] = (),
    known_words: frozenset[str] = frozenset(),
    start_rule: str | None = None,
) -> MtgError:
    """A Lark syntax error as a diagnostic: where, what was found, what was expected, and the word that fits
    there that a misspelled word most likely meant."""
    expected: set[str] = set()
    if isinstance(exc, UnexpectedToken):
        expected = set(_accepts(parser, exc) or exc.expected)
        found = "end of text" if exc.token.type == "$END" else f"'{exc.token}'"
        line, column = exc.line, exc.column
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
        found = f"'{source.text[exc.pos_in_stream]}'" if exc.pos_in_stream < len(source.text) else "end of text"
        line, column = exc.line, exc.column
    else:
        assert isinstance(exc, UnexpectedEOF)
        expected = set(exc.expected)
        found = "end of text"
        lines = source.text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    if line is None or line < 1:
        line, column = 1, 1
    described = sorted({describe_terminal(parser, name) for name in expected if not name.startswith("_")})
    shown = described[:8] + ["..."] if len(described) > 8 else described
    start = _offset(source.text, line, column)
    word_match = re.match(r"[A-Za-z'{}?_-]+|\S+", source.text[start:])
    word = word_match.group(0) if word_match else ""
    if word and found != "end of text":
        found = f"'{word}'"
    fitting = _literal_words(parser, expected)
    stray = _first_unknown_word(parser, source.text[: start + len(word)], known_words)
    if stray is not None:  # an unknown word before the error is the likely mistake ('manfest dread')
        start, word = stray
        line, column = _line_column(source.text, start)
        fitting = _words_accepted_at(parser, source.text[:start], start_rule)
        found = f"'{word}'"
        shown = []
    if start == 0:
        fitting |= {v.split()[0].lower() for v in vocabulary if v.strip()}   # other first words (clauses)
    guess = closest_word(word, fitting) if word and found != "end of text" else None
    help_text = f"did you mean '{guess}'?" if guess else None
    message = f"{what}: unexpected {found}"
    if start == 0 and found != "end of text":
        message = f"{what}: {found} is not a known step, keyword action or command"
    if shown:
        message += f"; expected {', '.join(shown)}"
    return MtgError(Diagnostic("E101", message, source.span(line, column, max(1, len(word))), help=help_text))


def _literal_words(parser: Lark, terminals: Iterable[str]) -> set[str]:
    """The words the literal terminals among `terminals` spell: the words that fit where they are accepted."""
    words = set()
    for name in terminals:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            words.update(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", pattern.value))
    return words


def _words_accepted_at(parser: Lark, prefix: str, start_rule: str | None) -> set[str]:
    """The literal words the parser accepts after `prefix` (nothing when the prefix itself doesn't parse)."""
    if start_rule is None:
        return set()
    try:
        interactive = parser.parse_interactive(prefix, start=start_rule)
        interactive.exhaust_lexer()
        key = (parser, tuple(interactive.parser_state.state_stack))
        accepted = _ACCEPTS.get(key)
        if accepted is None:
            accepted = _remember(key, frozenset(interactive.accepts()))
    except UnexpectedInput:
        return set()
    return _literal_words(parser, accepted)


#: (parser, LALR state stack) -> the terminals the parser accepts there: Lark finds them by trying each
#: terminal on a copy of the parser, the slow part of a syntax error; the answer depends on the stack only.
_ACCEPTS: dict[tuple[Lark, tuple[int, ...]], frozenset[str]] = {}
_ACCEPTS_MAX = 4096


def _accepts(parser: Lark, exc: UnexpectedToken) -> frozenset[str]:
    interactive = exc.interactive_parser
    if interactive is None:
        return frozenset()
    key = (parser, tuple(interactive.parser_state.state_stack))
    found = _ACCEPTS.get(key)
    return found if found is not None else _remember(key, frozenset(interactive.accepts()))


def _remember(key: tuple[Lark, tuple[int, ...]], accepted: frozenset[str]) -> frozenset[str]:
    if len(_ACCEPTS) >= _ACCEPTS_MAX:
        _ACCEPTS.clear()
    _ACCEPTS[key] = accepted
    return accepted


@functools.cache
def _grammar_words(parser: Lark) -> frozenset[str]:
    """Every word the grammar's terminals spell out (keywords and the words inside terminal patterns)."""
    words: set[str] = set()
    for terminal in parser.terminals:
        words.update(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", terminal.pattern.value))
    return frozenset(words)


_WORDS = re.compile(r"\{[^}]*\}|[A-Za-z][A-Za-z'-]*")
_LABEL = re.compile(r"[A-Z][A-Za-z' -]*? — ")


def _first_unknown_word(parser: Lark, text: str, known_words: frozenset[str]) -> tuple[int, str] | None:
    """The first word of `text` that neither the grammar nor the known names spell, with its offset."""
    if not known_words:
        return None
    grammar_words = _grammar_words(parser)
    label = _LABEL.match(text)  # an ability or flavor word has no rules meaning: any word may be one (207.2c-d)
    for match in _WORDS.finditer(text, label.end() if label else 0):
        word = match.group(0)
        if word.startswith("{") or word.lower() in grammar_words or word.lower() in known_words:
            continue
        return match.start(), word
    return None


def _line_column(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(before) + 1 for before in lines[: line - 1]) + column - 1


def parse_tree(
    parser: Lark,
    source: SourceText,
    start: str,
    what: str,
    vocabulary: Iterable[str] = (),
    known_words: frozenset[str] = frozenset(),
):
    """Parse `source` from `start`, turning Lark's errors into a diagnostic.

    `known_words` are names the text may use beside the grammar's own words
    (types, subtypes); given them, an unknown word before the error is reported.
    """
    try:
        return parser.parse(source.text, start=start)
    except UnexpectedInput as exc:
        raise syntax_error(parser, exc, source, what, vocabulary, known_words, start) from None


def transform(transformer: Transformer, tree):
    """Run a transformer; a user error raised inside comes out as itself."""
    try:
        return transformer.transform(tree)
    except VisitError as exc:  # the error itself: Lark's wrapper names grammar rules, which mean nothing to a user
        raise exc.orig_exc from None
