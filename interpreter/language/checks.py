"""Checks on parsed definitions and texts: names resolve, slots are used,
rules are cited. The loader runs them; `mtgrules lint` reports them.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import Iterable

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean
from . import ast
from .antecedents import unclear_pronouns
from .rulebook import Rulebook

_PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+")


@functools.cache
def declared_events(book: Rulebook) -> frozenset[str]:
    """Event names the loaded definitions say happen."""
    events = set()
    for definition in book.definitions():
        if definition.event:
            events.add(definition.event)
        for node in ast.walk(definition.steps):
            if isinstance(node, ast.RecordEvent):
                events.add(node.name)
    return frozenset(events)


def check_definition(definition: ast.Definition, book: Rulebook) -> list[Diagnostic]:
    """Citation, reminder, examples, variables, qualities and pronouns of one definition."""
    found: list[Diagnostic] = []
    span = definition.span
    title = f"{definition.kind} '{definition.name}'"
    if not definition.rules:
        found.append(Diagnostic("E203", f"{title} cites no rule", span,
                                help="add a line 'rule NNN.Na' under the header"))
    if not definition.reminder:
        found.append(Diagnostic("W204", f"{title} has no reminder text", span, severity="warning",
                                help='add a line reminder "..."'))
    if not definition.examples:
        found.append(Diagnostic("W205", f"{title} has no example use", span, severity="warning",
                                help='add a line example "..."'))
    slots = {p.name for p in definition.pattern.parts if isinstance(p, ast.Slot)}
    bound = set(slots)
    used: set[str] = set()
    steps = definition.steps.effects if isinstance(definition.steps, ast.Sequence) else (definition.steps,)
    if definition.kind == "keyword ability":
        steps = definition.statics  # what the ability means, checked as a keyword action's steps are
    for step in steps:
        for node in ast.walk(step):
            if isinstance(node, ast.Var) and node.name != "X":
                used.add(node.name)
                if node.name not in bound:
                    found.append(Diagnostic("E206", f"unknown variable {{{node.name}}} in {title}", node.span,
                                            help=did_you_mean(node.name, bound) or
                                            "bind it first, e.g. 'look at ... as {name}'"))
            if getattr(node, "bind", None):  # bound from here on, in the same line too ('... as {x}. Sacrifice {x}')
                bound.add(node.bind)
        bound.update(node.bind for node in ast.walk(step) if getattr(node, "bind", None))
    if definition.kind in ("keyword ability", "game action") or definition.excluded or definition.partial \
            or definition.not_run:
        used |= slots  # read where it is used (a game action's by its primitive); a partial one may use them
    found.extend(_unreachable(definition, steps, book))
    found.extend(unclear_pronouns(definition.steps))
    for slot in sorted(slots - used):
        found.append(Diagnostic("W210", f"slot {{{slot}}} of {title} is never used", span, severity="warning"))
    found.extend(check_text(steps, book))
    found.extend(_endless(definition, book))
    return found


def check_token(token: ast.TokenDefinition, book: Rulebook) -> list[Diagnostic]:
    """A predefined token's text (111.10), read as a card's text is: every line parses and names what
    the rules know; positions point into the rules file."""
    found: list[Diagnostic] = []
    for text, at in zip(token.text, token.text_at):
        try:
            ability = book.parse_card_line(text, token.name, at.file, at.line, column=at.column,
                                           source_line=at.source_line)
            problems = check_text(ability, book)
        except MtgError as exc:
            problems = [exc.diagnostic]
        found.extend(_unescaped(d, at) for d in problems)
    return found


def _unescaped(diagnostic: Diagnostic, at: Span) -> Diagnostic:
    """A diagnostic on a quoted string's text moved to the column of the rules file's line, where each
    escape (\\") takes two characters."""
    span = diagnostic.span
    if span is None or span.line != at.line or span.column < at.column or "\\" not in at.source_line:
        return diagnostic
    column = at.column
    for _ in range(span.column - at.column):
        column += 2 if at.source_line[column - 1:column] == "\\" else 1
    return dataclasses.replace(diagnostic, span=dataclasses.replace(span, column=column))


def _certain_uses(node: object) -> dict[str, ast.KeywordAction]:
    """The keyword actions that running `node` always uses, each with its first such use: not under
    'if' (unless both branches use it), 'you may', a choice (unless every option uses it), a repeat
    whose count may be zero, or a triggered ability (it runs later, from the stack)."""
    if isinstance(node, ast.KeywordAction):
        return {node.name: node}
    if isinstance(node, ast.Sequence):
        found: dict[str, ast.KeywordAction] = {}
        for item in node.effects:
            found = {**_certain_uses(item), **found}
        return found
    if isinstance(node, (ast.Conditional, ast.EffectChoice, ast.Modal)):
        branches = ((node.effect, node.otherwise) if isinstance(node, ast.Conditional)
                    else node.options if isinstance(node, ast.EffectChoice) else node.modes)
        uses = [_certain_uses(b) for b in branches]
        return {name: use for name, use in uses[0].items() if all(name in other for other in uses[1:])}
    if isinstance(node, ast.WhereX) or (isinstance(node, ast.Repeat) and isinstance(node.count, ast.IntValue)
                                         and node.count.value > 0):
        return _certain_uses(node.effect)
    return {}


@functools.cache
def loops(book: Rulebook) -> dict[str, tuple[ast.KeywordAction, tuple[str, ...]]]:
    """Each keyword action that uses itself on every run, directly or through others: its use of the
    next definition on the loop, and the loop's names."""
    uses = {name: _certain_uses(d.steps) for name, d in book.keyword_actions.items() if d is not None}
    found: dict[str, tuple[ast.KeywordAction, tuple[str, ...]]] = {}
    for name in uses:
        paths = [(name,)]
        seen = {name}
        while paths and name not in found:
            path = paths.pop(0)
            for nxt in uses.get(path[-1], {}):
                if nxt == name:
                    found[name] = (uses[name][path[1] if len(path) > 1 else name], path + (name,))
                    break
                if nxt not in seen:
                    seen.add(nxt)
                    paths.append(path + (nxt,))
    return found


def _endless(definition: ast.Definition, book: Rulebook) -> list[Diagnostic]:
    """E218: a keyword action whose every run uses it again: a loop of mandatory actions (104.4b)."""
    if definition.kind != "keyword action" or definition.name not in loops(book):
        return []
    use, names = loops(book)[definition.name]
    through = " through " + ", ".join(f"'{n}'" for n in names[1:-1]) if len(names) > 2 else ""
    return [Diagnostic("E218", f"keyword action '{definition.name}' uses itself{through} on every run: it never "
                       "ends", use.span, "104.4b", "make the use depend on something that can end it: 'if ...', "
                       "'you may ...', or a choice between it and another step")]


#: Quality words beside types: colors (105.2), and what an object is or its status (110.5, 111.1, 506.4).
QUALITY_ADJECTIVES = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored", "tapped",
                                "untapped", "attacking", "blocking", "token", "nontoken", "spell", "card",
                                "face-down", "face-up", "source"})


