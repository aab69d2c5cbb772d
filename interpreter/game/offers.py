"""What a player's objects offer to do, as far as the steady part of the state says (journal.py: not the step,
tapped permanents, mana pools or lands played): the lands they may play, the ways of casting each card, the
activated abilities of their permanents with their costs, the special actions, the mana abilities. `Legal` keeps it
while that part stays the same, or while what it reads of it does (`FOOTPRINT`), each side (the player's hand, their
other cards, their permanents) while what that side reads does, and checks the rest (timing, untapped sources, the
pool) each time it lists (legal.py).
"""
from __future__ import annotations

import functools
import itertools
import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NamedTuple

from ..diagnostics import MtgError
from ..language import ast
from . import journaled
from .characteristics import Characteristics
from .damage import statics_of_kind
from .mana import mana_value, parse_cost
from .mana_sources import Source, mana_ability, one_mana
from .memo import ByIdentity
from .optional_costs import split_cost
from .state import GameObject
from .steps import keyword_abilities

if TYPE_CHECKING:
    from .game import Game

#: The zones a player may cast their cards from (601.2a): a keyword ability or an effect allows the others.
CAST_ZONES = ("hand", "graveyard", "exile")


@dataclass(frozen=True)
class Way:
    """One way of casting a card: its step text, the mana it costs, the mana value of the spell, and whether it
    needs sorcery timing whatever the card's type (face down, 708.4)."""

    text: str
    mana: tuple[str, ...]
    value: int
    sorcery: bool


@dataclass(frozen=True)
class Castable:
    """A card of the player's (or one an effect lets them play) with its ways of casting (601.2a), and whether it
    may be cast any time its controller could cast an instant: an instant (304.1), or a card with a static ability
    giving it that timing, as flash does (702.8a)."""

    object_id: int
    printed: Characteristics
    ways: tuple[Way, ...]
    instant_speed: bool


@dataclass(frozen=True)
class Activatable:
    """An activated ability other than a mana ability (602.2): its step text, the answer naming it among its
    permanent's abilities, whether its cost has {T} or {Q}, and its mana."""

    object_id: int
    text: str
    answers: tuple[str, ...]
    tap: bool
    untap: bool
    mana: tuple[str, ...]


@dataclass(frozen=True)
class Offers:
    """A player's possible actions by the steady state, in listing order (`Legal.candidates`)."""

    lands: tuple[tuple[int, str], ...]          # (object id, step text) of land cards they may play (305.1)
    casts: tuple[Castable, ...]
    flash: bool                                 # a permanent of theirs lets spells be cast as though with flash
    activations: tuple[Activatable, ...]
    specials: tuple[tuple[int, str, str], ...]  # (object id, pattern, step text) of special actions (116.2)
    mana: tuple[tuple[Source, bool], ...]       # their mana sources, tapped or not (`permanent_offers`)
    instant: bool   # a way of casting one of their cards needs no sorcery timing (304.1, 307.1, 702.8a)


def _hand_read(game: "Game", ref: Callable[[int], str], player: str) -> tuple:
    return tuple(game.state.players[player].zones["hand"])


def _other_cards_read(game: "Game", ref: Callable[[int], str], player: str) -> tuple:
    state = game.state
    zones, objects = state.players[player].zones, state.objects
    elsewhere = tuple(itertools.chain.from_iterable(map(zones.__getitem__, CAST_ZONES[1:])))
    return (elsewhere, tuple(map(_PLAYABLE_BY, map(objects.__getitem__, elsewhere))),
            tuple([(i, ref(i)) for name, figures in state.players.items() if name != player
                   for zone in CAST_ZONES[1:] for i in figures.zones[zone] if objects[i].playable_by == player]))


def _permanents_read(game: "Game", ref: Callable[[int], str], player: str) -> tuple:
    state = game.state
    objects = state.objects
    theirs = tuple([i for i in state.battlefield if objects[i].controller == player])
    return (theirs, tuple(map(game.permanents().__getitem__, theirs)),
            tuple(map(_PERMANENT_FIELDS, map(objects.__getitem__, theirs))))


