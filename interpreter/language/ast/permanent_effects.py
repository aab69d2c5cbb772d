"""Effect nodes that change permanents: tap, attach, counters, tokens and copies, becoming, getting and gaining,
face up and down, sacrifice, destroy, damage (110, 111, 120, 122, 701).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, Number, QualityExpr, Var
from .objects import AnyTarget, DividedTargets, Objects

if TYPE_CHECKING:
    from .abilities import KeywordAbility, TriggeredAbility
    from .effects import Effect
    from .payment_effects import Players

__all__ = [
    "DealDividedDamage",
    "PutCounters",
    "Tap",
    "CreateToken",
    "PutCombined",
    "CreateCopy",
    "Sacrifice",
    "Pump",
    "GrantKeyword",
    "LoseAbilities",
    "CantAttack",
    "CantBlock",
    "CreateNamedToken",
    "AddTypes",
    "Animate",
    "Designate",
    "SkipUntap",
    "TurnFaceUp",
    "Attach",
    "TurnFaceDown",
    "PreventDamage",
    "Becomes",
    "Destroy",
    "DealDamage",
    "CantBeReplaced",
    "RemoveDamage",
    "RemoveFromCombat",
    "NextTimeInstead",
]


@dataclass(frozen=True)
class PutCounters(Node):
    count: Number
    kind: str
    objects: Objects


@dataclass(frozen=True)
class Tap(Node):
    """'tap OBJECTS' (701.26a); `untap` for 'untap OBJECTS' (701.26b); `either`: 'tap or untap OBJECTS', which
    of the two for each, the player's choice."""

    objects: "Objects"
    untap: bool = False
    either: bool = False


@dataclass(frozen=True)
class CreateToken(Node):
    """'create a 0/0 black Zombie Army creature token', 'create NAME, a legendary 4/4 ...' (111.1)."""

    count: "Number"
    power: "Number"
    toughness: "Number"
    colors: tuple[str, ...]
    quality: QualityExpr
    legendary: bool = False
    with_ability: "KeywordAbility | None" = None
    name: str | None = None
    tapped: bool = False      # '... create two tapped ...' (they enter tapped)
    attacking: bool = False   # '... tapped and attacking' (508.4)


@dataclass(frozen=True)
class PutCombined(Node):
    """Put two cards onto the battlefield as one permanent, the named card's face up (712.4a)."""

    objects: Objects
    name: "str | Var"


@dataclass(frozen=True)
class CreateCopy(Node):
    """'create a token that's a copy of OBJECTS' (707.2, 111.1): the copiable values only."""

    objects: "Objects"


@dataclass(frozen=True)
class Sacrifice(Node):
    """'sacrifice an artifact, a creature, and a land' (or: one of them) (701.21); `other` for
    'sacrifice another creature' (not the source)."""

    items: tuple[tuple["Number", QualityExpr], ...]
    any_one: bool = False
    other: bool = False


@dataclass(frozen=True)
class Pump(Node):
    """'... gets +N/+M until end of turn' (611.2); `times`: '... for each OBJECTS' (the change that many times)."""

    objects: Objects
    change: str
    duration: str
    times: "Number | None" = None


@dataclass(frozen=True)
class GrantKeyword(Node):
    """'... gains flying until end of turn', '... gain "When this creature dies, ..." until end of turn'."""

    objects: Objects
    ability: "KeywordAbility | TriggeredAbility"
    duration: str


@dataclass(frozen=True)
class LoseAbilities(Node):
    """'... loses flying until end of turn', '... loses all abilities until end of turn' (613.1f): the objects
    lose the keyword abilities named (`abilities` None: every ability they have) for the duration."""

    objects: Objects
    abilities: "tuple[KeywordAbility, ...] | None"
    duration: str


@dataclass(frozen=True)
class CantAttack(Node):
    objects: Objects
    duration: str


@dataclass(frozen=True)
class CantBlock(Node):
    """'... can't block this turn' (509.1b); with `blocked`, '... can't be blocked [by QUALITY] this turn'."""

    objects: Objects
    duration: str
    blocked: bool = False
    by: "QualityExpr | None" = None


@dataclass(frozen=True)
class CreateNamedToken(Node):
    """'create a Treasure token': a predefined token (111.10) defined in rules/; '... with N +1/+1 counters on
    it': it enters with them (122.6)."""

    name: str
    count: "Number | None" = None
    kind: str | None = None


