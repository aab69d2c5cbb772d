"""Tree to AST for abilities and commands: static, triggered, activated and spell abilities, cast permissions
(113, 601, 602, 604), and scenario commands.
"""

from __future__ import annotations

import dataclasses
import re

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError

from .. import ast
from .sentences import intervening_if


@v_args(meta=True)
class AbilityRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def as_though_flash(self, meta, children):
        return ast.AsThoughFlash(children[0], span=self._span(meta))

    def reminder_only(self, meta, children):
        return ast.ReminderOnly(span=self._span(meta))

    def level_stripe(self, meta, children):
        """711.2: the symbol names the counters it counts ('LEVEL 1-4': level counters) and its range."""
        symbol, pt, *abilities = children
        kind, numbers = str(symbol).split()
        low, _, high = numbers.rstrip("+").partition("-")
        power, toughness = (int(x) for x in str(pt).split("/"))
        return ast.LevelStripe(kind.lower(), int(low), int(high) if high else None, power, toughness,
                               tuple(a for a in abilities if not isinstance(a, ast.ReminderOnly)),
                               span=self._span(meta))

    def keyword_abilities(self, meta, children):
        """A line of keywords; 'from QUALITY' after a 'KEYWORD from QUALITY' ability is another ability of that
        keyword with the new quality (702.16g, 702.11f: shorthand for separate abilities)."""
        abilities: list[ast.KeywordAbility] = []
        for child in children:
            if isinstance(child, ast.KeywordAbility):
                abilities.append(child)
                continue
            before = abilities[-1]
            if not before.name.endswith(" from") or [name for name, _ in before.args] != ["quality"]:
                raise MtgError(Diagnostic("E101", "not understood: a quality after a keyword ability follows no "
                                          "'KEYWORD from QUALITY' ability", child.span, rule="702.16g"))
            abilities.append(ast.KeywordAbility(before.name, (("quality", child),), span=child.span))
        return ast.KeywordAbilities(tuple(abilities), span=self._span(meta))

    def keyword_from_more(self, meta, children):
        return children[-1]

    def cast_zone(self, meta, children):
        return str(children[0]).lower()

    def cast_face_down(self, meta, children):
        power, toughness = (int(x) for x in str(children[0]).split("/"))
        return ast.FaceDownCast(power, toughness, children[1], children[2], span=self._span(meta))

    def cast_condition(self, meta, children):
        return str(children[0]).lower()

    def spell_condition(self, meta, children):
        out = []
        for quality in children:
            out.extend(quality.options if isinstance(quality, ast.QualityChoice) else (quality,))
        return tuple(out)

    def cast_permission(self, meta, children):
        zone, spell_types, face_down, cost, condition = children
        cost = cost if isinstance(cost, ast.Var) else str(cost)
        event, holds = (None, condition) if isinstance(condition, ast.Node) else (condition, None)
        return ast.CastPermission(zone or "hand", face_down, cost, event, spell_types or (), holds,
                                  span=self._span(meta))

    def exile_instead(self, meta, children):
        return ast.ExileInstead(children[0], span=self._span(meta))

    def static_ability(self, meta, children):
        return children[0]

    def cant_be_destroyed(self, meta, children):
        return ast.CantBeDestroyed(children[0], span=self._span(meta))

    def lethal_damage(self, meta, children):
        return ast.LethalDamage(span=self._span(meta))

    def damage_gains_life(self, meta, children):
        return ast.DamageGainsLife(span=self._span(meta))

    # combat statics (302.6, 508.1c, 508.1f, 509.1b, 510.4, 702.19b)
    def blocked_only_by_keywords(self, meta, children):
        objects, quality, *keywords = children
        options = tuple(ast.QualityWith(quality, keyword=k, span=quality.span) for k in keywords)
        choice = options[0] if len(options) == 1 else ast.QualityChoice(options, span=quality.span)
        return ast.BlockRestriction(objects, choice, True, span=self._span(meta))

    def blocked_only_by(self, meta, children):
        objects, quality = children
        return ast.BlockRestriction(objects, quality, True, span=self._span(meta))

    def blocked_only_by_many(self, meta, children):
        objects, at_least, quality = children
        word = str(at_least).split()[0].lower()
        count = int(word) if word.isdigit() else ("two", "three", "four").index(word) + 2
        return ast.BlockRestriction(objects, quality, True, count, span=self._span(meta))

    def attacks_untapped(self, meta, children):
        return ast.AttacksUntapped(children[-1], span=self._span(meta))

    def attacks_despite_sickness(self, meta, children):
        return ast.AttacksDespiteSickness(children[0], span=self._span(meta))

    def first_combat_damage(self, meta, children):
        return ast.CombatDamageSteps(children[0], span=self._span(meta))

    def both_combat_damage(self, meta, children):
        return ast.CombatDamageSteps(children[0], True, span=self._span(meta))

    def excess_combat_damage(self, meta, children):
        return ast.ExcessCombatDamage(children[0], span=self._span(meta))

    def can_block(self, meta, children):
        objects, quality, keyword = children
        return ast.CanBlock(objects, ast.QualityWith(quality, keyword=keyword, span=quality.span), span=self._span(meta))

    def static_effect(self, meta, children):
        if not isinstance(children[0], ast.COMBAT_STATICS):
            raise MtgError(Diagnostic("E101", "not a static ability", self._span(meta)))
        return children[0]

    def damage_source(self, meta, children):
        return children[0] if children else ast.Self(span=self._span(meta))

    def damage_form(self, meta, children):
        return (str(children[0]).lower(), children[1])

    def damage_as_counters(self, meta, children):
        objects, *forms = children
        return ast.DamageAsCounters(objects, tuple(forms), span=self._span(meta))

    def damage_as_counters_this(self, meta, children):
        return ast.DamageAsCounters(ast.Self(span=self._span(meta)), tuple(children), span=self._span(meta))

    def triggered_ability(self, meta, children):
        condition, effect = intervening_if(children[1])
        return ast.TriggeredAbility(children[0], effect, condition=condition, span=self._span(meta))

    def as_sorcery(self, meta, children):
        return ast.ActivationLimit("as a sorcery", span=self._span(meta))

    def only_if(self, meta, children):
        return ast.ActivationLimit("if", children[0], span=self._span(meta))

    def once_each_turn(self, meta, children):
        return ast.ActivationLimit("once each turn", span=self._span(meta))

    def during_your_turn(self, meta, children):
        return ast.ActivationLimit("during your turn", span=self._span(meta))

    def as_instant(self, meta, children):
        return ast.ActivationLimit("as an instant", span=self._span(meta))

    def before_attackers(self, meta, children):
        return ast.ActivationLimit("before attackers are declared", span=self._span(meta))

    def during_your_step(self, meta, children):
        return ast.ActivationLimit("during your step", step=children[0], span=self._span(meta))

    def during_combat(self, meta, children):
        return ast.ActivationLimit("during combat", span=self._span(meta))

    def times_each_turn(self, meta, children):
        times = {"twice": 2, "three": 3, "four": 4, "five": 5}[str(children[0]).split()[0].lower()]
        return (ast.ActivationLimit("once each turn", times=times, span=self._span(meta)),)

    def activation_limits(self, meta, children):
        return tuple(children)

    def once_ever(self, meta, children):
        return ast.ActivationLimit("once", span=self._span(meta))

    def added_activation_limits(self, meta, children):
        return ast.AddedLimits(children[0], span=self._span(meta))

    def keyword_labeled_ability(self, meta, children):
        """'Boast — {1}{R}: ...': the activated ability after the keyword's dash, labelled by the keyword."""
        name, *rest = children
        ability = self.activated_ability(meta, rest)
        return dataclasses.replace(ability, label=str(name), cost_text=re.sub(r"^[^\u2014-]*[\u2014-]\s*", "",
                                                                                 ability.cost_text))

    def activated_ability(self, meta, children):
        text = self.source.original[meta.start_pos : meta.end_pos] if not meta.empty else ""
        *costs, effect, change, limits = children
        return ast.ActivatedAbility(
            tuple(costs),
            effect,
            text.split(":")[0].strip(),
            limits or (),
            cost_changes=(change,) if change else (),
            span=self._span(meta),
        )

    def spell_ability(self, meta, children):
        if isinstance(children[0], ast.COMBAT_STATICS):   # a static ability read from its predicate form
            return children[0]
        if isinstance(children[0], (ast.PlayerRestriction, ast.ExtraLands)) and children[0].duration is None:  # 604.1
            return children[0]
        return ast.SpellAbility(children[0], span=self._span(meta))

    def ability(self, meta, children):
        return children[0]

    def resolve_command(self, meta, children):
        return ast.ResolveCommand(span=self._span(meta))

    def cast_from(self, meta, children):
        return ("from_zone", str(children[0]).lower())

    def cast_face_down_option(self, meta, children):
        return ("face_down", True)

    def cast_using(self, meta, children):
        return ("using", str(children[0]).lower())

    def cast_using_alternative(self, meta, children):
        return ("alternative", True)

    def cast_command(self, meta, children):
        return ast.CastCommand(str(children[0]).strip(), **dict(children[1:]), span=self._span(meta))

    def activate_command(self, meta, children):
        return ast.ActivateCommand(str(children[0]).strip(), span=self._span(meta))

    def go_to_command(self, meta, children):
        return ast.GoToCommand(str(children[0]).strip(), span=self._span(meta))

    def pass_command(self, meta, children):
        return ast.PassCommand(span=self._span(meta))

    def play_command(self, meta, children):
        return ast.PlayCommand(str(children[0]).strip(), span=self._span(meta))

    def command(self, meta, children):
        return children[0]
