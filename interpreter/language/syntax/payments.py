"""Tree to AST for players, life, mana and costs: gaining and losing life (119), adding mana (106), costs and
cost changes (118, 601.2f).
"""

from __future__ import annotations

import re

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


@v_args(meta=True)
class PaymentRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def keyword_cost_is_mana_cost(self, meta, children):
        return ast.KeywordCostIs(children[0], span=self._span(meta))

    def give_counters(self, meta, children):
        players, (count, kind) = children
        return ast.GiveCounters(players, count, kind, span=self._span(meta))

    def give_energy(self, meta, children):
        """107.14: each {E} is one energy counter the player gets."""
        players, symbols = children
        count = str(symbols).count("{")
        if str(symbols) != "{E}" * count:
            raise MtgError(Diagnostic("E101", f"'{symbols}': a player gets energy counters ({{E}}), not mana",
                                      self._span(meta), "107.14"))
        return ast.GiveCounters(players, ast.IntValue(count, span=self._span(meta)), "energy", span=self._span(meta))

    def you_player(self, meta, children):
        return ast.Players("you", span=self._span(meta))

    def each_opponent(self, meta, children):
        return ast.Players("each opponent", span=self._span(meta))

    def each_player(self, meta, children):
        return ast.Players("each player", span=self._span(meta))

    def target_player(self, meta, children):
        return ast.Players("target player", span=self._span(meta))

    def target_opponent(self, meta, children):
        return ast.Players("target opponent", span=self._span(meta))

    def gain_life(self, meta, children):
        return ast.GainLife(children[0], children[2], span=self._span(meta))

    def lose_life(self, meta, children):
        return ast.LoseLife(children[0], children[2], span=self._span(meta))

    def lose_life_unless(self, meta, children):
        return ast.LoseLife(children[0], children[2], children[3], span=self._span(meta))

    def gain(self, meta, children):
        return None

    lose = gain

    def add_one_color(self, meta, children):
        return ast.AddMana(count=children[0], any_color=True, one_color=True, span=self._span(meta))

    def paid(self, meta, children):
        return str(children[0]).lower()

    def paid_object(self, meta, children):
        return ast.PaidObject(children[0], children[1], span=self._span(meta))

    def you_own(self, meta, children):
        return True

    def cost_change(self, meta, children):
        _, amount, less_more, per = children
        return ast.CostChange(str(amount), str(less_more).lower() == "less", per, span=self._span(meta))

    def cost_reduced(self, meta, children):
        _, amount, per = children
        return ast.CostChange(str(amount), True, per, span=self._span(meta))

    def this_spell_cost_change(self, meta, children):
        _, amount, less_more, scale = children
        return ast.SpellCostChange(self._spell_cost_change(amount, less_more, scale, meta), span=self._span(meta))

    def spells_cost_change(self, meta, children):
        quality, casters, amount, less_more, scale = children
        return ast.SpellCostChange(
            self._spell_cost_change(amount, less_more, scale, meta), casters or "each", quality, span=self._span(meta)
        )

    def _spell_cost_change(self, amount, less_more, scale, meta) -> ast.CostChange:
        per, condition = (None, scale[1]) if isinstance(scale, tuple) else (scale, None)
        return ast.CostChange(str(amount), str(less_more).lower() == "less", per, condition, span=self._span(meta))

    def cost_condition(self, meta, children):
        return ("if", children[0])

    def casters_you(self, meta, children):
        return "you"

    def casters_opponents(self, meta, children):
        return "opponents"

    def for_each(self, meta, children):
        return children[0]

    def for_each_card(self, meta, children):
        return ast.CardsInZone(self._as_card(children[0]), str(children[1]).lower(), span=self._span(meta))

    def keyword_with_cost_change(self, meta, children):
        return ast.KeywordAbilities((children[0],), (children[1],), span=self._span(meta))

    def pay_keyword_cost(self, meta, children):
        return ast.PayKeywordCost(children[0], children[1], span=self._span(meta))

    def pay_mana(self, meta, children):
        return ast.PayMana(str(children[0]), span=self._span(meta))

    def pay_mana_cost_of(self, meta, children):
        return ast.PayManaCostOf(children[0], span=self._span(meta))

    def counter_unless_pays(self, meta, children):
        cost = children[0]
        return ast.CounterUnlessPays(cost if isinstance(cost, ast.Var) else str(cost), span=self._span(meta))

    def mana_cost_item(self, meta, children):
        cost = children[0]  # a keyword's {cost} slot stays '{cost}' until the keyword gives it (702.1)
        return ast.CostItem("mana", f"{{{cost.name}}}" if isinstance(cost, ast.Var) else str(cost), span=self._span(meta))

    def sacrifice_self_cost(self, meta, children):
        return ast.CostItem("sacrifice self", span=self._span(meta))

    def loyalty_cost(self, meta, children):
        text = str(children[0])[1:-1].replace("\u2212", "-")
        amount = (
            ast.XValue(span=self._span(meta))
            if text.lstrip("+-") in ("X", "x")
            else ast.IntValue(int(text), span=self._span(meta))
        )
        return ast.CostItem("loyalty", text, amount, span=self._span(meta))

    def action_cost(self, meta, children):
        return ast.CostItem("action", effect=children[0], span=self._span(meta))

    def keyword_costs(self, meta, children):
        name, *costs = children
        slots = [
            part
            for keyword, pattern in self.grammar.keyword_abilities
            if keyword == name
            for part in pattern.parts
            if isinstance(part, ast.Slot) and part.type == "cost"
        ]
        if not slots:
            raise MtgError(Diagnostic("E101", f"'{name}' takes no cost", self._span(meta)))
        text = self.source.original[meta.start_pos : meta.end_pos] if not meta.empty else ""
        text = re.sub(r"^[^\u2014-]*[\u2014-]\s*", "", text).rstrip(". ")
        ability = ast.KeywordAbility(
            name, ((slots[0].name, ast.Costs(tuple(costs), text, span=self._span(meta))),), span=self._span(meta)
        )
        return ast.KeywordAbilities((ability,), span=self._span(meta))

    def alternative_cost(self, meta, children):
        """118.9: the printed cost, its mana as mana (paid with the spell's total cost, 601.2f-h)."""
        condition, item = children
        if item.kind == "action" and isinstance(item.effect, ast.PayMana):
            item = ast.CostItem("mana", mana=item.effect.cost, span=item.span)
        text = self.source.original[meta.start_pos : meta.end_pos] if not meta.empty else ""
        text = re.sub(r"^.*?\byou may ", "", text, flags=re.I)
        text = re.sub(r" rather than pay this spell's mana cost\.?$", "", text, flags=re.I)
        return ast.AlternativeCost(ast.Costs((item,), text, span=item.span), condition, span=self._span(meta))

    def life_cost(self, meta, children):
        return ast.CostItem("life", amount=children[0], span=self._span(meta))

    def add_mana(self, meta, children):
        return ast.AddMana(str(children[0]), span=self._span(meta))

    def add_mana_choice(self, meta, children):
        return ast.AddMana(options=tuple(re.findall(r"(?:\{[^}]+\})+", str(children[0]))), span=self._span(meta))

    def add_any_color(self, meta, children):
        return ast.AddMana(count=children[0], any_color=True, span=self._span(meta))

    def add_land_type(self, meta, children):
        return ast.AddMana(count=children[0], land_types=True, span=self._span(meta))

    def additional_cost(self, meta, children):
        optional, *options = children
        return ast.AdditionalCost(tuple(options), bool(optional), span=self._span(meta))

    def cost_and_then(self, meta, children):
        return ast.Sequence(tuple(children), span=self._span(meta))

    def attack_cost(self, meta, children):
        return ast.AttackCost(children[0], children[1] if len(children) > 1 else None, span=self._span(meta))
