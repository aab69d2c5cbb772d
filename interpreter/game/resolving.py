"""Resolving and countering what is on the stack (608, 701.6).
"""
from __future__ import annotations

from ..diagnostics import error
from ..language import ast
from .events import Event
from .state import GameObject, StackItem
from .steps import Env


class Resolving:
    """Resolving and countering what is on the stack; a part of `Game`."""

    def resolve(self, player: str) -> None:
        state = self.state
        if not state.stack:
            raise error("E402", "there is nothing on the stack to resolve", rule="608.1")
        item = state.stack[-1]
        env = Env(item.controller, item.context, item.context.source_id, dict(item.context.vars),
                  action_text=f"resolve {item.source_name}")
        if not self.interpreter.drop_illegal_targets(item.context):  # 608.2b: every target is illegal
            self.remove_from_stack(item, env)
        elif item.object_id is None:
            state.stack.pop()
            if item.condition is not None and not self.interpreter.holds(item.condition, env):
                self.end_context(item.context)
                return  # 608.2a: its intervening 'if' is false now: removed from the stack, it does nothing
            self.interpreter.run(item.effect, env)
            self.emit(Event("resolved", item.controller, item.source_name, None), env)
        else:
            spell = state.objects[item.object_id]
            chars = self.characteristics(spell.id)
            types = {t.lower() for t in chars.types}
            if types & {"instant", "sorcery"}:
                for ability in chars.abilities:
                    if isinstance(ability, ast.SpellAbility):
                        self.interpreter.run(ability.effect, env)
                if item.object_id in state.objects:  # 608.2n, unless it left the stack as it resolved ('exile ~')
                    self.put_away_resolved(item, spell, env)
            else:
                extra = spell.extra_abilities
                new = self.move(spell.id, "battlefield", controller=item.controller, face_down=spell.face_down,
                                env=env, x_paid=item.context.vars.get("X"),  # 608.3; 107.3m: its abilities' X
                                paid=item.context.paid)  # 601.2b: what 'if it was kicked' reads
                new.extra_abilities = extra
                self.attach_resolved(item.context.targets, new)   # 303.4f
                new.cast_events = tuple(item.context.events)  # 701.4b: what its casting did, for its abilities
                self.delayed_as_it_resolves(item, spell, new, env)
            self.emit(Event("resolved", item.controller, spell.card_name, None), env)
        self.end_context(item.context)

    def counter(self, item: StackItem, env: Env | None, zone: str = "graveyard") -> None:
        """701.6a: remove it from the stack, a spell to its owner's graveyard (or the zone the effect countering it
        puts it into instead); a spell that says it can't be countered stays (101.2: 'can't' wins)."""
        if item.object_id in self.state.objects and any(
                isinstance(a, ast.CantBeCountered) for a in self.characteristics(item.object_id).abilities):
            return
        self.remove_from_stack(item, env, zone)
        self.emit(Event("countered", item.controller, item.source_name), env)
        self.end_context(item.context)

    def remove_from_stack(self, item: StackItem, env: Env | None, zone: str = "graveyard") -> None:
        """It leaves the stack without resolving (countered, 701.6a, or all its targets illegal, 608.2b): a
        spell goes to its owner's graveyard (or `zone`), or where a replacement says."""
        if item.object_id is not None and item.object_id in self.state.objects:
            spell = self.state.objects[item.object_id]  # moving the spell takes it off the stack
            self.move(spell.id, self.leaving_stack_to(item, spell, zone), env=env)
        else:
            self.state.stack.remove(item)

    def delayed_as_it_resolves(self, item: StackItem, spell: GameObject, new: GameObject, env: Env) -> None:
        """608.3, 603.7: a permanent spell's ability that creates a delayed triggered ability as it resolves, 'it'
        being the permanent (702.109a: 'return the permanent this spell becomes to its owner's hand at the
        beginning of the next end step')."""
        for static, _, _ in self.keyword_statics(spell.card.front.abilities, ast.DelayedAsItResolves):
            if self.interpreter.holds(static.condition, env):
                inner = Env(item.controller, item.context, item.context.source_id, {"_it": [new.id]},
                            action_text=env.action_text)
                self.interpreter.run(static.delayed, inner)

    def put_away_resolved(self, item: StackItem, spell: GameObject, env: Env) -> None:
        """608.2n: a resolved instant or sorcery goes to its owner's graveyard, or where a replacement says: one
        that exiles it and creates a delayed triggered ability whose source is the exiled card (702.88a). Two
        replacements that both apply would be ordered by the player (616.1), which isn't asked yet: refused."""
        zone = self.leaving_stack_to(item, spell, "graveyard", True)
        exiling = [static for static, _, _ in self.keyword_statics(spell.card.front.abilities, ast.ExileAsItResolves)
                   if self.interpreter.holds(static.condition, env)]
        if exiling and zone != "graveyard":
            raise self.interpreter.not_run("two replacement effects apply to the spell as it resolves, and the "
                                           "choice of which applies first (616.1) isn't asked yet", "616.1", env,
                                           exiling[0])
        new = self.move(item.object_id, "exile" if exiling else zone, env=env)
        if exiling:
            inner = Env(item.controller, self.new_context(item.controller, new.id), new.id, {"_it": [new.id]},
                        action_text=env.action_text)
            self.interpreter.run(exiling[0].delayed, inner)

    def leaving_stack_to(self, item: StackItem, spell: GameObject, zone: str, resolving: bool = False) -> str:
        """Where a spell goes as it leaves the stack: exiled instead where a keyword whose cost was paid says so
        (702.34a), or as it resolves into the zone such a keyword names (702.27a)."""
        abilities = spell.card.front.abilities
        for static, _, _ in self.keyword_statics(abilities, ast.ExileInstead):
            if static.keyword in item.context.paid:
                return "exile"
        for static, _, _ in self.keyword_statics(abilities, ast.ResolvesInto) if resolving else ():
            if static.keyword in item.context.paid:
                return static.zone
        return zone