def known_quality_word(word: str, known: set[str]) -> bool:
    """A type, supertype or subtype (rule 205), an adjective above, or 'nonX' / 'non-X' of one of those."""
    lowered = word.lower()
    known_lower = {k.lower() for k in known}
    if lowered in known_lower or lowered in QUALITY_ADJECTIVES:
        return True
    for prefix in ("non-", "non"):
        if lowered.startswith(prefix) and len(word) > len(prefix):
            rest = lowered[len(prefix):]
            return rest in known_lower or rest in QUALITY_ADJECTIVES
    return False


def _unreachable(definition: ast.Definition, steps: tuple, book: Rulebook) -> list[Diagnostic]:
    """Steps that can never run: those of a definition the rules leave out, and those after a step
    that always refuses (a use of such a definition)."""
    title = f"{definition.kind} '{definition.name}'"
    if definition.excluded and steps and steps[0] is not None:
        return [Diagnostic("W217", f"the steps of {title} never run: it is not in the rules", steps[0].span,
                           definition.rule, severity="warning")]
    for n, step in enumerate(steps[:-1]):
        used = book.keyword_actions.get(step.name) if isinstance(step, ast.KeywordAction) else None
        if used is not None and used.excluded:
            return [Diagnostic("W217", f"this step of {title} never runs: '{step.name}' before it always "
                               "refuses", steps[n + 1].span, definition.rule, severity="warning")]
    return []


