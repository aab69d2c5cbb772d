"""Steps that name what they did and loops: exiling until a card is found, the objects among others with a
quality, the cards an effect exiled, designations as conditions (608.2c, 701.57a)."""
from __future__ import annotations

from ...language import ast
from ..choices import Choice
from ..events import Event
from .base import Env, executes

LOOKED = "_looked"   # the cards the last look at or reveal of the top of a library showed ('the rest')
EXILED = "_exiled"   # the variable holding every card the running effect exiled ('the cards exiled this way')
PROCESS = "_process"   # set while the outermost sequence of an effect runs ('this process')
REPEAT = "_repeat"     # set by 'repeat this process': that sequence runs again
LAST_STEP = "_last_step"   # the steps done so far: (first event, end, node type) each, the latest last ('this way', 608.2c)
WHERE_X = "_where_x"   # '..., where X is AMOUNT' being run: (AMOUNT, the text's controller, X for this part or None)


class ResultSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def exile_cards(self, ids: list[int], env: Env, face_down: str | None = None) -> list[int]:
        """Exile the objects one at a time (406.1), remembering them as 'the cards exiled this way' (608.2c)."""
        for i in ids:
            self.game.move(i, "exile", face_down=face_down, env=env)
        env.vars[EXILED] = list(env.vars.get(EXILED, [])) + ids
        return ids

    @executes(ast.UntilFound)
    def until_found(self, node: ast.UntilFound, env: Env) -> list[int]:
        """701.57a: exile the top card of your library, one at a time, until one has the quality; with none,
        the whole library is exiled and nothing is found. Returns every card exiled. Revealing (701.20a), the
        cards stay where they are, one more each time, and the card found is what the effect acted on."""
        library = self.state.players[env.player].zones["library"]
        done: list[int] = []
        found: list[int] = []
        while len(library) > (len(done) if node.reveal else 0) and not found:
            top = library[len(done) if node.reveal else 0]   # revealed cards stay on top
            if self.chars_match(self.state.objects[top].card.front.characteristics(), node.quality, env):
                found = [top]
            done += self.reveal_cards([top], env) if node.reveal else self.exile_cards([top], env)
        if node.bind:
            env.vars[node.bind] = found
        if node.reveal:
            env.vars[LOOKED] = done
            return found
        return done

    def shown(self, objects: ast.Objects, found: list[int], env: Env) -> None:
        """Remember the cards a look at or reveal of the top of a library showed, for 'the rest'."""
        if isinstance(objects, ast.TopCards):
            env.vars[LOOKED] = list(found)

    @executes(ast.TheRest)
    def the_rest(self, node: ast.TheRest, env: Env) -> list[int]:
        """401.4, 608.2c: the cards last looked at or revealed from the top of a library that are still there
        (a card put elsewhere is a new object, 400.7)."""
        if LOOKED not in env.vars:
            raise self.refuse("'the rest' follows no look at or reveal of the top of a library", env, node, "608.2c")
        return [i for i in env.vars[LOOKED] if i in self.state.objects and self.state.objects[i].zone == "library"]

    @executes(ast.ChosenAmong)
    def chosen_among(self, node: ast.ChosenAmong, env: Env) -> list[int]:
        """608.2c: the player chooses that many of the objects with the quality (all they may, 'any number');
        fewer if fewer have it (609.3), none if 'up to'."""
        options = [i for i in self.objects(node.objects, env) if self.matches(i, node.quality, env)]
        count = len(options) if node.count is None else min(self.number(node.count, env), len(options))
        what = self.describe_quality(node.quality, env) or "them"
        return self.ask_objects(Choice("objects", f"{env.action_text or 'a choice'}: choose "
                                       f"{'up to ' if node.up_to or node.count is None else ''}{count} ({what})",
                                       options, count, node.up_to or node.count is None, env.rule))

    @executes(ast.Among)
    def among(self, node: ast.Among, env: Env) -> list[int]:
        return [i for i in self.objects(node.objects, env) if self.matches(i, node.quality, env)]

    @executes(ast.ExiledThisWay)
    def exiled_this_way(self, node: ast.ExiledThisWay, env: Env) -> list[int]:
        found = self._live(list(env.vars.get(EXILED, [])), env)
        return [i for i in found if self.state.objects[i].zone == "exile"] if node.still_exiled else found

    @executes(ast.DealtDamageThisWay)
    def dealt_damage_this_way(self, node: ast.DealtDamageThisWay, env: Env) -> list[int]:
        """120.1, 608.2c: the permanents of the quality the running effect dealt damage to, if still the same
        objects (one that left the battlefield is a new object, 400.7)."""
        found = [e.recipient for e in env.context.events if e.name == "damage_dealt" and e.recipient is not None]
        return [i for i in dict.fromkeys(found) if i in self.state.battlefield and self.matches(i, node.quality, env)]

    @executes(ast.ForEachOf)
    def for_each_of(self, node: ast.ForEachOf, env: Env) -> list[int]:
        """The effect once for each object, in order, 'it' meaning that object (608.2c)."""
        ids = self.objects(node.objects, env)
        for i in ids:
            env.vars["_it"] = [i]
            if node.bind:
                env.vars[node.bind] = [i]
            self.run(node.effect, env)
        return ids


    @executes(ast.PayLife)
    def pay_life(self, node: ast.PayLife, env: Env) -> None:
        """119.4: a player can pay life only up to their life total (else it can't be done)."""
        self.game.pay_life(env.player, self.number(node.amount, env), env.action_text or "the effect")
        self.game.emit(Event("paid_life", env.player), env)

    @executes(ast.RepeatProcess)
    def repeat_process(self, node: ast.RepeatProcess, env: Env) -> None:
        """'repeat this process' ends the effect's steps here; they run again from the first."""
        if PROCESS not in env.vars:
            raise self.refuse("'repeat this process' needs steps before it to repeat", env, node)
        env.vars[REPEAT] = True
