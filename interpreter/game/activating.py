"""Activating abilities (602) and special actions (116).
"""
from __future__ import annotations

import itertools
from typing import Callable

from ..diagnostics import MtgError, error
from ..language import ast
from .choices import Choice
from .costs import total_changes
from .events import Event
from .mana import parse_cost
from .mana_sources import mana_ability
from .memo import ByIdentity
from .state import Context, GameObject, StackItem
from .steps.actions import NO_ACTIVATION
from .steps import Env


class Activating:
    """Activating abilities; a part of `Game`."""

    def special_action(self, player: str, command: ast.SpecialActionCommand) -> None:
        """A special action from rules/ (116): a procedure applies when its requirements hold; where
        several can be carried out, the player names one. A refusal is that of the procedures that apply
        (what they lack: mana, ...), or, when none does, the requirement that failed furthest in."""
        self.require_priority(command.pattern.replace("{}", command.ref))
        obj = self.find(command.ref, player)
        procedures = self.rulebook.special_actions[command.pattern]
        text = command.pattern.replace("{}", obj.card_name)

        def attempt(definition: ast.Definition) -> Callable[[], None]:
            def run() -> None:
                context = self.new_context(player, None)
                env = Env(player, context, None, {_slot(definition): [obj.id]}, definition, text)
                self.interpreter.run(definition.steps, env)
                self.end_context(context)
            return run

        if len(procedures) == 1:
            attempt(procedures[0])()
            return
        outcomes = [(d, self.try_out(attempt(d))) for d in procedures]
        legal = [d for d, failure in outcomes if failure is None]
        if not legal:
            applying = [(d, f) for d, f in outcomes if not _unmet_requirement(d, f)]
            if len(applying) == 1:
                raise applying[0][1]
            if applying:
                raise error("E402", f"{text}: none of the ways that apply can be carried out (" + "; ".join(
                    f"{d.name}: {f.diagnostic.message}" for d, f in applying) + ")", rule=applying[0][0].rule)
            raise max(outcomes, key=lambda o: _progress(o[0], o[1]))[1]
        chosen = legal[0]
        if len(legal) > 1:
            name = self.ask(Choice("option", f"how to {text}", [d.name for d in legal]))
            chosen = next(d for d in legal if d.name == name)
        attempt(chosen)()

    def special_ways(self, player: str, object_id: int, pattern: str, context: Context | None = None
                     ) -> tuple[tuple[str, tuple[str, ...] | None], ...]:
        """116.2: the procedures of a special action on the object that may apply by what the state says (legal.py
        lists them), each as its name and the mana its payment costs: its leading requirements hold (one not
        read leaves it in, its cost unread; one several procedures share read once), and the step after them
        pays mana that reading tells (`mana_to_pay`; None where it doesn't). Only reads: `special_action` decides;
        `context`: the player's, for reading, if the caller keeps one."""
        text = pattern.replace("{}", self.state.objects[object_id].card_name)
        conditions, procedures = _READINGS(self.rulebook.special_actions[pattern])
        context, known = context or Context(0, player, None), {}

        def env(slot: str, definition: ast.Definition) -> Env:
            return Env(player, context, None, {slot: [object_id]}, definition, text)

        def holds(n: int) -> bool:
            if n not in known:
                slot, condition, definition = conditions[n]
                known[n] = self.interpreter.holds(condition, env(slot, definition))
            return known[n]

        out = []
        for definition, slot, requires, payment in procedures:
            try:
                if not all(map(holds, requires)):
                    continue
                mana = self.interpreter.mana_to_pay(payment, env(slot, definition))
            except MtgError:
                mana = None   # a part not read: the trial tells
            out.append((definition.name, mana))
        return tuple(out)

    def ways_reads(self, object_id: int, pattern: str) -> tuple[tuple, tuple] | None:
        """What `special_ways` reads for a special action on the object, where each requirement and payment it
        reads is read of the object alone (`_object_reads`): the fields read, as values, then its card and, where
        read, what it is now (`characteristics`, a value kept while what it read stays the same), as themselves
        (compared by identity). None where one reads more: its value is kept by the state."""
        reads = _OBJECT_READS(self.rulebook.special_actions[pattern])
        if reads is None:
            return None
        fields, current = reads
        obj = self.state.objects[object_id]
        values = tuple([self.state.active if f == "active" else getattr(obj, f) for f in fields])
        return values, (obj.card, self.characteristics(object_id)) if current else (obj.card,)

    def activate(self, player: str, command: ast.ActivateCommand) -> None:
        """602.2: choose the ability, pay its costs; a mana ability resolves at once (605.3), others wait.

        Of several abilities, those that can't be activated (a cost that can't be paid, no legal target)
        aren't options: one left is used without asking, none left is refused with why each can't."""
        self.require_priority(f"activate {command.ref}")
        obj = self.find(command.ref, player)
        abilities = self.activated_abilities(obj.id)
        if not abilities:
            raise error("E402", f"{obj.card_name} has no activated ability that functions in the {obj.zone}",
                        rule="113.6")
        if obj.controller != player:
            raise error("E402", f"{player} doesn't control {obj.card_name}", rule="602.2")
        if NO_ACTIVATION in obj.designations:
            raise error("E402", f"{obj.card_name}: {NO_ACTIVATION}", rule="602.5")
        options = self.ability_options(abilities)
        if len(options) > 1:
            outcomes = [(label, a, self.try_out(lambda a=a: self._activate(player, obj.id, a)))
                        for label, a in options.items()]
            options = {label: a for label, a, failure in outcomes if failure is None}
            if not options:
                cited = {failure.diagnostic.rule for _, _, failure in outcomes}  # one rule refusing them all
                raise error("E402", f"activate {obj.card_name}: none of its abilities can be activated (" + "; ".join(
                    f"{label}: {failure.diagnostic.message}" for label, _, failure in outcomes) + ")",
                    rule=cited.pop() if len(cited) == 1 and None not in cited else "602.2")
        ability = next(iter(options.values()))
        if len(options) > 1:
            ability = options[self.ask(Choice("option", f"activate {obj.card_name}: which ability", list(options),
                                              rule="602.2a"))]
        self._activate(player, obj.id, ability)

    def ability_options(self, abilities: list[ast.ActivatedAbility]) -> dict[str, ast.ActivatedAbility]:
        """How a player names each activated ability (602.2a): by its cost as printed, or by its whole
        text where two abilities share a cost; abilities with the same text are one option."""
        if len(abilities) == 1:   # a cost no other ability shares
            return {abilities[0].cost_text: abilities[0]}
        costs = [a.cost_text for a in abilities]
        options: dict[str, ast.ActivatedAbility] = {}
        for ability in abilities:
            options.setdefault(ability.cost_text if costs.count(ability.cost_text) == 1 else self.words_of(ability),
                               ability)
        return options

    def _activate(self, player: str, object_id: int, ability: ast.ActivatedAbility) -> None:
        obj = self.state.objects[object_id]
        context = self.new_context(player, obj.id)
        env = Env(player, context, obj.id, action_text=f"activate {obj.card_name}")
        item_id = self.state.new_id()   # (a mana ability's too, though it goes on no stack, 605.3a)
        symbols, announced, is_mana, others = _COST_READING(ability)
        if not is_mana:
            self.check_stack_unlocked(f"can't activate {obj.card_name}'s ability")
            self.state.stack.append(StackItem(item_id, player, context, effect=ability.effect,
                                              source_name=obj.card_name, activated=True))
        self.interpreter.check_activation(ability, env)  # 602.5b
        self._announce_loyalty(obj, ability, env)  # 606.3, 602.2b
        changes = total_changes(self.interpreter, [(c, env) for c in ability.cost_changes])  # 601.2f
        mana, life = self.announce_cost(announced, env, changes)  # 602.2b
        if not is_mana:
            env.vars.update(env.context.vars)  # the value of X announced (602.2b)
            self.interpreter.announce_targets(ability.effect, env)  # 601.2c
        self._pay_activation(obj, others, env, symbols, changes.apply(mana), life)
        if is_mana:
            env.vars = dict(context.vars)
            before = sum(self.state.players[player].pool.values())
            self.interpreter.run(ability.effect, env)
            if "T" in symbols and sum(self.state.players[player].pool.values()) > before:
                # 106.12a: it was tapped for mana, and the ability produced mana
                self.emit(Event("tapped_for_mana", player, obj.card_name, obj.id), env)

    def _announce_loyalty(self, obj: GameObject, ability: ast.ActivatedAbility, env: Env) -> None:
        """606.3: a loyalty ability of a permanent is activated only as a sorcery, and only if no loyalty ability
        of that permanent was activated this turn; a cost of -X announces X (602.2b), at most the loyalty
        counters there are to remove (118.3)."""
        cost = next((c for c in ability.costs if c.kind == "loyalty"), None)
        if cost is None:
            return
        if not self.sorcery_timing(env.player, env.context):
            raise error("E402", f"{obj.card_name}'s loyalty abilities can be activated only as a sorcery",
                        rule="606.3")
        if obj.id in self.state.loyalty_used:
            raise error("E402", f"a loyalty ability of {obj.card_name} was already activated this turn", rule="606.3")
        self.state.loyalty_used.add(obj.id)
        if isinstance(cost.amount, ast.XValue) and cost.mana.startswith("-"):  # +X is refused as it's paid (runs.py)
            most = obj.counters.get("loyalty", 0)
            env.context.vars["X"] = int(self._announce(env, "the value of X", [str(v) for v in range(most + 1)],
                                                       "107.3a"))

    def _pay_activation(self, obj: GameObject, others: tuple[ast.CostItem, ...], env: Env, symbols: tuple[str, ...],
                        mana: tuple[str, ...], life: int) -> None:
        """602.2h: {T} taps it, {Q} untaps it (only under its controller's control since their turn
        began, for a creature, unless an ability says it may, 302.6), then mana, life and the `others` parts
        of its cost (`_cost_reading`)."""
        for symbol in ("T", "Q"):
            if symbol not in symbols:
                continue
            if obj.zone != "battlefield":
                raise error("E402", f"{{{symbol}}} needs {obj.card_name} on the battlefield", rule="602.5a")
            if obj.summoning_sick and "Creature" in self.characteristics(obj.id).types and \
                    not self.combat_rules(obj.id, ast.AttacksDespiteSickness):
                raise self.unless_unrun_keyword(self.characteristics(obj.id).abilities, error(
                    "E402", f"{obj.card_name} hasn't been under {env.player}'s control since their most recent "
                    f"turn began, so its {{{symbol}}} ability can't be activated", rule="302.6"))
            if obj.tapped == (symbol == "T"):
                raise error("E402", f"{obj.card_name} is already {'tapped' if symbol == 'T' else 'untapped'}",
                            rule="107.5" if symbol == "T" else "107.6")
            obj.tapped = symbol == "T"
            self.emit(Event("tapped" if obj.tapped else "untapped", obj.controller, obj.card_name, obj.id), env)
        self.pay_mana(env.player, mana, env.action_text)
        self.pay_life(env.player, life, env.action_text)
        for cost in others:
            self.interpreter.pay_cost(cost, env)


