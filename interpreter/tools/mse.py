"""Magic Set Editor sets (`.mse-set`) read into the project's card mappings.

A `.mse-set` is a zip archive (or, from old versions, a folder) holding a file
named `set`: MSE's data format, one `key: value` per line, a block's entries
indented one tab under its `key:` line, a long text value on the lines
indented under its key. The set's `set info` gives its title and code, each
`card:` block a card (magic.mse-game's card fields), each `keyword:` block one
of the set's own keywords with its reminder text. Styling, images and every
other key are ignored.

Card text is MSE markup; it becomes Oracle text: `<sym>`/`<sym-auto>` mana
symbols become `{..}`, `<atom-cardname>` and `CARDNAME` the card's name, the
keyword, spelling and formatting tags (`<kw-A>`, `<nospellcheck>`, `<i>`,
`<b>`, ...) are dropped keeping their text, and shown reminder text stays in
parentheses as MSE writes it.
"""
from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic, Span, error
from .yamlsource import MAX_FILE_BYTES
from .rarities import rarity_of

SET_MEMBER = "set"
HELP = "save the set again from Magic Set Editor (File > Save), or check the line against its neighbours"


@dataclass
class Entry:
    """One `key: value` of MSE's data format, with the lines indented under it."""

    key: str
    value: str | None
    line: int
    body: list[tuple[int, str]] = field(default_factory=list)

    def text(self) -> str:
        """The value: the rest of the key's line, or the lines indented under it."""
        return "\n".join(t for _, t in self.body) if self.body else (self.value or "")


@dataclass
class Keyword:
    """A set's own keyword as MSE declares it (`keyword:` block)."""

    name: str
    match: str
    mode: str
    reminder: str
    line: int


def read_archive(path: Path) -> str:
    """The text of the set's `set` file, from the zip archive or the folder."""
    where = Span(str(path), 1, 1)
    if path.is_dir():
        member = path / SET_MEMBER
        if not member.is_file():
            raise error("E131", f"no '{SET_MEMBER}' file in the Magic Set Editor folder {path.name}", where,
                        help=HELP)
        raw = member.read_bytes()[:MAX_FILE_BYTES + 1]
    else:
        try:
            with zipfile.ZipFile(path) as archive:
                info = next((i for i in archive.infolist() if i.filename == SET_MEMBER), None)
                if info is None:
                    raise error("E131", f"the archive has no '{SET_MEMBER}' file: not a Magic Set Editor set",
                                where, help=HELP)
                if info.file_size > MAX_FILE_BYTES:
                    raise error("E131", f"its '{SET_MEMBER}' file is larger than {MAX_FILE_BYTES // 1_000_000} MB",
                                where)
                raw = archive.read(info)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError) as exc:
            raise error("E131", f"not a readable Magic Set Editor set (a zip archive): {exc}", where,
                        help=HELP) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise error("E131", f"its '{SET_MEMBER}' file is not UTF-8 text (byte {exc.start + 1})",
                    Span(str(path), line, 1)) from None


def entries(lines: list[tuple[int, str]], file: str) -> list[Entry]:
    """The entries of one block (lines already without the block's own indentation)."""
    out: list[Entry] = []
    for number, text in lines:
        if text.startswith("\t"):
            if not out:
                raise error("E131", "an indented line that belongs to no key", Span(file, number, 1, text),
                            help=HELP)
            out[-1].body.append((number, text[1:]))
            continue
        if not text.strip():
            if out:
                out[-1].body.append((number, ""))
            continue
        key, colon, value = text.partition(":")
        if not colon or not key.strip():
            raise error("E131", "expected 'key: value' (Magic Set Editor's data format)",
                        Span(file, number, 1, text, max(1, len(text))), help=HELP)
        out.append(Entry(key.strip(), value[1:] if value.startswith(" ") else value or None, number))
    for entry in out:
        while entry.body and not entry.body[-1][1]:
            entry.body.pop()   # blank lines between blocks belong to none of them
    return out


def fields(entry: Entry, file: str) -> dict[str, Entry]:
    """A block's entries by key (the first of each key)."""
    found: dict[str, Entry] = {}
    for child in entries(entry.body, file):
        found.setdefault(child.key, child)
    return found


