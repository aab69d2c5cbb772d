"""Scenario files (the format: rules/SCENARIOS.md): load, run, and check expectations."""
from __future__ import annotations

import dataclasses
import functools
import json
import re
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import jsonschema

from ..diagnostics import Diagnostic, MtgError, did_you_mean
from ..game.cards import make_card
from ..game.choices import Chooser, Ref, ScriptedChooser
from ..game.game import Game
from ..game.state import CardDef, GameState
from ..language import ast
from ..language.checks import check_text, declared_events
from ..language.rulebook import Rulebook
from .expectations import Expectations, Failure
from .scenario_state import StartingState
from .schema_errors import Problem, schema_problems
from .sets import SetFile, load_cards, read_set
from .yamlsource import line_of, locate, read_documents

STEP_KEYS = {"choose", "source", "expect", "error"}


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


def _schema() -> dict:
    return json.loads(resources.files("interpreter.tools").joinpath("scenario.schema.json").read_text())


#: Words the contract keeps for itself where player names go (`expect:` keys, `at`, `turn`, ...).
RESERVED: tuple[str, ...] = tuple(_schema()["$defs"]["player_name"]["not"]["enum"])


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
        problems = structure_problems_located(doc, book, lines)
        if problems:
            return Outcome(str(name), str(path), line, False, "\n".join(
                Diagnostic("E110", p.text(), p.span(str(path), lines or [])).headline() for p in problems))
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
        start = StartingState(doc, self.file, self.lines, self.cards, self.rulebook, RESERVED)
        self.game = Game(self.rulebook, start.read(), cards=self.cards)
        start.link(self.game)
        self.expectations = Expectations(self.game, self.rulebook.room_kind)

    # ------------------------------------------------------------ running
    def run(self) -> None:
        for number, step in enumerate(self.doc["steps"], 1):
            player = next((k for k in step if k not in STEP_KEYS), None)
            if player is not None:
                self.perform(number, step, player)
            if "expect" in step:
                self.expectations.check(step["expect"], f"step {number}")
        if "expect" in self.doc:
            self.expectations.check(self.doc["expect"], "the end")

    def perform(self, number: int, step: dict, player: str) -> None:
        game = self.game
        where = f"step {number} ({self.file}:{line_of(step)})"
        if player not in game.state.players:
            hint = did_you_mean(player, game.state.players)
            raise Failure(f"{where}: unknown player '{player}'" + (" (a reserved word)" if player in RESERVED else "")
                          + (f" — {hint}" if hint else ""))
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
        """The step's text as a callable action: a declaration, a command, or effect text resolved at once (each
        text read once: `parse_declaration`, else `parse_step`)."""
        game = self.game
        node = self._parsed.get((text, line))
        if node is None:
            node = self._parsed[(text, line)] = parse_declaration(text) or self.parse_step(text, line)
        if type(node) is tuple:
            return self._declaration(player, node)
        command = _COMMANDS.get(type(node))
        if command is not None:
            return command(game, player, node)

        def run() -> None:
            source = game.find(str(step["source"]), player).id if step.get("source") else None
            game.effect(player, node, source, text)
        return run

    def _declaration(self, player: str, declared: tuple):
        """`attack ...` and `block ...` as `parse_declaration` read them, as an action."""
        game = self.game
        if declared[0] == "attack":
            _, what, refs = declared
            attackers = self._refs(refs)
            return lambda: game.attack(player, what, attackers)
        blocks = [(attacker, self._refs(refs)) for attacker, refs in declared[1]]
        return lambda: game.block(player, blocks)

    def _refs(self, text: str) -> list[str]:
        """A list of object references, each read by the longest name of a known object ('Isamaru, Hound of
        Konda, Grizzly Bears'); `nothing` is none."""
        if text.strip().lower() == "nothing":
            return []
        parts = [p.strip() for p in text.split(",")]
        if len(parts) == 1:   # one reference, whatever the names (one that doesn't read is refused here too)
            Ref.parse(parts[0])
            return parts
        names = {name.lower() for name in {o.card.name for o in self.game.state.objects.values()}}
        refs: list[str] = []
        start = 0
        while start < len(parts):
            end = next((j for j in range(len(parts), start, -1)
                        if Ref.parse(", ".join(parts[start:j])).name.lower() in names), start + 1)
            refs.append(", ".join(parts[start:end]))
            start = end
        return refs

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
                if first in ("resolve", "cast", "activate", "go", "pass", "play"):
                    raise
        if command is not None:
            return command
        effect = book.parse(text, "effect_text", what="not understood", names=self.cards, **where)
        problems = [p for p in check_text(effect, book) if p.severity == "error"]
        if problems:
            raise MtgError(problems[0])
        return effect



