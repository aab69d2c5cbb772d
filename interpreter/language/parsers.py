"""Build the Lark parsers: the fixed grammar files plus the alternatives that
the loaded definitions declare (their invocation patterns).

Parsers are built once per distinct grammar text and cached in memory and on
disk, so loading the same rules twice costs nothing.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import lark
from lark import Lark
from lark.exceptions import GrammarError
from lark.indenter import Indenter

from .ast import Pattern, Slot

#: Slot types a pattern may declare, and the grammar rule that fills each.
SLOT_RULES = {"number": "number", "quality": "quality", "objects": "objects", "subtype": "quality", "cost": "MANA",
              "name": "card_name"}
#: Slot names that imply a type, so a pattern can say {count} or {cards}.
SLOT_NAME_TYPES = {
    "count": "number", "n": "number", "number": "number", "amount": "number",
    "quality": "quality", "second_quality": "quality", "subtype": "subtype",
    "cards": "objects", "card": "objects", "permanent": "objects", "permanents": "objects",
    "creature": "objects", "creatures": "objects", "object": "objects", "objects": "objects",
    "cost": "cost", "second_cost": "cost", "name": "name",
}


def cache_file(name: str, text: str) -> str | bool:
    """Where Lark keeps a built parser: a file in the user's own cache folder, named by the grammar's
    hash. Lark's cache is serialized Python objects, so it must never come from a folder others can write (such as
    /tmp, Lark's default): without a private folder, nothing is cached."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mtgrules"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = folder.stat()
        if info.st_uid != os.getuid() or info.st_mode & 0o022:
            return False
    except OSError:
        return False
    digest = hashlib.sha256(f"{lark.__version__}\n{text}".encode()).hexdigest()[:32]
    return str(folder / f"{name}-{digest}.lark")


def built(name: str, text: str, **options) -> Lark:
    """The LALR parser of a grammar text: read from its cache file when a process built it before, else
    built and written there whole or not at all (a temporary file renamed into place). Processes that
    build the same grammar at once (pytest's workers, simulate's jobs) never read a half-written file,
    which Lark's own cache, writing in place, allows."""
    path = cache_file(name, text)
    if path:
        try:
            with open(path, "rb") as f:
                return Lark.load(f)
        except FileNotFoundError:
            pass
        except Exception:   # unreadable (another Lark's format): built again and replaced, as Lark does
            pass
    plugins = fast_tables()
    parser = Lark(text, parser="lalr", **({"_plugins": plugins} if plugins else {}), **options)
    if path:
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            with open(temporary, "wb") as f:
                parser.save(f)
            os.replace(temporary, path)
        except OSError:
            pass
    return parser


def fast_tables() -> dict:
    """Lark's option for the project's faster table builder (`lalr.py`), or none when this Lark's private
    internals it relies on can't be imported or don't build Lark's own tables: then Lark's own builder."""
    try:
        from .lalr import lalr_plugins
    except Exception:   # noqa: BLE001 - a Lark whose private modules moved or changed
        return {}
    return lalr_plugins()


def resource_dir(name: str) -> Path:
    """The shipped `grammar/` or `rules/` folder: inside the installed package, or in a checkout."""
    package = Path(__file__).resolve().parent.parent
    installed = package / name
    return installed if installed.is_dir() else package.parent / name


def grammar_text(name: str) -> str:
    return (resource_dir("grammar") / f"{name}.lark").read_text(encoding="utf-8")


class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types: list[str] = []
    CLOSE_PAREN_types: list[str] = []
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@functools.cache
def structure_parser() -> Lark:
    """Finds the lines of a rules file and their nesting."""
    text = grammar_text("structure")
    return built("structure", text, postlex=_RulesIndenter())


@functools.cache
def definitions_parser() -> Lark:
    """Parses header and clause lines of a rules file."""
    text = grammar_text("definitions")
    return built("definitions", text, start=["header", "clause"])


def slot_type(name: str) -> str | None:
    return SLOT_NAME_TYPES.get(name)


_SLOT = re.compile(r"\{([a-z][a-z_]*)(\?)?\}")


def split_pattern(text: str) -> list[str | tuple[str, bool]]:
    """'gather {count?} {quality}' -> ['gather', ('count', True), ('quality', False)]."""
    parts: list[str | tuple[str, bool]] = []
    for word in text.split():
        match = _SLOT.fullmatch(word)
        parts.append((match.group(1), bool(match.group(2))) if match else word)
    return parts


def _literal(word: str) -> str:
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"i'


