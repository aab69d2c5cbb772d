"""Executors of the words the triggered keyword abilities of 702 are written in, each named for the game: what
another player does ('defending player sacrifices ...', 701.21a), 'sacrifice it', designations and counters an
object has or had (608.2h), counters removed, moved or put per counter (122.5, 122.8), returning with counters
(122.6), paying per counter, life lost this way (119.3), damage dealt this turn (120.1), bonuses per blocker,
comparisons of two creatures' power or toughness, X, and the 'last counter removed' trigger."""
from __future__ import annotations

from ...language import ast
from ..events import Event
from ..mana import parse_cost
from ..state import GameObject
from .base import Env, executes


class PlayerActionSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.ReturnWithCounters)
    def return_with_counters(self, node: ast.ReturnWithCounters, env: Env) -> list[int]:
        """400.7, 122.6: each object returns to the battlefield under its owner's control with the counters on
        it as it enters."""
        counters = tuple((self.number(count, env), kind) for count, kind in node.counters)
        return [self.game.move(i, "battlefield", env=env, counters=counters).id for i in self.objects(node.objects, env)]

    @executes(ast.HadNoCounters)
    def had_no_counters(self, node: ast.HadNoCounters, env: Env) -> bool:
        """608.2h: the objects as they last existed on the battlefield (a permanent still there, as it is)."""
        return all(not dict(self.game.last_known(i).counters).get(node.kind)
                   for i in self.as_acted_on(node.objects, env))

    @executes(ast.OpponentDealtDamage)
    def opponent_dealt_damage(self, node: ast.OpponentDealtDamage, env: Env) -> bool:
        """120.1: damage was dealt to an opponent of the ability's controller since this turn began."""
        for event in reversed(self.state.events):
            if event.name == "turn_began":
                return False
            if event.name == "damage_dealt" and event.player is not None and event.player != env.player:
                return True
        return False

    @executes(ast.RemoveCounters)
    def remove_counters(self, node: ast.RemoveCounters, env: Env) -> list[int]:
        """122.8: as many as there are, up to the number; 'If you can't' after it: none was removed."""
        amount = self.number(node.count, env)
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        env.did = any(self.state.objects[i].counters.get(node.kind) for i in ids)
        for i in ids:
            self.game.remove_counters(i, node.kind, amount, env)
        return ids

    @executes(ast.HasCounter)
    def has_counter(self, node: ast.HasCounter, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].counters.get(node.kind) for i in ids)

    @executes(ast.LastCounterTrigger)
    def last_counter_trigger(self, node: ast.LastCounterTrigger, event: Event, source: GameObject) -> bool:
        """122.8: a counter of that kind was removed from the source and none of that kind is left."""
        return (event.name == "counter_removed" and event.kind == node.kind and event.object_id == source.id
                and not source.counters.get(node.kind))

    @executes(ast.GainLifeLost)
    def gain_life_lost(self, node: ast.GainLifeLost, env: Env) -> None:
        """119.3: the life players lost in this effect so far ('the total life lost this way')."""
        amount = env.vars.get("_life_lost", 0)
        if amount:
            self.run(ast.GainLife(node.players, ast.IntValue(amount, span=node.span), span=node.span), env)

    @executes(ast.BlockingCreature)
    def blocking_creature(self, node: ast.BlockingCreature, env: Env) -> list[int]:
        """The creature the trigger was about, while it blocks the source (509.1); none once it doesn't."""
        return [i for i in self._live(list(env.vars.get("_it") or ()), env)
                if env.source_id in self.state.objects[i].blocking and self.state.objects[i].zone == "battlefield"]

    @executes(ast.PumpPerBlocker)
    def pump_per_blocker(self, node: ast.PumpPerBlocker, env: Env) -> list[int]:
        """Each object gets the change times the creatures blocking it beyond the first, counted now (702.23b)."""
        power, toughness = (self.signed(part, env, node.pump) for part in node.pump.change.split("/"))
        ids = self.objects(node.pump.objects, env)
        until = self.game.until(node.pump.duration, env)
        for i in ids:
            beyond = max(0, sum(i in self.state.objects[b].blocking for b in self.state.battlefield) - 1)
            obj = self.state.objects[i]
            obj.modifiers = obj.modifiers + ((power * beyond, toughness * beyond, until),)
        return ids

    @executes(ast.StatGreater)
    def stat_greater(self, node: ast.StatGreater, env: Env) -> bool:
        """Any of the comparisons holds: 'that creature' is what the trigger is about, 'this creature' the
        source, each as it is or as it last existed (608.2h, 702.100c)."""
        def stat(owner: str, name: str) -> int | None:
            ids = self.as_acted_on(ast.It(), env) if owner == "that" else [env.source_id]
            chars = self.game.known_characteristics(ids[0]) if ids and ids[0] is not None else None
            return getattr(chars, name, None) if chars is not None else None
        for owner, name, other, other_name in node.comparisons:
            mine, theirs = stat(owner, name), stat(other, other_name)
            if mine is not None and theirs is not None and mine > theirs:
                return True
        return False

    @executes(ast.MoveCounters)
    def move_counters(self, node: ast.MoveCounters, env: Env) -> list[int]:
        """122.5: up to N counters of the kind leave the first permanent and are put on the second; nothing
        moves unless both are on the battlefield."""
        sources = [i for i in self.objects(node.source, env) if self.state.objects[i].zone == "battlefield"]
        to = [i for i in self.objects(node.to, env) if self.state.objects[i].zone == "battlefield"]
        if len(sources) != 1 or len(to) != 1:
            return []
        moved = min(self.number(node.count, env), self.state.objects[sources[0]].counters.get(node.kind, 0))
        if moved:
            self.game.remove_counters(sources[0], node.kind, moved, env)
            self.run(ast.PutCounters(ast.IntValue(moved, span=node.span), node.kind, node.to, span=node.span), env)
        return to

    @executes(ast.PayPerCounter)
    def pay_per_counter(self, node: ast.PayPerCounter, env: Env) -> None:
        """118.1: the mana cost once for each counter of the kind on the objects."""
        count = sum(self.state.objects[i].counters.get(node.kind, 0) for i in self.objects(node.objects, env))
        cost = parse_cost(str(env.vars.get(node.cost.name) if isinstance(node.cost, ast.Var) else node.cost))
        self._pay(cost * count, env, node)

    @executes(ast.XAtLeast)
    def x_at_least(self, node: ast.XAtLeast, env: Env) -> bool:
        return self.x_value(env) >= self.number(node.value, env)
