"""What a player may see (400.2, 708.5): `view(game, viewer)`.

A player sees public zones, their own hand, their own face-down objects,
and only the size of other hands and of every library (and the top card of
their own where a static ability lets them look at it any time, 401.2); every player's
life, counters and lands played this turn, and whether they lost. Objects
appear as entry dicts, the same shape scenario expectations use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..language import ast
from .state import GameObject

if TYPE_CHECKING:
    from .game import Game

VIEW_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "command", "stack")
#: What anyone may know of a player besides their zones (119.1, 122.1, 305.2, 104.3).
PLAYER_FACTS = ("life", "counters", "lands_played", "lost")
#: How an object another one points at (attached to, attacked, blocked) reads when the viewer may not look at it.
UNSEEN = "face-down permanent"


def entry(game: "Game", obj: GameObject, hidden: bool = False, viewer: str | None = None) -> dict:
    """An object as an entry dict; `hidden` leaves out what identifies a face-down card, and the objects it
    points at are named as `viewer` may see them (all of them for no viewer)."""
    chars = game.characteristics(obj.id)

    def label(object_id: int | str | None, gone: bool = True) -> str | None:
        """A player's name, or an object's as the viewer may see it; with `gone`, one no longer there by its
        last known name (an attacker keeps attacking a planeswalker that left, 506.4c), else None (an
        attachment to what left is none, 704.5m-n)."""
        if not isinstance(object_id, int):
            return object_id
        other = game.state.objects.get(object_id)
        if other is None:
            return (game.last_known(object_id).name or f"object {object_id}") if gone else None
        return other.card_name if viewer is None or may_look(viewer, other) else UNSEEN

    return {
        "card": None if hidden else obj.card_name,
        "name": chars.name,
        "face_down": obj.face_down or False,
        "tapped": obj.tapped,
        "counters": dict(obj.counters),
        "power": chars.power,
        "toughness": chars.toughness,
        "types": sorted(chars.types),
        "subtypes": list(chars.subtypes),
        "colors": sorted(chars.colors),
        "mana_value": chars.mana_value,
        "token": obj.is_token,
        "controller": obj.controller,
        "revealed": bool(obj.revealed_by),
        "attached_to": label(obj.attached_to, gone=False),
        "damage": obj.damage,
        "attacking": label(obj.attacking),
        "blocking": [label(i) for i in obj.blocking],
        "blocked": obj.blocked,
        "transformed": obj.back_face_up,
        "phased_out": obj.phased_out,
        **{designation: True for designation in obj.designations},
    }


def may_look(viewer: str, obj: GameObject) -> bool:
    """708.5: you may look at face-down spells and permanents you control, no others; a card exiled
    face down may be looked at by its owner (the rule that exiles it says so, e.g. 702.143a)."""
    if not obj.face_down:
        return True
    if obj.zone == "exile":
        return obj.owner == viewer
    return obj.zone in ("battlefield", "stack") and obj.controller == viewer


def view(game: "Game", viewer: str) -> dict:
    """Every player's zones and public figures as `viewer` sees them."""
    state = game.state
    out: dict = {}
    for player in state.order:
        figures = state.players[player]
        seen: dict = {"life": figures.life, "counters": dict(figures.counters), "lands_played": figures.lands_played,
                      "lost": figures.lost}
        for zone in VIEW_ZONES:
            objects = state.in_zone(zone, player, phased=True)
            if zone == "library" or zone == "hand" and player != viewer:
                seen[zone] = {"size": len(objects)}
                if zone == "library" and objects and player == viewer and next(
                        game.player_statics(viewer, ast.LookAtTopAnyTime), None) is not None:   # 401.2
                    seen[zone]["top"] = [entry(game, objects[0], viewer=viewer)]
            else:
                seen[zone] = [entry(game, o, hidden=not may_look(viewer, o), viewer=viewer) for o in objects]
        out[player] = seen
    return out
