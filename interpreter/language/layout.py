"""The first pass over a rules file: its layout (indentation), each definition's header and clauses, and
the lines of steps left for the second pass (`Rulebook._finish`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean, error
from . import ast
from .parsers import (
    definitions_parser,
    slot_type,
    split_pattern,
    structure_parser,
)
from .syntax import (
    SourceText,
    parse_tree,
    syntax_error,
)

PATTERN_KINDS = ("keyword action", "keyword ability", "special action", "game action")
#: A keyword action the language has as a primitive step (destroy, sacrifice, tap: 701.2-701.28): its file
#: documents it (rule, reminder, examples) and has no steps; its pattern adds nothing to the grammar.
GAME_ACTION = "game action"
#: A turn-based action (703.4): what the active player does as a step begins, without the stack.
TURN_BASED_ACTION = "turn-based action"


@dataclass
class LayoutItem:
    """One line of a rules file and the lines indented under it."""

    text: str
    span: Span
    children: list["LayoutItem"]


@dataclass
class PendingDefinition:
    """A definition between the two passes: header and clauses read, steps not yet parsed."""

    kind: str
    title: str
    span: Span
    pattern: ast.Pattern | None
    clauses: dict[str, list] = field(default_factory=dict)
    step_items: list[LayoutItem] = field(default_factory=list)
    rooms: list[tuple[str, Span, list[LayoutItem], list[str]]] = field(default_factory=list)
    aliases: list[ast.Pattern] = field(default_factory=list)

    def values(self, clause: str) -> list[str]:
        """The values of every clause of that kind, strings unquoted."""
        return [unquote(v) for values, _ in self.clauses.get(clause, []) for v, _ in values]

    def first(self, clause: str) -> str | None:
        found = self.values(clause)
        return found[0] if found else None


class LayoutReader:
    """Reads a rules file's layout, headers and clauses; a part of `Rulebook`."""

    def _first_pass(self, file: str, text: str) -> list[PendingDefinition]:
        source = SourceText(text, file)
        if not text.endswith("\n"):
            text += "\n"
        lines = text.splitlines()
        _check_first_line(file, lines)
        try:
            tree = structure_parser().parse(text)
        except UnexpectedInput as exc:
            raise syntax_error(structure_parser(), exc, source, "wrong indentation or layout") from None
        except Exception:  # Lark's DedentError: a dedent to no open level
            raise _wrong_dedent(file, lines) from None
        try:
            items = [self._item(child, file, lines) for child in tree.children]
        except RecursionError:
            raise error("E102", "the lines are nested too deeply", Span(file, 1, 1, lines[0] if lines else ""),
                        help="a definition, its clauses and steps need only a few levels") from None
        return [self._header(item) for item in items]

    def _item(self, tree: Tree, file: str, lines: list[str]) -> LayoutItem:
        token: Token = tree.children[0]
        span = Span(file, token.line, token.column, lines[token.line - 1], len(token))
        return LayoutItem(str(token), span, [self._item(c, file, lines) for c in tree.children[1:]])

    def _header(self, item: LayoutItem) -> PendingDefinition:
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        kinds = [k.strip('"') for k in definitions_parser().get_terminal("KIND").pattern.value.strip("(?:)").split("|")]
        tree = parse_tree(definitions_parser(), source, "header", "expected a definition header", kinds)
        kind, title = str(tree.children[0]), unquote(str(tree.children[1]))
        pending = PendingDefinition(kind, title, item.span, None)
        if kind in PATTERN_KINDS:
            pending.pattern = self._pattern(title, item.span)
        for child in item.children:
            if self._is_clause(child.text):
                clause = self._clause(pending, child)
                if clause == "room_clause":
                    self._room(pending, child)
                    continue
                self._nothing_under(child, "a clause")
                if clause == "also_clause":
                    pending.aliases.append(self._pattern(pending.values("also_clause")[-1], child.span))
            else:
                pending.step_items.append(child)
        return pending

    @staticmethod
    def _clause_words() -> set[str]:
        parser = definitions_parser()
        accepted = parser.parse_interactive("", start="clause").accepts()
        return {parser.get_terminal(n).pattern.value.lower() for n in accepted
                if parser.get_terminal(n).pattern.type == "str"}

    def _is_clause(self, text: str) -> bool:
        lowered = text.lower()
        return any(lowered == w or lowered.startswith(w + " ") for w in self._clause_words())

    def _clause(self, pending: PendingDefinition, item: LayoutItem) -> str:
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        tree = parse_tree(definitions_parser(), source, "clause", "bad clause")
        values = [(str(t), t) for t in tree.children]
        pending.clauses.setdefault(str(tree.data), []).append((values, item.span))
        return str(tree.data)

    def _room(self, pending: PendingDefinition, item: LayoutItem) -> None:
        name = pending.values("room_clause")[-1]
        effects, leads = [], []
        for child in item.children:
            if child.text.lower().startswith("leads to"):
                self._nothing_under(child, "a room's arrows")
                inner = PendingDefinition("room", name, child.span, None)
                self._clause(inner, child)
                leads.extend(inner.values("leads_clause"))
            else:
                effects.append(child)
        pending.rooms.append((name, item.span, effects, leads))

    def _nothing_under(self, item: LayoutItem, what: str) -> None:
        """Lines indented under a line that takes none are an error, not dropped (E102)."""
        if item.children:
            self.report.add(Diagnostic("E102", f"wrong indentation: {what} has no lines indented under it",
                                       item.children[0].span, help=expected_column(item)))

    def _pattern(self, text: str, span: Span) -> ast.Pattern:
        parts: list[str | ast.Slot] = []
        for part in split_pattern(text):
            if isinstance(part, tuple):
                name, optional = part
                kind = slot_type(name)
                if kind is None:
                    raise error("E201", f"unknown slot '{{{name}}}' in pattern \"{text}\"", span,
                                help=did_you_mean(name, ["count", "quality", "cards", "permanent", "subtype",
                                                         "cost", "n"]))
                parts.append(ast.Slot(name, kind, optional))
            else:
                parts.append(part.lower())
        return ast.Pattern(text, tuple(parts), span=span)


