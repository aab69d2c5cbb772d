"""Damage (120), destruction (701.8), the replacement effects waiting to apply to a destruction (614.1a; a
regeneration shield is one, 701.19a), and counters on players (122.1).

What damage from a source does depends on the static abilities the source has, its own lines or those its
keyword abilities mean as their definitions in rules/ say: damage lethal in any amount (702.2b), life gained
(120.3f), counters instead of marked damage or life loss (120.3b, 120.3d). Whether a permanent can be
destroyed is asked the same way (702.12b). This module asks only what those abilities say, never which
keyword gave them.
"""
from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING, Sequence

from ..diagnostics import error
from ..language import ast
from . import runs
from .characteristics import Characteristics
from .events import Event
from .memo import ByIdentity
from .state import Context, LastKnown
from .steps import Env, keyword_abilities

if TYPE_CHECKING:
    from ..language.rulebook import Rulebook

#: What can be dealt damage besides players (120.1a).
DAMAGEABLE = frozenset({"Creature", "Planeswalker", "Battle"})


def _read_statics(abilities: tuple, rulebook: "Rulebook") -> tuple[tuple[ast.Node, tuple], ...]:
    """Each ability with its slots' values (none), then the lines of its keyword abilities' definitions with the
    values each keyword gives (702.1)."""
    found: list[tuple[ast.Node, tuple]] = [(ability, ()) for ability in abilities]
    for keyword in keyword_abilities(abilities):
        definition = rulebook.keyword_abilities.get(keyword.name)
        found += [(static, tuple(keyword.args)) for static in (definition.statics if definition else ())]
    return tuple(found)


#: What a tuple of abilities means, read once per tuple and rulebook.
_statics = ByIdentity(_read_statics)
_static_nodes = ByIdentity(lambda abilities, rulebook: tuple(a for a, _ in _statics(abilities, rulebook)))
#: Those of them of a kind (a node class or a tuple of them).
statics_of_kind = ByIdentity(lambda abilities, rulebook, kind: tuple(
    (a, args) for a, args in _statics(abilities, rulebook) if isinstance(a, kind)))
#: Those of them of a kind (None: all) with a number slot's value as a number ('Toxic 2'), read once.
numbered_statics = ByIdentity(lambda abilities, rulebook, kind: tuple(
    (a, tuple((name, value.value if isinstance(value, ast.IntValue) else value) for name, value in args))
    for a, args in (_statics(abilities, rulebook) if kind is None else statics_of_kind(abilities, rulebook, kind))))
_static_nodes_of_kind = ByIdentity(lambda abilities, rulebook, kind: tuple(
    a for a, _ in statics_of_kind(abilities, rulebook, kind)))
#: The classes of the abilities a tuple of abilities has (with what its keywords mean), read once per tuple.
_classes = ByIdentity(lambda abilities, rulebook: frozenset(type(a) for a, _ in _statics(abilities, rulebook)))
#: The sets of classes `_classes_of_all` gave, each once (a set equal to one given is that one), forgotten at once
#: when it holds 4096: `has_kind` reads each set once, whichever tuples it is of.
_class_sets: dict[frozenset[type], frozenset[type]] = {}


def _read_classes_of_all(rulebook: "Rulebook", *tuples: tuple) -> frozenset[type]:
    classes = frozenset().union(*(_classes(t, rulebook) for t in tuples))
    if len(_class_sets) >= 4096:
        _class_sets.clear()
    return _class_sets.setdefault(classes, classes)


#: Those of several tuples, read once per rulebook and tuples (the permanents' tuples stay the same objects while
#: what they are doesn't change), whatever kinds are asked of them.
_classes_of_all = ByIdentity(_read_classes_of_all)
#: Whether a set of classes has one of a kind (a node class or a tuple of them), read once per set and kind.
has_kind = ByIdentity(lambda classes, kind: any(map(issubclass, classes, repeat(kind))))


def any_of_kind(abilities: list[tuple], rulebook: "Rulebook", kind: type | tuple) -> bool:
    """Whether any of these tuples of abilities (with what their keywords mean) has an ability of the kind."""
    return has_kind(_classes_of_all(rulebook, *abilities), kind)


#: Those of them that aren't run (runs.py), each with its gap.
_gaps = ByIdentity(lambda abilities, rulebook: tuple(
    (a, found) for a in _static_nodes(abilities, rulebook) if (found := runs.gap(a, rulebook)) is not None))
#: The static abilities of the permanents (each with its id and characteristics) that aren't run, with their gaps,
#: read once per dict of them (`Bookkeeping.permanents`: the continuous pass's value stays the same object while
#: they are each what they were) and rulebook, kept for the last few such dicts.
_unapplied_of = ByIdentity(lambda permanents, rulebook: tuple(
    (object_id, ability, found) for object_id, chars in permanents.items()
    for ability, found in _gaps(chars.abilities, rulebook)), 64)