#: What `offers` reads that can change, to compare, in three parts, each read by one side of the offers: the
#: player's hand in order; their other cards (who may play each card of their graveyard and exile, the cards of
#: others an effect lets them play, with their references); their permanents (each with its characteristics,
#: whether it is phased out or face down and what was chosen as it entered, in order: their references too).
FOOTPRINT = (_hand_read, _other_cards_read, _permanents_read)


def footprint_stamps(game: "Game", player: str) -> tuple | None:
    """What each part of the footprint (`FOOTPRINT`) reads, by stamps that move whenever it may change: the stamps
    of the zones it reads (`ZoneList`), `journaled.counted_writes` (any object's field written, or a rollback: it
    undoes a zone's changes without a stamp), and the permanents' characteristics (the continuous pass's value, by
    its id: the dict itself follows the three, so the id is its own); while a part's are the same, so is the part.
    None where the pass's value holds only as long as the state's volatile part stays the same (`Journal.computed`:
    nor would the footprint's)."""
    state = game.state
    permanents, key = game.permanents(), game._static_pass.key
    if key is None or key[1] is not None:
        return None
    written = journaled.counted_writes
    return ((written, state.players[player].zones["hand"].stamp),
            (written, *[figures.zones[zone].stamp for figures in state.players.values() for zone in CAST_ZONES[1:]]),
            (written, id(permanents), state.battlefield.stamp), permanents)


_PLAYABLE_BY = operator.attrgetter("playable_by")
_PERMANENT_FIELDS = operator.attrgetter("phased_out", "face_down", "chosen")


def hand_offers(game: "Game", ref: Callable[[int], str], player: str, known: dict) -> tuple:
    """The side of the player's offers the cards in their hand make (the same while `FOOTPRINT`'s first part is):
    the lands they may play, their ways of casting cards, and the special actions of the cards, by pattern; `known`:
    the ways of casting each card worked out before (`_castables`)."""
    hand = _distinct(game.state.in_zone("hand", player))
    return (_lands(ref, hand), _castables(game, ref, player, hand, known),
            _special_objects(game, ref, player, hand))


def other_card_offers(game: "Game", ref: Callable[[int], str], player: str, known: dict) -> tuple:
    """The side of the player's offers the other cards they may play make (the same while `FOOTPRINT`'s second part
    is): their cards in their graveyard and exile with a way of casting them (`_castables`), then the cards of
    others an effect lets them play; the lands among them they may play."""
    rulebook, playable = game.rulebook, _playable(game, player)
    own = [o for zone in CAST_ZONES[1:] for o in _distinct(
        [o for o in game.state.in_zone(zone, player)
         if o.playable_by == player or statics_of_kind(o.card.front.abilities, rulebook, ast.CastPermission)])]
    return _lands(ref, playable), _castables(game, ref, player, own + [o for o in playable if o.owner != player],
                                             known)


def _lands(ref: Callable[[int], str], cards: list[GameObject]) -> tuple[tuple[int, str], ...]:
    """The lands among cards the player may play (305.1), each with its step text."""
    return tuple([(o.id, f"play {ref(o.id)}") for o in cards if "Land" in o.card.front.types])


class Abilities(NamedTuple):
    """What a tuple of a permanent's abilities offers by itself (`read_abilities`)."""

    flash: bool                                 # one lets spells be cast as though they had flash (609.4)
    activations: tuple[tuple, ...]              # `Activatable`'s answers, tap, untap and mana, for each
    mana: tuple[tuple[ast.ActivatedAbility, str | None], ...]   # its mana abilities, each with how it is named


def read_abilities(game: "Game", abilities: tuple) -> Abilities:
    """What a tuple of abilities offers whatever the permanent having it: whether one lets spells be cast as though
    with flash, its activated abilities other than mana abilities (602.2), and its mana abilities with how each is
    named among its activated abilities (602.2a), in order. `Legal` keeps it by the tuple (a permanent's stays the
    same object while what the permanent is does)."""
    activated = [a for a in abilities if isinstance(a, ast.ActivatedAbility)]
    options = game.ability_options(activated)
    activations = []
    for label, ability in options.items():
        if not mana_ability(ability):
            symbols = tuple(s for c in ability.costs if c.kind == "mana" for s in parse_cost(c.mana, True))
            activations.append(((label,) if len(options) > 1 else (), "T" in symbols, "Q" in symbols,
                                tuple(s for s in symbols if s not in ("T", "Q"))))
    mana = tuple((a, next((k for k, b in options.items() if b is a), None) if len(activated) > 1 else None)
                 for a in activated if mana_ability(a))
    return Abilities(any(isinstance(a, ast.AsThoughFlash) for a in abilities), tuple(activations), mana)


