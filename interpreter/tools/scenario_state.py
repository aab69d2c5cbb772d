"""A scenario's starting state (SCENARIOS.md, "State" and "Where the game stands"): the players and their
figures, the objects in each zone, the turn and its step, and what permanents are to one another (attached,
attacking, blocking). What the rules don't allow at that point of the turn is refused, located in the file
and citing the rule; nothing here is a traceback."""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import MtgError, Span, did_you_mean, error
from ..game.characteristics import entering_counters
from ..game.game import Game
from ..game.mana import parse_pool
from ..game.state import PLAYER_ZONES, STEPS, CardDef, GameObject, GameState, Player
from ..language.rulebook import Rulebook
from .yamlsource import line_of, locate

#: Steps in which creatures may be attacking: from the declaration of attackers until combat ends (508.1k, 511.3).
ATTACKING_STEPS = STEPS[STEPS.index("declare attackers"): STEPS.index("end of combat") + 1]
#: Steps in which creatures may be blocking: from the declaration of blockers until combat ends (509.1g, 511.3).
BLOCKING_STEPS = STEPS[STEPS.index("declare blockers"): STEPS.index("end of combat") + 1]
#: Entry keys that only a permanent can have.
PERMANENT_KEYS = ("damage", "attacking", "blocking", "transformed", "phased_out", "attached_to")
#: Subtypes of the permanents that are attached to others (701.3a).
ATTACHING = {"Aura", "Equipment", "Fortification"}


@dataclass
class Placed:
    """A permanent of the starting state that points at other objects, and where its entry is."""

    obj: GameObject
    spec: dict
    player: str     # whose state lists it (references are searched from that player's zones first)
    line: int


