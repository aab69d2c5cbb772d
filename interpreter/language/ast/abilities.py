"""Abilities of cards: triggered, activated, static, keyword abilities, costs and cost changes (113, 118, 601.2f,
602, 603, 604, 702).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .amounts import CountersOn
from .casting import ChooseAllModes, DiscardIntoExile, OptionalCost, ResolvesInto
from .conditions import Condition
from .control_effects import KeywordAction
from .effects import Effect
from .nodes import Node, Number, QualityExpr, Var, walk
from .objects import Objects, Target, UpToTargets
from .payment_effects import AddMana
from .phasing import PhasesOutInUntapStep
from .game_designations import AnyTime, CantTransform, EntersTransformed, TransformsAsGameBecomes
from .triggers import Trigger

__all__ = [
    "AddedLimits",
    "ChapterTrigger",
    "TriggeredAbility",
    "CostItem",
    "Costs",
    "CostChange",
    "SpellCostChange",
    "ActivationLimit",
    "ActivatedAbility",
    "AdditionalCost",
    "AttackCost",
    "ModeLine",
    "StaticGrant",
    "StaticTypes",
    "ReminderOnly",
    "LevelStripe",
    "SpellAbility",
    "KeywordAbility",
    "KeywordAbilities",
    "FaceDownCast",
    "AttachOnly",
    "AsThoughFlash",
    "CastPermission",
    "AlternativeCost",
    "ExileInstead",
    "StaticAbility",
    "Ability",
    "CantBeDestroyed",
    "LethalDamage",
    "DamageGainsLife",
    "DamageAsCounters",
]


@dataclass(frozen=True)
class ChapterTrigger(Node):
    """A Saga's chapter symbols ('I', 'II, III'): the ability triggers when the number of lore counters
    becomes at least one of them (714.2b). Sagas and lore counters aren't run yet: it never triggers."""

    chapters: tuple[int, ...]


@dataclass(frozen=True)
class TriggeredAbility(Node):
    """'When/Whenever/At TRIGGER, EFFECT' (603.1); `label` is an ability word before it ('Landfall —'),
    which has no rules meaning (207.2c); `condition` an intervening 'if' clause ('When TRIGGER, if
    CONDITION, EFFECT'), checked as the event happens and again on resolution (603.4)."""

    trigger: "Trigger | ChapterTrigger"
    effect: Effect
    label: str | None = None
    condition: "Condition | None" = None


@dataclass(frozen=True)
class CostItem(Node):
    """One part of a cost (602.1a, 118): mana (with {T}/{Q}), sacrificing the source, life, loyalty
    (606.4), or an action done as a cost (`effect`: 'Discard a card', 'Tap an untapped creature you
    control', 'Sacrifice another creature')."""

    kind: str  # 'mana', 'sacrifice self', 'life', 'loyalty', 'action'
    mana: str = ""
    amount: "Number | None" = None
    effect: "Effect | None" = None


