"""Scenario expectations (SCENARIOS.md, "Expectations" and "More expectations"): what must hold of a game
after a step or at the end. Only what is listed is checked; the first thing that doesn't hold is a `Failure`
naming the key, what was expected and what is so."""
from __future__ import annotations

from ..game.choices import Ref
from ..game.game import Game
from ..game.mana import format_pool, parse_pool
from ..game.state import PLAYER_ZONES, StackItem
from ..game.view import PLAYER_FACTS, VIEW_ZONES, entry, view

#: What an expected object may say (a zone entry, or a spell on the stack).
ENTRY_KEYS = {"card", "name", "face_down", "tapped", "counters", "power", "toughness", "types", "subtypes",
              "colors", "mana_value", "token", "controller", "revealed", "attached_to", "exerted", "damage",
              "attacking", "blocking", "blocked", "transformed", "phased_out"}
#: A spell on the stack may also say whether it is a copy (707.10).
STACK_KEYS = ENTRY_KEYS | {"copy"}
#: What an expected ability on the stack may say: its name as on the stack ('trigger:SOURCE') and controller.
ABILITY_KEYS = {"name", "controller"}
SET_KEYS = {"types", "subtypes", "colors"}
#: Entry keys whose value is an object reference, or a list of them.
REFERENCE_KEYS = {"attached_to", "attacking", "blocking"}


class Failure(Exception):
    """An expectation that did not hold (not a user error: a failed test)."""


