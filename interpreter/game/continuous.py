"""The continuous effects of static abilities (604.1, 611.3): what a permanent's static ability says of the
permanents it describes ('Creatures you control get +1/+1', 'Goblins you control have haste', '~ has first
strike as long as ...'). They apply in layer order (613.1f: abilities added; 613.4c: power and toughness changed),
after what each permanent is by itself (its card, copy and face-down values, its own characteristic-defining
abilities, 613.3); within a layer in timestamp order (613.7a), each to the objects its text describes at that
moment (611.3a), and an effect that starts to apply in one layer applies to the same objects in the later ones
(613.6). When applying one effect would change what another of the same layer applies to, or whether its
condition holds, the second depends on the first (613.8): that order isn't worked out yet, and it is refused.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..diagnostics import error
from ..language import ast
from . import runs
from .characteristics import Characteristics


@dataclass(eq=False)
class StaticEffect:
    """One static ability of a permanent generating a continuous effect, with its slots' values (702.1)."""

    source: int
    timestamp: int
    ability: ast.StaticGrant
    values: dict = field(default_factory=dict)


class Continuous:
    """The continuous effects of static abilities, applied to every permanent at once; a part of `Game`."""

    def with_static_effects(self, object_id: int, own: Characteristics) -> Characteristics:
        """The permanent with the continuous effects of static abilities applied (613.1)."""
        stamp = self.stamp()
        found = self._static_pass
        if found is None or found[0] != stamp:
            found = self._static_pass = (stamp, self._apply_static_effects())
        applied = found[1]
        return own if applied is None else applied.get(object_id, own)

    def static_effects(self, permanents: dict[int, Characteristics]) -> list[StaticEffect]:
        """The effects the static abilities of these permanents generate, in timestamp order (613.7a: a static
        ability's is its object's); one the interpreter doesn't apply is refused by the state (runs.py)."""
        found = [StaticEffect(i, self.state.objects[i].timestamp, ability, values)
                 for i, chars in permanents.items() for ability, values in self.statics_with_values(chars)
                 if isinstance(ability, ast.StaticGrant) and runs.gap(ability, self.rulebook) is None]
        return sorted(found, key=lambda e: (e.timestamp, e.source))

    def _apply_static_effects(self) -> dict[int, Characteristics] | None:
        """Every permanent with the effects applied, layer by layer; None when there are none."""
        applying = {i: self.own_characteristics(i) for i in self.state.battlefield}
        effects = self.static_effects(applying)
        if not effects:
            return None
        self._applying = applying
        try:
            granting = self._apply_layer([e for e in effects if e.ability.abilities], self._grant, {})  # 613.1f
            self._apply_layer([e for e in effects if e.ability.change], self._change, granting)          # 613.4c
        finally:
            self._applying = None
        return applying

    def _apply_layer(self, effects: list[StaticEffect], apply, decided: dict[StaticEffect, frozenset[int]]
                     ) -> dict[StaticEffect, frozenset[int]]:
        """Apply each effect in timestamp order to what it describes now (or, begun in an earlier layer, to the
        same objects, 613.6); then check that none changed what a later one applies to (613.8)."""
        applying = self._applying
        sets: dict[StaticEffect, frozenset[int]] = {}
        for effect in effects:
            sets[effect] = decided[effect] if effect in decided else self._affected(effect)
            for i in sets[effect]:
                applying[i] = apply(applying[i], effect)
        for effect in effects:
            if effect not in decided and self._affected(effect) != sets[effect]:
                _, message, rule = runs.DEPENDENCY
                raise error(runs.NOT_RUN, f"the static ability of {self.name_of(effect.source)} "
                            f"('{self.words_of(effect.ability)}') {message}", effect.ability.span, rule)
        return sets

    def _affected(self, effect: StaticEffect) -> frozenset[int]:
        """The permanents the effect's text describes now, if its condition holds (611.3a)."""
        env = self._env_of(effect.source, effect.values)
        ability = effect.ability
        if ability.condition is not None and not self.interpreter.holds(ability.condition, env):
            return frozenset()
        return frozenset(i for i in self.interpreter.objects(ability.objects, env) if i in self._applying)

    @staticmethod
    def _grant(chars: Characteristics, effect: StaticEffect) -> Characteristics:
        """613.1f: the object has the abilities too."""
        return replace(chars, abilities=chars.abilities + effect.ability.abilities)

    @staticmethod
    def _change(chars: Characteristics, effect: StaticEffect) -> Characteristics:
        """613.4c: power and toughness changed by the amounts ('+1/-1'); an object without them is unchanged."""
        if chars.power is None or chars.toughness is None:
            return chars
        power, toughness = (int(part) for part in str(effect.ability.change).split("/"))
        return replace(chars, power=chars.power + power, toughness=chars.toughness + toughness)
