"""Whether a condition holds: 'if', intervening 'if' (603.4) and 'as long as' clauses."""
from __future__ import annotations

from ...language import ast
from .base import Env, executes, keyword_ability
from .results import LAST_STEP

#: 'exiled this way', 'put into a graveyard this way': the zone a move put them into.
MOVED_TO = {"exiled": "exile", "put into exile": "exile", "put into a graveyard": "graveyard"}


class ConditionSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.WasEvent)
    def was_event(self, node: ast.WasEvent, env: Env) -> bool:
        """701.4b: whether objects of the quality were part of the event as it happened: in this spell or
        ability, or, where it recorded no such event, as the spell its source was was cast (an additional
        cost read by the permanent's ability)."""
        if node.this_way:
            return self._done_this_way(node, env)
        events = [e for e in env.context.events if e.name == node.event] or [
            e for e in env.context.cast_events if e.name == node.event]
        seen = [e for e in events if e.seen is not None and self.chars_match(e.seen, node.quality, env)]
        return len(seen) >= self.number(node.count, env)

    def _done_this_way(self, node: ast.WasEvent, env: Env) -> bool:
        """608.2c: objects of the quality among those the instruction naming the action did it to ('Reveal
        the top card ... Deal damage ... If a land card is revealed this way'): as they were then (a permanent
        sacrificed or destroyed), or as they are in the zone it put them into (a card exiled, milled,
        discarded, revealed). A move made instead by a replacement effect isn't this effect's (614.6)."""
        zone = MOVED_TO.get(node.event)
        events = self._this_way(node, "moved" if zone else node.event, env)
        count = 0
        for event in events:
            if event.seen is not None:
                count += self.chars_match(event.seen, node.quality, env)
                continue
            obj = self.state.objects.get(event.object_id)
            if obj is None:
                raise self.refuse(f"{event.card} has left the zone it was put into: what it was there isn't "
                                  "kept", env, node, "400.7")
            count += (zone is None or obj.zone == zone) and self.matches(obj.id, node.quality, env)
        return count >= self.number(node.count, env)

    def _this_way(self, node: ast.WasEvent, name: str, env: Env) -> list:
        """608.2c: the events named `name` of the latest step that did that action; the step just before
        when it did (even to nothing it may count). A step of the same kind between, that did it to nothing
        ('exile up to one target card' with none chosen), would be the one meant: that is refused."""
        steps = env.vars.get(LAST_STEP)
        if not steps:
            raise self.refuse("'this way' follows no earlier step of the effect", env, node, "608.2c")
        for at in range(len(steps) - 1, -1, -1):
            start, end, kind = steps[at]
            found = [e for e in env.context.events[start:end] if e.name == name]
            if found:
                if any(k is kind and later >= end for later, _, k in steps[at + 1:]):
                    raise self.refuse("which step of the effect 'this way' means can't be told: a later step "
                                      "of the same kind did nothing it names", env, node, "608.2c")
                return found
        return []

    @executes(ast.IsFaceDownAs)
    def is_face_down_as(self, node: ast.IsFaceDownAs, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        objects = self.state.objects
        return bool(ids) and all(objects[i].face_down and (not node.ways or objects[i].face_down in node.ways)
                                 for i in ids)

    @executes(ast.IsQuality)
    def is_quality(self, node: ast.IsQuality, env: Env) -> bool:
        found = self.printed_or_current(node.objects, env)
        return bool(found) and all(self.chars_match(c, node.quality, env) for c in found)

    @executes(ast.HasManaCost)
    def has_mana_cost(self, node: ast.HasManaCost, env: Env) -> bool:
        found = self.printed_or_current(node.objects, env)
        return bool(found) and all(c.mana_cost is not None and len(c.mana_cost) > 0 for c in found)

    @executes(ast.YouControl)
    def you_control(self, node: ast.YouControl, env: Env) -> bool:
        ids, objects = self.objects(node.objects, env), self.state.objects
        return bool(ids) and all(objects[i].controller == env.player for i in ids)

    @executes(ast.YouDid)
    def you_did(self, node: ast.YouDid, env: Env) -> bool:
        return env.did != node.negated

    @executes(ast.YouControlNone)
    def you_control_none(self, node: ast.YouControlNone, env: Env) -> bool:
        return not self.permanents_you_control(ast.PermanentsYouControl(node.quality), env)

    @executes(ast.PlayerControls)
    def player_controls(self, node: ast.PlayerControls, env: Env) -> bool:
        """Whether one of the players controls a permanent of the quality ('defending player controls an
        Island', 508.5), or none does."""
        players = self.players(node.players, env)
        found = any(self.state.objects[i].controller in players and self.matches(i, node.quality, env)
                    for i in self.state.battlefield)
        return found != node.none

    @executes(ast.HasNoCounters)
    def has_no_counters(self, node: ast.HasNoCounters, env: Env) -> bool:
        return all(not self.state.objects[i].counters.get(node.kind) for i in self.objects(node.objects, env))

    @executes(ast.IsPermanent)
    def is_permanent(self, node: ast.IsPermanent, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].zone == "battlefield" for i in ids)

    @executes(ast.HasKeyword)
    def has_keyword(self, node: ast.HasKeyword, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.keyword_of(i, node.keyword, node.objects) is not None for i in ids)

    def keyword_of(self, object_id: int, keyword: str, node: ast.Objects) -> ast.KeywordAbility | None:
        """The object's keyword ability of that name (of its card, for 'the card representing')."""
        chars = self.state.objects[object_id].card.front.characteristics() if isinstance(node, ast.CardOf) \
            else self.game.characteristics(object_id)
        return keyword_ability(chars.abilities, keyword)

    @executes(ast.IsInZone)
    def is_in_zone(self, node: ast.IsInZone, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].zone == node.zone and self.state.objects[i].owner == env.player
                                 for i in ids)

    @executes(ast.OwnAndControl)
    def own_and_control(self, node: ast.OwnAndControl, env: Env) -> bool:
        """Each is a permanent you own and control; then 'them' means these objects."""
        found: list[int] = []
        for part in node.objects:
            ids = self.objects(part, env)
            if not ids or not all(self.state.objects[i].zone == "battlefield" and self.state.objects[i].owner == env.player
                                  and self.state.objects[i].controller == env.player for i in ids):
                return False
            found += [i for i in ids if i not in found]
        env.vars["_it"] = found
        return True

    @executes(ast.WasQuality)
    def was_quality(self, node: ast.WasQuality, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.matches(i, node.quality, env) for i in ids)

    @executes(ast.IsStatus)
    def is_status(self, node: ast.IsStatus, env: Env) -> bool:
        """Tapped or untapped (110.5), attacking or blocking (506.4): permanents that are."""
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.has_quality(self.game.characteristics(i), (node.status,), self.state.objects[i])
                                 for i in ids)

    @executes(ast.CountCompare)
    def count_compare(self, node: ast.CountCompare, env: Env) -> bool:
        """How many objects the words describe, against the bound ('three or more', 'no cards')."""
        count = (self.amount(node.objects, env) if isinstance(node.objects, ast.COUNTED)
                 else len(self.objects(node.objects, env)))
        return count <= node.bound if node.at_most else count >= node.bound

    @executes(ast.AttackedThisTurn)
    def attacked_this_turn(self, node: ast.AttackedThisTurn, env: Env) -> bool:
        """Whether one of the objects was declared as an attacker since the turn began (508.1a, 508.3a), or the
        player declared attackers (508.6)."""
        ids = set(self.objects(node.objects, env)) if node.objects is not None else set()
        for event in reversed(self.state.events):
            if event.name == "turn_began":
                return False
            if event.name == "attacked" and event.object_id in ids or event.name == "attackers_declared" \
                    and node.objects is None and event.player == env.player:
                return True
        return False

    @executes(ast.YourTurn)
    def your_turn(self, node: ast.YourTurn, env: Env) -> bool:
        return (self.state.active == env.player) != node.negated

    @executes(ast.IsPairFor)
    def is_pair_for(self, node: ast.IsPairFor, env: Env) -> bool:
        """701.42b: exactly two cards, not tokens, each naming the other as its partner and the same result."""
        ids = self.objects(node.objects, env)
        if len(ids) != 2:
            return False
        a, b = (self.state.objects[i] for i in ids)
        name = self.name(node.name, env)
        return (not a.is_token and not b.is_token and a.owner == b.owner
                and a.card.partner == (b.card_name, name) and b.card.partner == (a.card_name, name))
