"""The AST: small frozen node classes with typed fields and a source span.

Behaviour lives in the interpreter, not here. Every node the grammar can
produce has a class; the interpreter has one method per class.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..diagnostics import Span


@dataclass(frozen=True)
class Node:
    """Base of all nodes; `span` says where the text came from."""

    span: Span | None = field(default=None, kw_only=True, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> "Node":
        return self  # immutable: copies share the AST


# ------------------------------------------------------------------ values
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


Number = Union[IntValue, XValue, Var]


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


QualityExpr = Union[Quality, Var, QualityChoice, QualityWith]


# ------------------------------------------------------------------ objects
@dataclass(frozen=True)
class TopCards(Node):
    """'the top N cards of your library'; `whose` 'that player' for '... of that player's library'."""

    count: Number
    whose: str = "you"


@dataclass(frozen=True)
class Self(Node):
    """'this creature', the card's own name: the source of the ability."""


@dataclass(frozen=True)
class Target(Node):
    """'target creature [you control | an opponent controls]', 'another target creature', 'target creature
    card in your graveyard', 'target spell' (115.1). `zone` None is the battlefield; `whose` says whose
    zone ('you', 'an opponent', 'any')."""

    quality: QualityExpr
    you_control: bool = False
    other: bool = False
    opponent_controls: bool = False
    zone: str | None = None
    whose: str | None = None
    count: "Number | None" = None     # 'two target lands': that many different targets


@dataclass(frozen=True)
class UpToTargets(Node):
    """'up to N [other] target creatures [in ZONE]': chosen when the effect needs them (115.1)."""

    count: "Number"
    quality: QualityExpr
    other: bool = False
    zone: str | None = None
    whose: str | None = None


@dataclass(frozen=True)
class AllPermanents(Node):
    """'each creature', 'all other creatures [you control]': every permanent of that quality (that you
    control, with `you_control`; but the source, with `other`)."""

    quality: QualityExpr
    you_control: bool = False
    other: bool = False


@dataclass(frozen=True)
class NamedPermanent(Node):
    """'a creature named Hanweir Garrison': a permanent of that quality with that name."""

    quality: "QualityExpr"
    name: "str | Var"


@dataclass(frozen=True)
class PaidObject(Node):
    """'the sacrificed creature', 'the discarded card': what was sacrificed or discarded to pay a cost (118)."""

    action: str
    quality: "QualityExpr"


@dataclass(frozen=True)
class AnyTarget(Node):
    """'any target': a creature, player, planeswalker or battle (115.4)."""


@dataclass(frozen=True)
class It(Node):
    """'it': the object the ability is about (its source)."""


@dataclass(frozen=True)
class NamedObject(Node):
    """A card named in text ('Bruna, the Fading Light'): the permanent of that name you control."""

    name: str


@dataclass(frozen=True)
class CardsOutsideGame(Node):
    """'a Lesson card you own from outside the game' (400.11)."""

    quality: QualityExpr | None


@dataclass(frozen=True)
class CardsInZone(Node):
    """'Dragon cards in your hand'; with `count`, that many of them chosen ('a blue card in your hand')."""

    quality: QualityExpr | None
    zone: str
    count: "Number | None" = None
    all_players: bool = False     # 'cards in graveyards': every player's


@dataclass(frozen=True)
class PermanentsYouControl(Node):
    """'creatures you control'; with `count`, that many of them chosen ('two Islands you control');
    `other` leaves out the source ('another creature you control')."""

    quality: QualityExpr | None
    count: "Number | None" = None
    other: bool = False


@dataclass(frozen=True)
class CardOf(Node):
    """'the card representing X': the card itself, ignoring face-down status."""

    objects: "Objects"


@dataclass(frozen=True)
class Except(Node):
    base: "Objects"
    removed: "Objects"


@dataclass(frozen=True)
class Union_(Node):
    parts: tuple["Objects", ...]


