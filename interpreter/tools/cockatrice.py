"""Cockatrice card databases (`cards.xml`, custom sets) read into the project's card mappings.

The format is Cockatrice's own (version 4, and version 3's card-level
fields): `<cockatrice_carddatabase version="4">` holding `<sets>` (each a
`<name>` code and a `<longname>`) and `<cards>`; a card has a `<name>`, its
Oracle `<text>`, and in `<prop>` its `<type>` line, `<manacost>` (symbols
without braces except hybrid and Phyrexian ones: `2{W/U}G`), `<colors>`
(`WU`), `<pt>` (`2/3`) and `<loyalty>`; `<set rarity="...">` names its sets.
A double-faced card's back is a card with `<side>back</side>` that its front
names in `<related attach="transform">`. Tokens are left out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from ..diagnostics import Diagnostic, Span, error
from .rarities import rarity_of

ROOT = "cockatrice_carddatabase"
HELP = "Cockatrice reads <cockatrice_carddatabase version=\"4\"> with <sets> and <cards> (see its cards.xsd)"


@dataclass
class Node:
    """An XML element with the line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list["Node"] = field(default_factory=list)
    text: str = ""

    def child(self, tag: str) -> "Node | None":
        return next((c for c in self.children if c.tag == tag), None)

    def value(self, tag: str) -> str:
        found = self.child(tag)
        return found.text.strip() if found is not None else ""


def parse_xml(text: str, file: str) -> Node:
    """The document as Nodes with lines; malformed XML is an E131 at its line and column."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    root: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def data(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        lines = text.splitlines()
        source = lines[exc.lineno - 1] if 0 < exc.lineno <= len(lines) else ""
        raise error("E131", f"malformed XML: {expat.ErrorString(exc.code)}",
                    Span(file, exc.lineno, exc.offset + 1, source), help=HELP) from None
    return root[0]


_COST = re.compile(r"\{[^{}]*\}|\d+|[A-Z]|.")


def mana_cost(text: str) -> str:
    """Cockatrice's cost ('2{W/U}G', 'XGG', '10') as Oracle symbols ('{2}{W/U}{G}')."""
    return "".join(s if s.startswith("{") else f"{{{s}}}" for s in _COST.findall(text.replace(" ", "")))


def split_type_line(line: str) -> tuple[list[str], list[str]]:
    """'Legendary Creature — Human Cleric' -> (['Legendary', 'Creature'], ['Human', 'Cleric'])."""
    parts = re.split(r"\s[—–-]\s", line, maxsplit=1)
    return parts[0].split(), parts[1].split() if len(parts) > 1 else []


@dataclass
class CockatriceSet:
    """What the database says, before it becomes the project's card mappings."""

    title: str
    code: str
    cards: list[tuple[str, dict, int]]   # (name, card mapping, line)
    problems: list[Diagnostic]
    source: list[str]
    keywords: tuple = ()   # Cockatrice has no place for a set's own keywords


def read_cockatrice(path: Path, text: str) -> CockatriceSet:
    """Read a Cockatrice card database (the file's text); a broken file is an E131 at its line."""
    file = str(path)
    root = parse_xml(text, file)
    lines = text.splitlines()
    if root.tag != ROOT or root.attrs.get("version", "4") not in ("3", "4"):
        raise error("E131", f"not a Cockatrice card database: the root element is <{root.tag}"
                    + (f" version=\"{root.attrs['version']}\"" if "version" in root.attrs else "")
                    + f">, expected <{ROOT} version=\"4\">", Span(file, root.line, 1, lines[root.line - 1]),
                    help=HELP)
    sets = root.child("sets")
    first = sets.child("set") if sets is not None else None
    title = (first.value("longname") or first.value("name")) if first is not None else path.stem
    found = CockatriceSet(title, first.value("name") if first is not None else "", [], [], lines)
    cards = root.child("cards")
    faces: list[tuple[str, dict, Node]] = []
    for card in cards.children if cards is not None else ():
        if card.tag != "card":
            continue
        face = _card(found, card, file)
        if face is not None:
            faces.append(face)
    backs = {name: (data, node) for name, data, node in faces if _side(node) == "back"}
    back_names = set(backs)
    for name, data, node in faces:
        if name in back_names:
            continue
        for related in node.children:
            if related.tag == "related" and related.attrs.get("attach") == "transform" \
                    and related.text.strip() in backs:
                back = {k: v for k, v in backs.pop(related.text.strip())[0].items() if k != "rarity"}  # the card's
                data["back"] = dict(back, name=related.text.strip())
        found.cards.append((name, data, node.line))
    found.cards.extend((name, data, node.line) for name, (data, node) in backs.items())  # backs with no front
    found.cards.sort(key=lambda card: card[2])
    return found


def _props(card: Node) -> Node:
    """Version 4 keeps a card's properties in <prop>; version 3 beside its name."""
    return card.child("prop") or card


def _side(card: Node) -> str:
    return _props(card).value("side") or card.value("side")


def _card(found: CockatriceSet, card: Node, file: str) -> tuple[str, dict, Node] | None:
    source = found.source[card.line - 1] if 0 < card.line <= len(found.source) else ""
    name = card.value("name")
    if not name:
        found.problems.append(Diagnostic("E131", "a card without a <name> is left out", Span(file, card.line, 1, source),
                                         help=HELP))
        return None
    if card.value("token") == "1":
        found.problems.append(Diagnostic("W133", f"'{name}' is a token, not a card of the set: left out (tokens are "
                                         "made by effects, 111.1)", Span(file, card.line, 1, source),
                                         severity="warning"))
        return None
    props = _props(card)
    types, subtypes = split_type_line(props.value("type"))
    data: dict = {"types": types}   # supertypes are told apart with the rulebook (sets.split_supertypes)
    if props.value("manacost"):
        data["mana_cost"] = mana_cost(props.value("manacost"))
    if subtypes:
        data["subtypes"] = subtypes
    colors = props.child("colors") or props.child("color")
    if colors is not None:
        data["colors"] = [c for c in "WUBRG" if c in colors.text.upper()]
    power, slash, toughness = props.value("pt").partition("/")
    if slash:
        for key, stat in (("power", power.strip()), ("toughness", toughness.strip())):
            data[key] = int(stat) if stat.lstrip("-").isdigit() else stat
    if card.value("text"):
        data["text"] = "\n".join(line.strip() for line in card.child("text").text.strip().splitlines())
    loyalty = props.value("loyalty")
    if loyalty:
        data["loyalty"] = int(loyalty) if loyalty.lstrip("-").isdigit() else loyalty
    printing = card.child("set")
    rarity = rarity_of(printing.attrs.get("rarity")) if printing is not None else None
    if rarity:
        data["rarity"] = rarity
    return name, data, card
