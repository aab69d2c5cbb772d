"""Scenario files (the format: rules/SCENARIOS.md): load, run, and check expectations."""
from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import jsonschema

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean, error
from ..game.cards import make_card
from ..game.choices import Chooser, Ref, ScriptedChooser
from ..game.game import Game
from ..game.mana import parse_pool
from ..game.state import PLAYER_ZONES, CardDef, GameState, Player
from ..game.view import entry, view
from ..language import ast
from ..language.checks import check_text, declared_events
from ..language.rulebook import Rulebook
from .schema_errors import Problem, schema_problems
from .sets import SetFile, load_cards, read_set
from .yamlsource import line_of, locate, read_documents

STEP_KEYS = {"choose", "source", "expect", "error"}
ENTRY_KEYS = {"card", "name", "face_down", "tapped", "counters", "power", "toughness", "types", "subtypes",
              "colors", "mana_value", "token", "controller", "revealed", "attached_to", "exerted"}
SET_KEYS = {"types", "subtypes", "colors"}


@dataclass
class Outcome:
    """The result of one scenario."""

    name: str
    file: str
    line: int
    passed: bool
    message: str = ""
    warnings: list[Diagnostic] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"name": self.name, "file": self.file, "line": self.line, "passed": self.passed,
                "message": self.message or None, "warnings": [w.as_json() for w in self.warnings]}


class Failure(Exception):
    """An expectation that did not hold (not a user error: a failed test)."""


def _schema() -> dict:
    return json.loads(resources.files("interpreter.tools").joinpath("scenario.schema.json").read_text())


@functools.cache
def validator(book: Rulebook | None = None) -> jsonschema.Draft202012Validator:
    """The contract's schema, where event names and face-down ways also admit those the loaded
    mechanics declare (a designer's new mechanic records its own events)."""
    schema = _schema()
    if book is not None:
        defs = schema["$defs"]
        defs["event_names"]["enum"] = sorted(set(defs["event_names"]["enum"]) | declared_events(book))
        defs["face_down_how"]["enum"] = sorted(set(defs["face_down_how"]["enum"]) | set(book.face_down_ways()))
    return jsonschema.Draft202012Validator(schema)


def structure_problems_located(doc: object, book: Rulebook | None = None,
                               lines: list[str] | None = None) -> list[Problem]:
    """Structure problems, worded and located (`lines`: the file's text, to quote what YAML read)."""
    out = schema_problems(validator(book), doc, lines or [])
    for step in (doc.get("steps") or []) if isinstance(doc, dict) else []:
        if isinstance(step, dict):
            players = [k for k in step if k not in STEP_KEYS]
            if len(players) > 1 or (not players and set(step) != {"expect"}):
                out.append(Problem("a step needs exactly one player key, or only expect", line_of(step, line_of(doc))))
    return out


def structure_problems(doc: object, book: Rulebook | None = None, lines: list[str] | None = None) -> list[str]:
    """Structure problems of one scenario document, as text."""
    return [problem.text() for problem in structure_problems_located(doc, book, lines)]


def mechanics_of(doc: object, path: Path) -> tuple[str, ...]:
    """The extra rules files a scenario loads (`mechanics:`), as absolute paths."""
    listed = doc.get("mechanics") if isinstance(doc, dict) else None
    return tuple(str((path.parent / str(m)).resolve()) for m in listed) if isinstance(listed, list) else ()


def scenario_files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        else:
            found.append(path)
    return found


