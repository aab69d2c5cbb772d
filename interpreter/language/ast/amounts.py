"""Amounts an effect works out as it happens (107.3, 608.2h): 'the number of creatures you control', 'its
power', '1 plus the number of ...', 'twice ...', 'half ..., rounded up' (107.1a), 'N for each ...'. Each
is a `Number`; a negative result counts as 0 (107.1b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .nodes import Node, Number
from .objects import Objects

__all__ = ["Amount", "CountOf", "CountersOn", "StatOf", "Sum", "Product", "Half", "Greatest", "Distinct", "COUNTED"]


@dataclass(frozen=True)
class CountOf(Node):
    """'the number of OBJECTS' as a value."""

    objects: Objects


@dataclass(frozen=True)
class CountersOn(Node):
    """'the number of charge counters on OBJECTS', 'for each +1/+1 counter on it': how many counters of that
    kind are on them together, as they are or as they last existed (122.1, 608.2h)."""

    kind: str
    objects: Objects


@dataclass(frozen=True)
class StatOf(Node):
    """'its power', 'the sacrificed creature's power', 'that spell's mana value': the value of the object,
    as it is or as it last existed (608.2h)."""

    objects: Objects
    stat: str


@dataclass(frozen=True)
class Greatest(Node):
    """'the greatest power among OBJECTS' (0 when there is none)."""

    objects: Objects
    stat: str


@dataclass(frozen=True)
class Distinct(Node):
    """'the number of card types among cards in your graveyard', 'for each basic land type among lands you
    control': how many different card types (205.2a) or basic land types (305.6) the objects have together."""

    objects: Objects
    kind: str   # 'card types', 'basic land types'


@dataclass(frozen=True)
class Sum(Node):
    """'N plus AMOUNT'."""

    left: Number
    right: Number


@dataclass(frozen=True)
class Product(Node):
    """'twice AMOUNT', 'N for each OBJECTS': the amount times the count."""

    left: Number
    right: Number


@dataclass(frozen=True)
class Half(Node):
    """'half AMOUNT, rounded up / down' (107.1a: rounded down unless the text says otherwise)."""

    value: Number
    up: bool = False


Amount = Union[CountOf, CountersOn, StatOf, Greatest, Distinct, Sum, Product, Half]

#: What 'for each ...' and a count may name besides objects: an amount counted among them (counters, types).
COUNTED = (CountersOn, Distinct)
