"""Damage, destruction and what replaces it, counters on players (120, 122.1, 506.4, 614.1a, 701.8, 701.19):
the executors read the text; the game (game/damage.py) does what the rules say.
"""
from __future__ import annotations

from ...language import ast
from .base import Env, executes


class DamageSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.DealDamage)
    def deal_damage(self, node: ast.DealDamage, env: Env) -> list[int]:
        """120.2b: the object the text names deals the damage, as it is or as it last existed (608.2h); 'damage
        equal to its power' is that power, or 0 (107.1b). What it acted on is the permanents dealt damage."""
        sources = self.as_acted_on(node.source, env)
        source = sources[0] if sources else env.source_id if isinstance(node.source, ast.Self) else None
        chars = self.game.last_known(source)[1]
        if chars is None:
            raise self.refuse(f"'{self.game.words_of(node.source)}' is no object that could deal damage", env,
                              node, "120.1")
        amount = max(0, chars.power or 0) if node.amount is None else self.number(node.amount, env)
        if isinstance(node.recipients, ast.AnyTarget):
            recipients = self.any_target(node.recipients, env)
        elif isinstance(node.recipients, ast.Players):
            recipients = self.players(node.recipients, env)
        else:
            recipients = self.objects(node.recipients, env)
        self.game.deal_damage(source, dict.fromkeys(recipients, amount), env)
        return [i for i in recipients if isinstance(i, int)]

    @executes(ast.Destroy)
    def destroy(self, node: ast.Destroy, env: Env) -> list[int]:
        """701.8a: the permanents are destroyed at once (each sees the others leave, 603.10a)."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        known = self.game.leaving_together(ids)
        for i in ids:
            self.game.destroy(i, env, node.unreplaced, known[i])
        return ids

    @executes(ast.NextTimeInstead)
    def next_time_instead(self, node: ast.NextTimeInstead, env: Env) -> list[int]:
        """614.1a: a replacement effect waits for each permanent's next destruction, for its duration."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            self.game.add_replacement(i, node, env)
        return ids

    @executes(ast.RemoveDamage)
    def remove_damage(self, node: ast.RemoveDamage, env: Env) -> list[int]:
        """120.6: the damage marked on the permanents is removed."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            self.state.objects[i].damage = 0
        return ids

    @executes(ast.RemoveFromCombat)
    def remove_from_combat(self, node: ast.RemoveFromCombat, env: Env) -> list[int]:
        """506.4: it stops being an attacking, blocking, blocked or unblocked creature."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            obj = self.state.objects[i]
            obj.attacking, obj.blocking, obj.blocked = None, (), False
        return ids

    @executes(ast.GiveCounters)
    def give_counters(self, node: ast.GiveCounters, env: Env) -> None:
        """122.1: counters on each player the text names."""
        amount = self.number(node.count, env)
        for player in self.players(node.players, env):
            self.game.give_counters(player, node.kind, amount, env)
