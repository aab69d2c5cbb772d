"""`mtgrules lint`: find what is wrong in rules files and scenario files,
without running anything.

Findings are diagnostics with stable codes (see README, "Diagnostic codes").
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..diagnostics import Diagnostic, MtgError, Span, did_you_mean
from ..game.cards import make_card
from ..game.choices import RandomChooser, Ref
from ..game.game import Game
from ..game.runs import parts_not_run
from ..game.state import PLAYER_ZONES, SEARCH_ORDER, CardDef, GameState, Player
from ..language import ast
from ..language.checks import check_rulebook, check_text, declared_events, loops
from ..language.files import RULES_SUFFIX, bundled_with, rules_files
from ..language.rulebook import Rulebook
from .scenario import (
    STEP_KEYS,
    Runner,
    Scenario,
    mechanics_of,
    parse_declaration,
    scenario_files,
    structure_problems_located,
)
from .sets import SET_SUFFIXES, SetFile, is_set_document, load_cards, set_format
from .yamlsource import line_of, load_documents, locate, read_text


def lint_paths(paths: list[Path], mechanics: tuple[Path, ...] = ()) -> list[Diagnostic]:
    """All findings for the given files and folders: a path that doesn't exist (E001, and the others are
    still checked), rules files, then set and scenario files. `mechanics` are the project's own rules
    folders, loaded with the bundled ones."""
    found = [Diagnostic("E001", f"no such file or folder: {p}", Span(str(p), 1, 1)) for p in paths if not p.exists()]
    paths = [p for p in paths if p.exists()]
    if found and not paths:
        return found
    rules = [p for p in rules_files(paths) if p.suffix == RULES_SUFFIX]
    data_files = [f for p in paths for f in ([p] if set_format(p) == "mse" else scenario_files([p]))
                  if f.suffix in SET_SUFFIXES or set_format(f) == "mse"]
    if rules or not data_files:
        found.extend(lint_rules(rules, mechanics))
    runner = Runner(mechanics=mechanics)
    extra = tuple(str(p.resolve()) for p in rules)  # rules files given beside sets load with them
    for path in data_files:
        found.extend(lint_set_file(path, runner, extra) if is_set_file(path) else lint_scenario_file(path, runner))
    return found


def is_set_file(path: Path) -> bool:
    """MTGJSON, Magic Set Editor, Cockatrice, or YAML whose one document is a set (a list of cards and no steps)."""
    if set_format(path) in ("mse", "cockatrice", "mtgjson"):
        return True
    try:
        docs = [d for d in load_documents(read_text(path), str(path)) if d is not None]
    except (OSError, UnicodeDecodeError, MtgError):
        return False
    return len(docs) == 1 and is_set_document(docs[0])


def lint_set_file(path: Path, runner: Runner, extra: tuple[str, ...] = ()) -> list[Diagnostic]:
    """Structure, types and every card line of a set file, with the set's mechanics and any rules
    files given beside it; one bad card doesn't hide the others. Lines that parse but don't run are
    warnings too."""
    try:
        found = runner.set_file(path)
        book = runner.rulebook(tuple(dict.fromkeys(found.mechanics + extra)))
    except MtgError as exc:
        return [exc.diagnostic]
    cards, diagnostics = load_cards(found, book)
    return diagnostics + lines_not_running(found, cards, book)


NOT_RUN_HELP = ("the card loads with it: running this part is refused (E409), a trigger the interpreter doesn't "
                "detect never triggers, a static ability it doesn't apply does nothing")


def lines_not_running(found: SetFile, cards: dict[str, CardDef], book: Rulebook) -> list[Diagnostic]:
    """W502 for each card line that parses but has a part the interpreter doesn't run yet (runs.py), at that
    part of the line (or at the line, for a part inside a definition it uses)."""
    out: list[Diagnostic] = []
    for name, card in cards.items():
        for face in (card.front, card.back):
            for ability in face.abilities if face is not None else ():
                text = ability.span.source_line if ability.span else ""
                at = found.span(found.lines.get(name, 1), text[:40] or None)
                for part in parts_not_run(ability, book):
                    span = at
                    if part.via is None and part.span is not None and part.span.file == at.file:
                        span = Span(at.file, at.line, at.column + part.span.column - 1, at.source_line,
                                    part.span.length)
                    through = f" (in {part.via})" if part.via else ""
                    out.append(Diagnostic("W502", f"card '{face.name}': {part.part}{through} doesn't run: "
                                          f"{part.message}", span, part.rule, severity="warning", help=NOT_RUN_HELP))
    return out


def lint_rules(files: list[Path], mechanics: tuple[Path, ...] = ()) -> list[Diagnostic]:
    """Load the bundled rules, the project's `mechanics` and `files`, and check the definitions in `files`
    (all of them when none is given)."""
    book = Rulebook()
    book.load_files(bundled_with(files + list(mechanics)))   # files first: their spelling of a path is kept
    wanted = {str(p) for p in files}
    found = [d for d in book.report.items if d.span is None or d.span.file in wanted or not files]
    if book.report.errors:
        return found + check_rulebook(book, wanted if files else None)
    mine = [d for d in book.definitions() if not files or (d.span and d.span.file in wanted)]
    return found + check_rulebook(book, wanted if files else None) + check_examples(book, mine)


#: The sample game an example runs in: a creature to be the source, cards in every zone.
_SAMPLE_CARDS = {
    "Sample Bear": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2},
    "Sample Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
    "Sample Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
}
_SAMPLE_ZONES = (("library", ["Sample Forest", "Sample Bear", "Sample Bolt"] * 3),
                 ("hand", ["Sample Bear", "Sample Forest", "Sample Bolt"]),
                 ("battlefield", ["Sample Bear", "Sample Forest"]),   # the first is the example's source
                 ("graveyard", ["Sample Bear", "Sample Bolt", "Sample Forest"] * 2))


def check_examples(book: Rulebook, definitions: list) -> list[Diagnostic]:
    """Every example use parses (E213) and runs in a sample game without breaking the interpreter (E214)
    or being refused (W219: an example shows a use that works). Examples of a definition the rules leave
    out, or of one that never ends (E218), are not run; nor are a game action's, lines of card text (its
    primitive's scenarios run it)."""
    found: list[Diagnostic] = []
    cards = {name: make_card(name, data, book) for name, data in _SAMPLE_CARDS.items()}
    for definition in definitions:
        start = definition.example_start
        for text, span in definition.examples:
            try:
                node = book.parse(text, start, what="example not understood", names=cards)
            except MtgError as exc:
                found.append(Diagnostic("E213", f"example \"{text}\" of {definition.kind} '{definition.name}' "
                                        f"doesn't parse: {exc.diagnostic.message}", span, definition.rule,
                                        exc.diagnostic.help))
                continue
            if start != "effect_text" or definition.excluded or definition.not_run or definition.name in loops(book):
                continue
            game = _sample_game(book, cards, node)
            source = game.state.battlefield[0]
            try:
                game.perform("alice", lambda: game.effect("alice", node, source, text), RandomChooser(0))
            except MtgError as exc:
                found.append(Diagnostic("W219", f"example \"{text}\" of {definition.kind} '{definition.name}' is "
                                        f"refused in the sample game: {exc.diagnostic.message}", span,
                                        exc.diagnostic.rule or definition.rule, exc.diagnostic.help or _SAMPLE_HELP,
                                        "warning"))
            except Exception as exc:  # the point of this check: an example must never break the interpreter
                found.append(Diagnostic("E214", f"example \"{text}\" of {definition.kind} '{definition.name}' "
                                        f"breaks the interpreter: {type(exc).__name__}: {exc}", span,
                                        definition.rule))
    return found


