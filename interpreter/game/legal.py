"""The legal actions of the player with priority (117.1): play a land (305.1), cast a spell (601: from the hand,
from another zone or for an alternative cost where a keyword ability allows it, 118.9), activate
an ability (602), take a special action (116.2), declare attackers (508.1) or blockers (509.1), or pass
(117.3d), each as the scenario step text that does it (rules/SCENARIOS.md, "Steps").

Listing is cheap first and exact last: timing, ownership and whether the player's untapped mana sources can
pay the mana cost are checked by reading the state; what passes is tried on the undo journal
(`Game.try_out`), so an action offered is one the game runs. Mana is paid as the contract says, from the
pool: an action that costs mana first activates the mana abilities that pay for it (`Action.mana`), chosen
here (`pay_plan`); a source is one untapped permanent whose ability is '{T}: Add ...' one mana.

Not offered (abstain, never wrong): mana from sources other than those, the value of X beyond what the
mana in the pool pays, {2/C} paid with two generic mana, and 'pay {N}' additional costs beyond the mana
cost. A special action (116.2) is offered for each procedure of the rules files that may apply to the object
by what its requirements read, planned for the mana its payment costs; where reading can't tell that cost, with
every source tapped. Trials short-cut the mana abilities (each planned source tapped and its mana added); the
game itself runs them when the action is taken.
"""
from __future__ import annotations

import itertools
import operator
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

from ..diagnostics import MtgError, error
from ..language import ast
from . import journaled
from .choices import Choice, Chooser
from .events import Event
from .journal import Kept, Key
from .mana import mana_value
from .mana_sources import Payer, Source, pay_plan, payer
from .memo import ByIdentity
from .offers import (FOOTPRINT, Offers, footprint_stamps, hand_offers, offers, other_card_offers, permanent_offers,
                     read_abilities)
from .references import same_read, zone_read, zone_refs
from .state import Context

if TYPE_CHECKING:
    from .game import Game

#: The most attackers (blockers) whose every combination is offered; beyond it, each one alone and all.
MOST_COMBINED = 4
#: The kinds of action a trial (`Legal.can`) confirms.
TRIED = ("cast", "activate", "attack", "block")
#: The kinds of action a computer player's pick runs for real first (`Legal.decided`).
RUN_FIRST = (*TRIED, "special")


@dataclass(frozen=True)
class Action:
    """One legal action: its step text, the mana abilities (step text, answers) activated first to pay for
    it, and answers given up front (the mana ability of several, the mana's color)."""

    kind: str                      # 'pass' 'play' 'cast' 'activate' 'special' 'attack' 'block'
    text: str
    mana: tuple[tuple[str, tuple[str, ...]], ...] = ()
    object_id: int | None = None
    value: int = 0                 # the mana value of what is cast (the heuristic player's measure)
    pairs: tuple = ()              # attack: attacker ids; block: (attacker id, blocker id) pairs
    paid: tuple[tuple[int, str], ...] = ()   # the mana steps as (source id, mana), for trials
    answers: tuple[str, ...] = ()  # the step's own answers given up front (which ability, 602.2a)

    def steps(self) -> list[tuple[str, tuple[str, ...]]]:
        """The scenario steps that take it, in order, each with its answers given up front."""
        return [*self.mana, (self.text, self.answers)]


PASS = Action("pass", "pass")


class UpFront:
    """A chooser giving answers decided up front to the first question that offers each, the rest to `then`."""

    def __init__(self, answers: tuple[str, ...], then: Chooser):
        self.answers, self.then = list(answers), then

    def answer(self, choice: Choice, match):
        if self.answers and choice.kind in ("option", "yes_no") and self.answers[0] in choice.answers():
            return self.answers.pop(0)
        return self.then.answer(choice, match)