Objects = Union[Var, TopCards, Self, Target, UpToTargets, It, NamedObject, CardsInZone, CardsOutsideGame, PermanentsYouControl,
                CardOf, Except, Union_, AllPermanents, NamedPermanent, "AttachedSubject", PaidObject]


# ------------------------------------------------------------------ conditions
@dataclass(frozen=True)
class WasEvent(Node):
    """'if a Dragon was <event>': an object of that quality, as it was at the event (701.4b)."""

    count: Number
    quality: QualityExpr
    event: str


@dataclass(frozen=True)
class IsFaceDownAs(Node):
    objects: Objects
    ways: tuple[str, ...]


@dataclass(frozen=True)
class IsQuality(Node):
    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class HasManaCost(Node):
    objects: Objects


@dataclass(frozen=True)
class YouControl(Node):
    objects: Objects


@dataclass(frozen=True)
class YouDid(Node):
    """'if you do' / 'if you didn't': whether the last optional action was done."""

    negated: bool = False


@dataclass(frozen=True)
class YouControlNone(Node):
    quality: QualityExpr


@dataclass(frozen=True)
class HasNoCounters(Node):
    objects: Objects
    kind: str


@dataclass(frozen=True)
class IsPermanent(Node):
    objects: Objects


@dataclass(frozen=True)
class HasKeyword(Node):
    objects: Objects
    keyword: str


@dataclass(frozen=True)
class IsInZone(Node):
    objects: Objects
    zone: str


@dataclass(frozen=True)
class YourTurn(Node):
    pass


@dataclass(frozen=True)
class IsPairFor(Node):
    """The two objects are the two cards of a pair that combine into the named card (712.4a, 701.42b)."""

    objects: Objects
    name: "str | Var"


@dataclass(frozen=True)
class OwnAndControl(Node):
    """'if you both own and control ~ and a creature named X' (108.3, 110.2): every one of them is on the
    battlefield, yours and under your control; 'them' then means those objects."""

    objects: tuple[Objects, ...]


@dataclass(frozen=True)
class WasQuality(Node):
    """'if the sacrificed creature was legendary': the object as it last was (608.2h)."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class IsStatus(Node):
    """'if ~ is tapped' / 'untapped' (110.5)."""

    objects: Objects
    status: str


@dataclass(frozen=True)
class DiedThisTurn(Node):
    """'if a creature died this turn' (700.4): the game's history this turn."""

    count: "Number"
    quality: QualityExpr


@dataclass(frozen=True)
class YouCastIt(Node):
    """'if you cast it': the permanent entered as a spell you cast (601.2i)."""


@dataclass(frozen=True)
class SpellWas(Node):
    """'if this spell was foretold' (`event`), '... was cast from a graveyard' (`zone`)."""

    event: str | None = None
    zone: str | None = None


@dataclass(frozen=True)
class NoRoomCard(Node):
    """309.3: the player owns no card with rooms in the command zone."""


@dataclass(frozen=True)
class MarkerAtBottom(Node):
    """The player's marker is on a bottommost room (701.49c)."""


Condition = Union[WasQuality, OwnAndControl, IsStatus, DiedThisTurn, YouCastIt, SpellWas, IsPairFor, NoRoomCard, MarkerAtBottom, WasEvent, IsFaceDownAs, IsQuality, HasManaCost, YouControl, YouDid, YouControlNone, HasNoCounters,
                  IsPermanent, HasKeyword, IsInZone, YourTurn]


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class Draw(Node):
    count: Number


@dataclass(frozen=True)
class Mill(Node):
    count: Number


@dataclass(frozen=True)
class Shuffle(Node):
    pass


@dataclass(frozen=True)
class PutCounters(Node):
    count: Number
    kind: str
    objects: Objects


@dataclass(frozen=True)
class PutIntoZone(Node):
    objects: Objects
    zone: str
    face_down_as: str | None = None


