"""What a player may see (400.2, 708.5): `view(game, viewer)`.

A player sees public zones, their own hand, their own face-down objects,
and only the size of other hands and of every library. Objects appear as
entry dicts, the same shape scenario expectations use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .state import GameObject

if TYPE_CHECKING:
    from .game import Game

VIEW_ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "command", "stack")


def entry(game: "Game", obj: GameObject, hidden: bool = False) -> dict:
    """An object as an entry dict; `hidden` leaves out what identifies a face-down card."""
    chars = game.characteristics(obj.id)
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
        "attached_to": game.name_of(obj.attached_to) if obj.attached_to in game.state.objects else None,
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
    """Every player's zones as `viewer` sees them."""
    state = game.state
    out: dict = {}
    for player in state.order:
        zones: dict = {}
        for zone in VIEW_ZONES:
            objects = state.in_zone(zone, player)
            if zone == "library" or zone == "hand" and player != viewer:
                zones[zone] = {"size": len(objects)}
            else:
                zones[zone] = [entry(game, o, hidden=not may_look(viewer, o)) for o in objects]
        out[player] = zones
    return out
