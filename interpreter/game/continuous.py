"""The continuous effects of static abilities (604.1, 611.3): what a permanent's static ability says of the
permanents it describes ('Creatures you control get +1/+1', 'Goblins you control have haste', '~ has first
strike as long as ...'), and its characteristic-defining abilities setting its power and toughness (604.3: '~'s
power and toughness are each equal to ...'). They apply in layer order (613.1f: abilities added; 613.4a: power and
toughness set by characteristic-defining abilities; 613.4c: power and toughness changed), after what each
permanent is by itself (its card, copy and face-down values, its own characteristic-defining
abilities, 613.3); within a layer in timestamp order (613.7a), each to the objects its text describes at that
moment (611.3a), and an effect that starts to apply in one layer applies to the same objects in the later ones
(613.6). When applying one effect would change what another of the same layer applies to, or whether its
condition holds, the second depends on the first (613.8): that order isn't worked out yet, and it is refused.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field, replace
from itertools import repeat
from typing import Callable, NamedTuple

from ..diagnostics import error
from ..language import ast
from . import journaled, runs
from .characteristics import Characteristics
from .damage import any_of_kind
from .memo import ByIdentity, read_again
from .state import GameObject, TypeChange, own_fields


@dataclass(eq=False)
class StaticEffect:
    """One static ability of a permanent generating a continuous effect, with its slots' values (702.1)."""

    source: int
    timestamp: int
    ability: ast.StaticGrant
    values: dict = field(default_factory=dict)


@dataclass
class PassRead:
    """What a continuous pass that found no effect to apply follows from alone (`StaticPass.read`): the permanents
    (the objects, in order), the fields they are read from (`own_fields`) and copies of their counters; and
    `journaled.counted_writes` and the battlefield's stamp (`ZoneList`) when they were last found the same (not
    part of the value)."""

    permanents: list[GameObject]
    fields: list[tuple]
    counters: list[dict]
    written: int = field(compare=False)
    stamp: int = field(compare=False)


class StaticPass(NamedTuple):
    """What the continuous pass gives: every permanent's characteristics, and the static control-changing
    abilities of the permanents (613.1b: read of their own abilities, before layer 2), oldest first."""

    permanents: dict[int, Characteristics]
    controls: tuple[tuple[int, ast.StaticControl, dict], ...]
    #: Where no effect applied and there was no emblem and no control-changing ability (each permanent is what it
    #: is by itself), what the pass's value follows from alone; else None.
    read: PassRead | None = None


@dataclass(eq=False)
class ResolvedEffect:
    """A continuous effect of a resolved spell or ability in layer 6 on one permanent (611.2c: the object fixed
    as it began): an ability it gains, or an `ast.LoseAbilities`, with its timestamp (613.7b)."""

    target: int
    timestamp: int
    ability: ast.Node


#: What resolved effects gave or took from an object (`GameObject.granted`), and its counters.
_granted = operator.attrgetter("granted")
_counters = operator.attrgetter("counters")
#: The static abilities this pass applies.
_APPLIED = (ast.StaticGrant, ast.DefinedPT)
#: Whether a tuple of abilities (with what its keywords mean) has none this pass applies or reads (613.1b: the
#: control-changing ones), read once per tuple and rulebook.
_passive = ByIdentity(lambda abilities, rulebook: not any_of_kind([abilities], rulebook,
                                                                  (ast.StaticControl, *_APPLIED)))


