"""Values computed once from immutable objects (a tuple of abilities and the rulebook that defines their
keywords, a face's characteristics), kept by the objects' identities: the memo holds the objects, so their
ids can't be reused while the value is kept."""
from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

V = TypeVar("V")


class ByIdentity(Generic[V]):
    """A memo of `make(*keys)` by the keys' identities, forgotten all at once when it holds `size` values (keys
    made anew each time, such as a tuple of abilities an effect adds to, come and go)."""

    __slots__ = ("make", "size", "_values")

    def __init__(self, make: Callable[..., V], size: int = 4096):
        self.make, self.size = make, size
        self._values: dict[tuple[int, ...], tuple[tuple, V]] = {}

    def __call__(self, *keys: Any) -> V:
        ids = tuple(map(id, keys))
        known = self._values.get(ids)
        if known is not None:   # the keys it holds are alive with these ids: they are these keys
            return known[1]
        if len(self._values) >= self.size:
            self._values.clear()
        value = self.make(*keys)
        self._values[ids] = (keys, value)
        return value