def unquote(value: str) -> str:
    """A quoted string's text, its escapes (\\" and \\\\) undone."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r'\\(["\\])', r"\1", value[1:-1])
    return value


def _indent(line: str) -> int:
    """A line's indentation as the layout grammar measures it (a tab counts as four spaces)."""
    lead = line[:len(line) - len(line.lstrip(" \t"))]
    return lead.count(" ") + 4 * lead.count("\t")


def _content_lines(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(number, line) of each line that is neither blank nor a comment."""
    return ((n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#"))


def _at_text(file: str, number: int, line: str) -> Span:
    """The span of a line's text, after its indentation."""
    start = len(line) - len(line.lstrip(" \t"))
    return Span(file, number, start + 1, line, len(line.strip()))


def expected_column(item: LayoutItem) -> str:
    return f"expected column {item.span.column}, where line {item.span.line} starts"


def _check_first_line(file: str, lines: list[str]) -> None:
    """The first definition's header starts its line: an indented one would make the layout say
    something else than it seems (E102)."""
    for number, line in _content_lines(lines):
        if _indent(line):
            raise error("E102", "wrong indentation: a definition's header is not indented",
                        _at_text(file, number, line), help="expected column 1; the clauses and steps of a "
                        "definition are indented under its header")
        return


def _wrong_dedent(file: str, lines: list[str]) -> MtgError:
    """The first line whose indentation lines up with no line it could belong with (Lark's DedentError),
    and the columns that would."""
    levels = [(0, 0)]   # (indentation, the last line at it) of each open level
    for number, line in _content_lines(lines):
        indent = _indent(line)
        if indent > levels[-1][0]:
            levels.append((indent, number))
            continue
        open_levels = list(levels)
        while indent < levels[-1][0]:
            levels.pop()
        if indent == levels[-1][0]:
            levels[-1] = (indent, number)
            continue
        choices = " or ".join(f"column {i + 1} ({f'where line {n} starts' if i else 'a new definition'})"
                              for i, n in open_levels)
        return error("E102", f"wrong indentation: no line above this one starts at column {indent + 1}",
                     _at_text(file, number, line), help=f"expected {choices}")
    return error("E102", "wrong indentation", Span(file, 1, 1, lines[0] if lines else ""))