def _cost_reading(ability: ast.ActivatedAbility
                  ) -> tuple[tuple[str, ...], tuple[str, ...], bool, tuple[ast.CostItem, ...]]:
    """What activating reads of an ability's text (602.2b, 605.1a): the symbols of its cost, those of them
    announced and paid as mana (all but {T} and {Q}, 107.5-6), whether it is a mana ability, and the rest of
    its cost in the order it is paid (602.2h): life, loyalty, actions, then sacrificing it last."""
    symbols = tuple(s for cost in ability.costs if cost.kind == "mana" for s in parse_cost(cost.mana, True))
    others = tuple(c for c in ability.costs if c.kind not in ("mana", "sacrifice self")) + tuple(
        c for c in ability.costs if c.kind == "sacrifice self")
    return symbols, tuple(s for s in symbols if s not in ("T", "Q")), mana_ability(ability), others


_COST_READING = ByIdentity(_cost_reading)


def _progress(definition: ast.Definition, failure: MtgError) -> int:
    """How far into its steps a refused procedure got (lines below its header)."""
    span, start = failure.diagnostic.span, definition.span
    if span is None or start is None or span.file != start.file:
        return -1
    return span.line - start.line


def _unmet_requirement(definition: ast.Definition, failure: MtgError) -> bool:
    """Whether a procedure was refused by one of its own requirements: it doesn't apply (116.2)."""
    return any(isinstance(step, ast.Require) and step.span == failure.diagnostic.span for step in _steps(definition))