class Expectations:
    """Checks expectations against one game."""

    def __init__(self, game: Game, room_kind: str):
        self.game = game
        self.room_kind = room_kind   # the rules files' name of a card with rooms (309)

    def check(self, expect: dict, when: str) -> None:
        state = self.game.state
        facts = {"at": state.step, "turn": state.turn, "active": state.active, "winner": state.winner}
        for key, wanted in expect.items():
            if key in facts:
                if facts[key] != wanted:
                    raise Failure(f"at {when}: {key}: expected {wanted!r}, actual {facts[key]!r}")
            elif key == "stack":
                self.check_stack(list(wanted or []), when)
            elif key == "events":
                self.check_events(wanted or [], when)
            elif key == "no_events":
                for spec in wanted or []:
                    if isinstance(spec, dict) and "count" in spec:   # not exactly that many times
                        if self.count(spec) == spec["count"]:
                            raise Failure(f"at {when}: no_events: {_short_spec(spec)} happened {spec['count']} times")
                        continue
                    hit = next((e for e in state.events if _event_matches(spec, e)), None)
                    if hit:
                        raise Failure(f"at {when}: no_events: {spec} happened: {hit.as_json()}")
            elif key == "view":
                for viewer, players in wanted.items():
                    seen = view(self.game, viewer)
                    for player, figures in players.items():
                        self.check_seen(seen[player], figures, f"view of {viewer}: {player}", when)
            elif key in state.players:
                self.check_player(key, wanted or {}, when)
            else:
                raise Failure(f"at {when}: unknown expectation '{key}'")

    def check_seen(self, seen: dict, wanted: dict, what: str, when: str) -> None:
        """A player as a viewer sees them: zones and public figures."""
        for key, value in wanted.items():
            if key in VIEW_ZONES:
                self.check_zone(seen[key], value, f"{what}.{key}", when, ordered=key == "library")
            elif key in PLAYER_FACTS:
                problem = _figure_problem(key, value, seen[key])
                if problem:
                    raise Failure(f"at {when}: {what}.{problem}")
            else:
                raise Failure(f"at {when}: {what}.{key}: not part of what a player sees")

    def check_stack(self, wanted: list, when: str) -> None:
        """The stack, bottom first: each entry a name ('trigger:SOURCE' or 'ability:SOURCE' for an ability),
        or a mapping like a zone entry (an ability's: its `name` as on the stack and its `controller`)."""
        stack = self.game.state.stack
        actual = [_label(item) for item in stack]
        problems = [self._stack_problem(w, a, item) for w, a, item in zip(wanted, actual, stack)]
        if len(wanted) != len(actual) or any(problems):
            problem = next((p for p in problems if p), "")
            raise Failure(f"at {when}: stack: expected {[_short_spec(w) for w in wanted]}, actual {actual}"
                          + (f" ({problem})" if problem else ""))

    def _stack_problem(self, wanted: object, label: str, item: StackItem) -> str | None:
        if not isinstance(wanted, dict):
            return None if str(wanted).lower() == label.lower() else f"expected '{wanted}'"
        if item.object_id is not None:
            return _entry_problem(wanted, entry(self.game, self.game.state.objects[item.object_id]), STACK_KEYS)
        for key, value in wanted.items():
            if key not in ABILITY_KEYS:
                return f"{label} is an ability: it has no '{key}'"
            have = label if key == "name" else item.controller
            if str(value).lower() != have.lower():
                return f"{key}: expected {value!r}, actual {have!r}"
        return None

    def count(self, spec: dict) -> int:
        return sum(1 for e in self.game.state.events if _event_matches(spec, e))

    def check_events(self, wanted: list, when: str) -> None:
        """Events in this order (others may come between); an entry with `count` happened exactly that many
        times, wherever."""
        events = self.game.state.events
        position = 0
        for spec in wanted:
            if isinstance(spec, dict) and "count" in spec:
                happened = self.count(spec)
                if happened != spec["count"]:
                    raise Failure(f"at {when}: events: {_short_spec(spec)} happened {happened} times")
                continue
            while position < len(events) and not _event_matches(spec, events[position]):
                position += 1
            if position == len(events):
                names = [e.as_json() for e in events]
                raise Failure(f"at {when}: events: {spec} did not happen in order; events were {names}")
            position += 1

    def check_player(self, player: str, wanted: dict, when: str) -> None:
        game = self.game
        figures = game.state.players[player]
        for key, value in wanted.items():
            if key in ("life", "counters", "lands_played", "lost"):
                problem = _figure_problem(key, value, getattr(figures, key))
                if problem:
                    raise Failure(f"at {when}: {player}.{problem}")
            elif key == "mana":
                if +parse_pool(value) != +figures.pool:
                    raise Failure(f"at {when}: {player}.mana: expected '{value}', actual '{format_pool(figures.pool)}'")
            elif key == self.room_kind:
                marker = figures.marker
                actual = None if marker is None else {"name": game.state.objects[marker[0]].card_name,
                                                      "room": marker[1]}
                if actual != (dict(value) if value else None):
                    raise Failure(f"at {when}: {player}.{key}: expected {value}, actual {actual}")
            elif key == f"completed_{self.room_kind}s":
                if list(value or []) != figures.completed:
                    raise Failure(f"at {when}: {player}.{key}: expected {value}, actual {figures.completed}")
            elif key in ("battlefield", "stack") + PLAYER_ZONES:
                actual = [entry(game, o) for o in game.state.in_zone(key, player, phased=True)]
                self.check_zone(actual, value, f"{player}.{key}", when, ordered=key == "library")
            else:
                raise Failure(f"at {when}: {player}.{key}: not supported yet")

    def check_zone(self, actual: object, wanted: object, what: str, when: str, ordered: bool) -> None:
        if isinstance(wanted, dict) and set(wanted) <= {"size", "top"} and "size" in wanted:
            size = actual["size"] if isinstance(actual, dict) else len(actual)
            if size != wanted["size"]:
                raise Failure(f"at {when}: {what}: expected {wanted['size']} objects, actual {size}")
            if "top" in wanted:  # the top card of a hidden library the viewer may look at (401.2)
                seen = actual.get("top") if isinstance(actual, dict) else actual[:1]
                if seen is None:
                    raise Failure(f"at {when}: {what}: its top card can't be seen")
                self.check_zone(seen, wanted["top"], f"{what}.top", when, ordered=True)
            return
        if isinstance(actual, dict):
            raise Failure(f"at {when}: {what}: hidden, only its size ({actual['size']}) can be seen")
        wanted = list(wanted or [])
        shown = [_short(a) for a in actual]
        if len(actual) != len(wanted):
            raise Failure(f"at {when}: {what}: expected {len(wanted)} objects {[_short_spec(w) for w in wanted]}, "
                          f"actual {len(actual)}: {shown}")
        if ordered:
            for n, (a, w) in enumerate(zip(actual, wanted)):
                problem = _entry_problem(w, a)
                if problem:
                    raise Failure(f"at {when}: {what}[{n}]: {problem}; actual {shown}")
            return
        if not _match_all(list(actual), wanted):
            for w in wanted:
                if not any(_entry_problem(w, a) is None for a in actual):
                    closest = min(actual, key=lambda a: len(_entry_problem(w, a) or ""))
                    raise Failure(f"at {when}: {what}: no object matches {_short_spec(w)} "
                                  f"({_entry_problem(w, closest)}); actual {shown}")
            raise Failure(f"at {when}: {what}: expected {[_short_spec(w) for w in wanted]}, actual {shown}")


