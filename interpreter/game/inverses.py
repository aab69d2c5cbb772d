"""The inverse of each change the journal records (journal.py): calling one undoes its change, bypassing the
journal (the containers' own base methods, `object.__setattr__`)."""
from __future__ import annotations

import random
from typing import Any


def set_attr(target: Any, name: str, old: Any) -> None:
    object.__setattr__(target, name, old)


def list_pop(target: list, _a: Any, _b: Any) -> None:
    list.pop(target)


def list_truncate(target: list, length: int, _b: Any) -> None:
    list.__delitem__(target, slice(length, None))


def list_insert(target: list, index: int, value: Any) -> None:
    list.insert(target, index, value)


def list_delete(target: list, index: int, _b: Any) -> None:
    list.__delitem__(target, index)


def list_set(target: list, index: int, value: Any) -> None:
    list.__setitem__(target, index, value)


def list_restore(target: list, contents: list, _b: Any) -> None:
    list.__setitem__(target, slice(None), contents)


def dict_set(target: dict, key: Any, value: Any) -> None:
    dict.__setitem__(target, key, value)


def dict_delete(target: dict, key: Any, _b: Any) -> None:
    dict.__delitem__(target, key)


def dict_restore(target: dict, contents: dict, _b: Any) -> None:
    dict.clear(target)
    dict.update(target, contents)


def set_add(target: set, value: Any, _b: Any) -> None:
    set.add(target, value)


def set_discard(target: set, value: Any, _b: Any) -> None:
    set.discard(target, value)


def set_restore(target: set, contents: set, _b: Any) -> None:
    set.clear(target)
    set.update(target, contents)


def rng_restore(target: random.Random, state: tuple, _b: Any) -> None:
    random.Random.setstate(target, state)