@dataclass(frozen=True)
class PutOntoBattlefield(Node):
    """Onto the battlefield, face down as WAY (708.3) with an extra ability if given."""

    objects: Objects
    face_down_as: str | None = None
    with_ability: "KeywordAbility | None" = None
    tapped: bool = False


@dataclass(frozen=True)
class Look(Node):
    objects: Objects
    bind: str | None


@dataclass(frozen=True)
class Choose(Node):
    count: Number
    objects: Objects
    bind: str | None
    up_to: bool = False
    if_able: bool = False


@dataclass(frozen=True)
class Reveal(Node):
    objects: Objects
    bind: str | None = None


@dataclass(frozen=True)
class Discard(Node):
    """'discard two cards', 'discard a Zombie card' (of that quality), 'discard ~' (those objects) (701.9)."""

    count: Number
    quality: "QualityExpr | None" = None
    objects: "Objects | None" = None


@dataclass(frozen=True)
class Tap(Node):
    """'tap OBJECTS' (701.26a); `untap` for 'untap OBJECTS' (701.26b)."""

    objects: "Objects"
    untap: bool = False


@dataclass(frozen=True)
class Return(Node):
    """'return OBJECTS to ZONE' / '... to the battlefield' (zone 'battlefield'): a move between zones (400.7)."""

    objects: "Objects"
    zone: str


@dataclass(frozen=True)
class Scry(Node):
    count: Number


@dataclass(frozen=True)
class Modal(Node):
    """'Choose one — • A. • B.' (700.2): the modes are chosen as the spell is cast."""

    count: "Number"
    modes: tuple["Effect", ...]
    or_both: bool = False
    names: tuple[str | None, ...] = ()   # a mode's flavor name ('• Steal Its Eyes — ...'), no rules meaning


@dataclass(frozen=True)
class EffectChoice(Node):
    """'A or B': the player chooses one of the effects that can be done (forced when one can)."""

    options: tuple["Effect", ...]


@dataclass(frozen=True)
class ExileFromZone(Node):
    """'exile three cards from your graveyard': the player chooses them; fewer can't be exiled."""

    count: "Number"
    quality: QualityExpr | None
    zone: str


@dataclass(frozen=True)
class ExileTotalManaValue(Node):
    """'exile any number of cards from your graveyard with total mana value N or greater'."""

    zone: str
    total: "Number"


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


@dataclass(frozen=True)
class EnterRoomCard(Node):
    """309.2a, 309.4a: choose a card with rooms you own from outside the game, put it into the command
    zone, and put your marker on its topmost room."""

    quality: QualityExpr | None = None


@dataclass(frozen=True)
class CompleteRoomCard(Node):
    """309.7: remove your card with rooms from the game; you complete it."""


@dataclass(frozen=True)
class AdvanceMarker(Node):
    """309.5a: move your marker along an arrow to an adjacent room."""


@dataclass(frozen=True)
class CounterUnlessPays(Node):
    """'counter that spell or ability unless its controller pays COST' (701.6, 118.12); with `objects`,
    'counter target spell unless its controller pays COST'."""

    cost: "str | Var"
    objects: "Objects | None" = None


@dataclass(frozen=True)
class AddMana(Node):
    """'Add {G}', 'Add one mana of any color', '... of any type that a land you control could produce' (106)."""

    mana: str | None = None
    count: "Number | None" = None
    any_color: bool = False
    land_types: bool = False
    one_color: bool = False       # '... of any one color': all of it the same color


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
class Players(Node):
    """Who: 'you', 'each opponent', 'each player', 'target player', 'target opponent'."""

    who: str


@dataclass(frozen=True)
class GainLife(Node):
    players: Players
    amount: "Number"


@dataclass(frozen=True)
class LoseLife(Node):
    """'... loses N life [unless they EFFECT]' (each player chooses whether to do it)."""

    players: Players
    amount: "Number"
    unless: "Effect | None" = None


