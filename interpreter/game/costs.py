"""Cost increases and reductions (601.2f, 118.7): which apply to a cost, and by how much.

A change is counted in the environment of the ability it belongs to: the spell's own as the spell's
controller sees it, a permanent's as that permanent's controller does ('for each artifact you control').
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Iterable

from ..language import ast
from .mana import MANA_TYPES, NO_CHANGES, CostChanges, parse_cost

if TYPE_CHECKING:
    from .steps import Env, StepInterpreter


def total_changes(interpreter: StepInterpreter, changes: Iterable[tuple[ast.CostChange, Env]]) -> CostChanges:
    """601.2f: the increases and reductions that apply: each once, for each of its objects, or if its
    condition holds."""
    more: list[str] = []
    less: list[str] = []
    for change, env in changes:
        interpreter.check_runs(change, env)
        if change.condition is not None and not interpreter.holds(change.condition, env):
            continue
        per = change.per
        times = (1 if per is None else len(interpreter.players(per, env)) if isinstance(per, ast.Players)
                 else interpreter.amount(per, env) if isinstance(per, ast.COUNTED)
                 else len(interpreter.objects(per, env)))
        (less if change.less else more).extend(_amount(change) * times)
    return CostChanges(tuple(more), tuple(less)) if more or less else NO_CHANGES


def _amount(change: ast.CostChange) -> tuple[str, ...]:
    """The mana a change adds or takes off (a change by a symbol `applied_symbol` refuses is a gap in
    runs.py, refused before it is counted)."""
    return parse_cost(change.amount)


def applied(change: ast.CostChange) -> bool:
    """Whether the interpreter applies this change: generic, colored and colorless mana, and a reduction by
    a Phyrexian or snow symbol (118.7f-g); a hybrid symbol needs the player's choice of half (118.7e) and X
    a value."""
    return all(symbol.isdigit() or symbol in MANA_TYPES or change.less and (
        symbol == "S" or symbol.endswith("/P") and symbol.count("/") == 1) for symbol in parse_cost(change.amount))


def spell_cost_changes(interpreter: StepInterpreter, spell_id: int, env: Env,
                       keyword: ast.KeywordAbility | None) -> CostChanges:
    """The changes to the cost of casting a spell (601.2f): its own ('This spell costs {1} less to cast ...',
    functioning on the stack), those of the keyword whose cost is paid ('<Keyword> {5}{R}. This cost is
    reduced by ...', 118.9d), those its keyword abilities mean ('for each {quality} you control', 702.41a), and
    those of permanents for spells like it that its caster casts. The spell's and the permanents' abilities are read
    only where the game's text may have such a change (`may_have`)."""
    game = interpreter.game
    spells_changed = game.may_have(ast.SpellCostChange)
    found = [(a.change, replace(env, vars={**env.vars, **values}) if values else env)
             for a, values in game.statics_with_values(game.characteristics(spell_id))
             if isinstance(a, ast.SpellCostChange) and a.casters is None] if spells_changed else []
    if keyword is not None:
        found += [(c, env) for c in keyword_changes(game.state.objects[spell_id].card.front.abilities, keyword)]
    for object_id, chars in game.permanents().items() if spells_changed else ():   # each as it is now, in order
        controller = game.state.objects[object_id].controller
        for ability in chars.abilities:
            if not isinstance(ability, ast.SpellCostChange) or ability.casters is None:
                continue
            if ability.casters == "you" and controller != env.player or (
                    ability.casters == "opponents" and controller == env.player):
                continue
            own = replace(env, player=controller, context=game.new_context(controller, object_id),
                          source_id=object_id, vars={}, definition=None)
            if interpreter.matches(spell_id, ability.spells, own):
                found.append((ability.change, own))
    return total_changes(interpreter, found)


def keyword_changes(abilities: tuple, keyword: ast.KeywordAbility) -> tuple[ast.CostChange, ...]:
    """'<Keyword> {5}{R}. This cost is reduced by {1} for each ...': the changes to that keyword's cost."""
    return next((line.cost_changes for line in abilities if isinstance(line, ast.KeywordAbilities)
                 and any(k is keyword for k in line.abilities)), ())
