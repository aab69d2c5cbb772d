"""Static abilities about combat (506-511): who may attack and block, how an attacker may be blocked, when
and where a creature's combat damage goes. Keyword abilities mean them in their definitions in rules/
(702.3b, 702.4b, 702.7b, 702.9b, 702.10b, 702.17b, 702.19b, 702.20b, 702.111b); a card may say them too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, QualityExpr
from .objects import Objects

if TYPE_CHECKING:
    from .conditions import Condition
    from .payment_effects import Players

__all__ = ["BlockRestriction", "CantAttackOrBlock", "AttacksUntapped", "AttacksDespiteSickness",
           "CombatDamageSteps", "ExcessCombatDamage", "CanBlock", "CombatRequirement", "BlocksSeveral",
           "CombatRequirementFor", "AttackTax", "COMBAT_STATICS", "ATTACK", "BLOCK", "BE_BLOCKED", "BLOCKED_BY_ALL"]

#: What a requirement asks (508.1d, 509.1c): that the creature attack, that it block, that it be blocked, that
#: every creature able to block it do so.
ATTACK, BLOCK, BE_BLOCKED, BLOCKED_BY_ALL = "attack", "block", "be blocked", "be blocked by all"


@dataclass(frozen=True)
class BlockRestriction(Node):
    """'OBJECTS can't be blocked except by QUALITY' (`only` True), '... can't be blocked by QUALITY', '... can't
    be blocked except by N or more creatures' (`at_least`), 509.1b."""

    objects: Objects
    quality: QualityExpr | None = None
    only: bool = False
    at_least: int = 0


@dataclass(frozen=True)
class CantAttackOrBlock(Node):
    """'OBJECTS can't attack' / 'can't block' as a static ability (508.1c, 509.1b); `alone`: '... can't attack
    alone' / 'can't block alone', unless another creature attacks (blocks) too; 'can't attack or block alone'
    (`block` None) both."""

    objects: Objects
    block: bool | None = False
    alone: bool = False
    condition: Condition | None = None   # 'as long as ...': only while it holds (611.3a)
    unless: bool = False                 # 'can't attack unless ...': only while the condition doesn't hold


@dataclass(frozen=True)
class AttacksUntapped(Node):
    """'Attacking doesn't cause OBJECTS to tap' (508.1f)."""

    objects: Objects


@dataclass(frozen=True)
class AttacksDespiteSickness(Node):
    """'OBJECTS can attack and {T} as soon as it comes under your control' (302.6)."""

    objects: Objects


@dataclass(frozen=True)
class CombatDamageSteps(Node):
    """'OBJECTS deals combat damage before creatures without KEYWORD' (`regular` False) or '... deals both
    first-strike and regular combat damage' (`regular` True): it deals combat damage in the first combat
    damage step (510.4)."""

    objects: Objects
    regular: bool = False


@dataclass(frozen=True)
class ExcessCombatDamage(Node):
    """'OBJECTS can deal excess combat damage to the player or planeswalker it's attacking' (702.19b)."""

    objects: Objects


@dataclass(frozen=True)
class CanBlock(Node):
    """'OBJECTS can block QUALITY' (702.17b): a permission that a restriction on the attacker names."""

    objects: Objects
    quality: QualityExpr | None = None


@dataclass(frozen=True)
class CombatRequirement(Node):
    """A requirement as a static ability (508.1d, 509.1c): 'OBJECTS attacks each combat if able' (`act` ATTACK),
    '... blocks each combat if able' (BLOCK), '... must be blocked if able' (BE_BLOCKED), 'all creatures able to
    block OBJECTS do so' (BLOCKED_BY_ALL); `other_player`: '... and attacks a player other than you if able'."""

    objects: Objects
    act: str
    other_player: bool = False


@dataclass(frozen=True)
class CombatRequirementFor(Node):
    """The same requirement as an effect lasting `duration` ('target creature blocks this turn if able', 'until
    your next turn, ... attacks each combat if able and attacks a player other than you if able', 701.15b);
    `toward`: the player it attacks ('attacks you this turn if able') or the creature it blocks ('blocks ~ this
    turn if able')."""

    objects: Objects
    act: str
    other_player: bool = False
    duration: str | None = None
    toward: "Objects | Players | None" = None


@dataclass(frozen=True)
class BlocksSeveral(Node):
    """'OBJECTS can block an additional [N] creature(s) each combat' (`extra` N) or '... any number of creatures'
    (`extra` None): how many attackers it may block (509.1a)."""

    objects: Objects
    extra: int | None = 1


@dataclass(frozen=True)
class AttackTax(Node):
    """'Creatures can't attack you unless their controller pays COST for each creature they control that's
    attacking you': a cost to attack the controller of the permanent that has it (508.1g-h)."""

    cost: str


COMBAT_STATICS = (BlockRestriction, CantAttackOrBlock, AttacksUntapped, AttacksDespiteSickness, CombatDamageSteps,
                  ExcessCombatDamage, CanBlock, CombatRequirement, BlocksSeveral)