@dataclass(frozen=True)
class Sacrifice(Node):
    """'sacrifice an artifact, a creature, and a land' (or: one of them) (701.21); `other` for
    'sacrifice another creature' (not the source)."""

    items: tuple[tuple["Number", QualityExpr], ...]
    any_one: bool = False
    other: bool = False


@dataclass(frozen=True)
class Pump(Node):
    """'... gets +N/+M until end of turn' (611.2)."""

    objects: Objects
    change: str
    duration: str


@dataclass(frozen=True)
class GrantKeyword(Node):
    """'... gains flying until end of turn', '... gain "When this creature dies, ..." until end of turn'."""

    objects: Objects
    ability: "KeywordAbility | TriggeredAbility"
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
class Search(Node):
    """'search your library for a basic land card' (701.23)."""

    count: "Number"
    quality: QualityExpr
    bind: str | None = None


@dataclass(frozen=True)
class MayPlay(Node):
    """'you may play them': a permission to play those cards (601.2a, 305); `duration` when it ends
    ('until the end of your next turn')."""

    objects: Objects
    duration: str | None = None


@dataclass(frozen=True)
class CastFree(Node):
    """'cast one of them without paying its mana cost' (118.9); 'you may' around it is an `Optional`."""

    count: "Number"
    objects: Objects


@dataclass(frozen=True)
class PutFromAmong(Node):
    """'put a creature card from among them onto the battlefield with N +1/+1 counters on it'."""

    count: "Number"
    quality: QualityExpr
    objects: Objects
    counters: "Number"
    kind: str


@dataclass(frozen=True)
class CreateNamedToken(Node):
    """'create a Treasure token': a predefined token (111.10) defined in rules/."""

    name: str


@dataclass(frozen=True)
class AddTypes(Node):
    """'... becomes a Zombie in addition to its other types' (205.1b)."""

    objects: Objects
    quality: QualityExpr


@dataclass(frozen=True)
class Designate(Node):
    """'... becomes exerted': a designation the object keeps (e.g. 701.43)."""

    objects: Objects
    designation: str


@dataclass(frozen=True)
class SkipUntap(Node):
    """'... doesn't untap during its controller's next untap step' (502.3)."""

    objects: Objects


@dataclass(frozen=True)
class Optional(Node):
    """'you may EFFECT': asked yes or no; 'if you do' reads the answer (608.2d)."""

    effect: "Effect"


@dataclass(frozen=True)
class PayKeywordCost(Node):
    """'pay the KEYWORD cost of X': the cost a keyword ability of the object gives."""

    keyword: str
    objects: Objects


@dataclass(frozen=True)
class TurnFaceUp(Node):
    objects: Objects


@dataclass(frozen=True)
class PayMana(Node):
    cost: str


@dataclass(frozen=True)
class PayManaCostOf(Node):
    objects: Objects


@dataclass(frozen=True)
class Require(Node):
    """Refuse the whole action unless the condition holds; `text` is its wording, `rule` what it cites."""

    condition: Condition
    text: str
    rule: str | None = None


@dataclass(frozen=True)
class RecordEvent(Node):
    """An event the definition says happened, for each object or for the player."""

    name: str
    objects: Objects | None = None


@dataclass(frozen=True)
class KeywordAction(Node):
    """A use of a keyword action defined in rules/: its name and slot arguments."""

    name: str
    args: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Sequence(Node):
    effects: tuple["Effect", ...]


@dataclass(frozen=True)
class Conditional(Node):
    condition: Condition
    effect: "Effect"
    otherwise: "Effect | None" = None


@dataclass(frozen=True)
class Repeat(Node):
    """'<action> twice', '<action> X times', 'it <action>s again' (count 1: once more)."""

    effect: "Effect"
    count: "Number"


@dataclass(frozen=True)
class Attach(Node):
    """'attach ~ to that creature' (701.3): an Aura, Equipment or Fortification becomes attached."""

    objects: Objects
    to: Objects


