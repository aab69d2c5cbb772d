"""Values computed once from immutable objects (a tuple of abilities and the rulebook that defines their
keywords, a face's characteristics), kept by the objects' identities: the memo holds the objects, so their
ids can't be reused while the value is kept."""
from __future__ import annotations

import inspect
import operator
from itertools import chain
from typing import Any, Callable, Generic, TypeVar

V = TypeVar("V")


class ByIdentity(Generic[V]):
    """A memo of `make(*keys)` by the keys' identities, forgotten all at once when it holds `size` values (keys
    made anew each time, such as a tuple of abilities an effect adds to, come and go). One of a function of one,
    two or three arguments is asked through its own `__call__` (no tuple of arguments to build: the hot path)."""

    __slots__ = ("make", "size", "_values")

    def __new__(cls, make: Callable[..., V], size: int = 4096) -> "ByIdentity[V]":
        code = getattr(make, "__code__", None)
        if cls is ByIdentity and code is not None and not getattr(make, "__defaults__", None) \
                and not code.co_flags & inspect.CO_VARARGS:
            cls = _BY_ARITY.get(code.co_argcount, ByIdentity)
        return object.__new__(cls)

    def __init__(self, make: Callable[..., V], size: int = 4096):
        self.make, self.size = make, size
        self._values: dict[tuple[int, ...], tuple[tuple, V]] = {}

    def __call__(self, *keys: Any) -> V:
        return self._made(tuple(map(id, keys)), keys)

    def _made(self, ids: tuple[int, ...], keys: tuple) -> V:
        known = self._values.get(ids)
        if known is not None:   # the keys it holds are alive with these ids: they are these keys
            return known[1]
        if len(self._values) >= self.size:
            self._values.clear()
        value = self.make(*keys)
        self._values[ids] = (keys, value)
        return value


class _ByOne(ByIdentity[V]):
    __slots__ = ()

    def __call__(self, a: Any) -> V:
        known = self._values.get((id(a),))
        return self._made((id(a),), (a,)) if known is None else known[1]


class _ByTwo(ByIdentity[V]):
    __slots__ = ()

    def __call__(self, a: Any, b: Any) -> V:
        known = self._values.get((id(a), id(b)))
        return self._made((id(a), id(b)), (a, b)) if known is None else known[1]


class _ByThree(ByIdentity[V]):
    __slots__ = ()

    def __call__(self, a: Any, b: Any, c: Any) -> V:
        known = self._values.get((id(a), id(b), id(c)))
        return self._made((id(a), id(b), id(c)), (a, b, c)) if known is None else known[1]


_BY_ARITY: dict[int, type] = {1: _ByOne, 2: _ByTwo, 3: _ByThree}


def read_again(objects: list, fields: list[tuple], last: tuple) -> bool:
    """Whether these objects, with these fields read of each, are those last read (`last` begins with the
    objects and their fields), in the same order, each field the same object: compared by identity, at once."""
    return len(objects) == len(last[0]) and all(map(operator.is_, objects, last[0])) and all(
        map(operator.is_, chain.from_iterable(fields), chain.from_iterable(last[1])))
