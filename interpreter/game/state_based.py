"""State-based actions (704) and the end of the game (104): checked whenever a player would receive priority,
every one that applies performed at once as one event, and checked again until none applies (704.3).

Done here: 704.5a-k, m, n, p, q, s, t, v-z (704.5e: a copy of a spell is a token, which only the stack keeps
besides the battlefield). Nothing the interpreter makes can be what the others are about: no ability limiting
the counters on a permanent, no space sculptor and no start your engines! parse (704.5r, u, aa), so those never
apply.
"""
from __future__ import annotations

import operator
from typing import Iterable, NamedTuple

from ..diagnostics import error
from ..language import ast
from . import journaled
from .characteristics import Characteristics
from .choices import Choice
from .events import Event
from .state import GameObject
from .steps import MAX_COUNT

#: Poison counters that lose the game (704.5c).
POISON_TO_LOSE = 10
#: What a permanent may be attached to, by its subtype: Equipment to a creature (301.5c), Fortification to a
#: land (301.6); an Aura is checked on its own (704.5m).
ATTACHES_TO = {"Equipment": "Creature", "Fortification": "Land"}
#: The permanents on the battlefield, each with its characteristics as one check reads them.
Permanents = list[tuple[GameObject, Characteristics]]
#: The types, supertypes and subtypes of the permanents whose actions read more than the permanents' characteristics
#: and `_FIELDS`: counters (704.5i, v), timestamps (704.5k), controllers (704.5j), what an Aura enchants (704.5m),
#: the stack (704.5s, w), protectors and attacks (704.5x, y). No name of one is the name of another (205).
READS_MORE = frozenset({"Planeswalker", "Battle", "World", "Legendary", "Aura", "Saga", "Role", "Siege"})
#: What the actions read of each permanent besides its characteristics (where none is of a kind in `READS_MORE`).
_FIELDS = operator.attrgetter("damage", "attached_to")


class PermanentsRead(NamedTuple):
    """What a look at the permanents that found no action follows from alone where it read nothing else
    (`StateBasedActions._read_narrowly`): their characteristics (the dict `permanents` gave, never changed once
    given: while it is the same object, so are they), the objects, and their `_FIELDS`; `journaled.counted_writes`
    when they were last found the same."""

    characteristics: dict[int, Characteristics]
    objects: list[GameObject]
    fields: list[tuple]
    written: int