class StartingState:
    """Reads a scenario document's starting state: `read` builds the GameState, `link` then sets what
    permanents are to one another, once a Game can resolve their references as a step's are resolved."""

    def __init__(self, doc: dict, file: str, lines: list[str], cards: dict[str, CardDef], rulebook: Rulebook,
                 reserved: tuple[str, ...] = ()):
        self.doc, self.file, self.lines, self.cards, self.rulebook = doc, file, lines, cards, rulebook
        self.reserved = reserved
        self.placed: list[Placed] = []

    def span(self, line: int, needle: str | None = None) -> Span:
        return locate(self.lines, self.file, line, needle) if self.lines else Span(self.file, line, 1)

    def refuse(self, message: str, line: int, needle: str | None, rule: str | None = None,
               help: str | None = None, code: str = "E111") -> MtgError:
        return error(code, message, self.span(line, needle), rule=rule, help=help)

    def unknown_player(self, name: str, known: list[str], line: int, what: str) -> MtgError:
        reserved = f" ('{name}' is a reserved word, not a player name)" if name in self.reserved else ""
        return self.refuse(f"unknown player '{name}' in {what}{reserved}", line, name, code="E404",
                           help=did_you_mean(name, known))

    # ------------------------------------------------------------ the state
    def read(self) -> GameState:
        doc = self.doc
        order = list(doc.get("players") or ["alice", "bob"])
        active = doc.get("active", order[0])
        if active not in order:
            raise self.unknown_player(str(active), order, line_of(doc), "active")
        step = str(doc.get("at", "main"))
        if step not in STEPS:
            hint = did_you_mean(step, STEPS)
            raise self.refuse(f"unknown step '{step}'" + (f" — {hint}" if hint else ""), line_of(doc), "at",
                              "500.1", help=f"one of: {', '.join(STEPS)}", code="E110")
        state = GameState({p: Player(p) for p in order}, order, active, seed=int(doc.get("seed", 0)))
        state.turn, state.step = int(doc.get("turn", 1)), step
        for player, zones in (doc.get("state") or {}).items():
            if player not in state.players:
                raise self.unknown_player(str(player), order, line_of(zones), "state")
            figures = state.players[player]
            figures.life = zones.get("life", 20)
            figures.pool = parse_pool(zones.get("mana"))
            figures.counters = {str(k): int(v) for k, v in (zones.get("counters") or {}).items()}
            figures.lands_played = int(zones.get("lands_played", 0))
            for zone in ("battlefield",) + PLAYER_ZONES:
                for item in zones.get(zone) or []:
                    self.place(state, player, zone, item, line_of(item, line_of(zones.get(zone), line_of(zones))))
        state.turn_started = state.tick()  # everything in state happened before this turn
        return state

    def card(self, name: str, line: int) -> CardDef:
        if name not in self.cards:
            raise self.refuse(f"unknown card '{name}'", line, name, code="E404",
                              help=did_you_mean(name, self.cards) or "define it under cards:")
        return self.cards[name]

    def place(self, state: GameState, player: str, zone: str, item: object, line: int) -> None:
        spec = item if isinstance(item, dict) else {"card": item}
        name = str(spec.get("card"))
        card = self.card(name, line)
        outside = next((key for key in PERMANENT_KEYS if spec.get(key) not in (None, False, 0)), None)
        if zone != "battlefield" and outside:
            raise self.refuse(f"{name} in {player}'s {zone} can't have '{outside}': only a permanent can", line,
                              outside, "110.1")
        # made controlled by its owner, untapped, not summoning sick, with no counters and no damage: each is
        # written only where the entry says otherwise (a journaled write is a call; most entries name a card alone)
        obj = state.create(card, player, zone)
        controller = spec.get("controller", player)
        if controller != player:
            if controller not in state.players:
                raise self.unknown_player(str(controller), list(state.players), line, "controller")
            obj.controller = controller
        if spec.get("tapped"):
            obj.tapped = True
        if spec.get("summoning_sick"):
            obj.summoning_sick = True
        if spec.get("face_down"):
            obj.face_down, obj.face_down_at = str(spec["face_down"]), state.clock
            obj.extra_abilities = self.rulebook.face_down_ways().get(obj.face_down, ())
        if spec.get("transformed"):
            if card.back is None or obj.face_down:
                why = "it is face down (712.15a)" if obj.face_down else "its card has no back face"
                raise self.refuse(f"{name} can't have its back face up: {why}", line, "transformed", "712.9")
            obj.back_face_up = True
        given = {str(k): int(v) for k, v in (spec.get("counters") or {}).items()}
        # 306.5b, 310.4b: a permanent entered with its printed loyalty or defense as counters
        counters = given if zone != "battlefield" or obj.face_down else entering_counters(obj.face_up) | given
        if counters:
            obj.counters = counters
        if spec.get("damage"):
            obj.damage = int(spec["damage"])
        if spec.get("phased_out"):   # 702.26b: out of the battlefield's list while phased out (phasing.py)
            obj.phased_out = True
            state.battlefield.remove(obj.id)
            state.phased.append(obj.id)
        if any(spec.get(key) for key in ("attacking", "blocking", "attached_to")):
            self.placed.append(Placed(obj, spec, player, line))

    # ------------------------------------------------------------ what permanents are to one another
    def link(self, game: Game) -> None:
        """Attachments, then attackers, then blockers (a blocker needs its attacker); then which attackers
        are blocked (509.1h: from the declare blockers step, an attacker no blocker points at is unblocked)."""
        for placed in self.placed:
            if placed.spec.get("attached_to"):
                self.attach(game, placed)
        for placed in self.placed:
            if placed.spec.get("attacking"):
                self.attack(game, placed)
        for placed in self.placed:
            if placed.spec.get("blocking"):
                self.block(game, placed)
        for obj in game.state.objects.values():
            obj.blocked = obj.attacking is not None and any(obj.id in other.blocking
                                                            for other in game.state.objects.values())

    def find(self, game: Game, placed: Placed, key: str) -> GameObject:
        """The permanent an entry's key names, found as a step's reference would be."""
        text = str(placed.spec[key])
        try:
            return game.find(text, placed.player, ("battlefield",))
        except MtgError as exc:
            raise self.refuse(f"{key}: {exc.diagnostic.message} on the battlefield", placed.line, text,
                              code=exc.diagnostic.code, help=exc.diagnostic.help) from None

    def attach(self, game: Game, placed: Placed) -> None:
        """What the entry is attached to: a permanent, or a player by name (an Aura enchanting a player, 303.4b)."""
        obj, name = placed.obj, placed.obj.card_name
        if not ATTACHING & set(game.characteristics(obj.id).subtypes):
            raise self.refuse(f"{name} is no Aura, Equipment or Fortification: nothing else is attached to a "
                              "permanent", placed.line, "attached_to", "701.3a")
        if placed.spec["attached_to"] in game.state.players:
            obj.attached_to = placed.spec["attached_to"]
            return
        target = self.find(game, placed, "attached_to")
        if target is obj:
            raise self.refuse(f"{name} can't be attached to itself", placed.line, "attached_to", "303.4d")
        obj.attached_to = target.id

    def attack(self, game: Game, placed: Placed) -> None:
        state, obj, name = game.state, placed.obj, placed.obj.card_name
        wanted = placed.spec["attacking"]
        if state.step not in ATTACKING_STEPS:
            raise self.refuse(f"{name} can't be attacking at '{state.step}': creatures attack from the declare "
                              "attackers step until combat ends", placed.line, "attacking", "508.1k",
                              help=f"start the scenario in a combat step: at: {ATTACKING_STEPS[0]}")
        if "Creature" not in game.characteristics(obj.id).types:
            raise self.refuse(f"{name} can't be attacking: only a creature can attack", placed.line, "attacking",
                              "506.3")
        if obj.controller != state.active:
            raise self.refuse(f"{name} can't be attacking: it isn't controlled by the active player "
                              f"({state.active})", placed.line, "attacking", "506.2")
        opponents = [p for p in state.order if p != obj.controller]
        if wanted is True:
            if len(opponents) != 1:
                raise self.refuse(f"{name} is attacking, but not whom: there isn't one opponent to attack",
                                  placed.line, "attacking", "506.2a", help="name the player, planeswalker or battle")
            obj.attacking = opponents[0]
        elif wanted in state.players:
            if wanted not in opponents:
                raise self.refuse(f"{name} can't be attacking its own controller {wanted}", placed.line,
                                  "attacking", "506.2")
            obj.attacking = wanted
        else:
            if str(wanted) == str(wanted).lower() and str(wanted) not in self.cards:  # a player's name, mistyped
                raise self.unknown_player(str(wanted), opponents, placed.line, "attacking")
            target = self.find(game, placed, "attacking")
            types = game.characteristics(target.id).types
            if not {"Planeswalker", "Battle"} & types:
                raise self.refuse(f"{name} can't be attacking {target.card_name}: only a player, a planeswalker or "
                                  "a battle can be attacked", placed.line, "attacking", "506.3")
            if "Battle" not in types and target.controller not in opponents:
                raise self.refuse(f"{name} can't be attacking {target.card_name}: a planeswalker its own "
                                  "controller controls", placed.line, "attacking", "506.2")
            obj.attacking = target.id

    def block(self, game: Game, placed: Placed) -> None:
        state, obj, name = game.state, placed.obj, placed.obj.card_name
        if state.step not in BLOCKING_STEPS:
            raise self.refuse(f"{name} can't be blocking at '{state.step}': creatures block from the declare "
                              "blockers step until combat ends", placed.line, "blocking", "509.1g",
                              help=f"start the scenario in a later step: at: {BLOCKING_STEPS[0]}")
        attacker = self.find(game, placed, "blocking")
        if attacker.attacking is None:
            raise self.refuse(f"{name} can't be blocking {attacker.card_name}: it isn't attacking", placed.line,
                              "blocking", "509.1a", help=f"give {attacker.card_name} 'attacking:'")
        if "Creature" not in game.characteristics(obj.id).types:
            raise self.refuse(f"{name} can't be blocking: only a creature can block", placed.line, "blocking",
                              "506.3")
        attacked = attacker.attacking
        defending = attacked if isinstance(attacked, str) else state.objects[attacked].controller
        battle = isinstance(attacked, int) and "Battle" in game.characteristics(attacked).types
        if obj.controller == state.active or not battle and obj.controller != defending:
            raise self.refuse(f"{name} can't be blocking {attacker.card_name}: {attacker.card_name} isn't attacking "
                              f"{obj.controller}, a planeswalker {obj.controller} controls or a battle "
                              f"{obj.controller} protects", placed.line, "blocking", "509.1a")
        obj.blocking += (attacker.id,)
