"""Tree to AST for the general steps of keyword actions 701.2-701.39 (see `ast/actions.py`)."""

from __future__ import annotations

from lark import Transformer, v_args

from .. import ast


@v_args(meta=True)
class ActionRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def _players_do(self, meta, players, effect):
        return ast.PlayersDo(players, effect, span=self._span(meta))

    def players_mill(self, meta, children):
        return self._players_do(meta, children[0], ast.Mill(children[1], span=self._span(meta)))

    def players_draw(self, meta, children):
        return self._players_do(meta, children[0], ast.Draw(children[1], span=self._span(meta)))

    def players_discard(self, meta, children):
        return self._players_do(meta, children[0], ast.Discard(children[1], span=self._span(meta)))

    def players_sacrifice(self, meta, children):
        return self._players_do(meta, children[0], self.sacrifice(meta, children[1:]))

    def players_exile_top_card(self, meta, children):
        top = ast.TopCards(ast.IntValue(1), span=self._span(meta))
        return self._players_do(meta, children[0], ast.PutIntoZone(top, "exile", None, span=self._span(meta)))

    def players_exile_top_cards(self, meta, children):
        top = ast.TopCards(children[1], span=self._span(meta))
        return self._players_do(meta, children[0], ast.PutIntoZone(top, "exile", None, span=self._span(meta)))

    def players_shuffle(self, meta, children):
        return self._players_do(meta, children[0], ast.Shuffle(span=self._span(meta)))

    def transform_objects(self, meta, children):
        return ast.TurnOver(children[0], "transformed", span=self._span(meta))

    def convert_objects(self, meta, children):
        return ast.TurnOver(children[0], "converted", span=self._span(meta))

    def damage_each_other(self, meta, children):
        return ast.DamageEachOther(children[0], children[1], span=self._span(meta))

    def cant_activate(self, meta, children):
        return ast.CantActivate(children[0], children[1], span=self._span(meta))

    def choose_counted(self, meta, children):
        return ast.ChooseCounted(children[-1], span=self._span(meta))

    def add_each_kind(self, meta, children):
        return ast.AddEachKind(children[0], span=self._span(meta))

    def is_designated(self, meta, children):
        return ast.IsDesignated(children[0], str(children[1]).lower(), span=self._span(meta))

    def is_not_designated(self, meta, children):
        return ast.IsDesignated(children[0], str(children[-1]).lower(), True, span=self._span(meta))

    def superlative_yours(self, meta, children):
        quality, word, stat = children
        return ast.Superlative(quality, str(stat), str(word).lower() == "greatest", span=self._span(meta))

    def multiplier(self, meta, children):
        return 2 if str(children[0]).lower() == "double" else 3

    def pt_part(self, meta, children):
        return " ".join(str(c).lower() for c in children)

    def multiply_life(self, meta, children):
        return ast.MultiplyLife(children[1], children[0], span=self._span(meta))

    def multiply_counters(self, meta, children):
        factor, *rest = children
        kind = rest[0] if len(rest) == 2 else None
        return ast.MultiplyCounters(rest[-1], kind, factor, span=self._span(meta))

    def multiply_pt(self, meta, children):
        factor, part, objects, duration = children
        return ast.MultiplyPT(objects, "power" in part, "toughness" in part, factor, duration, span=self._span(meta))

    def exchange_control(self, meta, children):
        return ast.ExchangeControl(children[0], children[1], span=self._span(meta))

    def exchange_life(self, meta, children):
        return ast.ExchangeLife(children[0], span=self._span(meta))

    def top_cards_of_an_opponent(self, meta, children):
        return ast.TopCards(children[0], "an opponent", span=self._span(meta))

    def players_may(self, meta, children):
        players, effect = children
        return self._players_do(meta, players, ast.Optional(effect, span=self._span(meta)))

    def owner_may(self, meta, children):
        objects, effect = children
        return ast.PlayersDo(ast.OwnersOf(objects, span=self._span(meta)), ast.Optional(effect, span=self._span(meta)),
                             span=self._span(meta))

    def compare_stat(self, meta, children):
        first, greater, stat, second = children
        return ast.CompareStat(first, greater, stat, second, span=self._span(meta))

    def comparative(self, meta, children):
        return str(children[0]).lower() == "greater"

    def you_won(self, meta, children):
        return ast.YouWon(span=self._span(meta))

    def top_card_of_an_opponent(self, meta, children):
        return ast.TopCards(ast.IntValue(1), "an opponent", span=self._span(meta))

    def players_reveal_hand(self, meta, children):
        hand = ast.CardsInZone(None, "hand", span=self._span(meta))
        return self._players_do(meta, children[0], ast.Reveal(hand, span=self._span(meta)))

    def count_word(self, meta, children):
        words = ("three", "four", "five", "six", "seven", "eight", "nine", "ten")
        return ast.IntValue(words.index(str(children[0]).lower()) + 3, span=self._span(meta))

    def option_words(self, meta, children):
        return tuple(str(w).lower() for w in children)

    def players_choose(self, meta, children):
        return ast.PlayersChoose(children[0], span=self._span(meta))

    def for_each_choice(self, meta, children):
        return ast.ForEachChoice(str(children[0]).lower(), children[1], span=self._span(meta))