class Runner:
    """Runs scenario files, caching one rulebook per set of extra mechanics."""

    def __init__(self, ask: Chooser | None = None, mechanics: tuple[Path, ...] = ()) -> None:
        self.ask = ask   # who answers when a step's choose: list runs out (None: the step fails)
        self.mechanics = tuple(str(p) for p in mechanics)   # the project's own rules, loaded for every scenario
        self._books: dict[tuple[str, ...], Rulebook] = {}
        self._sets: dict[Path, SetFile] = {}

    def rulebook(self, extra: tuple[str, ...]) -> Rulebook:
        if extra not in self._books:
            self._books[extra] = Rulebook.load([Path(p) for p in self.mechanics + extra])
        return self._books[extra]

    def set_file(self, path: Path) -> SetFile:
        """A set file read once per run."""
        key = path.resolve()
        if key not in self._sets:
            self._sets[key] = read_set(path)
        return self._sets[key]

    def set_mechanics(self, doc: object, path: Path) -> tuple[str, ...]:
        """The rules files the scenario's sets ship (their `mechanics:`)."""
        return tuple(m for sf in self.sets_of(doc, path) for m in sf.mechanics)

    def sets_of(self, doc: object, path: Path) -> list[SetFile]:
        listed = doc.get("sets") if isinstance(doc, dict) else None
        return [self.set_file(path.parent / str(s)) for s in listed] if isinstance(listed, list) else []

    def run_file(self, path: Path) -> list[Outcome]:
        try:
            docs, lines = read_documents(path)
        except MtgError as exc:
            return [Outcome(path.name, str(path), 1, False, exc.diagnostic.render())]
        return [self.run(doc, path, lines) for doc in docs]

    def run(self, doc: object, path: Path, lines: list[str] | None = None) -> Outcome:
        line = line_of(doc)
        name = doc.get("name", "(unnamed)") if isinstance(doc, dict) else "(not a mapping)"
        try:
            book = self.rulebook(mechanics_of(doc, path) + self.set_mechanics(doc, path))
        except MtgError as exc:
            return Outcome(str(name), str(path), line, False, exc.diagnostic.render())
        problems = structure_problems(doc, book, lines)
        if problems:
            return Outcome(str(name), str(path), line, False, "; ".join(problems))
        try:
            scenario = Scenario(doc, path, self, lines or [])
            scenario.run()
        except Failure as exc:
            return Outcome(name, str(path), line, False, str(exc), scenario.warnings)
        except MtgError as exc:
            return Outcome(name, str(path), line, False, exc.diagnostic.render())
        return Outcome(name, str(path), line, True, warnings=scenario.warnings)