# ------------------------------------------------------------ listing
class Legal:
    """The legal actions of one game, with the commands it parsed (each text once)."""

    def __init__(self, game: "Game", parsed: dict | None = None):
        self.game = game
        self._parsed: dict[str, ast.Node] = {} if parsed is None else parsed   # may be shared by games
        # the stamp of the state they were tried in, and (text, answers, mana paid with) -> whether it ran
        self._specials_tried: tuple[int, dict[tuple, bool]] = (-1, {})
        # (player, object id, pattern) -> its ways: kept by the state, or by what they read of the object
        self._ways: dict[tuple[str, int, str], Kept[tuple]] = {}
        self._object_ways: dict[tuple[str, int, str], tuple[tuple, tuple, tuple]] = {}
        self._contexts: dict[str, Context] = {}   # each player's, for reading special actions' requirements
        # each player's ways of their special actions (`_special_ways`), with the key they hold at and what for
        self._all_ways: dict[str, tuple[Key, tuple, tuple]] = {}
        # kept while what they read stays the same (journal.py): references, each player's offers (offers.py),
        # with the key they hold at, their footprint and their three sides
        self._refs: dict[tuple[str, str], tuple[int, tuple, dict[int, str]]] = {}   # (steady stamp, read, refs)
        self._offers: dict[str, tuple[Key, tuple, tuple, Offers, tuple | None]] = {}   # and their stamps
        self._listed: dict[str, dict[tuple, list[Action]]] = {}   # each player's casts and activations
        #                                                            for their offers now, by what else they read
        self._castables: dict = {}   # (object id, face id, player, reference, who may play it) -> ways of casting
        self._abilities = ByIdentity(lambda abilities: read_abilities(game, abilities))   # what each tuple offers
        #: Set by what runs the game (games.py): runs an action for real, all or nothing, and says whether it
        #: ran (a refusal leaves the game, and the answers' random numbers, as they were); None: trials only.
        self.runner: Callable[[str, Action], bool] | None = None
        self.taken: Action | None = None   # the action `decided` ran for real

    def ref(self, object_id: int) -> str:
        """The object's reference (`zone_refs`, the same for every player); each zone's kept at the steady stamp,
        and beyond while what it reads is the same (`zone_read`)."""
        state = self.game.state
        obj = state.objects[object_id]
        zone = obj.zone
        where = (zone, obj.controller if zone == "battlefield" else obj.owner)
        kept = self._refs.get(where)
        steady = state.journal.steady()
        if kept is None or kept[0] != steady:
            read = zone_read(state, *where)
            refs = kept[2] if kept is not None and same_read(read, kept[1]) else zone_refs(self.game, *where)
            kept = self._refs[where] = (steady, read, refs)
        return kept[2][object_id]

    def mana_sources(self, found: Offers) -> tuple[Source, ...]:
        """The untapped permanents with a '{T}: Add ...' ability of one mana (not summoning sick) among a player's
        offers (`offers`)."""
        objects = self.game.state.objects
        return tuple([s for s, creature in found.mana
                      if not objects[s.object_id].tapped and not (creature and objects[s.object_id].summoning_sick)])

    def paying(self, plan: list[tuple[Source, str]]) -> dict:
        """The fields of an Action that pays with the plan: its mana steps, and what they pay (for trials)."""
        return {"mana": tuple((f"activate {self.ref(s.object_id)}",
                               tuple([a for a in (s.label, color if len(s.colors) > 1 else None) if a]))
                              for s, color in plan),
                "paid": tuple([(s.object_id, color) for s, color in plan])}

    def command(self, text: str) -> ast.Node:
        node = self._parsed.get(text)
        if node is None:
            node = self._parsed[text] = self.game.rulebook.parse(text, "command", what="not a command")
        return node

    def run(self, player: str, action: Action) -> Callable[[], None]:
        """The action tried on the game, its questions asked of the game's chooser (a trial's probe); its
        mana steps are short-cut: each source is tapped and its mana added, as its ability would (106.12)."""
        game = self.game

        def run() -> None:
            probe = game.chooser
            pool = game.state.players[player].pool
            for object_id, color in action.paid:
                game.state.objects[object_id].tapped = True
                pool[color] += 1
            game.chooser = UpFront(action.answers, probe)
            if action.kind == "attack":
                declaration_trial(game, player, ("attack", None, [self.ref(i) for i in action.pairs]))
            elif action.kind == "block":
                declaration_trial(game, player, ("block", player, _block_refs(self.ref, action.pairs)))
            elif action.kind == "play":
                game.play_land(player, action.text.split(" ", 1)[1])
            else:
                node = self.command(action.text)
                {"cast": game.cast, "activate": game.activate, "special": game.special_action}[action.kind](
                    player, node)
            game.chooser = probe
        return run

    def can(self, player: str, action: Action) -> bool:
        """Whether the game runs the action in at least one way of answering (a trial on the journal)."""
        try:
            return self.game.try_out(self.run(player, action)) is None
        except MtgError:
            return False   # a part not run yet (runs.py): not offered

    def actions(self, player: str) -> list[Action]:
        """Every legal action of the player, passing first."""
        return [a for a in self.candidates(player) if self.checked(player, a)]

    def checked(self, player: str, action: Action) -> bool:
        """Whether a candidate is legal: passing and a land are when listed; spells, abilities, special actions,
        attacks and blocks when a trial runs them."""
        if action.kind in TRIED:
            return self.can(player, action)
        if action.kind == "special":
            return self._special_can(player, action)
        return True

    def decided(self, player: str, action: Action) -> bool:
        """`checked` for the candidate a player takes if it is legal: a spell, ability, special action, attack or block
        is run for real first where a runner is set, and is then `taken` (the run proves it legal; its trial would be
        the same run but for the mana abilities short-cut, the answers probed and a declaration's trial stopping at
        it); refused, it is tried as `checked` does."""
        if action.kind in RUN_FIRST and self.runner is not None and self.runner(player, action):
            self.taken = action
            return True
        return self.checked(player, action)

    def candidates(self, player: str) -> list[Action]:
        """The player's possible actions by what the state says (timing, mana, the creatures that may attack or
        block), passing first; the spells, abilities, special actions, attacks and blocks among them still need
        `checked` (a trial each), so a player who picks one at random tries only the one it picked."""
        state = self.game.state
        if state.ended:
            return []
        step = state.step
        if step == "untap" or step == "cleanup" and not state.priority_in_cleanup:
            return [PASS]
        journal = state.journal
        writes = (journaled._unrecorded, len(journal.entries))   # every write moves one (journaled.py)
        out = self._candidates(player)
        if (journaled._unrecorded, len(journal.entries)) != writes:
            raise RuntimeError(f"listing {player}'s candidates changed the state")
        return out

    def _candidates(self, player: str) -> list[Action]:
        state = self.game.state
        found = self.offers(player)
        sorcery = self.game.sorcery_timing(player)
        ways = self._ways_now(player, found.specials) if found.specials else ()
        if sorcery or found.instant or found.activations or found.flash or any(ways):
            listed = self._listed_now(player, found, sorcery, ways)
        else:   # 307.1, 304.1: none of their cards may be cast now, nothing to activate, no special action applies
            listed = []
        out = [PASS, *self._lands(player, found, sorcery), *listed]
        if not state.stack:   # the step read once: each other step has neither
            step = state.step
            if step == "beginning of combat":
                out += self._attacks(player)
            elif step == "declare attackers":
                out += self._blocks(player)
        return out

    def _listed_now(self, player: str, found: Offers, sorcery: bool, ways: tuple) -> list[Action]:
        """The casts, activations and special actions the player's offers give now (`ways`: those of the special
        actions, `_special_ways`)."""
        state = self.game.state
        pool = state.players[player].pool
        sources = self.mana_sources(found)
        objects = state.objects
        # what they give is the same for the same offers, timing, pool, sources, tapped permanents and ways of
        # the special actions
        now = (sorcery, tuple(pool.items()), sources,
               tuple([objects[a.object_id].tapped for a in found.activations]), ways)
        listed = self._listed[player].get(now) if not found.flash else None
        if listed is None:
            pay = payer(pool, sources)
            listed = (self._casts(player, found, sorcery, pay) + self._activations(found, pool, sources, pay)
                      + self._specials(found, ways, sources, pay))
            if not found.flash:
                self._listed[player][now] = listed
        return listed

    def offers(self, player: str) -> Offers:
        """What the player's objects offer to do by the steady state (offers.py), kept while it stays the same and
        beyond, while what it reads (`FOOTPRINT`) does: each part of that known the same by its stamps alone while
        they are (`footprint_stamps`), else read again; each of its three sides while what that side reads does."""
        journal = self.game.state.journal
        kept = self._offers.get(player)
        if kept is not None and journal.holds(kept[0]):
            return kept[3]
        stamps = footprint_stamps(self.game, player)
        last = kept[4] if kept is not None else None
        parts = (0, 1, 2) if stamps is None or last is None else [i for i in range(3) if stamps[i] != last[i]]
        if not parts:
            self._offers[player] = ((journal.steady(), None), *kept[1:4], stamps)
            return kept[3]
        game, ref = self.game, self.ref
        key, seen = journal.computed(lambda: tuple([read(game, ref, player) if i in parts else kept[1][i]
                                                    for i, read in enumerate(FOOTPRINT)]))
        if kept is not None and kept[1] == seen:
            sides, found = kept[2], kept[3]
        else:
            was, sides = (kept[1], kept[2]) if kept is not None else ((None,) * 3, (None,) * 3)
            known = self._castables
            sides = (sides[0] if was[0] == seen[0] else hand_offers(game, ref, player, known),
                     sides[1] if was[1] == seen[1] else other_card_offers(game, ref, player, known),
                     sides[2] if was[2] == seen[2] else permanent_offers(game, ref, player, self._abilities))
            found = offers(*sides)
            self._listed[player] = {}
        self._offers[player] = (key, seen, sides, found, stamps if key is not None and key[1] is None else None)
        return found

    def _lands(self, player: str, found: Offers, sorcery: bool) -> list[Action]:
        """305.1-305.2: in the player's main phase with an empty stack (`sorcery`: sorcery timing, `Game.
        sorcery_timing`, and nothing on the stack), a land from the hand if fewer were played than allowed and
        nothing says the player can't (101.2). One land a turn is always allowed (305.2: effects only add to it), so
        how many are is read once one was played."""
        game, state = self.game, self.game.state
        if not found.lands or not sorcery or state.stack:
            return []
        played = state.players[player].lands_played
        if played and played >= game.lands_allowed(player) or game.forbidding(player, ast.PLAY_LANDS) is not None:
            return []
        return [Action("play", text, object_id=i) for i, text in found.lands]

    def _casts(self, player: str, found: Offers, sorcery: bool, pay: Payer) -> list[Action]:
        """601.2: the ways of casting the player's cards (offers.py) that the timing allows now (307.1, 304.1, as though
        it had flash: 609.4, 702.8a) and whose mana their mana can pay (`pay`: `payer`); the first way of each text."""
        flash = not sorcery and found.flash
        out: list[Action] = []
        texts: set[str] = set()
        for castable in found.casts:
            printed = castable.printed
            timely = sorcery or castable.instant_speed or flash and self.game.as_though_flash(player, printed)
            for way in castable.ways:
                if not (sorcery if way.sorcery else timely):
                    continue
                plan = pay(way.mana)
                if plan is not None and way.text not in texts:
                    texts.add(way.text)
                    out.append(Action("cast", way.text, object_id=castable.object_id, value=way.value,
                                      **self.paying(plan)))
        return out

    def _activations(self, found: Offers, pool: Counter, sources: tuple[Source, ...], pay: Payer) -> list[Action]:
        """602.2: the abilities of the player's permanents other than mana abilities (offers.py) whose {T} or {Q}
        can be paid, their mana paid by sources other than the permanent itself (`pay`: by all of them)."""
        objects = self.game.state.objects
        out = []
        for ability in found.activations:
            i = ability.object_id
            if (ability.tap or ability.untap) and objects[i].tapped == ability.tap:
                continue
            others = tuple([s for s in sources if s.object_id != i])
            plan = pay(ability.mana) if len(others) == len(sources) else pay_plan(ability.mana, pool, others)
            if plan is not None:
                out.append(Action("activate", ability.text, object_id=i, value=mana_value(ability.mana),
                                  answers=ability.answers, **self.paying(plan)))
        return out

    def _ways_now(self, player: str, specials: tuple) -> tuple:
        """The ways of each special action the player's offers name (`_special_ways`), kept while what they read
        stays the same (`Journal.computed`: at the steady stamp unless they read volatile state)."""
        journal = self.game.state.journal
        kept = self._all_ways.get(player)
        if kept is not None and kept[1] is specials and journal.holds(kept[0]):
            return kept[2]
        key, ways = journal.computed(lambda: tuple([self._special_ways(player, i, pattern)
                                                    for i, pattern, _ in specials]))
        self._all_ways[player] = (key, specials, ways)
        return ways

    def _special_ways(self, player: str, object_id: int, pattern: str) -> tuple:
        """`Game.special_ways` for a special action on the object, kept while what it read stays the same: what
        it read of the object (`Game.ways_reads`), where it read only that; else the state."""
        where = (player, object_id, pattern)
        reads = self.game.ways_reads(object_id, pattern)
        context = self._contexts.get(player) or self._contexts.setdefault(player, Context(0, player, None))
        if reads is None:
            kept = self._ways.get(where)
            if kept is None:
                kept = self._ways[where] = Kept(partial(self.game.special_ways, player, object_id, pattern, context))
            return kept.get(self.game.state.journal)
        known = self._object_ways.get(where)
        if known is not None and known[0] == reads[0] and all(map(operator.is_, known[1], reads[1])):
            return known[2]
        value = self.game.special_ways(player, object_id, pattern, context)
        self._object_ways[where] = (*reads, value)
        return value

    def _specials(self, found: Offers, ways: tuple, sources: tuple[Source, ...], pay: Payer) -> list[Action]:
        """116.2: the special actions for the player's objects (offers.py), one for each way that may apply
        (`Game.special_ways`: `ways`, for each of `found.specials`), its name given up front where there are
        several: a cost read is paid by a plan as a cast's is, or the way isn't offered; one not read (or two ways
        of one name) with all the player's sources, the trial telling."""
        out: list[Action] = []
        for (i, _, text), its in zip(found.specials, ways):
            names = [name for name, _ in its]
            for name, mana in its:
                plan = [(s, s.colors[0]) for s in sources] if mana is None or names.count(name) > 1 \
                    else pay(mana)
                if plan is None:
                    continue
                action = Action("special", text, object_id=i, answers=(name,) * (len(its) > 1), **self.paying(plan))
                if action not in out:
                    out.append(action)
        return out

    def _special_can(self, player: str, action: Action) -> bool:
        """A special action's trial, once while the state stays the same (its stamp: the pool's mana, the object
        and what its procedure's requirements read all among it)."""
        stamp = self.game.state.journal.stamp()
        if self._specials_tried[0] != stamp:
            self._specials_tried = (stamp, {})
        tried = self._specials_tried[1]
        key = (action.text, action.answers, action.paid)
        if key not in tried:
            tried[key] = self.can(player, action)
        return tried[key]

    def _attacks(self, player: str) -> list[Action]:
        """508.1: in the beginning of combat step, the active player's creatures that may attack by what each one
        is and its abilities say (`_may_attack`), each alone, every combination of up to MOST_COMBINED of them, or
        all. What holds for the attackers together is the trial's (`checked`): what each may attack and 'can't
        attack alone' (508.1c), requirements (508.1d), costs (508.1g); so a creature that can't attack alone is
        offered with others, never alone. Only the player's untapped creatures are asked about: `attacker_problem`
        refuses the others by that alone (508.1a)."""
        state = self.game.state
        if state.active != player:
            return []
        objects = state.objects
        able = [i for i in state.battlefield if (o := objects[i]).controller == player and not o.tapped
                and self._may_attack(player, i)]
        refs = {i: self.ref(i) for i in able}
        return [self.attack_action(c, refs.__getitem__) for c in _combinations(able)]

    def _may_attack(self, player: str, object_id: int) -> bool:
        """508.1a, 508.1c, 302.6: an untapped creature of the player's, not summoning sick unless it may attack
        anyway, that nothing says can't attack (`attacker_problem`); the trial says the rest."""
        try:
            return "Creature" in self.game.characteristics(object_id).types and \
                self.game.attacker_problem(player, object_id) is None
        except MtgError:
            return True   # what a part not run yet would say: the trial refuses it

    def attack_action(self, attackers: tuple[int, ...], ref: Callable[[int], str] | None = None) -> Action:
        """The attack with these creatures; `ref`: their references if known (`ref`)."""
        refs = ", ".join(map(ref or self.ref, attackers))
        return Action("attack", f"attack with {refs}", pairs=tuple(attackers))

    def _blocks(self, player: str) -> list[Action]:
        """509.1: in the declare attackers step, the defending player's creatures each blocking one attacker
        alone where nothing about the two says it can't (`_may_block`), and every combination of such blocks (up
        to MOST_COMBINED pairs) with each creature blocking one attacker. What holds for the blockers together is
        the trial's (`checked`): 'can't be blocked except by two or more creatures' (menace), 'can't block
        alone', how many each may block (509.1a-b), requirements (509.1c); so a creature with menace is offered
        blocked by two, never by one."""
        state = self.game.state
        if state.active == player:
            return []
        attackers = [i for i in self.game.attackers() if self.game.defending(i) == player]
        if not attackers:
            return []
        blockers = [i for i in state.battlefield if state.objects[i].controller == player
                    and not state.objects[i].tapped and "Creature" in self.game.characteristics(i).types]
        singles = [p for p in itertools.product(attackers, blockers) if self._may_block(player, *p)]
        refs = {i: self.ref(i) for pair in singles for i in pair}
        return [self.block_action(c, refs.__getitem__) for c in _combinations(singles)
                if len({b for _, b in c}) == len(c)]

    def _may_block(self, player: str, attacker: int, blocker: int) -> bool:
        """509.1a-b: an untapped creature of the player's that nothing says can't block, nor block this attacker
        (`blocker_problem`); the trial says the rest."""
        try:
            return self.game.blocker_problem(player, attacker, blocker) is None
        except MtgError:
            return True   # what a part not run yet would say: the trial refuses it

    def block_action(self, pairs: tuple[tuple[int, int], ...], ref: Callable[[int], str] | None = None) -> Action:
        """The blocks of these (attacker, blocker) pairs; `ref`: their references if known (`ref`)."""
        sentences = " ".join(f"block {a} with {', '.join(bs)}." for a, bs in _block_refs(ref or self.ref, pairs))
        return Action("block", sentences, pairs=tuple(pairs))


