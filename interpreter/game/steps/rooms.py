"""Room cards (309): bringing one into the command zone, moving its marker, completing it."""
from __future__ import annotations

from ...language import ast
from ..choices import Choice
from .base import Env, executes


class RoomSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.NoRoomCard)
    def no_room_card(self, node: ast.NoRoomCard, env: Env) -> bool:
        return self.state.players[env.player].marker is None

    @executes(ast.MarkerAtBottom)
    def marker_at_bottom(self, node: ast.MarkerAtBottom, env: Env) -> bool:
        marker = self.state.players[env.player].marker
        return marker is not None and not self.game.room_card_of(marker[0]).room(marker[1]).leads_to

    @executes(ast.EnterRoomCard)
    def enter_room_card(self, node: ast.EnterRoomCard, env: Env) -> None:
        """309.2a, 309.4a: bring one in from outside the game; the marker goes on its topmost room."""
        if self.state.players[env.player].marker is not None:
            raise self.refuse("you already have one in the command zone", env, node, "309.3")
        words = self.quality(node.quality, env).words if node.quality is not None else None
        cards = self.game.rulebook.room_cards.values()
        if words is None:
            options = [c.name for c in cards if not c.only_by_quality]
        else:
            options = [c.name for c in cards if all(w in c.subtypes or w == c.name for w in words)]
        if not options:
            raise self.refuse(f"there is none to choose{' with the quality ' + ' '.join(words) if words else ''}",
                              env, node, "701.49d" if words else "701.49a")
        name = options[0] if len(options) == 1 else self.game.ask(
            Choice("option", f"{env.action_text}: which one", options, rule="309.2a"))
        card = self.game.rulebook.room_cards[name]
        obj = self.game.bring_room_card(env.player, card)
        self.game.move_marker(env.player, obj.id, card.rooms[0].name, env)

    @executes(ast.CompleteRoomCard)
    def complete_room_card(self, node: ast.CompleteRoomCard, env: Env) -> None:
        self.game.complete_room_card(env.player, env)

    @executes(ast.AdvanceMarker)
    def advance_marker(self, node: ast.AdvanceMarker, env: Env) -> None:
        """309.5a: follow an arrow pointing away from the current room; the player picks among several."""
        marker = self.state.players[env.player].marker
        if marker is None:
            raise self.refuse("your marker is on no room", env, node, "309.5a")
        card = self.game.room_card_of(marker[0])
        options = list(card.room(marker[1]).leads_to)
        if not options:
            raise self.refuse(f"{marker[1]} is the bottommost room", env, node, "309.5b")
        room = options[0] if len(options) == 1 else self.game.ask(
            Choice("option", f"{env.action_text}: which room", options, rule="309.5a"))
        self.game.move_marker(env.player, marker[0], room, env)
