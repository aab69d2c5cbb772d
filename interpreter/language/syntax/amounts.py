"""Tree to AST for amounts worked out as the effect happens (107.3, 608.2h) and the effects written with one:
'equal to AMOUNT', 'where X is AMOUNT', 'EFFECT for each OBJECTS'.
"""

from __future__ import annotations

import dataclasses

from lark import Token, Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


@v_args(meta=True)
class AmountRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def count_of(self, meta, children):
        return ast.CountOf(children[0], span=self._span(meta))

    def stat_of(self, meta, children):
        whose, stat = children
        return ast.StatOf(self._whose(str(whose), meta), stat, span=self._span(meta))

    def _whose(self, words: str, meta) -> ast.Objects:
        """The object a possessive names: 'its', 'their', 'that spell's' (what the step before acted on);
        'this creature's', '~'s' (the source); 'the sacrificed creature's' (what was paid, 118)."""
        text = words.lower()
        if text == "this" or text.startswith("~"):
            return ast.Self(span=self._span(meta))
        if text.startswith(("the sacrificed ", "the discarded ")):
            _, action, noun = text.removesuffix("'s").split()
            return ast.PaidObject(action, self.quality_words(meta, [Token("WORD", noun)]), span=self._span(meta))
        return ast.It(span=self._span(meta))

    def counters_on(self, meta, children):
        kind, objects = children
        return ast.CountersOn(kind, objects, span=self._span(meta))

    for_each_counter = counters_on

    def greatest_of(self, meta, children):
        stat, objects = children
        return ast.Greatest(objects, stat, span=self._span(meta))

    def distinct_among(self, meta, children):
        kind, objects = children
        kind = str(kind).lower()
        return ast.Distinct(objects, kind if kind.endswith("s") else kind + "s", span=self._span(meta))

    def sum_of(self, meta, children):
        return ast.Sum(children[0], children[1], span=self._span(meta))

    def twice_of(self, meta, children):
        return ast.Product(ast.IntValue(2), children[0], span=self._span(meta))

    def half_of(self, meta, children):
        value, rounding = children
        return ast.Half(value, rounding is not None and str(rounding).lower().endswith("up"), span=self._span(meta))

    def gain_life_equal(self, meta, children):
        players, _, amount = children
        return ast.GainLife(players, amount, span=self._span(meta))

    def lose_life_equal(self, meta, children):
        players, _, amount = children
        return ast.LoseLife(players, amount, span=self._span(meta))

    def draw_equal(self, meta, children):
        return ast.Draw(children[0], span=self._span(meta))

    def players_draw_equal(self, meta, children):
        players, amount = children
        return self.players_draw(meta, [players, amount])

    def deal_damage_equal(self, meta, children):
        source, amount, recipients = children
        if isinstance(amount, ast.StatOf) and isinstance(amount.objects, ast.It) and amount.stat == "power":
            amount = None   # 'deals damage equal to its power': the dealer's own power (120.2b)
        return ast.DealDamage(source, amount, recipients, span=self._span(meta))

    def deal_damage_equal_after(self, meta, children):
        source, recipients, amount = children
        return self.deal_damage_equal(meta, [source, amount, recipients])

    def its_player(self, meta, children):
        """'its controller', 'its owner': of the object the step before acted on (as it last existed, 608.2h)."""
        text = self.source.text[meta.start_pos: meta.end_pos].lower() if not meta.empty else "its controller"
        return ast.Players("its owner" if text.endswith("owner") else "its controller", span=self._span(meta))

    def for_each_scaled(self, meta, children):
        """'You gain 2 life for each creature you control': the effect's amount (its first number: how many
        or how much) times the count, in one event (107.3). An effect without an amount isn't understood."""
        effect, per = children
        return self._scaled(effect, self.per_count(per, meta), meta)

    def _scaled(self, effect, per: ast.Number, meta):
        if isinstance(effect, ast.Optional):  # 'you may put a counter on it for each ...': the effect it offers
            return dataclasses.replace(effect, effect=self._scaled(effect.effect, per, meta))
        if isinstance(effect, ast.Pump) and effect.times is None:
            return dataclasses.replace(effect, times=per)
        if isinstance(effect, ast.AddMana) and effect.makes and effect.count is None:   # 'Add {G} for each ...'
            return dataclasses.replace(effect, count=per)
        for field in dataclasses.fields(effect) if dataclasses.is_dataclass(effect) else ():
            value = getattr(effect, field.name)
            if isinstance(value, (ast.IntValue, ast.XValue)):
                return dataclasses.replace(effect, **{field.name: ast.Product(value, per, span=self._span(meta))})
        raise MtgError(Diagnostic("E101", "'for each' here scales no amount of the effect before it",
                                  self._span(meta), "107.3"))

    def per_count(self, per, meta) -> ast.Number:
        """What 'for each ...' counts: the objects, or the counters on them (107.3); players aren't counted."""
        if isinstance(per, ast.Players):
            raise MtgError(Diagnostic("E101", "'for each' here counts objects or counters ('for each artifact you "
                                      "control')", self._span(meta), "107.3"))
        return per if isinstance(per, ast.COUNTED) else ast.CountOf(per, span=self._span(meta))

    def without_keyword(self, meta, children):
        return ("without", children[0])

    def all_permanents_with(self, meta, children):
        other, quality, clause = children
        return ast.AllPermanents(self._with(quality, clause), other=bool(other), span=self._span(meta))

    def each_permanent_with(self, meta, children):
        quality, clause = children
        return ast.AllPermanents(self._with(quality, clause), span=self._span(meta))

    def players_create(self, meta, children):
        players, count, spec = children
        return self._players_do(meta, players, self.create_token(meta, [count, spec]))

    def players_create_named(self, meta, children):
        players, name = children
        return self._players_do(meta, players, self.create_named_token(meta, [name]))

    def gain_control(self, meta, children):
        players = children[0] if isinstance(children[0], ast.Players) else None
        return ast.GainControl(players, children[-2], children[-1], span=self._span(meta))

    def unless_you(self, meta, children):
        return ast.Unless(children[0], children[1], span=self._span(meta))

    def unless_they(self, meta, children):
        """'PLAYERS do X unless they Y': each of those players may do Y instead of X (118.12)."""
        acting, alternative = children
        if not isinstance(acting, ast.PlayersDo):
            raise MtgError(Diagnostic("E101", "'unless they ...' is understood after the players acting are named "
                                      "('each opponent sacrifices a permanent unless they pay {2}')",
                                      self._span(meta), "118.12"))
        return ast.PlayersDo(acting.players, ast.Unless(acting.effect, alternative, span=self._span(meta)),
                             span=self._span(meta))

    def sacrifice_self_unless(self, meta, children):
        source, alternative = children
        return ast.Unless(ast.SacrificeIt(source, span=self._span(meta)), alternative, span=self._span(meta))

    def cast_limits(self, meta, children):
        limits = tuple(x for c in children for x in (c if isinstance(c, tuple) else (c,)))
        return ast.CastLimits(limits, span=self._span(meta))

    def before_step(self, meta, children):
        return ast.ActivationLimit("before step", step=str(children[0]).lower(), span=self._span(meta))

    def during_step(self, meta, children):
        return ast.ActivationLimit("during step", step=str(children[0]).lower(), span=self._span(meta))

    def during_combat_before_blockers(self, meta, children):
        return (ast.ActivationLimit("during combat", span=self._span(meta)),
                ast.ActivationLimit("before step", step="declare blockers", span=self._span(meta)))

    def cant_be_countered(self, meta, children):
        """Said of the spell itself; of other spells ('Creature spells you control ...') it isn't understood."""
        if not isinstance(children[0], ast.Self):
            raise MtgError(Diagnostic("E101", "only 'this spell can't be countered' is understood here: other "
                                      "spells that can't be countered need a static ability", self._span(meta),
                                      "101.2"))
        return ast.CantBeCountered(span=self._span(meta))

    def owners_zones(self, meta, children):
        return {"hands": "hand", "graveyards": "graveyard", "libraries": "library"}[str(children[0]).lower()]
