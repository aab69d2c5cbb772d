"""Rules about players: what a player can't do (101.2: a 'can't' beats any 'can'), how many lands a player may
play (305.2) and their maximum hand size (402.2), said by a permanent's static
ability while it is on the battlefield (604.1, 611.3a: the players it names at each moment) or by a resolved
effect for a while (611.2: the players named as it resolved). Each is checked where the game decides the action
is legal, so the legal-action list and the action itself obey it alike: playing a land (305.2), casting a spell
(601.3: the spell as it would be on the stack, from where it is cast; 'more than N each turn' counts every spell
the player cast this turn, before the ability began too), gaining life (119.7; 119.5: a life total set higher);
and where the game counts lands played (305.2a-b) and discards to hand size in the cleanup step (514.1).
"""
from __future__ import annotations

from typing import Iterator, NamedTuple

from ..diagnostics import error
from ..language import ast
from .characteristics import Face
from .damage import any_of_kind, statics_of_kind
from .journal import Kept
from .state import EMBLEM, CardDef, Context, Until
from .steps import Env

#: 101.2: a restriction wins over a permission; the refusal cites it.
RESTRICTION_RULE = "101.2"
#: 402.2: the maximum hand size a player normally has.
HAND_SIZE = 7


class PlayerRule(NamedTuple):
    """A rule about players an effect made for a while (611.2): the players named as it resolved, the words,
    `until` when it ends, and the controller, source and values it was read with."""

    players: tuple[str, ...]
    rule: ast.Node
    until: Until | None
    controller: str
    source_id: int | None
    vars: tuple


class Inherent(NamedTuple):
    """What a designation's triggered abilities are read with, as a source's would be: no object (725.2), the
    player who has it as controller, the designation as the name they go on the stack by."""

    id: None
    controller: str
    card_name: str
    x_paid: None = None


