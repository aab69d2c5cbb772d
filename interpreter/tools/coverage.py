"""`mtgrules coverage`: how much real card text the DSL understands, and how much of it runs.

A line is **parsed** when it parses completely into the typed AST and its names
check (qualities, events). It **runs** when, besides, no part of it is declared
not run yet (interpreter/runs.py): the interpreter carries out every part, following
the keyword actions and keyword abilities it uses into their definitions. Lines not
parsed are grouped by the word where understanding stopped; lines parsed that don't
run, by the part that doesn't run; most common first: a designer's to-do list.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator

from ..diagnostics import MtgError, Span, error
from ..game.cards import continues_ability
from ..game.runs import parts_not_run
from ..language import ast
from ..language.checks import check_text
from ..language.rulebook import Rulebook
from .yamlsource import read_text


@dataclass
class Line:
    """One ability line of a card, with the mechanics it is said to use. `joined` is the whole ability the
    line is part of, where that is several lines (a modal spell's 'Choose one —' and its modes, 700.2)."""

    card: str
    text: str
    mechanics: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    joined: str | None = None


@dataclass(frozen=True)
class Measured:
    """What became of one line: where parsing stopped (None: parsed), and the parts that don't run."""

    line: Line
    stopped_at: str | None
    not_run: tuple[str, ...] = ()
    ability: ast.Node | None = field(default=None, compare=False, repr=False)

    @property
    def parsed(self) -> bool:
        return self.stopped_at is None

    @property
    def runs(self) -> bool:
        return self.parsed and not self.not_run

    def as_json(self) -> dict:
        out = {"card": self.line.card, "line": self.line.text, "parsed": self.parsed, "runs": self.runs}
        if self.stopped_at is not None:
            out["stopped_at"] = self.stopped_at
        if self.not_run:
            out["not_run"] = list(self.not_run)
        return out


@dataclass
class Coverage:
    total: int = 0
    understood: int = 0      # parsed (the older name, kept in the JSON)
    runs: int = 0
    by_mechanic: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))  # parsed, runs, lines
    stops: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    not_running: Counter = field(default_factory=Counter)
    not_running_examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    lines: list[Measured] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.understood / self.total if self.total else 0.0

    @property
    def runs_share(self) -> float:
        return self.runs / self.total if self.total else 0.0

    def add(self, measured: Measured, mechanics: tuple[str, ...]) -> None:
        line = measured.line
        self.total += 1
        self.lines.append(measured)
        if measured.parsed:
            self.understood += 1
        else:
            self.stops[measured.stopped_at] += 1
            self.examples[measured.stopped_at].append(f"{line.card}: {line.text}")
        self.runs += measured.runs
        for part in measured.not_run:
            self.not_running[part] += 1
            self.not_running_examples[part].append(f"{line.card}: {line.text}")
        for mechanic in mechanics:
            tally = self.by_mechanic[mechanic]
            tally[0] += measured.parsed
            tally[1] += measured.runs
            tally[2] += 1

    def as_json(self) -> dict:
        return {"lines": self.total, "understood": self.understood, "share": round(self.share, 4),
                "parsed": self.understood, "parsed_share": round(self.share, 4),
                "runs": self.runs, "runs_share": round(self.runs_share, 4),
                "by_mechanic": {m: {"lines": t, "understood": p, "parsed": p, "runs": r}
                                for m, (p, r, t) in sorted(self.by_mechanic.items())},
                "not_understood": [{"stopped_at": k, "lines": n, "examples": self.examples[k][:3]}
                                   for k, n in self.stops.most_common()],
                "not_running": [{"part": k, "lines": n, "examples": self.not_running_examples[k][:3]}
                                for k, n in self.not_running.most_common()],
                "per_line": [m.as_json() for m in self.lines]}


