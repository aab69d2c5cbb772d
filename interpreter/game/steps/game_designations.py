"""The game's designations (731.1): giving the game one, reading it, the trigger on its change (731.1a)."""
from __future__ import annotations

from ...language import ast
from ..events import Event
from ..state import GameObject
from .base import Env, executes


class GameDesignationSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.GameBecomes)
    def game_becomes(self, node: ast.GameBecomes, env: Env) -> None:
        self.game.game_becomes(node.designation, env)

    @executes(ast.GameIs)
    def game_is(self, node: ast.GameIs, env: Env) -> bool:
        return self.state.designation == node.designation

    @executes(ast.AllHold)
    def all_hold(self, node: ast.AllHold, env: Env) -> bool:
        return all(self.holds(condition, env) for condition in node.conditions)

    @executes(ast.GameDesignationChanges)
    def game_designation_changes(self, node: ast.GameDesignationChanges, event: Event, source: GameObject) -> bool:
        """731.1a: the game lost one designation of a pair and gained the other (from none isn't a change)."""
        return event.name == "game_became" and (event.was, event.kind) in node.changes
