"""Tree to AST for copying spells (707.10) and effects repeated as often as the game counts."""

from __future__ import annotations

from lark import Transformer, v_args

from .. import ast


@v_args(meta=True)
class CopyRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def copy_spell(self, meta, children):
        return ast.CopySpell(children[0], span=self._span(meta))

    def choose_new_targets(self, meta, children):
        return ast.ChooseNewTargets(span=self._span(meta))

    def spell_has_targets(self, meta, children):
        return ast.SpellHasTargets(span=self._span(meta))

    def repeat_for(self, meta, children):
        return ast.RepeatFor(children[0], children[1], span=self._span(meta))

    def times_paid_tally(self, meta, children):
        return ast.Tally("times paid", str(children[1]), span=self._span(meta))

    def spells_cast_before_tally(self, meta, children):
        return ast.Tally("spells cast before", span=self._span(meta))

    def put_into_graveyards_tally(self, meta, children):
        return ast.Tally("put into graveyards", span=self._span(meta))