@dataclass(frozen=True)
class ManaCostOf(Node):
    """'its mana cost' as a value: the mana cost of the object (202.1), e.g. as a keyword's cost."""

    objects: Objects


@dataclass(frozen=True)
class KeywordCostIs(Node):
    """'The <keyword> cost is equal to its mana cost.' — joined, while parsing, to the grant of that
    keyword just before it; left alone it is an error."""

    keyword: str


@dataclass(frozen=True)
class TurnFaceDown(Node):
    """'turn target creature face down' (708): it becomes a face-down permanent; turning face down isn't run yet."""

    objects: Objects


@dataclass(frozen=True)
class CountOf(Node):
    """'the number of OBJECTS' as a value."""

    objects: Objects


@dataclass(frozen=True)
class WhereX(Node):
    """'EFFECT, where X is VALUE': X is worked out as the effect starts (107.3c)."""

    effect: "Effect"
    value: CountOf


@dataclass(frozen=True)
class Instead(Node):
    """'If CONDITION, EFFECT instead.' — joined, while parsing, to the sentence before it as a conditional
    whose 'otherwise' is that sentence (614.1a); left alone it is an error."""

    condition: "Condition"
    effect: "Effect"


@dataclass(frozen=True)
class PreventDamage(Node):
    """'prevent all combat damage that would be dealt to it this turn' (615): a prevention effect."""

    objects: Objects
    combat: bool
    duration: str


@dataclass(frozen=True)
class Becomes(Node):
    """'it becomes an Aura with enchant creature' (205.1a): it becomes that type with that ability."""

    objects: Objects
    quality: QualityExpr
    ability: "KeywordAbility"


@dataclass(frozen=True)
class ExileUntil(Node):
    """'exile OBJECTS until ~ leaves the battlefield' (610.3): they return when it leaves."""

    objects: Objects


@dataclass(frozen=True)
class ShuffleInto(Node):
    """'shuffle OBJECTS into its owner's library' (701.24): put there, then that library is shuffled."""

    objects: Objects
    zone: str


@dataclass(frozen=True)
class DelayedTrigger(Node):
    """'When it dies this turn, EFFECT': a delayed triggered ability the effect creates (603.7)."""

    trigger: "Trigger"
    effect: "Effect"


@dataclass(frozen=True)
class Counter(Node):
    """'counter target spell' (701.6a): it leaves the stack, a spell to its owner's graveyard."""

    objects: Objects


@dataclass(frozen=True)
class Destroy(Node):
    """'destroy target creature' (701.8): to its owner's graveyard, unless something replaces it."""

    objects: Objects


@dataclass(frozen=True)
class DealDamage(Node):
    """'~ deals 3 damage to any target', '... deals damage equal to its power to ...' (120).

    `amount` None is the source's power; `recipients` are objects, players, or any target.
    """

    source: Objects
    amount: "Number | None"
    recipients: "Objects | Players | AnyTarget"


@dataclass(frozen=True)
class ReflexiveTrigger(Node):
    """'When you do, EFFECT': a reflexive triggered ability (603.12) that triggers if the action just
    before it was done; it goes on the stack and its targets are chosen then."""

    effect: "Effect"


@dataclass(frozen=True)
class Otherwise(Node):
    """'Otherwise, EFFECT.' — joined to the Conditional before it while parsing."""

    effect: "Effect"