def permanent_offers(game: "Game", ref: Callable[[int], str], player: str, read: Callable[[tuple], Abilities]
                     ) -> tuple:
    """The side of the player's offers their permanents make (the same while `FOOTPRINT`'s third part is): whether
    one lets spells be cast as though with flash, the activated abilities of those not phased out (702.26b) other
    than mana abilities, the special actions of face-down permanents by pattern, and the mana sources: each
    permanent with a '{T}: Add ...' ability of one mana (its first), tapped or not, with whether it is a creature (one
    summoning sick can't tap for mana, 302.6). `read`: `read_abilities`, kept by tuple."""
    state = game.state
    permanents = game.permanents()
    flash, activations, mana = False, [], []
    for i in state.battlefield:
        obj = state.objects[i]
        if obj.controller != player:
            continue
        chars = permanents[i]
        found = read(chars.abilities)
        flash = flash or found.flash
        if obj.phased_out:
            continue
        if found.activations:
            activations += [Activatable(i, f"activate {ref(i)}", *parts) for parts in found.activations]
        for ability, label in found.mana:
            colors = one_mana(game, player, ability, obj)
            if colors:
                mana.append((Source(i, colors, label), "Creature" in chars.types))
                break
    return flash, tuple(activations), _special_objects(game, ref, player, None), tuple(mana)


def offers(hand: tuple, others: tuple, permanents: tuple) -> Offers:
    """The player's offers from their three sides (`hand_offers`, `other_card_offers`, `permanent_offers`), the
    special actions in the order of their patterns."""
    lands, casts, card_specials = hand[0] + others[0], hand[1] + others[1], hand[2]
    flash, activations, permanent_specials, mana = permanents
    specials = tuple([s for c, p in zip(card_specials, permanent_specials) for s in c + p])
    instant = any(c.instant_speed and not all(w.sorcery for w in c.ways) for c in casts)
    return Offers(lands, casts, flash, activations, specials, mana, instant)


def _playable(game: "Game", player: str) -> list[GameObject]:
    """The cards outside the hand (theirs or not) that an effect lets the player play (601.2a)."""
    state = game.state
    return [o for figures in state.players.values() for zone in CAST_ZONES[1:]
            for o in _distinct([state.objects[i] for i in figures.zones[zone]
                                if state.objects[i].playable_by == player])]


def _castables(game: "Game", ref: Callable[[int], str], player: str, cards: list[GameObject], known: dict
               ) -> tuple[Castable, ...]:
    """601.2: the cards and their ways of casting (`_castable`), each kept in `known` by the object's id and face
    and by what it reads that can change (an object's card, zone and owner never do, 400.7, but an id a rollback
    undid is given again, and the reference names only the card's name: the face's id is no other face's while
    `known` holds it, with its castable). A card of theirs outside the hand that nothing lets them play and with no
    line of a kind that could (no `ast.CastPermission`) has none: left out by the caller."""
    out = []
    for obj in cards:
        face = obj.card.front
        key = (obj.id, id(face), player, ref(obj.id), obj.playable_by)
        kept = known.get(key)
        if kept is None:
            kept = known[key] = (face, _castable(game, obj, player, key[3]))
        out.append(kept[1])
    return tuple(out)


def _castable(game: "Game", obj: GameObject, player: str, ref: str) -> Castable:
    """A card's ways of casting (`_ways`, kept by the card's face and the rulebook, in any game, then by its zone and
    whether the player owns it and may play it: all they read but the card's name), each named by the card's
    reference."""
    face, zone, own = obj.card.front, obj.zone, obj.owner == player
    by_place = _FACE_WAYS(face, game.rulebook)
    key = (zone, own, obj.playable_by == player)
    ways = by_place.get(key)
    if ways is None:
        ways = by_place[key] = _ways(game, face.characteristics(), zone, own, key[2])
    name = ref.split(".", 1)[1] if own else ref
    return Castable(obj.id, ways[0], tuple([Way(f"cast {name}{way[0]}", *way[1:]) for way in ways[1]]), ways[2])


