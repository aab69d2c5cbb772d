"""Steps that name what they did and loops: exiling until a card is found, the objects among others with a
quality, the cards an effect exiled, designations as conditions (608.2c, 701.57a)."""
from __future__ import annotations

from ...language import ast
from ..events import Event
from .base import Env, executes

EXILED = "_exiled"   # the variable holding every card the running effect exiled ('the cards exiled this way')
PROCESS = "_process"   # set while the outermost sequence of an effect runs ('this process')
REPEAT = "_repeat"     # set by 'repeat this process': that sequence runs again


class ResultSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def exile_cards(self, ids: list[int], env: Env, face_down: str | None = None) -> list[int]:
        """Exile the objects one at a time (406.1), remembering them as 'the cards exiled this way' (608.2c)."""
        for i in ids:
            self.game.move(i, "exile", face_down=face_down, env=env)
        env.vars[EXILED] = list(env.vars.get(EXILED, [])) + ids
        return ids

    @executes(ast.ExileUntilFound)
    def exile_until_found(self, node: ast.ExileUntilFound, env: Env) -> list[int]:
        """701.57a: exile the top card of your library, one at a time, until one has the quality; with none,
        the whole library is exiled and nothing is found. Returns every card exiled."""
        library = self.state.players[env.player].zones["library"]
        exiled: list[int] = []
        found: list[int] = []
        while library and not found:
            top = library[0]
            if self.chars_match(self.state.objects[top].card.front.characteristics(), node.quality, env):
                found = [top]
            exiled += self.exile_cards([top], env)
        if node.bind:
            env.vars[node.bind] = found
        return exiled

    @executes(ast.Among)
    def among(self, node: ast.Among, env: Env) -> list[int]:
        return [i for i in self.objects(node.objects, env) if self.matches(i, node.quality, env)]

    @executes(ast.ExiledThisWay)
    def exiled_this_way(self, node: ast.ExiledThisWay, env: Env) -> list[int]:
        found = self._live(list(env.vars.get(EXILED, [])), env)
        return [i for i in found if self.state.objects[i].zone == "exile"] if node.still_exiled else found

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