class Scenario:
    """One scenario document: its cards, its starting game, its steps."""

    def __init__(self, doc: dict, path: Path, runner: Runner, lines: list[str] = ()):
        self.runner = runner
        self._parsed: dict[tuple[str, int], ast.Node] = {}
        self.doc = doc
        self.path = path
        self.file = str(path)
        self.lines = list(lines)
        self.warnings: list[Diagnostic] = []
        sets = runner.sets_of(doc, path)
        self.rulebook = runner.rulebook(mechanics_of(doc, path) + runner.set_mechanics(doc, path))
        self.cards: dict[str, CardDef] = {}
        own = tuple(doc.get("cards") or {})
        for found in sets:  # a set's problems are warnings here: its good cards are still usable
            cards, diagnostics = load_cards(found, self.rulebook, own)
            self.cards.update(cards)
            self.warnings.extend(diagnostics)
        for card_name, data in (doc.get("cards") or {}).items():
            self.cards[card_name] = make_card(card_name, data, self.rulebook, self.file, line_of(data),
                                              self.warnings, names=own + tuple(self.cards))
        self.game = Game(self.rulebook, self.starting_state(), cards=self.cards)

    # ------------------------------------------------------------ setup
    def starting_state(self) -> GameState:
        doc = self.doc
        order = list(doc.get("players") or ["alice", "bob"])
        active = doc.get("active", order[0])
        if active not in order:
            raise error("E404", f"active player '{active}' is not a player", Span(self.file, line_of(doc), 1),
                        help=did_you_mean(active, order))
        state = GameState({p: Player(p) for p in order}, order, active, seed=int(doc.get("seed", 0)))
        for player, zones in (doc.get("state") or {}).items():
            if player not in state.players:
                raise error("E404", f"unknown player '{player}' in state", Span(self.file, line_of(zones), 1),
                            help=did_you_mean(player, order))
            figures = state.players[player]
            figures.life = zones.get("life", 20)
            figures.pool = parse_pool(zones.get("mana"))
            for zone in ("battlefield",) + PLAYER_ZONES:
                for item in zones.get(zone) or []:
                    self._place(state, player, zone, item, line_of(zones.get(zone), line_of(zones)))
        state.turn_started = state.tick()  # everything in state happened before this turn
        return state

    def card(self, name: str, line: int) -> CardDef:
        if name not in self.cards:
            raise error("E404", f"unknown card '{name}'", Span(self.file, line, 1),
                        help=did_you_mean(name, self.cards) or "define it under cards:")
        return self.cards[name]

    def _place(self, state: GameState, player: str, zone: str, item: object, line: int) -> None:
        spec = item if isinstance(item, dict) else {"card": item}
        card = self.card(str(spec.get("card")), line_of(item, line))
        obj = state.create(card, player, zone)
        controller = spec.get("controller", player)
        if controller not in state.players:
            raise error("E404", f"unknown controller '{controller}'", Span(self.file, line, 1),
                        help=did_you_mean(controller, state.players))
        obj.controller = controller
        obj.tapped = bool(spec.get("tapped", False))
        obj.counters = {str(k): int(v) for k, v in (spec.get("counters") or {}).items()}
        obj.summoning_sick = bool(spec.get("summoning_sick", False))
        if spec.get("face_down"):
            obj.face_down, obj.face_down_at = str(spec["face_down"]), state.clock
            obj.extra_abilities = self.rulebook.face_down_ways().get(obj.face_down, ())

    # ------------------------------------------------------------ running
    def run(self) -> None:
        for number, step in enumerate(self.doc["steps"], 1):
            player = next((k for k in step if k not in STEP_KEYS), None)
            if player is not None:
                self.perform(number, step, player)
            if "expect" in step:
                self.check(step["expect"], f"step {number}")
        if "expect" in self.doc:
            self.check(self.doc["expect"], "the end")

    def perform(self, number: int, step: dict, player: str) -> None:
        game = self.game
        where = f"step {number} ({self.file}:{line_of(step)})"
        if player not in game.state.players:
            raise Failure(f"{where}: unknown player '{player}'"
                          + (f" — {did_you_mean(player, game.state.players)}" if did_you_mean(player, game.state.players) else ""))
        text = str(step[player])
        chooser = ScriptedChooser(list(step.get("choose") or []), self.runner.ask)
        before = _serialize(game.state) if "error" in step else None  # to prove a refusal changed nothing
        try:
            action = self.action(player, text, step, line_of(step))
            game.perform(player, action, chooser)
        except MtgError as exc:
            expected = step.get("error")
            message = exc.diagnostic.headline()
            if expected is None:
                raise Failure(f"{where}: '{text}' was refused: {exc.diagnostic.render()}") from None
            if str(expected).lower() not in message.lower():
                raise Failure(f"{where}: expected an error containing '{expected}', got: {message}") from None
            if before is not None and _serialize(game.state) != before:
                raise Failure(f"{where}: the refused step changed the game state")
            return
        if "error" in step:
            raise Failure(f"{where}: expected '{text}' to be refused with '{step['error']}', but it was done")

    def action(self, player: str, text: str, step: dict, line: int):
        """The step's text as a callable action: a command, or effect text resolved at once."""
        game = self.game
        node = self._parsed.get((text, line))
        if node is None:
            node = self._parsed[(text, line)] = self.parse_step(text, line)
        if isinstance(node, ast.ResolveCommand):
            return lambda: game.resolve(player)
        if isinstance(node, ast.CastCommand):
            return lambda: game.cast(player, node)
        if isinstance(node, ast.SpecialActionCommand):
            return lambda: game.special_action(player, node)
        if isinstance(node, ast.ActivateCommand):
            return lambda: game.activate(player, node)

        def run() -> None:
            source = game.find(str(step["source"]), player).id if step.get("source") else None
            game.effect(player, node, source, text)
        return run

    def parse_step(self, text: str, line: int) -> ast.Node:
        """A step's text as a command, or else as effect text (checked); parsed once per scenario."""
        book = self.rulebook
        at = locate(self.lines, self.file, line, text) if self.lines else None
        where = dict(file=self.file, line=at.line if at else line, column=at.column if at else 1,
                     source_line=at.source_line if at else None)
        first = text.split()[0].lower() if text.split() else ""
        command = None
        if first in book.command_words():
            try:
                command = book.parse(text, "command", what="not a command", **where)
            except MtgError:
                if first in ("resolve", "cast", "activate"):
                    raise
        if command is not None:
            return command
        effect = book.parse(text, "effect_text", what="not understood", names=self.cards, **where)
        problems = [p for p in check_text(effect, book) if p.severity == "error"]
        if problems:
            raise MtgError(problems[0])
        return effect

    # ------------------------------------------------------------ expectations
    def check(self, expect: dict, when: str) -> None:
        game = self.game
        for key, wanted in expect.items():
            if key == "stack":
                self.check_stack(list(wanted or []), when)
            elif key == "events":
                self.check_events(wanted or [], when)
            elif key == "no_events":
                for spec in wanted or []:
                    hit = next((e for e in game.state.events if _event_matches(spec, e)), None)
                    if hit:
                        raise Failure(f"at {when}: no_events: {spec} happened: {hit.as_json()}")
            elif key == "view":
                for viewer, players in wanted.items():
                    seen = view(game, viewer)
                    for player, zones in players.items():
                        for zone, entries in zones.items():
                            self.check_zone(seen[player][zone], entries, f"view of {viewer}: {player}.{zone}",
                                            when, ordered=zone == "library")
            elif key in game.state.players:
                self.check_player(key, wanted or {}, when)
            else:
                raise Failure(f"at {when}: unknown expectation '{key}'")

    def check_stack(self, wanted: list, when: str) -> None:
        """The stack, bottom first: each entry a name ('trigger:SOURCE' for an ability), or for a spell a
        mapping like a zone entry."""
        stack = self.game.state.stack
        actual = [(("ability:" if i.activated else "trigger:") + i.source_name) if i.object_id is None
                  else i.source_name for i in stack]
        problems = [f"expected '{w}'" if isinstance(w, str) and w.lower() != a.lower() else
                    "not a spell" if isinstance(w, dict) and item.object_id is None else
                    _entry_problem(w, entry(self.game, self.game.state.objects[item.object_id]))
                    if isinstance(w, dict) else None
                    for w, a, item in zip(wanted, actual, stack)]
        if len(wanted) != len(actual) or any(problems):
            problem = next((p for p in problems if p), "")
            raise Failure(f"at {when}: stack: expected {[_short_spec(w) for w in wanted]}, actual {actual}"
                          + (f" ({problem})" if problem else ""))

    def check_events(self, wanted: list, when: str) -> None:
        events = self.game.state.events
        position = 0
        for spec in wanted:
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
            if key == "life":
                if figures.life != value:
                    raise Failure(f"at {when}: {player}.life: expected {value}, actual {figures.life}")
            elif key == "mana":
                if +parse_pool(value) != +figures.pool:
                    from ..game.mana import format_pool
                    raise Failure(f"at {when}: {player}.mana: expected '{value}', actual '{format_pool(figures.pool)}'")
            elif key == self.rulebook.room_kind:
                marker = figures.marker
                actual = None if marker is None else {"name": game.state.objects[marker[0]].card_name,
                                                      "room": marker[1]}
                if actual != (dict(value) if value else None):
                    raise Failure(f"at {when}: {player}.{key}: expected {value}, actual {actual}")
            elif key == f"completed_{self.rulebook.room_kind}s":
                if list(value or []) != figures.completed:
                    raise Failure(f"at {when}: {player}.{key}: expected {value}, actual {figures.completed}")
            elif key in ("battlefield", "stack") + PLAYER_ZONES:
                actual = [entry(game, o) for o in game.state.in_zone(key, player)]
                self.check_zone(actual, value, f"{player}.{key}", when, ordered=key == "library")
            else:
                raise Failure(f"at {when}: {player}.{key}: not supported yet")

    def check_zone(self, actual: object, wanted: object, what: str, when: str, ordered: bool) -> None:
        if isinstance(wanted, dict) and set(wanted) == {"size"}:
            size = actual["size"] if isinstance(actual, dict) else len(actual)
            if size != wanted["size"]:
                raise Failure(f"at {when}: {what}: expected {wanted['size']} objects, actual {size}")
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


