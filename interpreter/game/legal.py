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
cost. A special action (turning a permanent face up) is tried with every source tapped. Trials short-cut the
mana abilities (each planned source tapped and its mana added); the game itself runs them when the action is
taken.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..diagnostics import MtgError
from ..language import ast
from .choices import Choice, Chooser
from .journal import Kept, Key
from .mana import mana_value, parse_cost, parse_pool
from .optional_costs import split_cost
from .state import GameObject
from .steps import keyword_abilities
from .turns import MAIN_PHASES

if TYPE_CHECKING:
    from .game import Game

#: The most attackers (blockers) whose every combination is offered; beyond it, each one alone and all.
MOST_COMBINED = 4
#: The zones a player may cast their cards from (601.2a): a keyword ability or an effect allows the others.
CAST_ZONES = ("hand", "graveyard", "exile")
ANY = "WUBRGC"


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


@dataclass(frozen=True)
class Source:
    """An untapped permanent with a '{T}: Add ...' ability producing one mana of one of `colors`."""

    object_id: int
    colors: str
    label: str | None   # how the ability is named when the permanent has several (602.2a)


class UpFront:
    """A chooser giving answers decided up front to the first question that offers each, the rest to `then`."""

    def __init__(self, answers: tuple[str, ...], then: Chooser):
        self.answers, self.then = list(answers), then

    def answer(self, choice: Choice, match):
        if self.answers and choice.kind in ("option", "yes_no") and self.answers[0] in choice.answers():
            return self.answers.pop(0)
        return self.then.answer(choice, match)


# ------------------------------------------------------------ references
def ref_of(game: "Game", object_id: int, player: str) -> str:
    """A reference `game.find` resolves to exactly this object: holder.zone:Name, with #K when needed."""
    state = game.state
    obj = state.objects[object_id]
    holder = obj.controller if obj.zone == "battlefield" else obj.owner
    listed = (state.battlefield if obj.zone == "battlefield" else [s.object_id for s in state.stack]
              if obj.zone == "stack" else state.players[holder].zones[obj.zone])
    same = [i for i in listed if i is not None and (o := state.objects[i]).card_name == obj.card_name
            and (o.controller if o.zone == "battlefield" else o.owner) == holder]
    ref = f"{holder}.{obj.zone}:{obj.card_name}"
    if len(same) == 1:
        return ref
    return f"{ref}#{game.ordered(same, player).index(object_id) + 1}"


# ------------------------------------------------------------ paying mana
def mana_abilities(game: "Game", player: str) -> list[tuple[Source, bool]]:
    """The permanents the player controls with a '{T}: Add ...' ability of one mana, tapped or not, each with
    whether it is a creature (one summoning sick can't tap for mana, 302.6)."""
    state = game.state
    found = []
    for i in state.battlefield:
        obj = state.objects[i]
        if obj.controller != player or obj.phased_out:
            continue
        chars = game.characteristics(i)
        abilities = [a for a in chars.abilities if isinstance(a, ast.ActivatedAbility)]
        for ability in abilities:
            colors = _one_mana(game, player, ability, obj) if _mana_ability(ability) else ""
            if colors:
                labels = [k for k, a in game.ability_options(abilities).items() if a is ability]
                label = labels[0] if len(abilities) > 1 and labels else None
                found.append((Source(i, colors, label), "Creature" in chars.types))
                break
    return found


_MANA_ABILITY: dict[int, tuple[ast.ActivatedAbility, bool]] = {}


def _mana_ability(ability: ast.ActivatedAbility) -> bool:
    """`is_mana_ability`, read once per ability (the ability is kept, so its id stays its own)."""
    known = _MANA_ABILITY.get(id(ability))
    if known is None:
        known = _MANA_ABILITY[id(ability)] = (ability, ability.is_mana_ability)
    return known[1]


