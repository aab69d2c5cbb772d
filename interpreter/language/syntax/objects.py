"""Tree to AST for values and objects: numbers, names, qualities, targets, zones, 'it' (109, 115, 608.2c)."""

from __future__ import annotations

import re

from lark import Token, Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast
from .chosen import chosen_word
from .sentences import spell_target_fields
from .source import MAX_DIGITS, NUMBER_WORDS


@v_args(meta=True)
class ObjectRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def number(self, meta, children):
        token = children[0]
        if isinstance(token, ast.Var):
            return token
        text = str(token).lower()
        if text == "x":
            return ast.XValue(span=self._span(meta))
        if text.isdigit() and len(text) > MAX_DIGITS:
            raise MtgError(
                Diagnostic(
                    "E101", f"the number {text[:12]}... is too large (more than {MAX_DIGITS} digits)", self._span(meta)
                )
            )
        value = int(text) if text.isdigit() else NUMBER_WORDS[text]
        return ast.IntValue(value, span=self._span(meta))

    pt_number = number

    def event_amount(self, meta, children):
        return ast.EventAmount(span=self._span(meta))

    def CARD_NAME(self, token):
        """A masked card name: its words come back from the original text."""
        if str(token).startswith("'"):
            return str(token)[1:-1]
        return self.source.original[token.start_pos : token.end_pos]

    def named_object(self, meta, children):
        return ast.NamedObject(children[0], span=self._span(meta))

    def exile_both(self, meta, children):
        return ast.PutIntoZone(
            ast.Union_((children[0], children[1]), span=self._span(meta)), "exile", span=self._span(meta)
        )

    def var(self, meta, children):
        return (
            children[0]
            if isinstance(children[0], ast.Var)
            else ast.Var(str(children[0])[1:-1].rstrip("?"), span=self._span(meta))
        )

    def VAR(self, token):
        return ast.Var(str(token)[1:-1].rstrip("?"), span=self.source.span(token.line, token.column, len(token)))

    NUMBER_VAR = QUALITY_VAR = COST_VAR = NAME_VAR = VAR

    def card_name(self, meta, children):
        name = children[0]
        return str(name) if isinstance(name, Token) else name

    def quality_words(self, meta, children):
        if len(children) == 1 and isinstance(children[0], ast.Var):
            return children[0]
        pairs = [i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "QUALITY_PAIR"]
        if pairs:  # 'instant or sorcery card': one quality per alternative, the other words shared
            at = pairs[0]
            options = tuple(
                self.quality_words(meta, children[:at] + [Token("WORD", word)] + children[at + 1 :])
                for word in re.split(r",? (?:or|and) ", str(children[at]))
            )
            return ast.QualityChoice(options, span=self._span(meta))
        words = [w if isinstance(w, ast.Var) else chosen_word(w, self._span(meta)) if w.type == "CHOSEN" else str(w)
                 for w in children]
        card = False
        if words and isinstance(words[-1], str) and words[-1].lower() in ("card", "cards"):
            words, card = words[:-1], True
        return ast.Quality(
            tuple(self.singular(w) if isinstance(w, str) else w for w in words), card, span=self._span(meta)
        )

    def top_card(self, meta, children):
        return ast.TopCards(ast.IntValue(1), span=self._span(meta))

    def top_cards(self, meta, children):
        return ast.TopCards(children[0], span=self._span(meta))

    def self_ref(self, meta, children):
        return ast.Self(span=self._span(meta))

    def other(self, meta, children):
        return True

    def target(self, meta, children):
        return ast.Target(
            children[1], other=bool(children[0]), **spell_target_fields(children[1]), span=self._span(meta)
        )

    def target_you_control(self, meta, children):
        return ast.Target(
            children[1], True, bool(children[0]), **spell_target_fields(children[1]), span=self._span(meta)
        )

    def up_to_targets(self, meta, children):
        return ast.UpToTargets(
            children[0], children[2], bool(children[1]), **spell_target_fields(children[2]), span=self._span(meta)
        )

    def up_to_targets_in_zone(self, meta, children):
        count, other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.UpToTargets(count, quality, bool(other), zone, whose, span=self._span(meta))

    def _as_card(self, quality):
        """The quality with 'card' after it ('creature card')."""
        if isinstance(quality, ast.Quality):
            return ast.Quality(quality.words, True, span=quality.span)
        if isinstance(quality, ast.QualityChoice):
            return ast.QualityChoice(tuple(self._as_card(q) for q in quality.options), span=quality.span)
        return quality

    def target_opponent_controls(self, meta, children):
        return ast.Target(
            children[1],
            other=bool(children[0]),
            opponent_controls=True,
            **spell_target_fields(children[1]),
            span=self._span(meta),
        )

    def target_in_zone(self, meta, children):
        other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.Target(quality, other=bool(other), zone=zone, whose=whose, span=self._span(meta))

    def another_target(self, meta, children):
        return ast.Target(children[0], other=True, **spell_target_fields(children[0]), span=self._span(meta))

    def your_zone(self, meta, children):
        return (str(children[0]).lower(), "you")

    def opponents_zone(self, meta, children):
        return (str(children[0]).lower(), "an opponent")

    def any_zone(self, meta, children):
        return (str(children[0]).lower(), "any")

    def stack_zone(self, meta, children):
        return ("stack", "any")

    def any_target(self, meta, children):
        return ast.AnyTarget(span=self._span(meta))

    def target_player_or_planeswalker(self, meta, children):
        return ast.AnyTarget(("Planeswalker",), str(children[0]).split()[0].lower() == "opponent",
                             span=self._span(meta))

    def each_permanent(self, meta, children):
        return ast.AllPermanents(children[0], span=self._span(meta))

    def counter_objects(self, meta, children):
        return ast.Counter(children[0], span=self._span(meta))

    def counter_into_exile(self, meta, children):
        return ast.Counter(children[0], "exile", span=self._span(meta))

    def destroy(self, meta, children):
        return ast.Destroy(children[0], span=self._span(meta))

    def cant_be_replaced(self, meta, children):
        return ast.CantBeReplaced(children[0], str(children[1]).lower(), children[2], span=self._span(meta))

    def remove_damage(self, meta, children):
        return ast.RemoveDamage(children[0], span=self._span(meta))

    def remove_from_combat(self, meta, children):
        return ast.RemoveFromCombat(children[0], span=self._span(meta))

    def remove_target_from_combat(self, meta, children):
        """'remove target attacking creature from combat': the target isn't read as 'from [zone]' (115.1)."""
        return ast.RemoveFromCombat(ast.Target(children[1], other=bool(children[0]), span=self._span(meta)),
                                    span=self._span(meta))

    def next_time_instead(self, meta, children):
        objects, duration, effect = children
        return ast.NextTimeInstead(objects, "destroyed", duration, effect, span=self._span(meta))

    def if_would_die_instead(self, meta, children):
        objects, duration, effect = children
        return ast.NextTimeInstead(objects, "died", duration, effect, span=self._span(meta))

    def deal_damage(self, meta, children):
        return ast.DealDamage(children[0], children[1], children[2], span=self._span(meta))

    def deal_divided_damage(self, meta, children):
        return ast.DealDividedDamage(children[0], children[1], children[3], span=self._span(meta))

    @staticmethod
    def _most(words) -> int | None:
        """'one, two, or three' -> 3, 'one or two' -> 2, 'any number of' -> None (601.2d)."""
        words = str(words).lower()
        return None if words.startswith("any") else 3 if "three" in words else 2

    def divided_any_targets(self, meta, children):
        return ast.DividedTargets(self._most(children[0]), span=self._span(meta))

    def divided_target_objects(self, meta, children):
        count, quality, clause = children
        quality = self._with(quality, clause) if clause else quality
        return ast.DividedTargets(self._most(count), quality, span=self._span(meta))

    def it(self, meta, children):
        return ast.It(span=self._span(meta))

    def each_of(self, meta, children):
        return children[0]

    def cards_outside_game(self, meta, children):
        return ast.CardsOutsideGame(children[0], span=self._span(meta))

    def cards_outside_game_one(self, meta, children):
        return ast.CardsOutsideGame(children[1], span=self._span(meta))

    def cards_in_zone(self, meta, children):
        quality, _, clause, zone = children
        return ast.CardsInZone(self._described_card(quality, clause, meta), str(zone).lower(), span=self._span(meta))

    def _described_card(self, quality, clause, meta):
        """The quality of cards in a zone, narrowed by a 'with' or 'named' clause."""
        if clause is None:
            return quality
        return self._with(quality if quality is not None else ast.Quality((), True, span=self._span(meta)), clause)

    def cards_in_players_zone(self, meta, children):
        quality, _, clause, player, zone = children
        return ast.CardsInZone(self._described_card(quality, clause, meta), str(zone).lower(), whose=player,
                               span=self._span(meta))

    def permanents_you_control(self, meta, children):
        return ast.PermanentsYouControl(children[0], span=self._span(meta))

    def card_of(self, meta, children):
        return ast.CardOf(children[0], span=self._span(meta))

    def except_(self, meta, children):
        return ast.Except(children[0], children[1], span=self._span(meta))

    def cards_or_permanents(self, meta, children):
        """'Dragon cards in your hand or Dragon permanents you control' (701.4a)."""
        return ast.Union_(
            (
                ast.CardsInZone(children[0], str(children[2]).lower(), span=self._span(meta)),
                ast.PermanentsYouControl(children[3], span=self._span(meta)),
            ),
            span=self._span(meta),
        )

    def controlled_by(self, meta, children):
        return children[0]

    def _described(self, quality, clause):
        return quality if clause is None else self._with(quality, clause)

    def _target_controller(self, player: ast.Players, meta) -> ast.Players:
        """The player whose permanent a target is: one the text already names, not another target."""
        if player.who.startswith("target"):
            raise MtgError(Diagnostic("E101", f"a target that {player.who} controls isn't understood: which target "
                                      "is chosen first", self._span(meta), "115.1"))
        return player

    def target_controlled_by(self, meta, children):
        """'target creature defending player controls [with toughness 2 or less]' (115.1, 508.5)."""
        other, quality, clause, player, after = children
        player = self._target_controller(player, meta)
        quality = self._described(quality, clause or after)
        return ast.Target(quality, other=bool(other), controller=player, **spell_target_fields(quality),
                          span=self._span(meta))

    def target_with_opponent_controls(self, meta, children):
        """'target creature with power 3 or less an opponent controls' (115.1)."""
        other, quality, clause = children
        quality = self._with(quality, clause)
        return ast.Target(quality, other=bool(other), opponent_controls=True, **spell_target_fields(quality),
                          span=self._span(meta))

    def up_to_targets_controlled_by(self, meta, children):
        count, other, quality, player = children
        return ast.UpToTargets(count, quality, bool(other), controller=self._target_controller(player, meta),
                               span=self._span(meta))

    def up_to_targets_opponents_control(self, meta, children):
        """'up to two target creatures an opponent controls / your opponents control' (115.1)."""
        count, other, quality = children
        span = self._span(meta)
        return ast.UpToTargets(count, quality, bool(other), controller=ast.Players("each opponent", span=span), span=span)

    def all_controlled_by(self, meta, children):
        other, quality, clause, player = children
        return ast.AllPermanents(self._described(quality, clause), other=bool(other), controller=player,
                                 span=self._span(meta))

    def all_controlled_by_plural(self, meta, children):
        return self.all_controlled_by(meta, [None, children[0], None, children[1]])
