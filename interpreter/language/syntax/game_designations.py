"""Tree to AST for the game's designations (731.1: day and night) and the static abilities that follow them
(702.145); the designations are the grammar's words, read from its tokens."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


def _last_word(token) -> str:
    return str(token).split()[-1].lower()


@v_args(meta=True)
class GameDesignationRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def game_becomes(self, meta, children):
        return ast.GameBecomes(_last_word(children[0]), span=self._span(meta))

    def game_is(self, meta, children):
        """'it's night'; 'it's neither day nor night': no designation."""
        words = str(children[0]).lower().split()
        return ast.GameIs(None if "neither" in words else words[-1], span=self._span(meta))

    def game_is_and(self, meta, children):
        return ast.AllHold((self.game_is(meta, children[:1]), children[1]), span=self._span(meta))

    def previous_active_cast(self, meta, children):
        """731.2a-b: 'cast no spells' is fewer than one; 'cast N or more spells' at least N."""
        if not children:
            return ast.SpellsLastTurn(1, negated=True, previous_active=True, span=self._span(meta))
        if not isinstance(children[0], ast.IntValue):
            raise MtgError(Diagnostic("E101", "only a number is understood in 'cast N or more spells during that "
                                      "turn'", self._span(meta)))
        return ast.SpellsLastTurn(children[0].value, previous_active=True, span=self._span(meta))

    def none_on_battlefield(self, meta, children):
        quality, clause = children
        described = quality if clause is None else self._with(quality, clause)
        return ast.CountCompare(ast.AllPermanents(described, span=self._span(meta)), 0, True, span=self._span(meta))

    def game_designation_trigger(self, meta, children):
        changes = tuple(tuple(w.lower() for w in part.split(" becomes "))
                        for part in " ".join(str(children[0]).split()).lower().split(" or "))
        return ast.GameDesignationChanges(changes, span=self._span(meta))

    def transforms_as_game_becomes(self, meta, children):
        becomes, face = children
        return ast.TransformsAsGameBecomes(_last_word(becomes), str(face).lower() == "back", span=self._span(meta))

    def cant_transform(self, meta, children):
        """Only about the permanent itself ('this permanent can't transform except ...')."""
        if not isinstance(children[0], ast.Self):
            raise MtgError(Diagnostic("E101", "only 'this permanent can't transform except due to its ... ability' "
                                      "is understood", self._span(meta), "702.145b"))
        return ast.CantTransform(str(children[-1]).lower(), span=self._span(meta))

    def enters_transformed(self, meta, children):
        return ast.EntersTransformed(children[0], span=self._span(meta))

    def any_time(self, meta, children):
        return ast.AnyTime(children[0], children[1], span=self._span(meta))
