"""Tree to AST for how steps are put together: sentences, 'if', 'you may', 'otherwise', 'instead', modes,
repeats, delayed and reflexive triggers (603.7, 603.12, 608.2c, 700.2).
"""

from __future__ import annotations

import dataclasses
import re

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast
from .sentences import join_instead, join_keyword_costs, join_otherwise, join_unreplaced, span_through


@v_args(meta=True)
class ControlRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def again(self, meta, children):
        return ast.Repeat(children[0], ast.IntValue(1), span=self._span(meta))

    def twice(self, meta, children):
        return ast.Repeat(children[0], ast.IntValue(2), span=self._span(meta))

    def times(self, meta, children):
        return ast.Repeat(children[0], children[1], span=self._span(meta))

    def times_count(self, meta, children):
        text = str(children[0])
        return (
            ast.XValue(span=self._span(meta)) if text.lower() == "x" else ast.IntValue(int(text), span=self._span(meta))
        )

    def or_both(self, meta, children):
        return True

    def mode(self, meta, children):
        return (children[0], children[1])

    def mode_name(self, meta, children):
        return self._label(meta)

    def ability_word(self, meta, children):
        return self._label(meta)

    def _label(self, meta) -> str:
        text = self.source.text[meta.start_pos : meta.end_pos] if not meta.empty else ""
        return re.sub(r"\s*[\u2014-]\s*$", "", text).strip()

    def modal(self, meta, children):
        count, both, *modes = children
        names = tuple(name for name, _ in modes)
        return ast.Modal(
            count, tuple(effect for _, effect in modes), bool(both), names if any(names) else (), span=self._span(meta)
        )

    def modal_repeatable(self, meta, children):
        count, *modes = children
        return dataclasses.replace(self.modal(meta, [count, None, *modes]), repeatable=True)

    def mode_line(self, meta, children):
        name, effect = children[0]
        return ast.ModeLine(effect, name, span=self._span(meta))

    def labeled_ability(self, meta, children):
        label, ability = children
        return dataclasses.replace(ability, label=label) if hasattr(ability, "label") else ability

    def labeled_spell_ability(self, meta, children):
        """An ability word before a spell's effect ('Adamant — If ...'): it has no rules meaning (207.2c)."""
        return ast.SpellAbility(children[1], span=self._span(meta))

    CHAPTER_NUMBERS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}

    def chapter_ability(self, meta, children):
        token, effect = children
        chapters = tuple(self.CHAPTER_NUMBERS[c.strip()] for c in str(token).split(","))
        trigger = ast.ChapterTrigger(chapters, span=self.source.span(token.line, token.column, len(token)))
        return ast.TriggeredAbility(trigger, effect, span=self._span(meta))

    def effect_choice(self, meta, children):
        return ast.EffectChoice(tuple(children), span=self._span(meta))

    def you_do(self, meta, children):
        """'you scry 1': the controller does it, as if the sentence began with the verb."""
        return children[0]

    def delayed_trigger(self, meta, children):
        subject, (event, fields), effect = children
        return ast.DelayedTrigger(self._subject_trigger(subject, event, fields, meta), effect, "until end of turn",
                                  span=self._span(meta))

    def delayed_step_trigger(self, meta, children):
        """'At the beginning of the next end step, EFFECT' (603.7): it triggers once (603.7b)."""
        (step, whose), effect = children
        return ast.DelayedTrigger(ast.PhaseTrigger(step, whose, span=self._span(meta)), effect, span=self._span(meta))

    def delayed_step_trigger_after(self, meta, children):
        """'EFFECT at the beginning of the next end step': the same, the effect written first."""
        return self.delayed_step_trigger(meta, children[::-1])

    def optional(self, meta, children):
        return ast.Optional(children[0], span=self._span(meta))

    def otherwise(self, meta, children):
        return ast.Otherwise(children[0], span=self._span(meta))

    def otherwise_if(self, meta, children):
        return ast.Otherwise(ast.Conditional(children[0], children[1], span=self._span(meta)), span=self._span(meta))

    def require(self, meta, children):
        text = self.source.text[meta.start_pos : meta.end_pos] if not meta.empty else ""
        text = re.sub(r"\s*\(rule [^)]*\)$", "", re.sub(r"^require\s+", "", text, flags=re.I))
        rule = str(children[1])[6:-1] if children[1] else None
        return ast.Require(children[0], text, rule, span=self._span(meta))

    def record_event(self, meta, children):
        return ast.RecordEvent(str(children[0]), span=self._span(meta))

    def record_event_each(self, meta, children):
        return ast.RecordEvent(str(children[0]), children[1], span=self._span(meta))

    def effect_chain(self, meta, children):
        """'A, B, then C'. In 'you may A, B, then C' the 'may' covers the rest of the chain: a player
        who doesn't search doesn't put the card into their hand or shuffle (608.2c). In 'target player may A,
        B, then C' that player does the rest too, as its 'you'."""
        effects, span = list(children), self._span(meta)
        n = next((n for n, e in enumerate(effects[:-1]) if isinstance(e, ast.Optional) or isinstance(
            e, ast.PlayersDo) and isinstance(e.effect, ast.Optional)), None)
        if n is not None:
            first = effects[n]
            may = first.effect if isinstance(first, ast.PlayersDo) else first
            rest = ast.Sequence((may.effect, *effects[n + 1 :]), span=span_through(may.effect.span, span))
            covered = ast.Optional(rest, span=span_through(may.span, span))
            effects[n:] = [dataclasses.replace(first, effect=covered, span=span_through(first.span, span))
                           if isinstance(first, ast.PlayersDo) else covered]
        return effects[0] if len(effects) == 1 else ast.Sequence(tuple(effects), span=span)

    def conditional(self, meta, children):
        return ast.Conditional(children[0], children[1], span=self._span(meta))

    def conditional_after(self, meta, children):
        """'EFFECT if CONDITION' (608.2c): as 'If CONDITION, EFFECT'. A pronoun in the condition then means what
        it means there, the objects an earlier step acted on; one that names the effect's own target ('Counter
        target instant spell if it's blue') would need the target read before the condition, and isn't
        understood."""
        effect, condition = children
        if any(isinstance(n, ast.It) for n in ast.walk(condition)) and any(
                isinstance(n, (ast.Target, ast.AnyTarget)) for n in ast.walk(effect)):
            raise MtgError(Diagnostic("E101", "a condition after an effect that names the effect's target isn't "
                                      "understood yet", self._span(meta)))
        return ast.Conditional(condition, effect, after=True, span=self._span(meta))

    def sentences(self, meta, children):
        effects = join_unreplaced(join_instead(join_keyword_costs(join_otherwise(children, strict=False))))
        return effects[0] if len(effects) == 1 else ast.Sequence(tuple(effects), span=self._span(meta))

    def effect_text(self, meta, children):
        return children[0]

    def instead(self, meta, children):
        return ast.Instead(children[0], children[1], span=self._span(meta))

    def where_x(self, meta, children):
        return ast.WhereX(children[0], children[2], span=self._span(meta))

    def may(self, meta, children):
        return True

    def reflexive_trigger(self, meta, children):
        return ast.ReflexiveTrigger(children[0], span=self._span(meta))
