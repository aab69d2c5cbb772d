"""The turn (500-514): its steps and phases in order, their turn-based actions (703), all players passing
priority (117.4), playing lands (305), and the durations that end with a step or a turn (500.4-500.5, 514.2,
611.2a).

A scenario step is one player's action taken with priority; `pass` and `go to` stand for every player
passing in succession (117.3d, 117.4), so the game keeps no record of who passed. A step runs in three parts:
it begins (`step_began`, which triggers 'at the beginning of' abilities, 603.2b), its turn-based actions
happen, then players would receive priority (117.5: state-based actions, triggered abilities put on the
stack). Going on stops there when something is on the stack, an answer a turn-based action needs isn't
given (the actions wait, `turn_actions_done`), or the game is over.

The combat phase's turn-based actions are combat.py's: `declare_attackers`, `declare_blockers`,
`combat_damage` (508.1, 509.1, 510.1) and `end_combat` (511.3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..diagnostics import MtgError, did_you_mean, error
from ..language import ast
from . import runs
from .choices import Choice
from .durations import END_OF_COMBAT, END_OF_NEXT_TURN
from .events import Event
from .memo import ByIdentity
from .state import STEPS, Context, Until
from .steps import Env

if TYPE_CHECKING:
    from ..language.rulebook import Rulebook

#: The main phases: where lands are played and sorcery-speed spells cast (305.1, 307.1, 505.6a).
MAIN_PHASES = ("main", "postcombat main")
#: What `go to next turn` goes to: the next turn's untap step.
NEXT_TURN = "next turn"
#: The code of a refusal for an answer a step's `choose:` list doesn't give (the game stops there instead).
NO_ANSWER = "E403"
#: The most steps one `go to` passes through: a few turns' worth (a step that never comes is refused).
MAX_STEPS = 4 * len(STEPS)
#: Where a player may play a land card from: the hand, and where an effect lets them (601.2a).
PLAYABLE_ZONES = ("hand", "exile", "graveyard")
#: Durations that end as the cleanup step's turn-based action (514.2: 'until end of turn' and 'this turn').
END_OF_TURN = "until end of turn"
#: Durations that end as the controller's next turn begins (611.2a, 500.4).
NEXT_TURN_OF = "until your next turn"
#: Durations that end in the controller's next untap step, as its permanents untap (502.3, 701.43b).
UNTIL_UNTAP = "until its controller's next untap step"

_DRAW_ONE = ast.Draw(ast.IntValue(1))


class Turns:
    """The turn's structure and players passing priority; a part of `Game`."""

    # ------------------------------------------------------------ passing
    def go_to(self, player: str, where: str) -> None:
        """All players pass with the stack empty until the game reaches that step the next time it comes
        (`next turn`: the next turn's untap step), stopping on the way where a player would get priority
        with something on the stack, an answer is missing, or the game ended."""
        target = self._step_named(where)
        self._stack_empty(f"go to {where}")
        self._refuse_skipped(target)
        turn = self.state.turn
        for _ in range(MAX_STEPS):
            if not self.pass_step():
                return
            if self.state.step == target and (target != "untap" or self.state.turn > turn):
                return
        raise error("E402", f"go to {where}: the game didn't reach it within {MAX_STEPS} steps", rule="500.1")

    def pass_priority(self, player: str) -> None:
        """117.4: all players pass in succession: the top object of the stack resolves, or with the stack
        empty the step ends and the next one begins."""
        if self.state.stack:
            self.resolve(player)
        else:
            self.pass_step()

    def pass_step(self) -> bool:
        """All players pass with the stack empty: the step ends (500.2) and the next begins. False when the
        game stops in it: the step's turn-based actions need an answer not given, something is on the stack
        as a player would receive priority, or the game is over."""
        state = self.state
        if not state.turn_actions_done and not (self._turn_actions() and self._priority()):
            return False
        self._end_step()
        step, new_turn = self._next_step()
        if new_turn:
            self._begin_turn()
        state.step = step
        if state.priority_in_cleanup:
            state.priority_in_cleanup = False
        self.emit(Event("step_began", state.active, step=step))
        return self._turn_actions() and self._priority()

    def _step_named(self, where: str) -> str:
        name = " ".join(where.lower().split())
        if name == NEXT_TURN:
            return "untap"
        if name not in STEPS:
            hint = did_you_mean(name, STEPS + (NEXT_TURN,))
            raise error("E404", f"go to: unknown step '{where}'" + (f" — {hint}" if hint else ""), rule="500.1",
                        help=f"one of: {', '.join(STEPS)}, {NEXT_TURN}")
        return name

    def _stack_empty(self, what: str) -> None:
        if self.state.stack:
            top = self.state.stack[-1]
            raise error("E402", f"{what}: players pass with an empty stack, and {top.source_name} is on the stack; "
                        "resolve it first (117.4)", rule="117.4")

    def _refuse_skipped(self, target: str) -> None:
        """508.8: passing declares no attackers, and with none the declare blockers and combat damage steps
        are skipped: going to them is refused unless creatures attack and the step is still to come."""
        if target not in ("declare blockers", "combat damage"):
            return
        state = self.state
        position = STEPS.index(state.step)
        coming = target in state.added_steps or (
            STEPS.index("declare attackers") <= position < STEPS.index(target) and self.attackers())
        if not coming:
            raise error("E402", f"go to {target}: it won't come this combat: passing declares no attackers, and "
                        "with no creature attacking the declare blockers and combat damage steps are skipped (508.8)",
                        rule="508.8", help="attack with a creature first")

    # ------------------------------------------------------------ the sequence of steps
    def _next_step(self) -> tuple[str, bool]:
        """The step after this one, and whether a new turn begins (500.1): added steps first (500.9); a
        cleanup step in which players got priority is followed by another (514.3a); skipped steps are
        passed over (500.11): the first turn's draw step in a two-player game (103.8a), and declare
        blockers and combat damage with no attackers (508.8)."""
        state = self.state
        if state.added_steps:
            return state.added_steps.pop(0), False
        if state.step == "cleanup":
            return ("cleanup", False) if state.priority_in_cleanup else ("untap", True)
        position = STEPS.index(state.step) + 1
        skips = {rule.step for rule, _, _ in self.player_statics(state.active, ast.SkipStep)}
        while self._skipped(STEPS[position], skips):
            position += 1
        return STEPS[position], False

    def _skipped(self, step: str, skips: set[str]) -> bool:
        """103.8a: the first player skips the draw step of their first turn in a two-player game; 614.10: a static
        ability of the active player's says to skip the step (`skips`); 508.8: no attackers, no blockers or damage."""
        if step in skips:
            return True
        if step == "draw":
            return self.state.turn == 1 and len(self.state.order) == 2
        if step in ("declare blockers", "combat damage"):
            return not self.attackers()
        return False

    def attackers(self) -> list[int]:
        """The attacking creatures (508.1k)."""
        objects = self.state.objects
        return [i for i in self.state.battlefield if objects[i].attacking is not None]

    def _begin_turn(self) -> None:
        """The player of the next extra turn takes it (500.7), else the next player in turn order after the last
        regular turn's (still in the game) takes the next turn (500.1, 103.8, 800.4a): its
        lands played start from none (305.2), as do loyalty abilities activated (606.3); their permanents have been theirs since the turn began
        (302.6); effects 'until your next turn' of that player end (611.2a)."""
        state = self.state
        order = state.order
        regular = state.rotation or state.active
        state.previous_active = state.active
        extra = next((p for p in state.extra_turns if not state.players[p].lost), None)
        if state.extra_turns:   # (else nothing changes: kept values still hold)
            state.extra_turns = [] if extra is None else state.extra_turns[state.extra_turns.index(extra) + 1:]
        if extra is not None:  # 500.7: an extra turn comes first; then the turns go on after the regular one
            state.active, state.rotation = extra, regular
        else:
            start = order.index(regular)
            state.active = next(p for p in order[start + 1:] + order[:start + 1] if not state.players[p].lost)
            state.rotation = None
        state.turn += 1
        state.turn_started = state.tick()
        for figures in state.players.values():
            figures.lands_played = 0
        state.loyalty_used.clear()
        state.activations.clear()
        for i in state.battlefield:
            obj = state.objects[i]
            if obj.controller == state.active and obj.summoning_sick:
                obj.summoning_sick = False
        self.end_durations(lambda until: until.kind == NEXT_TURN_OF and until.player == state.active)
        self.emit(Event("turn_began", state.active))

    def _end_step(self) -> None:
        """500.5: as a step or phase ends, mana empties from every pool (106.4); as the end of combat step
        ends, every permanent is removed from combat and effects 'until end of combat' end (511.3)."""
        state = self.state
        for figures in state.players.values():
            if figures.pool:
                figures.pool.clear()
        if state.step == "end of combat":
            self.end_combat()
            self.end_durations(lambda until: until.kind == END_OF_COMBAT)

    # ------------------------------------------------------------ turn-based actions and priority
    def _turn_actions(self) -> bool:
        """The step's turn-based actions (703.4), the turn structure's then those rules files define; False when
        one needs an answer the step doesn't give:
        it is undone, and waits for the next `go to` or `pass`."""
        state = self.state
        step = state.step
        action = _TURN_ACTIONS.get(step)
        defined = _defined_by_step(self.rulebook).get(step, ())
        state.turn_actions_done = True
        if action is None and not defined:
            return True
        journal = state.journal
        mark = journal.mark()
        try:
            if action is not None:
                getattr(self, action)()
            for turn_based in defined:
                self._defined_turn_action(turn_based)
        except MtgError as exc:
            journal.rollback(mark)
            if exc.diagnostic.code != NO_ANSWER:
                raise
            state.turn_actions_done = False
            return False
        journal.keep(mark)
        return True

    def _defined_turn_action(self, action: ast.TurnBasedAction) -> None:
        """703.4: a turn-based action a rules file defines, done by the active player ('you'), after the step's
        own; it doesn't use the stack (703.1). One that needs the game to have a designation it hasn't (731.1,
        `_designations_needed`) does nothing: it isn't run."""
        needed = _designations_needed(action.steps, self.rulebook)
        if needed is not None and self.state.designation not in needed:
            self.state.new_id()   # the id its context would have: the objects made after it keep theirs
            return
        player = self.state.active
        context = self.new_context(player, None)
        self.interpreter.run(action.steps, Env(player, context, None, action_text=action.name))
        self.end_context(context)

    def _priority(self) -> bool:
        """A player would receive priority (117.3a): state-based actions, then triggered abilities go on
        the stack (117.5). No player does in the untap step (502.4); in the cleanup step only when that
        made something happen (514.3a). False when the game stops here: something is on the stack, or the
        game is over."""
        state = self.state
        if state.step == "untap":
            return True
        before = (len(state.events), len(state.stack))
        self.after_action(state.bookkept)
        if state.step == "cleanup" and (len(state.events), len(state.stack)) != before:
            state.priority_in_cleanup = True
        return not state.stack and not state.ended

    def untap_step(self) -> None:
        """502.3: the active player untaps their permanents, except those an effect keeps tapped this once or a
        static ability keeps tapped;
        designations that last until that untap step end with it (701.43b). First, phasing (502.1)."""
        state = self.state
        self.phasing_step()
        kept = self.kept_tapped()
        active, objects = state.active, state.objects
        for i in state.battlefield:
            obj = objects[i]
            if obj.controller != active:
                if obj.skip_untap == active:
                    obj.skip_untap = False  # that player's next untap step came, and the permanent isn't theirs
                continue
            if obj.skip_untap is True or obj.skip_untap == active:
                obj.skip_untap = False
            elif obj.tapped and i not in kept:
                obj.tapped = False
                self.emit(Event("untapped", active, obj.card_name, obj.id))
        self.end_durations(lambda until: until.kind == UNTIL_UNTAP and until.player == active)

    def draw_step(self) -> None:
        """504.1: the active player draws a card."""
        player = self.state.active
        context = self.new_context(player, None)
        self.interpreter.run(_DRAW_ONE, Env(player, context, None, action_text="draw step"))
        self.end_context(context)

    def cleanup_step(self) -> None:
        """514.1: the active player discards down to their maximum hand size (402.2); 514.2: then damage is removed
        from every permanent and 'until end of turn' and 'this turn' effects end, at once."""
        state = self.state
        player = state.active
        hand = list(state.players[player].zones["hand"])
        most = self.max_hand_size(player)
        if most is not None and len(hand) > most:
            excess = len(hand) - most
            chosen = self.interpreter.ask_objects(Choice(
                "objects", f"cleanup step: {player} discards {excess} card(s) down to {most}", hand, excess,
                rule="514.1", player=player))
            self.discard(player, chosen, None)
        for i in state.battlefield:
            if state.objects[i].damage:
                state.objects[i].damage = 0
        self.end_durations(lambda until: until.kind == END_OF_TURN or until.kind == END_OF_NEXT_TURN
                           and until.player == state.active and until.turn is not None and until.turn < state.turn)
        state.end_replacements(END_OF_TURN)   # regeneration shields and other 'this turn' replacements

    # ------------------------------------------------------------ durations
    def end_durations(self, ends: Callable[[Until], bool]) -> None:
        """End the effects whose duration is over: power/toughness changes, granted abilities, designations
        that last a while ('can't attack this turn'), delayed triggered abilities with a duration, and
        permissions to play cards (only text that says a player may play cards gives them: none where no text in
        this game says so, `may_have`)."""
        state = self.state
        objects = state.objects

        def over(until: Until | None) -> bool:
            return until is not None and ends(until)
        for i in state.battlefield:
            obj = objects[i]
            if obj.modifiers and any(over(m[2]) for m in obj.modifiers):
                obj.modifiers = tuple(m for m in obj.modifiers if not over(m[2]))
            if obj.granted and any(over(g[1]) for g in obj.granted):
                obj.granted = tuple(g for g in obj.granted if not over(g[1]))
            if obj.lasting and any(over(until) for _, until in obj.lasting):
                ended = {d for d, until in obj.lasting if over(until)}
                obj.lasting = tuple(d for d in obj.lasting if not over(d[1]))
                obj.designations -= ended - {d for d, _ in obj.lasting}
        if state.delayed and any(over(d.until) for d in state.delayed):
            state.delayed = [d for d in state.delayed if not over(d.until)]
        if state.control_changes and any(over(c[2]) for c in state.control_changes):
            self.end_control(over)
        self.end_player_rules(over)
        if not self.may_have(ast.MayPlay):   # no text in this game gives a permission to play cards (601.2a)
            return
        for figures in state.players.values():   # permissions to play cards from a zone (601.2a)
            zones = figures.zones
            for zone in (zones["exile"], zones["graveyard"]):
                for i in zone:
                    obj = objects[i]
                    if obj.playable_by is not None and over(obj.playable_until):
                        obj.playable_by = obj.playable_until = None

    # ------------------------------------------------------------ timing
    def require_priority(self, what: str) -> None:
        """117.1: spells, abilities and special actions need priority, which no player receives in the untap
        step (502.4) nor, normally, in the cleanup step (514.3)."""
        step = self.state.step
        if step == "untap" or step == "cleanup" and not self.state.priority_in_cleanup:
            rule = "502.4" if step == "untap" else "514.3"
            raise error("E402", f"{what}: no player receives priority during the {step} step ({rule})", rule=rule)

    def sorcery_timing(self, player: str, announced: Context | None = None) -> bool:
        """307.1, 505.6a: the player's own main phase, with an empty stack (but for the spell or ability
        being `announced`, already put there, 601.2a, 602.2a)."""
        state = self.state
        return state.active == player and state.step in MAIN_PHASES and all(
            item.context is announced for item in state.stack)

    def play_land(self, player: str, ref: str) -> None:
        """305.1, 116.2a: a land card from the hand (or from where an effect lets the player play it, 601.2a)
        onto the battlefield, in the player's main phase with an empty stack, if they have played fewer lands
        this turn than they may (305.2a: one, or as effects say)."""
        self.require_priority(f"play {ref}")
        obj = self.find(ref, player, PLAYABLE_ZONES)
        name = obj.card_name
        if obj.zone != "hand" and obj.playable_by != player:
            raise error("E402", f"can't play {name} from the {obj.zone}: nothing lets {player} play it from there",
                        rule="305.1")
        if obj.owner != player and obj.playable_by != player:
            raise error("E402", f"can't play {name}: it isn't {player}'s card", rule="305.1")
        if "Land" not in obj.card.front.characteristics().types:
            raise error("E402", f"can't play {name}: it isn't a land (cast it instead)", rule="305.1")
        state = self.state
        if state.active != player:
            raise error("E402", f"can't play {name}: it isn't {player}'s turn (305.3)", rule="305.3")
        if state.step not in MAIN_PHASES or state.stack:
            raise error("E402", f"can't play {name} now: a land is played in a main phase of your turn with an "
                        "empty stack (305.1)", rule="305.1")
        self.check_allowed(player, ast.PLAY_LANDS, f"can't play {name}")
        figures = state.players[player]
        allowed = self.lands_allowed(player)
        if figures.lands_played >= allowed:
            raise error("E402", f"can't play {name}: {player} has already played {figures.lands_played} land(s) this "
                        f"turn, as many as they may (305.2b)", rule="305.2b")
        land = self.move(obj.id, "battlefield", controller=player)
        figures.lands_played += 1
        self.emit(Event("land_played", player, land.card_name, land.id))

