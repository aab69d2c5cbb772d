"""How steps are put together: sequences, 'if', 'you may', 'A or B', modes, 'where X is', 'instead', repeats
(608.2c-d, 700.2, 614.1).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from ...diagnostics import MtgError
from ...language import ast
from .. import runs
from ..choices import Choice, one_of, option_labels
from ..state import Delayed, StackItem
from .base import MAX_COUNT, Env, Loops, executes
from .results import LAST_STEP, PROCESS, REPEAT, WHERE_X
from .targets import borrowed_target


class ControlSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.Sequence)
    def sequence(self, node: ast.Sequence, env: Env) -> None:
        """The effects in order. The outermost sequence of an effect (or of a definition's steps) is 'this
        process': once 'repeat this process' is reached, it runs again from its first step."""
        if PROCESS in env.vars:
            for effect in node.effects:
                self._step(effect, env)
                if env.vars.get(REPEAT):
                    return
            return
        env.vars[PROCESS] = True
        try:
            for _ in range(MAX_COUNT):
                env.vars[REPEAT] = False
                for effect in node.effects:
                    self._step(effect, env)
                    if env.vars[REPEAT]:
                        break
                else:
                    return
            raise self.refuse(f"the process repeats more than {MAX_COUNT} times", env, node, "104.4b")
        finally:
            del env.vars[PROCESS]
            env.vars.pop(REPEAT, None)

    def _step(self, effect: ast.Effect, env: Env, new_part: bool = True) -> None:
        """One step of a sequence; afterwards, what it did is among what a later one may call 'this way'
        (608.2c). A new part of the effect determines X afresh when it needs it (608.2h, `x_value`); another
        player doing the same part (608.2e) doesn't, unless X is about what that player's own step acted on
        ('Each player discards a card, then loses X life, where X is that card's mana value')."""
        if WHERE_X in env.vars:
            value, player, _ = env.vars[WHERE_X]
            if new_part or any(isinstance(n, ast.It) for n in ast.walk(value)):
                env.vars[WHERE_X] = (value, player, None)
        start = len(env.context.events)
        self.run(effect, env)
        env.vars[LAST_STEP] = env.vars.get(LAST_STEP, ()) + ((start, len(env.context.events), type(effect)),)

    @executes(ast.DelayedTrigger)
    def delayed_trigger(self, node: ast.DelayedTrigger, env: Env) -> None:
        """603.7: the effect creates a delayed triggered ability. Its source and controller are those of the
        spell or ability creating it (603.7d-e); what 'it' refers to is fixed now, as the objects are (603.7c:
        one that changes zones after this is a new object it won't affect)."""
        values = dict(env.vars)
        if "_it" in values:
            values["_it"] = self._live(values["_it"], env)
        self.state.delayed.append(Delayed(
            node.trigger, node.effect, env.player, env.source_id,
            env.context.source_name or self.game.name_of(env.source_id), values, len(self.state.events),
            self.state.turn, self.game.until(node.duration, env)))

    @executes(ast.ReflexiveTrigger)
    def reflexive_trigger(self, node: ast.ReflexiveTrigger, env: Env) -> None:
        """603.12: 'When you do, EFFECT' triggers when the action just before it was done (as 'if you do' reads
        it); it waits to be put on the stack the next time a player would receive priority, its targets chosen
        then (603.3d). What its words refer to ('that creature') is fixed now, as the objects are (603.7c)."""
        if not env.did:
            return
        context = self.game.new_context(env.player, env.source_id)
        context.source_name = env.context.source_name or context.source_name
        context.vars = dict(env.vars)
        if "X" in env.context.vars:  # 107.3a: the X just paid ('you may pay {X}. When you do, ...')
            context.vars["X"] = env.context.vars["X"]
        if "_it" in context.vars:
            context.vars["_it"] = self._live(context.vars["_it"], env)
        self.state.pending_triggers.append(StackItem(self.state.new_id(), env.player, context, effect=node.effect,
                                                     source_name=context.source_name))

    @executes(ast.Conditional)
    def conditional(self, node: ast.Conditional, env: Env) -> None:
        """The effect if the condition holds, else the other; 'that creature' in an 'instead' branch is the
        other branch's target (608.2c, targets.py)."""
        if self.holds(node.condition, env):
            borrowed = borrowed_target(node)
            if borrowed is not None:
                env.vars["_it"] = self.objects(borrowed, env)
            self.run(node.effect, env)
        elif node.otherwise is not None:
            self.run(node.otherwise, env)

    @executes(ast.Optional)
    def optional(self, node: ast.Optional, env: Env) -> None:
        """'You may ...' is always answered yes or no first (608.2d); 'if you do' reads whether it happened.

        'yes' is legal only when the action can be done in a way that does something (608.2d: an
        impossible option can't be chosen); otherwise only 'no' is.
        """
        env.did = False
        words = self.fill(self.game.words_of(node.effect), env)
        if self.game.ask_yes(f"{env.action_text}: you may {words}", self.can_do(node.effect, env, True),
                             "608.2d"):
            before, found = len(self.state.events), dict(env.vars)
            self.run(node.effect, env)
            env.did = self._changed(node.effect, found, env, before)

    @executes(ast.Unless)
    def unless(self, node: ast.Unless, env: Env) -> None:
        """118.12: the player chooses whether to do the alternative ('yes' is legal only if it can be done,
        608.2d); the effect happens unless they did it."""
        words = self.fill(self.game.words_of(node.alternative), env)
        if self.game.ask_yes(f"{env.action_text}: {words} (or else: {self.game.words_of(node.effect)})?",
                             self.can_do(node.alternative, env, True), "118.12"):
            before, found = len(self.state.events), dict(env.vars)
            self.run(node.alternative, env)
            if self._changed(node.alternative, found, env, before):
                return
        self.run(node.effect, env)

    @executes(ast.WhereX)
    def where_x(self, node: ast.WhereX, env: Env) -> None:
        """107.3c: X is the amount the text defines, which may change while the effect runs. 608.2h: it is
        determined when a part of the effect that uses it is applied, once for that part: after the parts
        before it ('Mill two cards, then you gain X life, where X is the number of creature cards in your
        graveyard' counts the cards milled)."""
        with self.defining_x(node, env):
            self.run(node.effect, env)

    @contextmanager
    def defining_x(self, node: ast.WhereX, env: Env) -> Iterator[None]:
        """While the effect runs (or announces its targets, 601.2c), X is as `node` defines it: worked out when
        first needed in each part (`x_value`), as the text's own 'you' reads it (109.5) even while another
        player does a part ('Each player discards a card, then loses X life, where X is ... your graveyard')."""
        outer = env.vars.get(WHERE_X)
        env.vars[WHERE_X] = (node.value, env.player, None)
        try:
            yield
        finally:
            env.vars.pop(WHERE_X, None)
            if outer is not None:
                env.vars[WHERE_X] = outer

    def x_value(self, env: Env) -> int:
        """X: as an enclosing '..., where X is ...' defines it for the part being applied, determined once for
        that part (608.2h); else the value announced or paid (107.3a, 107.3m), or 0."""
        defined = env.vars.get(WHERE_X)
        if defined is None:
            return int(env.vars.get("X") or 0)
        value, player, x = defined
        if x is None:
            x = self.number(value, dataclasses.replace(env, player=player))
            env.vars[WHERE_X] = (value, player, x)
        return x

    @executes(ast.Instead)
    def instead(self, node: ast.Instead, env: Env) -> None:
        raise self.refuse("'... instead' follows no sentence it could replace", env, node, "614.1a")

    @executes(ast.Repeat)
    def repeat(self, node: ast.Repeat, env: Env) -> None:
        for _ in range(self.number(node.count, env)):
            self.run(node.effect, env)

    def choose_modes(self, node: ast.Modal, env: Env) -> list[int]:
        """700.2: the modes, chosen as the spell is cast (named 'mode 1', 'mode 2', ... in printed order)."""
        names = [f"mode {n}" for n in range(1, len(node.modes) + 1)]
        count = self.number(node.count, env)
        # 700.2a, 601.2c: a mode whose targets can't be chosen can't be chosen.
        legal = [name for name, mode in zip(names, node.modes)
                 if self.game.try_out(lambda m=mode: self.announce_targets(m, self._copy(env))) is None]
        chosen = []
        for _ in range(len(node.modes) if node.or_both else count):
            options = [n for n in legal if node.repeatable or n not in chosen]   # 700.2d
            if not options and not chosen:
                raise self.refuse("no mode can be chosen: none has legal targets", env, node, "700.2a")
            if node.or_both and chosen:
                options.append("done")
            modes = "; ".join(f"{n}: {self.game.words_of(node.modes[names.index(n)])}"
                              for n in options if n != "done")
            answer = options[0] if len(options) == 1 else self.game.ask(
                Choice("option", f"{env.action_text}: the mode ({modes})", options, rule="700.2a"))
            if answer == "done":
                break
            chosen.append(answer)
        return [names.index(n) for n in chosen]

    @executes(ast.Modal)
    def modal(self, node: ast.Modal, env: Env) -> None:
        modes = env.vars.get("_modes")
        if modes is None:
            modes = self.choose_modes(node, env)
        for index in sorted(modes):
            self.run(node.modes[index], env)

    @executes(ast.EffectChoice)
    def effect_choice(self, node: ast.EffectChoice, env: Env) -> None:
        """'A or B': only options that can be carried out (and do something) are legal; one legal
        option is taken at once (608.2d)."""
        names = [self.game.words_of(option) for option in node.options]
        legal = [(name, option) for name, option in zip(names, node.options) if self.can_do(option, env)]
        if not legal:
            raise self.refuse(f"none of {' / '.join(names)} can be done", env, node)
        if len(legal) == 1:
            self.run(legal[0][1], env)
            return
        labels = option_labels([name for name, _ in legal])
        answer = self.game.ask(Choice("option", f"{env.action_text}: {one_of([name for name, _ in legal])}", labels,
                                      rule=env.rule))
        self.run(legal[labels.index(answer)][1], env)

    def can_do(self, effect: ast.Effect, env: Env, not_run: bool | None = None) -> bool:
        """Whether the effect can be carried out in at least one legal way that changes something: an
        event, something found or chosen, or a change without an event (tried on copies of the game).
        Drawing (608.2d, 121.3) and searching (701.23b) are possible even when they find nothing.

        A trial that reaches a part not run yet (runs.py) can't tell: `not_run` is then the answer (a
        'yes' that will be refused if given), or, None, that refusal is the caller's."""
        possible = any(isinstance(n, (ast.Draw, ast.Search)) for n in ast.walk(effect))

        def attempt() -> None:
            before, trial = len(self.state.events), self._copy(env)
            self.run(effect, trial)
            if not (possible or self._changed(effect, env.vars, trial, before)):
                raise self.refuse(f"'{self.game.words_of(effect)}' would do nothing", env, effect, "608.2d")

        try:
            return self.game.try_out(attempt) is None
        except MtgError as exc:
            if not_run is None or isinstance(exc, Loops) or exc.diagnostic.code != runs.NOT_RUN:
                raise
            return not_run

    def _changed(self, effect: ast.Effect, found: dict[str, object], env: Env, events: int) -> bool:
        """Whether running the effect changed something: an event since `events`, objects found or
        chosen that `found` didn't hold, or a change without an event of its own."""
        chosen = any(isinstance(v, list) and v and v != found.get(k) for k, v in env.vars.items())
        return chosen or len(self.state.events) > events or self._changes_state(effect)

    @staticmethod
    def _changes_state(effect: ast.Effect) -> bool:
        """Effects that change the game without an event of their own."""
        return any(isinstance(n, (ast.Designate, ast.SkipUntap, ast.AddTypes, ast.Pump, ast.GrantKeyword,
                                  ast.CantAttack, ast.CantBlock, ast.Tap, ast.DealDamage, ast.MayPlay, ast.GainLife, ast.LoseLife, ast.Shuffle,
                                  ast.PutInLibrary, ast.PayMana, ast.PayManaCostOf, ast.PayPerCounter))
                   for n in ast.walk(effect))

    @staticmethod
    def _copy(env: Env) -> Env:
        """An environment for trying an effect out: nothing it records reaches the real one."""
        return Env(env.player, env.context.clone(), env.source_id, dict(env.vars), env.definition, env.action_text,
                   env.target_index, env.did)
