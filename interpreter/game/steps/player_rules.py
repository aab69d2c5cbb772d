"""Executors of the rules about players (ast/player_rules.py): a restriction or more lands to play an effect gives
players for a while (611.2); the game reads them where each action is decided (game/player_rules.py)."""
from __future__ import annotations

from ...language import ast
from .base import Env, executes


class PlayerRuleSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.PlayerRestriction)
    def player_restriction(self, node: ast.PlayerRestriction, env: Env) -> None:
        """611.2: 'Target player can't play lands this turn': from now on, for the players named as it resolves.
        Without a duration it is a permanent's static ability (604.1), which no spell or ability resolves."""
        if node.duration is None:
            raise self.refuse("a restriction without a duration is a static ability of a permanent (604.1)", env,
                              node, "611.2a")
        self.game.add_player_rule(node, env, self.players(node.players, env))

    @executes(ast.CreateEmblem)
    def create_emblem(self, node: ast.CreateEmblem, env: Env) -> None:
        """114.3: each player named gets an emblem with the abilities."""
        for player in self.players(node.players, env):
            self.game.create_emblem(player, node.abilities)

    @executes(ast.DesignatePlayer)
    def designate_player(self, node: ast.DesignatePlayer, env: Env) -> None:
        """725.1: each player named gets the designation its rules file defines."""
        if node.designation not in self.game.rulebook.designation_abilities:
            raise self.not_run(f"no rules file defines the designation '{node.designation}'", "725.1", env, node)
        for player in self.players(node.players, env):
            self.game.designate_player(player, node.designation)

    @executes(ast.PlayerDesignated)
    def player_designated(self, node: ast.PlayerDesignated, env: Env) -> bool:
        """Whether the player the text says 'you' to has the designation now (725.5: none has it: false)."""
        return node.designation in self.state.players[env.player].designations

    @executes(ast.ExtraTurn)
    def extra_turn(self, node: ast.ExtraTurn, env: Env) -> None:
        """500.7: each player named gets a turn directly after this one, added one at a time in APNAP order, the
        most recently added taken first."""
        for player in self.players(node.players, env):
            self.state.extra_turns.insert(0, player)

    @executes(ast.ExtraLands)
    def extra_lands(self, node: ast.ExtraLands, env: Env) -> None:
        """305.2: 'You may play an additional land this turn': the controller may play more lands for a while;
        'on each of your turns' is a permanent's static ability (604.1)."""
        if node.duration is None:
            raise self.refuse("'on each of your turns' is a static ability of a permanent (604.1)", env, node, "611.2a")
        self.game.add_player_rule(node, env, [env.player])
