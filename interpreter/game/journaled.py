"""What records itself into the undo journal (journal.py): the state's classes derive from `Recorded`, whose
attribute writes push (object, name, old value), and its containers are `JList`, `JDict`, `JSet` and `JCounter`,
whose changes push their inverse operation (inverses.py). A plain list, dict, set or Counter assigned to a field
is adopted into its journaled type, so there is no write to the state that the journal misses
(tests/test_journal.py). A state class is made with `state_class.recorded`. The random generator is a `JRandom`
whose state is saved before its first draw after a mark. A field that changes at nearly every step is declared volatile
(`Recorded.volatile_fields`): its writes don't move the journal's steady stamp (every other recorded write does,
as it is made: `Journal.steadied`), and reading it inside a watched computation is noted (`Journal.computed`).
"""
from __future__ import annotations

import random
import types
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

from .inverses import (dict_delete, dict_restore, dict_set, list_delete, list_insert, list_pop, list_restore,
                       list_set, list_truncate, rng_restore, set_add, set_attr, set_discard, set_restore)

if TYPE_CHECKING:
    from .journal import Journal

#: The journal with an open mark, or None: the state records into it (one game acts at a time).
_active: "Journal | None" = None
#: Writes made while no mark was open (not recorded): a stamp taken before one of them no longer holds.
_unrecorded = 0
#: The journals whose steady stamp was taken with no mark open (`Journal.steadied`): the next unrecorded write moves it.
_idle_steadied: "set[Journal]" = set()
_MISSING = object()
#: Watched computations running (`Journal.computed`), and whether the innermost read volatile state yet.
_watching = 0
_read_volatile = False
#: Writes of the fields of objects of a class that counts them (`Recorded.counted`), but the volatile ones, recorded
#: or not, and rollbacks (journal.py), in any game: while it is the same, none of those fields changed. What is
#: read of many objects at once is then read again by their identities alone (continuous.py, core.py).
counted_writes = 0


def _unrecorded_write() -> None:
    global _unrecorded
    _unrecorded += 1
    if _idle_steadied:
        for journal in _idle_steadied:
            journal.steadied = -1
        _idle_steadied.clear()


def made_quietly(init: Callable[..., None], obj: Any, *args: Any, **kwargs: Any) -> None:
    """`init(obj, ...)` of a new object, recording nothing: it has no old values (`recorded`)."""
    global _active, _unrecorded
    journal, _active, unrecorded = _active, None, _unrecorded
    try:
        init(obj, *args, **kwargs)
    finally:
        _active, _unrecorded = journal, unrecorded


