"""Parse tree -> AST for the words of the triggered keyword abilities of 702: who defends, what another
player sacrifices, attacking alone, a designation a permanent lacks."""

from __future__ import annotations

from lark import Transformer, v_args

from .. import ast


@v_args(meta=True)
class PlayerActionRules(Transformer):
    """Tree-to-AST methods of this family; mixed into ToAst (transformer.py)."""

    def players_sacrifice(self, meta, children):
        players, (pairs, any_one) = children
        return ast.PlayersSacrifice(players, ast.Sacrifice(pairs, any_one, span=self._span(meta)),
                                    span=self._span(meta))

    def defending_player(self, meta, children):
        return ast.Players("defending player", span=self._span(meta))

    def attacks_alone_verb(self, meta, children):
        return ("attacks alone", {})

    def not_designated(self, meta, children):
        return ast.NotDesignated(children[0], str(children[1]).lower(), span=self._span(meta))
