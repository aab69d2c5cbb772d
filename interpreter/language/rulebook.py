"""Load rules files into a Rulebook: the definitions, the type vocabulary, and
the Oracle parser that their invocation patterns extend.

Loading runs in two passes, because a definition's steps may use another
definition (a keyword action whose steps invoke another): first every file's
layout, headers and clauses; then, with the grammar extended by all the
patterns, every step line.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from lark.exceptions import GrammarError

from ..diagnostics import Diagnostic, MtgError, Report, Span, decode, did_you_mean, error
from . import ast
from .layout import GAME_ACTION, PATTERN_KINDS, TURN_BASED_ACTION, LayoutItem, LayoutReader, PendingDefinition, expected_column, unquote
from .files import MAX_FILE_BYTES, bundled_with, contents, rules_files
from .parsers import (
    GrammarIndex,
    extension,
    oracle_parser,
    slot_type,
    you_trigger_words,
)
from .syntax import (
    SourceText,
    ToAst,
    join_otherwise,
    mask_names,
    no_unnamed_their,
    parse_tree,
    strip_reminder,
    transform,
)
from .type_words import folded, joined_runs, regular_plurals

#: How many loaded rulebooks a process keeps to give again.
KEPT_RULEBOOKS = 8
#: The rulebooks this process loaded without error, by class and the files read with their bytes, oldest first. A
#: loaded rulebook is never changed, so loading the same files again (each scenario file of a run, each command of
#: an editor's session) gives the same one; a changed byte is a different key.
_LOADED: dict[tuple, "Rulebook"] = {}


def special_key(pattern: ast.Pattern) -> str:
    """Special actions sharing a wording ('turn {} face up') are procedures of one action."""
    return " ".join(p if isinstance(p, str) else "{}" for p in pattern.parts)


class Rulebook(LayoutReader):
    """The loaded mechanics and the parser for the language they make."""

    def __init__(self) -> None:
        self.keyword_actions: dict[str, ast.Definition] = {}
        self.keyword_abilities: dict[str, ast.Definition] = {}
        self.special_actions: dict[str, list[ast.Definition]] = {}
        self.game_actions: dict[str, ast.Definition] = {}   # keyword actions that are primitive steps
        self.room_cards: dict[str, ast.RoomCard] = {}
        self.room_kind: str | None = None   # what rules/ calls cards with rooms
        self.pair_key: str | None = None    # the card key that names a card's partner (712.4)
        self.tokens: dict[str, ast.TokenDefinition] = {}
        self.face_down: ast.FaceDownCharacteristics | None = None
        self.card_types: set[str] = set()
        self.supertypes: set[str] = set()
        self.subtypes: set[str] = set()
        self.counter_kinds: set[str] = set()
        self.subtype_abilities: dict[str, tuple] = {}   # what a subtype gives its object (305.6)
        self.designation_abilities: dict[str, tuple] = {}   # what a designation gives its permanent or player (701.60c, 725.2)
        self.exclusive_designations: set[str] = set()   # designations one player at a time has (725.3)
        self.turn_based_actions: list[ast.TurnBasedAction] = []   # those rules files define (703.4), in load order
        self.subtype_lists: dict[str, tuple[str, ...]] = {}  # each `types` definition's subtypes, by its title
        self._singular: dict[str, str] = {}
        self._lower_singular: dict[str, str] = {}   # the same, by lowercase plural (the first wins)
        self.files: list[str] = []
        self.read: list[tuple[str, bytes]] = []   # each file read, as given, with its bytes
        self.report = Report()
        self.index = GrammarIndex()
        self._parser = None
        self._known_words: frozenset[str] | None = None
        self._words_not_names: frozenset[str] | None = None
        self._face_down_ways: dict[str, tuple] | None = None
        self._spellings: dict[str, dict[str, str]] | None = None
        self._longest_subtype = 1   # the most words of a subtype (`joined_subtypes`)

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, paths: Iterable[Path] = (), with_bundled: bool = True) -> "Rulebook":
        """Load the bundled rules (and any extra files or folders); the first error is raised. The same files
        with the same bytes give the rulebook this process loaded before (`_LOADED`)."""
        paths = [Path(p) for p in paths]
        files = bundled_with(paths) if with_bundled else rules_files(paths)
        if (found := _LOADED.get((cls, contents(files)))) is not None:
            return found
        book = cls()
        book.load_files(files)
        if book.report.errors:
            raise MtgError(book.report.errors[0])
        _LOADED[(cls, tuple(book.read))] = book
        if len(_LOADED) > KEPT_RULEBOOKS:
            del _LOADED[next(iter(_LOADED))]
        return book

    def load_files(self, files: list[Path]) -> None:
        """Load files into this rulebook, collecting diagnostics in `self.report`."""
        pending: list[PendingDefinition] = []
        for path in files:
            self.files.append(str(path))
            try:
                if not path.exists():
                    raise OSError(f"no such file or folder: {path}")
                if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
                    raise OSError(f"{path} is not a regular file of at most {MAX_FILE_BYTES // 1_000_000} MB")
                raw = path.read_bytes()
                text = decode(raw, str(path), "rules file")
                self.read.append((str(path), raw))
            except OSError as exc:
                self.report.add(Diagnostic("E001", f"can't read rules file: {exc}", Span(str(path), 1, 1)))
                continue
            except MtgError as exc:
                self.report.add(exc.diagnostic)
                continue
            try:
                pending.extend(self._first_pass(str(path), text))
            except MtgError as exc:
                self.report.add(exc.diagnostic)
        registered = [p for p in pending if self._register(p)]
        try:
            self._build_parser()
        except MtgError as exc:
            self.report.add(exc.diagnostic)
            return
        for item in registered:
            try:
                self._finish(item)
            except MtgError as exc:
                self.report.add(exc.diagnostic)


    def _register(self, pending: PendingDefinition) -> bool:
        """First pass bookkeeping: names, patterns and vocabulary. False when it must be skipped."""
        if pending.kind in ("keyword action", "keyword ability"):
            table = self.keyword_actions if pending.kind == "keyword action" else self.keyword_abilities
            name = pending.pattern.name
            if name in table:
                self.report.add(Diagnostic("E202", f"{pending.kind} '{name}' is defined twice", pending.span))
                return False
            table[name] = None  # filled in by _finish
            patterns = [pending.pattern] + pending.aliases
            if pending.kind == "keyword action":
                for pattern in patterns:
                    self.index.keyword_actions.append((name, pattern))
                    if pattern.parts and isinstance(pattern.parts[0], ast.Slot):
                        self.index.subject_triggers.append((name, pattern))
            else:
                self.index.keyword_abilities.extend((name, p) for p in patterns)
                if pending.first("event_clause"):
                    self.index.paid_words.append(pending.first("event_clause"))
        elif pending.kind == GAME_ACTION:
            if pending.pattern.name in self.game_actions:
                self.report.add(Diagnostic("E202", f"{pending.kind} '{pending.pattern.name}' is defined twice",
                                           pending.span))
                return False
        elif pending.kind == "special action":
            key = special_key(pending.pattern)
            if key not in self.index.special_patterns:
                self.index.special_patterns.append(key)
        elif pending.kind == "types":
            self.card_types.update(pending.values("card_types_clause"))
            self.counter_kinds.update(w.replace("_", " ").lower() for w in pending.values("counters_clause"))
            self.supertypes.update(pending.values("supertypes_clause"))
            for word in pending.values("subtypes_clause"):
                singular, _, plural = word.partition("(")
                singular = singular.replace("_", " ")
                self.subtypes.add(singular)
                self.subtype_lists[pending.title] = self.subtype_lists.get(pending.title, ()) + (singular,)
                if plural:
                    self._singular[plural.rstrip(")")] = singular
            for word in list(self.card_types) + list(self.supertypes) + list(self.subtypes) + ["permanent"]:
                for plural in regular_plurals(word):
                    self._singular.setdefault(plural, word)
            self._lower_singular = {plural.lower(): single for plural, single in reversed(self._singular.items())}
            self._spellings = None
        return True

    def _build_parser(self) -> None:
        patterns = [p for _, p in self.index.keyword_actions]
        names = {tuple(w for w in p.parts if isinstance(w, str)): n for n, p in reversed(self.index.keyword_actions)}
        self.index.you_triggers = [names[words] for words in you_trigger_words(patterns)]
        special = [ast.Pattern(t, tuple(w if w != "{}" else ast.Slot("permanent", "objects") for w in t.split()))
                   for t in self.index.special_patterns]
        self._extension = extension([p for _, p in self.index.keyword_actions], special,
                                    [p for _, p in self.index.keyword_abilities],
                                    [p for _, p in self.index.subject_triggers], tuple(self.index.paid_words))
        try:
            self._parser = oracle_parser(self._extension)
        except GrammarError as exc:
            raise self._clash(exc) from None

    def _clash(self, exc: GrammarError) -> MtgError:
        """Patterns that make the grammar ambiguous: an error on the first definition the grammar names."""
        tables = {"kwa": self.index.keyword_actions, "kwt": self.index.subject_triggers,
                  "kwb": self.index.keyword_abilities}
        help_text = "give the pattern a word of its own, or slots of different types"
        for prefix, index in re.findall(r"\b(kwa|kwt|kwb|sa)_(\d+)\b", str(exc)):
            if prefix == "sa":
                return error("E215", f"the special action \"{self.index.special_patterns[int(index)]}\" can't be "
                             "told apart from other wording of the language", help=help_text)
            name, pattern = tables[prefix][int(index)]
            return error("E215", f"the pattern \"{pattern.text}\" of '{name}' can't be told apart from other "
                         "wording of the language", pattern.span, help=help_text)
        # Lark's message names grammar rules, which mean nothing to a designer: say what to look for instead.
        return error("E215", "the rules files' patterns make the grammar ambiguous: two patterns, or a pattern and "
                     "the language's own wording, read the same words", help=help_text)

    def _finish(self, pending: PendingDefinition) -> None:
        rules = tuple(pending.values("rule_clause"))
        reminder = pending.first("reminder_clause")
        if pending.kind == TURN_BASED_ACTION:
            self._finish_turn_based_action(pending, rules)
            return
        if pending.kind not in PATTERN_KINDS or pending.kind == GAME_ACTION:
            for item in pending.step_items:  # only clauses belong under these definitions
                word = item.text.split()[0]
                self.report.add(Diagnostic(
                    "E101", f"'{item.text}' is not a clause of a {pending.kind} definition",
                    Span(item.span.file, item.span.line, item.span.column, item.span.source_line, len(word)),
                    help=did_you_mean(word, self._clause_words()) or "a definition of this kind has no steps"))
        if pending.kind in ("types", "designation"):  # with text: what has it has those abilities (305.6)
            # a designation is no object: its name in its text isn't 'this object' ('becomes the monarch')
            title = "" if pending.kind == "designation" else pending.title
            abilities = tuple(self.parse_card_line(unquote(values[0][0]), title, span.file, span.line)
                              for values, span in pending.clauses.get("text_clause", []))
            if pending.kind == "designation":  # 701.60c, 725.2: a permanent or player with the designation has them
                self.designation_abilities[pending.title.lower()] = abilities
                if pending.clauses.get("exclusive_clause"):  # 725.3
                    self.exclusive_designations.add(pending.title.lower())
                return
            for subtype in pending.values("subtypes_clause") if abilities else ():
                self.subtype_abilities[subtype] = self.subtype_abilities.get(subtype, ()) + abilities
            return
        if pending.kind == "face-down characteristics":
            power, toughness = pending.first("power_clause"), pending.first("toughness_clause")
            self.face_down = ast.FaceDownCharacteristics(
                rules, reminder, tuple(pending.values("types_clause")), int(power) if power else None,
                int(toughness) if toughness else None, span=pending.span)
            return
        if pending.kind == "token":
            text_at = tuple(Span(span.file, span.line, span.column + token.column, span.source_line)
                            for values, span in pending.clauses.get("text_clause", []) for _, token in values)
            self.tokens[pending.title] = ast.TokenDefinition(
                pending.title, rules, tuple(pending.values("card_types_clause") or pending.values("types_clause")),
                tuple(pending.values("subtypes_clause")), tuple(pending.values("colors_clause")),
                tuple(pending.values("text_clause")), text_at, _int_or_none(pending.first("power_clause")),
                _int_or_none(pending.first("toughness_clause")),
                unquote(pending.first("back_clause")) if pending.first("back_clause") else None, span=pending.span)
            return
        if pending.kind not in PATTERN_KINDS:  # a card with rooms (309)
            self._finish_room_card(pending, rules)
            return
        self.pair_key = pending.first("card_key_clause") or self.pair_key
        examples = tuple((unquote(values[0][0]), span) for values, span in pending.clauses.get("example_clause", []))
        defaults = []
        for values, span in pending.clauses.get("default_clause", []):
            slot, text = values[0][0][1:-1], unquote(values[1][0])
            kind = slot_type(slot) or "objects"
            defaults.append((slot, self._slot_default(kind, text, span)))
        statics: tuple = ()
        steps = None
        start = "static_ability" if pending.kind == "keyword ability" else "effect_text"
        parsed = []
        partial = False
        for item in pending.step_items if pending.kind != GAME_ACTION else ():  # every bad line is reported
            try:
                parsed.append(self._parse_line(item, start))
            except MtgError as exc:
                self.report.add(exc.diagnostic)
                partial = True
        if pending.kind == "keyword ability":
            statics = tuple(parsed)
        elif pending.kind != GAME_ACTION:
            parsed = join_otherwise(parsed)
            steps = parsed[0] if len(parsed) == 1 else ast.Sequence(tuple(parsed), span=pending.span)
        definition = ast.Definition(pending.kind, pending.pattern, rules, reminder, examples,
                                    pending.first("event_clause"), pending.first("named_clause"), steps, statics,
                                    tuple(pending.aliases), tuple(defaults),
                                    bool(pending.clauses.get("excluded_clause")), partial,
                                    _unquoted(pending.first("not_run_clause")),
                                    bool(pending.clauses.get("inert_clause")), span=pending.span)
        if pending.kind == "keyword action":
            self.keyword_actions[definition.name] = definition
        elif pending.kind == "keyword ability":
            self.keyword_abilities[definition.pattern.name] = definition
        elif pending.kind == GAME_ACTION:
            self.game_actions[definition.name] = definition
        else:
            self.special_actions.setdefault(special_key(pending.pattern), []).append(definition)

    def _finish_turn_based_action(self, pending: PendingDefinition, rules: tuple[str, ...]) -> None:
        """703.4: a turn-based action, `step "STEP"` (a step as ast.STEPS names it), its steps run by the
        active player."""
        step = pending.first("step_clause")
        if step not in ast.STEPS:
            raise error("E221", f"turn-based action {pending.title} needs 'step \"STEP\"', a step of the turn",
                        pending.span, rule="500.1", help=did_you_mean(step or "", ast.STEPS) or
                        f"one of: {', '.join(ast.STEPS)}")
        parsed = join_otherwise([self._parse_line(item, "effect_text") for item in pending.step_items])
        if not parsed:
            raise error("E221", f"turn-based action {pending.title} has no steps", pending.span, rule="703.4")
        steps = parsed[0] if len(parsed) == 1 else ast.Sequence(tuple(parsed), span=pending.span)
        self.turn_based_actions.append(ast.TurnBasedAction(pending.title, rules, step, steps, span=pending.span))

    def _slot_default(self, kind: str, text: str, span: Span) -> object:
        """A default slot value, written as text ('this permanent', 'Zombies') and parsed here."""
        if kind == "objects":
            node = self.parse(f"reveal {text}", "effect_text", span.file, span.line, what="bad default")
            return node.objects
        if kind in ("quality", "subtype"):
            return ast.Quality(tuple(self.singular(w) for w in text.split()), span=span)
        if kind == "number":
            if not text.isdigit():
                raise error("E201", f"the default of a number slot must be a number, not \"{text}\"", span)
            return ast.IntValue(int(text), span=span)
        return text

    def _finish_room_card(self, pending: PendingDefinition, rules: tuple[str, ...]) -> None:
        rooms = []
        names = [name for name, _, _, _ in pending.rooms]
        for name, span, effect_items, leads in pending.rooms:
            for target in leads:
                if target not in names:
                    raise error("E211", f"room '{name}' of {pending.title} leads to a missing room '{target}'", span,
                                rule="309.4", help=did_you_mean(target, names))
            effects = join_otherwise([self._parse_line(item, "effect_text") for item in effect_items])
            effect = None if not effects else effects[0] if len(effects) == 1 else ast.Sequence(tuple(effects), span=span)
            rooms.append(ast.Room(name, effect, tuple(leads), span=span))
        if not rooms:
            raise error("E211", f"{pending.kind} {pending.title} has no rooms", pending.span, rule="309.4")
        reachable, frontier = {rooms[0].name}, [rooms[0]]
        by_name = {r.name: r for r in rooms}
        while frontier:
            for target in frontier.pop().leads_to:
                if target not in reachable:
                    reachable.add(target)
                    frontier.append(by_name[target])
        for room in rooms:
            if room.name not in reachable:
                raise error("E211", f"room '{room.name}' of {pending.title} can't be reached from the topmost room",
                            room.span, rule="309.4")
        if not any(not r.leads_to for r in rooms):
            raise error("E211", f"{pending.kind} {pending.title} has no bottommost room", pending.span, rule="309.4")
        self.room_kind = pending.kind
        self.room_cards[pending.title] = ast.RoomCard(
            pending.title, pending.kind.title(), rules, tuple(pending.values("subtypes_clause")),
            bool(pending.clauses.get("only_by_quality_clause")), pending.first("event_clause"), tuple(rooms),
            span=pending.span)

    def _parse_line(self, item: LayoutItem, start: str):
        if item.children:
            raise error("E103", "a step can't have steps indented under it", item.children[0].span,
                        help=f"write one step per line at the same indentation: {expected_column(item)}")
        source = SourceText(item.text, item.span.file, item.span.line, item.span.column, item.span.source_line)
        return self._transform(parse_tree(self._parser, source, start, "unknown step",
                                          self.vocabulary() + sorted(self._clause_words()), self.known_words()),
                               source)

    # ------------------------------------------------------------ queries
    def definitions(self) -> list[ast.Definition]:
        """Every loaded keyword action, keyword ability, special action and game action definition."""
        out = [d for d in self.keyword_actions.values() if d is not None] + list(self.game_actions.values())
        out += [d for d in self.keyword_abilities.values() if d is not None]
        for group in self.special_actions.values():
            out.extend(group)
        return out

    def face_down_ways(self) -> dict[str, tuple]:
        """Each way of becoming face down the definitions use (708.6), with the abilities it gives
        (cloaked: ward {2}, 701.58a); computed once, the rulebook doesn't change after loading."""
        if self._face_down_ways is None:
            found: dict[str, tuple] = {}
            for definition in self.definitions():
                for node in ast.walk((definition.steps, definition.statics)):
                    if isinstance(node, (ast.PutOntoBattlefield, ast.PutIntoZone)) and node.face_down_as:
                        ability = getattr(node, "with_ability", None)
                        found[node.face_down_as] = (ability,) if ability else found.get(node.face_down_as, ())
                    elif isinstance(node, ast.CastPermission) and node.face_down is not None:
                        ability = node.face_down.with_ability
                        found[definition.option_name or definition.name] = (ability,) if ability else ()
            self._face_down_ways = found
        return self._face_down_ways

    def vocabulary(self) -> list[str]:
        """Words a user may have meant: step verbs and keyword action names."""
        return list(self.keyword_actions) + ["draw", "mill", "shuffle", "put", "look", "choose", "reveal",
                                             "turn", "pay", "require", "record", "discard", "exile",
                                             "create"]

    def grammar_words(self) -> list[str]:
        """The words and phrases the card-text grammar spells out (its string terminals), for an editor."""
        return sorted({t.pattern.value for t in self._parser.terminals
                       if t.pattern.type == "str" and t.pattern.value[:1].isalpha()})

    def command_words(self) -> set[str]:
        """First words of the commands a scenario step may use."""
        words = {"resolve", "cast", "activate", "go", "pass", "play"}
        words.update(key.split()[0] for key in self.index.special_patterns)
        return words

    def known_words(self) -> frozenset[str]:
        """Names text may use beside the grammar's words: types, subtypes, their plurals, tokens."""
        if self._known_words is None:
            words = {w.lower() for w in self.known_qualities() | set(self._singular) | set(self.tokens)}
            for name in self.room_cards:
                words.update(w.lower() for w in name.split())
            self._known_words = frozenset(words)
        return self._known_words

    def words_not_names(self) -> frozenset[str]:
        """Words read as the grammar's even where they are a card's name: the known words and the keyword
        actions (the card Regenerate's text 'Regenerate target creature.' regenerates)."""
        if self._words_not_names is None:
            self._words_not_names = self.known_words() | frozenset(self.keyword_actions)
        return self._words_not_names

    def spelled(self, key: str, word: object) -> object:
        """A card's type word as the rules spell it, whatever its case or apostrophe ('creature' -> 'Creature',
        205.2a): `key` is the card key it came from ('types', 'supertypes' or 'subtypes'); a word the rules don't
        know stays as written."""
        if not isinstance(word, str):
            return word
        return self._spelling_table()[key].get(folded(word), word)

    def joined_subtypes(self, words: list[str]) -> list[str]:
        """The words after a type line's dash, each run of them that spells a subtype of several words made that
        subtype ('Time', 'Lord' -> 'Time Lord', 205.3m; "Bolas's Meditation Realm", 205.3n); the longest run wins."""
        return joined_runs(words, self._spelling_table()["subtypes"], self._longest_subtype)

    def _spelling_table(self) -> dict[str, dict[str, str]]:
        """Each kind of type word by its folded spelling (`folded`, type_words.py), built once the types are known."""
        if self._spellings is None:
            self._spellings = {key: {folded(w): w for w in known} for key, known in (
                ("types", self.card_types), ("supertypes", self.supertypes), ("subtypes", self.subtypes))}
            self._longest_subtype = max((w.count(" ") + 1 for w in self.subtypes), default=1)
        return self._spellings

    def known_qualities(self) -> set[str]:
        return self.card_types | self.supertypes | self.subtypes | {t.lower() for t in self.card_types} | {
            "permanent", "spell", "nonland", "token"}

    # ------------------------------------------------------------ parsing text
    def singular(self, word: str) -> str:
        """The singular of a type word: 'Elves' -> 'Elf', 'Elementals' -> 'Elemental' (exact spelling
        first, then any case)."""
        return self._singular.get(word) or self._lower_singular.get(word.lower(), word)

    def _transform(self, tree, source: SourceText):
        result = transform(ToAst(source, self.index, self.singular), tree)
        no_unnamed_their(result)
        return result

    def parse(self, text: str, start: str, file: str = "<text>", line: int = 1, column: int = 1,
              what: str = "not understood", source_line: str | None = None, names: Iterable[str] = (),
              self_name: str = ""):
        """Parse text from a start symbol ('ability', 'effect_text', 'command') into AST.

        `names` are card names the text may mention; `self_name` the card's own name (this object).
        """
        masked = mask_names(text, names, self_name, self.words_not_names())
        source = SourceText(masked, file, line, column, source_line, original=text)
        return self._transform(parse_tree(self._parser, source, start, what, self.vocabulary(),
                                          self.known_words()), source)

    def parse_card_line(self, text: str, card_name: str, file: str = "<card>", line: int = 1,
                        names: Iterable[str] = (), column: int = 1, source_line: str | None = None) -> ast.Ability:
        """One line of a card's Oracle text; its own name means 'this object'. `column` and `source_line`
        place text that sits inside a longer line (a token's text in a rules file)."""
        what = f"not understood in {card_name}" if card_name else "not understood"
        return self.parse(strip_reminder(text), "ability", file, line, column, what,
                          text if source_line is None else source_line, names, card_name)


def _unquoted(value: str | None) -> str | None:
    return None if value is None else unquote(value)


def _int_or_none(value: str | None) -> int | None:
    return int(value) if value is not None else None

