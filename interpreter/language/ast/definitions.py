"""Commands a scenario step gives, and what a rules file defines: keyword actions' definitions and patterns,
face-down characteristics, room cards, predefined tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ...diagnostics import Span
from .abilities import StaticAbility
from .effects import Effect
from .nodes import Node

__all__ = [
    "ResolveCommand",
    "CastCommand",
    "ActivateCommand",
    "SpecialActionCommand",
    "GoToCommand",
    "PassCommand",
    "PlayCommand",
    "Command",
    "Slot",
    "Pattern",
    "Definition",
    "FaceDownCharacteristics",
    "Room",
    "RoomCard",
    "TokenDefinition",
    "TurnBasedAction",
    "TURN_STRUCTURE",
    "STEPS",
]

#: The phases of a turn and their steps, in order (500.1, 501.1, 506.1, 512.1), each step named as scenarios
#: and rules files name it; a main phase has no steps (505.2) and stands for itself ('main' is the precombat
#: main phase).
TURN_STRUCTURE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("beginning", ("untap", "upkeep", "draw")),
    ("precombat main", ("main",)),
    ("combat", ("beginning of combat", "declare attackers", "declare blockers", "combat damage", "end of combat")),
    ("postcombat main", ("postcombat main",)),
    ("ending", ("end", "cleanup")),
)
#: Every step and main phase of a turn, in order.
STEPS: tuple[str, ...] = tuple(step for _, steps in TURN_STRUCTURE for step in steps)


@dataclass(frozen=True)
class ResolveCommand(Node):
    pass


@dataclass(frozen=True)
class CastCommand(Node):
    ref: str
    from_zone: str | None = None
    face_down: bool = False
    using: str | None = None
    alternative: bool = False   # 'using its alternative cost': the cost printed on the card (118.9)


@dataclass(frozen=True)
class ActivateCommand(Node):
    ref: str


@dataclass(frozen=True)
class SpecialActionCommand(Node):
    """A special action by its pattern ('turn {permanent} face up') and object reference."""

    pattern: str
    ref: str


@dataclass(frozen=True)
class GoToCommand(Node):
    """'go to STEP': every player passes until the game reaches that step (500.2, 117.4)."""

    step: str


@dataclass(frozen=True)
class PassCommand(Node):
    """'pass': every player passes in succession (117.4)."""


@dataclass(frozen=True)
class PlayCommand(Node):
    """'play REF': play a land (305.1)."""

    ref: str


Command = Union[ResolveCommand, CastCommand, ActivateCommand, SpecialActionCommand, GoToCommand, PassCommand,
                PlayCommand]


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
    partial: bool = False  # some lines didn't parse (reported); the rest is here
    not_run: str | None = None  # 'not run yet "REASON"': what its steps leave out; using it is refused (E409)
    inert: bool = False  # 'nothing in a game': a keyword ability that means nothing once a game is under way

    @property
    def name(self) -> str:
        return self.option_name or self.pattern.name

    @property
    def rule(self) -> str | None:
        return self.rules[0] if self.rules else None

    @property
    def example_start(self) -> str:
        """The grammar entry its example uses are written in: a scenario command (a special action), a line
        of card text (a keyword ability, or the card text a game action's primitive reads), or an effect."""
        return {"special action": "command", "keyword ability": "ability",
                "game action": "ability"}.get(self.kind, "effect_text")


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
    text_at: tuple[Span, ...] = ()  # where each line of text starts in its rules file
    power: int | None = None
    toughness: int | None = None
    back: str | None = None  # the token its back face is, for a double-faced token (111.10i, 712.2)


@dataclass(frozen=True)
class TurnBasedAction(Node):
    """A turn-based action (703.4) a rules file defines: what the active player does as a step begins
    (`step`, one of STEPS), after the step's own actions of the turn structure (502.3, 504.1, 514.1), without
    using the stack (703.1)."""

    name: str
    rules: tuple[str, ...]
    step: str
    steps: Effect
