"""`mtgrules convert`: a set in any format the project reads, written in its own YAML set format.

Magic Set Editor sets, Cockatrice databases and MTGJSON files load directly
everywhere a set file does; converting gives the designer a file to edit and
review in the project's format (set.schema.json). The cards are the ones
loading would give; what the source has that the format has no place for is
reported (W133), as are the set's own keywords no rules file defines (W132).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from ..diagnostics import Diagnostic
from ..language.rulebook import Rulebook
from .sets import SetFile, load_cards, read_set, schema, set_format, split_supertypes

FORMAT_NAMES = {"mse": "Magic Set Editor", "cockatrice": "Cockatrice", "mtgjson": "MTGJSON", "yaml": "YAML"}


def set_code(found: SetFile) -> str:
    """The set's code as the format wants it (2-6 capitals or digits): its own, else the title's initials."""
    own = re.sub(r"[^A-Z0-9]", "", found.code.upper())
    if 2 <= len(own) <= 6:
        return own
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z0-9]+", found.name)).upper()
    return (initials + "SET")[:6] if len(initials) < 2 else initials[:6]


def _ordered(data: dict) -> dict:
    """A card's keys in set.schema.json's order."""
    out = {k: data[k] for k in schema()["$defs"]["card"]["properties"] if k in data}
    if isinstance(out.get("back"), dict):
        out["back"] = _ordered(out["back"])
    return out


def document(found: SetFile, book: Rulebook, mechanics: list[str]) -> dict:
    """The set as the YAML format's mapping."""
    doc: dict = {"name": found.name, "code": set_code(found)}
    if mechanics:
        doc["mechanics"] = mechanics
    if found.keywords:
        doc["keywords"] = [{k: v for k, v in (("name", kw.name), ("match", kw.match), ("mode", kw.mode),
                                              ("reminder", kw.reminder)) if v} for kw in found.keywords]
    cards = []
    for name, data in found.cards.items():
        card = split_supertypes(data, book) if found.type_words else dict(data)
        cards.append(_ordered({"name": name, **card}))
    doc["cards"] = cards
    return doc


class _Dumper(yaml.SafeDumper):
    """Card text over several lines as a literal block; short lists of words in flow style; a list
    indented under its key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        return super().increase_indent(flow, False)


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


def _list(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
    flow = all(isinstance(v, (str, int)) and "\n" not in str(v) for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(list, _list)


def render(doc: dict, source: Path, kind: str) -> str:
    """The YAML text: a header naming the source, then the set, a blank line between cards."""
    header = (f"# {doc['name']} ({doc['code']}): converted by `mtgrules convert` from {source.name} "
              f"({FORMAT_NAMES[kind]}).\n# The project's set format: interpreter/tools/set.schema.json.\n")
    body = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=10_000)
    return header + re.sub(r"(?<!:)\n  - name:", "\n\n  - name:", body)


def convert(source: Path, out: Path | None, mechanics: list[Path]) -> tuple[str, list[Diagnostic]]:
    """The YAML text of the set at `source`, and what converting it found: the source's own problems, its
    cards' errors, its keywords without a definition (W132) and what was left out (W133). `mechanics` (rules
    files or folders) are loaded and listed in the set's `mechanics:`, relative to where it is written."""
    found = read_set(source)
    book = Rulebook.load(mechanics)
    base = out.resolve().parent if out else Path.cwd().resolve()
    listed = [Path(os.path.relpath(m.resolve(), base)).as_posix() + ("/" if m.is_dir() else "") for m in mechanics]
    _, diagnostics = load_cards(found, book)
    reported = [d for d in diagnostics if d.severity == "error" or d.code in ("W132", "W133")]
    return render(document(found, book, listed), source, set_format(source)), reported
