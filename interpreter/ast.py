"""The AST: small frozen node classes with typed fields and a source span.

Behaviour lives in the interpreter, not here. Every node the grammar can
produce has a class; the interpreter has one method per class.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from .diagnostics import Span


@dataclass(frozen=True)
class Node:
    """Base of all nodes; `span` says where the text came from."""

    span: Span | None = field(default=None, kw_only=True, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> "Node":
        return self  # immutable: snapshots of the game share the AST


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
    """A quality such as 'Dragon' or 'creature card': type, supertype and subtype words, singular."""

    words: tuple[str, ...]
    card: bool = False


QualityExpr = Union[Quality, Var]


# ------------------------------------------------------------------ objects
@dataclass(frozen=True)
class TopCards(Node):
    count: Number


@dataclass(frozen=True)
class Self(Node):
    """'this creature', the card's own name: the source of the ability."""


@dataclass(frozen=True)
class Target(Node):
    quality: QualityExpr
    you_control: bool = False


@dataclass(frozen=True)
class CardsInZone(Node):
    quality: QualityExpr | None
    zone: str


@dataclass(frozen=True)
class PermanentsYouControl(Node):
    quality: QualityExpr | None


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


Objects = Union[Var, TopCards, Self, Target, CardsInZone, PermanentsYouControl, CardOf, Except, Union_]


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


Condition = Union[WasEvent, IsFaceDownAs, IsQuality, HasManaCost, YouControl]


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


@dataclass(frozen=True)
class PutOntoBattlefield(Node):
    objects: Objects
    face_down_as: str | None = None


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
    """Refuse the whole action unless the condition holds; `text` is its wording."""

    condition: Condition
    text: str


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


Effect = Union[Draw, Mill, Shuffle, PutCounters, PutIntoZone, PutOntoBattlefield, Look, Choose, Reveal,
               TurnFaceUp, PayMana, PayManaCostOf, Require, RecordEvent, KeywordAction, Sequence, Conditional]


# ------------------------------------------------------------------ abilities
@dataclass(frozen=True)
class EntersTrigger(Node):
    pass


@dataclass(frozen=True)
class TurnedFaceUpTrigger(Node):
    pass


@dataclass(frozen=True)
class YouActionTrigger(Node):
    """'Whenever you <keyword action>': the action's event with you as its player."""

    action: KeywordAction


Trigger = Union[EntersTrigger, TurnedFaceUpTrigger, YouActionTrigger]


@dataclass(frozen=True)
class TriggeredAbility(Node):
    trigger: Trigger
    effect: Effect


@dataclass(frozen=True)
class AdditionalCost(Node):
    """'As an additional cost to cast this spell, A or B.' — one option is paid (601.2b, 601.2h)."""

    options: tuple[Union[KeywordAction, PayMana], ...]


@dataclass(frozen=True)
class SpellAbility(Node):
    """The effect text of an instant or sorcery."""

    effect: Effect


Ability = Union[TriggeredAbility, AdditionalCost, SpellAbility]


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
    """One mechanic from rules/: a keyword action or a special action, and its steps."""

    kind: str
    pattern: Pattern
    rules: tuple[str, ...]
    reminder: str | None
    examples: tuple[tuple[str, Span | None], ...]
    event: str | None
    option_name: str | None
    steps: Effect

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
class TypeVocabulary(Node):
    """Known card types, supertypes and subtypes (rule 205), with irregular plurals."""

    card_types: tuple[str, ...]
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    plurals: tuple[tuple[str, str], ...]


def walk(node: object):
    """Every node under `node` (itself included), depth first in field order, like `ast.walk`."""
    if isinstance(node, Node):
        yield node
        for name in node.__dataclass_fields__:
            if name != "span":
                yield from walk(getattr(node, name))
    elif isinstance(node, tuple):
        for item in node:
            yield from walk(item)
