"""What a keyword ability adds to casting and activating: optional additional costs and what was paid
(118.8, 601.2b, 601.2f), activated abilities a keyword means and the zone each functions in (113.6), and a
replacement of discarding with its linked trigger (614.1a, 607.2).
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING

from ..language import ast
from .choices import Choice
from .damage import any_of_kind
from .events import Event
from .mana import CostChanges, can_pay, parse_cost
from .memo import ByIdentity
from .state import StackItem, is_as_printed, printed_ability_tuples
from .steps import Env, keyword_abilities

if TYPE_CHECKING:
    from ..language.rulebook import Rulebook

#: The most times a cost that may be paid 'any number of times' is offered (702.33c).
MAX_TIMES = 20

#: Whether a card's faces, with the abilities their subtypes mean, may replace a draw (702.52a), read once per card
#: and rulebook: off the battlefield a card's abilities are those, unless it isn't as printed (state.py).
_card_replaces_draw = ByIdentity(lambda card, rulebook: any_of_kind(
    list(printed_ability_tuples(card, rulebook.subtype_abilities)), rulebook, ast.DrawReplacement))


def split_cost(value: object) -> tuple[tuple[str, ...], tuple[ast.CostItem, ...]]:
    """A keyword's {cost}: its mana symbols, and the rest ('<Keyword>—{2}{B}, Pay 8 life': life, actions)."""
    if isinstance(value, ast.Costs):
        mana = tuple(s for item in value.items if item.kind == "mana" for s in parse_cost(item.mana))
        return mana, tuple(item for item in value.items if item.kind != "mana")
    return parse_cost(str(value) if value is not None else ""), ()


