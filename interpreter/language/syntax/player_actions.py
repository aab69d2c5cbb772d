"""Parse tree -> AST for the words the triggered keyword abilities of 702 are written in: who defends, what
another player sacrifices, attacking alone, a designation a permanent lacks, entering with counters or tapped
and the counters an object had."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


@v_args(meta=True)
class PlayerActionRules(Transformer):
    """Tree-to-AST methods of this family; mixed into ToAst (transformer.py)."""

    def defending_player(self, meta, children):
        return ast.Players("defending player", span=self._span(meta))

    def attacks_alone_verb(self, meta, children):
        return ("attacks alone", {})

    def enters_with_counters(self, meta, children):
        condition, _self, _enters, status, *amounts = children
        self._tapped(status, meta)
        return ast.EntersWithCounters(tuple(amounts), condition, status is not None, span=self._span(meta))

    def enters_with_counters_if(self, meta, children):
        """614.1c: '~ enters with N KIND counters on it if CONDITION' (the condition read as it enters)."""
        *rest, condition = children
        return self.enters_with_counters(meta, [condition, *rest])

    def enters_with_counters_per(self, meta, children):
        """614.1c, 107.3: '~ enters with a KIND counter on it for each OBJECTS' (counted as it enters)."""
        _self, _enters, (count, kind), per = children
        amount = ast.Product(count, self.per_count(per, meta), span=self._span(meta))
        return ast.EntersWithCounters(((amount, kind),), span=self._span(meta))

    def enters_with_counters_equal(self, meta, children):
        """614.1c, 107.3: '~ enters with a number of KIND counters on it equal to AMOUNT'."""
        _self, _enters, kind, amount = children
        return ast.EntersWithCounters(((amount, kind),), span=self._span(meta))

    def enters_tapped(self, meta, children):
        """614.1c: 'This land enters tapped [unless CONDITION]'."""
        self._tapped(children[2], meta)
        return ast.EntersTapped(children[3], span=self._span(meta))

    def _tapped(self, status, meta) -> None:
        if status is not None and str(status).lower() != "tapped":
            raise MtgError(Diagnostic("E101", "a permanent enters tapped or as it is: 'untapped' says nothing",
                                      self._span(meta)))

    def as_enters(self, meta, children):
        return ast.AsEnters(children[-1], span=self._span(meta))

    def had_no_counters(self, meta, children):
        return ast.HadNoCounters(children[0], children[1], span=self._span(meta))

    def opponent_dealt_damage(self, meta, children):
        return ast.OpponentDealtDamage(span=self._span(meta))

    def return_with_counters(self, meta, children):
        objects, *amounts = children
        return ast.ReturnWithCounters(objects, tuple(amounts), span=self._span(meta))

    def remove_counters(self, meta, children):
        (count, kind), objects = children
        return ast.RemoveCounters(count, kind, objects, span=self._span(meta))

    def last_counter_trigger(self, meta, children):
        return ast.LastCounterTrigger(children[0], span=self._span(meta))

    def has_counter(self, meta, children):
        return ast.HasCounter(children[0], children[1], span=self._span(meta))

    def gain_life_lost(self, meta, children):
        return ast.GainLifeLost(children[0], span=self._span(meta))

    def blocks_self_trigger(self, meta, children):
        return ast.BlocksSelfTrigger(children[0], children[1], span=self._span(meta))

    def blocking_creature(self, meta, children):
        return ast.BlockingCreature(span=self._span(meta))

    def attacks_most_life_verb(self, meta, children):
        return ("attacks the player with the most life", {})

    def attacks_with_verb(self, meta, children):
        """'attacks with another creature with greater power': `recipient` is the other attacker's quality."""
        quality, stat = children
        than = ast.QualityWith(quality, stat=stat, value=ast.SourceStat(stat, 1), span=quality.span)
        return ("attacks with", {"recipient": than})

    def with_stat_than_source(self, meta, children):
        """'with lesser power': compared with the source's (702.134a; 'with greater power' is `with_greater_stat`)."""
        return ("stat", children[0], ast.SourceStat(children[0], -1), True)

    def delayed_end_of_combat(self, meta, children):
        step = ast.PhaseTrigger("end of combat", "the next", span=self._span(meta))
        return ast.DelayedTrigger(step, children[0], span=self._span(meta))

    def that_player(self, meta, children):
        return ast.Players("that player", span=self._span(meta))

    def attacks_unblocked_verb(self, meta, children):
        return ("attacks and isn't blocked", {})

    def pump_per_blocker(self, meta, children):
        objects, change, duration = children
        return ast.PumpPerBlocker(ast.Pump(objects, str(change), duration, span=self._span(meta)),
                                  span=self._span(meta))

    def stat_comparison(self, meta, children):
        owner, stat, other, other_stat = children
        return ast.StatGreater(((owner, stat, other, other_stat),), span=self._span(meta))

    def stat_comparisons(self, meta, children):
        return ast.StatGreater(tuple(c for child in children for c in child.comparisons), span=self._span(meta))

    def stat_owner(self, meta, children):
        """'that creature's' (what the trigger is about) or 'this creature's' (the source)."""
        return str(children[0]).split()[0].lower()

    def move_counters(self, meta, children):
        (count, kind), source, to = children
        return ast.MoveCounters(count, kind, source, to, span=self._span(meta))

    def has_a_counter(self, meta, children):
        return ast.HasCounter(children[1], children[0], span=self._span(meta))

    def pay_per_counter(self, meta, children):
        cost, kind, objects = children
        return ast.PayPerCounter(cost, kind, objects, span=self._span(meta))

    def x_at_least(self, meta, children):
        return ast.XAtLeast(children[0], span=self._span(meta))