class PlayerRules:
    """What players can't do; a part of `Game`."""

    def player_statics(self, player: str, kind: type) -> Iterator[tuple[ast.Node, Env, int]]:
        """The static abilities of this kind of the permanents that apply to the player now (those naming no
        players are about their controller, 'you'), each with the environment it is read in and its source. None
        where no text in this game has one (`may_have`)."""
        if not self.may_have(kind):
            return
        kept = self._player_statics.get(kind)
        if kept is None:
            kept = self._player_statics[kind] = Kept(lambda: self._player_statics_of(kind))
        for source, rule, values in kept.get(self.state.journal):
            env = self._env_of(source, values)
            named = getattr(rule, "players", None)
            if player in (self.interpreter.players(named, env) if named is not None else [env.player]):
                yield rule, env, source

    def _player_statics_of(self, kind: type) -> tuple[tuple[int, ast.Node, dict], ...]:
        """The static abilities of this kind of the permanents and emblems (114.4: an emblem's abilities work
        there), each with its source and its slots' values; kept while what it read stays the same
        (`GameCore._player_statics`)."""
        sources = [*self.permanents().items(), *((i, self.characteristics(i)) for i in self.emblems())]
        if not any_of_kind([chars.abilities for _, chars in sources], self.rulebook, kind):
            return ()
        return tuple((source, rule, values) for source, chars in sources
                     if statics_of_kind(chars.abilities, self.rulebook, kind)
                     for rule, values in self.statics_with_values(chars, kind))

    def lasting_rules(self, player: str, kind: type) -> Iterator[tuple[ast.Node, Env]]:
        """The effects of this kind resolved spells and abilities gave the player for a while, in the order they
        began, each with the environment it was read in."""
        for lasting in self.state.player_rules:
            if isinstance(lasting.rule, kind) and player in lasting.players:
                yield lasting.rule, Env(lasting.controller, Context(0, lasting.controller, lasting.source_id),
                                        lasting.source_id, dict(lasting.vars))

    def restrictions_on(self, player: str, act: str) -> Iterator[tuple[ast.PlayerRestriction, Env]]:
        """The restrictions about this act that apply to the player now: static abilities of permanents first,
        then effects in the order they began."""
        for rule, env, _ in self.player_statics(player, ast.PlayerRestriction):
            if rule.act == act:
                yield rule, env
        for rule, env in self.lasting_rules(player, ast.PlayerRestriction):
            if rule.act == act:
                yield rule, env

    def forbidding(self, player: str, act: str, spell: int | None = None, zone: str | None = None
                   ) -> ast.PlayerRestriction | None:
        """The first restriction forbidding the player this act now; for a spell (its object on the stack), one
        about spells of its quality, cast from `zone`, or about how many spells the player has cast this turn."""
        for rule, env in self.restrictions_on(player, act):
            if rule.most is not None:
                if self.spells_cast_this_turn(player) >= self.interpreter.number(rule.most, env):
                    return rule
                continue
            if rule.zones and zone not in rule.zones:
                continue
            if spell is not None and not self.interpreter.matches(spell, rule.quality, env):
                continue
            return rule
        return None

    def check_allowed(self, player: str, act: str, what: str, spell: int | None = None,
                      zone: str | None = None) -> None:
        """Refuse the act (E402, 101.2) when a restriction forbids it, quoting its words."""
        rule = self.forbidding(player, act, spell, zone)
        if rule is not None:
            raise error("E402", f"{what}: '{self.words_of(rule)}'", rule=RESTRICTION_RULE)

    def may_gain_life(self, player: str) -> bool:
        """119.7: no restriction says the player can't gain life."""
        return self.forbidding(player, ast.GAIN_LIFE) is None

    def spells_cast_this_turn(self, player: str) -> int:
        """How many spells the player has cast since the current turn began (500.1)."""
        count = 0
        for event in reversed(self.state.events):
            if event.name == "turn_began":
                break
            count += event.name == "cast" and event.player == player
        return count

    def add_player_rule(self, rule: ast.Node, env: Env, players: list[str]) -> None:
        """611.2: a resolved effect about these players (named as it resolved), until its duration ends."""
        if players:
            self.state.player_rules.append(PlayerRule(tuple(players), rule, self.until(rule.duration, env), env.player,
                                                      env.source_id, tuple(env.vars.items())))

    def create_emblem(self, player: str, abilities: tuple[ast.Node, ...]) -> None:
        """114.3: the player puts an emblem with these abilities into the command zone; they own and control it.
        It has no characteristics but its abilities (114.2: no name), and is no card (114.5)."""
        card = CardDef("Emblem", Face(None, None, frozenset(), (), (), (), None, None, abilities))
        emblem = self.state.create(card, player, "command")
        emblem.designations = frozenset({EMBLEM})

    def emblems(self) -> list[int]:
        """The emblems in the command zone, each player's in turn order (114.4: their abilities function there)."""
        state = self.state
        return [i for player in state.order for i in state.players[player].zones["command"]
                if EMBLEM in state.objects[i].designations]

    def designate_player(self, player: str, designation: str) -> None:
        """725.1: the player gets the designation; one that one player at a time has leaves any other (725.3)."""
        state = self.state
        if designation in self.rulebook.exclusive_designations:
            for other in state.players.values():
                if designation in other.designations:
                    other.designations = other.designations - {designation}
        state.players[player].designations = state.players[player].designations | {designation}

    def pass_designations(self, leaving: list[str]) -> None:
        """725.4: the designations one player at a time has that leaving players had go to the active player, or,
        if the active player is leaving, the next player in turn order who stays."""
        state = self.state
        order = state.order
        start = order.index(state.active)
        heir = next((p for p in order[start:] + order[:start] if p not in leaving and not state.players[p].lost), None)
        for name in leaving:
            for designation in sorted(state.players[name].designations & self.rulebook.exclusive_designations):
                if heir is not None:
                    self.designate_player(heir, designation)
            state.players[name].designations = frozenset()

    def inherent_triggers(self) -> list[tuple["Inherent", list]]:
        """725.2: the triggered abilities a player's designations give, with no source, controlled by that player."""
        found = []
        for name in [p for p in self.state.order if not self.state.players[p].lost]:
            for designation in sorted(self.state.players[name].designations):
                abilities = [(a, {}) for a in self.rulebook.designation_abilities.get(designation, ())
                             if isinstance(a, ast.TriggeredAbility)]
                if abilities:
                    found.append((Inherent(None, name, designation), abilities))
        return found

    def lands_allowed(self, player: str) -> int:
        """305.2: how many lands the player may play this turn: one, and as many more as static abilities ('on each
        of your turns', during that player's turn) and effects for this turn say."""
        extra = [(rule, env) for rule, env, _ in self.player_statics(player, ast.ExtraLands)
                 if self.state.active == player]
        extra += self.lasting_rules(player, ast.ExtraLands)
        return 1 + sum(max(0, self.interpreter.number(rule.count, env)) for rule, env in extra)

    def max_hand_size(self, player: str) -> int | None:
        """402.2: seven, as the static abilities about it change it, in timestamp order: 'no maximum' (None),
        'is N', 'is reduced (increased) by N' (never below none)."""
        size: int | None = HAND_SIZE
        found = sorted(self.player_statics(player, ast.HandSize), key=lambda f: self.state.objects[f[2]].timestamp)
        for rule, env, _ in found:
            if rule.amount is None:
                size = None
            elif rule.change == 0:
                size = self.interpreter.number(rule.amount, env)
            elif size is not None:
                size = max(0, size + rule.change * self.interpreter.number(rule.amount, env))
        return size

    def end_player_rules(self, over) -> None:
        """The restrictions whose duration is over end (611.2a)."""
        if any(over(r.until) for r in self.state.player_rules):
            self.state.player_rules = [r for r in self.state.player_rules if not over(r.until)]