@dataclass(frozen=True)
class Costs(Node):
    """A cost written out after a keyword and a dash ('<Keyword>—Sacrifice a creature.'), as its parts;
    `text` is its wording. In the keyword's {cost} slot where a mana cost usually stands."""

    items: tuple[CostItem, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class CostChange(Node):
    """'This ability costs {1} less to activate for each ...', 'This cost is reduced by {1} for each ...',
    'This spell costs {2} less to cast if ...' (601.2f): the amount, less or more, once, for each of the
    objects `per` (or of the counters on them, a `CountersOn`), or if `condition` holds."""

    amount: str
    less: bool
    per: "Objects | CountersOn | None" = None
    condition: "Condition | None" = None


@dataclass(frozen=True)
class SpellCostChange(Node):
    """A change to the cost of casting spells (601.2f): the spell's own ('This spell costs {1} less to cast
    ...', `casters` None), or a permanent's for spells of a quality that some players cast ('Creature spells
    you cast cost {1} less to cast', 'Noncreature spells cost {1} more to cast'; `casters` 'you',
    'opponents' or 'each')."""

    change: CostChange
    casters: str | None = None
    spells: "QualityExpr | None" = None


@dataclass(frozen=True)
class ActivationLimit(Node):
    """'Activate only as a sorcery', '... only if CONDITION', '... only once each turn', 'Activate no more than
    twice each turn' (602.5b, 307.1)."""

    kind: str  # 'as a sorcery', 'as an instant', 'if', 'once each turn' (`times`), 'during your turn',
    #            'before attackers are declared', 'during your step' (`step`), 'during combat'
    condition: "Condition | None" = None
    times: int = 1
    step: str | None = None  # a step as Oracle text names it: 'upkeep', 'draw step', 'end step'


@dataclass(frozen=True)
class AddedLimits(Node):
    """A keyword's meaning that adds limits to the activated ability it labels ('Boast — [Cost]: [Effect]' adds
    'Activate only if this creature attacked this turn and only once each turn', 702.142a, 702.177a)."""

    limits: tuple[ActivationLimit, ...]


@dataclass(frozen=True)
class ActivatedAbility(Node):
    """'[Cost]: [Effect.]' (602). A mana ability adds mana and has no target (605.1a)."""

    costs: tuple[CostItem, ...]
    effect: Effect
    cost_text: str
    limits: tuple[ActivationLimit, ...] = ()
    label: str | None = None  # an ability word or flavor name before it (207.2c)
    cost_changes: tuple[CostChange, ...] = ()

    @property
    def is_mana_ability(self) -> bool:
        return any(isinstance(n, AddMana) for n in walk(self.effect)) and not any(
            isinstance(n, (Target, UpToTargets)) for n in walk(self.effect)
        )


@dataclass(frozen=True)
class AdditionalCost(Node):
    """'As an additional cost to cast this spell, [you may] A or B.' — one option is paid (601.2b, 601.2h);
    `optional` ('you may') lets the player pay none."""

    options: tuple["Effect", ...]
    optional: bool = False


@dataclass(frozen=True)
class AttackCost(Node):
    """'You may <action> ~ as it attacks. [When you do, EFFECT.]': an optional cost its controller may pay
    as the creature is declared as an attacker (508.1g); `then` holds the sentences after it (a
    reflexive trigger, 603.12). No combat is run yet, so it is never offered."""

    action: KeywordAction
    then: "Effect | None" = None


@dataclass(frozen=True)
class ModeLine(Node):
    """One mode of a modal spell or ability on a line of its own ('• EFFECT', 700.2); the 'Choose ...'
    line before it gathers it. `name` is a mode's flavor name, which has no rules meaning."""

    effect: "Effect"
    name: str | None = None


@dataclass(frozen=True)
class StaticGrant(Node):
    """'Creatures you control get +1/+1 and have trample', 'Each instant and sorcery card in your graveyard has
    <keyword>', '~ has haste as long as ...' (604.1, 611.3a): while the source is on the battlefield [and the
    condition holds], the objects it describes have the abilities (613.1f) and `change` to their power and
    toughness (613.4c). game/continuous.py applies it to permanents."""

    objects: Objects
    abilities: tuple["KeywordAbility | TriggeredAbility", ...]
    condition: "Condition | None" = None
    change: str | None = None   # '+1/+1', '-X/-X'
    label: str | None = None    # an ability word before it ('Threshold —', 207.2c)
    times: "Number | None" = None   # '... for each artifact you control' (107.3)
    x: "Number | None" = None       # '..., where X is your life total' (107.3)
    loses: tuple["KeywordAbility", ...] = ()   # '... has defender and loses flying' (613.1f)
    types: "StaticTypes | None" = None          # '... is an Island', '... is a Wall in addition to ...' (613.1d)


@dataclass(frozen=True)
class StaticTypes(Node):
    """What a static ability makes the objects it describes (613.1d): the card types and subtypes the quality
    names, in addition to their other types (`retain`) or instead of those of the same kinds (205.1a-b; basic
    land types, 305.7), or every subtype of a list (`every`: 'creature', 'basic land')."""

    quality: "QualityExpr | None"
    retain: bool = True
    every: str | None = None


@dataclass(frozen=True)
class LevelStripe(Node):
    """A level symbol and its striation ('LEVEL 1-4', '1/2', abilities; 711.2): as long as the object has at
    least `low` and at most `high` (no limit: None) counters of the symbol's kind, it has base power and
    toughness `power`/`toughness` and has `abilities` (711.2a, 711.2b)."""

    counter: str
    low: int
    high: int | None
    power: int
    toughness: int
    abilities: tuple["Ability", ...]


@dataclass(frozen=True)
class ReminderOnly(Node):
    """A line that is only reminder text ('(Melds with ...)'): it has no rules meaning (207.2)."""


@dataclass(frozen=True)
class SpellAbility(Node):
    """The effect text of an instant or sorcery."""

    effect: Effect


@dataclass(frozen=True)
class KeywordAbility(Node):
    """A keyword ability defined in rules/ ('Ward {2}', 'Flying') and its arguments."""

    name: str
    args: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class KeywordAbilities(Node):
    """A line of keyword abilities: 'Flying, lifelink' (with `cost_changes`: '<Keyword> {5}{R}. This cost is
    reduced by {1} for each ...')."""

    abilities: tuple[KeywordAbility, ...]
    cost_changes: tuple[CostChange, ...] = ()


@dataclass(frozen=True)
class FaceDownCast(Node):
    """'face down as a 2/2 creature [with ward {2}]' (702.37a, 702.168a)."""

    power: int
    toughness: int
    quality: QualityExpr
    with_ability: KeywordAbility | None = None


@dataclass(frozen=True)
class AttachOnly(Node):
    """'This permanent can be attached only to a QUALITY [you control]' (702.5a, 301.5c): what an Aura with this
    ability can target as a spell (303.4a), enchant (303.4d, 704.5m) and be attached to as it enters otherwise
    (303.4f); `you_control`: only one its controller controls. '... only to a player' / '... to an opponent'
    (702.5d): `players` is 'player' or 'opponent' (of its controller), and `quality` is None."""

    quality: QualityExpr | None
    you_control: bool = False
    players: str | None = None


@dataclass(frozen=True)
class AsThoughFlash(Node):
    """'You may cast QUALITY spells as though they had flash' (609.4): timing permission while it is
    on the battlefield; several combine, a spell meeting any one's condition may be cast (609.4a)."""

    quality: QualityExpr


@dataclass(frozen=True)
class CastPermission(Node):
    """'You may cast this card [from ZONE] [face down ...] by paying COST rather than paying its mana cost'."""

    zone: str
    face_down: FaceDownCast | None
    cost: "str | Var"
    earlier_event: str | None = None  # 'if it was foretold before this turn'
    spell_qualities: tuple[QualityExpr, ...] = ()  # 'if the resulting spell is an instant or sorcery spell'
    condition: Condition | None = None  # 'if an opponent lost life this turn' (702.137a)
    additional: tuple[CostItem, ...] = ()  # 'by discarding a card in addition to paying its other costs'


@dataclass(frozen=True)
class AlternativeCost(Node):
    """'[If CONDITION,] you may COST rather than pay this spell's mana cost' (118.9, 601.2b): a cost printed on
    the card its caster may pay instead of its mana cost, while the condition holds as it is cast."""

    costs: Costs
    condition: Condition | None = None


@dataclass(frozen=True)
class ExileInstead(Node):
    """'If the KEYWORD cost was paid, exile this card instead ... any time it would leave the stack.'"""

    keyword: str


@dataclass(frozen=True)
class CantBeDestroyed(Node):
    """'This permanent can't be destroyed' (702.12b): effects that say 'destroy' and lethal damage don't."""

    objects: Objects


@dataclass(frozen=True)
class LethalDamage(Node):
    """'Any amount of damage this deals to a creature is enough to destroy it' (702.2b, 704.5h)."""


@dataclass(frozen=True)
class DamageGainsLife(Node):
    """'Damage dealt by this also causes you to gain that much life' (702.15b, 120.3f): its controller, or
    its owner if it has no controller, gains that much life."""


@dataclass(frozen=True)
class DamageAsCounters(Node):
    """'This deals damage to creatures in the form of -1/-1 counters [and to players in the form of poison
    counters]' (120.3b, 120.3d): `kinds` maps 'creatures' or 'players' to the kind of counter its damage
    to them is, instead of marked damage or life loss."""

    objects: Objects
    kinds: tuple[tuple[str, str], ...]


StaticAbility = Union[CastPermission, AlternativeCost, ExileInstead, OptionalCost, ChooseAllModes, ResolvesInto,
                      DiscardIntoExile,
                      "ActivatedAbility", "TriggeredAbility", CantBeDestroyed, LethalDamage, DamageGainsLife,
                      DamageAsCounters, AttachOnly, PhasesOutInUntapStep, TransformsAsGameBecomes, CantTransform,
                      EntersTransformed, AnyTime]


Ability = Union[
    TriggeredAbility,
    ActivatedAbility,
    AdditionalCost,
    SpellAbility,
    KeywordAbilities,
    AttackCost,
    ModeLine,
    ReminderOnly,
    LevelStripe,
    StaticGrant,
    SpellCostChange,
    CantBeDestroyed,
    LethalDamage,
    DamageGainsLife,
    DamageAsCounters,
]
