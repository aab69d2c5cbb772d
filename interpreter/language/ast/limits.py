"""Static abilities saying what sources with a quality can't do to an object: target it (115.1, 702.16b),
become attached to it (301.5, 303.4, 702.16c-d), deal it damage (615.1, 702.16e). A keyword ability means
them in its definition in rules/ (702.16); a card may say them too.
"""
from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node, QualityExpr
from .objects import Objects

__all__ = ["CantBeTargetedBy", "CantBeAttachedBy", "DamagePreventedFrom", "LIMIT_STATICS"]


@dataclass(frozen=True)
class CantBeTargetedBy(Node):
    """'OBJECTS can't be the target of QUALITY spells or abilities from QUALITY sources'."""

    objects: Objects
    spells: QualityExpr
    sources: QualityExpr


@dataclass(frozen=True)
class CantBeAttachedBy(Node):
    """'OBJECTS can't be enchanted, equipped or fortified by QUALITY permanents'."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class DamagePreventedFrom(Node):
    """'Damage that would be dealt to OBJECTS by QUALITY sources is prevented' (a prevention effect from a static
    ability, 615.1)."""

    objects: Objects
    quality: QualityExpr


LIMIT_STATICS = (CantBeTargetedBy, CantBeAttachedBy, DamagePreventedFrom)
