"""Auras (303.4): what one may enchant, read from the general static 'can be attached only to a QUALITY' its
enchant ability means (702.5a, rules/702.5-enchant.mtgr); the target of an Aura spell (303.4a), attaching
it as it resolves (303.4f) or as it enters another way (303.4i), and whether it is attached legally (704.5m).
"""
from __future__ import annotations

from dataclasses import replace

from ..diagnostics import error
from ..language import ast
from . import runs
from .characteristics import Characteristics
from .choices import Choice
from .runs import NOT_RUN
from .state import GameObject
from .steps import Env

#: 303.4a: the group of an Aura spell's targets that its enchant ability defines: announced first.
AURA_TARGETS = 0


class Attaching:
    """Auras and what they enchant; a part of `Game`."""

    def enchant_ability(self, chars: Characteristics) -> tuple[ast.AttachOnly, dict] | None:
        """The Aura's 'can be attached only to' static (its own, or what its enchant keyword means) with the values
        of its slots ('Enchant creature or Vehicle': {quality} is creature); None: it says nothing."""
        found = list(self.static_values(chars, ast.AttachOnly))
        if len(found) > 1:
            _, message, rule = runs.SEVERAL_ENCHANTS
            raise error(NOT_RUN, f"{chars.name}: {message}", rule=rule)
        return found[0] if found else None

    def _enchantable(self, aura_id: int, chars: Characteristics, player: str) -> list[int | str]:
        """The other permanents, or the players (702.5d), the Aura could enchant (303.4a: what its enchant ability
        allows, and no static ability such as protection forbids, 702.16c); refused where that isn't known."""
        found = self.enchant_ability(chars)
        if found is None:
            _, message, rule = runs.AURA_TARGET
            raise error(NOT_RUN, f"{chars.name}: {message}", rule=rule)
        static, values = found
        if static.players is not None:   # 303.4c: a player who left the game can't be enchanted
            return [p for p in self.state.order if not self.state.players[p].lost
                    and (static.players == "player" or p != player)]
        env = Env(player, self.new_context(player, None), vars=values)
        return [i for i in self.state.battlefield if i != aura_id and self.interpreter.matches(i, static.quality, env)
                and (not static.you_control or self.state.objects[i].controller == player)
                and not self.limited(i, ast.CantBeAttachedBy, chars)]   # 702.16c: protection keeps it off

    def aura_target(self, spell: GameObject, env: Env) -> None:
        """303.4a, 601.2c: an Aura spell targets an object or player its enchant ability allows (hexproof and the
        like apply: it is a target); the ability's slot values go with the target, read again as it resolves."""
        chars = self.characteristics(spell.id)
        self._enchantable(spell.id, chars, env.player)   # refuses what isn't run
        static, values = self.enchant_ability(chars)
        inner = replace(env, vars={**env.vars, **values})
        if static.players is not None:
            self.interpreter.players(ast.Players(f"target {static.players}", span=static.span), inner)
        else:
            self.interpreter.objects(ast.Target(static.quality, you_control=static.you_control, span=static.span),
                                     inner)
        env.target_index = inner.target_index

    def attach_resolved(self, item_targets: list, new: GameObject) -> None:
        """303.4f, 608.3: the Aura spell becomes attached to its target as it enters."""
        if item_targets and "Aura" in self.characteristics(new.id).subtypes:
            chosen = item_targets[AURA_TARGETS].chosen
            if chosen:
                self.attach(new, chosen[0])

    def attach(self, aura: GameObject, attached_to: int | str) -> None:
        """301.5, 303.4b: it becomes attached to a permanent or a player, with a new timestamp (613.7e)."""
        aura.attached_to = attached_to
        aura.timestamp = self.state.tick()

    def aura_entering(self, old: GameObject, player: str) -> int | str | None:
        """303.4f: an Aura put onto the battlefield other than by resolving: the player putting it there chooses
        what it enchants (not a target) as it enters, a permanent or a player; None when it can enchant nothing:
        it stays where it is (303.4g)."""
        chars = self.characteristics(old.id)
        options = self._enchantable(old.id, chars, player)
        if not options:
            return None
        return self.interpreter.ask_objects(Choice(
            "objects", f"{old.card_name} enters: what it enchants", options, rule="303.4f",
            player=player))[0]

    def legally_enchanting(self, aura: GameObject) -> bool:
        """704.5m, 303.4c-d: attached to another permanent on the battlefield, or to a player still in the game,
        that its enchant ability allows (one with no enchant ability the interpreter reads: to any other
        permanent, rules/README.md); an Aura that enchants players is never legally on a permanent (702.5d)."""
        attached = aura.attached_to
        if attached == aura.id or attached not in self.state.battlefield and attached not in self.state.players:
            return False
        chars = self.characteristics(aura.id)
        if self.enchant_ability(chars) is None:
            return attached in self.state.battlefield and not self.limited(attached, ast.CantBeAttachedBy, chars)
        return attached in self._enchantable(aura.id, chars, aura.controller)
