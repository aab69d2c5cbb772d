"""Tree to AST for effects that move cards between zones or look at them (400-406, 701)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast
from .sentences import TheirZone


@v_args(meta=True)
class ZoneEffectRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def one_card(self, meta, children):
        return ast.IntValue(1, span=self._span(meta))

    def card_count(self, meta, children):
        return children[0]

    def draw(self, meta, children):
        return ast.Draw(children[0], span=self._span(meta))

    def mill(self, meta, children):
        return ast.Mill(children[0], span=self._span(meta))

    def shuffle(self, meta, children):
        return ast.Shuffle(span=self._span(meta))

    def zone(self, meta, children):
        return str(children[0]).lower()

    owners_zone = zone

    def put_into_zone(self, meta, children):
        return ast.PutIntoZone(children[0], children[1], span=self._span(meta))

    def put_on_bottom(self, meta, children):
        return self._in_library(children, False, meta)

    def put_on_top(self, meta, children):
        return self._in_library(children, True, meta)

    def _in_library(self, children, top: bool, meta) -> ast.PutInLibrary:
        if children[1] != "library":
            raise MtgError(Diagnostic("E101", f"only a library has a top and a bottom, not a {children[1]}",
                                      self._span(meta), help="write 'your library' or 'its owner's library'"))
        return ast.PutInLibrary(children[0], top, span=self._span(meta))

    def face_down_as(self, meta, children):
        return (str(children[0]).lower(), children[1])

    def put_onto_battlefield_face_down(self, meta, children):
        way, ability = children[1]
        return ast.PutOntoBattlefield(children[0], way, ability, span=self._span(meta))

    def exile(self, meta, children):
        objects = children[0]
        if isinstance(objects, ast.CardsInZone) and objects.count is not None and not children[1]:
            # 'exile three cards from your graveyard': the player chooses them; fewer can't be exiled
            return ast.ExileFromZone(objects.count, objects.quality, objects.zone, span=self._span(meta))
        way = children[1][0] if children[1] else None
        return ast.PutIntoZone(objects, "exile", way, span=self._span(meta))

    def discard(self, meta, children):
        return ast.Discard(children[0], span=self._span(meta))

    def discard_quality(self, meta, children):
        quality = children[1]
        if isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.Discard(children[0], quality, span=self._span(meta))

    def discard_objects(self, meta, children):
        return ast.Discard(ast.IntValue(1), objects=children[0], span=self._span(meta))

    def each_card_in_zone(self, meta, children):
        quality, card, zone = children
        return ast.CardsInZone(self._as_card(quality) if card else quality, str(zone).lower(), span=self._span(meta))

    def counted_cards_with(self, meta, children):
        count, quality, _, clause, zone = children
        return ast.CardsInZone(
            self._with(self._as_card(quality), clause), str(zone).lower(), count, span=self._span(meta)
        )

    def return_to_zone(self, meta, children):
        return ast.Return(children[0], children[1], span=self._span(meta))

    def return_to_battlefield(self, meta, children):
        return ast.Return(children[0], "battlefield", span=self._span(meta))

    def return_transformed(self, meta, children):
        owner = "owner's" in self.source.text[meta.start_pos:meta.end_pos].lower()
        return ast.Return(children[0], "battlefield", under_owner=owner, transformed=True, span=self._span(meta))

    def return_under_owners_control(self, meta, children):
        return ast.Return(children[0], "battlefield", under_owner=True, span=self._span(meta))

    def counted_cards_in_zone(self, meta, children):
        count, quality, zone = children
        if isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.CardsInZone(quality, str(zone).lower(), count, span=self._span(meta))

    def exile_from_zone(self, meta, children):
        return ast.ExileFromZone(children[0], children[1], str(children[2]).lower(), span=self._span(meta))

    def exile_total_mana_value(self, meta, children):
        return ast.ExileTotalManaValue(str(children[0]).lower(), children[1], span=self._span(meta))

    def counter_objects_unless(self, meta, children):
        objects, cost = children
        return ast.CounterUnlessPays(cost if isinstance(cost, ast.Var) else str(cost), objects, span=self._span(meta))

    def exile_until(self, meta, children):
        return ast.ExileUntil(children[0], span=self._span(meta))

    def shuffle_into(self, meta, children):
        return ast.ShuffleInto(children[0], children[1], span=self._span(meta))

    def top_card_of_that_player(self, meta, children):
        return ast.TopCards(ast.IntValue(1), "that player", span=self._span(meta))

    def may_play_until(self, meta, children):
        return ast.MayPlay(children[0], "until the end of your next turn", span=self._span(meta))

    def put_onto_battlefield_status(self, meta, children):
        if str(children[1]).lower() != "tapped":
            raise MtgError(Diagnostic("E101", "a permanent enters tapped or not at all 'untapped'", self._span(meta)))
        return ast.PutOntoBattlefield(children[0], tapped=True, span=self._span(meta))

    def target_exiled(self, meta, children):
        quality, clause, _ = children
        return ast.Target(self._with(self._as_card(quality), clause), zone="exile", whose="you", span=self._span(meta))

    def plain_zone(self, meta, children):
        return (str(children[0]).lower(), None)

    def cards_in_graveyards(self, meta, children):
        quality, _, clause = children
        return ast.CardsInZone(self._described_card(quality, clause, meta), "graveyard", all_players=True,
                               span=self._span(meta))

    def search(self, meta, children):
        """'search your library for a card [named X | with mana value 2 or less]' (701.23): any card, or those
        of the quality."""
        their = children[0] if isinstance(children[0], TheirZone) else None
        count, quality, *rest = children[1:] if their else children
        clause, bind = rest if len(rest) == 2 else (None, rest[0])
        quality = ast.Quality((), True, span=self._span(meta)) if quality is None else quality
        return ast.Search(count, self._with(quality, clause) if clause else quality, bind, their,
                          span=self._span(meta))

    def their_library(self, meta, children):
        return TheirZone("library")

    def may_play(self, meta, children):
        return ast.MayPlay(children[0], children[1], span=self._span(meta))

    def may_play_this_turn(self, meta, children):
        return ast.MayPlay(children[0], "until end of turn", span=self._span(meta))

    def cast_free(self, meta, children):
        return ast.CastFree(children[0], children[1], span=self._span(meta))

    def put_onto_battlefield_with_counters(self, meta, children):
        """122.6, 614.1c: they enter with the counters on them."""
        return ast.PutOntoBattlefield(children[0], counters=(children[1],), span=self._span(meta))

    def put_onto_battlefield(self, meta, children):
        return ast.PutOntoBattlefield(children[0], span=self._span(meta))

    def binding(self, meta, children):
        return children[0].name

    def look(self, meta, children):
        return ast.Look(children[0], children[1], span=self._span(meta))

    def choose(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], span=self._span(meta))

    def choose_if_able(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], if_able=True, span=self._span(meta))

    def choose_up_to(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], up_to=True, span=self._span(meta))

    def reveal(self, meta, children):
        return ast.Reveal(children[0], children[1], span=self._span(meta))
