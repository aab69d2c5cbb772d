"""Joining the sentences of an effect: 'otherwise' and 'instead' attach to what they modify, intervening 'if'
(603.4) moves to its trigger, keyword costs join their keyword.
"""

from __future__ import annotations

import dataclasses

from ...diagnostics import Diagnostic, MtgError, Span
from .. import ast


def names_spell(quality: ast.QualityExpr) -> bool:
    """Whether a target's quality says it is a spell ('target spell with mana value 4 or greater'):
    spells are on the stack (112.1, 115.1)."""
    if isinstance(quality, ast.QualityWith):
        return names_spell(quality.quality)
    if isinstance(quality, ast.QualityChoice):
        return all(names_spell(q) for q in quality.options)
    return isinstance(quality, ast.Quality) and any(str(w).lower() == "spell" for w in quality.words)


def spell_target_fields(quality: ast.QualityExpr) -> dict[str, str]:
    """Where a target is when its words don't say: a spell on the stack, else a permanent (115.1)."""
    return {"zone": "stack", "whose": "any"} if names_spell(quality) else {}


class TheirZone(str):
    """'their library': the zone of the player a players' effect names ('target player may search their
    library'), its acting player; anywhere else the sentence names no player it is of (`no_unnamed_their`)."""

    __slots__ = ()


def no_unnamed_their(result: object) -> None:
    """A 'their library' no players' effect gives a player (608.2c): not understood."""
    _their_zone(result, False, None)


def _their_zone(node: object, players: bool, near: Span | None) -> None:
    """Raise for a 'their ZONE' outside a players' effect (PlayersDo), naming the nearest step's text."""
    if isinstance(node, tuple):
        for item in node:
            _their_zone(item, players, near)
        return
    if not isinstance(node, ast.Node):
        return
    players = players or isinstance(node, ast.PlayersDo)
    near = node.span or near
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        if isinstance(value, TheirZone) and not players:
            raise MtgError(Diagnostic("E101", f"'their {value}' names no player here: only a player the sentence "
                                      "names acting ('target player may search their library') has one", near,
                                      help="write 'your', 'its owner's', or name the player"))
        if isinstance(value, (ast.Node, tuple)):
            _their_zone(value, players, near)


def join_otherwise(effects: list, strict: bool = True) -> list:
    """Attach each 'Otherwise, ...' to the conditional just before it.

    Not strict, a leading 'Otherwise' is kept (a definition's next line may
    join it to the line before); strict, it is an error.
    """
    out: list = []
    for effect in effects:
        if isinstance(effect, ast.Otherwise):
            if out and isinstance(out[-1], ast.Conditional) and out[-1].after and isinstance(out[-1].effect,
                                                                                             ast.Optional):
                raise MtgError(Diagnostic("E101", "'Otherwise' after 'You may ... if ...' (declining, or the "
                                          "condition not holding) isn't understood yet", effect.span))
            joined = _attach(out[-1], effect.effect) if out and isinstance(out[-1], ast.Conditional) else None
            if joined is None:
                if not strict:
                    out.append(effect)
                    continue
                raise MtgError(Diagnostic("E104", "'Otherwise' must follow an 'If' step", effect.span))
            out[-1] = joined
        else:
            out.append(effect)
    return out


def intervening_if(effect: ast.Node) -> tuple[ast.Node | None, ast.Node]:
    """603.4: an 'if' right after the trigger condition ('When X, if C, E.') is an intervening 'if' clause:
    the condition and the rest of the effect. With an 'Otherwise' it is an ordinary conditional (the
    ability does something either way)."""
    first = effect.effects[0] if isinstance(effect, ast.Sequence) else effect
    if not isinstance(first, ast.Conditional) or first.otherwise is not None or first.after:
        return None, effect
    if isinstance(effect, ast.Sequence):
        return first.condition, ast.Sequence((first.effect,) + effect.effects[1:], span=effect.span)
    return first.condition, first.effect


def join_instead(effects: list) -> list:
    """'A. If CONDITION, B instead.' is one conditional: B if the condition holds, else A (614.1a)."""
    out: list = []
    for effect in effects:
        if isinstance(effect, ast.Instead) and out and not isinstance(out[-1], ast.Instead):
            out[-1] = ast.Conditional(effect.condition, effect.effect, out[-1], span=effect.span)
        else:
            out.append(effect)
    return out


def join_unreplaced(effects: list) -> list:
    """'Destroy OBJECTS. They can't be regenerated.' is one destruction no regeneration shield replaces
    (701.19c): the second sentence is about what the first destroys."""
    out: list = []
    for effect in effects:
        destroy = out[-1] if out else None
        if (isinstance(effect, ast.CantBeReplaced) and isinstance(effect.objects, ast.It)
                and effect.duration is None and isinstance(destroy, ast.Destroy) and destroy.unreplaced is None):
            out[-1] = ast.Destroy(destroy.objects, effect.event, span=span_through(destroy.span, effect.span))
        else:
            out.append(effect)
    return out


def join_keyword_costs(effects: list) -> list:
    """Join 'The KEYWORD cost is equal to its mana cost.' to the grant of KEYWORD just before it: the
    granted keyword gets the mana cost of the object it is granted to as its cost."""
    out: list = []
    for effect in effects:
        grant = out[-1] if out else None
        if (
            isinstance(effect, ast.KeywordCostIs)
            and isinstance(grant, ast.GrantKeyword)
            and isinstance(grant.ability, ast.KeywordAbility)
            and grant.ability.name == effect.keyword
            and grant.ability.args
            and all(value is None for _, value in grant.ability.args)
        ):
            slot = grant.ability.args[0][0]
            ability = ast.KeywordAbility(
                grant.ability.name, ((slot, ast.ManaCostOf(ast.It(), span=effect.span)),), span=grant.ability.span
            )
            out[-1] = ast.GrantKeyword(grant.objects, ability, grant.duration, span=grant.span)
        else:
            out.append(effect)
    return out


def _attach(conditional: ast.Conditional, otherwise: ast.Node) -> ast.Conditional | None:
    """The conditional with `otherwise` as its last 'otherwise' (else-if chains nest), or None."""
    if conditional.otherwise is None:
        return dataclasses.replace(conditional, otherwise=otherwise)
    if isinstance(conditional.otherwise, ast.Conditional):
        inner = _attach(conditional.otherwise, otherwise)
        if inner is not None:
            return dataclasses.replace(conditional, otherwise=inner)
    return None


def span_through(start: Span | None, whole: Span | None) -> Span | None:
    """The span from `start` to the end of `whole` (on one line; else `start`)."""
    if start is None or whole is None or start.line != whole.line:
        return start
    return dataclasses.replace(start, length=whole.column + whole.length - start.column)
