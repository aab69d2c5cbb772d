"""Effects about combat: requirements to attack or block that last a while (508.1d, 509.1c, 701.15b)."""
from __future__ import annotations

from ...language import ast
from ..state import Demand
from .base import Env, executes


class CombatSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.CombatRequirementFor)
    def combat_requirement_for(self, node: ast.CombatRequirementFor, env: Env) -> list[int]:
        """611.2a: each object has the requirement for the duration (`Turns.end_durations` ends it); 'a player
        other than you' is the player the text is for (701.15b), and each player's requirement is its own
        (701.15c). The same requirement given again by the same player is redundant (701.15d). One toward a player
        or creature no longer there is none."""
        until = self.game.until(node.duration, env)
        toward = None
        if node.toward is not None:   # the player it attacks, or the creature it blocks, if able
            found = (self.players(node.toward, env) if isinstance(node.toward, ast.Players)
                     else self.objects(node.toward, env))
            if not found:
                return []
            toward = found[0]
        demands = [Demand(node.act, None, toward)] + ([Demand(node.act, env.player)] if node.other_player else [])
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            obj = self.state.objects[i]
            new = tuple((demand, until) for demand in demands if (demand, until) not in obj.lasting)
            obj.lasting = obj.lasting + new
        return ids