# ------------------------------------------------------------------ markup
_TAG = re.compile(r"<(/?)([^<>]*)>")
_SYMBOL = re.compile(r"H/([WUBRG])(?:/([WUBRG]))?|([2WUBRGC])/([WUBRGP])|(\d+)|([A-Z])|(.)")


def symbols(text: str) -> str:
    """MSE's mana notation as Oracle symbols: '2WU' -> '{2}{W}{U}', 'W/U' -> '{W/U}', 'H/B' (Phyrexian)
    -> '{B/P}', 'T' -> '{T}'. A character MSE's magic font has no symbol for is kept as '{c}', which the
    mana cost reader then refuses with its own message (E301)."""
    out = []
    for m in _SYMBOL.finditer(text.strip()):
        phyrexian, second, left, right, number, letter, other = m.groups()
        if phyrexian:
            out.append(f"{{{phyrexian}/{second}/P}}" if second else f"{{{phyrexian}/P}}")
        elif left:
            out.append(f"{{{left}/{right}}}")
        else:
            value = number or letter or other
            if not value.isspace():
                out.append(f"{{{int(value) if number else value}}}")
    return "".join(out)


def legend_name(name: str) -> str:
    """The short name a legend's text uses (MSE's LEGENDNAME: up to ', ', ' of ' or ' the ')."""
    return re.split(r", | of | the ", name, maxsplit=1)[0]


def oracle_text(markup: str, card_name: str) -> str:
    """MSE rule text as Oracle text (see the module docstring)."""
    out: list[str] = []
    symbol: list[str] | None = None    # collecting a <sym> tag's content
    atom_depth = 0                     # inside <atom-cardname>/<atom-legname>: the content is replaced
    soft = 0                           # inside <soft-line>: a line break is a space
    position = 0
    for m in _TAG.finditer(markup):
        text = markup[position:m.start()]
        position = m.end()
        if symbol is not None:
            symbol.append(text)
        elif not atom_depth:
            out.append(text.replace("\n", " ") if soft else text)
        closing, name = m.group(1) == "/", m.group(2).split(":")[0]
        if name in ("sym", "sym-auto"):
            if closing and symbol is not None:
                out.append(symbols("".join(symbol)))
            symbol = None if closing else []
        elif name in ("atom-cardname", "atom-legname"):
            if not closing and not atom_depth:
                out.append(card_name if name == "atom-cardname" else legend_name(card_name))
            atom_depth = max(0, atom_depth + (-1 if closing else 1))
        elif name == "soft-line":
            soft = max(0, soft + (-1 if closing else 1))
    if symbol is None and not atom_depth:
        out.append(markup[position:])
    text = "".join(out).replace("\x01", "<")
    text = re.sub(r"(?<![A-Za-z])CARDNAME(?![A-Za-z])", card_name, text)
    text = re.sub(r"(?<![A-Za-z])LEGENDNAME(?![A-Za-z])", legend_name(card_name), text)
    text = text.translate(_STRAIGHT)
    return "\n".join(re.sub(r" {2,}", " ", line).strip() for line in text.strip().splitlines())


_STRAIGHT = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def plain(markup: str) -> str:
    """A field's text without its tags (type lines, names)."""
    return _TAG.sub("", markup).replace("\x01", "<").translate(_STRAIGHT).strip()


# ------------------------------------------------------------------ the set
_PLACEHOLDER = {"number": "N", "mana": "{cost}", "cost": "[cost]"}


def keyword_of(entry: Entry, file: str) -> Keyword | None:
    """A `keyword:` block: its name, its match with `{type}` slots, and its reminder text with each
    parameter shown as its placeholder (a number as N); MSE script it can't evaluate stays as written."""
    block = fields(entry, file)
    name = plain(block["keyword"].text()) if "keyword" in block else ""
    if not name:
        return None
    match = block["match"].text() if "match" in block else name
    kinds = re.findall(r"<atom-param>([^<]*)</atom-param>", match)
    pattern = re.sub(r"<atom-param>([^<]*)</atom-param>", r"{\1}", match)

    def parameter(m: re.Match) -> str:
        used = re.search(r"param(\d+)", m.group(1))
        if not used:
            return m.group(0)
        index = int(used.group(1)) - 1
        kind = kinds[index] if 0 <= index < len(kinds) else "value"
        return _PLACEHOLDER.get(kind, f"[{kind}]")

    reminder = block["reminder"].text() if "reminder" in block else ""
    reminder = re.sub(r"(?<!\\)\{([^{}]*)\}", parameter, reminder).replace("\\{", "{").replace("\\}", "}")
    return Keyword(name, plain(pattern), plain(block["mode"].text()) if "mode" in block else "custom",
                   oracle_text(reminder, name), entry.line)