def _steps(definition: ast.Definition) -> tuple[ast.Effect, ...]:
    return definition.steps.effects if isinstance(definition.steps, ast.Sequence) else (definition.steps,)


def _reading(procedures: list[ast.Definition]) -> tuple[list, list]:
    """What `special_ways` reads of a special action's procedures: the distinct requirements they start with, as
    (slot, condition, a procedure stating it), and each procedure as (definition, slot, the indices of its
    requirements, the step after them)."""
    conditions: list[tuple[str, ast.Condition, ast.Definition]] = []
    seen: list[tuple[str, ast.Condition]] = []   # equal conditions (spans aside) of the same slot: one read
    out = []
    for definition in procedures:
        slot, steps = _slot(definition), _steps(definition)
        requires = list(itertools.takewhile(lambda step: isinstance(step, ast.Require), steps))
        indices = []
        for step in requires:
            if (slot, step.condition) not in seen:
                seen.append((slot, step.condition))
                conditions.append((slot, step.condition, definition))
            indices.append(seen.index((slot, step.condition)))
        out.append((definition, slot, tuple(indices), steps[len(requires)] if len(steps) > len(requires) else None))
    return conditions, out


_READINGS = ByIdentity(_reading)


def _slot(definition: ast.Definition) -> str:
    return next(p.name for p in definition.pattern.parts if isinstance(p, ast.Slot))