# ---------------------------------------------------------------- journaled containers
class JList(list):
    """A list whose changes are journaled."""

    __slots__ = ()
    #: Whether its changes move the journal's steady stamp (`Journal.steadied`): not a volatile twin's.
    moves_steady = True

    def _snapshot(self) -> None:
        if _active is not None:
            _active.entries.append((list_restore, self, list(self), None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def append(self, value: Any) -> None:
        list.append(self, value)
        if _active is not None:
            _active.entries.append((list_pop, self, None, None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def extend(self, values: Any) -> None:
        length = len(self)
        list.extend(self, values)
        if _active is not None:
            _active.entries.append((list_truncate, self, length, None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def insert(self, index: int, value: Any) -> None:
        index = max(len(self) + index, 0) if index < 0 else min(index, len(self))   # where list.insert puts it
        list.insert(self, index, value)
        if _active is not None:
            _active.entries.append((list_delete, self, index, None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def remove(self, value: Any) -> None:
        index = self.index(value)
        list.__delitem__(self, index)
        if _active is not None:
            _active.entries.append((list_insert, self, index, value))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def pop(self, index: int = -1) -> Any:
        if index < 0:
            index += len(self)
        value = list.pop(self, index)
        if _active is not None:
            _active.entries.append((list_insert, self, index, value))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        return value

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._snapshot()
        elif _active is not None:
            _active.entries.append((list_set, self, index, self[index]))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        if isinstance(index, slice):
            self._snapshot()
        elif _active is not None:
            if index < 0:
                index += len(self)
            _active.entries.append((list_insert, self, index, self[index]))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        list.__delitem__(self, index)

    def __iadd__(self, values: Any) -> "JList":
        self.extend(values)
        return self

    def __imul__(self, times: int) -> "JList":
        self._snapshot()
        return list.__imul__(self, times)

    def clear(self) -> None:
        if self:
            self._snapshot()
            list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._snapshot()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self._snapshot()
        list.reverse(self)


class _JournaledMapping:
    """The item writes of a dict-like container, journaled (shared by JDict and JCounter)."""

    __slots__ = ()
    #: Whether its changes move the journal's steady stamp (`Journal.steadied`): not a volatile twin's.
    moves_steady = True

    def __setitem__(self, key: Any, value: Any) -> None:
        if _active is not None:
            old = dict.get(self, key, _MISSING)
            _active.entries.append((dict_delete, self, key, None) if old is _MISSING else (dict_set, self, key, old))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif key in self:
            _active.entries.append((dict_set, self, key, dict.__getitem__(self, key)))
            if self.moves_steady:
                _active.steadied = -1
        super().__delitem__(key)   # Counter's does not raise for a missing key

    def pop(self, key: Any, *default: Any) -> Any:
        if key not in self:
            return dict.pop(self, key, *default)
        value = dict.__getitem__(self, key)
        self.__delitem__(key)
        return value

    def popitem(self) -> tuple:
        key, value = dict.popitem(self)
        if _active is not None:
            _active.entries.append((dict_set, self, key, value))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        return key, value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)

    def clear(self) -> None:
        if not self:
            return
        if _active is not None:
            _active.entries.append((dict_restore, self, dict(self), None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        dict.clear(self)


class JDict(_JournaledMapping, dict):
    """A dict whose changes are journaled."""

    __slots__ = ()

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __ior__(self, other: Any) -> "JDict":
        self.update(other)
        return self


class JCounter(_JournaledMapping, Counter):
    """A Counter (a mana pool) whose changes are journaled; Counter's own methods write through
    __setitem__ and __delitem__."""

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        made_quietly(Counter.__init__, self, *args, **kwargs)

    def update(self, *args: Any, **kwargs: Any) -> None:
        """Counter.update fills an empty Counter with dict.update, past __setitem__: save it whole."""
        if _active is not None:
            _active.entries.append((dict_restore, self, dict(self), None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        Counter.update(self, *args, **kwargs)


class JSet(set):
    """A set whose changes are journaled."""

    __slots__ = ()
    #: Whether its changes move the journal's steady stamp (`Journal.steadied`): not a volatile twin's.
    moves_steady = True

    def _snapshot(self) -> None:
        if _active is not None:
            _active.entries.append((set_restore, self, set(self), None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()

    def add(self, value: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif value not in self:
            _active.entries.append((set_discard, self, value, None))
            if self.moves_steady:
                _active.steadied = -1
        set.add(self, value)

    def discard(self, value: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif value in self:
            _active.entries.append((set_add, self, value, None))
            if self.moves_steady:
                _active.steadied = -1
        set.discard(self, value)

    def remove(self, value: Any) -> None:
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self) -> Any:
        value = set.pop(self)
        if _active is not None:
            _active.entries.append((set_add, self, value, None))
            if self.moves_steady:
                _active.steadied = -1
        else:
            _unrecorded_write()
        return value

    def _bulk(name: str) -> Callable:  # noqa: N805 - builds the bulk methods below
        method = getattr(set, name)

        def bulk(self: "JSet", *args: Any) -> Any:
            self._snapshot()
            result = method(self, *args)
            return self if name.startswith("__i") else result
        bulk.__name__ = name
        return bulk

    def clear(self) -> None:
        if self:
            self._snapshot()
            set.clear(self)

    update = _bulk("update")
    difference_update = _bulk("difference_update")
    intersection_update = _bulk("intersection_update")
    symmetric_difference_update = _bulk("symmetric_difference_update")
    __ior__ = _bulk("__ior__")
    __iand__ = _bulk("__iand__")
    __isub__ = _bulk("__isub__")
    __ixor__ = _bulk("__ixor__")
    del _bulk


class JRandom(random.Random):
    """The game's random generator: its state is saved before the first draw (or reseeding) after each
    mark, so a rollback restores it. Draws go through getrandbits and random, as Random's do."""

    def _save(self) -> None:
        journal = _active
        if journal is None:
            _unrecorded_write()
        elif journal.rng_saved != len(journal.marks):
            journal.entries.append((rng_restore, self, self.getstate(), None))
            journal.steadied = -1
            journal.rng_saved = len(journal.marks)

    def getrandbits(self, k: int) -> int:
        self._save()
        return super().getrandbits(k)

    def random(self) -> float:
        self._save()
        return super().random()

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._save()
        super().seed(*args, **kwargs)

    def setstate(self, state: tuple) -> None:
        self._save()
        super().setstate(state)


#: Immutable values a write of an equal one leaves as they were.
_SCALARS = frozenset({int, str, bool, float})
#: Plain containers and the journaled type a state field adopts them into.
ADOPT: dict[type, type] = {list: JList, dict: JDict, set: JSet, Counter: JCounter}
#: Each journaled container and its twin held by a volatile field: its changes don't move the steady stamp.
VOLATILE_TWIN: dict[type, type] = {
    kind: type(f"Volatile{kind.__name__[1:]}", (kind,), {"__slots__": (), "__module__": __name__, "moves_steady": False,
                                                         "__doc__": f"A {kind.__name__} held by a volatile field."})
    for kind in (JList, JDict, JSet, JCounter)}
#: Where each plain or journaled container a volatile field is given goes: its volatile twin.
VOLATILE_ADOPT: dict[type, type] = {**{plain: VOLATILE_TWIN[kind] for plain, kind in ADOPT.items()}, **VOLATILE_TWIN}


class Recorded:
    """A class of the game state, made with `recorded`: a write to a field is journaled, and a plain container
    assigned to one is adopted into its journaled type (a copy, as every field's own: `journaling_setattr`)."""

    __slots__ = ()
    #: Fields that change at nearly every step and that little computed from the state reads (`Journal.steady`).
    volatile_fields: frozenset[str] = frozenset()
    #: Whether a write to one of its fields (but the volatile ones) moves `counted_writes`.
    counted: bool = False

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__}.{name}: state attributes are set, never deleted")


def journaling_setattr(cls: type, slots: dict[str, tuple[str, Any]]) -> Callable[[Any, str, Any], None]:
    """The `__setattr__` of a state class with these slots (field -> its slot's name and slot; a volatile field's
    from under its property, read and written with no call of Python): a write is journaled with the old value
    unless it is the same, a volatile one without moving the steady stamp or `counted_writes`; a container is
    adopted (into its volatile twin for a volatile field)."""
    volatile, counted = cls.volatile_fields, cls.counted
    by_name = {name: (slot_name, slot.__set__, VOLATILE_ADOPT if name in volatile else ADOPT, name not in volatile)
               for name, (slot_name, slot) in slots.items()}

    def __setattr__(self: Recorded, name: str, value: Any) -> None:
        global counted_writes, _read_volatile
        field = by_name.get(name)
        if field is None:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        slot_name, write, adopting, steady = field
        adopt = adopting.get(type(value))
        if adopt is not None:
            value = adopt(value)
        if _active is not None:
            old = getattr(self, slot_name)
            if not steady and _watching:
                _read_volatile = True
            if old is value or type(value) in _SCALARS and type(old) is type(value) and old == value:
                return   # the same value: nothing changed, nothing to undo
            _active.entries.append((set_attr, self, name, old))
            if steady:
                _active.steadied = -1
                if counted:
                    counted_writes += 1
        else:
            _unrecorded_write()
            if counted and steady:
                counted_writes += 1
        write(self, value)
    return __setattr__


def _slot_read(obj: Any) -> Any:   # the template of a volatile field's getter, '_slot' its slot's name
    global _read_volatile
    if _watching:
        _read_volatile = True
    return obj._slot


def volatile_slot(slot: Any, alias: str) -> property:
    """A volatile field's slot (kept under `alias`) as a property: read inside a watched computation, it makes that
    one read volatile state (`Journal.computed`); a container stored in it is adopted into its volatile twin. Its
    getter, called straight from C, is `_slot_read` reading the alias: a read written in the code is specialized
    in place (a volatile read costs half what it did through the slot's __get__)."""
    code, write = _slot_read.__code__, slot.__set__
    get = types.FunctionType(code.replace(co_names=tuple(alias if n == "_slot" else n for n in code.co_names),
                                          co_name=f"{slot.__objclass__.__name__}.{alias}"), globals(), alias)

    def set_(obj: Any, value: Any) -> None:
        twin = VOLATILE_TWIN.get(type(value))
        write(obj, value if twin is None else twin(value))
    return property(get, set_, doc=slot.__doc__)
