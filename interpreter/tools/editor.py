"""What an editor asks of a rules file (`.mtgr`) or a set or scenario file (YAML): its lint findings
for the text being typed, the words that may come at the cursor, and what a mechanic's name means.

Plain functions over (path, text); `lsp.py` serves them over the Language Server Protocol. Rulebooks
take seconds to build, so they are kept between requests (and built again when a rules file they read
changes); set and scenario files are read afresh, with the text of open buffers (yamlsource.OPEN_BUFFERS).
"""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..diagnostics import Diagnostic, MtgError, Span
from ..language import ast
from ..language.parsers import definitions_parser, resource_dir
from ..language.files import RULES_SUFFIX, rules_files
from ..language.rulebook import Rulebook
from .lint import is_set_file, lint_rules, lint_scenario_file, lint_set_file
from .scenario import Runner, mechanics_of
from .yamlsource import OPEN_BUFFERS, line_of, load_documents

DATA_SUFFIXES = (".yaml", ".yml")


class CachingRunner(Runner):
    """A Runner whose rulebooks outlive one request, each kept until a rules file it read changes."""

    books: ClassVar[dict[tuple, Rulebook]] = {}

    def rulebook(self, extra: tuple[str, ...]) -> Rulebook:
        key = (extra, tuple(f.stat().st_mtime_ns for f in rules_files([Path(p) for p in extra]) if f.exists()))
        if key not in self.books:
            self.books[key] = Rulebook.load([Path(p) for p in extra])
        return self.books[key]


# ------------------------------------------------------------------ diagnostics
def findings(path: Path, text: str) -> list[Diagnostic]:
    """Lint's findings for `text` as the content of `path`, each placed in this file (a finding in another
    file, such as a set the scenario names, at the top of this one, saying where)."""
    if path.suffix == RULES_SUFFIX:
        found = _rules_findings(path, text)
    elif path.suffix in DATA_SUFFIXES:
        OPEN_BUFFERS[path.resolve()] = text
        runner = CachingRunner()
        found = lint_set_file(path, runner) if is_set_file(path) else lint_scenario_file(path, runner)
    else:
        return []
    here = str(path.resolve())
    out = []
    for d in found:
        if d.span is not None and str(Path(d.span.file).resolve()) == here:
            out.append(d)
        else:
            where = f" (in {d.span.file}:{d.span.line})" if d.span else ""
            out.append(Diagnostic(d.code, d.message + where, Span(str(path), 1, 1), d.rule, d.help, d.severity))
    return out


def _rules_findings(path: Path, text: str) -> list[Diagnostic]:
    """A rules file's text linted beside the other rules files of its folder (a folder of a designer's own
    mechanics loads together), from a copy of the buffer under the same name."""
    bundled = resource_dir("rules").resolve()
    folder = path.resolve().parent
    neighbours = [] if folder == bundled or not folder.is_dir() else \
        [f for f in rules_files([folder]) if f.name != path.name]
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        copy.write_text(text, encoding="utf-8")
        found = lint_rules([copy] + neighbours)
    return [_moved(d, copy, path) for d in found if d.span is None or d.span.file == str(copy)]


def _moved(d: Diagnostic, copy: Path, path: Path) -> Diagnostic:
    if d.span is None:
        return d
    span = Span(str(path), d.span.line, d.span.column, d.span.source_line, d.span.length)
    return Diagnostic(d.code, d.message.replace(str(copy), str(path)), span, d.rule, d.help, d.severity)


# ------------------------------------------------------------------ the rulebook a file sees
def _document(path: Path, text: str, line: int) -> object:
    """The YAML document that holds the (0-based) line: a scenario file may hold several."""
    try:
        docs = [d for d in load_documents(text, str(path)) if d is not None]
    except MtgError:
        return None
    return next((d for d in reversed(docs) if line_of(d) <= line + 1), docs[0] if docs else None)


def context(path: Path, text: str, line: int = 0) -> tuple[Rulebook, list[str]]:
    """The rulebook a file is read with (the bundled rules plus its mechanics, or for a rules file those of
    its folder) and the card names it may use (its own cards and its sets' cards)."""
    runner = CachingRunner()
    if path.suffix == RULES_SUFFIX:
        folder = path.resolve().parent
        extra = () if folder == resource_dir("rules").resolve() else (str(folder),)
        try:
            return runner.rulebook(extra), []
        except MtgError:
            return runner.rulebook(()), []
    doc = _document(path, text, line)
    OPEN_BUFFERS[path.resolve()] = text
    try:
        book = runner.rulebook(mechanics_of(doc, path) + runner.set_mechanics(doc, path))
        names = [n for found in runner.sets_of(doc, path) for n in found.cards]
    except MtgError:
        book, names = runner.rulebook(()), []
    if isinstance(doc, dict):
        own = doc.get("cards")
        names += [str(c.get("name")) for c in own if isinstance(c, dict) and c.get("name")] \
            if isinstance(own, list) else [str(n) for n in own] if isinstance(own, dict) else []
    return book, list(dict.fromkeys(names))


