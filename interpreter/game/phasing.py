"""Phasing (702.26): a phased-out permanent stays on the battlefield (no zone change, 702.26d) but is kept out
of the battlefield's list, so everything that looks at the battlefield treats it as though it doesn't exist
(702.26b); `GameState.phased` holds it until it phases in. The untap step's turn-based action (502.1)
phases out the active player's permanents with phasing and phases in those that phased out under their
control; the Auras and Equipment attached to a permanent phase out and in with it (702.26g).
"""
from __future__ import annotations

from ..language import ast
from .events import Event
from .steps import Env


class Phasing:
    """Phasing out and in; a part of `Game`."""

    def phase_out(self, ids: list[int], env: Env | None = None) -> list[int]:
        """702.26b: each phases out (removed from combat, 506.4), and what is attached to it phases out
        indirectly, even if it would also phase out directly (702.26g-h); effects 'for as long as' that follow
        it end (702.26f)."""
        state = self.state
        done = []
        for i in [i for i in ids if state.objects[i].attached_to not in ids]:
            if i not in state.battlefield:
                continue
            for attached in [a for a in state.battlefield if state.objects[a].attached_to == i]:
                self.phase_out([attached], env)
                state.objects[attached].phased_indirectly = True
            obj = state.objects[i]
            obj.phased_out = True
            obj.attacking, obj.blocked, obj.blocking = None, False, ()
            state.battlefield.remove(i)
            state.phased.append(i)
            self.emit(Event("phased_out", obj.controller, obj.card_name, i), env)
            done.append(i)
        if done:
            self.source_changed(env)
        return done

    def phase_in(self, ids: list[int]) -> None:
        """702.26c: each phases in, with what phased out indirectly with it (702.26g); an Aura or Equipment that
        phased out directly comes back attached to what it was attached to, and state-based actions see
        whether that is still legal (702.26i)."""
        state = self.state
        for i in ids:
            if i not in state.phased:
                continue
            obj = state.objects[i]
            obj.phased_out, obj.phased_indirectly = False, False
            state.phased.remove(i)
            state.battlefield.append(i)
            self.emit(Event("phased_in", obj.controller, obj.card_name, i))
            self.phase_in([a for a in state.phased if state.objects[a].attached_to == i
                           and state.objects[a].phased_indirectly])

    def phasing_step(self) -> None:
        """502.1, 702.26a: before the active player untaps, their phased-in permanents with phasing phase out
        and, at the same time, the permanents that phased out directly under their control phase in."""
        state = self.state
        out = []
        if self.may_have(ast.PhasesOutInUntapStep) and self.permanents_have(ast.PhasesOutInUntapStep):
            out = [i for i in state.battlefield if state.objects[i].controller == state.active
                   and self._own(self.characteristics(i), ast.PhasesOutInUntapStep)]
        back = [i for i in state.phased if state.objects[i].controller == state.active
                and not state.objects[i].phased_indirectly]
        self.phase_out(out)
        self.phase_in(back)