def jsonl_lines(path: Path) -> Iterator[Line]:
    """Lines of a JSON Lines file of {"card", "line", "mechanics"?} objects."""
    try:
        text = read_text(path, "JSON Lines file")
    except OSError as exc:
        raise error("E001", f"can't read {path}: {exc}", Span(str(path), 1, 1)) from None
    group: list[Line] = []  # the lines of one ability, as a card's text joins them (700.2)
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
            line = Line(str(item["card"]), str(item["line"]), tuple(item.get("mechanics") or ()))
        except (ValueError, KeyError, TypeError) as exc:
            raise error("E100", f"not a {{\"card\", \"line\"}} object: {exc}", Span(str(path), number, 1)) from None
        whole = continues_ability(group[0].joined, line.text) if group and group[-1].card == line.card else None
        if whole is not None:
            group.append(line)
            for member in group:
                member.joined = whole
            continue
        yield from group
        line.joined = line.text
        group = [line]
    yield from group


def measure(book: Rulebook, lines: Iterable[Line], progress: bool = False) -> Coverage:
    """Parse, check and analyse every line; tally what parsed, what runs, and where the rest stopped."""
    result = Coverage()
    started = time.perf_counter()
    items = list(lines)
    known = {d.pattern.name: d for d in book.definitions()}
    previous: Measured | None = None
    for n, line in enumerate(items, 1):
        if progress and time.perf_counter() - started > 1.0 and (n % 25 == 0 or n == len(items)):
            done = int(30 * n / len(items))
            print(f"\r[{'#' * done}{'.' * (30 - done)}] {n}/{len(items)}", end="", file=sys.stderr, flush=True)
        mechanics = line.mechanics or tuple(name for name in known if name in line.text.lower())
        if previous is not None and previous.line.card == line.card and previous.line.joined == line.joined != line.text:
            measured = replace(previous, line=line)  # another line of the same ability: the same answer
        else:
            measured = classify(book, line)
        result.add(measured, mechanics)
        previous = measured
    if progress and time.perf_counter() - started > 1.0:
        print(file=sys.stderr)
    return result


def classify(book: Rulebook, line: Line) -> Measured:
    """Whether the line parses (else where understanding stopped) and which of its parts don't run."""
    try:
        ability = book.parse_card_line(line.joined or line.text, line.card, names=line.names)
        problems = [p for p in check_text(ability, book) if p.severity == "error"]
        if problems:
            return Measured(line, f"{problems[0].code} {problems[0].message}")
    except MtgError as exc:
        message = exc.diagnostic.message
        marker = "unexpected "
        if marker in message:
            return Measured(line, "at " + message.split(marker, 1)[1].split(";")[0])
        return Measured(line, message.split(": ", 1)[-1].split(";")[0])
    return Measured(line, None, tuple(dict.fromkeys(p.part for p in parts_not_run(ability, book))), ability)


def render(result: Coverage, limit: int = 25) -> str:
    out = [f"{result.total} lines: {result.understood} parsed ({result.share:.1%}), {result.runs} run "
           f"({result.runs_share:.1%})", "", f"by mechanic:{'':14}parsed{'':9}runs"]
    for mechanic, (parsed, ran, total) in sorted(result.by_mechanic.items(),
                                                 key=lambda kv: (kv[1][1] / kv[1][2], kv[1][0] / kv[1][2])):
        out.append(f"  {mechanic:20} {parsed:4}/{total:<4} {parsed / total:6.1%}  {ran:4}/{total:<4} {ran / total:6.1%}")
    if result.stops:
        out += ["", "not parsed, by where understanding stopped (most common first):"]
        for key, count in result.stops.most_common(limit):
            out.append(f"  {count:4}  {key}")
            out.append(f"        e.g. {result.examples[key][0][:110]}")
    if result.not_running:
        out += ["", "parsed but not running, by the part that isn't run yet (most common first; a line with "
                "several such parts counts under each):"]
        for key, count in result.not_running.most_common(limit):
            out.append(f"  {count:4}  {key}")
            out.append(f"        e.g. {result.not_running_examples[key][0][:110]}")
    return "\n".join(out)
