"""Damage, destruction and what replaces it, counters on players (120, 122.1, 506.4, 614.1a, 701.8, 701.19):
the executors read the text; the game (game/damage.py) does what the rules say.
"""
from __future__ import annotations

from ...language import ast
from ..state import Shield
from .base import Env, executes


class DamageSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.DealDamage)
    def deal_damage(self, node: ast.DealDamage, env: Env) -> list[int]:
        """120.2b: the object the text names deals the damage, as it is or as it last existed (608.2h); 'damage
        equal to its power' is that power, or 0 (107.1b). What it acted on is the permanents dealt damage."""
        source, chars = self._damage_source(node, env)
        amount = max(0, chars.power or 0) if node.amount is None else self.number(node.amount, env)
        recipients = self.damaged(node.recipients, env)
        self.game.deal_damage(source, dict.fromkeys(recipients, amount), env)
        return [i for i in recipients if isinstance(i, int)]

    @executes(ast.DealDividedDamage)
    def deal_divided_damage(self, node: ast.DealDividedDamage, env: Env) -> list[int]:
        """601.2d, 608.2b: each target still legal is dealt the share of the damage announced for it (an illegal
        target's share isn't dealt to anything else)."""
        source, _ = self._damage_source(node, env)
        chosen, division = self.divided_targets(node, env)
        self.game.deal_damage(source, {t: division[t] for t in chosen if t in division}, env)
        return [t for t in chosen if isinstance(t, int)]

    def _damage_source(self, node: ast.DealDamage | ast.DealDividedDamage, env: Env) -> tuple:
        """120.2b: the object the text names, with its characteristics as it is or last existed (608.2h)."""
        sources = self.as_acted_on(node.source, env)
        source = sources[0] if sources else env.source_id if isinstance(node.source, ast.Self) else None
        chars = self.game.last_known(source)[1]
        if chars is None:
            raise self.refuse(f"'{self.game.words_of(node.source)}' is no object that could deal damage", env,
                              node, "120.1")
        return source, chars

    def damaged(self, node: ast.Objects | ast.Players | ast.AnyTarget, env: Env) -> list[int | str]:
        """What damage is dealt to (120.1): permanents, players by name, or any target (115.4)."""
        if isinstance(node, ast.AnyTarget):
            return self.any_target(node, env)
        if isinstance(node, ast.Players):
            return self.players(node, env)
        return self.objects(node, env)

    @executes(ast.PreventDamage)
    def prevent_damage(self, node: ast.PreventDamage, env: Env) -> list[int]:
        """615.1a: a prevention effect for each permanent or player it names (the set fixed as it resolves, 611.2c),
        or for damage to anything; 'the next N damage' is a shield used up by what it prevents (615.7);
        'damage OBJECTS would deal' is about damage from those sources."""
        recipients: list[int | str | None] = [None] if node.objects is None else self.damaged(node.objects, env)
        sources: list[int | None] = [None] if node.sources is None else self.objects(node.sources, env)
        amount = None if node.amount is None else self.number(node.amount, env)
        if amount is not None and amount <= 0:
            return []
        self.state.shields.extend(Shield(recipient, source, node.combat, amount, node.duration)
                                  for recipient in recipients for source in sources)
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
