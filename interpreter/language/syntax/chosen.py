"""Values a player chooses that later text names (105.1, 205.3m, 607.2d, 614.12)."""

from __future__ import annotations

import re

from lark import Token, Transformer, v_args

from .. import ast


def chosen_word(token: Token, span) -> ast.Chosen:
    """'of the chosen type', 'the chosen color', 'the color of your choice': the value it stands for."""
    text = re.sub(r"^of ", "", str(token).lower())
    asked = text.endswith("of your choice")
    kind = text.removeprefix("the ").removeprefix("chosen ").removesuffix(" of your choice")
    return ast.Chosen(kind, asked, span=span)


@v_args(meta=True)
class ChosenRules(Transformer):
    """Lark tree -> AST for chosen values."""

    def choose_value(self, meta, children):
        text = str(children[0])
        named = re.fullmatch(r"choose (\S+) or (\S+)", text, re.I)
        if named and named.group(1).lower() not in ("a", "an"):   # 'choose Island or Swamp': one of two types
            return ast.ChooseValue("type", (named.group(1), named.group(2)), span=self._span(meta))
        return ast.ChooseValue(re.sub(r"^choose an? ", "", text.lower()), span=self._span(meta))

    def add_chosen_mana(self, meta, children):
        """'Add one mana of the chosen color' (106.1)."""
        return ast.AddMana(count=children[0], chosen=chosen_word(children[1], self._span(meta)), span=self._span(meta))

    def permanents_you_control_chosen(self, meta, children):
        """'Creatures you control of the chosen type': the quality and the chosen value."""
        quality, word = children
        words = quality.words if isinstance(quality, ast.Quality) else (quality,)
        return ast.PermanentsYouControl(ast.Quality(words + (chosen_word(word, self._span(meta)),), span=quality.span),
                                        span=self._span(meta))
