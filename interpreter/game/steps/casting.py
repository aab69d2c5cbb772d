"""What a spell's casting paid (601.2b, 702.33d), and casting a card for an alternative cost while an effect
resolves (118.9, 608.2g)."""
from __future__ import annotations

from dataclasses import replace

from ...language import ast
from ..choices import Choice
from ..events import Event
from ..mana import COLOR_LETTERS
from ..state import LEAVES_TO_EXILE
from .base import Env, executes

CAST_FROM = "_cast_from"   # the variable of a spell's context holding the zone it was cast from (601.2a)


class CastingSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def _paid_names(self, word: str) -> set[str]:
        """The keyword abilities a spell whose cost was paid is called `word` by ('kicked': kicker, 702.33d)."""
        return {d.name for d in self.game.rulebook.keyword_abilities.values() if d is not None and d.event == word}

    def times_paid(self, node: ast.WasPaid, env: Env) -> int:
        """How many times the costs that `node.word` names were paid for its objects (702.33d)."""
        names = self._paid_names(node.word)
        return sum(1 for i in self.objects(node.objects, env) for name in self.game.paid_for(i) if name in names)

    @executes(ast.WasPaid)
    def was_paid(self, node: ast.WasPaid, env: Env) -> bool:
        return (self.times_paid(node, env) > 0) != node.negated

    @executes(ast.CostWasPaid)
    def cost_was_paid(self, node: ast.CostWasPaid, env: Env) -> bool:
        """'if its KEYWORD cost was paid': the ability's own spell, or the spell its permanent was (601.2b)."""
        return node.keyword in env.context.paid

    @executes(ast.CastForCost)
    def cast_for_cost(self, node: ast.CastForCost, env: Env) -> None:
        """608.2g: cast it now, paying the cost rather than its mana cost (118.9); the ability's keyword, if it
        is one, is the alternative cost paid ('if its madness cost was paid')."""
        cost = env.vars.get(node.cost.name) if isinstance(node.cost, ast.Var) else node.cost
        for i in self.objects(node.objects, env):
            self.game.cast_now(env.player, i, cost, env.vars.get("_paying"))

    @executes(ast.ExiledThisWayTrigger)
    def exiled_this_way_trigger(self, node: ast.ExiledThisWayTrigger, event: object, source: object) -> bool:
        """No event triggers it: the replacement it is linked to puts it on its way as it applies (607.2,
        `Game.exiled_this_way`)."""
        return False

    @executes(ast.SpellWas)
    def spell_was(self, node: ast.SpellWas, env: Env) -> bool:
        """'if this spell was kicked': whether a cost that word names was paid as it was cast (702.33d); 'if this
        spell was cast from your hand': the zone it was cast from (601.2a; a copy wasn't cast, 707.10); other
        words of how a spell was cast aren't kept yet (runs.py)."""
        if node.zone is not None:
            return env.context.vars.get(CAST_FROM) == node.zone
        return bool(self._paid_names(node.event or "") & set(env.context.paid))

    @executes(ast.SacrificeIt)
    def sacrifice_it(self, node: ast.SacrificeIt, env: Env) -> list[int]:
        """701.21a: a player sacrifices only a permanent they control; one that left the battlefield isn't."""
        done = []
        for i in self.objects(node.objects, env):
            if i in self.state.battlefield and (node.by_controller or self.state.objects[i].controller == env.player):
                self.game.sacrifice(i, env)
                done.append(i)
        return done

    @executes(ast.ThisTurn)
    def this_turn(self, node: ast.ThisTurn, env: Env) -> bool:
        """Whether the event happened to that player since the current turn began (500.1)."""
        for event in reversed(self.state.events):
            if event.name == "turn_began":
                return False
            if event.name == node.event and (event.player == env.player) == (node.who == "you") and (
                    not node.source or event.object_id == env.source_id):
                return True
        return False

    @executes(ast.SpellsLastTurn)
    def spells_last_turn(self, node: ast.SpellsLastTurn, env: Env) -> bool:
        """The spells cast between the last two turns' beginnings (500.1; a game begun before that turn: none), by
        that turn's active player if the condition says so (731.2)."""
        casters: list[str | None] = []
        turns = 0
        for event in reversed(self.state.events):
            if event.name == "turn_began":
                turns += 1
                if turns == 2:
                    break
            elif event.name == "cast" and turns == 1:
                casters.append(event.player)
        if node.previous_active:
            casters = [p for p in casters if p == self.state.previous_active]
        most = max((casters.count(p) for p in set(casters)), default=0) if node.one_player else len(casters)
        return (most >= node.at_least) != node.negated

    @executes(ast.TapTotalPower)
    def tap_total_power(self, node: ast.TapTotalPower, env: Env) -> list[int]:
        """118.3: the chosen untapped creatures' powers add up to at least N, or the cost isn't paid; tapping them
        isn't a {T} cost, so summoning sickness doesn't matter (302.6)."""
        found = self.permanents_you_control(ast.PermanentsYouControl(node.quality, other=node.other), env)
        options = [i for i in found if not self.state.objects[i].tapped]
        total = self.number(node.total, env)
        power = {i: self.game.characteristics(i).power or 0 for i in options}
        if sum(max(p, 0) for p in power.values()) < total:
            raise self.refuse(f"the untapped creatures you control don't have total power {total}", env, node, "118.3")
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: tap creatures with total power {total} or "
                                         "greater", options, len(options), up_to=True, rule="118.3"))
        if sum(power[i] for i in chosen) < total:
            raise self.refuse(f"the creatures chosen have total power {sum(power[i] for i in chosen)}, not {total} or "
                              "greater", env, node, "118.3")
        for i in chosen:
            obj = self.state.objects[i]
            obj.tapped = True
            self.game.emit(Event("tapped", obj.controller, obj.card_name, obj.id), env)
        return chosen

    @executes(ast.ReturnFromZone)
    def return_from_zone(self, node: ast.ReturnFromZone, env: Env) -> list[int]:
        """The ability's own card, if it is still in that zone of its owner's, enters under its owner's control
        (as what it is now, 400.7)."""
        obj = self.state.objects.get(env.source_id) if env.source_id is not None else None
        if obj is None or obj.zone != node.zone or obj.owner != env.player:
            return []
        if node.to != "battlefield":
            return [self.game.move(obj.id, node.to, env=env).id]
        new = self.game.move(obj.id, "battlefield", controller=obj.owner, env=env)
        if node.tapped:
            new.tapped = True
        return [new.id]

    @executes(ast.GainsForGood)
    def gains_for_good(self, node: ast.GainsForGood, env: Env) -> list[int]:
        """611.2c: the abilities last as long as it is this object."""
        ids = [i for i in self.objects(node.objects, env) if i in self.state.battlefield]
        for i in ids:
            obj = self.state.objects[i]
            self.state.grant(obj, node.abilities, None)
        return ids

    @executes(ast.ExileIfItWouldLeave)
    def exile_if_it_would_leave(self, node: ast.ExileIfItWouldLeave, env: Env) -> list[int]:
        """614.1a: a replacement for as long as it is this permanent (`Moves.move` applies it)."""
        ids = [i for i in self.objects(node.objects, env) if i in self.state.battlefield]
        for i in ids:
            obj = self.state.objects[i]
            obj.designations |= {LEAVES_TO_EXILE}
        return ids

    @executes(ast.ExileSelfFrom)
    def exile_self_from(self, node: ast.ExileSelfFrom, env: Env) -> list[int]:
        """The ability's own card from that zone of its owner's; as a cost, it can't be paid otherwise (118.3)."""
        obj = self.state.objects.get(env.source_id) if env.source_id is not None else None
        if obj is None or obj.zone != node.zone or obj.owner != env.player:
            raise self.refuse(f"this card isn't in your {node.zone}", env, node, "118.3")
        return [self.game.move(obj.id, "exile", env=env).id]

    @executes(ast.RevealSelfFrom)
    def reveal_self_from(self, node: ast.RevealSelfFrom, env: Env) -> list[int]:
        """The ability's own card revealed from that zone of its owner's (701.20a: until the ability is done);
        as a cost, it can't be paid otherwise (118.3)."""
        obj = self.state.objects.get(env.source_id) if env.source_id is not None else None
        if obj is None or obj.zone != node.zone or obj.owner != env.player:
            raise self.refuse(f"this card isn't in your {node.zone}", env, node, "118.3")
        self.state.reveal(obj, env.context.id)
        self.game.emit(Event("revealed", obj.owner, obj.card_name, obj.id), env)
        return [obj.id]

    @executes(ast.CopyExcept)
    def copy_except(self, node: ast.CopyExcept, env: Env) -> list[int]:
        """707.9b: the token's copiable values are the object's with the exceptions (a card followed to where a
        cost moved it, 400.7: a card's copiable values are its printed ones)."""
        made = []
        ids = [env.source_id] if isinstance(node.objects, ast.Self) and env.source_id is not None else \
            self.objects(node.objects, env)  # 'this card', wherever a cost moved it
        for i in ids:
            while i not in self.state.objects and i in self.state.moved:
                i = self.state.moved[i]
            face = self.game.copiable_values(i)
            for what, value in node.changes:
                if what == "color":
                    face = replace(face, colors=frozenset({COLOR_LETTERS[value]}))
                elif what == "pt":
                    power, toughness = (int(x) for x in value.split("/"))
                    face = replace(face, power=power, toughness=toughness)
                elif what == "no mana cost":
                    face = replace(face, mana_cost=None, colors=face.characteristics().colors)  # its colors stay
                elif what == "not legendary":
                    face = replace(face, supertypes=tuple(s for s in face.supertypes if s != "Legendary"))
                else:
                    words = self.quality(value, env).words
                    types = {t.lower(): t for t in self.game.rulebook.card_types}
                    face = replace(face, types=face.types + tuple(types[w.lower()] for w in words if w.lower() in types),
                                   subtypes=face.subtypes + tuple(w for w in words if w.lower() not in types
                                                                  and w not in face.subtypes))
            made.append(self.game.create_copy_token(env, i, face).id)
        return made

    @executes(ast.YouCastIt)
    def you_cast_it(self, node: ast.YouCastIt, env: Env) -> bool:
        """'if you cast it': the permanent was a spell this player cast (601.2i), as its casting recorded."""
        return any(e.name == "cast" and e.player == env.player for e in env.context.cast_events)
