"""Executors of what another player does ('defending player sacrifices ...', 701.21a) and of a designation a
permanent lacks (702.112b)."""
from __future__ import annotations

from ...language import ast
from .base import Env, executes


class PlayerActionSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.PlayersSacrifice)
    def players_sacrifice(self, node: ast.PlayersSacrifice, env: Env) -> list[int]:
        """701.21a: each player, in APNAP order (101.4), chooses permanents they control and sacrifices them
        ('you' in the sacrifice's words is that player)."""
        chosen: list[int] = []
        for player in self.players(node.players, env):
            chosen += self.run(node.sacrifice, Env(player, env.context, env.source_id, env.vars, env.definition,
                                                   env.action_text, env.target_index, env.did)) or []
        return chosen

    @executes(ast.NotDesignated)
    def not_designated(self, node: ast.NotDesignated, env: Env) -> bool:
        """None of the objects has the designation (a permanent that left has none, 400.7)."""
        return all(node.designation not in self.state.objects[i].designations
                   for i in self.objects(node.objects, env) if i in self.state.objects)