def check_text(node: ast.Node, book: Rulebook, events: set[str] | None = None) -> list[Diagnostic]:
    """Names inside parsed text: quality words and event names."""
    found: list[Diagnostic] = []
    known = book.known_qualities()
    events = declared_events(book) if events is None else events
    for item in ast.walk(node):
        if isinstance(item, ast.Quality):
            for word in item.words:
                if isinstance(word, str) and not known_quality_word(word, known):
                    found.append(Diagnostic("E207", f"unknown quality '{word}'", item.span,
                                            help=did_you_mean(word, sorted(known)) or
                                            "qualities are card types, supertypes and subtypes (rule 205)"))
        elif isinstance(item, (ast.PutCounters, ast.HasNoCounters, ast.GiveCounters, ast.PutOntoBattlefield)) \
                and book.counter_kinds:
            kinds = [kind for _, kind in item.counters] if isinstance(item, ast.PutOntoBattlefield) else [item.kind]
            found += [Diagnostic("W216", f"unknown kind of counter '{kind}'", item.span, "122.1",
                                 did_you_mean(kind.lower(), book.counter_kinds) or
                                 "counter kinds are listed in rules/122-counters.mtgr", severity="warning")
                      for kind in kinds if not _PT_COUNTER.fullmatch(kind) and kind.lower() not in book.counter_kinds]
        elif isinstance(item, ast.Otherwise):
            found.append(Diagnostic("E104", "'Otherwise' must follow an 'If' sentence", item.span))
        elif isinstance(item, ast.Instead):
            found.append(Diagnostic("E101", "'... instead' must follow the sentence it replaces", item.span))
        elif isinstance(item, ast.KeywordCostIs):
            found.append(Diagnostic("E101", f"'the {item.keyword} cost is ...' must follow a sentence that grants "
                                    f"{item.keyword}", item.span))
        elif isinstance(item, ast.KeywordAction) and book.keyword_actions.get(item.name) is not None \
                and book.keyword_actions[item.name].excluded:
            definition = book.keyword_actions[item.name]
            found.append(Diagnostic("E209", f"'{item.name}' is not part of these rules", item.span,
                                    definition.rule, definition.reminder))
        elif isinstance(item, ast.CreateNamedToken) and item.name not in book.tokens:
            found.append(Diagnostic("E404", f"no token named '{item.name}' is defined", item.span, "111.10",
                                    did_you_mean(item.name, book.tokens)))
        elif isinstance(item, ast.WasEvent) and not item.this_way and item.event not in events:
            found.append(Diagnostic("E208", f"no definition records the event '{item.event}'", item.span,
                                    help=did_you_mean(item.event, events)))
    return found


def check_rulebook(book: Rulebook, files: Iterable[str] | None = None) -> list[Diagnostic]:
    """Every check on every definition (of the given files only, when given)."""
    wanted = None if files is None else {str(f) for f in files}
    found: list[Diagnostic] = []
    for definition in book.definitions():
        if wanted is None or (definition.span and definition.span.file in wanted):
            found.extend(check_definition(definition, book))
    for token in book.tokens.values():
        if wanted is None or (token.span and token.span.file in wanted):
            found.extend(check_token(token, book))
    return found
