"""`mtgrules coverage`: how much real card text the DSL understands.

A line counts as understood when it parses completely into the typed AST and
its names check (qualities, events). Lines not understood are grouped by the
word where understanding stopped, most common first: a designer's to-do list.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .checks import check_text
from .diagnostics import MtgError, Span, error
from .rulebook import Rulebook


@dataclass
class Line:
    """One ability line of a card, with the mechanics it is said to use."""

    card: str
    text: str
    mechanics: tuple[str, ...] = ()
    names: tuple[str, ...] = ()


@dataclass
class Coverage:
    total: int = 0
    understood: int = 0
    by_mechanic: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    stops: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    @property
    def share(self) -> float:
        return self.understood / self.total if self.total else 0.0

    def as_json(self) -> dict:
        return {"lines": self.total, "understood": self.understood, "share": round(self.share, 4),
                "by_mechanic": {m: {"lines": t, "understood": u} for m, (u, t) in sorted(self.by_mechanic.items())},
                "not_understood": [{"stopped_at": k, "lines": n, "examples": self.examples[k][:3]}
                                   for k, n in self.stops.most_common()]}


def jsonl_lines(path: Path) -> Iterator[Line]:
    """Lines of a JSON Lines file of {"card", "line", "mechanics"?} objects."""
    with path.open(encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.strip():
                continue
            try:
                item = json.loads(raw)
                yield Line(str(item["card"]), str(item["line"]), tuple(item.get("mechanics") or ()))
            except (ValueError, KeyError, TypeError) as exc:
                raise error("E100", f"not a {{\"card\", \"line\"}} object: {exc}", Span(str(path), number, 1)) from None


def measure(book: Rulebook, lines: Iterable[Line], progress: bool = False) -> Coverage:
    """Parse and check every line; tally what was understood and where the rest stopped."""
    result = Coverage()
    started = time.perf_counter()
    items = list(lines)
    known = {d.pattern.name: d for d in book.definitions()}
    for n, line in enumerate(items, 1):
        if progress and time.perf_counter() - started > 1.0 and (n % 25 == 0 or n == len(items)):
            done = int(30 * n / len(items))
            print(f"\r[{'#' * done}{'.' * (30 - done)}] {n}/{len(items)}", end="", file=sys.stderr, flush=True)
        mechanics = line.mechanics or tuple(name for name in known if name in line.text.lower())
        result.total += 1
        ok = understood(book, line)
        if ok is None:
            result.understood += 1
        else:
            result.stops[ok] += 1
            result.examples[ok].append(f"{line.card}: {line.text}")
        for mechanic in mechanics:
            tally = result.by_mechanic[mechanic]
            tally[0] += ok is None
            tally[1] += 1
    if progress and time.perf_counter() - started > 1.0:
        print(file=sys.stderr)
    return result


def understood(book: Rulebook, line: Line) -> str | None:
    """None when the line is understood, else where understanding stopped."""
    try:
        ability = book.parse_card_line(line.text, line.card, names=line.names)
        problems = [p for p in check_text(ability, book) if p.severity == "error"]
        if problems:
            return f"{problems[0].code} {problems[0].message}"
    except MtgError as exc:
        message = exc.diagnostic.message
        marker = "unexpected "
        if marker in message:
            return "at " + message.split(marker, 1)[1].split(";")[0]
        return message.split(": ", 1)[-1].split(";")[0]
    return None


def render(result: Coverage, limit: int = 25) -> str:
    out = [f"{result.understood} of {result.total} lines understood ({result.share:.1%})", "", "by mechanic:"]
    for mechanic, (ok, total) in sorted(result.by_mechanic.items(), key=lambda kv: kv[1][0] / kv[1][1]):
        out.append(f"  {mechanic:20} {ok:4}/{total:<4} {ok / total:6.1%}")
    if result.stops:
        out += ["", "not understood, by where understanding stopped (most common first):"]
        for key, count in result.stops.most_common(limit):
            out.append(f"  {count:4}  {key}")
            out.append(f"        e.g. {result.examples[key][0][:110]}")
    return "\n".join(out)
