"""Nodes for double-faced permanents: transforming (701.27, 712)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node

if TYPE_CHECKING:
    from .objects import Objects

__all__ = ["Transform"]


@dataclass(frozen=True)
class Transform(Node):
    """'transform this artifact': each double-faced permanent turns its other face up (701.27a)."""

    objects: "Objects"