def _one_mana(game: "Game", player: str, ability: ast.ActivatedAbility, obj: "GameObject") -> str:
    """The colors a '{T}: Add ...' ability of one mana may make, or '' for any other ability."""
    if ability.cost_changes or ability.limits or [
            (c.kind, c.mana) for c in ability.costs] != [("mana", "{T}")]:
        return ""
    adds = [n for n in ast.walk(ability.effect) if isinstance(n, ast.AddMana)]
    if not isinstance(ability.effect, ast.AddMana) or len(adds) != 1:
        return ""
    node = adds[0]
    if node.count is not None and not (isinstance(node.count, ast.IntValue) and node.count.value == 1):
        return ""
    if node.makes:
        pools = [parse_pool(made) for made in node.makes]
        return "".join(t for pool in pools for t in pool) if all(sum(p.values()) == 1 for p in pools) else ""
    if node.chosen is not None:   # the color its object chose as it entered (607.2d)
        return obj.chosen_mana()
    return "WUBRG" if node.any_color else "".join(game.land_mana_types(player))


def pay_plan(cost: tuple[str, ...], pool: Counter, sources: list[Source]
             ) -> list[tuple[Source, str]] | None:
    """Which sources to tap, and for which color, so that the pool then pays the cost (X as 0; a Phyrexian
    symbol with its color when it can, else life; {2/C} with its color only); None: it can't (or not so)."""
    needs: list[str] = []
    for symbol in cost:
        if symbol.isdigit():
            needs.extend([ANY] * int(symbol))
        elif symbol in ANY:
            needs.append(symbol)
        elif "/" in symbol:
            halves = [h for h in symbol.split("/") if h in ANY]
            needs.append("".join(halves) if not symbol.endswith("/P") else "?" + halves[0])
        elif symbol != "X":
            return None
    units: list[tuple[str, Source | None]] = [(color, None) for color, n in pool.items() for _ in range(n)]
    units += [(s.colors, s) for s in sources]
    needs.sort(key=lambda need: (need.startswith("?"), len(need)))
    used: list[tuple[Source, str]] = []
    for need in needs:
        optional = need.startswith("?")
        allowed = need.lstrip("?")
        fitting = [u for u in units if set(u[0]) & set(allowed)]
        if not fitting:
            if optional:
                continue
            return None
        unit = min(fitting, key=lambda u: (u[1] is not None, len(u[0])))
        units.remove(unit)
        if unit[1] is not None:
            color = next(c for c in allowed if c in unit[0]) if allowed != ANY else unit[0][0]
            used.append((unit[1], color))
    return used




