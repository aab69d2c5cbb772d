"""The parse tree to AST transformer: one method per grammar rule, in one mixin per family; generated
rules (keyword actions, abilities and triggers from rules files) are decoded by `__default__`.
"""

from __future__ import annotations

from typing import Callable

from lark import Token, v_args

from ...diagnostics import Span
from .. import ast
from ..parsers import GrammarIndex
from .abilities import AbilityRules
from .amounts import AmountRules
from .combat import CombatRules
from .attachments import AttachmentRules
from .actions import ActionRules
from .casting import CastingRules
from .chosen import ChosenRules
from .conditions import ConditionRules
from .copies import CopyRules
from .game_designations import GameDesignationRules
from .control_effects import ControlRules
from .objects import ObjectRules
from .payments import PaymentRules
from .permanent_effects import PermanentEffectRules
from .results import ResultRules
from .player_actions import PlayerActionRules
from .player_rules import PlayerRuleRules
from .replacements import ReplacementRules
from .source import SourceText
from .statics import StaticRules
from .triggers import TriggerRules
from .zone_effects import ZoneEffectRules


@v_args(meta=True)
class ToAst(
    ZoneEffectRules,
    PermanentEffectRules,
    PlayerActionRules,
    PlayerRuleRules,
    PaymentRules,
    ControlRules,
    ConditionRules,
    AbilityRules,
    CastingRules,
    CopyRules,
    ObjectRules,
    TriggerRules,
    CombatRules,
    AttachmentRules,
    ActionRules,
    ResultRules,
    StaticRules,
    AmountRules,
    ReplacementRules,
    ChosenRules,
    GameDesignationRules,
):
    """Parse tree -> AST. One method per grammar rule (alias)."""

    def __init__(self, source: SourceText, grammar: "GrammarIndex", singular: Callable[[str], str]):
        super().__init__()
        self.source = source
        self.grammar = grammar
        self.singular = singular

    def _span(self, meta) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return self.source.span(meta.line, meta.column, max(1, meta.end_pos - meta.start_pos))

    def __default__(self, data, children, meta):
        name = str(data)
        prefix, _, index = name.partition("_")
        if prefix == "kwa":
            definition, pattern = self.grammar.keyword_actions[int(index)]
            return ast.KeywordAction(definition, self._args(pattern, children), span=self._span(meta))
        if prefix == "kwy":
            return ast.KeywordAction(self.grammar.you_triggers[int(index)], (), span=self._span(meta))
        if prefix == "kwt":
            definition, pattern = self.grammar.subject_triggers[int(index)]
            action = ast.KeywordAction(definition, self._args(pattern, [None] + children[1:]), span=self._span(meta))
            return (children[0], action)
        if prefix == "kwb":
            definition, pattern = self.grammar.keyword_abilities[int(index)]
            values = [str(c) if isinstance(c, Token) else c for c in children]
            return ast.KeywordAbility(definition, self._args(pattern, values), span=self._span(meta))
        if prefix == "sa":
            return ast.SpecialActionCommand(
                self.grammar.special_patterns[int(index)], str(children[0]).strip(), span=self._span(meta)
            )
        if name in (
            "keyword_action",
            "special_action",
            "keyword_ability",
            "subject_trigger",
            "you_trigger",
            "quality_or_none",
            "enters",
            "cost_value",
        ):
            return children[0] if children else None
        raise ValueError(f"no AST for grammar rule {name}")

    @staticmethod
    def _args(pattern: ast.Pattern, values: list) -> tuple[tuple[str, object], ...]:
        slots = [p for p in pattern.parts if isinstance(p, ast.Slot)]
        return tuple((slot.name, value) for slot, value in zip(slots, values))

    def keyword_name(self, meta, children):
        return str(children[0]).lower() if children else ""
