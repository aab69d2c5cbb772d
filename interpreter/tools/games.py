"""Whole games between computer (or human) players: two decks shuffled from a seed, seven-card opening hands
(no mulligans, 103.5 is not taken), then players act with priority (117) until the game ends (104) or a
step limit is reached. Every game is a scenario document (rules/SCENARIOS.md): its starting state (each
library in its shuffled order) and the steps taken, each with its answers, so any game replays with
`mtgrules replay FILE` (or `mtgrules test FILE`).

Priority: the active player receives it first in each step and after each resolution (117.3a-b), the
player who acted after an action (117.3c); when all players pass in succession, the scenario step `pass`
resolves the top of the stack or ends the step (117.4). A player who may only pass passes without being
asked. Each question is answered by the chooser of the player who decides it (`Choice.player`): the player
an instruction addresses (608.2d), the attacking player for its combat damage (510.1c), each player for the
legend rule (704.5j); otherwise the player acting (for a `pass`, the active player).
"""
from __future__ import annotations

import gc
import random
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..diagnostics import MtgError
from ..game.choices import Choice, Chooser
from ..game.game import Game
from ..game.legal import PASS, Action, Legal, UpFront
from ..game.players import Player
from ..game.runs import NOT_RUN
from .scenario import RESERVED, Runner, Scenario
from .scenario_state import StartingState

PLAYERS = ("alice", "bob")
HAND_SIZE = 7                 # 103.5 (no mulligans)
MAX_STEPS = 4000              # scenario steps in one game before it counts as not ending
MAX_TURNS = 150


@dataclass
class GameResult:
    """One game: who won (None: a draw or no end), its length, what happened, and its replay."""

    seed: int
    winner: str | None
    turns: int
    replay: dict
    error: str | None = None
    error_kind: str | None = None   # 'no end', 'not run yet' (a part the game refuses as not run, runs.py),
    #                                 'refused' (any other refusal of an offered action), 'internal' (a bug)
    events: Counter = field(default_factory=Counter)      # event name -> count
    cards: dict = field(default_factory=dict)             # card name -> {event name: count}
    decisions: int = 0
    index: int = 0                                        # its place in a run of games

    def as_json(self) -> dict:
        return {"seed": self.seed, "winner": self.winner, "turns": self.turns, "error": self.error,
                "events": dict(self.events), "cards": self.cards}


def game_seed(master: int, index: int) -> int:
    """The seed of the index-th game of a run: the same whatever the order or place games are played in."""
    return random.Random(f"{master}:{index}").getrandbits(32)


def starting_document(set_path: Path, decks: dict[str, list[str]], seed: int, life: int = 20) -> dict:
    """The scenario document of a new game: each deck shuffled from the seed, the top seven cards in hand,
    `life` each (103.4; less for short test games), the first player's first upkeep (103.1, 103.8)."""
    rng = random.Random(seed)
    state = {}
    for player, deck in decks.items():
        library = list(deck)
        rng.shuffle(library)
        state[player] = {"life": life, "hand": library[:HAND_SIZE], "library": library[HAND_SIZE:]}
    return {"name": f"game {seed}", "sets": [str(Path(set_path).resolve())], "players": list(decks), "seed": seed,
            "turn": 1, "at": "upkeep", "state": state, "steps": []}


class Deciders:
    """Each question to the chooser of the player who decides it (`Choice.player`: the player an instruction
    addresses, 608.2d; the attacking player dividing combat damage, 510.1c; ...); the acting player's
    answers decided up front (with the action) go to the acting player's questions only. Where `saved` is given
    (`Table._ran`), each player's random numbers are saved in it before their first answer: a player's answers
    draw from its own `rng` (players.py), so the players asked are those whose numbers an answer may move."""

    def __init__(self, players: dict[str, Player], acting: str, answers: tuple[str, ...],
                 saved: dict[str, object] | None = None):
        self.players, self.acting, self.answers, self.saved = players, acting, answers, saved
        self.up_front: UpFront | None = None   # made at the acting player's first question (most steps ask none)

    def answer(self, choice: Choice, match):
        decider = choice.player or self.acting
        if decider not in self.players:
            decider = self.acting
        saved = self.saved
        if saved is not None and decider not in saved:
            saved[decider] = self.players[decider].rng.getstate()
        if decider != self.acting:
            return self.players[decider].chooser.answer(choice, match)
        if self.up_front is None:
            self.up_front = UpFront(self.answers, self.players[decider].chooser)
        return self.up_front.answer(choice, match)


