"""The base of every AST node, the generic walks over nodes (like CPython's `ast.iter_child_nodes` and
`ast.walk`), and values: numbers, X and qualities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ...diagnostics import Span

__all__ = [
    "children",
    "walk",
    "Node",
    "IntValue",
    "XValue",
    "Var",
    "SourceStat",
    "EventAmount",
    "Number",
    "Quality",
    "QualityChoice",
    "QualityWith",
    "QualityExpr",
    "children",
    "walk",
]


@dataclass(frozen=True)
class Node:
    """Base of all nodes; `span` says where the text came from."""

    span: Span | None = field(default=None, kw_only=True, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> "Node":
        return self  # immutable: copies share the AST


@dataclass(frozen=True)
class IntValue(Node):
    value: int


@dataclass(frozen=True)
class XValue(Node):
    """The X of a spell (107.3)."""


@dataclass(frozen=True)
class Var(Node):
    """A slot or bound variable of a definition: {count}, {looked}."""

    name: str


@dataclass(frozen=True)
class SourceStat(Node):
    """The power or toughness of the ability's source (as it last existed, if it left), plus `offset`:
    'with lesser power' is power at most its power minus 1 (702.134a)."""

    stat: str
    offset: int = 0


@dataclass(frozen=True)
class EventAmount(Node):
    """'that much', 'that many': the amount of the event that triggered the ability: damage dealt (120.4), life
    gained (119.3) (603.2)."""


#: A number as written, or an amount worked out as the effect happens (amounts.py, 107.3).
Number = Union[IntValue, XValue, Var, SourceStat, EventAmount, "CountOf", "CountersOn", "StatOf", "Sum", "Product", "Half", "Greatest"]


@dataclass(frozen=True)
class Quality(Node):
    """A quality such as 'Dragon' or 'creature card': type, supertype and subtype words, singular.

    A word may be a {quality} slot of a definition ('{subtype} Army creature').
    """

    words: tuple["str | Var", ...]
    card: bool = False


@dataclass(frozen=True)
class QualityChoice(Node):
    """'instant or sorcery card', 'instant and sorcery cards', 'Goblins and Orcs': an object with any one
    of the qualities."""

    options: tuple[Quality, ...]


@dataclass(frozen=True)
class QualityWith(Node):
    """A quality narrowed by what the object has: 'card with <keyword>', 'creature with a <keyword>
    ability' (`keyword`), 'creature card with mana value 2 or less', 'creature with power 4 or greater'
    (`stat`, `value`, `at_most`)."""

    quality: "Quality | Var | QualityChoice"
    keyword: str | None = None
    stat: str | None = None
    value: "Number | None" = None
    at_most: bool = False
    counter: str | None = None   # 'with a time counter on it' (122.1)
    without: bool = False        # 'creature without flying': the keyword is one it doesn't have
    name: "str | Var | None" = None  # 'a card named Festering Newt' (201.2)
    ability: str | None = None   # 'with one or more chapter abilities': a kind of ability it has (714.2)


QualityExpr = Union[Quality, Var, QualityChoice, QualityWith]


def children(node: object):
    """The nodes directly under `node` (or in a tuple of nodes), in field order, like `ast.iter_child_nodes`."""
    if isinstance(node, Node):
        for name in node.__dataclass_fields__:
            if name != "span":
                value = getattr(node, name)
                if isinstance(value, Node):
                    yield value
                elif isinstance(value, tuple):
                    yield from children(value)
    elif isinstance(node, tuple):
        for item in node:
            if isinstance(item, Node):
                yield item
            elif isinstance(item, tuple):
                yield from children(item)


def walk(node: object):
    """Every node under `node` (itself included), depth first in field order, like `ast.walk`."""
    if isinstance(node, Node):
        yield node
    for child in children(node):
        yield from walk(child)