# ------------------------------------------------------------------ completion
@dataclass(frozen=True)
class Word:
    """A completion: the text, what it is ('step word', 'mechanic', 'card'), a line saying more, and the
    character where the text it replaces starts."""

    label: str
    kind: str
    detail: str = ""
    start: int = 0


def _header(definition: ast.Definition) -> str:
    rules = ", ".join(definition.rules)
    return f"{definition.kind} \"{definition.pattern.text}\"" + (f", rule {rules}" if rules else "")


def _layout_words() -> list[str]:
    """The headers and clause words of rules files: the definitions grammar's literal words, and the
    alternatives of its terminals that are only a choice of words ('keyword action|special action|...')."""
    out = []
    for terminal in definitions_parser().terminals:
        value = terminal.pattern.value
        if terminal.pattern.type == "str" and value[:1].isalpha():
            out.append(value)
        elif (choice := re.fullmatch(r"\(\?:((?:[a-z]|\\[ -]|\|)+)\)", value)):
            out += [re.sub(r"\\(.)", r"\1", w) for w in choice.group(1).split("|")]
    return out


def vocabulary(path: Path, text: str, line: int = 0) -> list[Word]:
    """Every word a file may use: step and clause words, the loaded mechanics, the card names it knows."""
    book, names = context(path, text, line)
    words = [Word(w, "step word") for w in book.grammar_words()]
    if path.suffix == RULES_SUFFIX:
        words += [Word(w, "step word", "a rules-file header or clause") for w in _layout_words()]
    else:
        words += [Word(w, "step word", "a scenario command") for w in sorted(book.command_words())]
    words += [Word(d.pattern.text, "mechanic", _header(d)) for d in book.definitions()]
    words += [Word(n, "card") for n in names]
    return list({w.label: w for w in words}.values())


def completions(path: Path, text: str, line: int, character: int) -> list[Word]:
    """The vocabulary words that continue what is typed before the cursor (0-based line and character):
    a word, or a name of several words ('Shoal Tra' -> 'Shoal Trawler'), each with where it starts."""
    lines = text.splitlines()
    before = lines[line][:character] if line < len(lines) else ""
    starts = [m.start() for m in re.finditer(r"(?<![\w'+/{-])[\w'+/{-]", before)]
    fresh = not before or before[-1].isspace()   # nothing typed of the next word: every word may come
    out = []
    for word in vocabulary(path, text, line):
        label = word.label.lower()
        start = next((s for s in starts if label.startswith(before[s:].lower()) and label != before[s:].lower()),
                     len(before) if fresh else None)
        if start is not None:
            out.append(Word(word.label, word.kind, word.detail, start))
    return out


# ------------------------------------------------------------------ hover
def _names(definition: ast.Definition) -> list[str]:
    """What text may call a definition by: its name, its pattern's words, its event."""
    words = " ".join(p if isinstance(p, str) else "\0" for p in definition.pattern.parts).split("\0")
    found = [definition.name] + [w.strip() for w in words if w.strip()]
    if definition.event:
        found.append(definition.event)
    return found


def definition_at(path: Path, text: str, line: int, character: int) -> ast.Definition | None:
    """The loaded mechanic whose name (or a word of its pattern, or its event) is under the cursor."""
    lines = text.splitlines()
    if line >= len(lines):
        return None
    book, _ = context(path, text, line)
    best: tuple[int, ast.Definition] | None = None
    for definition in book.definitions():
        for name in _names(definition):
            pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?:s|ed|d)?(?![\w-])", re.I)
            for m in pattern.finditer(lines[line]):
                if m.start() <= character <= m.end() and (best is None or len(name) > best[0]):
                    best = (len(name), definition)
    return best[1] if best else None


def hover(path: Path, text: str, line: int, character: int) -> str | None:
    """Markdown for the mechanic under the cursor: its wording, kind, rules, reminder text, where it is."""
    definition = definition_at(path, text, line, character)
    if definition is None:
        return None
    out = [f"**{definition.pattern.text}** — {_header(definition)}"]
    if definition.reminder:
        out.append(f"*{definition.reminder}*")
    if definition.span is not None:
        out.append(f"Defined in `{definition.span.file}:{definition.span.line}`")
    return "\n\n".join(out)
