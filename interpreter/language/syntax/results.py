"""Tree to AST for steps that name what they did, loops, library positions and casting with a mana value cap
(401.4, 608.2c, 701.57a, 118.9)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast

ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}


@v_args(meta=True)
class ResultRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def discard_bound(self, meta, children):
        return ast.Discard(children[0], bind=children[1], span=self._span(meta))

    def mill_bound(self, meta, children):
        return ast.Mill(children[0], children[1], span=self._span(meta))

    def exile_until_found(self, meta, children, reveal: bool = False):
        quality, _card, clause, bind = children
        quality = self._as_card(quality)
        if clause is not None:
            quality = self._with(quality, clause)
        return ast.UntilFound(quality, bind, reveal, span=self._span(meta))

    def reveal_until_found(self, meta, children):
        return self.exile_until_found(meta, children, reveal=True)

    def put_on_bottom_random(self, meta, children, **order):
        in_library = self._in_library([c for c in children if c is not None], order.pop("top", False), meta)
        return ast.PutInLibrary(in_library.objects, in_library.top, **(order or {"random_order": True}),
                                span=in_library.span)

    def put_on_bottom_any_order(self, meta, children):
        return self.put_on_bottom_random(meta, children, any_order=True)

    def put_on_top_any_order(self, meta, children):
        return self.put_on_bottom_random(meta, children, top=True, any_order=True)

    def rest_into_zone(self, meta, children):
        return ast.PutIntoZone(ast.TheRest(span=self._span(meta)), children[0], span=self._span(meta))

    def rest_on_bottom_random(self, meta, children):
        return self.put_on_bottom_random(meta, [ast.TheRest(span=self._span(meta)), *children])

    def rest_on_bottom_any_order(self, meta, children):
        return self.put_on_bottom_any_order(meta, [ast.TheRest(span=self._span(meta)), *children])

    def rest_on_top_any_order(self, meta, children):
        return self.put_on_top_any_order(meta, [ast.TheRest(span=self._span(meta)), *children])

    def the_rest(self, meta, children):
        return ast.TheRest(span=self._span(meta))

    def discard_at_random(self, meta, children):
        return ast.Discard(children[0], at_random=True, span=self._span(meta))

    def discard_hand(self, meta, children):
        hand = ast.CardsInZone(None, "hand", span=self._span(meta))
        return ast.Discard(ast.IntValue(0), objects=hand, span=self._span(meta))

    def players_discard_at_random(self, meta, children):
        return ast.PlayersDo(children[0], self.discard_at_random(meta, children[1:]), span=self._span(meta))

    def players_discard_hand(self, meta, children):
        return ast.PlayersDo(children[0], self.discard_hand(meta, []), span=self._span(meta))

    def same_players(self, meta, children):
        """'Target player draws two cards, then discards two cards' (608.2c): the verbs with no subject are done by
        the players of the action before them, each doing all of it in turn (one PlayersDo, so a target player is
        one target)."""
        first, *more = children
        steps = ast.Sequence((first.effect, *more), span=self._span(meta))
        return ast.PlayersDo(first.players, steps, span=self._span(meta))

    def same_players_draw(self, meta, children):
        return ast.Draw(children[0], span=self._span(meta))

    def same_players_discard(self, meta, children):
        return ast.Discard(children[0], span=self._span(meta))

    def same_players_lose_life(self, meta, children):
        return ast.LoseLife(ast.Players("you", span=self._span(meta)), children[0], span=self._span(meta))

    def put_chosen_into_zone(self, meta, children):
        *count, objects, zone = children
        chosen = ast.ChosenAmong(count[0] if count else None, None, objects, span=self._span(meta))
        return ast.PutIntoZone(chosen, zone, span=self._span(meta))

    put_any_into_zone = put_chosen_into_zone

    def chosen_among(self, meta, children, up_to: bool = False):
        *count, quality, objects = children
        return ast.ChosenAmong(count[0] if count else None, self._as_card(quality), objects, up_to,
                               span=self._span(meta))

    def chosen_among_with(self, meta, children):
        count, quality, _card, clause, objects = children
        return self.chosen_among(meta, [count, self._with(self._as_card(quality), clause), objects])

    def chosen_among_up_to(self, meta, children):
        return self.chosen_among(meta, children, up_to=True)

    chosen_among_any = chosen_among

    def put_from_top(self, meta, children):
        objects, zone, ordinal = children
        in_library = self._in_library([objects, zone], True, meta)
        depth = ast.IntValue(ORDINALS[str(ordinal).lower()] - 1)
        return ast.PutInLibrary(in_library.objects, True, depth=depth, span=in_library.span)

    def cast_each_free(self, meta, children):
        return ast.CastFree(None, children[0], children[1], span=self._span(meta))

    def cast_each_free_below_source(self, meta, children):
        """'... if the resulting spell's mana value is less than this spell's mana value' (702.85a)."""
        return ast.CastFree(None, children[0], ast.SourceStat("mana value", -1), span=self._span(meta))

    def create_named_token_with_counters(self, meta, children):
        name, (count, kind) = children
        return ast.CreateNamedToken(str(name), count, kind, span=self._span(meta))


    def pay_life(self, meta, children):
        return ast.PayLife(children[0], span=self._span(meta))

    def may_pay_life(self, meta, children):
        return ast.Optional(ast.PayLife(children[0], span=self._span(meta)), span=self._span(meta))

    def for_each_of(self, meta, children):
        objects, bind, *effects = children
        effect = effects[0] if len(effects) == 1 else ast.EffectChoice(tuple(effects), span=self._span(meta))
        return ast.ForEachOf(objects, effect, bind, span=self._span(meta))

    def choose_any_number(self, meta, children):
        return ast.Choose(ast.IntValue(0), children[0], children[1], up_to=True, any_number=True,
                          span=self._span(meta))

    def each_may_else(self, meta, children):
        return ast.EachMayElse(children[0], children[1], children[2], span=self._span(meta))

    def with_counter(self, meta, children):
        return ("counter", children[0])

    def permanents_you_control_with(self, meta, children):
        return ast.PermanentsYouControl(self._with(children[0], children[1]), span=self._span(meta))

    def pay_cost_slot(self, meta, children):
        return ast.PayMana(children[0], span=self._span(meta))   # COST_VAR is read as a Var

    def repeat_process(self, meta, children):
        return ast.RepeatProcess(span=self._span(meta))

    def among(self, meta, children):
        quality = children[0]
        return ast.Among(self._as_card(quality) if quality is not None else None, children[1],
                         span=self._span(meta))

    def exiled_this_way(self, meta, children):
        return ast.ExiledThisWay(span=self._span(meta))

    def dealt_damage_this_way(self, meta, children):
        """'a creature dealt damage this way' means each of them: a count other than one isn't understood."""
        count, quality = children[0], children[1]
        if not (isinstance(count, ast.IntValue) and count.value == 1):
            raise MtgError(Diagnostic("E101", "only 'a' or 'each' is understood before '... dealt damage this way'",
                                      self._span(meta), "608.2c"))
        return ast.DealtDamageThisWay(quality, span=self._span(meta))

    def each_dealt_damage_this_way(self, meta, children):
        return ast.DealtDamageThisWay(children[0], span=self._span(meta))

    def exiled_not_cast(self, meta, children):
        return ast.ExiledThisWay(still_exiled=True, span=self._span(meta))