def declaration_trial(game: "Game", player: str, declaration: tuple) -> None:
    """A trial of `attack` or `block` (combat.py) that stops at the declaration where its step comes next: the
    step ends (500.5) and the declaration is made as the new step's turn-based action (703.4), without the
    state-based actions and triggers that follow as a player would receive priority (117.5), for which no
    declaration is illegal (a triggered ability the interpreter doesn't run is refused as the declaration is
    made). Elsewhere, the whole declaration."""
    state = game.state
    step = "declare attackers" if declaration[0] == "attack" else "declare blockers"
    if state.stack or state.added_steps or not state.turn_actions_done or game._next_step() != (step, False):
        game._declare(player, step, declaration)
        return
    game.refuse_declaring(player, step, declaration)
    game._end_step()
    state.step = step
    game.emit(Event("step_began", state.active, step=step))
    game.declaring = declaration
    try:
        if not game._turn_actions() or game.declaring is not None:
            raise error("E402", f"{player} can't declare {step.split()[1]}: the {step} step's turn-based actions "
                        "need an answer not given", rule="703.4")
    finally:
        game.declaring = None


def _block_refs(ref: Callable[[int], str], pairs: tuple) -> list[tuple[str, list[str]]]:
    by_attacker: dict[int, list[int]] = {}
    for attacker, blocker in pairs:
        by_attacker.setdefault(attacker, []).append(blocker)
    return [(ref(a), [ref(b) for b in bs]) for a, bs in by_attacker.items()]


def _combinations(items: list) -> list[tuple]:
    if len(items) <= MOST_COMBINED:
        return [c for n in range(1, len(items) + 1) for c in itertools.combinations(items, n)]
    return [(i,) for i in items] + [tuple(items)]

