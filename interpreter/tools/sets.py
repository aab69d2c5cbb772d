"""Set files: the project's YAML format (set.schema.json), MTGJSON, Magic Set Editor sets and
Cockatrice card databases, as card definitions.

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

from ..diagnostics import Diagnostic, MtgError, Span, error
from ..game.cards import ability_lines, make_card, type_word_problems
from ..game.state import CardDef
from ..language.rulebook import Rulebook
from .cockatrice import CockatriceSet, read_cockatrice
from .coverage import Line
from .mse import SET_MEMBER, Keyword, MseSet, read_mse
from .rarities import rarity_of
from .schema_errors import describe
from .yamlsource import line_of, load_documents, locate, read_text

SET_SUFFIXES = (".yaml", ".yml", ".json", ".mse-set", ".xml")


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
    keywords: list[Keyword] = field(default_factory=list)   # the set's own keywords, with their reminder text
    type_words: bool = False   # `types` hold every word before the dash of a type line, supertypes too

    def span(self, line: int, needle: str | None = None) -> Span:
        return locate(self.source, str(self.path), line, needle)


def is_set_document(doc: object) -> bool:
    """A YAML document is a set (not a scenario) when it has a list of cards and no steps."""
    return isinstance(doc, dict) and isinstance(doc.get("cards"), list) and "steps" not in doc


def set_format(path: Path) -> str:
    """'mse', 'cockatrice', 'mtgjson' or 'yaml': by the extension, else by the first bytes. A folder is a
    Magic Set Editor set when it is named `.mse-set` or holds a `set` file (how old versions saved one)."""
    by_suffix = {".mse-set": "mse", ".xml": "cockatrice", ".json": "mtgjson", ".yaml": "yaml", ".yml": "yaml"}
    if path.is_dir():
        return "mse" if path.suffix.lower() == ".mse-set" or (path / SET_MEMBER).is_file() else "folder"
    if path.suffix.lower() in by_suffix:
        return by_suffix[path.suffix.lower()]
    try:
        with path.open("rb") as f:
            head = f.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return "yaml"
    return "mse" if head.startswith(b"PK\x03\x04") else "cockatrice" if head.startswith(b"<") else \
        "mtgjson" if head.startswith((b"{", b"[")) else "yaml"


def read_set(path: Path) -> SetFile:
    """Read a set file of any of the formats; structure problems are collected, not raised."""
    kind = set_format(path)
    try:
        if kind == "mse":
            return _imported(path, read_mse(path))
        text = read_text(path)
        if kind == "cockatrice":
            return _imported(path, read_cockatrice(path, text))
    except (OSError, UnicodeDecodeError) as exc:
        raise error("E001", f"can't read set file: {exc}", Span(str(path), 1, 1)) from None
    if kind == "mtgjson":
        return _read_mtgjson(path, text)
    docs = [d for d in load_documents(text, str(path)) if d is not None]
    if len(docs) != 1 or not isinstance(docs[0], dict):
        raise error("E120", "a set file holds one YAML document, a mapping with name, code and cards",
                    Span(str(path), 1, 1, text.splitlines()[0] if text else ""))
    doc = docs[0]
    found = SetFile(path, str(doc.get("name", path.stem)), str(doc.get("code", "")), source=text.splitlines())
    validator = jsonschema.Draft202012Validator(schema())
    bad_cards: set[int] = set()
    keywords_ok = True
    for e in validator.iter_errors(doc):
        where = list(e.absolute_path)
        if len(where) >= 2 and where[0] == "cards" and isinstance(where[1], int):
            bad_cards.add(where[1])
        keywords_ok = keywords_ok and where[:1] != ["keywords"]
        for problem in describe(e, doc, found.source):
            message = problem.message if where else f"top level: {problem.message}"
            found.problems.append(Diagnostic("E120", message, problem.span(str(path), found.source),
                                             help=problem.help))
    found.mechanics = tuple(str((path.parent / str(m)).resolve()) for m in doc.get("mechanics") or ()
                            if isinstance(m, str))
    if keywords_ok:
        found.keywords = [Keyword(k["name"], k.get("match", k["name"]), k.get("mode", "custom"), k.get("reminder", ""),
                                  line_of(k)) for k in doc.get("keywords") or ()]
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


def _imported(path: Path, read: MseSet | CockatriceSet) -> SetFile:
    """A Magic Set Editor set or a Cockatrice database as a SetFile."""
    found = SetFile(path, read.title, read.code, problems=list(read.problems), source=read.source,
                    keywords=list(read.keywords), type_words=True)
    for name, data, line in read.cards:
        _add(found, name, data, line)
    return found


def split_supertypes(data: dict, book: Rulebook) -> dict:
    """A card read from a type line (`type_words`), its supertypes (205.4a) moved out of its types, known in any
    case ('legendary creature'), and the words after the dash that spell one subtype made one ('Time Lord', 205.3m)."""
    def face(one: dict) -> dict:
        words = list(one.get("types") or ())
        supers = [w for w in words if book.spelled("supertypes", w) in book.supertypes]
        out = dict(one, types=[w for w in words if w not in supers])
        if supers:
            out["supertypes"] = supers
        if one.get("subtypes"):
            out["subtypes"] = book.joined_subtypes(list(one["subtypes"]))
        return out
    data = face(data)
    if isinstance(data.get("back"), dict):
        data["back"] = face(data["back"])
    return data


def unknown_keywords(found: SetFile, book: Rulebook) -> Iterator[Diagnostic]:
    """W132 for each of the set's own keywords that no loaded rules file defines."""
    defined = {d.name.lower() for d in book.definitions()} | {
        " ".join(p for p in d.pattern.parts if isinstance(p, str)).strip().lower() for d in book.definitions()}
    for keyword in found.keywords:
        if keyword.name.lower() not in defined:
            yield Diagnostic("W132", f"the set's keyword '{keyword.name}' has no definition in the loaded rules: "
                             "card text using it is not understood", found.span(keyword.line, keyword.name),
                             severity="warning",
                             help=f"write a rules file for it (reminder \"{keyword.reminder}\") and list it under "
                             "mechanics:" if keyword.reminder else "write a rules file for it and list it under mechanics:")


