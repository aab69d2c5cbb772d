"""How a state class is made (`recorded`): a dataclass with __slots__ whose writes are journaled (journaled.py),
and whose construction, recording nothing, writes each field as plainly as Python can."""
from __future__ import annotations

import functools
from dataclasses import MISSING, dataclass, fields as fields_of
from typing import Any, TypeVar

from .journaled import ADOPT, VOLATILE_ADOPT, VOLATILE_TWIN, Recorded, journaling_setattr, made_quietly, volatile_slot

R = TypeVar("R", bound=type)


class _Made:
    """The base of a state class's twin, whose objects are written with Python's own `__setattr__` (`recorded`;
    its `__delattr__` too: both are one slot of the type, which is Python's own only if both are)."""

    __slots__ = ()
    __setattr__, __delattr__ = object.__setattr__, object.__delattr__


def recorded(cls: R) -> R:
    """A state class (a `Recorded`): a dataclass with __slots__ whose construction records nothing -- a
    new object has no old values, and disappears with the journaled entry that holds it. Its __init__ is the
    one a dataclass gets, run on the object as one of a twin class with the same slots and Python's own
    `__setattr__` (`_Made`), where each field is set by a plain write (about 40 fields an object: an
    `object.__setattr__` each costs twenty times that); the object is then of its class again. Containers
    given to a volatile field, and plain ones given to another or made by a default factory that may give one,
    are then adopted as its `__setattr__` would."""
    own = dict(cls.__dict__)
    for name in cls.volatile_fields:   # a volatile field's journaled container is made its volatile twin at once
        made_by = getattr(own.get(name), "default_factory", None)
        if made_by in VOLATILE_TWIN:
            own[name].default_factory = VOLATILE_TWIN[made_by]
    cls = dataclass(slots=True)(cls)
    cls.__hash__ = own.get("__hash__")   # unhashable unless it says
    fields = fields_of(cls)
    aliases = {name: f"_slot_{name}" for name in cls.volatile_fields}   # where a volatile field's slot stays
    cls.__setattr__ = journaling_setattr(cls, {f.name: (aliases.get(f.name, f.name), cls.__dict__[f.name])
                                                for f in fields})
    slots = {name: cls.__dict__[name] for name in aliases}
    for name, alias in aliases.items():
        setattr(cls, alias, slots[name])
        setattr(cls, name, volatile_slot(slots[name], alias))
    twin = type(cls.__name__, (_Made, cls), {"__slots__": (), "__module__": cls.__module__, **slots})
    # each field: its slot's getter and setter, and where a container it holds goes (a volatile field's: its twin)
    own_slots = [cls.__dict__[aliases.get(f.name, f.name)] for f in fields]
    adopted = tuple((slot.__get__, slot.__set__, VOLATILE_ADOPT if f.name in aliases else ADOPT)
                    for f, slot in zip(fields, own_slots))
    journaled_types = (*ADOPT.values(), *VOLATILE_TWIN.values())
    factoried = any(f.default_factory is not MISSING and not (isinstance(f.default_factory, type) and (
        f.default_factory in journaled_types or not issubclass(f.default_factory, tuple(ADOPT)))) for f in fields)
    init = cls.__init__
    # 'recording nothing' needs `made_quietly` only where the construction may write through the journal: a
    # __post_init__, or a default factory other than a journaled container's type (JRandom seeds itself)
    made = init if "__post_init__" not in own and all(
        f.default_factory is MISSING or f.default_factory in journaled_types for f in fields) \
        else functools.partial(made_quietly, init)
    adopting, set_class = (VOLATILE_ADOPT if aliases else ADOPT).keys(), object.__setattr__

    @functools.wraps(init)
    def __init__(self: Recorded, *args: Any, **kwargs: Any) -> None:
        set_class(self, "__class__", twin)
        made(self, *args, **kwargs)
        self.__class__ = cls
        if factoried or not adopting.isdisjoint(map(type, args)) or kwargs and not adopting.isdisjoint(
                map(type, kwargs.values())):
            for read, write, adopting_into in adopted:
                adopt = adopting_into.get(type(read(self)))
                if adopt is not None:
                    write(self, adopt(read(self)))
    cls.__init__ = __init__
    return cls