_SAMPLE_HELP = ("in the sample game, your library, hand and graveyard hold creatures, lands and instants, the "
                "battlefield a creature and a land, and your hand, battlefield and graveyard three cards (or the "
                "example's largest number) of each quality the example names")


def _sample_game(book: Rulebook, cards: dict, node: ast.Node) -> Game:
    """Alice's sample cards in her zones, and cards of each quality the example names in her hand, on the
    battlefield and in her graveyard: three, or as many as its largest number asks ('five Elves')."""
    state = GameState({p: Player(p) for p in ("alice", "bob")}, ["alice", "bob"], "alice")
    for zone, names in _SAMPLE_ZONES:
        for name in names:
            state.create(cards[name], "alice", zone)
    copies = min(10, max([3] + [n.value for n in ast.walk(node) if isinstance(n, ast.IntValue)]))
    for quality in {q.words: q for q in ast.walk(node) if isinstance(q, ast.Quality)}.values():
        card = _card_of_quality(book, quality)
        if card is not None:
            for zone in ("hand", "battlefield", "graveyard"):
                for _ in range(copies):
                    state.create(card, "alice", zone)
    return Game(book, state, cards=cards)


def _card_of_quality(book: Rulebook, quality: ast.Quality) -> CardDef | None:
    """A sample card with the card types, supertypes and subtypes a quality names (a creature when it
    names no card type); None when it names none of them."""
    words = [w for w in quality.words if isinstance(w, str)]
    found = {kind: [k for w in words for k in known if k.lower() == w.lower()]
             for kind, known in (("types", book.card_types), ("supertypes", book.supertypes),
                                 ("subtypes", book.subtypes))}
    if not any(found.values()):
        return None
    data = {"mana_cost": "{1}", **found, "types": found["types"] or ["Creature"], "power": 1, "toughness": 1}
    return make_card("Sample " + " ".join(words), data, book)


