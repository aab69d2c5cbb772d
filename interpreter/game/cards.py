"""Card definitions from data (a scenario's `cards:`), with their text parsed.

A line of text the grammar does not understand is not dropped silently: it
becomes a warning naming the card and the line, and the card is usable
without that ability.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean, error
from ..language import ast
from ..language.checks import check_text
from ..language.rulebook import Rulebook
from ..language.syntax import strip_reminder
from .characteristics import Face
from .mana import parse_cost
from .state import CardDef


def _stat(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


#: 711.2: a level symbol ('LEVEL 1-4', 'LEVEL 5+') heads a striation of a leveler's text box.
_SYMBOL = re.compile(r"[A-Z]+ \d+(?:-\d+|\+)$")


def continues_ability(head: str, line: str) -> str | None:
    """The ability begun by `head` (its lines so far) with `line` added when the line belongs to it, else None:
    a '•' mode belongs to the modal ability before it ('Choose one —' and its modes so far, 700.2), and every line
    after a level symbol up to the next one is in its striation: its power/toughness box and its abilities,
    kept one to a line (711.2, 711.3)."""
    if line.startswith("•"):
        return f"{head} {line}"
    if _SYMBOL.match(head.split("\n", 1)[0]) and not _SYMBOL.match(line):
        return f"{head}\n{line}"
    return None


def ability_lines(text: str) -> list[tuple[int, str]]:
    """The abilities of a card's text with their line index: one per line, except that a modal ability
    ('Choose one —' and its '•' modes, 700.2) and a leveler's striation (711.2) are one ability over several
    lines."""
    out: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines()):
        line = line.strip()
        if not line:
            continue
        joined = continues_ability(out[-1][1], line) if out else None
        if joined is not None:
            out[-1] = (out[-1][0], joined)
        else:
            out.append((n, line))
    return out


#: The keys of a card's type line (205.1): its card types, supertypes and subtypes.
TYPE_KEYS = ("types", "supertypes", "subtypes")


def type_word_problems(name: str, data: dict, rulebook: Rulebook, at: Callable[[str], Span]) -> Iterator[Diagnostic]:
    """E207 for each word of a card's type line that the rules know in no case (205): the card would silently lack
    the type its maker meant. `at` places a word in its file."""
    known = {"types": rulebook.card_types, "supertypes": rulebook.supertypes, "subtypes": rulebook.subtypes}
    for key in TYPE_KEYS:
        for word in data.get(key) or ():
            if rulebook.spelled(key, word) not in known[key]:
                yield Diagnostic("E207", f"card '{name}': unknown {key[:-1]} '{word}'", at(str(word)), rule="205",
                                 help=did_you_mean(str(word), known[key]))


def make_face(name: str, data: dict, rulebook: Rulebook, file: str, line: int,
              warnings: list[Diagnostic], names: Iterable[str] = ()) -> Face:
    """One face from its keys; text lines parsed into abilities."""
    try:
        cost = parse_cost(data["mana_cost"]) if data.get("mana_cost") is not None else None
    except MtgError as exc:
        raise error("E301", f"card '{name}': {exc.diagnostic.message}", Span(file, line, 1), exc.diagnostic.rule,
                    exc.diagnostic.help) from None
    for key in (*TYPE_KEYS, "colors"):
        if data.get(key) is not None and not isinstance(data[key], list):
            raise error("E120", f"card '{name}': {key} must be a list, not {type(data[key]).__name__}",
                        Span(file, line, 1))
    types, supertypes, subtypes = (tuple(rulebook.spelled(key, w) for w in data.get(key) or ()) for key in TYPE_KEYS)
    abilities = []
    for n, text in ability_lines(str(data.get("text") or "")):
        if not strip_reminder(text):
            continue  # a line that is only reminder text ('({T}: Add {G}.)' on a basic land) says nothing
        try:
            ability = _as_instruction(rulebook.parse_card_line(text.strip(), name, file, line, names), types)
            problems = [p for p in check_text(ability, rulebook) if p.severity == "error"]
            if problems:
                raise MtgError(problems[0])
            abilities.append(ability)
        except MtgError as exc:
            d = exc.diagnostic
            warnings.append(Diagnostic("W501", f"card '{name}', line {n + 1} not understood: {d.message}",
                                       Span(file, line, 1, text.strip()), help=d.help, severity="warning"))
    colors = frozenset(data["colors"]) if data.get("colors") is not None else None
    return Face(name, cost, colors, types, supertypes, subtypes, _stat(data.get("power")), _stat(data.get("toughness")),
                tuple(abilities), _stat(data.get("loyalty")), _stat(data.get("defense")))


def _as_instruction(ability: ast.Ability, types: Iterable[str]) -> ast.Ability:
    """On an instant or sorcery, 'Target creature can't block.' is an instruction followed as the spell resolves
    (112.3a), lasting until the game ends (611.2a), not a static ability of a card on the stack."""
    if isinstance(ability, (ast.CantAttackOrBlock, ast.BlockRestriction)) and {"Instant", "Sorcery"} & set(types):
        return ast.SpellAbility(ability, span=ability.span)
    return ability


def make_card(name: str, data: dict, rulebook: Rulebook, file: str = "<cards>", line: int = 1,
              warnings: list[Diagnostic] | None = None, names: Iterable[str] = ()) -> CardDef:
    """A card from its keys; `names` are the other card names its text may mention."""
    warnings = warnings if warnings is not None else []
    before = len(warnings)
    front = make_face(name, data, rulebook, file, line, warnings, names)
    back = None
    if isinstance(data.get("back"), dict):
        back_name = data["back"].get("name", name)
        back = make_face(back_name, data["back"], rulebook, file, line, warnings, names)
    partner = data.get(rulebook.pair_key) if rulebook.pair_key else None
    pair = (str(partner.get("with")), str(partner.get("into"))) if isinstance(partner, dict) else None
    ignored = tuple(w.span.source_line for w in warnings[before:] if w.code == "W501" and w.span)
    return CardDef(name, front, back, ignored_lines=ignored, partner=pair)