#: Each face's ways of casting by where it is and whose it is (`_castable`), for a rulebook: `_ways` reads the face
#: and the rules alone.
_FACE_WAYS: ByIdentity[dict] = ByIdentity(lambda face, rulebook: {})


def _ways(game: "Game", printed: Characteristics, zone: str, own: bool, playable: bool
          ) -> tuple[Characteristics, tuple[tuple[str, tuple[str, ...], int, bool], ...], bool]:
    """A card's ways of casting from its zone, each as what follows 'cast NAME' in its step text and `Way`'s other
    fields: from the hand; from another zone or for an alternative cost where a keyword ability of the card allows
    it (118.9, 601.2a: 'cast REF from graveyard using KEYWORD') or the card has one printed ('using its alternative
    cost'), or face down (708.4); from where an effect lets the player play it (`playable`). With the card's printed
    characteristics, and whether it has instant timing by itself (`Game.instant_timing`: no static ability of that
    kind is ever a part not run, runs.py, so it is read of the face and the rules alone)."""
    printed_cost = tuple(printed.mana_cost or ())
    source = "" if zone == "hand" else f" from {zone}"
    ways: list[tuple[str, tuple[str, ...], int, bool]] = []
    if "Land" not in printed.types and (zone == "hand" or playable):
        ways.append((source, printed_cost, mana_value(printed_cost), False))
        # 118.9: an alternative cost printed on the card, wherever it may be cast for its mana cost
        ways += [(f"{source} using its alternative cost", split_cost(a.costs)[0], mana_value(printed_cost), False)
                 for a in printed.abilities if isinstance(a, ast.AlternativeCost)][:1]
    for permission, keyword, definition in game.keyword_statics(printed.abilities, ast.CastPermission):
        if not own or permission.zone != zone:
            continue
        cost = permission.cost
        try:
            mana = printed_cost if cost is None else split_cost(
                dict(keyword.args).get(cost.name) if isinstance(cost, ast.Var) else cost)[0]
        except MtgError:
            continue
        if permission.face_down is not None:
            ways.append((" face down", mana, mana_value(mana), bool(permission.face_down)))
        else:
            ways.append((f"{source} using {definition.option_name or definition.name}", mana,
                         mana_value(printed_cost), False))
    return printed, tuple(ways), game.instant_timing(printed)


def _special_objects(game: "Game", ref: Callable[[int], str], player: str, hand: list[GameObject] | None
                     ) -> tuple[tuple, ...]:
    """116.2: for each special action the rules files define, its (object id, pattern, step text) for the objects it
    can be about, on one side: the player's face-down permanents ('turn ... face up'; `hand` None), or their cards in
    hand (`hand`: one of each name) with a keyword ability the action names; none for the patterns of the other side."""
    state = game.state
    face_down = hand is None
    out = []
    for pattern in game.rulebook.special_actions:
        words = _words(pattern)
        if ("face" in words) != face_down:
            objects = []
        elif face_down:
            objects = [state.objects[i] for i in state.battlefield
                       if state.objects[i].controller == player and state.objects[i].face_down]
        else:
            objects = [o for o in hand if not words.isdisjoint(_keyword_names(o.card.front.abilities))]
        out.append(tuple([(obj.id, pattern, pattern.replace("{}", ref(obj.id))) for obj in objects]))
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _words(pattern: str) -> frozenset[str]:
    """The words of a special action's pattern, in lower case."""
    return frozenset(pattern.lower().split())


#: The names of the keyword abilities among a tuple of abilities, in lower case, read once per tuple.
_keyword_names = ByIdentity(lambda abilities: frozenset([k.name.lower() for k in keyword_abilities(abilities)]))


def _distinct(objects: list[GameObject]) -> list[GameObject]:
    """One object of each card name and player who may play it from where it is (the same card twice is the same
    action; two copies in exile, one an effect lets its owner play, are not)."""
    seen: dict[tuple[str, str | None], GameObject] = {}
    for obj in objects:
        seen.setdefault((obj.card.name, obj.playable_by), obj)
    return list(seen.values())
