"""The references the legal-action listing names objects by (legal.py): holder.zone:Name, with #K where several
objects of one zone and holder have that name, as `Game.find` resolves them; and what they read, to tell when a
zone's are the same again."""
from __future__ import annotations

import operator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState


def zone_refs(game: "Game", zone: str, holder: str) -> dict[int, str]:
    """The references `game.find` resolves to exactly each object of one zone of one holder (its controller on the
    battlefield, else its owner): holder.zone:Name, with #K where several have that name (in zone order,
    `Game.ordered`'s order for objects of one zone and holder)."""
    state = game.state
    objects = state.objects
    listed = (state.battlefield if zone == "battlefield" else [s.object_id for s in state.stack]
              if zone == "stack" else state.players[holder].zones[zone])
    named: dict[str, list[int]] = {}
    for i in listed:
        obj = objects[i] if i is not None else None
        if obj is not None and (obj.controller if obj.zone == "battlefield" else obj.owner) == holder:
            named.setdefault(obj.card.name, []).append(i)   # `card_name`, read without a call
    refs = {}
    for name, ids in named.items():
        ref = f"{holder}.{zone}:{name}"
        for n, i in enumerate(ids):
            if objects[i].zone == zone:
                refs[i] = ref if len(ids) == 1 else f"{ref}#{n + 1}"
    return refs


def zone_read(state: "GameState", zone: str, holder: str) -> tuple[list, list]:
    """What `zone_refs` reads of one zone of one holder that can change: the objects listed in it (an object's card,
    owner and zone never change: a zone change makes a new object, 400.7), and on the battlefield, shared by the
    players, each one's controller."""
    objects = state.objects
    if zone == "battlefield":
        listed = list(map(objects.__getitem__, state.battlefield))
        return listed, list(map(_CONTROLLER, listed))
    if zone == "stack":
        return [objects.get(s.object_id) for s in state.stack], []
    return list(map(objects.__getitem__, state.players[holder].zones[zone])), []


def same_read(read: tuple[list, list], last: tuple[list, list]) -> bool:
    """Whether a zone's read (`zone_read`) is the last one: the same objects, in order, and the same controllers."""
    return len(read[0]) == len(last[0]) and all(map(operator.is_, read[0], last[0])) and read[1] == last[1]


_CONTROLLER = operator.attrgetter("controller")