def schema() -> dict:
    return json.loads(resources.files("interpreter.tools").joinpath("set.schema.json").read_text())


# MTGJSON -------------------------------------------------------------------
_FACE_KEYS = {"manaCost": "mana_cost", "types": "types", "supertypes": "supertypes", "subtypes": "subtypes",
              "power": "power", "toughness": "toughness", "loyalty": "loyalty", "defense": "defense",
              "colors": "colors", "text": "text"}
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


def _card(entry: dict) -> dict:
    """A card's front face and its rarity (a card-level key)."""
    data = _face(entry)
    rarity = rarity_of(entry.get("rarity"))
    if rarity:
        data["rarity"] = rarity
    return data


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
        data = _card(front)
        for back in others:
            back_name = back.get("faceName") or full_name
            owners = shared.get(back_name, [])
            if len(owners) == 2:
                if back_name not in found.cards:
                    _add(found, back_name, _card(back), _line_of_name(found, back_name))
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
    diagnostics.extend(unknown_keywords(found, book))
    for name, data in found.cards.items():
        warnings: list[Diagnostic] = []
        line = found.lines.get(name, 1)
        if found.type_words:
            data = split_supertypes(data, book)
        try:
            cards[name] = make_card(name, data, book, str(found.path), line, warnings, names=every_name)
        except MtgError as exc:
            diagnostics.append(exc.diagnostic)
            continue
        if name in found.partners:
            cards[name].partner = found.partners[name]
        diagnostics.extend(_relocated(found, w) for w in warnings)
        diagnostics.extend(type_word_problems(name, data, book, lambda word, at=line: found.span(at, word)))
    return cards, diagnostics


def _relocated(found: SetFile, warning: Diagnostic) -> Diagnostic:
    """A card-text warning placed on the line of the file that holds that text."""
    if warning.span is None or not warning.span.source_line:
        return warning
    span = found.span(warning.span.line, warning.span.source_line[:40])
    return Diagnostic(warning.code, warning.message, span, warning.rule, warning.help, warning.severity)


def set_lines(found: SetFile) -> Iterator[Line]:
    """Ability lines of every card of a set file, for `mtgrules coverage`."""
    names = frozenset(found.cards)
    for name, data in found.cards.items():
        for face in (data, data.get("back") or {}):
            for _, text in ability_lines(str(face.get("text") or "")):
                yield Line(face.get("name", name), text, (), names)