class Continuous:
    """The continuous effects of static abilities, applied to every permanent at once; a part of `Game`."""

    def static_effects(self, permanents: dict[int, Characteristics]) -> list[StaticEffect]:
        """The effects the static abilities of these permanents generate, in timestamp order (613.7a: a static
        ability's is its object's); one the interpreter doesn't apply is refused by the state (runs.py)."""
        found = [StaticEffect(i, self.state.objects[i].timestamp, ability, values)
                 for i, chars in permanents.items() for ability, values in self.statics_with_values(chars, ast.StaticGrant)
                 if runs.gap(ability, self.rulebook) is None]
        return sorted(found, key=lambda e: (e.timestamp, e.source))

    def _apply_static_effects(self) -> StaticPass:
        """Every permanent's characteristics (`_apply_layers`), and the static control-changing abilities (looked for
        at once over the permanents' tuples of abilities first: `any_of_kind`); none to look for where no emblem is,
        no resolved effect gives or takes abilities and no permanent has an ability this pass reads (`_passive`).
        Where the last pass found no effect to apply (`StaticPass.read`) and the permanents are the same, each by
        itself as it was, with no emblem and no resolved effect giving or taking abilities, it finds none again:
        its value is the last one."""
        state = self.state
        objects = state.objects
        last = self._static_pass.value
        if last is not None and last.read is not None and self._read_again(last.read):
            return last
        own = {i: self.own_characteristics(i) for i in state.battlefield}
        permanents = list(map(objects.__getitem__, own))
        emblems = self.emblems()
        if emblems or not all(map(_passive, [chars.abilities for chars in own.values()], repeat(self.rulebook))) \
                or any(map(_granted, permanents)):
            controls = sorted(((i, rule, values) for i, chars in own.items()
                               for rule, values in self.statics_with_values(chars, ast.StaticControl)),
                              key=lambda found: objects[found[0]].timestamp) if any_of_kind(
                [chars.abilities for chars in own.values()], self.rulebook, ast.StaticControl) else ()
            if self._apply_layers(own, emblems) or controls or emblems:
                return StaticPass(own, tuple(controls))
        # what each one's own characteristics were read from, as `own_characteristics` keeps it for every permanent:
        # its `own_fields` (each the same object as now) and a copy of its counters (equal to them)
        kept = list(map(self._own_kept.__getitem__, own))
        return StaticPass(own, (), PassRead(permanents, [k[0] for k in kept], [k[1] for k in kept],
                                            journaled.counted_writes, state.battlefield.stamp))

    def _read_again(self, read: PassRead) -> bool:
        """Whether the permanents are those read (`StaticPass.read`), in the same order, each by itself as it was
        (`own_fields`, its counters: what `own_characteristics` reads), with no resolved effect giving or taking
        abilities and no emblem (read at once over them all). While no object's field was written since they were
        last found so (`journaled.counted_writes`), their fields are those read, and none was given abilities: the
        objects are compared alone; while, besides, the battlefield's stamp is the same, they are those read."""
        battlefield, now = self.state.battlefield, read.permanents
        if read.written != journaled.counted_writes or battlefield.stamp != read.stamp:
            now = list(map(self.state.objects.__getitem__, battlefield))
            if read.written == journaled.counted_writes:
                if len(now) != len(read.permanents) or not all(map(operator.is_, now, read.permanents)):
                    return False
            elif not read_again(now, list(map(own_fields, now)), (read.permanents, read.fields)) \
                    or any(map(_granted, now)):
                return False
            read.written, read.stamp = journaled.counted_writes, battlefield.stamp
        return list(map(_counters, now)) == read.counters and not self.emblems()

    def _apply_layers(self, applying: dict[int, Characteristics], emblem_ids: list[int]) -> bool:
        """Every permanent with the continuous effects of static abilities and the abilities resolved effects
        give or take applied (613.1), layer by layer, in place (each stays what it is by itself when there are
        none: False): the static abilities of permanents and of emblems (114.4)."""
        emblems = {i: self.own_characteristics(i) for i in emblem_ids}
        objects = self.state.objects
        resolved = [ResolvedEffect(i, stamp, ability) for i in applying for ability, _, stamp in objects[i].granted]
        if not resolved and not any_of_kind([chars.abilities for chars in (*applying.values(), *emblems.values())],
                                            self.rulebook, _APPLIED):
            return False
        effects = self.static_effects({**applying, **emblems})
        if not effects and not resolved and not self._defining_abilities(applying):
            return False
        self._applying = applying
        try:
            typing = self._apply_layer([e for e in effects if e.ability.types is not None], self._types_change,
                                       self.retyped_by, {})                                            # 613.1d
            self._rules_text_lost(typing)
            layer = sorted([e for e in effects if e.ability.abilities or e.ability.loses] + resolved,
                           key=lambda e: e.timestamp)
            losing = any(_removes(e) for e in layer)
            granting = {**typing, **self._abilities_layer(layer, losing, typing)}                      # 613.1f
            defining = self._defining_abilities(applying)
            defined = {}
            for i, rule, values in defining:                                                          # 613.4a
                defined[i, id(rule)] = self.defined_stats(i, rule, values)
                applying[i] = replace(applying[i], **defined[i, id(rule)])
            changing = [e for e in effects if e.ability.change and (not losing or self._has_ability(e))]
            self._apply_layer(changing, self._amounts, self._change, granting)                        # 613.4c
            if any(self.defined_stats(i, rule, values) != defined[i, id(rule)] for i, rule, values in defining):
                self._dependency(*defining[0][:2])
        finally:
            self._applying = None
        return True

    def _defining_abilities(self, applying: dict[int, Characteristics]) -> list[tuple[int, ast.DefinedPT, dict]]:
        """The characteristic-defining abilities setting power and toughness the permanents have (604.3)."""
        return [(i, rule, values) for i, chars in applying.items()
                for rule, values in self.statics_with_values(chars, ast.DefinedPT)]

    def _abilities_layer(self, layer: list[StaticEffect | ResolvedEffect], losing: bool, decided: dict) -> dict:
        """Layer 6 (613.1f): abilities added and removed, static and resolved effects in timestamp order (613.7).
        A static ability its own object loses here never applied (613.8a: the loss comes first): layer 6 is
        applied again without it."""
        applying = self._applying
        before = dict(applying) if losing else applying
        granting = self._apply_layer(layer, self._abilities_change, self._grant, decided)
        if not losing:
            return granting
        kept = [e for e in layer if isinstance(e, ResolvedEffect) or self._has_ability(e)]
        if len(kept) == len(layer):
            return granting
        applying.update(before)
        granting = self._apply_layer(kept, self._abilities_change, self._grant, decided)
        lost = next((e for e in kept if isinstance(e, StaticEffect) and not self._has_ability(e)), None)
        if lost is not None:
            self._dependency(lost.source, lost.ability)
        return granting

    def _has_ability(self, effect: StaticEffect) -> bool:
        """Whether the effect's permanent still has the static ability generating it (an emblem's always)."""
        chars = self._applying.get(effect.source)
        return chars is None or any(a is effect.ability for a, _ in self.statics_with_values(chars, ast.StaticGrant))

    def kept_tapped(self) -> set[int]:
        """502.3: the permanents static abilities say don't untap during their controller's untap step."""
        kept: set[int] = set()
        if not (self.may_have(ast.DoesntUntap) and self.permanents_have(ast.DoesntUntap)):
            return kept
        for source in self.state.battlefield:
            for rule, values in self.statics_with_values(self.characteristics(source), ast.DoesntUntap):
                kept.update(self.interpreter.objects(rule.objects, self._env_of(source, values)))
        return kept

    def defined_stats(self, object_id: int, rule: ast.DefinedPT, values: dict) -> dict[str, int | None]:
        """604.3, 613.4a: the power and toughness its characteristic-defining ability sets (the amount now; the
        other as printed), with what resolved effects and counters add to them (613.4c; static abilities' changes
        apply after, in their layer)."""
        obj = self.state.objects[object_id]
        amount = self.interpreter.number(rule.amount, self._env_of(object_id, values))
        face = obj.face_up
        power, toughness = self.state.pt_changes(obj)
        printed_power = amount if rule.power else face.power
        printed_toughness = amount if rule.toughness else face.toughness
        return {"power": None if printed_power is None else printed_power + power,
                "toughness": None if printed_toughness is None else printed_toughness + toughness}

    def _dependency(self, source: int, ability: ast.Node) -> None:
        _, message, rule = runs.DEPENDENCY
        raise error(runs.NOT_RUN, f"the static ability of {self.name_of(source)} ('{self.words_of(ability)}') "
                    f"{message}", ability.span, rule)

    def _apply_layer(self, effects: list[StaticEffect], measure: Callable[[StaticEffect], tuple],
                     apply: Callable[[Characteristics, tuple], Characteristics],
                     decided: dict[StaticEffect, frozenset[int]]) -> dict[StaticEffect, frozenset[int]]:
        """Apply each effect in timestamp order to what it describes now (or, begun in an earlier layer, to the
        same objects, 613.6), as much as it `measure`s now; then check that none changed what a later one applies
        to or how much it does (613.8)."""
        applying = self._applying
        sets: dict[StaticEffect, frozenset[int]] = {}
        amounts = {}
        for effect in effects:
            sets[effect] = decided[effect] if effect in decided else self._affected(effect)
            amounts[effect] = measure(effect)
            for i in sets[effect]:
                applying[i] = apply(applying[i], amounts[effect])
        for effect in effects:
            if isinstance(effect, ResolvedEffect):
                continue
            moved = effect not in decided and self._affected(effect) != sets[effect]
            if moved or measure(effect) != amounts[effect]:
                self._dependency(effect.source, effect.ability)
        return sets

    def _affected(self, effect: StaticEffect | ResolvedEffect) -> frozenset[int]:
        """The permanents the effect's text describes now, if its condition holds (611.3a); a resolved effect's
        own permanent."""
        if isinstance(effect, ResolvedEffect):
            return frozenset((effect.target,))
        env = self._env_of(effect.source, effect.values)
        ability = effect.ability
        if ability.condition is not None and not self.interpreter.holds(ability.condition, env):
            return frozenset()
        return frozenset(i for i in self.interpreter.objects(ability.objects, env) if i in self._applying)

    def _amounts(self, effect: StaticEffect) -> tuple:
        """How much the effect changes power and toughness by now ('+1/-1', '+1/+1 for each artifact you control',
        '-X/-X, where X is ...', 107.3)."""
        ability = effect.ability
        env = self._env_of(effect.source, effect.values)
        times = 1 if ability.times is None else self.interpreter.number(ability.times, env)
        return tuple(self.interpreter.signed(part, env, ability, ability.x) * times for part in ability.change.split("/"))

    def _types_change(self, effect: StaticEffect) -> tuple:
        """The card types and subtypes the effect gives (613.1d) and whether in addition to the others: those its
        quality names, or every subtype of a list ('every basic land type', 205.3)."""
        types = effect.ability.types
        if types.every is not None:
            return (), self.rulebook.subtype_lists.get(f"{types.every} types", ()), True
        words = self.interpreter.quality(types.quality, self._env_of(effect.source, effect.values)).words
        return (*self.split_types(tuple(words)), types.retain)

    def retyped_by(self, chars: Characteristics, change: tuple) -> Characteristics:
        """613.1d: the object with the types the effect gives (Statics.retyped)."""
        return self.retyped(chars, *change)

    def _rules_text_lost(self, typing: dict[StaticEffect, frozenset[int]]) -> None:
        """305.7: a land whose subtype an effect sets to basic land types loses the abilities of its rules text;
        a resolved type-changing effect newer than a static one on the same object isn't applied in timestamp
        order with it yet, and is refused (613.7)."""
        applying, objects = self._applying, self.state.objects
        for effect, ids in typing.items():
            for i in ids:
                if any(isinstance(change, TypeChange) and change.timestamp > effect.timestamp
                       for change, _ in objects[i].lasting):
                    _, message, rule = runs.TYPE_ORDER
                    raise error(runs.NOT_RUN, f"{self.name_of(i)}: {message}", effect.ability.span, rule)
            types = effect.ability.types
            if types.retain or not any(s in self.rulebook.subtype_abilities for s in self._types_change(effect)[1]):
                continue
            for i in ids:
                printed = objects[i].face_up.abilities
                applying[i] = replace(applying[i], abilities=tuple(
                    a for a in applying[i].abilities if not any(a is p for p in printed)))

    def _abilities_change(self, effect: StaticEffect | ResolvedEffect) -> tuple:
        """The abilities the effect adds, with the values its source chose (607.2d), and those it removes:
        keyword abilities, None: every ability (613.1f)."""
        if isinstance(effect, ResolvedEffect):
            ability = effect.ability
            return ((), ability.abilities) if isinstance(ability, ast.LoseAbilities) else ((ability,), ())
        env = self._env_of(effect.source, effect.values)
        return tuple(self.interpreter.with_chosen_values(a, env) for a in effect.ability.abilities), effect.ability.loses

    @staticmethod
    def _grant(chars: Characteristics, change: tuple) -> Characteristics:
        """613.1f: the object loses the abilities removed, then has the abilities added too."""
        added, lost = change
        abilities = chars.abilities
        if lost is None:
            abilities = ()
        elif lost:
            abilities = tuple(kept for a in abilities if (kept := _without(a, lost)) is not None)
        return replace(chars, abilities=abilities + added)

    @staticmethod
    def _change(chars: Characteristics, change: tuple) -> Characteristics:
        """613.4c: power and toughness changed by the amounts; an object without them is unchanged."""
        if chars.power is None or chars.toughness is None:
            return chars
        return replace(chars, power=chars.power + change[0], toughness=chars.toughness + change[1])


def _removes(effect: StaticEffect | ResolvedEffect) -> bool:
    """Whether the layer-6 effect removes abilities."""
    if isinstance(effect, ResolvedEffect):
        return isinstance(effect.ability, ast.LoseAbilities)
    return bool(effect.ability.loses)


def _without(ability: ast.Node, lost: tuple[ast.KeywordAbility, ...]) -> ast.Node | None:
    """The ability without the keywords lost (None: nothing left): a keyword, or a line of them ('Flying,
    vigilance' that loses flying is 'Vigilance')."""
    if isinstance(ability, ast.KeywordAbility):
        return None if any(_same_keyword(ability, k) for k in lost) else ability
    if not isinstance(ability, ast.KeywordAbilities):
        return ability
    kept = tuple(a for a in ability.abilities if not any(_same_keyword(a, k) for k in lost))
    if len(kept) == len(ability.abilities):
        return ability
    return replace(ability, abilities=kept) if kept else None


def _same_keyword(ability: ast.KeywordAbility, lost: ast.KeywordAbility) -> bool:
    """Whether the ability is the keyword lost ('loses flying'; 'protection from red': with those values)."""
    return ability.name.lower() == lost.name.lower() and (
        all(value is None for _, value in lost.args) or ability.args == lost.args)