Effect = Union[Draw, Mill, Shuffle, PutCounters, PutIntoZone, PutOntoBattlefield, Look, Choose, Reveal, Discard, Scry,
               CreateToken, CreateNamedToken, AddTypes, Designate, SkipUntap, Optional, PayKeywordCost,
               PutCombined, CreateCopy, Modal, CounterUnlessPays, EffectChoice, ExileFromZone, ExileTotalManaValue, AddMana, EnterRoomCard, CompleteRoomCard, AdvanceMarker, GainLife, LoseLife, Sacrifice, Pump, GrantKeyword, CantAttack, Search, MayPlay, CastFree, PutFromAmong,
               TurnFaceUp, PayMana, PayManaCostOf, Require, RecordEvent, KeywordAction, Sequence, Conditional,
               ReflexiveTrigger, Tap, Return, CantBlock, Counter, Destroy, DealDamage, Repeat, Attach,
               KeywordCostIs, TurnFaceDown, WhereX, Instead, ExileUntil, ShuffleInto, DelayedTrigger, PreventDamage,
               Becomes]


# ------------------------------------------------------------------ abilities
@dataclass(frozen=True)
class EntersTrigger(Node):
    pass


@dataclass(frozen=True)
class TurnedFaceUpTrigger(Node):
    pass


@dataclass(frozen=True)
class YouActionTrigger(Node):
    """'Whenever you <keyword action> [an object]': the action's event with you as its player.

    `objects` narrows it to the object the action is done to ('Whenever you <action> a creature').
    """

    action: KeywordAction
    objects: "QualityExpr | None" = None


@dataclass(frozen=True)
class SubjectFilter(Node):
    """'a creature you control' as the subject of a trigger.

    `controller` is 'you' or 'an opponent' when the text says who controls it
    ('you_control' keeps the older spelling of 'you'); `other` leaves out the
    source ('another creature'); `or_self` adds the source ('~ or another
    creature'); `one_or_more` is 'one or more creatures' (one event for a group).
    """

    quality: QualityExpr
    you_control: bool = False
    controller: str | None = None
    other: bool = False
    or_self: bool = False
    one_or_more: bool = False


@dataclass(frozen=True)
class AttachedSubject(Node):
    """'enchanted creature', 'equipped creature': the object an Aura or Equipment is attached to (301.5, 303.4)."""

    attachment: str      # 'enchanted' or 'equipped'
    quality: QualityExpr


Subject = Union["Self", It, SubjectFilter, AttachedSubject]


@dataclass(frozen=True)
class SubjectTrigger(Node):
    """'When ~ dies', 'Whenever a creature you control attacks', 'Whenever ~ deals combat damage to a player'.

    `event` is 'enters', 'dies' (700.4: put into a graveyard from the battlefield), 'attacks' (508.1),
    'deals damage' (510, 120), 'is dealt damage', 'leaves' (the battlefield), 'becomes tapped' or
    'becomes untapped' (701.26). 'Enters' of the source itself is an
    `EntersTrigger`. `recipient` says who was dealt damage ('a player', 'an opponent' or a quality of
    objects). The interpreter has no combat or damage yet and detects only what game events report.
    """

    subject: Subject
    event: str
    combat: bool = False
    recipient: "str | QualityExpr | None" = None
    under_your_control: bool = False


@dataclass(frozen=True)
class EitherTrigger(Node):
    """'Whenever ~ enters or attacks', 'When ~ enters and whenever ...': one ability with several trigger
    events; it triggers on each of them (603.2)."""

    triggers: tuple["Trigger", ...]


@dataclass(frozen=True)
class CastTrigger(Node):
    """'Whenever you cast a noncreature spell', 'Whenever an opponent casts a spell', 'When you cast this
    spell' (603.2, 601.2i): the spell becomes cast. `quality` None with `self_` is this spell."""

    caster: str                  # 'you' or 'an opponent'
    quality: QualityExpr | None = None
    self_: bool = False
    from_zone: str | None = None


@dataclass(frozen=True)
class SacrificeTrigger(Node):
    """'When you sacrifice ~', 'Whenever you sacrifice a Clue' (701.21)."""

    subject: Subject


@dataclass(frozen=True)
class PlayerEventTrigger(Node):
    """'Whenever you discard a card' (701.9), 'Whenever you gain life' (119.3): `event` is 'discard' or
    'gain life'; `objects` narrows what was discarded."""

    event: str
    objects: "QualityExpr | None" = None


