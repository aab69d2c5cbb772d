"""What a pronoun in a definition's steps refers to (608.2c: read the text as English).

'it', 'them' and 'that card' mean the objects the step before acted on: the
interpreter records them as each step runs (`StepInterpreter.run`). This module
reads a definition without running it and reports a pronoun whose antecedent is
missing or ambiguous (E220) — with no step before it that acted on objects, or
after a step that acted on two different objects ('attach A to B') — so that
the interpreter never has to guess.
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Iterator

from ..diagnostics import Diagnostic
from . import ast

#: The object phrases of the language (ast.Objects).
OBJECT_NODES = tuple(t for t in typing.get_args(ast.Objects) if isinstance(t, type)) + (ast.AttachedSubject,)
#: Steps that act on objects no phrase of theirs names: what they draw, make, find or choose, and keyword
#: actions (their subject, or what their own steps record).
FINDS_OR_MAKES = (ast.Draw, ast.Mill, ast.Discard, ast.CreateToken, ast.CreateNamedToken, ast.Search,
                  ast.Sacrifice, ast.ExileFromZone, ast.ExileTotalManaValue, ast.KeywordAction,
                  ast.UntilFound)
#: Object phrases a step only reads: whose cost is paid, what deals the damage.
READ_ONLY = {(ast.PayManaCostOf, "objects"), (ast.PayKeywordCost, "objects"), (ast.DealDamage, "source")}
#: Abilities inside a step (a token's, a granted one): their pronouns are their own.
ABILITIES = (ast.TriggeredAbility, ast.ActivatedAbility, ast.KeywordAbility)

NOTHING, ONE, TWO = "nothing", "one group of objects", "two different objects"


def unclear_pronouns(steps: ast.Node | None) -> list[Diagnostic]:
    """E220 for each pronoun of the steps whose antecedent is missing or ambiguous."""
    found: list[Diagnostic] = []
    _read(steps, frozenset({NOTHING}), found)
    return found


def _read(node: ast.Node | None, before: frozenset[str], found: list[Diagnostic]) -> frozenset[str]:
    """Check the pronouns of a step; what the next step's pronouns may refer to (every way it can go)."""
    if node is None:
        return before
    if isinstance(node, ast.Sequence):
        for effect in node.effects:
            before = _read(effect, before, found)
        return before
    if isinstance(node, ast.Conditional):
        _check(node.condition, before, found)
        return _read(node.effect, before, found) | _read(node.otherwise, before, found)
    if isinstance(node, ast.Optional):
        return before | _read(node.effect, before, found)
    if isinstance(node, (ast.EffectChoice, ast.Modal)):
        branches = node.options if isinstance(node, ast.EffectChoice) else node.modes
        return frozenset().union(*(_read(b, before, found) for b in branches))
    if isinstance(node, (ast.Repeat, ast.WhereX)):
        return _read(node.effect, before, found)
    if isinstance(node, ast.NextTimeInstead):  # 614.1a: in what replaces the event, 'it' is the object
        _check(node.objects, before, found)
        _read(node.effect, frozenset({ONE}), found)
        return frozenset({ONE})
    _check(node, before, found)
    groups = 1 if isinstance(node, FINDS_OR_MAKES) else len([
        f.name for f in dataclasses.fields(node) if isinstance(getattr(node, f.name), OBJECT_NODES)
        and (type(node), f.name) not in READ_ONLY])
    return before if groups == 0 else frozenset({ONE if groups == 1 else TWO})


def _check(node: ast.Node, before: frozenset[str], found: list[Diagnostic]) -> None:
    if before == {ONE}:
        return
    for pronoun in _pronouns(node):
        span = pronoun.span
        words = span.source_line[span.column - 1: span.column - 1 + span.length] if span and span.source_line else "it"
        why = ("could mean either of the objects the step before it acted on" if TWO in before
               else "refers to nothing: no step before it acted on objects" if before == {NOTHING}
               else "may refer to nothing: the steps before it may act on no objects")
        found.append(Diagnostic("E220", f"'{words}' {why}", span, "608.2c",
                                "name the objects instead: a slot, or a variable bound with 'as {name}'"))


def _pronouns(node: object) -> Iterator[ast.It]:
    """The pronouns of a step, leaving out those of abilities inside it."""
    if isinstance(node, ast.It):
        yield node
    elif isinstance(node, ast.Node) and not isinstance(node, ABILITIES):
        for f in dataclasses.fields(node):
            if f.name != "span":
                yield from _pronouns(getattr(node, f.name))
    elif isinstance(node, tuple):
        for item in node:
            yield from _pronouns(item)
