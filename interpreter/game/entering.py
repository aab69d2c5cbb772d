"""Permanents entering the battlefield with counters (614.1c, 122.6) or tapped (614.1c); a part of `Game`."""
from __future__ import annotations

from typing import Iterable

from ..language import ast
from .state import Context, GameObject
from .steps import Env


class Entering:
    """What a permanent has as it enters the battlefield; a part of `Game`."""

    def enter_with_counters(self, obj: GameObject, given: Iterable[tuple[int, str]], env: Env | None) -> None:
        """122.6, 614.1c: the counters an effect gives it as it enters (`given`) and those its own 'enters
        with' abilities give it (their conditions read now) are on it as it enters; each was put on it. Its own
        'enters tapped' abilities (unless their conditions hold now) make it enter tapped."""
        amounts = list(given)
        chars = self.characteristics(obj.id)
        for static, values in self.static_values(chars, ast.EntersWithCounters):
            inner = self._entering_env(obj, dict(values, X=obj.x_paid or 0))
            if static.condition is None or self.interpreter.holds(static.condition, inner):
                amounts += [(self.interpreter.number(count, inner), kind) for count, kind in static.counters]
                obj.tapped = obj.tapped or static.tapped
        for static, values in self.static_values(chars, ast.EntersTapped):
            if static.unless is None or not self.interpreter.holds(static.unless, self._entering_env(obj, values)):
                obj.tapped = True
        for amount, kind in amounts:
            self.add_counters(obj.id, kind, amount, env)

    @staticmethod
    def _entering_env(obj: GameObject, values: dict) -> Env:
        """What the permanent's own ability is read in as it enters: its controller's, with its slots' values."""
        return Env(obj.controller, Context(0, obj.controller, obj.id, obj.card_name), obj.id, dict(values))

    def as_it_enters(self, obj: GameObject, env: Env | None) -> None:
        """614.1c, 614.12: what its own 'as this permanent enters' abilities do, done as it enters, by its
        controller ('this permanent' is it); the counters put on it then are on it as it enters (122.6)."""
        for static, values in self.static_values(self.characteristics(obj.id), ast.AsEnters):
            values = dict(values, X=obj.x_paid or 0)
            inner = self._entering_env(obj, values) if env is None else Env(obj.controller, env.context, obj.id, values)
            self.interpreter.run(static.effect, inner)
            made = tuple((k, v) for k, v in inner.vars.items() if k.startswith(ast.chosen_var("")))
            if made:   # 607.2d: a value chosen as it enters is kept with it for its other abilities
                obj.chosen = obj.chosen + made
