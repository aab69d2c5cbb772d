"""Designations the game itself has (731.1: day and night): the effect that gives the game one, the condition
that reads it, the trigger on its change, and the static abilities of permanents that follow it (702.145).
The designations' names are the grammar's words; none is named here."""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node

__all__ = ["GameBecomes", "GameIs", "GameDesignationChanges", "TransformsAsGameBecomes", "CantTransform",
           "EntersTransformed", "AnyTime"]


@dataclass(frozen=True)
class GameBecomes(Node):
    """'it becomes night' (731.1): the game has this designation from now on, instead of the other or none."""

    designation: str


@dataclass(frozen=True)
class GameIs(Node):
    """'it's night' (731.1); `designation` None: 'it's neither day nor night' (the game has no designation)."""

    designation: str | None


@dataclass(frozen=True)
class GameDesignationChanges(Node):
    """'Whenever day becomes night or night becomes day' (731.1a): the game lost the first designation of a pair
    and gained the second (not a first one from none)."""

    changes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class TransformsAsGameBecomes(Node):
    """'As it becomes night, if this permanent is front face up, transform it' (702.145b, 702.145e): as the
    game gains the designation, and at any time the game has it (702.145c, 702.145f), the permanent with the
    face up (`back`: its back face) transforms."""

    designation: str
    back: bool


@dataclass(frozen=True)
class CantTransform(Node):
    """'This permanent can't transform except due to its daybound ability' (702.145b): transform instructions
    do nothing to it; its own ability `keyword` (TransformsAsGameBecomes) still turns it over."""

    keyword: str


@dataclass(frozen=True)
class EntersTransformed(Node):
    """'If it's night, this permanent enters transformed' (702.145b, 614.1c): a double-faced card enters with
    its back face up while the condition holds (712.14a)."""

    condition: Node


@dataclass(frozen=True)
class AnyTime(Node):
    """'Any time it's neither day nor night, it becomes day' (702.145d, 702.145g): a rule of its permanent that
    happens at once whenever the condition holds, without the stack; not a state-based action."""

    condition: Node
    effect: Node