#: The kinds of requirements `special_ways` reads of the object alone, with the fields of the object ('active':
#: whose turn it is) their executors read (steps/conditions.py) besides the object they name.
_FIELDS: dict[type, tuple[str, ...]] = {
    ast.YouControl: ("controller",), ast.IsFaceDownAs: ("face_down",), ast.IsInZone: ("zone", "owner"),
    ast.YourTurn: ("active",), ast.HasManaCost: (), ast.HasKeyword: (), ast.IsQuality: ()}
#: The kinds whose executors read what the object is: its card's characteristics for 'the card representing'
#: (708), else its own now (`printed_or_current`, `keyword_of`).
_WHAT_IT_IS = (ast.HasManaCost, ast.HasKeyword, ast.IsQuality, ast.PayManaCostOf, ast.PayKeywordCost)


def _object_reads(procedures: list[ast.Definition]) -> tuple[tuple[str, ...], bool] | None:
    """What `special_ways` reads of the object, besides its card (its name), for these procedures: the fields
    of the object, and whether what it is now (a keyword cost also reads the changes its abilities make to it,
    `mana_to_pay`; another payment reads nothing). None where a requirement it reads is of another kind, names
    anything but the object or its card, or has a quality of more than words ('the chosen type')."""
    conditions, read = _READINGS(procedures)
    fields: set[str] = set()
    current = False
    for slot, condition, _ in conditions:
        kind = type(condition)
        if kind not in _FIELDS or kind is ast.IsQuality and not (
                type(condition.quality) is ast.Quality and all(type(w) is str for w in condition.quality.words)):
            return None
        named = _named(condition, slot)
        if named is None:
            return None
        fields.update(_FIELDS[kind])
        current = current or named == "object" and kind in _WHAT_IT_IS
    for _, slot, _, payment in read:
        if isinstance(payment, (ast.PayManaCostOf, ast.PayKeywordCost)):
            named = _named(payment, slot)
            if named is None:
                return None
            current = current or named == "object" or isinstance(payment, ast.PayKeywordCost)
    return tuple(sorted(fields)), current


def _named(node: ast.Node, slot: str) -> str | None:
    """What a requirement or payment names: 'object' (the one its slot holds, by id: `_live` follows only ids gone
    from the game), 'card' (the card representing it), '' (nothing: whose turn it is); None: something else."""
    named = getattr(node, "objects", None)
    if named is None:
        return "" if type(node) is ast.YourTurn else None
    card = type(named) is ast.CardOf
    named = named.objects if card else named
    return None if type(named) is not ast.Var or named.name != slot else "card" if card else "object"


_OBJECT_READS = ByIdentity(_object_reads)
