"""The mechanic index: every loaded definition with its rule, kind and whether a use of it runs.

`mtgrules rules` prints it; `mtgrules rules --format markdown` is the table of rules 701 and 702 in
rules/README.md (a test keeps the two the same). Whether a definition runs is asked of its example
uses, as `mtgrules coverage` asks of card text: each must parse, and no part of it, through the
definition's own steps and abilities, may be one the interpreter refuses (game/runs.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import MtgError
from ..game import runs
from ..language import ast
from ..language.rulebook import Rulebook

#: Where the table sits in rules/README.md.
BEGIN, END = "<!-- mechanic index: begin -->", "<!-- mechanic index: end -->"


@dataclass(frozen=True)
class Entry:
    """One definition: its first rule, what it is called, its kind, and `why` it doesn't run (None: it runs)."""

    rule: str
    name: str
    kind: str
    why: str | None
    file: str | None
    line: int | None

    @property
    def runs(self) -> bool:
        return self.why is None


def why_not_run(book: Rulebook, definition: ast.Definition) -> str | None:
    """Why a use of `definition` is refused, or None when its examples all run."""
    if definition.excluded:
        return "not in these rules (the rules leave it out)"
    if definition.not_run:
        return definition.not_run
    if definition.partial:
        return "part of its definition doesn't parse"
    if not definition.examples:
        return "no example use to check"
    for text, _ in definition.examples:
        try:
            node = book.parse(text, definition.example_start, what="example not understood")
        except MtgError as exc:
            return f"its example \"{text}\" doesn't parse: {exc.diagnostic.message}"
        missing = runs.parts_not_run(node, book)
        if missing:
            return missing[0].message
    return None


def _rule_key(rule: str) -> tuple:
    """'702.19b' sorts after '702.2a' and before '702.100a'."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", rule))


def mechanic_index(book: Rulebook) -> list[Entry]:
    """Every definition of the rulebook, by rule number."""
    found = [Entry(d.rule or "-", d.pattern.text, d.kind, why_not_run(book, d),
                   d.span.file if d.span else None, d.span.line if d.span else None) for d in book.definitions()]
    return sorted(found, key=lambda e: (_rule_key(e.rule), e.name))


def index_markdown(entries: list[Entry]) -> str:
    """The tables of rules 701 and 702 for rules/README.md, with a count of what runs."""
    out: list[str] = []
    for section, title in (("701", "Rule 701, keyword actions"), ("702", "Rule 702, keyword abilities")):
        rows = [e for e in entries if e.rule.split(".")[0] == section]
        running = sum(e.runs for e in rows)
        out += [f"#### {title}: {len(rows)} definitions, {running} run", "",
                "| rule | definition | kind | runs | why not |", "| --- | --- | --- | --- | --- |"]
        for e in rows:
            why = (e.why or "").replace("|", "\\|")
            out.append(f"| {e.rule} | `{e.name}` | {e.kind} | {'yes' if e.runs else 'no'} | {why} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
