"""Auras (303.4): what one may enchant, read from the general static 'can be attached only to a QUALITY' its
enchant ability means (702.5a, rules/702.5-enchant.mtgr); the target of an Aura spell (303.4a), attaching
it as it resolves (303.4f) or as it enters another way (303.4i), and whether it is attached legally (704.5m).
"""
from __future__ import annotations

from ..diagnostics import error
from ..language import ast
from . import runs
from .characteristics import Characteristics
from .choices import Choice
from .runs import NOT_RUN
from .state import GameObject
from .steps import Env, keyword_abilities

#: 303.4a: the group of an Aura spell's targets that its enchant ability defines: announced first.
AURA_TARGETS = 0


class Attaching:
    """Auras and what they enchant; a part of `Game`."""

    def enchant_quality(self, chars: Characteristics) -> tuple[ast.QualityExpr, bool] | None:
        """What the Aura can be attached to: the quality of its 'can be attached only to' static, from its
        keyword abilities' definitions (the keyword's own words filled in), and whether only to one its
        controller controls; None: it says nothing."""
        for keyword in keyword_abilities(chars.abilities):
            definition = self.rulebook.keyword_abilities.get(keyword.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.AttachOnly):
                    quality = static.quality
                    quality = dict(keyword.args).get(quality.name) if isinstance(quality, ast.Var) else quality
                    return quality, static.you_control
        return None

    def _enchantable(self, aura_id: int, chars: Characteristics, player: str) -> list[int]:
        """The other permanents the Aura could enchant (303.4a: what its enchant ability allows, and no static
        ability such as protection forbids, 702.16c); refused where that isn't known (runs.py)."""
        found = self.enchant_quality(chars)
        quality = found[0] if found else None
        if quality is None or isinstance(quality, ast.Quality) and {"player", "opponent"} & {
                str(w).lower() for w in quality.words}:
            _, message, rule = runs.AURA_TARGET
            raise error(NOT_RUN, f"{chars.name}: {message}", rule=rule)
        env = Env(player, self.new_context(player, None))
        return [i for i in self.state.battlefield if i != aura_id and self.interpreter.matches(i, quality, env)
                and (not found[1] or self.state.objects[i].controller == player)
                and not self.limited(i, ast.CantBeAttachedBy, chars)]   # 702.16c: protection keeps it off

    def aura_target(self, spell: GameObject, env: Env) -> None:
        """303.4a, 601.2c: an Aura spell targets an object its enchant ability allows (hexproof and the like
        apply: it is a target)."""
        chars = self.characteristics(spell.id)
        self._enchantable(spell.id, chars, env.player)   # refuses what isn't run
        quality, you_control = self.enchant_quality(chars)
        self.interpreter.objects(ast.Target(quality, you_control=you_control), env)

    def attach_resolved(self, item_targets: list, new: GameObject) -> None:
        """303.4f, 608.3: the Aura spell becomes attached to its target as it enters."""
        if item_targets and "Aura" in self.characteristics(new.id).subtypes:
            chosen = [t for t in item_targets[AURA_TARGETS].chosen if isinstance(t, int)]
            if chosen:
                self.attach(new, chosen[0])

    def attach(self, aura: GameObject, object_id: int) -> None:
        """301.5, 303.4: it becomes attached, with a new timestamp (613.7e)."""
        aura.attached_to = object_id
        aura.timestamp = self.state.tick()

    def aura_entering(self, old: GameObject, player: str) -> int | None:
        """303.4i: an Aura put onto the battlefield other than by resolving: the player putting it there chooses
        what it enchants (not a target) as it enters; None when it can enchant nothing: it stays where it is."""
        chars = self.characteristics(old.id)
        options = self._enchantable(old.id, chars, player)
        if not options:
            return None
        return self.interpreter.ask_objects(Choice(
            "objects", f"{old.card_name} enters: the permanent it enchants", options, rule="303.4i",
            player=player))[0]

    def legally_enchanting(self, aura: GameObject) -> bool:
        """704.5m, 303.4d: attached to another permanent on the battlefield that its enchant ability allows (one
        with no enchant ability the interpreter reads: to any other permanent, rules/README.md)."""
        if aura.attached_to == aura.id or aura.attached_to not in self.state.battlefield:
            return False
        chars = self.characteristics(aura.id)
        if self.enchant_quality(chars) is None:
            return not self.limited(aura.attached_to, ast.CantBeAttachedBy, chars)   # 702.16c
        return aura.attached_to in self._enchantable(aura.id, chars, aura.controller)
