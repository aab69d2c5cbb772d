"""Set files: the project's YAML format (set.schema.json) and MTGJSON, as card definitions.

Reading a set turns either format into the project's card mappings; loading
it parses their text with a rulebook. One bad card never stops the others:
its problems become diagnostics, and the card is left out or loaded without
the text that was not understood.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Iterator

import jsonschema

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean, error
from ..game.cards import ability_lines, make_card
from ..game.state import CardDef
from ..language.rulebook import Rulebook
from .coverage import Line
from .schema_errors import describe
from .yamlsource import line_of, load_documents, locate, read_text

SET_SUFFIXES = (".yaml", ".yml", ".json")


@dataclass
class SetFile:
    """A set file read into the project's card mappings, before its text is parsed."""

    path: Path
    name: str
    code: str
    cards: dict[str, dict] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    mechanics: tuple[str, ...] = ()
    problems: list[Diagnostic] = field(default_factory=list)
    source: list[str] = field(default_factory=list)
    partners: dict[str, tuple[str, str]] = field(default_factory=dict)  # MTGJSON pairs: (partner, combined)

    def span(self, line: int, needle: str | None = None) -> Span:
        return locate(self.source, str(self.path), line, needle)


def is_set_document(doc: object) -> bool:
    """A YAML document is a set (not a scenario) when it has a list of cards and no steps."""
    return isinstance(doc, dict) and isinstance(doc.get("cards"), list) and "steps" not in doc


def read_set(path: Path) -> SetFile:
    """Read a YAML or MTGJSON set file; structure problems are collected, not raised."""
    try:
        text = read_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise error("E001", f"can't read set file: {exc}", Span(str(path), 1, 1)) from None
    if path.suffix == ".json":
        return _read_mtgjson(path, text)
    docs = [d for d in load_documents(text, str(path)) if d is not None]
    if len(docs) != 1 or not isinstance(docs[0], dict):
        raise error("E120", "a set file holds one YAML document, a mapping with name, code and cards",
                    Span(str(path), 1, 1, text.splitlines()[0] if text else ""))
    doc = docs[0]
    found = SetFile(path, str(doc.get("name", path.stem)), str(doc.get("code", "")), source=text.splitlines())
    bad_cards: set[int] = set()
    for e in jsonschema.Draft202012Validator(_schema()).iter_errors(doc):
        where = list(e.absolute_path)
        if len(where) >= 2 and where[0] == "cards" and isinstance(where[1], int):
            bad_cards.add(where[1])
        for problem in describe(e, doc, found.source):
            message = problem.message if where else f"top level: {problem.message}"
            found.problems.append(Diagnostic("E120", message, problem.span(str(path), found.source),
                                             help=problem.help))
    found.mechanics = tuple(str((path.parent / str(m)).resolve()) for m in doc.get("mechanics") or ()
                            if isinstance(m, str))
    for index, card in enumerate(doc.get("cards") or ()):
        if index in bad_cards or not isinstance(card, dict) or not isinstance(card.get("name"), str):
            continue
        _add(found, str(card["name"]), {k: v for k, v in card.items() if k != "name"}, line_of(card))
    return found


def _add(found: SetFile, name: str, data: dict, line: int) -> None:
    if name in found.cards:
        found.problems.append(Diagnostic("E121", f"card '{name}' is defined twice", found.span(line, name)))
        return
    found.cards[name] = data
    found.lines[name] = line


def _schema() -> dict:
    return json.loads(resources.files("interpreter.tools").joinpath("set.schema.json").read_text())


# MTGJSON -------------------------------------------------------------------
_FACE_KEYS = {"manaCost": "mana_cost", "types": "types", "supertypes": "supertypes", "subtypes": "subtypes",
              "power": "power", "toughness": "toughness", "colors": "colors", "text": "text"}
def _read_mtgjson(path: Path, text: str) -> SetFile:
    """MTGJSON as published: {"meta": ..., "data": {"code", "name", "cards": [...]}} (or AllPrintings)."""
    try:
        document = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", 1)
        lines = text.splitlines()
        raise error("E100", f"JSON syntax: {exc}", Span(str(path), line, getattr(exc, "colno", 1),
                                                         lines[line - 1] if 0 < line <= len(lines) else "")) from None
    data = document.get("data") if isinstance(document, dict) else None
    sets = [data] if isinstance(data, dict) and "cards" in data else \
        [v for v in data.values() if isinstance(v, dict) and "cards" in v] if isinstance(data, dict) else []
    if not sets:
        raise error("E130", "not an MTGJSON set file: expected {\"data\": {\"cards\": [...]}}", Span(str(path), 1, 1),
                    help="download a set file from mtgjson.com (for example LEA.json)")
    found = SetFile(path, str(sets[0].get("name", path.stem)), str(sets[0].get("code", "")),
                    source=text.splitlines())
    for one in sets:
        faces: dict[str, list[dict]] = {}
        for card in one.get("cards") or ():
            if not isinstance(card, dict) or not isinstance(card.get("name"), str):
                found.problems.append(Diagnostic("E120", "a card without a name is left out", found.span(1)))
                continue
            faces.setdefault(card["name"], []).append(card)
        _mtgjson_cards(found, faces)
    return found


