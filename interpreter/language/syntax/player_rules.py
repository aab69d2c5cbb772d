"""Tree to AST for the rules about players of ast/player_rules.py: what a player can't do (101.2)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast

#: The zone a plural zone word names ('graveyards or libraries').
_ZONES = {"hands": "hand", "graveyards": "graveyard", "libraries": "library"}


@v_args(meta=True)
class PlayerRuleRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def player_restriction(self, meta, children):
        """A restriction without a duration is a static ability (604.1) and can't name a target (115.1)."""
        players, act, duration = children
        if duration is None and players.who.startswith("target"):
            raise MtgError(Diagnostic("E101", "a static ability can't target: a restriction on a target player "
                                              "needs a duration ('this turn')", self._span(meta)))
        return ast.PlayerRestriction(players, **act, duration=duration, span=self._span(meta))

    def act_play_lands(self, meta, children):
        return {"act": ast.PLAY_LANDS}

    def act_cast(self, meta, children):
        quality, *zones = children
        return {"act": ast.CAST_SPELLS, "quality": quality,
                "zones": tuple(_ZONES[str(z).lower()] for z in zones if isinstance(z, Token))}

    def act_cast_most(self, meta, children):
        return {"act": ast.CAST_SPELLS, "most": children[0]}

    def act_gain_life(self, meta, children):
        return {"act": ast.GAIN_LIFE}

    def extra_lands(self, meta, children):
        count, *duration = children  # 'on each of your turns': no duration (a static ability)
        return ast.ExtraLands(count, duration[0] if duration else None, span=self._span(meta))

    def one_extra_land(self, meta, children):
        return ast.IntValue(1, span=self._span(meta))

    def extra_land_count(self, meta, children):
        return children[0]

    def hand_size(self, meta, children):
        return children[0]

    def no_maximum_hand_size(self, meta, children):
        return ast.HandSize(children[0], span=self._span(meta))

    def hand_size_is(self, meta, children):
        return ast.HandSize(ast.Players("you", span=self._span(meta)), children[0], span=self._span(meta))

    def hand_size_changed(self, meta, children):
        change, amount = children
        return ast.HandSize(ast.Players("you", span=self._span(meta)), amount,
                            -1 if str(change).lower() == "reduced" else 1, span=self._span(meta))

    def create_emblem(self, meta, children):
        players, *abilities = children
        return ast.CreateEmblem(players, tuple(abilities), span=self._span(meta))

    def emblem_ability(self, meta, children):
        return children[0]

    def designate_player(self, meta, children):
        players, word = children
        return ast.DesignatePlayer(players, str(word).lower(), span=self._span(meta))

    def you_are_designated(self, meta, children):
        return ast.PlayerDesignated(str(children[-1]).lower(), span=self._span(meta))

    def take_extra_turn(self, meta, children):
        return ast.ExtraTurn(ast.Players("you", span=self._span(meta)), span=self._span(meta))

    def extra_turn(self, meta, children):
        return ast.ExtraTurn(children[0], span=self._span(meta))

    def look_at_top_any_time(self, meta, children):
        return ast.LookAtTopAnyTime(span=self._span(meta))

    def skip_your_step(self, meta, children):
        return ast.SkipStep(str(children[0]).split()[0].lower(), span=self._span(meta))