def _match_all(actual: list[dict], wanted: list) -> bool:
    """A one-to-one matching of wanted entries to actual objects (backtracking; zones are small)."""
    if not wanted:
        return True
    first, rest = wanted[0], wanted[1:]
    for n, candidate in enumerate(actual):
        if _entry_problem(first, candidate) is None and _match_all(actual[:n] + actual[n + 1:], rest):
            return True
    return False


def _entry_problem(wanted: object, actual: dict) -> str | None:
    """Why an actual entry does not match a wanted one, or None when it does."""
    if not isinstance(wanted, dict):
        if actual["face_down"] or actual["name"] != str(wanted):
            return f"expected face-up '{wanted}', found {_short(actual)}"
        return None
    for key, value in wanted.items():
        if key not in ENTRY_KEYS:
            return f"unknown key '{key}'"
        have = actual.get(key)
        if key == "face_down":
            ok = (bool(have) == value) if isinstance(value, bool) else have == value
        elif key in SET_KEYS:
            ok = {str(v).lower() for v in value or []} == {str(v).lower() for v in have or []}
        elif key == "counters":
            ok = {str(k): int(v) for k, v in (value or {}).items() if int(v)} == {k: v for k, v in have.items() if v}
        elif key == "attached_to":
            ok = (have is None) if value is None else have is not None and Ref.parse(str(value)).name.lower() == have.lower()
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
    return True


def _serialize(state: GameState) -> str:
    """A full, order-preserving text form of the state, to prove a refused step changed nothing."""
    return repr((state.players, state.battlefield, [(s.id, s.object_id, s.controller) for s in state.stack],
                 sorted((i, repr(o)) for i, o in state.objects.items()), [e.as_json() for e in state.events],
                 state.next_id, state.clock, state.rng.getstate(), state.moved))


def run_paths(paths: list[Path], ask: Chooser | None = None,
              mechanics: tuple[Path, ...] = ()) -> tuple[list[Outcome], float]:
    """Run every scenario under the paths; returns the outcomes and seconds taken.

    With `ask`, a step that needs more answers than its `choose:` list gets them from `ask`; `mechanics`
    are rules files or folders every scenario loads (a project's own, `[tool.mtgrules]`)."""
    start = time.perf_counter()
    runner = Runner(ask, mechanics)
    outcomes: list[Outcome] = []
    for path in scenario_files(paths):
        outcomes.extend(runner.run_file(path))
    return outcomes, time.perf_counter() - start
