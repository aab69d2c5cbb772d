"""Frozen dataclasses made at nearly every step of a game (events): `frozen` is `dataclass(frozen=True)` with an
__init__ that fills the instance's __dict__ in a few updates. The one `dataclass` makes sets each field through
`object.__setattr__` (the class refuses writes), about five times the instructions of a dict item: an event's
sixteen fields cost more than most of what a step does with it."""
from __future__ import annotations

import functools
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def frozen(cls: T) -> T:
    """`dataclass(frozen=True)`: the same signature, defaults, equality, hash and refusal of writes; its
    fields all plain (a default value or none, in the __init__, not keyword-only) and no __post_init__. A call
    that fills the fields otherwise than once each (a field unknown, missing, or given twice; too many values)
    is refused by the dataclass's own __init__, as it would have been."""
    cls = dataclass(frozen=True)(cls)
    every = fields(cls)
    if hasattr(cls, "__post_init__") or any(f.default_factory is not MISSING or not f.init or f.kw_only
                                            for f in every):
        raise TypeError(f"{cls.__name__}: frozen() makes only plain fields")
    names = tuple(f.name for f in every)
    defaults = {f.name: f.default for f in every if f.default is not MISSING}
    leading = [frozenset(names[:n]) for n in range(len(names) + 1)]   # the fields n positional values fill
    checked = cls.__init__

    @functools.wraps(checked)   # (its signature too)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        own = self.__dict__
        own.update(defaults)
        own.update(zip(names, args))
        own.update(kwargs)
        if len(own) != len(names) or len(args) > len(names) or kwargs and not leading[len(args)].isdisjoint(kwargs):
            checked(self, *args, **kwargs)   # (it raises)
    cls.__init__ = __init__
    return cls
