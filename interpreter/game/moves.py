"""Objects coming and going: moving between zones (400.7), tokens and copies (111, 707), room cards in the
command zone (309), paying mana and life (118).
"""
from __future__ import annotations

from ..diagnostics import did_you_mean, error
from ..language import ast
from .characteristics import Face
from .events import Event
from .mana import COLOR_LETTERS, parse_pool, pay
from .state import LEAVES_TO_EXILE, CardDef, GameObject, LastKnown
from .steps import Env



class Moves:
    """Objects coming and going; a part of `Game`."""

    def move(self, object_id: int, zone: str, controller: str | None = None, face_down: str | None = None,
             env: Env | None = None, known: LastKnown | None = None,
             counters: tuple[tuple[int, str], ...] = (), x_paid: int | None = None,
             paid: tuple[str, ...] = (), transformed: bool = False) -> GameObject:
        """Move an object to a zone as a new object (400.7), with the events that go with it. A permanent
        leaving the battlefield is remembered as it last existed there (608.2h), or as `known` says when it
        left together with others (704.8: as they all were before); one put into a graveyard from the
        battlefield dies (700.4); one entering the battlefield enters with `counters` and those its own
        abilities give it (614.1c), with its back face up if `transformed` (712.14a), its X being `x_paid` (the X of the spell it was, 107.3m) and the keyword
        costs paid for that spell `paid` (601.2b: 'if it was kicked'). A replacement effect of a static ability
        may happen instead (replacing.py)."""
        state = self.state
        old = state.objects[object_id]
        if old.zone == "battlefield" and LEAVES_TO_EXILE in old.designations:
            zone = "exile"  # 614.1a: an effect said to exile it instead of putting it anywhere else
        replaced = self.replaced_move(object_id, zone, known)
        if replaced is not None:
            return replaced   # 614.6: what replaced the move happened instead
        enchanting = None
        if zone == "battlefield" and old.zone != "stack" and not face_down and "Aura" in old.card.front.subtypes:
            enchanting = self.aura_entering(old, controller or old.owner)   # 303.4i
            if enchanting is None:
                return old   # it can enchant nothing: it stays where it is
        if old.zone == "battlefield" and old.face_down:
            self.emit(Event("revealed", old.owner, old.card_name, old.id), env)  # 708.9
        leaving = old.zone == "battlefield"
        if leaving:
            known = known or self.last_known(old.id)._replace(left_at=state.clock)
            state.last_known[old.id] = known
        state.remove(old)
        if old.parts:  # 712.21: one permanent leaves, its two cards arrive
            new, *others = [state.create(part, old.owner, zone) for part in old.parts]
        else:
            new = state.create(old.card, old.owner, zone, position=None, is_token=old.is_token)
        if zone == "battlefield":
            new.controller = controller or old.owner
            new.summoning_sick = True
            new.x_paid = x_paid
            new.costs_paid = paid
            new.back_face_up = transformed or self.enters_transformed(new.id)
            if enchanting is not None:
                self.attach(new, enchanting)
        if face_down:
            new.face_down, new.face_down_at = face_down, state.clock
        state.moved[object_id] = new.id
        state.moved_by[object_id] = env.context.id if env is not None else 0
        self.emit(Event("moved", new.owner, new.card_name, new.id, zone=old.zone), env)
        if leaving:
            self.emit(Event("left", old.controller, old.card_name, old.id, known.characteristics), env)
            if zone == "graveyard":
                self.emit(Event("died", old.controller, old.card_name, old.id, known.characteristics), env)
        if zone == "battlefield":
            self.enter_with_counters(new, counters, env)
            self.as_it_enters(new, env)
            self.emit(Event("entered", new.controller, new.card_name, new.id), env)
            self.immediate_rules([new.id])
        if leaving:
            self.source_changed(env)
        return new

    def sacrifice(self, object_id: int, env: Env | None) -> None:
        """701.21a: the permanent's controller moves it to its owner's graveyard; the event 'sacrificed' comes
        first, seeing it as it is (what 'whenever you sacrifice a creature' reads)."""
        obj = self.state.objects[object_id]
        self.emit(Event("sacrificed", obj.controller, obj.card_name, obj.id, self.characteristics(object_id)), env)
        self.move(object_id, "graveyard", env=env)

    def leaving_together(self, ids: list[int]) -> dict[int, LastKnown]:
        """Permanents about to leave the battlefield at once, each as it is now (704.8), sharing one moment of
        leaving: each sees the others leave (603.10a)."""
        at = self.state.tick()
        return {i: self.last_known(i)._replace(left_at=at) for i in ids}

    def draw(self, player: str, env: Env | None) -> int | None:
        """121.1: the top card of the player's library goes to their hand; from an empty library nothing is
        drawn, and the attempt is remembered until state-based actions are checked (121.4, 704.5b). A card in
        their graveyard may replace the draw (614.11, 702.52a)."""
        if self.replace_draw(player, env):
            return None
        library = self.state.players[player].zones["library"]
        if not library:
            self.state.empty_draws.add(player)
            return None
        top = library[0]
        new = self.move(top, "hand", env=env)
        self.emit(Event("drew", player, new.card_name, new.id), env)
        return top

    def create_token(self, env: Env, words: tuple[str, ...], colors: tuple[str, ...], power: int | None,
                     toughness: int | None, abilities: tuple = (), name: str | None = None,
                     supertypes: tuple[str, ...] = ()) -> GameObject:
        """Create a token (111.1): types from the card-type words, the rest are subtypes."""
        types, subtypes = self.split_types(words)
        letters = tuple(COLOR_LETTERS.get(c.lower(), c) for c in colors)
        face = Face(name or " ".join(subtypes), None, frozenset(letters), types, supertypes, subtypes, power,
                    toughness, abilities)
        return self.put_token(env, CardDef(face.name, face))

    def split_types(self, words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Card types and subtypes among a token's type words (205.2a, 205.3)."""
        card_types = {t.lower(): t for t in self.rulebook.card_types}
        return (tuple(card_types[w.lower()] for w in words if w.lower() in card_types),
                tuple(w for w in words if w.lower() not in card_types))

    def put_token(self, env: Env, card: CardDef, counters: dict[str, int] | None = None) -> GameObject:
        """The token is created on the battlefield under the player's control (111.2), with the counters it
        enters with (122.6)."""
        token = self.state.create(card, env.player, "battlefield", is_token=True)
        token.summoning_sick = True
        for kind, amount in (counters or {}).items():
            token.counters[kind] = token.counters.get(kind, 0) + amount
        self.emit(Event("token_created", env.player, token.card_name, token.id), env)
        self.emit(Event("entered", env.player, token.card_name, token.id), env)
        return token

    def put_combined(self, env: Env, ids: list[int], name: str, node: ast.Node) -> GameObject:
        """712.4a: the two cards enter as one permanent with the combined face's characteristics."""
        card = self.cards.get(name)
        if card is None:
            raise error("E404", f"no card named '{name}' is defined", node.span, rule="712.4a",
                        help=did_you_mean(name, self.cards))
        parts = tuple(self.state.objects[i].card for i in ids)
        owner = self.state.objects[ids[0]].owner
        for i in ids:
            self.state.remove(self.state.objects[i])
        new = self.state.create(card, owner, "battlefield")
        new.controller, new.parts, new.summoning_sick = env.player, parts, True
        for i in ids:
            self.state.moved[i] = new.id
            self.state.moved_by[i] = env.context.id
        self.emit(Event("moved", owner, card.name, new.id), env)
        self.emit(Event("entered", env.player, card.name, new.id), env)
        return new

    def copiable_values(self, object_id: int) -> Face:
        """707.2: what a copy copies — the card's (or the token's, or the copied) printed values, or
        the face-down characteristics (708.2: they are copiable values); no counters or other effects.
        Of a permanent that has left the battlefield, as it last existed there (608.2h)."""
        if object_id not in self.state.objects:
            return self.state.last_known[object_id].copiable
        obj = self.state.objects[object_id]
        if obj.face_down and self._face_down is not None:
            fd = self._face_down
            return Face(None, None, frozenset(), tuple(fd.types), (), (), fd.power, fd.toughness,
                        obj.extra_abilities)
        return obj.card.front

    def create_copy_token(self, env: Env, object_id: int, face: Face | None = None) -> GameObject:
        """111.1, 707.2: a token with the copiable values of the object (or `face`, those values with a copy
        effect's exceptions, 707.9b), face up."""
        face = face or self.copiable_values(object_id)
        token = self.state.create(CardDef(face.name or "", face), env.player, "battlefield", is_token=True)
        token.summoning_sick = True
        self.emit(Event("token_created", env.player, token.card_name, token.id), env)
        self.emit(Event("entered", env.player, token.card_name, token.id), env)
        return token

    def create_named_token(self, env: Env, name: str, node: ast.CreateNamedToken) -> GameObject:
        """A predefined token from rules/ (111.10): 'create a Treasure token'."""
        definition = self.rulebook.tokens.get(name)
        if definition is None:
            raise error("E404", f"no token named '{name}' is defined", node.span, rule="111.10",
                        help=did_you_mean(name, self.rulebook.tokens))
        front, back = self.token_face(definition), None
        if definition.back is not None:  # a double-faced token (712.2): its back face is another definition
            back_definition = self.rulebook.tokens.get(definition.back)
            if back_definition is None:
                raise error("E404", f"the back face of the {name} token, '{definition.back}', is not a defined "
                            "token", node.span, rule="111.10", help=did_you_mean(definition.back, self.rulebook.tokens))
            back = self.token_face(back_definition)
        counters = {node.kind: self.interpreter.number(node.count, env)} if node.count is not None else None
        return self.put_token(env, CardDef(front.name, front, back), counters)

    def token_face(self, definition: ast.TokenDefinition) -> Face:
        """The face a predefined token's definition gives (111.10)."""
        abilities = tuple(self.rulebook.parse_card_line(line, definition.name) for line in definition.text)
        types, subtypes = self.split_types(definition.types + definition.subtypes)
        letters = tuple(COLOR_LETTERS.get(c.lower(), c) for c in definition.colors)
        return Face(definition.name, None, frozenset(letters), types, (), subtypes, definition.power,
                    definition.toughness, abilities)

    def land_mana_types(self, player: str) -> list[str]:
        """106.7: the types of mana lands the player controls could produce (their own 'any type' abilities aside)."""
        found: set[str] = set()
        for obj in self.state.in_zone("battlefield", player):
            chars = self.characteristics(obj.id)
            if "Land" not in chars.types:
                continue
            for ability in chars.abilities:
                if isinstance(ability, ast.ActivatedAbility):
                    for node in ast.walk(ability.effect):
                        if isinstance(node, ast.AddMana) and node.makes:
                            found.update(t for made in node.makes for t in parse_pool(made))
                        elif isinstance(node, ast.AddMana) and node.any_color:
                            found.update("WUBRG")
                        elif isinstance(node, ast.AddMana) and node.chosen is not None:   # 607.2d
                            found.update(obj.chosen_mana())
        return [t for t in "WUBRGC" if t in found]

    def room_card_of(self, object_id: int) -> ast.RoomCard:
        return self.rulebook.room_cards[self.state.objects[object_id].card_name]

    def bring_room_card(self, player: str, card: ast.RoomCard) -> GameObject:
        """309.2a: the card comes from outside the game into its owner's command zone."""
        face = Face(card.name, None, frozenset(), (card.card_type,), (), card.subtypes, None, None)
        return self.state.create(CardDef(card.name, face), player, "command")

    def move_marker(self, player: str, object_id: int, room: str, env: Env | None) -> None:
        """The marker moves into a room; its room ability triggers (309.4c)."""
        self.state.players[player].marker = (object_id, room)
        self.emit(Event("marker_moved", player, self.state.objects[object_id].card_name, object_id), env)

    def complete_room_card(self, player: str, env: Env | None) -> None:
        """309.7: the card is removed from the game and the player completes it."""
        figures = self.state.players[player]
        if figures.marker is None:
            return
        obj = self.state.objects[figures.marker[0]]
        card = self.room_card_of(obj.id)
        self.state.remove(obj)
        figures.marker = None
        figures.completed.append(card.name)
        if card.event:
            self.emit(Event(card.event, player, card.name), env)

    def discard(self, player: str, ids: list[int], env: Env | None) -> None:
        """701.9a: the cards go from the player's hand to their owner's graveyard, or where an ability of the
        card replaces that (614.1a); the abilities linked to that replacement trigger (607.2)."""
        for i in ids:
            zone = self.discard_destination(i)
            new = self.move(i, zone, env=env)
            self.emit(Event("discarded", player, new.card_name, new.id), env)
            if zone != "graveyard":
                self.exiled_this_way(new.id, env)

    def pay_mana(self, player: str, cost: tuple[str, ...], what: str, rule: str = "601.2h") -> None:
        """Pay mana from the player's pool; a cost of no mana is paid by acknowledging it (118.5): the pool stays
        as it is."""
        if cost:
            self.state.players[player].pool = pay(self.state.players[player].pool, cost, what, rule)

    def pay_life(self, player: str, amount: int, what: str) -> None:
        """119.4: a player can pay life only up to their life total; 0 life always (nothing changes)."""
        if not amount:
            return
        if amount > self.state.players[player].life:
            raise error("E401", f"can't pay {amount} life for {what}: {player} has "
                        f"{self.state.players[player].life}", rule="119.4")
        self.state.players[player].life -= amount
