"""A human at the terminal (`mtgrules play`): sees only their own view of the game (view.py, 400.2, 708.5),
picks an action by number, and answers the game's questions as `mtgrules test --ask` does."""
from __future__ import annotations

from typing import Callable

from ..diagnostics import error
from ..game.choices import InteractiveChooser
from ..game.legal import Action, Legal
from ..game.view import UNSEEN, may_look, view


def _entry_text(entry: dict) -> str:
    name = entry["card"] or f"face-down {entry['name'] or 'card'}"
    size = f" {entry['power']}/{entry['toughness']}" if entry["power"] is not None else ""
    marks = [m for m in ("tapped", "attacking", "blocked") if entry.get(m)]
    marks += [f"{n} {k}" for k, n in entry["counters"].items()]
    marks += [f"{entry['damage']} damage"] if entry["damage"] else []
    return name + size + (f" ({', '.join(marks)})" if marks else "")


def render_view(seen: dict, viewer: str) -> str:
    """The viewer's view as lines: each player's life, hand, battlefield and graveyard."""
    lines = []
    for player, zones in seen.items():
        lines.append(f"{player}{' (you)' if player == viewer else ''}: life {zones['life']}, library "
                     f"{zones['library']['size']}")
        hand = zones["hand"]
        lines.append("  hand: " + (f"{hand['size']} cards" if isinstance(hand, dict) else
                                   ", ".join(_entry_text(e) for e in hand) or "-"))
        for zone in ("battlefield", "graveyard", "exile", "stack"):
            if zones[zone]:
                lines.append(f"  {zone}: " + ", ".join(_entry_text(e) for e in zones[zone]))
    return "\n".join(lines)


class HumanPlayer:
    """Actions and answers from the terminal (or any `ask` function)."""

    def __init__(self, name: str, ask: Callable[[str], str] | None = None):
        """`ask`: how a reply is read; by default the terminal's `input` as it is when the player is made (not
        when this module was imported: a test replaces it)."""
        self.name, self.ask = name, ask or input
        self.chooser = InteractiveChooser(self.ask)

    def act(self, legal: Legal, player: str, candidates: list[Action]) -> Action:
        game = legal.game
        actions = [a for a in candidates if legal.checked(player, a)]
        state = game.state
        print(f"\n-- turn {state.turn} ({state.active}), {state.step}"
              + (f"; stack: {', '.join(i.source_name or '?' for i in state.stack)}" if state.stack else ""))
        print(render_view(view(game, self.name), self.name))
        for n, action in enumerate(actions, 1):
            print(f"  {n}. {self.shown(legal, action)}")
        while True:
            try:
                reply = self.ask("your action (number): ").strip()
            except EOFError:
                raise error("E403", "no action given at the terminal") from None
            if reply.isdigit() and 1 <= int(reply) <= len(actions):
                return actions[int(reply) - 1]
            print(f"  a number from 1 to {len(actions)}")

    def shown(self, legal: Legal, action: Action) -> str:
        """The action as this player may read it: with its answers given up front (which ability, which way of
        turning it face up: two actions of one text differ by them); a block names a face-down attacker as such
        (708.5)."""
        if action.kind != "block":
            return action.text + (f" ({', '.join(action.answers)})" if action.answers else "")
        objects = legal.game.state.objects

        def label(object_id: int) -> str:
            obj = objects[object_id]
            return obj.card_name if may_look(self.name, obj) else f"{UNSEEN} {object_id}"
        return "; ".join(f"block {label(a)} with {label(b)}" for a, b in action.pairs)
