"""Phasing out as an effect (702.26b): 'target creature phases out'."""
from __future__ import annotations

from ...language import ast
from .base import Env, executes


class PhasingSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.PhaseOut)
    def phase_out(self, node: ast.PhaseOut, env: Env) -> list[int]:
        return self.game.phase_out(self.objects(node.objects, env), env)