def _label(item: StackItem) -> str:
    """How the stack names an item: a spell by its card, an ability as 'ability:SOURCE' or 'trigger:SOURCE'."""
    if item.object_id is not None:
        return item.source_name
    return ("ability:" if item.activated else "trigger:") + item.source_name


def _figure_problem(key: str, wanted: object, actual: object) -> str | None:
    """Why a player's figure (life, counters, lands played, lost) isn't as expected; `counters: {}` means none."""
    if key == "counters":
        same = {str(k): int(v) for k, v in (wanted or {}).items() if int(v)} == {k: v for k, v in actual.items() if v}
    else:
        same = actual == wanted
    return None if same else f"{key}: expected {wanted!r}, actual {actual!r}"


def _match_all(actual: list[dict], wanted: list) -> bool:
    """A one-to-one matching of wanted entries to actual objects (backtracking; zones are small)."""
    if not wanted:
        return True
    first, rest = wanted[0], wanted[1:]
    for n, candidate in enumerate(actual):
        if _entry_problem(first, candidate) is None and _match_all(actual[:n] + actual[n + 1:], rest):
            return True
    return False


def _refers_to(wanted: object, have: str | None) -> bool:
    """Whether an expected reference (a player's name, or an object reference) names what an entry shows."""
    if have is None:
        return False
    return str(wanted) == have or Ref.parse(str(wanted)).name.lower() == have.lower()


def _entry_problem(wanted: object, actual: dict, keys: set[str] = ENTRY_KEYS) -> str | None:
    """Why an actual entry does not match a wanted one, or None when it does."""
    if not isinstance(wanted, dict):
        if actual["face_down"] or actual["name"] != str(wanted):
            return f"expected face-up '{wanted}', found {_short(actual)}"
        return None
    for key, value in wanted.items():
        if key not in keys:
            return f"unknown key '{key}'"
        have = actual.get(key)
        if key == "face_down":
            ok = (bool(have) == value) if isinstance(value, bool) else have == value
        elif key in SET_KEYS:
            ok = {str(v).lower() for v in value or []} == {str(v).lower() for v in have or []}
        elif key == "counters":
            ok = {str(k): int(v) for k, v in (value or {}).items() if int(v)} == {k: v for k, v in have.items() if v}
        elif key == "blocking":   # the attacker it blocks (one of them, where it blocks several), or false
            ok = not have if value is False else any(_refers_to(value, h) for h in have)
        elif key in REFERENCE_KEYS:   # attached_to, attacking: what it is attached to or attacks; true: anything
            ok = (have is None) if value in (None, False) else have is not None if value is True else \
                _refers_to(value, have)
        elif key not in actual:
            ok = value in (None, False)  # a designation the object doesn't have
        else:
            ok = have == value
        if not ok:
            return f"{key}: expected {value!r}, actual {have!r}"
    return None


def _short(entry_: dict) -> str:
    label = entry_["card"] if entry_["card"] else "face-down card"
    extra = f" face down ({entry_['face_down']})" if entry_["face_down"] else ""
    return label + extra


def _short_spec(spec: object) -> str:
    return str(dict(spec)) if isinstance(spec, dict) else str(spec)


def _event_matches(spec: object, event) -> bool:
    """Whether an event is the one an expected event names (its `count` aside)."""
    if isinstance(spec, str):
        return event.name == spec
    if not isinstance(spec, dict):
        return False
    if spec.get("event") != event.name:
        return False
    if "player" in spec and spec["player"] != event.player:
        return False
    if "card" in spec and (event.card or "").lower() != str(spec["card"]).lower():
        return False
    return "step" not in spec or spec["step"] == event.step
