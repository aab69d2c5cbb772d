"""The game state: players, zones, objects, the stack, and the event log.

A plain data structure that records its own changes in the game's undo journal
(journal.py): a refused action is undone by replaying the journal backwards
(all-or-nothing steps). Cards, AST nodes, events and characteristics never
change once made and are not journaled.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field, replace
from typing import ClassVar, NamedTuple

from ..language import ast
from .characteristics import Characteristics, Face, counter_changes, with_level_stripe
from .events import Event
from .journal import Journal
from .journaled import JCounter, JDict, JList, JRandom, JSet, Recorded
from .mana import COLOR_LETTERS, mana_value
from .memo import ByIdentity
from .state_class import recorded
from .zone_lists import ZoneList

#: The turn's steps (500.1), as the language names them.
TURN_STRUCTURE, STEPS = ast.TURN_STRUCTURE, ast.STEPS

#: The designation of a permanent an effect exiles instead of putting it anywhere else when it leaves (614.1a).
LEAVES_TO_EXILE = "exiled if it would leave the battlefield"
#: The designation of an object in the command zone that is an emblem (114.1).
EMBLEM = "emblem"
#: Zones each player has; the battlefield and the stack are shared (400.1).
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "sideboard", "command")
ALL_ZONES = ("battlefield", "stack") + PLAYER_ZONES
#: Zone search order for object references (scenario contract).
SEARCH_ORDER = ("battlefield", "stack", "hand", "library", "graveyard", "exile", "sideboard", "command")
#: Zones whose contents are public (400.2).
PUBLIC_ZONES = ("battlefield", "stack", "graveyard", "exile", "command")
def phase_of(step: str) -> str:
    """The phase a step belongs to (500.1)."""
    return next(phase for phase, steps in TURN_STRUCTURE if step in steps)


@dataclass
class CardDef:
    """A card as defined by a scenario or set: its front face and the text that did not parse."""

    name: str
    front: Face
    back: Face | None = None
    ignored_lines: tuple[str, ...] = ()
    partner: tuple[str, str] | None = None   # (the other card of its pair, the card they combine into)
    folded: str = field(init=False, repr=False, compare=False)   # its name lowercased, as references read it

    def __post_init__(self) -> None:
        self.folded = self.name.lower()

    def __deepcopy__(self, memo: dict) -> "CardDef":
        return self  # card definitions never change during a game

    def face(self, back_face_up: bool) -> Face:
        """The face that is up: the back face of a double-faced permanent with its back face up (712.8e), else the
        front face (712.8a, 712.8d)."""
        return self.back if back_face_up and self.back is not None else self.front


@recorded
class GameObject(Recorded):
    """A card or token in a zone. A zone change makes a new object (400.7)."""

    volatile_fields: ClassVar[frozenset[str]] = frozenset({"tapped", "summoning_sick", "attacking", "blocking",
                                                            "blocked"})
    counted: ClassVar[bool] = True   # (`journaled.counted_writes`: what is read of every permanent at once)
    id: int
    card: CardDef
    owner: str
    controller: str
    zone: str
    is_token: bool = False
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=JDict)
    face_down: str | None = None          # how it became face down (708.6): 'manifested', ...
    face_down_at: int | None = None       # timestamp it became face down
    revealed_by: frozenset[int] = frozenset()   # contexts keeping it revealed (701.20a)
    summoning_sick: bool = False
    timestamp: int = 0
    added_subtypes: tuple[str, ...] = ()  # '... in addition to its other types' (205.1b)
    designations: frozenset[str] = frozenset()  # 'exerted', 'monstrous', ... (replaced, never changed)
    skip_untap: bool | str = False        # won't untap during its controller's (True) or that player's next untap step
    extra_abilities: tuple = ()           # abilities the face-down status gives (ward {2}, 701.58a)
    modifiers: tuple = ()                 # (power, toughness, duration) from 'gets +N/+M ...' (613.4c)
    granted: tuple = ()                   # (ability or ast.LoseAbilities, duration, timestamp): 'gains / loses ...'
    playable_by: str | None = None        # 'you may play them': the player who may play it from here (601.2a)
    playable_until: "Until | None" = None  # when that permission ends (611.2a); None: while it stays here
    x_paid: int | None = None             # the X of the spell it was (107.3m)
    chosen: tuple = ()                    # (kind, value) chosen as it entered ('a color', 614.12, 607.2d)
    cast_events: tuple = ()               # what happened as the spell it was was cast (701.4b)
    costs_paid: tuple[str, ...] = ()      # the keyword costs paid as the spell it was was cast (601.2b)
    parts: tuple[CardDef, ...] = ()       # the two cards of a combined permanent (712.4a)
    attached_to: int | str | None = None  # the permanent (or player) this Aura or Equipment is attached to (301.5, 303.4b)
    damage: int = 0                       # damage marked on it this turn (120.6)
    attacking: str | int | None = None    # the player (name), planeswalker or battle (id) it attacks (508.1)
    blocking: tuple[int, ...] = ()        # the attacking creatures it blocks (509.1g; replaced, never changed)
    blocked: bool = False                 # an attacking creature that became blocked (509.1h)
    back_face_up: bool = False            # a double-faced permanent with its back face up (712.8e)
    transformed_at: int | None = None     # the id counter when it last transformed (701.27f)
    phased_out: bool = False              # phased out: treated as though it doesn't exist (702.26b)
    phased_indirectly: bool = False       # phased out with what it is attached to (702.26g)
    lasting: tuple = ()                   # (designation, Until) of designations that end ('can't attack this turn')
    protector: str | None = None          # the player who protects this battle (310.9)

    @property
    def card_name(self) -> str:
        """The name of the card that represents it (a face-down object included)."""
        return self.card.name

    @property
    def face_up(self) -> Face:
        """The face of its card that is up (`CardDef.face`)."""
        return self.card.face(self.back_face_up)

    def chosen_value(self, kind: str) -> str | None:
        """The value of this kind chosen as it entered (607.2d, 614.12), if one was."""
        return dict(self.chosen).get(ast.chosen_var(kind))

    def chosen_mana(self) -> str:
        """The mana symbol of the color chosen as it entered; '' when none was (no mana, 106.5)."""
        return COLOR_LETTERS.get(self.chosen_value("color") or "", "")


#: The fields of an object what it is by itself is read from (`GameCore.own_characteristics`; on the stack, and
#: with a characteristic-defining ability off the battlefield, more), besides its counters: read at once, compared
#: by identity (each is replaced, never changed).
own_fields = operator.attrgetter("card", "zone", "face_down", "back_face_up", "added_subtypes", "extra_abilities",
                                 "designations", "controller", "parts", "lasting", "modifiers")


class LastKnown(NamedTuple):
    """An object as it last existed on the battlefield (608.2h): its card's name, characteristics,
    controller and copiable values (707.2; face-down ones for a face-down permanent, 708.2a)."""

    name: str | None
    characteristics: Characteristics | None
    controller: str | None
    copiable: Face | None = None
    left_at: int = 0          # the clock as it left; objects that left together share it (603.10a, 704.8)
    counters: tuple[tuple[str, int], ...] = ()   # the counters on it (608.2h: 'if it had no counters')
    attached_to: int | str | None = None   # what it was attached to (an Aura's 'enchanted creature' looking back, 603.10a)


class Replacement(NamedTuple):
    """A replacement effect waiting to apply to one object ('the next time it would be destroyed this turn,
    instead ...', 614.1a; a regeneration shield, 701.19a): applied once, then gone; `duration` 'this turn'
    ends in the cleanup step (514.2). `effect` runs with `vars` (name, value pairs) as they were when it was
    made, 'it' being the object, controlled by `controller` with `source_id` as its source."""

    object_id: int
    event: str
    effect: object
    controller: str
    source_id: int | None
    vars: tuple
    duration: str


class Shield(NamedTuple):
    """A prevention effect waiting for damage (615.1a): damage dealt to `recipient` (an object, a player by name,
    None: anything), by `source` (None: any source), only combat damage where `combat`; it prevents all of it,
    or the next `remaining` damage (615.7), and ends with `duration` ('this turn': the cleanup step, 514.2)."""

    recipient: int | str | None
    source: int | None
    combat: bool
    remaining: int | None
    duration: str


class Until(NamedTuple):
    """When a continuous effect from a resolving spell or ability ends (611.2a): `kind` as the text says it
    ('until end of turn', 'until your next turn'), `player` the one 'your' means (its controller)."""

    kind: str
    player: str
    source: int | None = None   # the permanent a duration tied to its source follows (611.2b, 610.3)
    turn: int | None = None     # the turn it began, for a duration that ends with a later turn of `player`


class TypeChange(NamedTuple):
    """A type-changing effect for a while, kept in an object's `lasting` (205.1a, 613.1d): the card types and
    subtypes it becomes; `retain`: 'in addition to its other types', else the card types are replaced."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    retain: bool
    colors: frozenset[str] | None = None     # the colors it becomes (613.1e); None: unchanged
    pt: tuple[int, int] | None = None        # the base power and toughness it gets (613.4b)
    timestamp: int = 0                       # when it began (613.7b)


class Demand(NamedTuple):
    """A requirement an effect gave a creature for a while, kept in its `lasting` (508.1d, 509.1c): `act` as an
    ast.CombatRequirement's; `avoid`: it attacks a player other than this one if able (701.15b); `toward`: the
    player it attacks if able, or the creature it blocks if able."""

    act: str
    avoid: str | None = None
    toward: str | int | None = None


@recorded
class Player(Recorded):
    volatile_fields: ClassVar[frozenset[str]] = frozenset({"pool", "lands_played"})
    name: str
    life: int = 20
    pool: JCounter = field(default_factory=JCounter)
    zones: dict[str, list[int]] = field(default_factory=lambda: JDict((z, ZoneList()) for z in PLAYER_ZONES))
    marker: tuple[int, str] | None = None     # (card with rooms in the command zone, room) (309.4)
    completed: list[str] = field(default_factory=JList)   # cards with rooms completed (309.7)
    counters: dict[str, int] = field(default_factory=JDict)   # counters on the player, by kind (122.1)
    lands_played: int = 0                     # lands played this turn (305.2)
    designations: frozenset[str] = frozenset()   # 'the monarch', ... (725.1; replaced, never changed)
    lost: bool = False                        # lost the game and left it (104.3, 800.4a)


@recorded
class Targets(Recorded):
    """One announced group of targets ('two target creatures', 'any target'): the objects (ids) or players
    (names) chosen, the words that say what is legal, and the values those words read (a definition's
    slots), so that legality can be checked again as it resolves (115.1, 608.2b)."""

    chosen: list
    node: ast.Node
    vars: dict = field(default_factory=JDict)

    def clone(self) -> "Targets":
        return Targets(list(self.chosen), self.node, self.vars)


@recorded
class Context(Recorded):
    """A spell or ability while it is cast or resolves: who controls it, what it did."""

    volatile_fields: ClassVar[frozenset[str]] = frozenset({"events"})
    id: int
    controller: str
    source_id: int | None
    source_name: str | None = None
    events: list[Event] = field(default_factory=JList)
    targets: list[Targets] = field(default_factory=JList)  # announced target groups, in text order
    vars: dict = field(default_factory=JDict)  # values the ability starts with (a keyword's {cost}, 'that spell')
    cast_events: tuple[Event, ...] = ()  # for an ability of a permanent: its spell's casting (701.4b)
    paid: tuple[str, ...] = ()  # the keyword costs paid to cast the spell, one name per payment (601.2b)
    follows: tuple[int, ...] = ()  # objects whose move, by whatever made it, it may follow: its trigger event's (603.10a)

    def clone(self) -> "Context":
        return Context(self.id, self.controller, self.source_id, self.source_name, list(self.events),
                       [t.clone() for t in self.targets], dict(self.vars), self.cast_events, self.paid,
                       self.follows)


@recorded
class StackItem(Recorded):
    """A spell (a card object on the stack) or an ability on the stack."""

    id: int
    controller: str
    context: Context
    object_id: int | None = None      # the spell's object, for spells
    effect: object = None             # the AST to resolve, for abilities; spells read their card
    source_name: str | None = None    # for 'trigger:SOURCE' references
    condition: object = None          # a triggered ability's intervening 'if', checked as it resolves (608.2a)
    activated: bool = False           # an activated ability ('ability:SOURCE'), else a triggered one


@recorded
class Delayed(Recorded):
    """A delayed triggered ability an effect created (603.7): its trigger and effect, its controller and
    source (603.7d-e), the values its words read ('it'), the first event it may trigger on (603.7a: none
    before it was created) and the turn it was created in, and how long it lasts: `until` a duration ('this turn'), else it triggers
    only once (603.7b)."""

    trigger: ast.Node
    effect: ast.Node
    controller: str
    source_id: int | None
    source_name: str | None
    vars: dict
    since: int
    turn: int
    until: Until | None = None


def printed_ability_tuples(card: CardDef, intrinsic: dict[str, tuple]) -> tuple[tuple, ...]:
    """The tuples of abilities a card off the battlefield may have by what is printed on it: each face's own and
    those its subtypes mean (305.6, `intrinsic`), as `GameState.characteristics` reads them for an object that
    `is_as_printed`."""
    return tuple(abilities for face in (card.front, card.back) if face is not None
                 for abilities in (face.abilities, *(intrinsic.get(t, ()) for t in face.subtypes)))


def is_as_printed(obj: GameObject) -> bool:
    """Whether an object off the battlefield has only abilities its card's faces give (`printed_ability_tuples`):
    neither face down nor given abilities or subtypes."""
    return not (obj.face_down or obj.extra_abilities or obj.added_subtypes)


def _add_intrinsic(base: Characteristics, intrinsic: dict[str, tuple]) -> Characteristics:
    return replace(base, abilities=tuple(a for t in base.subtypes for a in intrinsic.get(t, ())) + base.abilities)


#: The abilities its subtypes mean added to characteristics (the same object for the same face's values).
_with_intrinsic = ByIdentity(_add_intrinsic)


@recorded
class GameState(Recorded):
    """Everything an action can change; `journal` records each change (not itself part of the state)."""

    volatile_fields: ClassVar[frozenset[str]] = frozenset({"events", "step", "next_id", "clock", "bookkept"})
    players: dict[str, Player]
    order: list[str]
    active: str
    seed: int = 0
    objects: dict[int, GameObject] = field(default_factory=JDict)  # by id; its order means nothing (a
    # rolled-back deletion comes back last): order lives in the zone lists, and `Game.ordered` sorts by them
    battlefield: list[int] = field(default_factory=ZoneList)
    stack: list[StackItem] = field(default_factory=JList)
    events: list[Event] = field(default_factory=JList)
    pending_triggers: list[StackItem] = field(default_factory=JList)
    moved: dict[int, int] = field(default_factory=JDict)  # old object id -> the new object (400.7)
    moved_by: dict[int, int] = field(default_factory=JDict)  # old object id -> the context that moved it, if any
    last_known: dict[int, LastKnown] = field(default_factory=JDict)  # objects that left the battlefield
    next_id: int = 1
    clock: int = 0
    turn_started: int = 0             # the clock when the current turn began
    turn: int = 1                     # the number of the current turn (500.1)
    step: str = "main"                # the current step or main phase, one of STEPS (500.1)
    winner: str | None = None         # the player who won the game (104.2)
    ended: bool = False               # the game is over: won, or a draw (104.1, 104.4)
    added_steps: list[str] = field(default_factory=JList)  # steps added directly after this one (500.9, 510.4)
    turn_actions_done: bool = True    # the current step's turn-based actions are done (an answer was missing)
    priority_in_cleanup: bool = False  # 514.3a: state-based actions or triggers gave players priority in cleanup
    delayed: list[Delayed] = field(default_factory=JList)  # delayed triggered abilities waiting (603.7)
    phased: list[int] = field(default_factory=JList)   # phased-out permanents, out of `battlefield` (702.26b)
    exiled_until: list[tuple[int, int, str]] = field(default_factory=JList)  # (source, object, zone it left) (610.3)
    # control-changing effects of resolved spells and abilities (613.1b): (object, new controller, Until or None,
    # timestamp, 613.7b)
    control_changes: list[tuple[int, str, "Until | None", int]] = field(default_factory=JList)
    # the permanents control-changing effects apply to: the controller each had before the first of them (110.2)
    control_bases: dict[int, str] = field(default_factory=JDict)
    bookkept: int = 0                 # events up to here have been looked at for triggers (603.2)
    revealed: set[int] = field(default_factory=JSet)   # objects some context keeps revealed (701.20a)
    tokens: set[int] = field(default_factory=JSet)     # the tokens, wherever they are (704.5d)
    replacements: list[Replacement] = field(default_factory=JList)  # waiting to apply (614.1a, 701.19a)
    shields: list[Shield] = field(default_factory=JList)  # prevention effects waiting for damage (615.1a)
    extra_turns: list[str] = field(default_factory=JList)   # the players of extra turns to come, first first (500.7)
    rotation: str | None = None       # during an extra turn, the player whose regular turn came last (500.7)
    player_rules: list = field(default_factory=JList)   # restrictions effects gave players for a while (611.2)
    empty_draws: set[str] = field(default_factory=JSet)      # drew from an empty library since the last check (704.5b)
    lethal_damaged: set[int] = field(default_factory=JSet)   # dealt damage that is lethal in any amount (704.5h)
    loyalty_used: set[int] = field(default_factory=JSet)     # permanents a loyalty ability was activated of this turn (606.3)
    activations: JCounter = field(default_factory=JCounter)   # (object, ability) -> times activated this turn (602.5b)
    activated: set = field(default_factory=JSet)   # (object, ability) activated at least once in the game (602.5b)
    designation: str | None = None    # the designation the game itself has, once it has one (731.1)
    previous_active: str | None = None   # the active player of the previous turn (731.2)
    struck_first: frozenset[int] | None = None   # in combat as this combat's first combat damage step began (510.4)
    rng: JRandom = field(default_factory=JRandom)   # seeded from `seed` as the game is made
    journal: Journal = field(default_factory=Journal, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.rng.seed(self.seed)

    # ------------------------------------------------------------ ids and time
    def new_id(self) -> int:
        new = self.next_id   # (read once: a volatile field's read is a call)
        self.next_id = new + 1
        return new

    def tick(self) -> int:
        clock = self.clock + 1
        self.clock = clock
        return clock

    def grant(self, obj: GameObject, abilities: tuple, until: "Until | None") -> None:
        """A resolved effect: the object gains the abilities (or an `ast.LoseAbilities` loses them) for the
        duration, with the timestamp of its creation (613.7b), applied in layer 6 among the other effects."""
        stamp = self.tick()
        obj.granted = obj.granted + tuple((ability, until, stamp) for ability in abilities)

    # ------------------------------------------------------------ zones
    def zone_list(self, zone: str, player: str) -> list[int]:
        if zone == "battlefield":
            return self.battlefield
        if zone == "stack":
            return [item.object_id for item in self.stack if item.object_id is not None]
        return self.players[player].zones[zone]

    def in_zone(self, zone: str, player: str, phased: bool = False) -> list[GameObject]:
        """Objects in a player's zone; on the battlefield, those the player controls (`phased`: the phased-out
        ones too, as a view shows them, 702.26b)."""
        if zone == "battlefield":
            ids = self.battlefield + self.phased if phased else self.battlefield
            return [self.objects[i] for i in ids if self.objects[i].controller == player]
        if zone == "stack":
            return [self.objects[i.object_id] for i in self.stack
                    if i.object_id is not None and self.objects[i.object_id].owner == player]
        return [self.objects[i] for i in self.players[player].zones[zone]]

    def create(self, card: CardDef, owner: str, zone: str, position: int | None = None,
               is_token: bool = False) -> GameObject:
        """A new object in a zone (card put into the game, token created, or zone change)."""
        obj = GameObject(self.new_id(), card, owner, owner, zone, is_token=is_token, timestamp=self.tick())
        self.objects[obj.id] = obj
        if is_token:
            self.tokens.add(obj.id)
        if zone == "battlefield":
            self.battlefield.append(obj.id)
        elif zone != "stack":
            target = self.players[owner].zones[zone]
            target.insert(len(target) if position is None else position, obj.id)
        return obj

    def remove(self, obj: GameObject) -> None:
        """Take an object out of its zone (it stops existing as this object)."""
        if obj.zone == "battlefield":
            (self.phased if obj.phased_out else self.battlefield).remove(obj.id)
        elif obj.zone == "stack":
            self.stack = [item for item in self.stack if item.object_id != obj.id]
        else:
            self.players[obj.owner].zones[obj.zone].remove(obj.id)
        del self.objects[obj.id]
        self.tokens.discard(obj.id)
        self.revealed.discard(obj.id)

    def reveal(self, obj: GameObject, context_id: int) -> None:
        """The object stays revealed until the context is done (701.20a)."""
        obj.revealed_by |= {context_id}
        self.revealed.add(obj.id)

    def end_replacements(self, duration: str) -> None:
        """The replacement effects that last for `duration` end ('this turn': in the cleanup step, 514.2)."""
        if any(r.duration == duration for r in self.replacements):   # (else nothing changes: kept values hold)
            self.replacements = [r for r in self.replacements if r.duration != duration]
        if any(s.duration == duration for s in self.shields):
            self.shields = [s for s in self.shields if s.duration != duration]

    def end_reveals(self, context_id: int) -> None:
        """The context is done: what it revealed is no longer revealed by it (701.20a)."""
        for object_id in sorted(self.revealed):
            obj = self.objects[object_id]
            obj.revealed_by -= {context_id}
            if not obj.revealed_by:
                self.revealed.discard(object_id)

    # ------------------------------------------------------------ characteristics
    def characteristics(self, obj: GameObject, face_down: Characteristics | None,
                        intrinsic: dict[str, tuple] | None = None) -> Characteristics:
        """What the object is now: face-down values (708.2) or its card's, then effects and counters;
        `intrinsic` gives the abilities a subtype means (a basic land type's mana ability, 305.6)."""
        if obj.face_down and face_down is not None:
            base = face_down
        elif obj.face_up is obj.card.front:
            base = obj.card.front.characteristics()
        else:  # 712.8e: the back face's characteristics, with the mana value of the front face's mana cost
            base = replace(obj.face_up.characteristics(), fixed_mana_value=obj.card.front.characteristics().mana_value)
        if obj.added_subtypes or obj.extra_abilities:   # abilities gained and lost: continuous.py (613.1f)
            base = replace(base, subtypes=base.subtypes + tuple(t for t in obj.added_subtypes if t not in base.subtypes),
                           abilities=base.abilities + obj.extra_abilities)
        if intrinsic and any(t in intrinsic for t in base.subtypes):
            base = _with_intrinsic(base, intrinsic)
        if obj.zone == "stack" and base.mana_cost and "X" in base.mana_cost:  # 202.3e: X is the number chosen
            x = next((item.context.vars.get("X", 0) for item in self.stack if item.object_id == obj.id), 0)
            base = replace(base, fixed_mana_value=mana_value(base.mana_cost, x))
        if obj.zone != "battlefield":
            return base
        base = with_level_stripe(base, obj.counters)  # 711.2: its static ability's timestamp is the object's
        if obj.parts:  # 712.8g: the sum of the mana values of its front faces
            base = replace(base, fixed_mana_value=sum(part.front.characteristics().mana_value for part in obj.parts))
        for change, _ in obj.lasting:  # 613.4b: base power and toughness set, before the changes of 613.4c
            if isinstance(change, TypeChange) and change.pt is not None:
                base = replace(base, power=change.pt[0], toughness=change.pt[1])
        if base.power is None:
            return base
        power, toughness = self.pt_changes(obj)
        if not power and not toughness and base.toughness is not None:
            return base
        return replace(base, power=base.power + power, toughness=(base.toughness or 0) + toughness)

    @staticmethod
    def pt_changes(obj: GameObject) -> tuple[int, int]:
        """613.4c: what effects of resolved spells and abilities ('gets +2/+0 until end of turn') and its +N/+M
        counters add to its power and toughness (static abilities' changes: continuous.py)."""
        power, toughness = counter_changes(obj.counters)
        for dp, dt, *_ in obj.modifiers:
            power, toughness = power + dp, toughness + dt
        return power, toughness

