"""Tree to AST for how a spell is cast and what was paid (118.8, 118.9, 601.2b, 601.2f, 614.1a)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from .. import ast


@v_args(meta=True)
class CastingRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    @staticmethod
    def _cost(token) -> str | ast.Var:
        return token if isinstance(token, ast.Var) else str(token)

    def optional_additional_cost(self, meta, children):
        return ast.OptionalCost(self._cost(children[0]), children[1] is not None, span=self._span(meta))

    def resolves_into(self, meta, children):
        return ast.ResolvesInto(children[0], str(children[1]).lower(), span=self._span(meta))

    def discard_into_exile(self, meta, children):
        return ast.DiscardIntoExile(span=self._span(meta))

    def cost_static(self, meta, children):
        return children[0]

    def exiled_this_way_trigger(self, meta, children):
        return ast.ExiledThisWayTrigger(span=self._span(meta))

    def was_paid(self, meta, children):
        return ast.WasPaid(children[0], str(children[1]).lower(), span=self._span(meta))

    def was_not_paid(self, meta, children):
        return ast.WasPaid(children[0], str(children[1]).lower(), True, span=self._span(meta))

    def cost_was_paid(self, meta, children):
        return ast.CostWasPaid(next(c for c in children if isinstance(c, str) and not isinstance(c, Token)),
                               span=self._span(meta))

    def paid_condition(self, meta, children):
        return children[0]

    def cast_for_cost(self, meta, children):
        return ast.CastForCost(children[0], self._cost(children[1]), span=self._span(meta))

    def casting_primitive(self, meta, children):
        return children[0]

    def sacrifice_it(self, meta, children):
        return ast.SacrificeIt(children[0] if children else ast.It(span=self._span(meta)), span=self._span(meta))

    def sacrifice_bound(self, meta, children):
        return ast.SacrificeIt(self.var(meta, children), span=self._span(meta))

    def controller_sacrifices_it(self, meta, children):
        return ast.SacrificeIt(children[0] if children else ast.It(span=self._span(meta)), True, span=self._span(meta))

    def exile_other_from_zone(self, meta, children):
        return ast.ExileFromZone(children[0], None, str(children[2]).lower(), True, span=self._span(meta))

    def opponent_lost_life(self, meta, children):
        return ast.ThisTurn("life_lost", "opponent", span=self._span(meta))

    def you_cast_another_spell(self, meta, children):
        return ast.ThisTurn("cast", "you", span=self._span(meta))

    def no_spells_last_turn(self, meta, children):
        return ast.SpellsLastTurn(1, negated=True, span=self._span(meta))

    def spells_last_turn(self, meta, children):
        return ast.SpellsLastTurn(children[0].value, one_player=True, span=self._span(meta))

    def this_turn(self, meta, children):
        return children[0]

    def cast_if(self, meta, children):
        return children[0]

    def discard_count(self, meta, children):
        return ast.Discard(children[0], span=self._span(meta))

    def discard_count_quality(self, meta, children):
        return self.discard_quality(meta, children)

    def cast_permission_discarding(self, meta, children):
        """'You may cast this card from ZONE [if the resulting spell is ...] by discarding CARDS in addition to
        paying its other costs' (702.81a, 702.133a): its mana cost, and the discard as an additional cost."""
        zone, qualities, discard = children
        return ast.CastPermission(zone, None, None, None, qualities or (),
                                  additional=(ast.CostItem("action", effect=discard, span=discard.span),),
                                  span=self._span(meta))

    def you_discarded_this_card(self, meta, children):
        return ast.ThisTurn("discarded", "you", True, span=self._span(meta))


    def choose_all_modes(self, meta, children):
        return ast.ChooseAllModes(self._cost(children[0]), span=self._span(meta))

    def tap_total_power(self, meta, children):
        other, quality, total = children
        return ast.TapTotalPower(quality, total, bool(other), span=self._span(meta))

    def return_from_zone(self, meta, children):
        _, zone, status = children
        return ast.ReturnFromZone(str(zone).lower(), status is not None and str(status).lower() == "tapped",
                                  span=self._span(meta))

    def return_from_zone_to(self, meta, children):
        _, zone, to = children
        return ast.ReturnFromZone(str(zone).lower(), to=str(to).lower(), span=self._span(meta))

    def exile_as_it_resolves(self, meta, children):
        condition, step, effect = children
        return ast.ExileAsItResolves(condition, self.delayed_step_trigger(meta, [step, effect]), span=self._span(meta))

    def keyword_static_grant(self, meta, children):
        """'As long as its dash cost was paid, this permanent has haste' (702.109a): a static ability a keyword
        means, read as a card's static grant is (604.1)."""
        condition, objects, abilities = children
        return self._static(meta, condition, objects, abilities, None, None)

    def delayed_as_it_resolves(self, meta, children):
        condition, effect, step = children
        return ast.DelayedAsItResolves(condition, self.delayed_step_trigger(meta, [step, effect]), span=self._span(meta))

    def draw_replacement(self, meta, children):
        return ast.DrawReplacement(children[0], children[1], span=self._span(meta))

    def cast_self_free_from(self, meta, children):
        return ast.CastFree(None, children[0], from_zone=str(children[1]).lower(), span=self._span(meta))

    def gains_for_good(self, meta, children):
        return ast.GainsForGood(children[0], tuple(children[1]), span=self._span(meta))

    def exile_if_it_would_leave(self, meta, children):
        return ast.ExileIfItWouldLeave(ast.It(span=self._span(meta)), span=self._span(meta))

    def exile_self_from_zone(self, meta, children):
        return ast.ExileSelfFrom(str(children[1]).lower(), span=self._span(meta))

    def reveal_self_from_zone(self, meta, children):
        return ast.RevealSelfFrom(str(children[1]).lower(), span=self._span(meta))

    def create_copy_except(self, meta, children):
        objects, *changes = [c for c in children if c is not None and not (hasattr(c, "type") and c.type == "COPY_EXCEPT")]
        return ast.CopyExcept(objects, tuple(changes), span=self._span(meta))

    def copy_color(self, meta, children):
        return ("color", str(children[-1]).lower())

    def copy_pt(self, meta, children):
        return ("pt", str(children[-1]))

    def copy_no_mana_cost(self, meta, children):
        return ("no mana cost", None)

    def copy_add_types(self, meta, children):
        return ("types", children[-1])

    def copy_not_legendary(self, meta, children):
        return ("not legendary", None)
