"""The game's own designations (731.1: day and night) and the permanents that follow them (702.145): the game
gains one ('it becomes night'), the permanents with an 'as it becomes' ability and that face up turn over as
it does, and the 'any time' rules of permanents happen at once whenever they apply (702.145c-d, 702.145f-g):
after each action, before state-based actions, and as a permanent enters."""
from __future__ import annotations

from ..diagnostics import error
from ..language import ast
from .damage import any_of_kind, statics_of_kind
from .events import Event
from .memo import ByIdentity
from .steps import Env
from .steps.base import PERMANENT_TYPES

#: The most times the 'any time' rules apply in a row before the game refuses to go on (104.4b).
MAX_IMMEDIATE = 20
#: The static abilities that apply at any time (702.145c-d, 702.145f-g).
AT_ANY_TIME = (ast.TransformsAsGameBecomes, ast.AnyTime)


class GameDesignations:
    """The game's designations and the abilities that follow them; a part of `Game`."""

    def game_becomes(self, designation: str, env: Env | None) -> None:
        """731.1: the game has the designation from now on; it had the other or none (731.1a: then 'day becomes
        night'). As it does, each permanent whose 'as it becomes' ability names it and that has the face up it
        names transforms (702.145b, 702.145e)."""
        state = self.state
        was = state.designation
        if was == designation:
            return
        state.designation = designation
        self.emit(Event("game_became", state.active, kind=designation, was=was), env)
        for i in list(state.battlefield):
            if any(s.designation == designation and s.back == state.objects[i].back_face_up
                   for s, _ in self.own_statics(self.characteristics(i), ast.TransformsAsGameBecomes)):
                self.turn_over(i, "transformed", env)

    def turn_over(self, object_id: int, event: str, env: Env | None) -> bool:
        """701.27a, 701.28a, 712.9-712.10: a double-faced permanent turns its other face up, unless it is face
        down, melded, or its other face is an instant or sorcery; whether it did."""
        obj = self.state.objects[object_id]
        if obj.zone != "battlefield" or obj.card.back is None or obj.face_down or obj.parts:
            return False
        other = obj.card.front if obj.back_face_up else obj.card.back
        if not {t.lower() for t in other.characteristics().types} & PERMANENT_TYPES:
            return False
        obj.back_face_up = not obj.back_face_up
        obj.transformed_at = self.state.new_id()
        self.emit(Event(event, obj.controller, obj.card_name, obj.id), env)
        return True

    def enters_transformed(self, object_id: int) -> bool:
        """702.145b, 614.1c: an ability of the double-faced card entering says it enters transformed now."""
        obj = self.state.objects[object_id]
        if obj.card.back is None or not {t.lower() for t in obj.card.back.characteristics().types} & PERMANENT_TYPES:
            return False
        return any(self.interpreter.holds(static.condition, self._entering_env(obj, values))
                   for static, values in self.own_statics(self.characteristics(object_id), ast.EntersTransformed))

    def immediate_rules(self, ids: list[int] | None = None) -> None:
        """702.145c-d, 702.145f-g: at once, each permanent (of `ids`, or all) whose 'as it becomes' ability names
        the designation the game has, with that face up, transforms; and each 'any time' rule whose condition
        holds happens, by the permanent's controller; again until none applies. None does in a game whose text
        has no such ability (`may_have`)."""
        state = self.state
        if not self.may_have(AT_ANY_TIME):
            return
        for _ in range(MAX_IMMEDIATE):
            if not any(self._immediate(i) for i in list(self._followers.get(state.journal) if ids is None else ids)
                       if i in state.battlefield):
                return
        raise error("E402", f"rules that apply at any time keep applying (more than {MAX_IMMEDIATE} times): the game "
                    "can't go on", rule="104.4b")

    def _read_followers(self) -> tuple[int, ...]:
        """The permanents with a rule that applies at any time (kept while what it read stays the same)."""
        return _followers_of(self.permanents(), self.rulebook)

    def _follows(self, object_id: int) -> bool:
        chars = self.characteristics(object_id)
        return chars is not None and bool(statics_of_kind(chars.abilities, self.rulebook, AT_ANY_TIME))

    def _immediate(self, object_id: int) -> bool:
        """The permanent's first 'as it becomes' or 'any time' rule that applies now, applied; whether one did."""
        if not self._follows(object_id):
            return False
        obj = self.state.objects[object_id]
        for static, values in self.own_statics(self.characteristics(object_id), AT_ANY_TIME):
            if isinstance(static, ast.TransformsAsGameBecomes):
                if (static.designation == self.state.designation and static.back == obj.back_face_up
                        and self.turn_over(object_id, "transformed", None)):
                    return True
            elif self.interpreter.holds(static.condition, self._entering_env(obj, values)):
                context = self.new_context(obj.controller, object_id)
                self.interpreter.run(static.effect, Env(obj.controller, context, object_id, dict(values),
                                                        action_text=f"rule of {obj.card_name}"))
                self.end_context(context)
                return True
        return False


#: The permanents with a rule that applies at any time (looked for at once over their tuples of abilities first:
#: `any_of_kind`), read once per set of permanents (`Bookkeeping.permanents`: the continuous pass's value stays the
#: same object while they are each what they were) and rulebook, kept for the last few such sets.
_followers_of = ByIdentity(lambda permanents, rulebook: tuple(
    i for i, chars in permanents.items() if statics_of_kind(chars.abilities, rulebook, AT_ANY_TIME))
    if any_of_kind([chars.abilities for chars in permanents.values()], rulebook, AT_ANY_TIME) else (), 64)