@dataclass(frozen=True)
class UnlockTrigger(Node):
    """'When you unlock this door': a door of this Room becomes unlocked (709). Rooms aren't run yet."""


@dataclass(frozen=True)
class YouAttackTrigger(Node):
    """'Whenever you attack': you declared one or more attacking creatures (508.1). No combat is run yet."""


@dataclass(frozen=True)
class PhaseTrigger(Node):
    """'At the beginning of your upkeep', '... of combat on your turn' (503.1, 507.1, 513.1).

    `whose` is 'your', 'each opponent's', 'each player's', 'each' or 'the next'. The interpreter has
    no turn structure yet, so it never reaches these steps.
    """

    step: str
    whose: str


@dataclass(frozen=True)
class SubjectActionTrigger(Node):
    """'Whenever a creature you control scouts': the action's event about such an object."""

    subject: "SubjectFilter | Self"
    action: KeywordAction
    objects: "QualityExpr | None" = None   # '<action>s a land card': what the action revealed


@dataclass(frozen=True)
class BecomesTargetTrigger(Node):
    """'Whenever this permanent becomes the target of a spell or ability [an opponent controls]' (603.2)."""

    by_opponent: bool = False


Trigger = Union[EntersTrigger, TurnedFaceUpTrigger, YouActionTrigger, SubjectActionTrigger, BecomesTargetTrigger,
                SubjectTrigger, EitherTrigger, CastTrigger, SacrificeTrigger, YouAttackTrigger, PhaseTrigger,
                PlayerEventTrigger, UnlockTrigger]


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

    kind: str              # 'mana', 'sacrifice self', 'life', 'loyalty', 'action'
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
    objects `per`, or if `condition` holds."""

    amount: str
    less: bool
    per: "Objects | None" = None
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
    """'Activate only as a sorcery', '... only if CONDITION', '... only once each turn' (602.5b, 307.1)."""

    kind: str              # 'as a sorcery', 'if', 'once each turn', 'during your turn'
    condition: "Condition | None" = None


@dataclass(frozen=True)
class ActivatedAbility(Node):
    """'[Cost]: [Effect.]' (602). A mana ability adds mana and has no target (605.1a)."""

    costs: tuple[CostItem, ...]
    effect: Effect
    cost_text: str
    limits: tuple[ActivationLimit, ...] = ()
    label: str | None = None   # an ability word or flavor name before it (207.2c)
    cost_changes: tuple[CostChange, ...] = ()

    @property
    def is_mana_ability(self) -> bool:
        return any(isinstance(n, AddMana) for n in walk(self.effect)) and not any(
            isinstance(n, (Target, UpToTargets)) for n in walk(self.effect))


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
    """'Each instant and sorcery card in your graveyard has <keyword>', 'Enchanted creature has flying and
    "Whenever ..."' (604.1, 613.1f): while the source is
    on the battlefield [and the condition holds], the objects have the keyword. Static abilities aren't
    applied by the interpreter yet."""

    objects: Objects
    abilities: tuple["KeywordAbility | TriggeredAbility", ...]
    condition: "Condition | None" = None


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
class AttachedGrant(Node):
    """'Enchanted creature has flying and lifelink', '... has "Whenever ..."' (613.1f): the permanent this is
    attached to has them."""

    attachment: str
    quality: QualityExpr
    abilities: tuple["KeywordAbility | TriggeredAbility", ...]


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
    earlier_event: str | None = None   # 'if it was foretold before this turn'
    spell_qualities: tuple[QualityExpr, ...] = ()   # 'if the resulting spell is an instant or sorcery spell'


@dataclass(frozen=True)
class ExileInstead(Node):
    """'If the KEYWORD cost was paid, exile this card instead ... any time it would leave the stack.'"""

    keyword: str


StaticAbility = Union[CastPermission, ExileInstead, "TriggeredAbility"]

Ability = Union[TriggeredAbility, ActivatedAbility, AdditionalCost, SpellAbility, KeywordAbilities, AttackCost, ModeLine,
                ReminderOnly, StaticGrant, SpellCostChange]


# ------------------------------------------------------------------ commands
@dataclass(frozen=True)
class ResolveCommand(Node):
    pass


@dataclass(frozen=True)
class CastCommand(Node):
    ref: str
    from_zone: str | None = None
    face_down: bool = False
    using: str | None = None


@dataclass(frozen=True)
class ActivateCommand(Node):
    ref: str


@dataclass(frozen=True)
class SpecialActionCommand(Node):
    """A special action by its pattern ('turn {permanent} face up') and object reference."""

    pattern: str
    ref: str


Command = Union[ResolveCommand, CastCommand, ActivateCommand, SpecialActionCommand]


# ------------------------------------------------------------------ definitions
@dataclass(frozen=True)
class Slot(Node):
    """A typed hole in an invocation pattern: {count?}, {quality}, {cards}."""

    name: str
    type: str
    optional: bool = False


@dataclass(frozen=True)
class Pattern(Node):
    """An invocation pattern: literal words and slots, e.g. 'gather {count?} {quality}'."""

    text: str
    parts: tuple[Union[str, Slot], ...]

    @property
    def name(self) -> str:
        """The literal words: how the pattern is named ('gather', 'turn face up')."""
        return " ".join(p for p in self.parts if isinstance(p, str))


@dataclass(frozen=True)
class Definition(Node):
    """One mechanic from rules/: a keyword action, keyword ability or special action.

    `steps` is what a keyword action or special action does; `statics` what a
    keyword ability means. `aliases` are other wordings ('scout' for
    '{permanent} scouts'); `defaults` fill optional slots left out.
    """

    kind: str
    pattern: Pattern
    rules: tuple[str, ...]
    reminder: str | None
    examples: tuple[tuple[str, Span | None], ...]
    event: str | None
    option_name: str | None
    steps: Effect | None
    statics: tuple[StaticAbility, ...] = ()
    aliases: tuple[Pattern, ...] = ()
    defaults: tuple[tuple[str, object], ...] = ()
    excluded: bool = False
    partial: bool = False    # some lines didn't parse (reported); the rest is here

    @property
    def name(self) -> str:
        return self.option_name or self.pattern.name

    @property
    def rule(self) -> str | None:
        return self.rules[0] if self.rules else None


@dataclass(frozen=True)
class FaceDownCharacteristics(Node):
    """What a face-down object is (708.2): only the listed characteristics."""

    rules: tuple[str, ...]
    reminder: str | None
    types: tuple[str, ...]
    power: int | None
    toughness: int | None


@dataclass(frozen=True)
class Room(Node):
    """A room (309.4): its name, its room ability's effect, the rooms its arrows lead to."""

    name: str
    effect: Effect | None
    leads_to: tuple[str, ...]


@dataclass(frozen=True)
class RoomCard(Node):
    """A card with rooms (309): rooms in printed order, the first is the topmost.

    `card_type` is the card type it has (its kind in rules/); `only_by_quality`
    means only an instruction naming its quality brings it in; `event` happens
    when a player completes it.
    """

    name: str
    card_type: str
    rules: tuple[str, ...]
    subtypes: tuple[str, ...]
    only_by_quality: bool
    event: str | None
    rooms: tuple[Room, ...]

    def room(self, name: str) -> Room:
        return next(r for r in self.rooms if r.name == name)


@dataclass(frozen=True)
class TokenDefinition(Node):
    """A predefined token (111.10): 'Treasure', 'Food', 'Clue'."""

    name: str
    rules: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    text: tuple[str, ...]
    text_at: tuple[Span, ...] = ()   # where each line of text starts in its rules file


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
