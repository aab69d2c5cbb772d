"""Effect nodes that put steps together: sequences, 'if', 'you may', 'A or B', modes, 'where X is', 'instead',
repeats, keyword actions, delayed and reflexive triggers (603.7, 603.12, 608.2c, 700.2), and rooms
(309).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .conditions import Condition
from .nodes import Node, Number, QualityExpr
from .objects import Objects
from .amounts import Amount

if TYPE_CHECKING:
    from .effects import Effect
    from .triggers import Trigger

__all__ = [
    "Unless",
    "Modal",
    "EffectChoice",
    "EnterRoomCard",
    "CompleteRoomCard",
    "AdvanceMarker",
    "Optional",
    "Require",
    "RecordEvent",
    "KeywordAction",
    "Sequence",
    "Conditional",
    "Repeat",
    "WhereX",
    "Instead",
    "DelayedTrigger",
    "ReflexiveTrigger",
    "Otherwise",
]


@dataclass(frozen=True)
class Modal(Node):
    """'Choose one — • A. • B.' (700.2): the modes are chosen as the spell is cast."""

    count: "Number"
    modes: tuple["Effect", ...]
    or_both: bool = False
    names: tuple[str | None, ...] = ()  # a mode's flavor name ('• Steal Its Eyes — ...'), no rules meaning
    repeatable: bool = False   # 'You may choose the same mode more than once' (700.2d)


@dataclass(frozen=True)
class EffectChoice(Node):
    """'A or B': the player chooses one of the effects that can be done (forced when one can)."""

    options: tuple["Effect", ...]


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
class Optional(Node):
    """'you may EFFECT': asked yes or no; 'if you do' reads the answer (608.2d)."""

    effect: "Effect"


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
    """'If CONDITION, EFFECT [Otherwise, ...]' (608.2c); `after`: written 'EFFECT if CONDITION', which is never an
    intervening 'if' clause (603.4)."""

    condition: Condition
    effect: "Effect"
    otherwise: "Effect | None" = None
    after: bool = False


@dataclass(frozen=True)
class Repeat(Node):
    """'<action> twice', '<action> X times', 'it <action>s again' (count 1: once more)."""

    effect: "Effect"
    count: "Number"


@dataclass(frozen=True)
class WhereX(Node):
    """'EFFECT, where X is VALUE': X is worked out when a part of the effect needs it (107.3c, 608.2h)."""

    effect: "Effect"
    value: Amount


@dataclass(frozen=True)
class Instead(Node):
    """'If CONDITION, EFFECT instead.' — joined, while parsing, to the sentence before it as a conditional
    whose 'otherwise' is that sentence (614.1a); left alone it is an error."""

    condition: "Condition"
    effect: "Effect"


@dataclass(frozen=True)
class DelayedTrigger(Node):
    """'When it dies this turn, EFFECT', 'At the beginning of the next end step, EFFECT': a delayed triggered
    ability the effect creates (603.7); `duration` how long it lasts ('this turn'), None: it triggers once
    (603.7b)."""

    trigger: "Trigger"
    effect: "Effect"
    duration: str | None = None


@dataclass(frozen=True)
class ReflexiveTrigger(Node):
    """'When you do, EFFECT': a reflexive triggered ability (603.12) that triggers if the action just
    before it was done; it goes on the stack and its targets are chosen then."""

    effect: "Effect"


@dataclass(frozen=True)
class Otherwise(Node):
    """'Otherwise, EFFECT.' — joined to the Conditional before it while parsing."""

    effect: "Effect"


@dataclass(frozen=True)
class Unless(Node):
    """'EFFECT unless you ALTERNATIVE' (118.12): the player may do the alternative; only if they don't does the
    effect happen."""

    effect: "Effect"
    alternative: "Effect"