def _face(card: dict) -> dict:
    face = {ours: card[theirs] for theirs, ours in _FACE_KEYS.items() if card.get(theirs) is not None}
    face["types"] = card.get("types") or []
    return face


def _mtgjson_cards(found: SetFile, faces: dict[str, list[dict]]) -> None:
    """Cards by their faces. A back face shared by two cards is a combined card (712.4): each front
    names the other as its partner; any other back face is the card's back."""
    shared: dict[str, list[str]] = {}
    for full_name, entries in faces.items():
        for entry in entries:
            if entry.get("side", "a") != "a":
                shared.setdefault(entry.get("faceName") or full_name, []).append(full_name)
    for full_name, entries in faces.items():
        fronts = [e for e in entries if e.get("side", "a") == "a"]
        others = [e for e in entries if e.get("side", "a") != "a"]
        front = fronts[0] if fronts else entries[0]
        name = front.get("faceName") or full_name
        data = _face(front)
        for back in others:
            back_name = back.get("faceName") or full_name
            owners = shared.get(back_name, [])
            if len(owners) == 2:
                if back_name not in found.cards:
                    _add(found, back_name, _face(back), _line_of_name(found, back_name))
                other = next(o for o in owners if o != full_name)
                other_front = next((e.get("faceName") for e in faces[other] if e.get("side", "a") == "a"), other)
                found.partners[name] = (other_front, back_name)
            else:
                data["back"] = dict(_face(back), name=back_name)
        if name not in found.cards:
            _add(found, name, data, _line_of_name(found, name))


def _line_of_name(found: SetFile, name: str) -> int:
    needle = json.dumps(name)
    for number, text in enumerate(found.source, 1):
        if needle in text:
            return number
    return 1


# loading -------------------------------------------------------------------
def load_cards(found: SetFile, book: Rulebook, names: tuple[str, ...] = ()) -> tuple[dict[str, CardDef], list[Diagnostic]]:
    """Parse the set's cards with the rulebook; problems (and text not understood) come back as diagnostics."""
    cards: dict[str, CardDef] = {}
    diagnostics = list(found.problems)
    every_name = frozenset(found.cards) | frozenset(names)
    for name, data in found.cards.items():
        warnings: list[Diagnostic] = []
        line = found.lines.get(name, 1)
        try:
            cards[name] = make_card(name, data, book, str(found.path), line, warnings, names=every_name)
        except MtgError as exc:
            diagnostics.append(exc.diagnostic)
            continue
        if name in found.partners:
            cards[name].partner = found.partners[name]
        diagnostics.extend(_relocated(found, w) for w in warnings)
        diagnostics.extend(_type_problems(found, name, data, line, book))
    return cards, diagnostics


def _relocated(found: SetFile, warning: Diagnostic) -> Diagnostic:
    """A card-text warning placed on the line of the file that holds that text."""
    if warning.span is None or not warning.span.source_line:
        return warning
    span = found.span(warning.span.line, warning.span.source_line[:40])
    return Diagnostic(warning.code, warning.message, span, warning.rule, warning.help, warning.severity)


def _type_problems(found: SetFile, name: str, data: dict, line: int, book: Rulebook) -> Iterator[Diagnostic]:
    """Card types, supertypes and subtypes must be ones rule 205 knows."""
    for key, known in (("types", book.card_types), ("supertypes", book.supertypes), ("subtypes", book.subtypes)):
        for word in data.get(key) or ():
            if word not in known:
                yield Diagnostic("E207", f"card '{name}': unknown {key[:-1]} '{word}'", found.span(line, str(word)),
                                 rule="205", help=did_you_mean(str(word), known))


def set_lines(found: SetFile) -> Iterator[Line]:
    """Ability lines of every card of a set file, for `mtgrules coverage`."""
    names = frozenset(found.cards)
    for name, data in found.cards.items():
        for face in (data, data.get("back") or {}):
            for _, text in ability_lines(str(face.get("text") or "")):
                yield Line(face.get("name", name), text, (), names)
