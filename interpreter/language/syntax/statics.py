"""Tree to AST for the static abilities of ast/statics.py: targeting (115.1), blocking relative to the attacker or
the defending player (509.1b), characteristic-defining abilities (604.3), what combat damage to a player also
does (120.3) and the stack lock (601.3); and the relative qualities and cost scales they use."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


@v_args(meta=True)
class StaticRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def statics_static(self, meta, children):
        return children[0]

    def doesnt_untap(self, meta, children):
        return ast.DoesntUntap(children[0], span=self._span(meta))

    def static_control(self, meta, children):
        return ast.StaticControl(children[0], span=self._span(meta))

    def untap_whose(self, meta, children):
        return None

    def defined_pt(self, meta, children):
        """604.3: '~'s power and toughness are each equal to AMOUNT', '~'s power is equal to AMOUNT'."""
        whose, stats, amount = children
        if not str(whose).startswith("~"):
            raise MtgError(Diagnostic("E101", "a characteristic-defining ability defines its own object's "
                                      "power or toughness ('~'s power ...')", self._span(meta)))
        words = str(stats).lower()
        return ast.DefinedPT("power" in words, "toughness" in words, amount, span=self._span(meta))

    def cant_be_targeted(self, meta, children):
        objects, *by = [c for c in children if c is not None]
        if len(by) == 2 and by[1].opponents and not by[0].opponents:  # 'spells or abilities your opponents control'
            by[0] = ast.Targeters(by[0].abilities, by[0].quality, True, span=by[0].span)
        return ast.CantBeTargeted(objects, tuple(by), span=self._span(meta))

    def spell_targeters(self, meta, children):
        quality, opponents = children
        return ast.Targeters(False, quality, opponents is not None, span=self._span(meta))

    def ability_targeters(self, meta, children):
        opponents, quality = children[:2]  # then 'sources' at the end of the line, a word of its own
        return ast.Targeters(True, quality, opponents is not None, span=self._span(meta))

    def opponents_control(self, meta, children):
        return True

    def blocked_only_by_either(self, meta, children):
        objects, quality, _, relative = children
        return ast.BlockRestriction(objects, ast.QualityChoice((quality, relative), span=self._span(meta)), True,
                                    span=self._span(meta))

    def relative_quality(self, meta, children):
        return children[0]

    def shares_color(self, meta, children):
        return ast.SharesColor(children[0], span=self._span(meta))

    def with_greater_stat(self, meta, children):
        return ("greater", children[0])

    def unblockable_while(self, meta, children):
        return ast.UnblockableWhile(children[0], children[1], span=self._span(meta))

    def blocks_only(self, meta, children):
        objects, quality, keyword = children
        return ast.BlocksOnly(objects, ast.QualityWith(quality, keyword=keyword, span=quality.span),
                              span=self._span(meta))

    def static_types_line(self, meta, children):
        """'Enchanted land is an Island', 'Each creature with a gold counter on it is a Wall in addition to its
        other creature types and has defender' (613.1d, 613.1f); '~ is every creature type' is a
        characteristic-defining ability (604.3, 613.3)."""
        condition, objects, types, abilities = children
        if isinstance(objects, ast.Self) and condition is None and types.every == "creature" and not abilities:
            return ast.EveryCreatureType(objects, span=self._span(meta))
        found = self._static(meta, condition, objects, tuple(abilities or ()), None, None)
        return replace(found, types=types)

    def static_types_line_it(self, meta, children):
        """'As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types'."""
        condition, types = children
        return replace(self._static(meta, condition, ast.It(), (), None, None), types=types)

    def static_also_is(self, meta, children):
        return children[-1]

    def types_added(self, meta, children):
        return ast.StaticTypes(children[0], span=self._span(meta))

    def types_set(self, meta, children):
        return ast.StaticTypes(children[0], retain=False, span=self._span(meta))

    def every_type(self, meta, children):
        every = " ".join(str(children[0]).lower().split()[1:-1])
        return ast.StaticTypes(None, every=every, span=self._span(meta))

    def defined_colorless(self, meta, children):
        if not isinstance(children[0], ast.Self):
            raise MtgError(Diagnostic("E101", "'is colorless' is understood of this object only (604.3)",
                                      self._span(meta)))
        return ast.DefinedColors(children[0], frozenset(), span=self._span(meta))

    def combat_damage_counters(self, meta, children):
        objects, count, kind = children
        return ast.CombatDamageCounters(objects, count, kind.lower(), span=self._span(meta))

    def stack_lock(self, meta, children):
        return ast.StackLock(span=self._span(meta))

    def for_each_opponent(self, meta, children):
        return ast.Players("each opponent", span=self._span(meta))

    def pay_mana_instead(self, meta, children):
        part, (tap, quality, of_that_color) = children
        colored = str(part).lower() == "colored"
        if colored != bool(of_that_color):  # a colored mana is paid by an object of its color, generic by any
            raise MtgError(Diagnostic("E101", "'colored mana' is paid by tapping an object 'of that color', "
                                              "generic mana by any", self._span(meta)))
        return ast.PayManaInstead(colored, tap, quality, span=self._span(meta))

    def tap_instead_of_mana(self, meta, children):
        return (True, children[0], children[1])

    def exile_instead_of_mana(self, meta, children):
        return (False, None, None)

    def of_that_color(self, meta, children):
        return True

    def assisted_payment(self, meta, children):
        return ast.AssistedPayment(span=self._span(meta))

    def instant_timing(self, meta, children):
        return ast.InstantTiming(span=self._span(meta))
