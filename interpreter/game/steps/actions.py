"""The general steps keyword actions 701.2-701.39 are written with (`language/ast/actions.py`): players other
than 'you' acting, turning double-faced permanents over, damage to each other, superlatives, designations as
conditions, forbidding activation, and one more counter of each kind on permanents and players.
"""
from __future__ import annotations

import dataclasses

from ...language import ast
from ..choices import Choice
from ..events import Event
from .base import Env, executes
from .results import LAST_STEP

#: What each player's own steps refer to, kept apart while several players take turns at steps (608.2c).
OWN = ("_it", LAST_STEP)

#: The event of a player choosing one of the options named (701.38a); `Event.card` is the option.
CHOSE = "chose"

#: The designation of a permanent whose activated abilities can't be activated (602.5); `Game.activate` reads it.
NO_ACTIVATION = "its activated abilities can't be activated"


class ActionSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.PlayersDo)
    def players_do(self, node: ast.PlayersDo, env: Env) -> list[int]:
        """Each of the players does the action as its 'you', one after another in the order the words give
        (APNAP for 'each player', 101.4). Steps joined ('Each player discards a card, then draws a card') are
        done one at a time, every player doing a step before any does the next (101.4, 608.2c); what 'it' and
        'this way' mean stays each player's own."""
        if isinstance(node.players, ast.OwnersOf):
            owners = {self.state.objects[i].owner for i in self.objects(node.players.objects, env)}
            players = [p for p in self.state.order if p in owners and not self.state.players[p].lost]
        else:
            players = self.players(node.players, env)
        if len(players) < 2 or not isinstance(node.effect, ast.Sequence):
            for player in players:
                self.run(node.effect, dataclasses.replace(env, player=player))
            return []
        envs = {player: dataclasses.replace(env, player=player) for player in players}
        before = {key: env.vars[key] for key in OWN if key in env.vars}
        own = dict.fromkeys(players, before)
        for step in node.effect.effects:
            for player in players:
                for key in OWN:
                    env.vars.pop(key, None)
                env.vars.update(own[player])
                self._step(step, envs[player], new_part=player == players[0])
                own[player] = {key: env.vars[key] for key in OWN if key in env.vars}
        for key in OWN:
            env.vars.pop(key, None)
        env.vars.update(before)
        return []

    @executes(ast.TurnOver)
    def turn_over(self, node: ast.TurnOver, env: Env) -> list[int]:
        """701.27a, 701.28a: a double-faced permanent turns its other face up. One that isn't represented by a
        double-faced card, or whose other face is an instant or sorcery, doesn't (701.27c-d, 701.28c-d); an
        ability of the permanent itself turns it over only if it hasn't since the ability was put on the stack
        (701.27f, and likewise converting: the ability's context is newer than its last turning over); one that can't
        transform but by its own ability doesn't (702.145b, 702.145e)."""
        turned = []
        for i in self.objects(node.objects, env):
            obj = self.state.objects[i]
            if i == env.source_id and obj.transformed_at is not None and obj.transformed_at > env.context.id:
                continue
            if obj.zone == "battlefield" and self.game.own_statics(self.game.characteristics(i), ast.CantTransform):
                continue
            if self.game.turn_over(i, node.event, env):
                turned.append(i)
        return turned

    @executes(ast.DamageEachOther)
    def damage_each_other(self, node: ast.DamageEachOther, env: Env) -> list[int]:
        """701.14a-d: each deals damage equal to its power to the other, at once and not as combat damage; if
        either isn't a creature on the battlefield, neither does (701.14b); one creature twice is dealt twice
        its power (701.14c)."""
        pair = self.objects(node.first, env)[:1] + self.objects(node.second, env)[:1]
        if len(pair) < 2 or not all(self.state.objects[i].zone == "battlefield"
                                    and "creature" in {t.lower() for t in self.game.characteristics(i).types}
                                    for i in pair):
            return []
        first, second = pair
        powers = {i: max(0, self.game.characteristics(i).power or 0) for i in pair}
        if first == second:
            self.game.deal_damage(first, {first: 2 * powers[first]}, env)
        else:
            self.game.deal_damage(first, {second: powers[first]}, env)   # both before any state-based action
            self.game.deal_damage(second, {first: powers[second]}, env)
        return pair

    @executes(ast.Superlative)
    def superlative(self, node: ast.Superlative, env: Env) -> list[int]:
        """The permanents of the quality the player controls tied for the least (or greatest) value."""
        ids = self.permanents_you_control(ast.PermanentsYouControl(node.quality), env)
        values = {i: self._stat(i, node.stat) for i in ids}
        if not values:
            return []
        best = (max if node.greatest else min)(values.values())
        return [i for i in ids if values[i] == best]

    def _stat(self, object_id: int, stat: str) -> int:
        chars = self.game.characteristics(object_id)
        return chars.mana_value if stat == "mana value" else (getattr(chars, stat) or 0)

    @executes(ast.IsDesignated)
    def is_designated(self, node: ast.IsDesignated, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all((node.designation in self.state.objects[i].designations) != node.negated
                                 for i in ids)

    @executes(ast.CantActivate)
    def cant_activate(self, node: ast.CantActivate, env: Env) -> list[int]:
        """602.5: until the duration ends, the permanents' activated abilities can't be activated."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        return self._designate_for(ids, NO_ACTIVATION, node.duration, env)

    @executes(ast.ChooseCounted)
    def choose_counted(self, node: ast.ChooseCounted, env: Env) -> list:
        """122.1: any number of the permanents and players that have a counter, chosen by the player."""
        options = [i for i in self.state.battlefield if self.state.objects[i].counters]
        options += [p for p in self.state.order if self.state.players[p].counters and not self.state.players[p].lost]
        chosen = self.ask_objects(Choice("objects", f"{env.action_text or 'a choice'}: choose any number of "
                                         "permanents and players with counters", options, len(options), True,
                                         env.rule)) if options else []
        env.vars[node.bind] = list(chosen)
        return [i for i in chosen if isinstance(i, int)]

    @executes(ast.AddEachKind)
    def add_each_kind(self, node: ast.AddEachKind, env: Env) -> list[int]:
        """122.1: each permanent or player gets one more counter of each kind it has."""
        bound = env.vars.get(node.objects.name, []) if isinstance(node.objects, ast.Var) else []
        for player in [p for p in bound if isinstance(p, str) and not self.state.players[p].lost]:
            for kind in list(self.state.players[player].counters):
                self.game.give_counters(player, kind, 1, env)
        ids = [i for i in self.objects(node.objects, env) if isinstance(i, int)]
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone != "battlefield":
                continue
            for kind in list(obj.counters):
                self.game.add_counters(i, kind, 1, env)
        return ids

    def _set_life(self, player: str, total: int, env: Env) -> None:
        """The player gains or loses the life that makes their total `total` (701.10d, 701.12c, 119.5)."""
        record = self.state.players[player]
        if total == record.life or record.lost or total > record.life and not self.game.may_gain_life(player):
            return  # 119.7: a player who can't gain life keeps their total rather than raise it
        gained, amount = total > record.life, abs(total - record.life)
        record.life = total
        self.game.emit(Event("life_gained" if gained else "life_lost", player, amount=amount), env)

    @executes(ast.MultiplyLife)
    def multiply_life(self, node: ast.MultiplyLife, env: Env) -> None:
        """701.10d: the player gains or loses the life that makes their life total `factor` times what it was."""
        for player in self.players(node.players, env):
            self._set_life(player, self.state.players[player].life * node.factor, env)

    @executes(ast.MultiplyCounters)
    def multiply_counters(self, node: ast.MultiplyCounters, env: Env) -> list[int]:
        """701.10e: as many more counters of the kind (or of each kind) as the permanent already has, once for
        doubling and twice for tripling."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            obj = self.state.objects[i]
            for kind in [node.kind] if node.kind is not None else list(obj.counters):
                if obj.counters.get(kind, 0):
                    self.game.add_counters(i, kind, obj.counters[kind] * (node.factor - 1), env)
        return ids

    @executes(ast.MultiplyPT)
    def multiply_pt(self, node: ast.MultiplyPT, env: Env) -> list[int]:
        """701.10a-c, 701.11a-c: the creature gets +X/+Y, X and Y (`factor` - 1) times its power and toughness
        as this happens (a negative value gets more negative, 701.10c); a modification, not a setting."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        until = self.game.until(node.duration, env)
        for i in ids:
            chars = self.game.characteristics(i)
            power = (chars.power or 0) * (node.factor - 1) if node.power else 0
            toughness = (chars.toughness or 0) * (node.factor - 1) if node.toughness else 0
            obj = self.state.objects[i]
            obj.modifiers = obj.modifiers + ((power, toughness, until),)
        return ids

    @executes(ast.ExchangeControl)
    def exchange_control(self, node: ast.ExchangeControl, env: Env) -> list[int]:
        """701.12a-b: two permanents controlled by different players change controllers at once; if either
        isn't there any more, or one player controls both, nothing happens. Each comes under its new
        controller's control this turn (302.6)."""
        pair = self.objects(node.first, env) + (self.objects(node.second, env) if node.second is not None else [])
        if len(pair) != 2 or not all(self.state.objects[i].zone == "battlefield" for i in pair):
            return []
        first, second = (self.state.objects[i] for i in pair)
        if first.controller == second.controller:
            return []
        players = first.controller, second.controller
        first.timestamp, second.timestamp = self.state.tick(), self.state.tick()
        self.game.change_control(first.id, players[1], None)
        self.game.change_control(second.id, players[0], None)
        return pair

    @executes(ast.GainControl)
    def gain_control(self, node: ast.GainControl, env: Env) -> list[int]:
        """613.1b: the permanents come under the player's control, for the duration (611.2a; one whose duration
        is already over does nothing, 611.2b); each is new to that controller (302.6) and leaves combat (506.4)."""
        players = [env.player] if node.players is None else self.players(node.players, env)
        until = self.game.until(node.duration, env)
        if len(players) != 1 or not self.game.still_lasting(until):
            return []
        ids = [i for i in self.objects(node.objects, env) if i in self.state.battlefield]
        for i in ids:
            self.game.change_control(i, players[0], until)
        return ids

    @executes(ast.ExchangeLife)
    def exchange_life(self, node: ast.ExchangeLife, env: Env) -> None:
        """701.12c: each player gains or loses the life that makes their total the other's; not at all if the one who
        would gain can't (119.7)."""
        others = [p for p in self.players(node.players, env) if p != env.player]
        if len(others) != 1 or self.state.players[others[0]].lost:
            return
        mine, theirs = self.state.players[env.player].life, self.state.players[others[0]].life
        gainer = env.player if theirs > mine else others[0]
        if mine != theirs and not self.game.may_gain_life(gainer):
            return  # 119.7: the exchange doesn't happen
        self._set_life(env.player, theirs, env)
        self._set_life(others[0], mine, env)

    @executes(ast.CompareStat)
    def compare_stat(self, node: ast.CompareStat, env: Env) -> bool:
        """Whether the first objects' value beats (is greater, or less, than) each of the others' (701.30d)."""
        first = [self._stat(i, node.stat) for i in self.objects(node.first, env)]
        second = [self._stat(i, node.stat) for i in self.objects(node.second, env)]
        if not first:
            return False
        return all(a > b if node.greater else a < b for a in first for b in second)

    @executes(ast.YouWon)
    def you_won(self, node: ast.YouWon, env: Env) -> bool:
        """This spell or ability recorded the event for its controller ('If you win', 701.30d)."""
        return any(e.name == node.event and e.player == env.player for e in env.context.events)

    @executes(ast.PlayersChoose)
    def players_choose(self, node: ast.PlayersChoose, env: Env) -> None:
        """701.38a: starting with you and going in turn order, each player chooses one of the options."""
        order = [p for p in self.state.order if not self.state.players[p].lost]
        start = order.index(env.player) if env.player in order else 0
        for player in order[start:] + order[:start]:
            option = str(self.game.ask(Choice("option", f"{env.action_text}: {player} chooses", list(node.options),
                                              rule="701.38a", player=player)))
            self.game.emit(Event(CHOSE, player, option), env)

    @executes(ast.ForEachChoice)
    def for_each_choice(self, node: ast.ForEachChoice, env: Env) -> None:
        """701.38b: the effect once for each choice of the option this spell or ability recorded."""
        times = sum(1 for e in env.context.events if e.name == CHOSE and e.card == node.option)
        for _ in range(times):
            self.run(node.effect, env)
