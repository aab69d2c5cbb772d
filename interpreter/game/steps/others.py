"""Choices and payments made by a player other than the one whose effect it is (101.4, 118.12)."""
from __future__ import annotations

from dataclasses import replace

from ...language import ast
from .base import Env, executes


class OtherPlayerSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def as_player(self, player: str, env: Env, what: str) -> Env:
        """The environment in which another player acts for an effect: 'you' is that player (their choices,
        their permanents), the effect's context and source unchanged."""
        return replace(env, player=player, vars={}, definition=None, action_text=f"{player}: {what}")

    def may_pay(self, player: str, costs: ast.Costs, why: str, env: Env, rule: str) -> bool:
        """The player may pay the cost (its parts in order: life, actions, mana, 118.3); asked always, with
        'no' the only answer when it can't be paid (118.3, 608.2d). Whether they paid."""
        payer = self.as_player(player, env, costs.text)
        able = self.game.try_out(lambda: self.pay_costs(costs, payer)) is None
        if not self.game.ask_yes(f"{player}: {costs.text.lower()} {why}?", able, rule, player):
            return False
        self.pay_costs(costs, payer)
        return True

    def pay_costs(self, costs: ast.Costs, env: Env) -> None:
        for item in costs.items:
            self.pay_cost(item, env)

    @executes(ast.EachMayElse)
    def each_may_else(self, node: ast.EachMayElse, env: Env) -> None:
        """101.4: each player in APNAP order chooses whether to do the first effect (asked always; 'no' when
        it can't be done, 608.2d); then each who did does it and each who didn't does the other, in that
        order (the choices are made before the actions)."""
        order = self.state.order[self.state.order.index(self.state.active):] + \
            self.state.order[:self.state.order.index(self.state.active)]
        players = [p for p in order if p in self.players(node.players, env)]
        answers = {}
        for player in players:
            own = self.as_player(player, env, self.game.words_of(node.effect))
            able = self.game.try_out(lambda own=own: self.run(node.effect, own)) is None
            answers[player] = self.game.ask_yes(f"{player}: {self.game.words_of(node.effect)}?", able, "101.4",
                                                player)
        for player in players:
            effect = node.effect if answers[player] else node.otherwise
            self.run(effect, self.as_player(player, env, self.game.words_of(effect)))