def lint_scenario_file(path: Path, runner: Runner) -> list[Diagnostic]:
    try:
        text = read_text(path)
        docs = load_documents(text, str(path))
    except (OSError, UnicodeDecodeError) as exc:
        return [Diagnostic("E001", f"can't read scenario file: {exc}", Span(str(path), 1, 1))]
    except MtgError as exc:
        return [exc.diagnostic]
    lines = text.splitlines()
    found: list[Diagnostic] = []
    for doc in docs:
        if doc is not None:
            found.extend(ScenarioLint(doc, path, lines, runner).run())
    return found


class ScenarioLint:
    """The checks of one scenario document."""

    def __init__(self, doc: object, path: Path, lines: list[str], runner: Runner):
        self.doc = doc
        self.file = str(path)
        self.path = path
        self.lines = lines
        self.runner = runner
        self.found: list[Diagnostic] = []

    def add(self, code: str, message: str, line: int, needle: str | None = None, help: str | None = None,
            severity: str = "error") -> None:
        self.found.append(Diagnostic(code, message, locate(self.lines, self.file, line, needle), help=help,
                                     severity=severity))

    def run(self) -> list[Diagnostic]:
        doc = self.doc
        try:
            book = self.runner.rulebook(mechanics_of(doc, self.path) + self.runner.set_mechanics(doc, self.path))
            set_names = [n for sf in self.runner.sets_of(doc, self.path) for n in sf.cards]
        except MtgError as exc:
            return [exc.diagnostic]
        for problem in structure_problems_located(doc, book, self.lines):
            self.found.append(Diagnostic("E110", problem.message, problem.span(self.file, self.lines),
                                         help=problem.help))
        if self.found or not isinstance(doc, dict):
            return self.found
        events = declared_events(book)
        cards = dict(doc.get("cards") or {})
        known_cards = {**{n: None for n in set_names}, **cards}
        for name, data in cards.items():
            warnings: list[Diagnostic] = []
            try:
                card = make_card(name, data, book, self.file, line_of(data), warnings, names=known_cards)
            except MtgError as exc:  # shown with the card's line
                d = exc.diagnostic
                at = locate(self.lines, self.file, d.span.line if d.span else line_of(data))
                self.found.append(Diagnostic(d.code, d.message, at, d.rule, d.help, d.severity))
                continue
            for w in warnings:
                self.add(w.code, w.message, w.span.line, w.span.source_line or None, w.help, "warning")
            for ability in card.front.abilities:
                for d in check_text(ability, book, events):
                    self.add(d.code, f"card '{name}': {d.message}", line_of(data), None, d.help)
        players = list(doc.get("players") or ["alice", "bob"])
        for player, zones in (doc.get("state") or {}).items():
            if player not in players:
                self.add("E404", f"unknown player '{player}'", line_of(zones), f"{player}:",
                         did_you_mean(player, players))
            for zone in ("battlefield",) + PLAYER_ZONES:
                for item in (zones or {}).get(zone) or []:
                    name = str(item.get("card") if isinstance(item, dict) else item)
                    if name not in known_cards:
                        self.add("E404", f"unknown card '{name}'", line_of(item, line_of(zones.get(zone))), name,
                                 did_you_mean(name, known_cards) or "define it under cards: or in a set")
        if not any(d.severity == "error" for d in self.found):
            try:   # the starting state as a run reads it: what the rules don't allow there (E111)
                Scenario(doc, self.path, self.runner, self.lines)
            except MtgError as exc:
                self.found.append(exc.diagnostic)
        for step in doc.get("steps") or []:
            self.step(step, book, players, known_cards, events)
        return self.found

    def step(self, step: dict, book: Rulebook, players: list[str], cards: dict, events: set[str]) -> None:
        line = line_of(step)
        player = next((k for k in step if k not in STEP_KEYS), None)
        if player is None:
            return
        if player not in players:
            self.add("E404", f"unknown player '{player}'", line, f"{player}:", did_you_mean(player, players))
        text = str(step[player])
        span = locate(self.lines, self.file, line, text)
        try:   # attacking and blocking: the sentences' form (their names are read as the game runs)
            if parse_declaration(text) is not None:
                return
        except MtgError as exc:
            self.found.append(replace(exc.diagnostic, span=span))
            return
        node = None
        first = text.split()[0].lower() if text.split() else ""
        starts = ["command", "effect_text"] if first in book.command_words() else ["effect_text"]
        for start in starts:
            try:
                node = book.parse(text, start, self.file, span.line, span.column, "not understood", span.source_line,
                                  names=cards if start == "effect_text" else ())
                break
            except MtgError as exc:
                error = exc
        if node is None:
            self.found.append(error.diagnostic)
            return
        for d in check_text(node, book, events):
            self.found.append(d)
        refs = [a for a in _flatten(step.get("choose") or []) if isinstance(a, str)]
        if step.get("source"):
            refs.append(str(step["source"]))
        if isinstance(node, (ast.CastCommand, ast.SpecialActionCommand, ast.ActivateCommand)):
            refs.append(node.ref)
        for ref_text in refs:
            self.reference(ref_text, line, cards, players)

    def reference(self, text: str, line: int, cards: dict, players: list[str]) -> None:
        """A reference that names a card: its zone, player and card must exist."""
        try:
            ref = Ref.parse(text)
        except MtgError:
            return
        if ref.zone and ref.zone not in SEARCH_ORDER and ref.zone not in ("trigger", "ability"):
            self.add("E404", f"unknown zone '{ref.zone}' in '{text}'", line, text, did_you_mean(ref.zone, SEARCH_ORDER))
        if ref.player and ref.player not in players:
            self.add("E404", f"unknown player '{ref.player}' in '{text}'", line, text, did_you_mean(ref.player, players))
        if (ref.zone or ref.player) and ref.name not in cards:
            self.add("E404", f"unknown card '{ref.name}' in '{text}'", line, text, did_you_mean(ref.name, cards))


def _flatten(items: list) -> list:
    out = []
    for item in items:
        out.extend(_flatten(item) if isinstance(item, list) else [item])
    return out