# ------------------------------------------------------------ listing
class Legal:
    """The legal actions of one game, with the commands it parsed (each text once)."""

    def __init__(self, game: "Game", parsed: dict | None = None):
        self.game = game
        self._parsed: dict[str, ast.Node] = {} if parsed is None else parsed   # may be shared by games
        self._specials_tried: dict[tuple, bool] = {}   # (turn, text, mana paid with) -> whether it ran
        # kept while what they read stays the same (journal.py): references, each player's mana abilities
        self._refs: dict[tuple[int, str], tuple[Key, str]] = {}
        self._mana: dict[str, Kept[list[tuple[Source, bool]]]] = {}

    def ref(self, object_id: int, player: str) -> str:
        """`ref_of`, kept while what it read stays the same."""
        journal = self.game.state.journal
        found = self._refs.get((object_id, player))
        if found is None or not journal.holds(found[0]):
            found = self._refs[object_id, player] = journal.computed(lambda: ref_of(self.game, object_id, player))
        return found[1]

    def mana_sources(self, player: str) -> list[Source]:
        """The player's untapped permanents with a '{T}: Add ...' ability of one mana (not summoning sick)."""
        if player not in self._mana:
            self._mana[player] = Kept(lambda: mana_abilities(self.game, player))
        objects = self.game.state.objects
        return [s for s, creature in self._mana[player].get(self.game.state.journal)
                if not objects[s.object_id].tapped and not (creature and objects[s.object_id].summoning_sick)]

    def paying(self, player: str, plan: list[tuple[Source, str]]) -> dict:
        """The fields of an Action that pays with the plan: its mana steps, and what they pay (for trials)."""
        return {"mana": tuple((f"activate {self.ref(s.object_id, player)}",
                               tuple(a for a in (s.label, color if len(s.colors) > 1 else None) if a))
                              for s, color in plan),
                "paid": tuple((s.object_id, color) for s, color in plan)}

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
                game.attack(player, None, [self.ref(i, player) for i in action.pairs])
            elif action.kind == "block":
                game.block(player, _block_refs(self.ref, player, action.pairs))
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
        """Whether a candidate is legal: passing, a land, attackers and blockers are when listed; spells,
        abilities and special actions when a trial runs them."""
        if action.kind in ("cast", "activate"):
            return self.can(player, action)
        if action.kind == "special":
            return self._special_can(player, action, self.game.state.players[player].pool)
        return True

    def candidates(self, player: str) -> list[Action]:
        """The player's possible actions by what the state says (timing, mana, untapped creatures), passing
        first; the spells, abilities and special actions among them still need `checked` (a trial each), so a
        player who picks one at random tries only the one it picked."""
        state = self.game.state
        if state.ended:
            return []
        step = state.step
        if step == "untap" or step == "cleanup" and not state.priority_in_cleanup:
            return [PASS]
        journal = state.journal
        mark = journal.mark()   # nothing changes; while it is open, characteristics are computed once
        try:
            return self._candidates(player)
        finally:
            journal.rollback(mark)

    def _candidates(self, player: str) -> list[Action]:
        state = self.game.state
        found_sources: list[list[Source]] = []

        def sources() -> list[Source]:   # computed once, and only when something costs mana
            if not found_sources:
                found_sources.append(self.mana_sources(player))
            return found_sources[0]
        pool = state.players[player].pool
        found = [PASS, *self._lands(player), *self._casts(player, pool, sources),
                 *self._activations(player, pool, sources), *self._specials(player, sources)]
        if not state.stack:
            found += self._attacks(player) + self._blocks(player)
        return found

    def _lands(self, player: str) -> list[Action]:
        """305.1-305.2: in the player's main phase with an empty stack, a land from the hand if none was played and
        nothing says the player can't (101.2)."""
        game, state = self.game, self.game.state
        if state.active != player or state.step not in MAIN_PHASES or state.stack or \
                state.players[player].lands_played >= game.lands_allowed(player) or game.forbidding(player, ast.PLAY_LANDS) is not None:
            return []
        return [Action("play", f"play {self.ref(o.id, player)}", object_id=o.id)
                for o in _distinct(state.in_zone("hand", player)) + self._playable(player)
                if "Land" in o.card.front.characteristics().types]

    def _playable(self, player: str) -> list[GameObject]:
        """The cards outside the hand (theirs or not) that an effect lets the player play (601.2a)."""
        state = self.game.state
        return [o for figures in state.players.values() for zone in CAST_ZONES[1:]
                for o in _distinct([state.objects[i] for i in figures.zones[zone]
                                    if state.objects[i].playable_by == player])]

    def _casts(self, player: str, pool: Counter, sources: Callable[[], list[Source]]) -> list[Action]:
        """601.2: spells the player may cast now whose mana cost their mana can pay: from the hand; from
        another zone or for an alternative cost where a keyword ability of the card allows it (118.9, 601.2a:
        'cast REF from graveyard using KEYWORD'), or face down (708.4); and cards an effect lets them play
        from exile."""
        game = self.game
        sorcery = game.sorcery_timing(player)
        flash = not sorcery and any(isinstance(a, ast.AsThoughFlash) for o in game.state.in_zone("battlefield", player)
                                    for a in game.characteristics(o.id).abilities)
        out = []
        own = [o for zone in CAST_ZONES for o in _distinct(game.state.in_zone(zone, player))]
        for obj in own + [o for o in self._playable(player) if o.owner != player]:
            printed = obj.card.front.characteristics()
            printed_cost = tuple(printed.mana_cost or ())
            ref = self.ref(obj.id, player)
            ref = ref.split(".", 1)[1] if obj.owner == player else ref
            timely = sorcery or "Instant" in printed.types or flash and game.as_though_flash(player, printed)
            ways: list[tuple[str, tuple[str, ...], int]] = []   # (text, mana cost, mana value)
            if "Land" not in printed.types and timely and (obj.zone == "hand" or obj.playable_by == player):
                ways.append((f"cast {ref}" + ("" if obj.zone == "hand" else f" from {obj.zone}"), printed_cost,
                             mana_value(printed_cost)))
            for permission, keyword, definition in game.keyword_statics(printed.abilities, ast.CastPermission):
                if obj.owner != player or permission.zone != obj.zone or not (sorcery if permission.face_down else timely):
                    continue
                cost = permission.cost
                try:
                    mana = printed_cost if cost is None else split_cost(
                        dict(keyword.args).get(cost.name) if isinstance(cost, ast.Var) else cost)[0]
                except MtgError:
                    continue
                if permission.face_down is not None:
                    ways.append((f"cast {ref} face down", mana, mana_value(mana)))
                else:
                    source = "" if obj.zone == "hand" else f" from {obj.zone}"
                    ways.append((f"cast {ref}{source} using {definition.option_name or definition.name}", mana,
                                 mana_value(printed_cost)))
            for text, mana, value in ways:
                plan = pay_plan(mana, pool, sources())
                if plan is not None and all(a.text != text for a in out):   # the first way of each text
                    out.append(Action("cast", text, object_id=obj.id, value=value, **self.paying(player, plan)))
        return out

    def _activations(self, player: str, pool: Counter, sources: Callable[[], list[Source]]) -> list[Action]:
        """602.2: abilities of the player's permanents other than mana abilities, their mana paid by sources
        other than the permanent itself."""
        game, state = self.game, self.game.state
        out = []
        for i in state.battlefield:
            obj = state.objects[i]
            if obj.controller != player or obj.phased_out:
                continue
            abilities = [a for a in game.characteristics(i).abilities if isinstance(a, ast.ActivatedAbility)]
            if all(_mana_ability(a) for a in abilities):
                continue
            options = game.ability_options(abilities)
            for label, ability in options.items():
                if _mana_ability(ability):
                    continue
                symbols = tuple(s for c in ability.costs if c.kind == "mana" for s in parse_cost(c.mana, True))
                if ("T" in symbols or "Q" in symbols) and obj.tapped == ("T" in symbols):
                    continue
                mana = tuple(s for s in symbols if s not in ("T", "Q"))
                plan = pay_plan(mana, pool, [s for s in sources() if s.object_id != i])
                if plan is None:
                    continue
                out.append(Action("activate", f"activate {self.ref(i, player)}", object_id=i,
                                  value=mana_value(mana), answers=(label,) if len(options) > 1 else (),
                                  **self.paying(player, plan)))
        return out

    def _specials(self, player: str, sources: Callable[[], list[Source]]) -> list[Action]:
        """116.2: the special actions the rules files define, for the objects they can be about: the player's
        face-down permanents ('turn ... face up') and cards in hand with a keyword ability the action names;
        their cost is paid with all the player's mana sources."""
        game, state = self.game, self.game.state
        out = []
        for pattern in game.rulebook.special_actions:
            words = set(pattern.lower().split())
            if "face" in words:
                objects = [state.objects[i] for i in state.battlefield
                           if state.objects[i].controller == player and state.objects[i].face_down]
            else:
                objects = [o for o in _distinct(state.in_zone("hand", player))
                           if any(k.name.lower() in words for k in keyword_abilities(o.card.front.abilities))]
            everything = self.paying(player, [(s, s.colors[0]) for s in sources()]) if objects else {}
            for obj in objects:
                out.append(Action("special", pattern.replace("{}", self.ref(obj.id, player)), object_id=obj.id,
                                  **everything))
        return out

    def _special_can(self, player: str, action: Action, pool: Counter) -> bool:
        """A special action's trial, once per turn for the same mana: turning a permanent face up (the actions
        the rules files define) depends on the object and the mana to pay with; one the game then refuses is
        an error of the run, never a wrong answer."""
        key = (self.game.state.turn, action.text, action.paid, tuple(sorted(pool.items())))
        if key not in self._specials_tried:
            self._specials_tried[key] = self.can(player, action)
        return self._specials_tried[key]

    def _attacks(self, player: str) -> list[Action]:
        """508.1: in the beginning of combat step, the active player's creatures that may attack, each alone,
        every combination of up to MOST_COMBINED of them, or all."""
        state = self.game.state
        if state.active != player or state.step != "beginning of combat":
            return []
        able = [i for i in state.battlefield if self._may_attack(player, i)
                and self.can(player, Action("attack", "", pairs=(i,)))]
        return [self.attack_action(c) for c in _combinations(able)]

    def _may_attack(self, player: str, object_id: int) -> bool:
        """What the state says of a possible attacker (508.1a, 302.6); the trial says the rest."""
        game = self.game
        obj = game.state.objects[object_id]
        if obj.controller != player or obj.tapped or "Creature" not in game.characteristics(object_id).types:
            return False
        try:
            return not obj.summoning_sick or bool(game.combat_rules(object_id, ast.AttacksDespiteSickness))
        except MtgError:
            return True   # what a part not run yet would say: the trial refuses it

    def attack_action(self, attackers: tuple[int, ...]) -> Action:
        player = self.game.state.active
        refs = ", ".join(self.ref(i, player) for i in attackers)
        return Action("attack", f"attack with {refs}", pairs=tuple(attackers))

    def _blocks(self, player: str) -> list[Action]:
        """509.1: in the declare attackers step, the defending player's creatures each blocking one attacker
        alone, and every legal combination of such blocks (up to MOST_COMBINED pairs)."""
        game, state = self.game, self.game.state
        if state.active == player or state.step != "declare attackers":
            return []
        attackers = [i for i in game.attackers() if game.defending(i) == player]
        blockers = [i for i in state.battlefield if state.objects[i].controller == player
                    and not state.objects[i].tapped and "Creature" in game.characteristics(i).types]
        singles = [p for p in itertools.product(attackers, blockers)
                   if self.can(player, Action("block", "", pairs=(p,)))]
        out = []
        for combination in _combinations(singles):
            if len({b for _, b in combination}) == len(combination):
                action = self.block_action(combination)
                if len(combination) == 1 or self.can(player, action):
                    out.append(action)
        return out

    def block_action(self, pairs: tuple[tuple[int, int], ...]) -> Action:
        game = self.game
        player = next(p for p in game.state.order if p != game.state.active)
        sentences = " ".join(f"block {a} with {', '.join(bs)}." for a, bs in _block_refs(self.ref, player, pairs))
        return Action("block", sentences, pairs=tuple(pairs))


def _block_refs(ref: Callable[[int, str], str], player: str, pairs: tuple) -> list[tuple[str, list[str]]]:
    by_attacker: dict[int, list[int]] = {}
    for attacker, blocker in pairs:
        by_attacker.setdefault(attacker, []).append(blocker)
    return [(ref(a, player), [ref(b, player) for b in bs]) for a, bs in by_attacker.items()]


def _combinations(items: list) -> list[tuple]:
    if len(items) <= MOST_COMBINED:
        return [c for n in range(1, len(items) + 1) for c in itertools.combinations(items, n)]
    return [(i,) for i in items] + [tuple(items)]


def _distinct(objects: list[GameObject]) -> list[GameObject]:
    """One object of each card name (the same card twice is the same action)."""
    seen: dict[str, GameObject] = {}
    for obj in objects:
        seen.setdefault(obj.card_name, obj)
    return list(seen.values())