#: A card's second face, by the stylesheet's name: a double-faced card's back (712) or a second half
#: the set format has no place for.
_BACK_STYLES = ("doublefaced", "dfc", "transform", "modal")


@dataclass
class MseSet:
    """What the `set` file says, before it becomes the project's card mappings."""

    title: str
    code: str
    cards: list[tuple[str, dict, int]]   # (name, card mapping, line)
    keywords: list[Keyword]
    problems: list[Diagnostic]
    source: list[str]


def read_mse(path: Path) -> MseSet:
    """Read a `.mse-set` archive or folder; a broken file is an E131 at its line."""
    text = read_archive(path)
    file = str(path)
    lines = list(enumerate(text.splitlines(), 1))
    top = entries(lines, file)
    if not any(e.key == "card" for e in top) and not any(e.key in ("mse version", "game", "set info") for e in top):
        raise error("E131", f"the '{SET_MEMBER}' file has no 'card:' blocks: not a Magic Set Editor set",
                    Span(file, 1, 1), help=HELP)
    info = next((fields(e, file) for e in top if e.key == "set info"), {})
    title = plain(info["title"].text()) if "title" in info else path.stem
    code = plain(info["set code"].text()) if "set code" in info else ""
    default_style = next((e.text() for e in top if e.key == "stylesheet"), "")
    found = MseSet(title, code, [], [], [], text.splitlines())
    for entry in top:
        if entry.key == "keyword":
            keyword = keyword_of(entry, file)
            if keyword is not None:
                found.keywords.append(keyword)
        elif entry.key == "card":
            _card(found, entry, fields(entry, file), default_style, file)
    return found


def _face(block: dict[str, Entry], name: str, suffix: str) -> dict:
    def value(key: str) -> str:
        entry = block.get(key + suffix)
        return entry.text() if entry else ""

    words = plain(value("super type")).split()
    face: dict = {"types": words}   # supertypes are told apart with the rulebook (sets.split_supertypes)
    cost = symbols(plain(value("casting cost")))
    if cost:
        face["mana_cost"] = cost
    subtypes = plain(value("sub type")).split()
    if subtypes:
        face["subtypes"] = subtypes
    for key in ("power", "toughness", "loyalty"):
        stat = plain(value(key))
        if stat:
            face[key] = int(stat) if stat.lstrip("-").isdigit() else stat
    text = oracle_text(value("rule text"), name)
    if text:
        face["text"] = text
    return face


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _card(found: MseSet, entry: Entry, block: dict[str, Entry], default_style: str, file: str) -> None:
    name = plain(block["name"].text()) if "name" in block else ""
    if not name:
        found.problems.append(Diagnostic("E131", "a card without a name is left out",
                                         Span(file, entry.line, 1, found.source[entry.line - 1]), help=HELP))
        return
    data = _face(block, name, "")
    back_name = plain(block["name 2"].text()) if "name 2" in block else ""
    style = (block["stylesheet"].text() if "stylesheet" in block else default_style).lower()
    if back_name and any(word in style for word in _BACK_STYLES):
        back = dict(_face(block, back_name, " 2"), name=back_name)
        if "mana_cost" not in back and "card color 2" in block:   # a color indicator (204)
            colors = [_COLOR_WORDS[w] for w in re.split(r",\s*", block["card color 2"].text()) if w in _COLOR_WORDS]
            back["colors"] = colors
        data["back"] = back
    elif back_name:
        found.problems.append(Diagnostic(
            "W133", f"card '{name}': its second half '{back_name}' (stylesheet '{style}') is left out: the set "
            "format has only double-faced cards' backs", Span(file, entry.line, 1, found.source[entry.line - 1]),
            severity="warning"))
    rarity = rarity_of(plain(block["rarity"].text())) if "rarity" in block else None
    if rarity:
        data["rarity"] = rarity
    found.cards.append((name, data, block["name"].line))

