"""`frozen`: a frozen dataclass whose __init__ fills the instance at once is the same value as
`dataclass(frozen=True)` makes, and refuses the same calls."""
from __future__ import annotations

import dataclasses

import pytest

from interpreter.game.frozen import frozen


@frozen
class Point:
    x: int
    y: int = 0
    label: str | None = dataclasses.field(default=None, compare=False)


@dataclasses.dataclass(frozen=True)
class Plain:
    x: int
    y: int = 0
    label: str | None = dataclasses.field(default=None, compare=False)


@pytest.mark.parametrize("args, kwargs", [((1,), {}), ((1, 2), {}), ((1,), {"label": "a"}), ((), {"x": 3, "y": 4}),
                                          ((1, 2, "b"), {})])
def test_same_value(args: tuple, kwargs: dict) -> None:
    made, plain = Point(*args, **kwargs), Plain(*args, **kwargs)
    assert dataclasses.astuple(made) == dataclasses.astuple(plain) and vars(made) == vars(plain)
    assert made == Point(*args, **kwargs) and hash(made) == hash(Point(*args, **kwargs))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.x = 5   # type: ignore[misc]


@pytest.mark.parametrize("args, kwargs", [((), {}), ((1,), {"z": 2}), ((1,), {"x": 2}), ((1, 2, "a", 4), {}),
                                          ((), {"y": 1})])
def test_same_refusals(args: tuple, kwargs: dict) -> None:
    with pytest.raises(TypeError) as plain:
        Plain(*args, **kwargs)
    with pytest.raises(TypeError) as made:
        Point(*args, **kwargs)
    assert str(made.value).split("() ")[1] == str(plain.value).split("() ")[1]


def test_only_plain_fields() -> None:
    with pytest.raises(TypeError):
        @frozen
        class Listed:
            items: list = dataclasses.field(default_factory=list)
