"""Load rules files into a Rulebook: the definitions, the type vocabulary, and
the Oracle parser that their invocation patterns extend.

Loading runs in two passes, because a definition's steps may use another
definition (a keyword action whose steps invoke another): first every file's
layout, headers and clauses; then, with the grammar extended by all the
patterns, every step line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from . import ast
from .diagnostics import Diagnostic, MtgError, Report, Span, did_you_mean, error
from .parsers import (definitions_parser, extension, oracle_parser, resource_dir, slot_type, split_pattern,
                      structure_parser)
from .syntax import SourceText, ToAst, parse_tree, strip_reminder, syntax_error

RULES_SUFFIX = ".mtgr"


@dataclass
class _Item:
    """One line of a rules file and the lines indented under it."""

    text: str
    span: Span
    children: list["_Item"]


@dataclass
class _PendingDefinition:
    kind: str
    title: str
    span: Span
    pattern: ast.Pattern | None
    clauses: dict[str, list] = field(default_factory=dict)
    step_items: list[_Item] = field(default_factory=list)


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


def singularize(word: str, known: dict[str, str]) -> str:
    """The singular of a type word: 'Elves' -> 'Elf', 'Elementals' -> 'Elemental'."""
    if word in known:
        return known[word]
    lower = {k.lower(): v for k, v in known.items()}
    if word.lower() in lower:
        return lower[word.lower()]
    return word


class Rulebook:
    """The loaded mechanics and the parser for the language they make."""

    def __init__(self) -> None:
        self.keyword_actions: dict[str, ast.Definition] = {}
        self.special_actions: dict[str, list[ast.Definition]] = {}
        self.face_down: ast.FaceDownCharacteristics | None = None
        self.card_types: set[str] = set()
        self.supertypes: set[str] = set()
        self.subtypes: set[str] = set()
        self._singular: dict[str, str] = {}
        self.files: list[str] = []
        self.report = Report()
        self._keyword_order: list[ast.Definition] = []
        self._special_order: list[str] = []
        self._parser = None

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, paths: Iterable[Path] = (), with_bundled: bool = True) -> "Rulebook":
        """Load the bundled rules (and any extra files or folders); errors are raised."""
        book = cls()
        files = rules_files(([resource_dir("rules")] if with_bundled else []) + [Path(p) for p in paths])
        book.load_files(files)
        if book.report.errors:
            raise MtgError(book.report.errors[0])
        return book

    def load_files(self, files: list[Path]) -> None:
        """Load files into this rulebook, collecting diagnostics in `self.report`."""
        pending: list[_PendingDefinition] = []
        for path in files:
            self.files.append(str(path))
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                self.report.add(Diagnostic("E001", f"can't read rules file: {exc}", Span(str(path), 1, 1)))
                continue
            try:
                pending.extend(self._first_pass(str(path), text))
            except MtgError as exc:
                self.report.add(exc.diagnostic)
        for item in pending:
            self._register_header(item)
        self._build_parser()
        for item in pending:
            try:
                self._finish(item)
            except MtgError as exc:
                self.report.add(exc.diagnostic)

    def _first_pass(self, file: str, text: str) -> list[_PendingDefinition]:
        source = SourceText(text, file)
        if not text.endswith("\n"):
            text += "\n"
        try:
            tree = structure_parser().parse(text)
        except UnexpectedInput as exc:
            raise syntax_error(structure_parser(), exc, source, "wrong indentation or layout") from None
        except Exception as exc:  # Lark's DedentError: a dedent to no open level
            lines = text.splitlines()
            raise error("E102", f"wrong indentation: {exc}", Span(file, 1, 1, lines[0] if lines else "")) from None
        lines = text.splitlines()
        items = [self._item(child, file, lines) for child in tree.children]
        return [self._header(item) for item in items]

    def _item(self, tree: Tree, file: str, lines: list[str]) -> _Item:
        token: Token = tree.children[0]
        span = Span(file, token.line, token.column, lines[token.line - 1], len(token))
        return _Item(str(token), span, [self._item(c, file, lines) for c in tree.children[1:]])

    def _header(self, item: _Item) -> _PendingDefinition:
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        tree = parse_tree(definitions_parser(), source, "header", "expected a definition header",
                          ["keyword action", "special action", "face-down characteristics", "types"])
        kind, title = str(tree.children[0]), str(tree.children[1])[1:-1]
        pending = _PendingDefinition(kind, title, item.span, None)
        if kind in ("keyword action", "special action"):
            pending.pattern = self._pattern(title, item.span)
        clause_words = self._clause_words()
        for child in item.children:
            first = child.text.split()[0].lower()
            if first in clause_words or " ".join(child.text.split()[:2]).lower() in clause_words:
                self._clause(pending, child)
            else:
                pending.step_items.append(child)
        return pending

    @staticmethod
    def _clause_words() -> set[str]:
        parser = definitions_parser()
        accepted = parser.parse_interactive("", start="clause").accepts()
        return {parser.get_terminal(n).pattern.value.lower() for n in accepted
                if parser.get_terminal(n).pattern.type == "str"}

    def _clause(self, pending: _PendingDefinition, item: _Item) -> None:
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        tree = parse_tree(definitions_parser(), source, "clause", "bad clause")
        values = [(str(t), t) for t in tree.children]
        pending.clauses.setdefault(str(tree.data), []).append((values, item.span))

    def _pattern(self, text: str, span: Span) -> ast.Pattern:
        parts: list[str | ast.Slot] = []
        for part in split_pattern(text):
            if isinstance(part, tuple):
                name, optional = part
                kind = slot_type(name)
                if kind is None:
                    raise error("E201", f"unknown slot '{{{name}}}' in pattern \"{text}\"", span,
                                help=did_you_mean(name, ["count", "quality", "cards", "permanent", "subtype"]))
                parts.append(ast.Slot(name, kind, optional))
            else:
                parts.append(part.lower())
        return ast.Pattern(text, tuple(parts), span=span)

    def _register_header(self, pending: _PendingDefinition) -> None:
        if pending.kind == "keyword action":
            name = pending.pattern.name
            if name in self.keyword_actions:
                self.report.add(Diagnostic("E202", f"keyword action '{name}' is defined twice", pending.span))
                return
            self.keyword_actions[name] = None  # filled in by _finish
            self._keyword_order.append(pending)
        elif pending.kind == "special action":
            text = " ".join(p if isinstance(p, str) else "{}" for p in pending.pattern.parts)
            if text not in self._special_order:
                self._special_order.append(text)
        elif pending.kind == "types":
            for values, _ in pending.clauses.get("card_types_clause", []):
                self.card_types.update(v for v, _ in values)
            for values, _ in pending.clauses.get("supertypes_clause", []):
                self.supertypes.update(v for v, _ in values)
            for values, _ in pending.clauses.get("subtypes_clause", []):
                for word, _ in values:
                    singular, _, plural = word.partition("(")
                    singular = singular.replace("_", " ")
                    self.subtypes.add(singular)
                    if plural:
                        self._singular[plural.rstrip(")")] = singular
        for word in list(self.card_types) + list(self.supertypes) + list(self.subtypes):
            for plural in _regular_plurals(word):
                self._singular.setdefault(plural, word)

    def _build_parser(self) -> None:
        keyword_patterns = [p.pattern for p in self._keyword_order]
        special_patterns = [ast.Pattern(t, tuple(w if w != "{}" else ast.Slot("permanent", "objects")
                                                  for w in t.split())) for t in self._special_order]
        self._extension = extension(keyword_patterns, special_patterns)
        self._parser = oracle_parser(self._extension)
        self._keyword_parts = [list(p.parts) for p in keyword_patterns]
        self._keyword_names = [p.name for p in keyword_patterns]

    def _finish(self, pending: _PendingDefinition) -> None:
        clauses = pending.clauses
        rules = tuple(v for values, _ in clauses.get("rule_clause", []) for v, _ in values)
        reminder = next((values[0][0][1:-1] for values, _ in clauses.get("reminder_clause", [])), None)
        if pending.kind == "types":
            return
        if pending.kind == "face-down characteristics":
            def number(name):
                found = clauses.get(name)
                return int(found[0][0][0][0]) if found else None
            types = tuple(v for values, _ in clauses.get("types_clause", []) for v, _ in values)
            self.face_down = ast.FaceDownCharacteristics(rules, reminder, types, number("power_clause"),
                                                         number("toughness_clause"), span=pending.span)
            return
        examples = tuple((values[0][0][1:-1], span) for values, span in clauses.get("example_clause", []))
        event = next((values[0][0] for values, _ in clauses.get("event_clause", [])), None)
        option = next((values[0][0][1:-1] for values, _ in clauses.get("named_clause", [])), None)
        steps = [self._parse_step(item) for item in pending.step_items]
        body = steps[0] if len(steps) == 1 else ast.Sequence(tuple(steps), span=pending.span)
        definition = ast.Definition(pending.kind, pending.pattern, rules, reminder, examples, event, option, body,
                                    span=pending.span)
        if pending.kind == "keyword action":
            self.keyword_actions[definition.name] = definition
        else:
            key = " ".join(p if isinstance(p, str) else "{}" for p in pending.pattern.parts)
            self.special_actions.setdefault(key, []).append(definition)

    def _parse_step(self, item: _Item) -> ast.Effect:
        if item.children:
            child = item.children[0]
            raise error("E103", "a step can't have steps indented under it", child.span,
                        help="write one step per line at the same indentation")
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        return self._transform(parse_tree(self._parser, source, "effect_text", "unknown step",
                                          self.vocabulary() + sorted(self._clause_words())), source)

    def definitions(self) -> list[ast.Definition]:
        """Every loaded keyword action and special action definition."""
        out = [d for d in self.keyword_actions.values() if d is not None]
        for group in self.special_actions.values():
            out.extend(group)
        return out

    # ------------------------------------------------------------ parsing text
    def vocabulary(self) -> list[str]:
        """Words a user may have meant: step verbs and keyword action names."""
        return list(self.keyword_actions) + ["draw", "mill", "shuffle", "put", "look", "choose", "reveal",
                                             "turn", "pay", "require", "record"]

    def _transform(self, tree, source: SourceText):
        transformer = ToAst(source, self._keyword_parts, self._keyword_names, self._special_order,
                            lambda w: singularize(w, self._singular))
        return transformer.transform(tree)

    def parse(self, text: str, start: str, file: str = "<text>", line: int = 1, column: int = 1,
              what: str = "not understood", source_line: str | None = None):
        """Parse text from a start symbol ('ability', 'effect_text', 'command') into AST."""
        source = SourceText(text, file, line, column, source_line)
        return self._transform(parse_tree(self._parser, source, start, what, self.vocabulary()), source)

    def parse_card_line(self, text: str, card_name: str, file: str = "<card>", line: int = 1) -> ast.Ability:
        """One line of a card's Oracle text; its own name means 'this object'."""
        cleaned = strip_reminder(text)
        if card_name:
            cleaned = cleaned.replace(card_name, "~")
        return self.parse(cleaned, "ability", file, line, 1, f"not understood in {card_name}", text)

    def command_words(self) -> set[str]:
        """First words of the commands a scenario step may use."""
        words = {"resolve", "cast", "activate"}
        words.update(key.split()[0] for key in self._special_order)
        return words

    def known_qualities(self) -> set[str]:
        return self.card_types | self.supertypes | self.subtypes | {t.lower() for t in self.card_types} | {
            "permanent", "spell", "nonland", "token"}


def _regular_plurals(word: str) -> list[str]:
    if word.endswith(("s", "x", "ch", "sh")):
        return [word + "es"]
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return [word[:-1] + "ies", word + "s"]
    return [word + "s"]