class Damage:
    """Damage, destruction and what replaces it, counters on players; a part of `Game`."""

    def static_values(self, chars: Characteristics | None, kind: type | tuple | None = None
                      ) -> Sequence[tuple[ast.Node, dict]]:
        """The abilities of an object with these characteristics (of a kind, if given), each with the values of
        its slots (a new dict each): its own (none), then what its keyword abilities mean (the lines of their
        definitions, 702.1) with the values each keyword gives ('Protection from red': {quality} is red)."""
        if chars is None:
            return ()
        found = (_statics(chars.abilities, self.rulebook) if kind is None else
                 statics_of_kind(chars.abilities, self.rulebook, kind))
        return [(ability, dict(args)) for ability, args in found] if found else ()

    def static_abilities(self, chars: Characteristics | None, kind: type | tuple | None = None
                         ) -> tuple[ast.Node, ...]:
        """The abilities of an object with these characteristics: its own, then what its keyword abilities mean
        (of a kind, if given)."""
        if chars is None:
            return ()
        if kind is None:
            return _static_nodes(chars.abilities, self.rulebook)
        return _static_nodes_of_kind(chars.abilities, self.rulebook, kind)

    def own_with_values(self, chars: Characteristics | None, kind: type) -> list[tuple[ast.Node, dict]]:
        """Its static abilities of one kind about itself, each with the values of its slots."""
        return [(a, values) for a, values in self.static_values(chars, kind)
                if isinstance(getattr(a, "objects", ast.Self()), ast.Self)]

    def _own(self, chars: Characteristics | None, kind: type) -> list:
        """Its static abilities of one kind that are about itself ('this permanent can't be destroyed')."""
        return [a for a, _ in self.own_with_values(chars, kind)]

    def limited(self, object_id: int, kind: type, source: Characteristics | None, field: str = "quality") -> bool:
        """Whether a static ability of the object of this kind (ast/limits.py) is about a source with these
        characteristics: its quality (`field`), with the values of its slots, holds for the source."""
        self._refuse_unapplied(kind)
        if source is None:
            return False
        controller = self.state.objects[object_id].controller
        for ability, values in self.own_with_values(self.characteristics(object_id), kind):
            env = Env(controller, Context(0, controller, object_id), object_id, values)
            if self.interpreter.chars_match(source, getattr(ability, field), env):
                return True
        return False

    def destroyable(self, object_id: int) -> bool:
        """702.12b: a permanent with an ability saying it can't be destroyed isn't."""
        self._refuse_unapplied(ast.CantBeDestroyed)
        return not self._own(self.characteristics(object_id), ast.CantBeDestroyed)

    def _refuse_unapplied(self, kind: type) -> None:
        """A permanent's static ability of this kind about other objects isn't applied yet (runs.py): what it
        would change is refused rather than done without it."""
        for object_id, ability, found in self._unapplied():
            if isinstance(ability, kind):
                _, message, rule = found.describe(ability, self.rulebook)
                raise error(runs.NOT_RUN, f"{self.name_of(object_id)}: {message}", ability.span, rule)

    def _unapplied(self) -> tuple[tuple[int, ast.Node, runs.Gap], ...]:
        """The static abilities of the permanents that aren't run, in battlefield order."""
        return self._unapplied_kept.get(self.state.journal)

    def _read_unapplied(self) -> tuple[tuple[int, ast.Node, runs.Gap], ...]:
        """Each permanent's static abilities that aren't run, with what each lacks (kept while what it read stays
        the same: `GameCore._unapplied_kept`)."""
        return _unapplied_of(self.permanents(), self.rulebook)

    # ------------------------------------------------------------ damage
    def lethal_in_any_amount(self, chars: Characteristics | None) -> bool:
        """702.2b, 702.2c: whether any amount of damage from a source with these characteristics is lethal."""
        return bool(self._own(chars, ast.LethalDamage))

    def deal_damage(self, source: int | None, amounts: dict[int | str, int], env: Env | None,
                    combat: bool = False) -> None:
        """120.3, 120.4: the source deals each recipient (a permanent, or a player by name) its amount of damage,
        all at once (a combat damage step calls this for each source, 510.2). To a player: life lost,
        or counters where the source says so (poison, 120.3b); to a creature: damage marked on it, or counters
        (-1/-1, 120.3d), and noted for 704.5h when any amount of its damage is lethal; to a planeswalker:
        loyalty counters removed (120.3c); to a battle: defense counters removed (120.3h). A source whose
        damage gains life gives its controller (or owner) that much life (120.3f, 702.15b). The source's
        abilities are read as it is, or as it last existed (702.2e, 702.15c). 0 damage is none (120.8);
        what can't be dealt damage (120.1a) and players who left the game (800.4a) aren't. `combat`: it is combat
        damage (510.2)."""
        amounts = {recipient: amount for recipient, amount in amounts.items() if amount > 0}
        if not amounts:
            return
        self._refuse_unapplied(ast.DamageAsCounters)
        name, chars, controller = self.last_known(source)[:3]
        forms = {kind: counter for ability in self._own(chars, ast.DamageAsCounters) for kind, counter in ability.kinds}
        dealt = 0
        for recipient, amount in amounts.items():
            amount = self.replaced_damage(source, recipient, amount, combat)
            if not amount:
                continue
            if isinstance(recipient, str):
                if self.state.players[recipient].lost:
                    continue
                self.emit(Event("damage_dealt", recipient, name, source, chars, controller=controller, combat=combat,
                                amount=amount), env)
                if "players" in forms:
                    self.give_counters(recipient, forms["players"], amount, env)
                else:
                    self.state.players[recipient].life -= amount
                    self.emit(Event("life_lost", recipient), env)
                if combat:
                    self.combat_damage_counters(source, chars, recipient, env)
            elif not self._damage_permanent(recipient, amount, forms, chars, env, Event(
                    "damage_dealt", None, name, source, chars, controller=controller, combat=combat,
                    recipient=recipient, amount=amount)):
                continue
            dealt += amount
        if dealt:  # 603.2: 'whenever this creature deals damage' triggers once for all it dealt at once
            self.emit(Event("source_dealt_damage", None, name, source, chars, controller=controller, combat=combat,
                            amount=dealt), env)
        if dealt and self._own(chars, ast.DamageGainsLife):
            gainer = controller or self.owner_of(source)
            if gainer is not None and not self.state.players[gainer].lost and self.may_gain_life(gainer):  # 119.7
                self.state.players[gainer].life += dealt
                self.emit(Event("life_gained", gainer, amount=dealt), env)

    def _damage_permanent(self, object_id: int, amount: int, forms: dict[str, str], chars: Characteristics | None,
                          env: Env | None, event: Event) -> bool:
        """The results of damage to one permanent (120.3c-e, 120.3h); False when it can't be dealt damage."""
        obj = self.state.objects.get(object_id)
        if obj is None or obj.zone != "battlefield":
            return False
        types = self.characteristics(object_id).types
        if not types & DAMAGEABLE:
            return False
        self.emit(event, env)
        if "Creature" in types:
            if "creatures" in forms:
                self.add_counters(object_id, forms["creatures"], amount, env)
            else:
                obj.damage += amount
            if self.lethal_in_any_amount(chars):
                self.state.lethal_damaged.add(object_id)
        for kind, type_ in (("loyalty", "Planeswalker"), ("defense", "Battle")):
            if type_ in types:
                self.remove_counters(object_id, kind, amount, env)
        return True

    def add_counters(self, object_id: int, kind: str, amount: int, env: Env | None) -> None:
        """122.1: put `amount` counters of a kind on a permanent; the event says how many it has now (714.2b)."""
        if amount <= 0:
            return
        obj = self.state.objects[object_id]
        obj.counters[kind] = obj.counters.get(kind, 0) + amount
        self.emit(Event("counter_added", obj.controller, obj.card_name, obj.id, kind=kind, amount=amount,
                        count=obj.counters[kind]), env)

    def remove_counters(self, object_id: int, kind: str, amount: int, env: Env | None) -> None:
        """Remove up to `amount` counters of a kind from a permanent (a counter that isn't there can't be removed).
        A Siege's last defense counter triggers its own ability, which isn't run (runs.py): refused."""
        obj = self.state.objects[object_id]
        removed = min(amount, obj.counters.get(kind, 0))
        if not removed:
            return
        if kind == "defense" and removed == obj.counters[kind] and "Siege" in self.characteristics(object_id).subtypes:
            _, message, rule = runs.SIEGE_DEFEATED.describe(ast.Self(), self.rulebook)
            raise error(runs.NOT_RUN, f"{obj.card_name}: {message}", rule=rule)
        obj.counters[kind] -= removed
        if not obj.counters[kind]:
            del obj.counters[kind]
        self.emit(Event("counter_removed", obj.controller, obj.card_name, obj.id, kind=kind), env)

    def give_counters(self, player: str, kind: str, amount: int, env: Env | None) -> None:
        """122.1: counters of a kind on a player (poison, energy, experience, ...)."""
        if amount <= 0 or self.state.players[player].lost:
            return
        counters = self.state.players[player].counters
        counters[kind] = counters.get(kind, 0) + amount
        self.emit(Event("counter_added", player), env)

    # ------------------------------------------------------------ destruction
    def destroy(self, object_id: int, env: Env | None, unreplaced: str | None = None,
                known: LastKnown | None = None) -> bool:
        """701.8a: the permanent goes from the battlefield to its owner's graveyard; whether it was. One that
        can't be destroyed stays (702.12b); a replacement effect waiting for its destruction applies instead
        (a regeneration shield, 701.19a), except one that would make it `unreplaced` ('They can't be
        regenerated', 701.19c). `known`: as it was when it left together with others (704.8)."""
        obj = self.state.objects.get(object_id)
        if obj is None or obj.zone != "battlefield" or not self.destroyable(object_id):
            return False
        if self.replaced_by_waiting(object_id, "destroyed", unreplaced):
            return False
        chars = known.characteristics if known else self.characteristics(object_id)
        self.emit(Event("destroyed", obj.controller, obj.card_name, obj.id, chars), env)
        self.move(object_id, "graveyard", env=env, known=known)
        return True
