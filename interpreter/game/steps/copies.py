"""Copying spells on the stack (707.10) and effects repeated as often as the game counts (601.2b, 601.2i, 700.4).
"""
from __future__ import annotations

from ...language import ast
from ..choices import Choice
from ..events import Event
from ..state import Context, StackItem
from .base import MAX_COUNT, Env, executes
from .casting import CAST_FROM

COPIES = "_copies"   # the variable holding the copies of spells the running effect made ('the copies')


class CopySteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.CopySpell)
    def copy_spell(self, node: ast.CopySpell, env: Env) -> list[int]:
        """707.10: a copy of each spell goes on the stack under this player's control, who owns it (112.2): the
        spell's characteristics and every decision made for it (modes, targets, X, costs paid, 707.10). It isn't
        cast (no 'cast' event); outside the stack it ceases to exist (704.5e). A spell no longer on the stack
        would be copied as it last existed there (608.2h), which isn't kept yet: refused."""
        made = []
        for i in self.objects(node.objects, env):
            item = next((s for s in self.state.stack if s.object_id == i), None)
            if item is None or self.state.objects[i].face_down:
                raise self.not_run("a spell that has left the stack is copied as it last existed there, and a face-"
                                   "down spell as it is (707.2, 708.2), which the game doesn't keep yet", "707.10",
                                   env, node)
            spell = self.state.objects[i]
            copy = self.state.create(spell.card, env.player, "stack", is_token=True)
            old = item.context
            context = Context(self.state.new_id(), env.player, copy.id, copy.card_name, [],
                              [group.clone() for group in old.targets],
                              {k: v for k, v in old.vars.items() if k != CAST_FROM}, old.cast_events, old.paid)
            self.state.stack.append(StackItem(self.state.new_id(), env.player, context, object_id=copy.id,
                                              source_name=copy.card_name))
            self.game.emit(Event("copied", env.player, copy.card_name, copy.id), env)
            made.append(copy.id)
        env.vars[COPIES] = list(env.vars.get(COPIES, [])) + made
        return made

    @executes(ast.ChooseNewTargets)
    def choose_new_targets(self, node: ast.ChooseNewTargets, env: Env) -> None:
        """707.10c, 115.7d: for each copy the effect made and each group of its targets, its controller keeps
        them (even if illegal now) or chooses as many new ones, which must be legal (115.3 within a group)."""
        for copy_id in env.vars.get(COPIES, []):
            item = next((s for s in self.state.stack if s.object_id == copy_id), None)
            for n, group in enumerate(item.context.targets if item is not None else ()):
                if not group.chosen:
                    continue
                inner = Env(item.controller, item.context, copy_id, dict(group.vars), action_text=env.action_text)
                legal = self.group_options(group, inner)
                names = ", ".join(t if isinstance(t, str) else self.game.name_of(t) for t in group.chosen)
                if not legal or self.game.ask(Choice(
                        "option", f"{env.action_text}: the copy's target {n + 1} ({names}): keep it or change it",
                        ["keep", "change"], rule="707.10c", player=item.controller)) == "keep":
                    continue
                chosen = self.game.ask(Choice("objects", f"{env.action_text}: the copy's new target {n + 1}", legal,
                                              len(group.chosen), rule="115.7d", player=item.controller))
                group.chosen = list(chosen)
                for target in group.chosen:   # 115.1: it becomes a target of the copy
                    if isinstance(target, int):
                        self.game.emit(Event("became_target", item.controller, self.game.name_of(target), target,
                                             cause=item.context.id), env)

    @executes(ast.SpellHasTargets)
    def spell_has_targets(self, node: ast.SpellHasTargets, env: Env) -> bool:
        """115.6: the spell copied was put on the stack with a target (its copies have its targets, 707.10)."""
        items = [s for s in self.state.stack if s.object_id in env.vars.get(COPIES, [])]
        return any(group.chosen for item in items for group in item.context.targets)

    @executes(ast.RepeatFor)
    def repeat_for(self, node: ast.RepeatFor, env: Env) -> None:
        """The effect once for each the tally counts, counted once as it begins; 'it' stays what it was before
        (each 'copy it' copies the same spell)."""
        count = min(self.tally(node.tally, env), MAX_COUNT)
        it = env.vars.get("_it")
        for _ in range(count):
            if it is not None:
                env.vars["_it"] = it
            self.run(node.effect, env)

    def tally(self, node: ast.Tally, env: Env) -> int:
        """What the game counts: the times a keyword's cost was paid for the source (601.2b), the other spells
        cast this turn before the source was (601.2i), the permanents put into a graveyard from the battlefield
        this turn (700.4)."""
        if node.kind == "times paid":
            return self.game.paid_for(env.source_id).count(node.keyword) if env.source_id is not None else 0
        events = self.state.events
        start = max((n for n, e in enumerate(events) if e.name == "turn_began"), default=-1) + 1
        if node.kind == "put into graveyards":
            return sum(1 for e in events[start:] if e.name == "died")
        cast = next((n for n in range(len(events) - 1, start - 1, -1) if events[n].name == "cast"
                     and events[n].object_id == env.source_id), None)
        if cast is None:
            raise self.refuse("the spell wasn't cast this turn, so no spell was cast before it", env, node, "601.2i")
        return sum(1 for e in events[start:cast] if e.name == "cast")