#: Each command's action (`Scenario.action`): the game's method it runs, with the player and what it names.
_COMMANDS = {
    ast.ResolveCommand: lambda game, player, node: functools.partial(game.resolve, player),
    ast.CastCommand: lambda game, player, node: functools.partial(game.cast, player, node),
    ast.SpecialActionCommand: lambda game, player, node: functools.partial(game.special_action, player, node),
    ast.ActivateCommand: lambda game, player, node: functools.partial(game.activate, player, node),
    ast.GoToCommand: lambda game, player, node: functools.partial(game.go_to, player, node.step),
    ast.PassCommand: lambda game, player, node: functools.partial(game.pass_priority, player),
    ast.PlayCommand: lambda game, player, node: functools.partial(game.play_land, player, node.ref),
}


def parse_declaration(text: str) -> tuple | None:
    """`attack [WHAT] with REFS|nothing` (508.1): ('attack', WHAT or None, REFS); `block ATTACKER with REFS.`
    sentences or `block with nothing` (509.1): ('block', [(ATTACKER, REFS), ...]); None for any other text.
    REFS is the list's text, read by the longest known names as the game runs."""
    words = text.split(maxsplit=1)
    if not words or words[0].lower() not in ("attack", "block"):
        return None
    if words[0].lower() == "attack":
        match = re.fullmatch(r"attack(?:\s+(?P<what>.+?))?\s+with\s+(?P<refs>.+?)\.?", text.strip(), re.I | re.S)
        if match is None:
            raise MtgError(Diagnostic("E404", f"'{text}': write 'attack with A, B', 'attack PLAYER with A' or "
                                              "'attack with nothing'", rule="508.1"))
        return ("attack", match["what"], match["refs"])
    blocks: list[tuple[str, str]] = []
    for sentence in filter(None, (s.strip() for s in re.split(r"\.(?:\s+|$)", text.strip()))):
        match = re.fullmatch(r"block(?:\s+(?P<attacker>.+?))?\s+with\s+(?P<refs>.+)", sentence, re.I | re.S)
        if match is None or (match["attacker"] is None) != (match["refs"].lower() == "nothing"):
            raise MtgError(Diagnostic("E404", f"'{sentence}': write 'block ATTACKER with A, B' (one sentence per "
                                              "attacker) or 'block with nothing'", rule="509.1"))
        if match["attacker"] is not None:
            blocks.append((match["attacker"], match["refs"]))
    return ("block", blocks)


def _serialize(state: GameState) -> str:
    """A full text form of the state, field by field, to prove a refused step changed nothing: lists in
    order, mappings and sets sorted (a rolled-back deletion comes back last; no reader depends on a mapping's
    order), the random generator as its state."""
    def frozen(value: object) -> object:
        if isinstance(value, dict):
            return sorted((repr(k), frozen(v)) for k, v in value.items())
        if isinstance(value, (set, frozenset)):
            return sorted(map(repr, value))
        if isinstance(value, (list, tuple)):
            return [frozen(v) for v in value]
        return value
    return repr([(f.name, frozen(getattr(state, f.name))) for f in dataclasses.fields(state) if f.name != "journal"]
                + [("rng", state.rng.getstate())])


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