class Recorder:
    """A chooser that writes down each answer as a scenario answer (references among the question's options)."""

    def __init__(self, game, inner: Chooser):
        self.game, self.inner = game, inner
        self.answers: list = []

    def answer(self, choice: Choice, match):
        answer = self.inner.answer(choice, match)
        self.answers.append(self._written(choice, answer))
        return answer

    def _written(self, choice: Choice, answer):
        if choice.kind == "objects":
            return [self._ref(choice.options, i) for i in answer]
        if choice.kind == "division":
            return {self._ref(choice.options, i): n for i, n in answer.items()}
        if choice.kind == "order":
            return [str(o) for o in answer]
        return str(answer)

    def _ref(self, options: list, option) -> str:
        """The option as `match_among` reads it: a player by name, an object by zone:Name#K among the options."""
        if isinstance(option, str):
            return option
        game = self.game
        obj = game.state.objects[option]
        same = [i for i in game.ordered([o for o in options if isinstance(o, int)])
                if game.state.objects[i].card_name == obj.card_name and game.state.objects[i].zone == obj.zone]
        ref = f"{obj.zone}:{obj.card_name}"
        return ref if len(same) == 1 else f"{ref}#{same.index(option) + 1}"


class Arena:
    """Where games of one set are played: the set's rulebook and cards, loaded once, and the step texts
    parsed once for all its games."""

    def __init__(self, set_path: Path, runner: Runner | None = None):
        self.set_path = Path(set_path).resolve()
        self.runner = runner or Runner()
        self.set_file = self.runner.set_file(self.set_path)
        self.commands_parsed: dict = {}
        # one scenario, its cards read once, whose game each Table replaces (its step texts parsed once)
        self.scenario = Scenario(starting_document(self.set_path, {p: [] for p in PLAYERS}, 0),
                                 self.set_path.parent / "replay.yaml", self.runner)
        # The rules, their parser and the set's cards live as long as the games: out of the cyclic collector's
        # way, whose full collections walked them all (~12% of a random game's instructions). Reference counting
        # still frees what is dropped; forked workers (simulate --jobs) don't copy the pages it would have touched.
        gc.collect()
        gc.freeze()

    def cards(self) -> dict:
        """The set's cards that loaded (by name)."""
        return self.scenario.cards

    def play(self, decks: dict[str, list[str]], seed: int, players: dict[str, Player],
             max_steps: int = MAX_STEPS, observe: Callable[["Table"], None] | None = None,
             life: int = 20) -> GameResult:
        return Table(self, decks, seed, players, max_steps, observe, life).play()