#: The turn-based actions rules files define (703.4), by step, read once per rulebook.
_defined_by_step: ByIdentity[dict[str, tuple[ast.TurnBasedAction, ...]]] = ByIdentity(lambda rulebook: {
    step: tuple(a for a in rulebook.turn_based_actions if a.step == step)
    for step in {a.step for a in rulebook.turn_based_actions}})


def _read_designations_needed(steps: ast.Effect, rulebook: "Rulebook") -> frozenset[str] | None:
    """The game's designations (731.1) one of which the steps need to do anything, as they read: each of them an
    'if' without 'otherwise' whose condition is, or first needs, that the game has one (608.2c: else it does
    nothing). None when they may do something whatever the game's designation, or when running them would refuse
    a node the interpreter doesn't run (runs.py) before reading it."""
    effects = steps.effects if type(steps) is ast.Sequence else (steps,)
    read: list[ast.Node] = [steps]
    for effect in effects:
        if type(effect) is not ast.Conditional or effect.otherwise is not None:
            return None
        condition = effect.condition
        first = condition.conditions[0] if type(condition) is ast.AllHold and condition.conditions else condition
        if type(first) is not ast.GameIs:
            return None
        read += (effect, condition, first)
    if any(runs.gap(node, rulebook, chosen=False) is not None for node in read):
        return None
    return frozenset(node.designation for node in read if type(node) is ast.GameIs)


#: What each turn-based action's steps need, read once per steps and rulebook.
_designations_needed = ByIdentity(_read_designations_needed)
#: Each step's turn-based actions (703.4): the method of `Game` that does them (combat.py's in combat).
_TURN_ACTIONS: dict[str, str] = {
    "untap": "untap_step",
    "draw": "draw_step",
    "declare attackers": "declare_attackers",
    "declare blockers": "declare_blockers",
    "combat damage": "combat_damage",
    "cleanup": "cleanup_step",
}