class StateBasedActions:
    """The state-based actions and the end of the game; a part of `Game`."""

    def state_based_actions(self) -> None:
        """704.3: check, perform all that apply at once, and check again until none applies or the game ends.
        What each check's events trigger waits (603.2), collected before the next check changes the game."""
        for _ in range(MAX_COUNT):
            checked = len(self.state.events)
            if self.state.ended or not self._check_once():
                return
            self.collect_triggers(checked)
        raise error("E402", f"state-based actions keep applying (more than {MAX_COUNT} checks): the game can't go "
                    "on", rule="104.4b")

    def _check_once(self) -> bool:
        """One check; whether any action was performed. A check that performed none and changed nothing holds
        while what it read stays the same (`Journal.computed`): the state is checked again once that changed."""
        journal = self.state.journal
        if journal.holds(self._settled):
            return False
        self._settled, performed = journal.computed(self._perform_applying)
        return performed

    def _perform_applying(self) -> bool:
        """Every condition read on the same state, the choices they need made in APNAP order (101.4), then every
        action at once; whether any was performed."""
        state = self.state
        losers = self._losers()
        lethal = set(state.lethal_damaged)
        state.empty_draws.clear()
        state.lethal_damaged.clear()
        now = self.permanents()
        read = self._permanents_read
        objects = read.objects if read is not None and read.characteristics is now and \
            read.written == journaled.counted_writes else list(map(state.objects.__getitem__, now))
        protectors, put, destroyed, unattached = self._acting_on_permanents(now, objects, lethal)
        pairs = {o.id: n for o in objects
                 if o.counters and (n := min(o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)))}
        gone_tokens = [i for i in sorted(state.tokens) if state.objects[i].zone not in ("battlefield", "stack")]
        finished = [p for p in state.order if self._room_card_finished(p)]
        if not (losers or put or destroyed or protectors or unattached or pairs or gone_tokens or finished):
            return False
        known = self.leaving_together(destroyed + put)   # 704.8: as they all were before
        for i in unattached:
            state.objects[i].attached_to = None
        for i, n in pairs.items():   # 704.5q
            counters = state.objects[i].counters
            for kind in ("+1/+1", "-1/-1"):
                counters[kind] -= n
                if not counters[kind]:
                    del counters[kind]
        for i, player in protectors:
            state.objects[i].protector = player
        for i in destroyed:   # 704.5g, 704.5h: destroyed (a regeneration shield may replace it)
            self.destroy(i, None, known=known[i])
        for i in put:
            if i in state.battlefield:   # (what a replacement effect did may have moved it already)
                self.move(i, "graveyard", known=known[i])
        for i in gone_tokens:   # 704.5d; 704.5e: a copy of a spell, on the stack only
            state.remove(state.objects[i])
        for player in finished:   # 704.5t, 309.6
            self.complete_room_card(player, None)
        if losers:
            self.lose(losers)
        return True

    def _acting_on_permanents(self, now: dict[int, Characteristics], objects: list[GameObject], lethal: set[int]
                              ) -> tuple[list[tuple[int, str]], list[int], list[int], list[int]]:
        """The actions on these permanents (704.5f-p, s, v-z): the battles that get a protector, the permanents put
        into graveyards, those destroyed, those unattached. None while they are as a look that found none read
        them (`PermanentsRead`), with no lethal damage dealt since (704.5h); while no object's field was written
        since they were last found so (`journaled.counted_writes`: an id is never another object's but for what a
        rollback undid, which moves it too), the same characteristics are the same objects with the same fields."""
        read = self._permanents_read
        if read is not None and not lethal and read.characteristics is now:
            if read.written == journaled.counted_writes:
                return [], [], [], []
            if list(map(_FIELDS, objects)) == read.fields and all(map(operator.is_, objects, read.objects)):
                self._permanents_read = read._replace(written=journaled.counted_writes)
                return [], [], [], []
        fields = list(map(_FIELDS, objects))
        permanents = list(zip(objects, now.values()))
        protectors, unprotected = self._protectors(permanents)
        put = list(dict.fromkeys(self._to_graveyard(permanents) + self._legend_rule(permanents) + unprotected))
        destroyed = [i for i in self._destroyed(permanents, lethal) if i not in put]
        unattached = self._unattached(permanents, put)
        found = protectors or put or destroyed or unattached or lethal
        self._permanents_read = None if found or not self._read_narrowly(permanents) else PermanentsRead(
            now, objects, fields, journaled.counted_writes)
        return protectors, put, destroyed, unattached

    @staticmethod
    def _read_narrowly(permanents: Permanents) -> bool:
        """Whether a look at these permanents that found no action read nothing but their characteristics and
        `_FIELDS`: none of a kind in `READS_MORE`, none attached (704.5n, p read what it is attached to), no
        creature with lethal damage that can't be destroyed (702.12b: its abilities were read)."""
        return not any(obj.attached_to is not None or not (READS_MORE.isdisjoint(chars.types)
                                                            and READS_MORE.isdisjoint(chars.supertypes)
                                                            and READS_MORE.isdisjoint(chars.subtypes))
                       or "Creature" in chars.types and 0 < (chars.toughness or 0) <= obj.damage
                       for obj, chars in permanents)

    # ------------------------------------------------------------ players
    def _losers(self) -> list[str]:
        """704.5a-c: 0 or less life, a draw from an empty library since the last check, ten poison counters."""
        return [name for name, figures in self.state.players.items() if not figures.lost and (
            figures.life <= 0 or name in self.state.empty_draws
            or figures.counters.get("poison", 0) >= POISON_TO_LOSE)]

    def lose(self, players: Iterable[str]) -> None:
        """104.3: each player loses the game and leaves it (104.5). With one player left, that player wins
        (104.2a); with none, the game is a draw (104.4a); else the game goes on without them (800.4a), the
        designations one player at a time has passing on (725.4)."""
        players = list(players)
        for name in players:
            self.state.players[name].lost = True
            self.emit(Event("lost_game", name))
        remaining = [p for p in self.state.order if not self.state.players[p].lost]
        if len(remaining) <= 1:
            self.state.winner = remaining[0] if remaining else None
            self.state.ended = True
            return
        self.pass_designations(players)
        for name in players:
            self._leave(name)

    def _leave(self, player: str) -> None:
        """800.4a: the objects the player owns leave the game, their abilities on the stack cease to exist, and
        what they still control is exiled."""
        state = self.state
        for obj in [o for o in state.objects.values() if o.owner == player]:
            state.remove(obj)
        state.stack = [item for item in state.stack if item.controller != player]
        state.pending_triggers = [item for item in state.pending_triggers if item.controller != player]
        state.players[player].marker = None
        for i in [i for i in state.battlefield if state.objects[i].controller == player]:
            self.move(i, "exile")

    def refuse_after_the_end(self) -> None:
        """104.1: once the game is over, no action can be taken; the refusal names the winner."""
        if self.state.ended:
            result = f"{self.state.winner} won the game" if self.state.winner else "it is a draw (104.4a)"
            raise error("E402", f"the game is over: {result}", rule="104.1")

    # ------------------------------------------------------------ permanents
    def _to_graveyard(self, permanents: Permanents) -> list[int]:
        """Put into their owners' graveyards without being destroyed: 0 or less toughness (704.5f), 0 loyalty
        (704.5i), 0 defense (704.5v, 704.5w), the world rule (704.5k), Auras attached illegally (704.5m), a
        finished Saga (704.5s, sacrificed), Roles beside a newer one (704.5z)."""
        out = []
        worlds = {o.id: o.timestamp for o, chars in permanents if "World" in chars.supertypes}
        newest = max(worlds.values(), default=None)
        for obj, chars in permanents:
            if ("Creature" in chars.types and chars.toughness is not None and chars.toughness <= 0
                    or "Planeswalker" in chars.types and obj.counters.get("loyalty", 0) <= 0
                    or "Battle" in chars.types and obj.counters.get("defense", 0) <= 0 and not (
                        "Siege" in chars.subtypes and self._source_of_waiting_ability(obj.id))
                    or obj.id in worlds and (worlds[obj.id] != newest or list(worlds.values()).count(newest) > 1)
                    or "Aura" in chars.subtypes and not self.legally_enchanting(obj)
                    or "Saga" in chars.subtypes and self._saga_finished(obj, chars)):
                out.append(obj.id)
        return out + self._older_roles(permanents)

    def _destroyed(self, permanents: Permanents, lethal: set[int]) -> list[int]:
        """704.5g: lethal damage marked on a creature; 704.5h: damage from a source whose damage is lethal in
        any amount since the last check (both only with toughness greater than 0, and not for a creature that
        can't be destroyed: it ignores them, 702.12b)."""
        out = []
        for obj, chars in permanents:
            if "Creature" in chars.types and (chars.toughness or 0) > 0 and (
                    obj.damage > 0 and obj.damage >= chars.toughness or obj.id in lethal) and self.destroyable(obj.id):
                out.append(obj.id)
        return out

    def _legend_rule(self, permanents: Permanents) -> list[int]:
        """704.5j: a player with two or more legendary permanents of one name chooses one to keep; the rest go
        (players choose in APNAP order, 101.4)."""
        out: list[int] = []
        legendary = [(obj, chars.name) for obj, chars in permanents if "Legendary" in chars.supertypes and chars.name]
        if len(legendary) < 2:
            return out
        for player in self._apnap():
            named: dict[str, list[int]] = {}
            for obj, name in legendary:
                if obj.controller == player:
                    named.setdefault(name, []).append(obj.id)
            for name, ids in named.items():
                if len(ids) > 1:
                    kept = self.ask(Choice("objects", f"legend rule: {player} keeps one {name}", self.ordered(ids),
                                           1, rule="704.5j", player=player))
                    out += [i for i in ids if i not in kept]
        return out

    def _protectors(self, permanents: Permanents) -> tuple[list[tuple[int, str]], list[int]]:
        """704.5x, 704.5y: a battle not being attacked whose protector is missing or can't protect it gets one
        its controller chooses among those who may (310.9a, 310.12a: an opponent for a Siege; its controller
        for a battle with no battle type); with nobody to choose, it goes to the graveyard."""
        chosen, nobody = [], []
        for obj, chars in permanents:
            if "Battle" not in chars.types or any(o.attacking == obj.id for o, _ in permanents):
                continue
            legal = self._may_protect(obj, chars.subtypes)
            if obj.protector in legal:
                continue
            if not legal:
                nobody.append(obj.id)
                continue
            chosen.append((obj.id, legal[0] if len(legal) == 1 else self.ask(Choice(
                "option", f"{obj.controller} chooses the protector of {obj.card_name}", legal, rule="310.9a",
                player=obj.controller))))
        return chosen, nobody

    def _may_protect(self, battle: GameObject, subtypes: tuple[str, ...]) -> list[str]:
        """310.9a: the players its battle type allows, still in the game."""
        here = [p for p in self.state.order if not self.state.players[p].lost]
        if "Siege" in subtypes:
            return [p for p in here if p != battle.controller]
        if subtypes:
            raise error("E402", f"{battle.card_name}: the rules say who may protect a Siege, not a battle of type "
                        f"{', '.join(subtypes)}", rule="310.9a")
        return [battle.controller] if battle.controller in here else []

    def _unattached(self, permanents: Permanents, leaving: list[int]) -> list[int]:
        """704.5n: an Equipment or Fortification attached to what it can't be; 704.5p: a creature, battle or other
        permanent that attaches to nothing (no Aura, Equipment or Fortification) attached to anything."""
        out: list[int] = []
        attached = [(obj, chars) for obj, chars in permanents if obj.attached_to is not None and obj.id not in leaving]
        if not attached:
            return out
        types_of = {o.id: chars.types for o, chars in permanents}
        for obj, chars in attached:
            kinds = [k for k in ATTACHES_TO if k in chars.subtypes]
            if chars.types & {"Creature", "Battle"} or not kinds and "Aura" not in chars.subtypes:
                out.append(obj.id)
            elif kinds and not (obj.attached_to != obj.id and types_of.get(obj.attached_to, frozenset())
                                & {ATTACHES_TO[k] for k in kinds}):
                out.append(obj.id)   # not attached to another permanent of a type it can be attached to
            elif kinds and obj.attached_to in types_of and self.limited(obj.attached_to, ast.CantBeAttachedBy, chars):
                out.append(obj.id)   # 702.16d: what it is attached to can't be equipped or fortified by it
        return out

    def _older_roles(self, permanents: Permanents) -> list[int]:
        """704.5z: of the Roles one player controls attached to one permanent, all but the newest."""
        roles: dict[tuple[int, str], list[GameObject]] = {}
        for obj, chars in permanents:
            if obj.attached_to is not None and "Role" in chars.subtypes:
                roles.setdefault((obj.attached_to, obj.controller), []).append(obj)
        return [o.id for group in roles.values() for o in sorted(group, key=lambda o: o.timestamp)[:-1]]

    def _saga_finished(self, saga: GameObject, chars: Characteristics) -> bool:
        """704.5s, 714.4: lore counters at least its final chapter number, and none of its chapter abilities
        waiting to resolve."""
        chapters = [a for a in chars.abilities if isinstance(a, ast.TriggeredAbility)
                    and isinstance(a.trigger, ast.ChapterTrigger)]
        final = max((n for a in chapters for n in a.trigger.chapters), default=0)
        return bool(chapters) and saga.counters.get("lore", 0) >= final and not self._source_of_waiting_ability(
            saga.id, {id(a.effect) for a in chapters})

    def _source_of_waiting_ability(self, object_id: int, effects: set[int] | None = None) -> bool:
        """Whether the object is the source of a triggered ability (of these) that hasn't left the stack."""
        return any(item.context.source_id == object_id and not item.activated and item.object_id is None
                   and (effects is None or id(item.effect) in effects)
                   for item in list(self.state.stack) + list(self.state.pending_triggers))

    def _room_card_finished(self, player: str) -> bool:
        """704.5t, 309.6: the marker on the bottommost room, and no room ability of it waiting."""
        marker = self.state.players[player].marker
        return bool(marker) and not self.room_card_of(marker[0]).room(marker[1]).leads_to and not any(
            item.context.source_id == marker[0] for item in self.state.stack + self.state.pending_triggers)

    def _apnap(self) -> list[str]:
        """The players in the game, the active player first, then in turn order (101.4)."""
        order = self.state.order
        first = order.index(self.state.active)
        return [p for p in order[first:] + order[:first] if not self.state.players[p].lost]
