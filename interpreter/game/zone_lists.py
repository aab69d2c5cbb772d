"""The lists of the zones' objects (each player's zones, the battlefield): journaled lists (journaled.py) that also
say, by a stamp, whether they changed, so that what reads a few zones of many is kept by their stamps alone
(offers.py `footprint_stamps`)."""
from __future__ import annotations

import functools
import itertools
from typing import Any, Callable

from .journaled import JList

_ZONE_STAMPS = itertools.count()


class ZoneList(JList):
    """A zone's list, with a stamp that each change gives it anew (`stamp`, never given before; not undone: a
    rollback moves `journaled.counted_writes`): while it is the same, so are the zone's contents."""

    __slots__ = ("stamp",)

    def __init__(self, *args: Any) -> None:
        list.__init__(self, *args)
        self.stamp = next(_ZONE_STAMPS)


def _stamping(change: Callable) -> Callable:
    @functools.wraps(change)
    def stamping(self: ZoneList, *args: Any, **kwargs: Any) -> Any:
        self.stamp = next(_ZONE_STAMPS)
        return change(self, *args, **kwargs)
    return stamping


for _name, _change in list(vars(JList).items()):   # each change JList journals
    if callable(_change) and _name != "_snapshot":
        setattr(ZoneList, _name, _stamping(_change))