class OptionalCosts:
    """Costs and abilities keyword abilities give an object; a part of `Game`."""

    def keyword_statics(self, abilities: tuple, kind: type
                        ) -> tuple[tuple[object, ast.KeywordAbility, ast.Definition], ...]:
        """The lines of the definitions of these keyword abilities that are of `kind`, with the keyword (read once
        per tuple of abilities, rulebook and kind)."""
        if isinstance(abilities, tuple):
            return _KEYWORD_STATICS(abilities, self.rulebook, kind)
        return _keyword_statics(tuple(abilities), self.rulebook, kind)

    # ------------------------------------------------------------ casting
    def announce_optional_costs(self, spell_id: int, env: Env, committed: tuple[str, ...],
                                changes: CostChanges) -> tuple[tuple[str, ...], list[ast.CostItem]]:
        """601.2b: for each optional additional cost its keywords give the spell (kicker), whether it will be
        paid, or how many times; each payment is recorded (the keyword's name in `context.paid`, its `event`
        word as an event: 'kicked', 702.33d). Only what can still be paid with the rest is offered (601.2h).
        Returns the mana to add to the total cost and the other parts to pay."""
        abilities = self.state.objects[spell_id].card.front.abilities
        mana: tuple[str, ...] = ()
        others: list[ast.CostItem] = []
        pool = self.state.players[env.player].pool
        for static, keyword, definition in self.keyword_statics(abilities, ast.OptionalCost):
            value = dict(keyword.args).get(static.cost.name) if isinstance(static.cost, ast.Var) else static.cost
            extra, rest = split_cost(value)
            most = MAX_TIMES if static.repeatable else 1
            legal = [n for n in range(most + 1)
                     if can_pay(pool, changes.apply(committed + mana + extra * n)) and (n == 0 or not rest or self.try_out(
                         lambda n=n, rest=rest: [self.interpreter.pay_cost(item, env) for _ in range(n) for item in rest]) is None)]
            what = f"{env.action_text}: the {definition.name} cost {value}"
            if static.repeatable:
                times = int(self.ask(Choice("option", f"{what}: how many times to pay it", [str(n) for n in legal],
                                            rule="601.2b")) if len(legal) > 1 else 0)
            else:
                times = int(self.ask_yes(f"{what}: pay it?", len(legal) > 1, "601.2b"))
            mana += extra * times
            others.extend(rest * times)
            for _ in range(times):
                env.context.paid += (definition.name,)
                if definition.event:
                    spell = self.state.objects[spell_id]
                    self.emit(Event(definition.event, env.player, spell.card_name, spell.id), env)
        return mana, others

    def announce_keyword_costs(self, spell_id: int, env: Env, base: tuple[str, ...], changes: CostChanges
                               ) -> list[ast.Node]:
        """601.2b: the additional costs a spell's keyword abilities give it ('as an additional cost to cast this
        spell, you may sacrifice a creature with power N or greater'), each announced as the card's own are; one
        chosen is recorded as paid (the keyword's name in `context.paid`, its `event` word as an event). Returns
        the costs chosen, the keyword's numbers written in."""
        chosen = []
        abilities = self.state.objects[spell_id].card.front.abilities
        for static, keyword, definition in self.keyword_statics(abilities, ast.AdditionalCost):
            values = {k: v for k, v in keyword.args if isinstance(v, ast.Node) and not isinstance(v, ast.Costs)}
            cost = self._choose_cost(_substitute(static, values), env, base, changes)
            if cost is None:
                continue
            chosen.append(cost)
            env.context.paid += (definition.name,)
            if definition.event:
                spell = self.state.objects[spell_id]
                self.emit(Event(definition.event, env.player, spell.card_name, spell.id), env)
        return chosen

    def announce_modes(self, modal: ast.Modal, spell_id: int, env: Env, base: tuple[str, ...]
                       ) -> tuple[list[int], tuple[str, ...]]:
        """601.2b, 700.2: the modes; where a keyword lets the player choose all of them for an additional cost
        (702.42a), whether they do (legal when every mode has legal targets and the cost can be paid). Returns
        the chosen modes and the mana that adds to the total cost."""
        pool = self.state.players[env.player].pool
        abilities = self.state.objects[spell_id].card.front.abilities
        for static, keyword, definition in self.keyword_statics(abilities, ast.ChooseAllModes):
            value = dict(keyword.args).get(static.cost.name) if isinstance(static.cost, ast.Var) else static.cost
            extra, _ = split_cost(value)
            able = can_pay(pool, tuple(s for s in base if s != "X") + extra) and all(
                self.try_out(lambda m=mode: self.interpreter.announce_targets(m, env)) is None for mode in modal.modes)
            if self.ask_yes(f"{env.action_text}: choose all modes, paying the {definition.name} cost {value}?", able,
                            "601.2b"):
                env.context.paid += (definition.name,)
                return list(range(len(modal.modes))), extra
        return self.interpreter.choose_modes(modal, env), ()

    def paid_for(self, object_id: int) -> tuple[str, ...]:
        """The keyword costs paid as the object (a spell, or the spell a permanent was) was cast (601.2b)."""
        for item in self.state.stack:
            if item.object_id == object_id:
                return item.context.paid
        obj = self.state.objects.get(object_id)
        return obj.costs_paid if obj else ()

    # ------------------------------------------------------------ drawing
    def replace_draw(self, player: str, env: Env | None) -> bool:
        """614.11, 614.6: the player may replace a draw with the ability of a card in their graveyard that
        functions there (702.52a: with at least N cards in their library, 702.52b); whether one did. What a card
        is is read only when the game's text has one (`may_have`) and the card may have one (`_card_replaces_draw`),
        then looked for once over the cards' tuples of abilities (`any_of_kind`)."""
        if not self.may_have(ast.DrawReplacement):
            return False
        library = len(self.state.players[player].zones["library"])
        options = []
        objects, rulebook = self.state.objects, self.rulebook
        graveyard = [(i, self.characteristics(i).abilities) for i in self.state.players[player].zones["graveyard"]
                     if not is_as_printed(obj := objects[i]) or _card_replaces_draw(obj.card, rulebook)]
        if not any_of_kind([abilities for _, abilities in graveyard], self.rulebook, ast.DrawReplacement):
            return False
        for i, abilities in graveyard:
            for static, keyword, _ in self.keyword_statics(abilities, ast.DrawReplacement):
                inner = Env(player, self.new_context(player, i), i, dict(keyword.args), action_text=f"draw ({player})")
                if library >= self.interpreter.number(static.minimum, inner):
                    options.append((inner, static))
        if not options:
            return False
        names = [self.name_of(inner.source_id) for inner, _ in options]
        labels = ["draw"] + [f"{name}#{names[:n].count(name) + 1}" if names.count(name) > 1 else name
                             for n, name in enumerate(names)]
        answer = self.ask(Choice("option", f"{player} would draw a card: draw it, or instead use the ability of "
                                 "a card in their graveyard", labels, rule="614.11", player=player))
        if answer == "draw":
            return False
        inner, static = options[labels.index(answer) - 1]
        self.interpreter.run(static.effect, inner)
        self.end_context(inner.context)
        return True

    # ------------------------------------------------------------ activating
    def activated_abilities(self, object_id: int) -> list[ast.ActivatedAbility]:
        """The activated abilities of an object that function where it is (113.6): its own, and those its
        keyword abilities mean, with the keyword's cost written in (cycling, 702.29a)."""
        zone = self.state.objects[object_id].zone
        return [a for a, where in _ACTIVATED(self.characteristics(object_id).abilities, self.rulebook) if where == zone]

    # ------------------------------------------------------------ discarding
    def discard_destination(self, object_id: int) -> str:
        """701.9a: a discarded card goes to its owner's graveyard, or to exile where its ability replaces that
        (614.1a; it functions in the hand, 113.6b)."""
        chars = self.characteristics(object_id)
        return "exile" if self.keyword_statics(chars.abilities, ast.DiscardIntoExile) else "graveyard"

    def exiled_this_way(self, object_id: int, env: Env | None) -> None:
        """607.2, 603.2: the triggered abilities linked to the replacement that exiled the card trigger; each
        waits to go on the stack, the card its source and 'it' (113.6k: they function in exile)."""
        obj = self.state.objects[object_id]
        for trigger, keyword, definition in self.keyword_statics(self.characteristics(object_id).abilities,
                                                                 ast.TriggeredAbility):
            if not isinstance(trigger.trigger, ast.ExiledThisWayTrigger):
                continue
            context = self.new_context(obj.owner, obj.id)
            context.vars = dict(keyword.args, _it=[obj.id], _paying=definition.name)
            self.state.pending_triggers.append(StackItem(self.state.new_id(), obj.owner, context,
                                                         effect=trigger.effect, source_name=obj.card_name))


