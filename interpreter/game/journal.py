"""The undo journal: every change to the game state is recorded as it happens, so that a refused
action, or a trial run of an option (117.3, 608.2d), is undone by replaying the inverses backwards.

The state records itself: its classes derive from `Recorded`, whose attribute writes push (object,
name, old value), and its containers are `JList`, `JDict`, `JSet` and `JCounter`, whose changes push
their inverse operation. A plain list, dict, set or Counter assigned to a field is adopted into its
journaled type, so there is no write to the state that the journal misses (tests/test_journal.py).
A state class is made with `recorded`. The random generator is a `JRandom` whose state is saved before its first draw after a mark.

Recording happens only while a mark is open (`Journal.mark`), so building a game costs nothing;
marks nest (a trial run inside an action), and are closed LIFO by `rollback` or `keep`.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

#: The journal with an open mark, or None: the state records into it (one game acts at a time).
_active: "Journal | None" = None
#: Writes made while no mark was open (not recorded): a stamp taken before one of them no longer holds.
_unrecorded = 0
_MISSING = object()


def _unrecorded_write() -> None:
    global _unrecorded
    _unrecorded += 1


class Journal:
    """A LIFO list of (inverse, target, a, b): calling inverse(target, a, b) undoes one change."""

    __slots__ = ("entries", "marks", "rng_saved", "_moves", "_mark_stamps", "_restored", "_unrecorded_seen")

    def __init__(self) -> None:
        self.entries: list[tuple[Callable[[Any, Any, Any], None], Any, Any, Any]] = []
        self.marks: list[int] = []
        self.rng_saved = -1   # the depth of marks at which the RNG state was last saved, -1: not saved
        self._moves = 0       # entries undone (counted twice) or kept and cleared, or writes unrecorded, for `stamp`
        self._mark_stamps: list[int] = []      # the stamp as each open mark was made
        self._restored = (-1, -1)              # (count, stamp): at that count, the state is the one of that stamp
        self._unrecorded_seen = -1             # `_unrecorded` when this journal last looked

    def __repr__(self) -> str:
        return f"Journal({len(self.marks)} open marks, {len(self.entries)} entries)"

    def mark(self) -> int:
        """Open a mark: what changes from now on can be undone back to here."""
        global _active
        if _active is not None and _active is not self:
            raise RuntimeError("another game's journal has an open mark")
        _active = self
        self._mark_stamps.append(self.stamp())
        self.marks.append(len(self.entries))
        return len(self.entries)

    def stamp(self) -> int:
        """A number for the state as it is: what was computed from the state at one stamp holds whenever the
        stamp is the same. Every change gets a stamp never given before (a write while no mark is open too,
        once a stamp is asked); a rollback brings back the stamp of its mark, the state being that one again."""
        if not self.marks and _unrecorded != self._unrecorded_seen:
            self._moves += 1
            self._unrecorded_seen = _unrecorded
        count = self._moves + len(self.entries)
        restored = self._restored
        return restored[1] if restored[0] == count else count

    def set_quietly(self, target: "Recorded", name: str, value: Any) -> None:
        """Set an attribute of the engine's own bookkeeping, which nothing computed from the state reads (how far
        the events were looked at for triggers): undone like any write, without moving the stamp."""
        if not self.marks:   # nothing to undo to
            object.__setattr__(target, name, value)
            return
        before = len(self.entries)
        setattr(target, name, value)
        self._moves -= len(self.entries) - before

    def rollback(self, mark: int) -> None:
        """Undo every change since the mark (the innermost open one), newest first, and close it."""
        self._close(mark)
        entries = self.entries
        self._moves += 2 * (len(entries) - mark)
        while len(entries) > mark:
            inverse, target, a, b = entries.pop()
            inverse(target, a, b)
        if self.rng_saved > len(self.marks):   # that save was undone with the rest
            self.rng_saved = -1
        self._restored = (self._moves + mark, self._mark_stamps.pop())
        self._idle()

    def keep(self, mark: int) -> None:
        """Close the mark keeping the changes (they stay undoable from an outer mark)."""
        self._close(mark)
        self._mark_stamps.pop()
        self.rng_saved = min(self.rng_saved, len(self.marks))
        self._idle()

    def _close(self, mark: int) -> None:
        if not self.marks or self.marks[-1] != mark:
            raise RuntimeError(f"journal mark {mark} is not the innermost open one")
        self.marks.pop()

    def _idle(self) -> None:
        global _active
        if not self.marks:
            self._moves += len(self.entries)   # the stamp stays
            self.entries.clear()
            self.rng_saved = -1
            self._unrecorded_seen = _unrecorded
            _active = None


# ---------------------------------------------------------------- inverses (bypass the journal)
def _set_attr(target: Any, name: str, old: Any) -> None:
    object.__setattr__(target, name, old)


def _list_pop(target: list, _a: Any, _b: Any) -> None:
    list.pop(target)


def _list_truncate(target: list, length: int, _b: Any) -> None:
    list.__delitem__(target, slice(length, None))


def _list_insert(target: list, index: int, value: Any) -> None:
    list.insert(target, index, value)


def _list_delete(target: list, index: int, _b: Any) -> None:
    list.__delitem__(target, index)


def _list_set(target: list, index: int, value: Any) -> None:
    list.__setitem__(target, index, value)


def _list_restore(target: list, contents: list, _b: Any) -> None:
    list.__setitem__(target, slice(None), contents)


def _dict_set(target: dict, key: Any, value: Any) -> None:
    dict.__setitem__(target, key, value)


def _dict_delete(target: dict, key: Any, _b: Any) -> None:
    dict.__delitem__(target, key)


def _dict_restore(target: dict, contents: dict, _b: Any) -> None:
    dict.clear(target)
    dict.update(target, contents)


def _set_add(target: set, value: Any, _b: Any) -> None:
    set.add(target, value)


def _set_discard(target: set, value: Any, _b: Any) -> None:
    set.discard(target, value)


def _set_restore(target: set, contents: set, _b: Any) -> None:
    set.clear(target)
    set.update(target, contents)


def _rng_restore(target: random.Random, state: tuple, _b: Any) -> None:
    random.Random.setstate(target, state)


# ---------------------------------------------------------------- journaled containers
def _index(length: int, index: int) -> int:
    """The position list.insert puts an element at, for an index that may be negative or past the end."""
    if index < 0:
        return max(length + index, 0)
    return min(index, length)


class JList(list):
    """A list whose changes are journaled."""

    __slots__ = ()

    def _snapshot(self) -> None:
        if _active is not None:
            _active.entries.append((_list_restore, self, list(self), None))
        else:
            _unrecorded_write()

    def append(self, value: Any) -> None:
        list.append(self, value)
        if _active is not None:
            _active.entries.append((_list_pop, self, None, None))
        else:
            _unrecorded_write()

    def extend(self, values: Any) -> None:
        length = len(self)
        list.extend(self, values)
        if _active is not None:
            _active.entries.append((_list_truncate, self, length, None))
        else:
            _unrecorded_write()

    def insert(self, index: int, value: Any) -> None:
        index = _index(len(self), index)
        list.insert(self, index, value)
        if _active is not None:
            _active.entries.append((_list_delete, self, index, None))
        else:
            _unrecorded_write()

    def remove(self, value: Any) -> None:
        index = self.index(value)
        list.__delitem__(self, index)
        if _active is not None:
            _active.entries.append((_list_insert, self, index, value))
        else:
            _unrecorded_write()

    def pop(self, index: int = -1) -> Any:
        if index < 0:
            index += len(self)
        value = list.pop(self, index)
        if _active is not None:
            _active.entries.append((_list_insert, self, index, value))
        else:
            _unrecorded_write()
        return value

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._snapshot()
        elif _active is not None:
            _active.entries.append((_list_set, self, index, self[index]))
        else:
            _unrecorded_write()
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        if isinstance(index, slice):
            self._snapshot()
        elif _active is not None:
            if index < 0:
                index += len(self)
            _active.entries.append((_list_insert, self, index, self[index]))
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

    def __setitem__(self, key: Any, value: Any) -> None:
        if _active is not None:
            old = dict.get(self, key, _MISSING)
            _active.entries.append((_dict_delete, self, key, None) if old is _MISSING else (_dict_set, self, key, old))
        else:
            _unrecorded_write()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif key in self:
            _active.entries.append((_dict_set, self, key, dict.__getitem__(self, key)))
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
            _active.entries.append((_dict_set, self, key, value))
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
            _active.entries.append((_dict_restore, self, dict(self), None))
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

    def update(self, *args: Any, **kwargs: Any) -> None:
        """Counter.update fills an empty Counter with dict.update, past __setitem__: save it whole."""
        if _active is not None:
            _active.entries.append((_dict_restore, self, dict(self), None))
        else:
            _unrecorded_write()
        Counter.update(self, *args, **kwargs)


class JSet(set):
    """A set whose changes are journaled."""

    __slots__ = ()

    def _snapshot(self) -> None:
        if _active is not None:
            _active.entries.append((_set_restore, self, set(self), None))
        else:
            _unrecorded_write()

    def add(self, value: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif value not in self:
            _active.entries.append((_set_discard, self, value, None))
        set.add(self, value)

    def discard(self, value: Any) -> None:
        if _active is None:
            _unrecorded_write()
        elif value in self:
            _active.entries.append((_set_add, self, value, None))
        set.discard(self, value)

    def remove(self, value: Any) -> None:
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self) -> Any:
        value = set.pop(self)
        if _active is not None:
            _active.entries.append((_set_add, self, value, None))
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
            journal.entries.append((_rng_restore, self, self.getstate(), None))
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


class Recorded:
    """A class of the game state: a write to an attribute is journaled, and a plain container assigned
    to one is adopted into its journaled type (a copy, as every field's own). Made with `recorded`."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        adopt = ADOPT.get(type(value))
        if adopt is not None:
            value = adopt(value)
        if _active is not None:
            old = getattr(self, name)
            if old is value or type(value) in _SCALARS and type(old) is type(value) and old == value:
                return   # the same value: nothing changed, nothing to undo
            _active.entries.append((_set_attr, self, name, old))
        else:
            _unrecorded_write()
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__}.{name}: state attributes are set, never deleted")


R = TypeVar("R", bound=type)


def recorded(cls: R) -> R:
    """A state class (a `Recorded`): a dataclass with __slots__ whose construction records nothing -- a
    new object has no old values, and disappears with the journaled entry that holds it."""
    cls = dataclass(slots=True)(cls)
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self: Recorded, *args: Any, **kwargs: Any) -> None:
        global _active, _unrecorded
        journal, _active, unrecorded = _active, None, _unrecorded
        try:
            init(self, *args, **kwargs)
        finally:
            _active, _unrecorded = journal, unrecorded
    cls.__init__ = __init__
    return cls
