"""Computer players: each picks one of the legal actions (legal.py) when it has priority, and answers the
game's questions through the same `Chooser` interface as scripted and interactive answers (choices.py).

`RandomPlayer` is uniform over the legal actions and over each question's legal answers, from a seed.
`HeuristicPlayer` plays a land, casts the biggest spell it can afford, attacks when the race favors it
and blocks to survive; its answers are a seeded random player's, saying yes to 'you may'.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from .choices import Choice, Chooser, RandomChooser
from .legal import PASS, Action, Legal

if TYPE_CHECKING:
    from .game import Game

#: The most actions a heuristic player takes in one step before passing (a repeatable ability stops there).
MOST_PER_STEP = 8


class Player(Protocol):
    chooser: Chooser

    def act(self, legal: Legal, player: str, candidates: list[Action]) -> Action:
        """One of the candidates (`Legal.candidates`, PASS among them) that `legal.checked` confirms, or the
        one `legal.decided` confirms (it may have run it: `Legal.taken`), the last it asked about."""


class SeededChooser(RandomChooser):
    """A random chooser that divides damage legally in every case: combat damage all to the first recipient,
    a blocker (510.1c-d: any division among blockers is legal, and trample needs only lethal damage to
    each blocker before the rest goes past); a spell's divided damage 1 to each target, the rest to the first
    (601.2d: each target is given at least 1)."""

    def __init__(self, rng: random.Random, yes: bool = False):
        self.rng, self.yes = rng, yes

    def answer(self, choice: Choice, match):
        if choice.kind == "division":
            least = 1 if choice.rule == "601.2d" else 0
            rest = choice.count - least * len(choice.options)
            return {o: least + (rest if n == 0 else 0) for n, o in enumerate(choice.options)}
        if self.yes and choice.kind == "yes_no" and "yes" in choice.answers():
            return "yes"
        return super().answer(choice, match)


class RandomPlayer:
    """Uniform over the legal actions and each question's answers; the same seed, the same game."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.chooser = SeededChooser(self.rng)

    def act(self, legal: Legal, player: str, candidates: list[Action]) -> Action:
        """A candidate at random, tried; one that fails is left out and another drawn (uniform over the legal
        actions, with one trial where every action was tried before)."""
        left = list(candidates)
        while True:
            action = self.rng.choice(left)
            if legal.decided(player, action):
                return action
            left.remove(action)


class HeuristicPlayer:
    """Lands first, then the spell of the greatest mana value it can cast; attacks with every creature when
    its attackers' power would win the race, else with those no untapped opposing creature kills; blocks
    when the attack would kill it, each biggest attacker with a creature, and otherwise where its blocker
    survives; activates abilities in its second main phase."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.chooser = SeededChooser(self.rng, yes=True)
        self._step: tuple = ()
        self._taken = 0

    def act(self, legal: Legal, player: str, candidates: list[Action]) -> Action:
        game = legal.game
        now = (game.state.turn, game.state.step)
        self._taken = self._taken + 1 if now == self._step else 0
        self._step = now
        if self._taken >= MOST_PER_STEP:
            return PASS
        kinds: dict[str, list[Action]] = {}
        for action in candidates:
            kinds.setdefault(action.kind, []).append(action)
        if "play" in kinds:
            return kinds["play"][0]
        castable = (a for a in sorted(kinds.get("cast", ()), key=lambda a: -a.value) if legal.decided(player, a))
        biggest = next(castable, None)
        if biggest is not None:
            return biggest
        if "attack" in kinds:
            return self._attack(legal, player, kinds["attack"])
        if "block" in kinds:
            return self._block(legal, player, kinds["block"])
        if game.state.step == "postcombat main":
            return next((a for a in kinds.get("activate", ()) if legal.decided(player, a)), PASS)
        return PASS

    def _attack(self, legal: Legal, player: str, offered: list[Action]) -> Action:
        """Of the offered attacks (candidates, `Legal.candidates`), the one closest to the creatures it wants to
        attack with (among those able to attack alone) that the game confirms (`Legal.decided`)."""
        game = legal.game
        state = game.state
        opponent = next(p for p in state.order if p != player)
        able = {i for a in offered if len(a.pairs) == 1 and legal.checked(player, a) for i in a.pairs}
        mine = sum(_power(game, i) for i in able)
        theirs = [i for i in state.battlefield if state.objects[i].controller == opponent
                  and "Creature" in game.characteristics(i).types]
        their_power = sum(_power(game, i) for i in theirs)
        blockers = [i for i in theirs if not state.objects[i].tapped]
        if mine and state.players[opponent].life / mine <= state.players[player].life / max(their_power, 1):
            wanted = able
        else:
            biggest = max((_power(game, i) for i in blockers), default=0)
            wanted = {i for i in able if _toughness(game, i) > biggest}
        if not wanted:
            return PASS
        scores = {a: len(wanted & set(a.pairs)) - len(set(a.pairs) - wanted) for a in offered}
        ranked = sorted((a for a in offered if scores[a] > 0), key=lambda a: -scores[a])
        return next((a for a in ranked if legal.decided(player, a)), PASS)

    def _block(self, legal: Legal, player: str, offered: list[Action]) -> Action:
        """Its blocks built from the offered single blocks the game confirms (`Legal.checked`), or else the first
        offered block among them that it confirms (`Legal.decided`)."""
        game = legal.game
        state = game.state
        attackers = sorted(game.attackers(), key=lambda i: -_power(game, i))
        incoming = sum(_power(game, i) for i in attackers)
        singles = {p for a in offered if len(a.pairs) == 1 and legal.checked(player, a) for p in a.pairs}
        pairs: list[tuple[int, int]] = []
        used: set[int] = set()
        for attacker in attackers:
            able = [b for a, b in singles if a == attacker and b not in used]
            survivors = [b for b in able if _toughness(game, b) > _power(game, attacker)]
            pick = survivors or (able if incoming >= state.players[player].life else [])
            if pick:
                blocker = min(pick, key=lambda b: _power(game, b) if not survivors else -_power(game, b))
                pairs.append((attacker, blocker))
                used.add(blocker)
                incoming -= _power(game, attacker)
        if not pairs:
            return PASS
        action = legal.block_action(tuple(pairs))
        if legal.decided(player, action):
            return action
        return next((a for a in offered if set(a.pairs) <= set(pairs) and legal.decided(player, a)), PASS)


def _power(game: "Game", object_id: int) -> int:
    return game.characteristics(object_id).power or 0


def _toughness(game: "Game", object_id: int) -> int:
    return game.characteristics(object_id).toughness or 0
