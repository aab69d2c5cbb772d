"""Keyword actions as data: binding a definition's slots and running its steps (701, rules/)."""
from __future__ import annotations

import contextlib
from typing import Iterator

from ...language import ast
from ..events import Event
from .base import MAX_DEPTH, NOT_YET, VALUE_SLOTS, Env, Loops, executes


class KeywordSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def fill(self, text: str, env: Env) -> str:
        """A step's wording with its slot values written in."""
        for name, value in env.vars.items():
            if isinstance(value, list):
                words = ", ".join(self.game.name_of(i) for i in value) or "nothing"
            elif isinstance(value, ast.Quality):
                words = " ".join(map(str, value.words))
            else:
                words = str(value)
            text = text.replace(f"{{{name}}}", words)
        return text

    @executes(ast.RecordEvent)
    def record_event(self, node: ast.RecordEvent, env: Env) -> list[int] | None:
        """An event for each object is what a keyword action is about: kept as '_recorded' (see _acted_on)."""
        if node.objects is None:
            self.game.emit(Event(node.name, env.player), env)
            return None
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            self.game.emit(Event(node.name, env.player, obj.card_name, obj.id, self.game.characteristics(i)), env)
        env.vars["_recorded"] = ids
        return ids

    @executes(ast.KeywordAction)
    def keyword_action(self, node: ast.KeywordAction, env: Env) -> list[int] | None:
        """Run a keyword action's definition with its slots bound (701.1); returns what it acted on.

        Its event (if it declares one) happens once the steps are done, even if
        some were impossible; it is about the subject ('{permanent} scouts')
        or else the source, and the player who did it.
        """
        definition, inner = self.bind(node, env)
        slots = [p for p in definition.pattern.parts if isinstance(p, ast.Slot)]
        subject = inner.vars.get(slots[0].name) if slots and definition.pattern.parts[0] == slots[0] else None
        about = subject[0] if isinstance(subject, list) and subject else env.source_id
        known = self.game.last_known(about)  # it may have left: last known information (701.44c)
        with self._inside(definition, env):
            self.run(definition.steps, inner)
        env.target_index = inner.target_index
        if definition.event:  # a player's action is theirs, not its source's controller's (ward's cost, 702.21a)
            player = known[2] if isinstance(subject, list) and subject else env.player
            self.game.emit(Event(definition.event, player or env.player, known[0], about, known[1]), env)
        acted_on = self._acted_on(inner, subject)
        if isinstance(subject, list) or "_recorded" in inner.vars:
            env.vars["_recorded"] = acted_on
        return acted_on

    @staticmethod
    def _acted_on(inner: Env, subject: object) -> list[int] | None:
        """What 'it' / 'that creature' means after a keyword action (608.2c): its subject ('target creature
        <action>s'), else the objects it last recorded an event for, in its own steps or in an action they
        use (an action that puts a card onto the battlefield, then others into a graveyard, is about the
        permanent), else what its last step acted on."""
        if isinstance(subject, list):
            return subject
        return inner.vars.get("_recorded", inner.vars.get("_it"))

    @contextlib.contextmanager
    def _inside(self, definition: ast.Definition, env: Env) -> Iterator[None]:
        """One level deeper into keyword actions, on every path into a definition (running it, announcing
        its targets, trying it out); a definition that loops stops at MAX_DEPTH, or where Python's own
        stack ends first (each level of 'you may' and 'A or B' nests a trial run), named."""
        if self._depth >= MAX_DEPTH:
            raise self._loops(definition, env, f"more than {MAX_DEPTH} deep")
        self._depth += 1
        try:
            yield
        except RecursionError:
            raise self._loops(definition, env, "deeper than the interpreter can follow") from None
        finally:
            self._depth -= 1

    def _loops(self, definition: ast.Definition, env: Env, how: str) -> Loops:
        return Loops(self.refuse(f"'{definition.name}' uses keyword actions {how}: its definition loops", env,
                                 definition, definition.rule).diagnostic)

    def bind(self, node: ast.KeywordAction, env: Env, announcing: bool = False) -> tuple[ast.Definition, Env]:
        """The definition of a keyword action and an environment with its slots bound.

        While targets are announced (601.2c), an object slot is bound only when it is a target: its
        other words ('a card from your hand') are chosen as the effect resolves (608.2c), so they
        announce their targets, if any, and stay unknown.
        """
        definition = self.game.rulebook.keyword_actions[node.name]
        if definition.excluded:
            raise self.refuse(f"'{definition.name}' is not part of these rules", env, node, definition.rule)
        given = dict(node.args)
        defaults = dict(definition.defaults)
        values = {}
        for slot in (p for p in definition.pattern.parts if isinstance(p, ast.Slot)):
            value = given.get(slot.name)
            if announcing and value is not None and slot.type not in VALUE_SLOTS and not isinstance(
                    value, (ast.Target, ast.UpToTargets)):
                self.announce_targets(value, env)
                values[slot.name] = NOT_YET
                continue
            values[slot.name] = self.slot_value(slot, defaults.get(slot.name) if value is None else value, env)
        return definition, Env(env.player, env.context, env.source_id, values, definition,
                               env.action_text or self.game.action_words(node, env), env.target_index)

    def slot_value(self, slot: ast.Slot, value: object, env: Env) -> object:
        if value is None:
            return 1 if slot.type == "number" else None
        if slot.type == "number":
            return self.number(value, env)
        if slot.type in ("quality", "subtype"):
            return self.quality(value, env)
        if slot.type == "name":
            return self.name(value, env)
        return self.objects(value, env)