class Table:
    """One game between players, on a scenario's game."""

    def __init__(self, arena: "Arena", decks: dict[str, list[str]], seed: int, players: dict[str, Player],
                 max_steps: int = MAX_STEPS, observe: Callable[["Table"], None] | None = None, life: int = 20):
        self.doc = starting_document(arena.set_path, decks, seed, life)
        self.scenario = scenario = arena.scenario
        start = StartingState(self.doc, scenario.file, [], scenario.cards, scenario.rulebook, RESERVED)
        self.game = scenario.game = Game(scenario.rulebook, start.read(), cards=scenario.cards)
        start.link(self.game)
        self.legal = Legal(self.game, arena.commands_parsed)
        self.players = players
        if all(isinstance(getattr(p, "rng", None), random.Random) for p in players.values()):
            self.legal.runner = self._ran   # their answers can be drawn again (players.py)
        self.seed = seed
        self.max_steps = max_steps
        self.observe = observe   # called after each action and each pass (tests check invariants there)
        self.decisions = 0
        self._saved: dict[str, object] | None = None   # in `_ran`: the random numbers of each player asked

    def play(self) -> GameResult:
        state = self.game.state
        holder, passes = state.active, 0
        error = kind = None
        try:
            while not state.ended:
                if len(self.doc["steps"]) >= self.max_steps or state.turn > MAX_TURNS:
                    error = f"the game didn't end within {self.max_steps} steps or {MAX_TURNS} turns"
                    kind = "no end"
                    break
                actions = self.legal.candidates(holder)
                self.legal.taken = None
                action = PASS if actions == [PASS] else self.players[holder].act(self.legal, holder, actions)
                self.decisions += actions != [PASS]
                if action is not PASS:
                    if self.legal.taken is not action:   # `Legal.decided` took it already
                        self.take(holder, action)
                    passes = 0
                    if self.observe:
                        self.observe(self)
                    continue
                passes += 1
                live = [p for p in state.order if not state.players[p].lost]
                if passes < len(live):
                    holder = live[(live.index(holder) + 1) % len(live)] if holder in live else state.active
                    continue
                self.take(state.active, PASS)
                holder, passes = state.active, 0
                if self.observe:
                    self.observe(self)
        except MtgError as exc:
            error = exc.diagnostic.render()
            kind = "not run yet" if exc.diagnostic.code == NOT_RUN else "refused"
        except Exception:   # an internal error: the point of playing random games is finding them
            error, kind = traceback.format_exc(), "internal"
        result = self.result(error)
        result.error_kind = kind
        return result

    def take(self, player: str, action: Action) -> None:
        """The action's steps, all or nothing, each recorded with its answers as it was run (one step is all or
        nothing by itself: `Game.perform`; several, such as mana abilities then a cast, together on a mark)."""
        steps = action.steps()
        if len(steps) == 1:
            self._take_step(player, *steps[0])
            return
        journal = self.game.state.journal
        mark = journal.mark()
        try:
            for text, answers in steps:
                self._take_step(player, text, answers)
        except BaseException:
            journal.rollback(mark)
            raise
        journal.keep(mark)

    def _take_step(self, player: str, text: str, answers: tuple[str, ...]) -> None:
        """One scenario step of an action, run all or nothing, recorded with its answers."""
        recorder = Recorder(self.game, Deciders(self.players, player, answers, self._saved))
        step = {player: text}
        self.doc["steps"].append(step)
        run = self.scenario.action(player, text, step, 0)
        try:
            self.game.perform(player, run, recorder)
        finally:
            if recorder.answers:
                step["choose"] = recorder.answers

    def _ran(self, player: str, action: Action) -> bool:
        """The action taken if the game runs it (`Legal.runner`); refused, all is as it was: the game (the
        journal), the replay's steps and the random numbers of each player asked, which drew the answers (saved as
        each is first asked, `Deciders`: most actions ask no one)."""
        steps = len(self.doc["steps"])
        self._saved = saved = {}
        try:
            self.take(player, action)
        except MtgError:
            del self.doc["steps"][steps:]
            for name, state in saved.items():
                self.players[name].rng.setstate(state)
            return False
        finally:
            self._saved = None
        return True

    def result(self, error: str | None) -> GameResult:
        state = self.game.state
        events = state.events
        cards: dict[str, dict[str, int]] = {}   # card name -> {event name: count}
        for event in events:
            card = event.card
            if card:
                counts = cards.get(card)
                if counts is None:
                    counts = cards[card] = {}
                counts[event.name] = counts.get(event.name, 0) + 1
        return GameResult(self.seed, state.winner, state.turn, self.doc, error,
                          events=Counter(e.name for e in events), cards=cards, decisions=self.decisions)
