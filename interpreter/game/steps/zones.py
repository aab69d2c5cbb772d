"""Moving cards between zones and looking at them: draw, mill, shuffle, put, return, discard, exile, search,
look, reveal (400-406, 701).
"""
from __future__ import annotations

from ...language import ast
from ..choices import Choice
from ..events import Event
from ..mana import can_pay, parse_cost
from .base import PERMANENT_TYPES, Env, executes


class ZoneSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.Counter)
    def counter(self, node: ast.Counter, env: Env) -> list[int]:
        """701.6a: each spell leaves the stack (to its owner's graveyard, or the zone the effect says it is put
        into instead, or where a rule says)."""
        ids = self.objects(node.objects, env)
        for i in ids:
            item = next((item for item in self.state.stack if item.object_id == i), None)
            if item is None:
                raise self.refuse(f"{self.game.name_of(i)} isn't a spell on the stack", env, node, "701.6a")
            self.game.counter(item, env, node.zone)
        return ids

    @executes(ast.ShuffleInto)
    def shuffle_into(self, node: ast.ShuffleInto, env: Env) -> list[int]:
        """701.24: each object goes into its owner's library, then each such library is shuffled, even
        when the object had already left (the shuffle still happens)."""
        owners = []
        ids = self.objects(node.objects, env)
        for i in ids:
            owner = self.state.objects[i].owner
            self.game.move(i, node.zone, env=env)
            owners.append(owner)
        for owner in dict.fromkeys(owners or [self.game.owner_of(env.source_id) or env.player]):
            self.state.rng.shuffle(self.state.players[owner].zones["library"])
            self.game.emit(Event("shuffled", owner), env)
        return ids

    @executes(ast.ExileUntil)
    def exile_until(self, node: ast.ExileUntil, env: Env) -> list[int]:
        """610.3: exiled until the source leaves the battlefield, then returned (durations.py)."""
        return self.game.exile_until_left(self.objects(node.objects, env), env)

    @executes(ast.Return)
    def return_(self, node: ast.Return, env: Env) -> list[int]:
        """Return objects to a zone (their owner's, 400.3) or to the battlefield under your control (110.2), or
        under their owner's where the text says so; 'transformed', a double-faced card with its back face up, and
        a card that isn't one (or whose back face isn't a permanent's, 712.10) stays where it is (712.14a)."""
        ids = self.objects(node.objects, env)
        controller = env.player if node.zone == "battlefield" and not node.under_owner else None
        if node.transformed:
            ids = [i for i in ids if self.state.objects[i].card.back is not None and {
                t.lower() for t in self.state.objects[i].card.back.characteristics().types} & PERMANENT_TYPES]
        for i in ids:
            self.game.move(i, node.zone, controller=controller, env=env, transformed=node.transformed)
        return ids

    @executes(ast.Discard)
    def discard(self, node: ast.Discard, env: Env) -> list[int]:
        """701.9a: the player chooses the cards, or `at_random` chance does (701.9b); 'discard your hand' with no
        cards in it discards nothing."""
        hand = list(self.state.players[env.player].zones["hand"])
        if isinstance(node.objects, ast.CardsInZone):   # 'discard your hand'
            chosen = hand
        elif node.objects is not None:
            chosen = [i for i in self.objects(node.objects, env) if i in hand]
            if not chosen:
                raise self.refuse("it isn't in your hand to discard", env, node, "701.9a")
        elif node.at_random:
            chosen = self.state.rng.sample(hand, min(self.number(node.count, env), len(hand)))
        else:
            hand = [i for i in hand if self.matches(i, node.quality, env)]
            count = self.number(node.count, env)
            chosen = self.ask_objects(Choice("objects", f"{env.action_text}: discard {count}", hand,
                                             min(count, len(hand)), rule="701.9a"))
        self.game.discard(env.player, chosen, env)
        if node.bind:
            env.vars[node.bind] = chosen
        return chosen

    @executes(ast.PutInLibrary)
    def put_in_library(self, node: ast.PutInLibrary, env: Env) -> list[int]:
        """401.4: on top of or on the bottom of its owner's library, one after another in the order given (the
        last one put on top is the top card), in a random order if the text says so, or with N-1 cards above
        it ('third from the top'). A card already in that library moves there as the same object; one from
        another zone becomes a new object (400.7)."""
        moved = []
        ids = self.objects(node.objects, env)
        if node.random_order:
            self.state.rng.shuffle(ids)
        elif node.any_order and len(ids) > 1:
            ids = self.game.ask(Choice("objects", f"{env.action_text}: the order they go {'on top' if node.top else 'to the bottom'}"
                                       " (the last one put on top is the top card)", ids, len(ids), rule="401.4"))
        depth = self.number(node.depth, env) if node.depth is not None else 0
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone != "library":
                obj = self.game.move(i, "library", env=env)
            library = self.state.players[obj.owner].zones["library"]
            library.remove(obj.id)
            library.insert(min(depth, len(library)) if node.top else len(library), obj.id)
            moved.append(obj.id)
        return moved

    @executes(ast.ExileFromZone)
    def exile_from_zone(self, node: ast.ExileFromZone, env: Env) -> list[int]:
        options = [i for i in self.cards_in_zone(ast.CardsInZone(node.quality, node.zone), env)
                   if not (node.other and i == env.source_id)]
        count = self.number(node.count, env)
        if len(options) < count:
            raise self.refuse(f"needs {count} cards in your {node.zone}, there {'is' if len(options) == 1 else 'are'}"
                              f" {len(options)}", env, node)
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: exile {count} from your {node.zone}",
                                         options, count, rule=env.rule))
        return self.exile_cards(chosen, env)

    @executes(ast.ExileTotalManaValue)
    def exile_total_mana_value(self, node: ast.ExileTotalManaValue, env: Env) -> list[int]:
        """Any number of cards whose mana values add up to at least N; impossible when all of them don't."""
        options = self.cards_in_zone(ast.CardsInZone(None, node.zone), env)
        total = self.number(node.total, env)

        def value(ids: list[int]) -> int:
            return sum(self.state.objects[i].card.front.characteristics().mana_value for i in ids)
        if value(options) < total:
            raise self.refuse(f"the cards in your {node.zone} have total mana value {value(options)}, "
                              f"less than {total}", env, node)
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: exile cards with total mana value {total} "
                                         "or greater", options, len(options), True, env.rule))
        if value(chosen) < total:
            raise self.refuse(f"the chosen cards have total mana value {value(chosen)}, less than {total}",
                              env, node)
        return self.exile_cards(chosen, env)

    @executes(ast.CounterUnlessPays)
    def counter_unless_pays(self, node: ast.CounterUnlessPays, env: Env) -> list[int] | None:
        """701.6a, 118.12: its controller may pay; if they don't, it is countered (removed from the stack)."""
        spells = None  # 'that spell or ability' (ward's) acts on no object the text names
        if node.objects is not None:  # 'counter target spell unless ...'
            spells = self.objects(node.objects, env)
            item = next((i for i in self.state.stack if i.object_id is not None and i.object_id in spells), None)
        else:
            cause = env.vars.get("_cause")
            item = next((i for i in self.state.stack if i.context.id == cause), None)
        if item is None:
            return spells  # it already left the stack
        value = env.vars.get(node.cost.name) if isinstance(node.cost, ast.Var) else node.cost
        payer = item.controller
        if isinstance(value, ast.Costs):  # a cost other than mana ('Ward—Pay 3 life', 702.21a)
            if self.may_pay(payer, value, f"so that {item.source_name} isn't countered", env, "118.12"):
                return spells
            self.game.counter(item, env)
            return spells
        cost = parse_cost(str(value))
        if can_pay(self.state.players[payer].pool, cost):
            answer = self.game.ask(Choice("yes_no", f"{payer}: pay {''.join(f'{{{c}}}' for c in cost)} so that "
                                          f"{item.source_name} isn't countered?", rule="118.12", player=payer))
            if answer == "yes":
                self.game.pay_mana(payer, cost, f"{item.source_name}")
                return spells
        self.game.counter(item, env)
        return spells

    @executes(ast.Search)
    def search(self, node: ast.Search, env: Env) -> list[int]:
        """701.23: find up to N cards of that quality in your library (a search may fail to find)."""
        library = self.state.players[env.player].zones["library"]
        options = [i for i in library
                   if self.chars_match(self.state.objects[i].card.front.characteristics(), node.quality, env)]
        count = self.number(node.count, env)
        found = self.game.ask(Choice("objects", f"{env.action_text}: search for {count} "
                                     f"{self.describe_quality(node.quality, env)}",
                                     options, count, True, "701.23a")) if options else []
        if node.bind:
            env.vars[node.bind] = found
        return found

    @executes(ast.MayPlay)
    def may_play(self, node: ast.MayPlay, env: Env) -> list[int]:
        """601.2a, 305.1: the player may play those cards from where they are, for as long as the duration
        says (611.2a) and they stay there (400.7)."""
        ids = self.objects(node.objects, env)
        until = self.game.until(node.duration, env)
        for i in ids:
            self.state.objects[i].playable_by = env.player
            self.state.objects[i].playable_until = until
        return ids

    @executes(ast.CastFree)
    def cast_free(self, node: ast.CastFree, env: Env) -> list[int]:
        """'cast one of them without paying its mana cost' — cast now, during resolution (608.2g, 118.9).
        Only cards that can be cast are options (601.2: not a land, its targets can be chosen ...), and,
        with a cap, only those whose spell would have mana value N or less (the printed one: X is 0 on the
        stack only once chosen, 107.3m, which casting this way doesn't choose)."""
        cap = self.number(node.max_mana_value, env) if node.max_mana_value is not None else None
        options = [i for i in self.objects(node.objects, env)
                   if "land" not in {t.lower() for t in self.state.objects[i].card.front.types}
                   and node.from_zone in (None, self.state.objects[i].zone)
                   and (cap is None or self.state.objects[i].card.front.characteristics().mana_value <= cap)
                   and self.game.try_out(lambda i=i: self.game.cast_now(env.player, i)) is None]
        count = len(options) if node.count is None else min(self.number(node.count, env), len(options))
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: cast {count} without paying its mana cost",
                                         options, count, rule="118.9"))
        for i in chosen:
            self.game.cast_now(env.player, i)
        return chosen

    @executes(ast.Draw)
    def draw(self, node: ast.Draw, env: Env) -> list[int]:
        """121.2: one card at a time; each draw from an empty library draws nothing and is remembered (121.4)."""
        drawn = [self.game.draw(env.player, env) for _ in range(self.number(node.count, env))]
        return [i for i in drawn if i is not None]

    @executes(ast.Mill)
    def mill(self, node: ast.Mill, env: Env) -> list[int]:
        milled = list(self.state.players[env.player].zones["library"][: self.number(node.count, env)])
        for card_id in milled:
            new = self.game.move(card_id, "graveyard", env=env)
            self.game.emit(Event("milled", env.player, new.card_name, new.id), env)
        if node.bind:
            env.vars[node.bind] = milled
        return milled

    @executes(ast.Shuffle)
    def shuffle(self, node: ast.Shuffle, env: Env) -> None:
        self.state.rng.shuffle(self.state.players[env.player].zones["library"])
        self.game.emit(Event("shuffled", env.player), env)

    @executes(ast.PutIntoZone)
    def put_into_zone(self, node: ast.PutIntoZone, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        if node.zone == "exile":
            return self.exile_cards(ids, env, node.face_down_as)
        for i in ids:
            self.game.move(i, node.zone, face_down=node.face_down_as, env=env)  # 400.3: owner's zone
        return ids

    @executes(ast.PutOntoBattlefield)
    def put_onto_battlefield(self, node: ast.PutOntoBattlefield, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:  # one at a time (701.40e)
            if node.face_down_as and self.state.objects[i].face_down:
                continue  # 708.2b: a face-down object can't be turned face down
            counters = tuple((self.number(count, env), kind) for count, kind in node.counters)
            new = self.game.move(i, "battlefield", controller=env.player, face_down=node.face_down_as, env=env,
                                 counters=counters)
            if node.with_ability is not None:
                new.extra_abilities = (node.with_ability,)
            if node.tapped:  # 110.5b: it enters tapped
                new.tapped = True
        return ids

    @executes(ast.Look)
    def look(self, node: ast.Look, env: Env) -> list[int]:
        found = self.objects(node.objects, env)
        self.shown(node.objects, found, env)
        if node.bind:
            env.vars[node.bind] = found
        return found

    @executes(ast.Choose)
    def choose(self, node: ast.Choose, env: Env) -> list[int]:
        options = self.objects(node.objects, env)
        count = len(options) if node.any_number else self.number(node.count, env)
        if not node.up_to and len(options) < count and not node.if_able:
            have = "none" if not options else f"only {len(options)}"
            raise self.refuse(f"needs {count} of {self.describe(node.objects, env)}, and there {'is' if len(options) == 1 else 'are'} {have}",
                              env, node)
        choice = Choice("objects", f"{env.action_text or 'a choice'}: choose {'up to ' if node.up_to else ''}{count} "
                        f"of {self.describe(node.objects, env)}", options, count, node.up_to, env.rule)
        chosen = self.ask_objects(choice)
        if node.bind:
            env.vars[node.bind] = chosen
        return chosen

    @executes(ast.Reveal)
    def reveal(self, node: ast.Reveal, env: Env) -> list[int]:
        found = self.reveal_cards(self.objects(node.objects, env), env)
        self.shown(node.objects, found, env)
        if node.bind:
            env.vars[node.bind] = found
        return found

    def reveal_cards(self, ids: list[int], env: Env) -> list[int]:
        """701.20a: each hidden object is shown to all players (one already public stays as it is)."""
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone in ("hand", "library", "sideboard") or obj.face_down:
                self.state.reveal(obj, env.context.id)
                self.game.emit(Event("revealed", obj.owner, obj.card_name, obj.id), env)
        return ids
