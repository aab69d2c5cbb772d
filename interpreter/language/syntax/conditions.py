"""Tree to AST for conditions: 'if', intervening 'if' (603.4), 'as long as'."""

from __future__ import annotations

from lark import Transformer, v_args

from .. import ast


@v_args(meta=True)
class ConditionRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def was_event(self, meta, children):
        return ast.WasEvent(children[0], children[1], str(children[2]).lower(), span=self._span(meta))

    def done_this_way(self, meta, children):
        count, quality, card, done = children
        if card and isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.WasEvent(count, quality, str(done).lower().removesuffix(" this way"), this_way=True,
                            span=self._span(meta))

    def card_done_this_way(self, meta, children):
        count, done = children
        return self.done_this_way(meta, [count, None, True, done])

    def is_face_down_as(self, meta, children):
        return ast.IsFaceDownAs(children[0], tuple(str(w).lower() for w in children[1:]), span=self._span(meta))

    def card_word(self, meta, children):
        return True

    def is_quality(self, meta, children):
        quality = children[1]
        if children[2] and isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.IsQuality(children[0], quality, span=self._span(meta))

    def has_mana_cost(self, meta, children):
        return ast.HasManaCost(children[0], span=self._span(meta))

    def you_control(self, meta, children):
        return ast.YouControl(children[0], span=self._span(meta))

    def you_control_a(self, meta, children):
        quality, clause = children
        quality = self._with(quality, clause) if clause else quality
        return ast.YouControl(ast.PermanentsYouControl(quality, span=self._span(meta)), span=self._span(meta))

    def player_controls_a(self, meta, children):
        return ast.PlayerControls(children[0], children[1], span=self._span(meta))

    def player_controls_none(self, meta, children):
        return ast.PlayerControls(children[0], children[1], True, span=self._span(meta))

    def you_did(self, meta, children):
        return ast.YouDid(span=self._span(meta))

    def you_did_not(self, meta, children):
        return ast.YouDid(True, span=self._span(meta))

    def you_control_none(self, meta, children):
        return ast.YouControlNone(children[0], span=self._span(meta))

    def has_no_counters(self, meta, children):
        return ast.HasNoCounters(children[0], children[1], span=self._span(meta))

    def is_permanent(self, meta, children):
        return ast.IsPermanent(children[0], span=self._span(meta))

    def has_keyword(self, meta, children):
        return ast.HasKeyword(children[0], children[1], span=self._span(meta))

    def is_in_zone(self, meta, children):
        return ast.IsInZone(children[0], str(children[1]).lower(), span=self._span(meta))

    def no_room_card(self, meta, children):
        return ast.NoRoomCard(span=self._span(meta))

    def marker_at_bottom(self, meta, children):
        return ast.MarkerAtBottom(span=self._span(meta))

    def enter_room_card(self, meta, children):
        return ast.EnterRoomCard(children[1], span=self._span(meta))

    def complete_room_card(self, meta, children):
        return ast.CompleteRoomCard(span=self._span(meta))

    def advance_marker(self, meta, children):
        return ast.AdvanceMarker(span=self._span(meta))

    def your_turn(self, meta, children):
        return ast.YourTurn(span=self._span(meta))

    def not_your_turn(self, meta, children):
        return ast.YourTurn(negated=True, span=self._span(meta))

    def is_pair_for(self, meta, children):
        return ast.IsPairFor(children[0], children[1], span=self._span(meta))

    def was_quality(self, meta, children):
        objects, quality = children[0], children[1]
        if len(children) > 2 and children[2]:
            quality = self._as_card(quality)
        return ast.WasQuality(objects, quality, span=self._span(meta))

    def during_your_turn_condition(self, meta, children):
        return ast.YourTurn(span=self._span(meta))

    def as_long_as(self, meta, children):
        return children[0]

    def own_and_control(self, meta, children):
        return ast.OwnAndControl((children[0], children[1]), span=self._span(meta))

    def is_status(self, meta, children):
        return ast.IsStatus(children[0], str(children[1]).lower(), span=self._span(meta))

    def its_status(self, meta, children):
        return ast.IsStatus(ast.It(), str(children[0]).lower(), span=self._span(meta))

    NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

    def _bound(self, token) -> tuple[int, bool]:
        """'three or more' -> (3, False); 'two or fewer' -> (2, True)."""
        word, _, most = str(token).lower().split()
        return (int(word) if word.isdigit() else self.NUMBER_WORDS.index(word)), most != "more"

    def you_control_count(self, meta, children):
        bound, other, quality = children
        count, at_most = self._bound(bound)
        objects = ast.PermanentsYouControl(quality, other=bool(other), span=self._span(meta))
        return ast.CountCompare(objects, count, at_most, span=self._span(meta))

    def you_control_another(self, meta, children):
        """'as long as you control another Vampire': one besides the source."""
        objects = ast.PermanentsYouControl(children[0], other=True, span=self._span(meta))
        return ast.CountCompare(objects, 1, span=self._span(meta))

    def cards_in_zone_count(self, meta, children):
        bound, zone = children
        count, at_most = self._bound(bound)
        return ast.CountCompare(ast.CardsInZone(None, str(zone).lower(), span=self._span(meta)), count, at_most,
                                span=self._span(meta))

    def distinct_count(self, meta, children):
        """'if there are four or more card types among cards in your graveyard'."""
        bound, kind, objects = children
        count, at_most = self._bound(bound)
        return ast.CountCompare(self.distinct_among(meta, [kind, objects]), count, at_most, span=self._span(meta))

    def has_counters_count(self, meta, children):
        """'if it has three or more quest counters on it' (122.1)."""
        objects, bound, kind = children[:3]
        count, at_most = self._bound(bound)
        return ast.CountCompare(ast.CountersOn(kind, objects, span=self._span(meta)), count, at_most,
                                span=self._span(meta))

    def counters_on_count(self, meta, children):
        bound, kind, objects = children
        return self.has_counters_count(meta, [objects, bound, kind])

    def no_cards_in_hand(self, meta, children):
        return ast.CountCompare(ast.CardsInZone(None, "hand", span=self._span(meta)), 0, True, span=self._span(meta))

    def attacked_this_turn(self, meta, children):
        return ast.AttackedThisTurn(children[0], span=self._span(meta))

    def you_attacked_this_turn(self, meta, children):
        return ast.AttackedThisTurn(None, span=self._span(meta))

    def died_this_turn(self, meta, children):
        return ast.DiedThisTurn(children[0], children[1], span=self._span(meta))

    def you_cast_it(self, meta, children):
        return ast.YouCastIt(span=self._span(meta))

    def spell_was(self, meta, children):
        return ast.SpellWas(str(children[0]).lower(), span=self._span(meta))

    def spell_cast_from(self, meta, children):
        return ast.SpellWas(zone=str(children[0]).lower(), span=self._span(meta))
