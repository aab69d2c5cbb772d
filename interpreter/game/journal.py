"""The undo journal: every change to the game state is recorded as it happens (journaled.py: the state records
itself), so that a refused action, or a trial run of an option (117.3, 608.2d), is undone by replaying the
inverses backwards. Recording happens only while a mark is open (`Journal.mark`), so building a game costs
nothing; marks nest (a trial run inside an action), and are closed LIFO by `rollback` or `keep`.

Its stamps number states, so what is computed from the state is kept while it holds: the stamp moves with every
change, the steady stamp with every change but those of volatile fields; a watched computation (`computed`) is
kept at the steady stamp unless it read volatile state.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable, Generic, TypeVar

from . import journaled
from .journaled import Recorded

V = TypeVar("V")
#: Where a watched computation's value holds (`Journal.computed`): (steady stamp, stamp or None), or None: nowhere.
Key = tuple[int, int | None] | None


class Journal:
    """A LIFO list of (inverse, target, a, b): calling inverse(target, a, b) undoes one change."""

    __slots__ = ("entries", "marks", "rng_saved", "steadied", "_moves", "_mark_stamps", "_restored",
                 "_unrecorded_seen", "_idle_steady", "_steady_seen", "_steady_marks", "undone")

    def __init__(self) -> None:
        self.entries: list[tuple[Callable[[Any, Any, Any], None], Any, Any, Any]] = []
        self.marks: list[int] = []
        self.rng_saved = -1   # the depth of marks at which the RNG state was last saved, -1: not saved
        self._moves = 0       # entries undone (counted twice) or kept and cleared, or writes unrecorded, for `stamp`
        self._mark_stamps: list[int] = []      # the stamp as each open mark was made
        self._restored = (-1, -1)              # (count, stamp): at that count, the state is the one of that stamp
        self._unrecorded_seen = -1             # `journaled._unrecorded` when this journal last looked
        #: The steady stamp (`steady`), or -1: moved since, to be taken at the next look. Each recorded write that
        #: moves it sets -1 as it is made, and while no mark is open, any write (not recorded: journaled.py). A
        #: value kept at a steady stamp holds if it is this one.
        self.steadied = -1
        self._idle_steady = -1                 # the steady stamp `steady` took while no mark was open
        self._steady_seen = -1                 # `journaled._unrecorded` when it took it
        self._steady_marks: list[int] = []     # the steady stamp as each open mark was made
        #: Called as `call(owner)` after each rollback that undid something, while the owner lives (held weakly: a
        #: state neither keeps its game alive nor stops deep-copying): what an owner reads of the state by ranges
        #: the state doesn't record (the ids read up to, core.py) goes back as far as the state did.
        self.undone: list[tuple[weakref.ref, Callable[[Any], None]]] = []

    def __repr__(self) -> str:
        return f"Journal({len(self.marks)} open marks, {len(self.entries)} entries)"

    def mark(self) -> int:
        """Open a mark: what changes from now on can be undone back to here."""
        if journaled._active is not None and journaled._active is not self:
            raise RuntimeError("another game's journal has an open mark")
        journaled._active = self
        self._steady_marks.append(self.steady())
        if not self.marks:   # writes are recorded from now on
            journaled._idle_steadied.discard(self)
        self._mark_stamps.append(self._stamp())
        self.marks.append(len(self.entries))
        return len(self.entries)

    def stamp(self) -> int:
        """A number for the state as it is: what was computed from the state at one stamp holds whenever the
        stamp is the same. Every change gets a stamp never given before (a write while no mark is open too,
        once a stamp is asked); a rollback brings back the stamp of its mark, the state being that one again.
        A value kept at the stamp may depend on anything: asked inside a watched computation, it counts as a
        read of volatile state (`computed`)."""
        if journaled._watching:
            journaled._read_volatile = True
        return self._stamp()

    def _stamp(self) -> int:
        if not self.marks and journaled._unrecorded != self._unrecorded_seen:
            self._moves += 1
            self._unrecorded_seen = journaled._unrecorded
        count = self._moves + len(self.entries)
        restored = self._restored
        return restored[1] if restored[0] == count else count

    def steady(self) -> int:
        """The steady stamp: a number for the state as it is but for its volatile fields (`Recorded.
        volatile_fields`: which step it is, the events, tapped permanents, mana pools), which change at nearly
        every step and which little of what is computed from the state reads. It moves with every other change
        (a write while no mark is open too); a rollback brings back its mark's."""
        steady = self.steadied
        if steady != -1:
            return steady
        if self.marks:
            steady = self.steadied = self._stamp()
            return steady
        if journaled._unrecorded != self._steady_seen:
            self._steady_seen, self._idle_steady = journaled._unrecorded, self._stamp()
        journaled._idle_steadied.add(self)
        self.steadied = self._idle_steady
        return self._idle_steady

    def computed(self, make: Callable[[], V]) -> tuple[Key, V]:
        """`make()` run watched, and the key its value holds at (`holds`): the steady stamp, with the stamp if it
        read volatile state (a volatile field, a value kept at the stamp, or one kept at such a key); None if it
        changed the state (a value not to keep)."""
        steady = self.steadied if self.steadied != -1 else self.steady()
        stamp, counts = self._stamp(), (len(self.entries), self._moves, journaled._unrecorded)
        outer, journaled._read_volatile = journaled._read_volatile, False
        journaled._watching += 1
        try:
            value = make()
        finally:
            journaled._watching -= 1
            read = journaled._read_volatile
            journaled._read_volatile = outer or read
        if (len(self.entries), self._moves, journaled._unrecorded) != counts and (
                self.steady() != steady or self._stamp() != stamp):   # (the counts the same: nothing written)
            return None, value
        return (steady, stamp if read else None), value

    def holds(self, key: Key) -> bool:
        """Whether a value computed at the key (`computed`) still holds. One that read volatile state, used
        inside a watched computation, makes that one read it too."""
        if key is None or key[0] != (self.steadied if self.steadied != -1 else self.steady()):
            return False
        if key[1] is not None:
            if key[1] != self._stamp():
                return False
            if journaled._watching:
                journaled._read_volatile = True
        return True

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
        undid = len(entries) > mark
        if undid:   # (what it undoes may be writes `journaled.counted_writes` counts)
            journaled.counted_writes += 1
        while len(entries) > mark:
            inverse, target, a, b = entries.pop()
            inverse(target, a, b)
        if undid:
            for owner, call in self.undone:
                if (alive := owner()) is not None:
                    call(alive)
        if self.rng_saved > len(self.marks):   # that save was undone with the rest
            self.rng_saved = -1
        self._restored = (self._moves + mark, self._mark_stamps.pop())
        self.steadied = self._steady_marks.pop()
        if not self.marks:
            self._idle()

    def keep(self, mark: int) -> None:
        """Close the mark keeping the changes (they stay undoable from an outer mark)."""
        self._close(mark)
        self._mark_stamps.pop()
        self._steady_marks.pop()
        self.rng_saved = min(self.rng_saved, len(self.marks))
        if not self.marks:
            self._idle()

    def _close(self, mark: int) -> None:
        if not self.marks or self.marks[-1] != mark:
            raise RuntimeError(f"journal mark {mark} is not the innermost open one")
        self.marks.pop()

    def _idle(self) -> None:
        """The last mark closed: the entries go, the stamps stay."""
        steady = self.steadied if self.steadied != -1 else self._stamp()
        self._steady_seen, self._idle_steady, self.steadied = journaled._unrecorded, steady, steady
        journaled._idle_steadied.add(self)
        self._moves += len(self.entries)
        self.entries.clear()
        self.rng_saved = -1
        self._unrecorded_seen = journaled._unrecorded
        journaled._active = None


class Kept(Generic[V]):
    """A value computed from a game's state by `make`, kept while what it read stays the same (`Journal.computed`)."""

    __slots__ = ("make", "key", "value", "steady")

    def __init__(self, make: Callable[[], V]):
        self.make = make
        self.key: Key = None
        self.value: V | None = None
        self.steady: int | None = None   # the key's steady stamp if it is that alone, else None

    def forget(self) -> None:
        """Forget the value: the next `get` computes it afresh, as if never computed."""
        self.key = self.value = self.steady = None

    def get(self, journal: Journal) -> V:
        """The value now: the one kept if it still holds (`Journal.holds`; a key of the steady stamp alone is
        checked here, against the journal's `steadied` first), else computed again."""
        if self.steady == journal.steadied:
            return self.value
        key = self.key
        if key is None or key[0] != journal.steady() or key[1] is not None and not journal.holds(key):
            key, self.value = journal.computed(self.make)
            self.key, self.steady = key, key[0] if key is not None and key[1] is None else None
        return self.value
