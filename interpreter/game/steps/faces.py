"""Double-faced permanents: transforming (701.27, 712.8e)."""
from __future__ import annotations

from ...language import ast
from ..events import Event
from .base import Env, executes

SPELL_TYPES = {"Instant", "Sorcery"}


class FaceSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.Transform)
    def transform(self, node: ast.Transform, env: Env) -> list[int]:
        """701.27a: each permanent turns its other face up. Nothing happens to one that isn't double-faced
        (701.27c) or whose other face is an instant or sorcery face (701.27d); an ability of the permanent
        itself transforms it only if it hasn't transformed since the ability was put on the stack (701.27f:
        the ability's context is newer than its last transformation)."""
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone != "battlefield" or obj.card.back is None:
                continue
            other = obj.card.front if obj.back_face_up else obj.card.back
            if SPELL_TYPES & set(other.types):
                continue
            if i == env.source_id and obj.transformed_at is not None and obj.transformed_at > env.context.id:
                continue
            obj.back_face_up = not obj.back_face_up
            obj.transformed_at = self.state.new_id()
            self.game.emit(Event("transformed", obj.controller, obj.card_name, obj.id), env)
        return ids