def _alternative(pattern: Pattern, ref_slots: bool = False, subject: bool = False) -> str:
    items = []
    for n, part in enumerate(pattern.parts):
        if isinstance(part, Slot):
            if subject and n == 0:
                items.append("trigger_subject")
                continue
            rule = "REF" if ref_slots else SLOT_RULES[part.type]
            items.append(f"[{rule}]" if part.optional else rule)
        elif part in ("—", "-"):
            items.append("_dash")   # the dash rule, so a pattern's dash is card text's dash ('Choose one —')
        else:
            items.append(_literal(part))
    return " ".join(items)


def _choice(rule: str, prefix: str, alternatives: list[str]) -> list[str]:
    names = [f"{prefix}_{i}" for i in range(len(alternatives))]
    lines = [f"{rule}: " + (" | ".join(names) if names else "_NEVER")]
    lines += [f"{name}: {alternative}" for name, alternative in zip(names, alternatives)]
    return lines


def extension(keyword_patterns: list[Pattern], special_patterns: list[Pattern],
              ability_patterns: list[Pattern], subject_patterns: list[Pattern], paid_words: tuple[str, ...] = ()) -> str:
    """Grammar text adding one alternative per definition pattern.

    `kwa_N` is the N-th keyword action pattern, `kwt_N` the N-th that has a
    subject ('{permanent} scouts') used as a trigger, `sa_N` the N-th distinct
    special action pattern, `kwb_N` the N-th keyword ability. The syntax module
    maps them back to their definitions. `paid_words` are what a spell whose optional cost was paid is
    called ('kicked', 702.33d): the `event` words of keyword abilities.
    """
    lines = _choice("keyword_action", "kwa", [_alternative(p) for p in keyword_patterns])
    lines += _choice("you_trigger", "kwy", [" ".join(_literal(w) for w in words)
                                            for words in you_trigger_words(keyword_patterns)])
    lines += _choice("subject_trigger", "kwt", [_alternative(p, subject=True) for p in subject_patterns])
    lines += _choice("special_action", "sa", [_alternative(p, ref_slots=True) for p in special_patterns])
    lines += _choice("keyword_ability", "kwb", [_alternative(p) for p in ability_patterns])
    names = sorted({p.name for p in ability_patterns})
    lines.append("!keyword_name: " + (" | ".join(_literal(n) for n in names) if names else "_NEVER"))
    for kind, terminal in (("number", "NUMBER_VAR"), ("quality", "QUALITY_VAR"), ("cost", "COST_VAR"),
                           ("name", "NAME_VAR")):
        names = sorted(n for n, t in SLOT_NAME_TYPES.items() if t == kind or kind == "quality" and t == "subtype")
        lines.append(f"{terminal}.2: /\\{{(?:{'|'.join(names)})\\??\\}}/")
    words = " | ".join(_literal(w) for w in sorted(set(paid_words)))
    lines.append("PAID_WORD.3: " + (words or '"\\u0000"'))
    lines.append('_NEVER: "\\u0000"')
    return "\n".join(lines) + "\n"


def you_trigger_words(patterns: list[Pattern]) -> list[tuple[str, ...]]:
    """The literal words of each pattern, once each: what 'Whenever you ...' names ('collect evidence')."""
    seen: list[tuple[str, ...]] = []
    for pattern in patterns:
        words = tuple(p for p in pattern.parts if isinstance(p, str))
        if words and words not in seen and not isinstance(pattern.parts[0], Slot):
            seen.append(words)
    return seen


def oracle_parser(extension_text: str) -> Lark:
    """The Oracle-wording parser for one set of loaded definitions; a GrammarError when their patterns make the
    grammar ambiguous."""
    found = _oracle_parser_or_conflict(extension_text)
    if isinstance(found, GrammarError):
        raise GrammarError(*found.args)
    return found


@functools.cache
def _oracle_parser_or_conflict(extension_text: str) -> Lark | GrammarError:
    """The parser, or the conflict found building its tables: kept too, as finding it again takes seconds (a
    designer's clashing rules file is linted, then its scenarios run, in one process)."""
    try:
        return built("oracle", grammar_text("oracle") + "\n" + extension_text,
                     start=["ability", "effect_text", "command", "static_ability"], propagate_positions=True,
                     maybe_placeholders=True)
    except GrammarError as exc:
        return exc


@dataclass
class GrammarIndex:
    """Which generated grammar alternative belongs to which definition (see parsers.extension)."""

    keyword_actions: list[tuple[str, Pattern]] = field(default_factory=list)
    subject_triggers: list[tuple[str, Pattern]] = field(default_factory=list)
    keyword_abilities: list[tuple[str, Pattern]] = field(default_factory=list)
    special_patterns: list[str] = field(default_factory=list)
    paid_words: list[str] = field(default_factory=list)   # 'kicked': keyword abilities' event words (702.33d)
    you_triggers: list[str] = field(default_factory=list)   # definition named by each 'whenever you ...'