@dataclass(frozen=True)
class Animate(Node):
    """'~ becomes a 3/2 blue and black Elemental creature with flying until end of turn. It's still a land.'
    (205.1a, 611.2): its card types and subtypes (613.1d), colors (`colors` None: unchanged, 613.1e), abilities
    (613.1f) and base power and toughness (613.4b) become those, for the `duration` (None: for good); `retain`:
    it keeps its card types ('It's still a land')."""

    objects: Objects
    power: int
    toughness: int
    colors: tuple[str, ...] | None
    quality: QualityExpr
    abilities: tuple = ()
    duration: str | None = None
    retain: bool = False


@dataclass(frozen=True)
class AddTypes(Node):
    """'... becomes a Zombie in addition to its other types' (205.1b); with a `duration`, a type-changing effect
    for that time, which without 'in addition' (`retain` False) replaces the card types (205.1a, 611.2)."""

    objects: Objects
    quality: QualityExpr
    duration: str | None = None
    retain: bool = True


@dataclass(frozen=True)
class Designate(Node):
    """'... becomes exerted': a designation the object keeps (e.g. 701.43), for the `duration` if one is
    given ('until its controller's next untap step')."""

    objects: Objects
    designation: str
    duration: str | None = None


@dataclass(frozen=True)
class SkipUntap(Node):
    """'... doesn't untap during its controller's next untap step' (502.3); `yours`: '... during your next
    untap step', the next untap step of the effect's controller."""

    objects: Objects
    yours: bool = False


@dataclass(frozen=True)
class TurnFaceUp(Node):
    objects: Objects


@dataclass(frozen=True)
class Attach(Node):
    """'attach ~ to that creature' (701.3): an Aura, Equipment or Fortification becomes attached."""

    objects: Objects
    to: Objects


@dataclass(frozen=True)
class TurnFaceDown(Node):
    """'turn target creature face down' (708): it becomes a face-down permanent; turning face down isn't run yet."""

    objects: Objects


@dataclass(frozen=True)
class PreventDamage(Node):
    """'prevent all combat damage that would be dealt to it this turn', 'prevent the next 3 damage that would be
    dealt to any target this turn' (`amount`), 'prevent all damage target creature would deal this turn'
    (`sources`) (615): a prevention effect. `objects` None: damage dealt to anything."""

    objects: "Objects | Players | AnyTarget | None"
    combat: bool
    duration: str
    amount: "Number | None" = None
    sources: "Objects | None" = None


@dataclass(frozen=True)
class Becomes(Node):
    """'it becomes an Aura with enchant creature' (205.1a): it becomes that type with that ability."""

    objects: Objects
    quality: QualityExpr
    ability: "KeywordAbility"


@dataclass(frozen=True)
class Destroy(Node):
    """'destroy target creature' (701.8): to its owner's graveyard, unless something replaces it; `unreplaced`
    is what no replacement may make of it when the text goes on 'They can't be regenerated.' (the event
    'regenerated': no regeneration shield applies, 701.19c)."""

    objects: Objects
    unreplaced: str | None = None


@dataclass(frozen=True)
class DealDamage(Node):
    """'~ deals 3 damage to any target', '... deals damage equal to its power to ...' (120).

    `amount` None is the source's power; `recipients` are objects, players, or any target.
    """

    source: Objects
    amount: "Number | None"
    recipients: "Objects | Players | AnyTarget"


@dataclass(frozen=True)
class DealDividedDamage(Node):
    """'~ deals 3 damage divided as you choose among one, two, or three targets' (601.2d): the targets and the
    division are announced as it is put on the stack."""

    source: Objects
    amount: "Number"
    targets: "DividedTargets"


@dataclass(frozen=True)
class CantBeReplaced(Node):
    """'It can't be regenerated [this turn]' (701.19c): no replacement effect that would make it `event`
    ('regenerated') applies to it. Right after 'destroy ...' it is part of that destruction
    (`Destroy.unreplaced`); alone, an effect that lasts."""

    objects: Objects
    event: str
    duration: str | None = None


@dataclass(frozen=True)
class RemoveDamage(Node):
    """'remove all damage from it' (120.6, 701.19a)."""

    objects: Objects


@dataclass(frozen=True)
class RemoveFromCombat(Node):
    """'remove it from combat' (506.4): it stops being an attacking, blocking, blocked or unblocked creature."""

    objects: Objects


@dataclass(frozen=True)
class NextTimeInstead(Node):
    """'The next time OBJECTS would be destroyed this turn, instead EFFECT' (614.1a, 701.19a), 'If OBJECTS would
    die this turn, EFFECT instead' (`event` 'died'): a replacement effect for each object, applied once (an
    object dies once); in EFFECT, 'it' is the object."""

    objects: Objects
    event: str
    duration: str
    effect: "Effect"