def _functioning_zone(ability: ast.ActivatedAbility) -> str:
    """113.6m: an ability whose cost moves its object out of a zone ('Discard this card': the hand) functions
    only there; any other activated ability of a permanent functions on the battlefield (113.6)."""
    for cost in ability.costs:
        effect = cost.effect
        if isinstance(effect, ast.Discard) and isinstance(effect.objects, ast.Self):
            return "hand"
        if isinstance(effect, (ast.ExileSelfFrom, ast.RevealSelfFrom)):
            return effect.zone
    moving = next((n for n in ast.walk(ability.effect) if isinstance(n, ast.ReturnFromZone)), None)
    return moving.zone if moving is not None else "battlefield"


#: `_functioning_zone`, read once per ability.
functioning_zone = ByIdentity(_functioning_zone)


def _keyword_statics(abilities: tuple, rulebook: "Rulebook", kind: type
                     ) -> tuple[tuple[object, ast.KeywordAbility, ast.Definition], ...]:
    found = []
    for keyword in keyword_abilities(abilities):
        definition = rulebook.keyword_abilities.get(keyword.name)
        for static in definition.statics if definition else ():
            if isinstance(static, kind):
                found.append((static, keyword, definition))
    return tuple(found)


_KEYWORD_STATICS = ByIdentity(_keyword_statics)


def _activated(abilities: tuple, rulebook: "Rulebook") -> tuple[tuple[ast.ActivatedAbility, str], ...]:
    """Each activated ability among these, its own and then those its keyword abilities mean (their costs written
    in), with the zone it functions in."""
    found = [a for a in abilities if isinstance(a, ast.ActivatedAbility)]
    found += [_with_cost(static, dict(keyword.args))
              for static, keyword, _ in _KEYWORD_STATICS(abilities, rulebook, ast.ActivatedAbility)]
    return tuple((a, functioning_zone(a)) for a in found)


#: `_activated` of each tuple of abilities and rulebook, read once (an ability a keyword means is made once).
_ACTIVATED = ByIdentity(_activated)


def _with_cost(ability: ast.ActivatedAbility, args: dict) -> ast.ActivatedAbility:
    """A keyword's activated ability with the keyword's {slot} costs written in (702.1)."""
    costs: list[ast.CostItem] = []
    text = ability.cost_text
    for cost in ability.costs:
        name = cost.mana[1:-1] if cost.kind == "mana" and cost.mana.startswith("{") and cost.mana[1:-1] in args \
            else None
        if name is None:
            costs.append(cost)
            continue
        value = args[name]
        mana, rest = split_cost(value)
        costs.append(replace(cost, mana="".join(f"{{{s}}}" for s in mana)))
        costs.extend(rest)
        text = text.replace(f"{{{name}}}", str(value))
    values = {k: v for k, v in args.items() if isinstance(v, ast.Node) and not isinstance(v, ast.Costs)}
    for name, value in values.items():
        text = text.replace(f"{{{name}}}", str(getattr(value, "value", value)))
    return _substitute(replace(ability, costs=tuple(costs), cost_text=text), values)


def _substitute(node: object, values: dict) -> object:
    """The node with each slot variable the keyword gives a value ('Saddle 2': {count}) replaced by it."""
    if isinstance(node, ast.Var):
        return values.get(node.name, node)
    if isinstance(node, tuple):
        return tuple(_substitute(n, values) for n in node)
    if not isinstance(node, ast.Node) or not values:
        return node
    changed = {f.name: _substitute(getattr(node, f.name), values) for f in fields(node)}
    return replace(node, **changed)
