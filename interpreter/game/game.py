"""A game: its state, the rulebook, and the player actions the rules allow.

Every action is all-or-nothing: `perform` opens a mark in the state's undo
journal, runs the action, puts waiting triggers on the stack and checks
state-based actions; if anything is refused, the journal rolls back to the
mark and nothing happened.
"""
from __future__ import annotations

from collections import Counter
import itertools
from typing import Callable, Iterator

from ..language import ast
from .characteristics import Characteristics, Face, face_down_characteristics
from .choices import Chooser, Choice, Ref, ScriptedChooser, one_of, option_labels
from ..diagnostics import MtgError, did_you_mean, error
from .engine import MAX_COUNT, Env, Loops, NoLegalTarget, StepInterpreter, keyword_abilities
from .events import Event
from .costs import spell_cost_changes, total_changes
from .mana import NO_CHANGES, CostChanges, can_pay, parse_cost, parse_pool, pay, unpayable
from ..language.rulebook import Rulebook
from .runs import NOT_RUN, gap
from .state import SEARCH_ORDER, CardDef, Context, GameObject, GameState, LastKnown, StackItem

INSTANT_SPEED_TYPES = {"instant"}
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
MAX_TRIALS = 16   # the most ways of answering a trial run tries before judging an option impossible


class _Probe:
    """A chooser for trying an option out; asks nobody. It answers the n-th choice with its
    `path[n]`-th legal answer (the first where the path ends) and records how many each had, so
    that `Game.try_out` can try the next way. 'Up to N' tries the most objects first."""

    def __init__(self, path: tuple[int, ...] = ()):
        self.path = path
        self.widths: list[int] = []   # for each choice asked, how many answers it has (at most MAX_TRIALS)

    def answer(self, choice: Choice, match):
        answers = list(itertools.islice(_answers(choice), MAX_TRIALS))
        n = len(self.widths)
        self.widths.append(len(answers))
        if not answers:
            raise error("E402", f"{choice.prompt}: there is nothing to choose", rule=choice.rule)
        return answers[self.path[n] if n < len(self.path) else 0]

    def next_path(self) -> tuple[int, ...] | None:
        """The next way to answer after this run's, depth first; None when every way was tried."""
        taken = list(self.path[: len(self.widths)]) + [0] * (len(self.widths) - len(self.path))
        for n in range(len(taken) - 1, -1, -1):
            if taken[n] + 1 < self.widths[n]:
                return tuple(taken[:n]) + (taken[n] + 1,)
        return None


def _answers(choice: Choice) -> Iterator[list[int] | str]:
    """The legal answers of a choice, in the order a trial run tries them."""
    if choice.kind != "objects":
        yield from choice.answers()
        return
    most = min(choice.count, len(choice.options))
    for size in range(most, -1, -1) if choice.up_to else (most,):
        for combination in itertools.combinations(choice.options, size):
            yield list(combination)


class Game:
    """One game: the state, the rulebook it runs by, and who answers choices."""

    def __init__(self, rulebook: Rulebook, state: GameState, chooser: Chooser | None = None,
                 cards: dict[str, CardDef] | None = None):
        self.rulebook = rulebook
        self.state = state
        self.cards = cards or {}   # every card this game knows, by name (a combined permanent's face)
        self.chooser: Chooser = chooser or _Probe()
        self.interpreter = StepInterpreter(self)
        self._trial_depth = 0   # trial runs (try_out) now running inside one another
        fd = rulebook.face_down
        self._face_down = face_down_characteristics(fd.types, fd.power, fd.toughness) if fd else None

    # ------------------------------------------------------------ queries
    def characteristics(self, object_id: int) -> Characteristics:
        return self.state.characteristics(self.state.objects[object_id], self._face_down,
                                          self.rulebook.subtype_abilities)

    def last_known(self, object_id: int | None) -> LastKnown:
        """Name, characteristics, controller and copiable values of an object, or as it last existed on
        the battlefield (608.2h)."""
        if object_id in self.state.objects:
            obj = self.state.objects[object_id]
            return LastKnown(obj.card_name, self.characteristics(object_id), obj.controller,
                             self.copiable_values(object_id))
        return self.state.last_known.get(object_id, LastKnown(None, None, None))

    def name_of(self, object_id: int) -> str:
        obj = self.state.objects.get(object_id)
        return obj.card_name if obj else f"object {object_id}"

    def action_words(self, node: ast.Node, env: Env) -> str:
        span = node.span
        return span.source_line.strip() if span and span.source_line else ""

    @staticmethod
    def words_of(node: ast.Node) -> str:
        """The words of a node as written, for prompts."""
        span = node.span
        if span and span.source_line:
            return span.source_line[span.column - 1: span.column - 1 + span.length]
        return type(node).__name__.lower()

    # ------------------------------------------------------------ changes
    def emit(self, event: Event, env: Env | None = None) -> None:
        self.state.events.append(event)
        if env is not None:
            env.context.events.append(event)

    def move(self, object_id: int, zone: str, controller: str | None = None, face_down: str | None = None,
             env: Env | None = None) -> GameObject:
        """Move an object to a zone as a new object (400.7), with the events that go with it."""
        state = self.state
        old = state.objects[object_id]
        if old.zone == "battlefield" and old.face_down:
            self.emit(Event("revealed", old.owner, old.card_name, old.id), env)  # 708.9
        leaving = old.zone == "battlefield"
        if leaving:
            state.last_known[old.id] = self.last_known(old.id)
        state.remove(old)
        if old.parts:  # 712.21: one permanent leaves, its two cards arrive
            new, *others = [state.create(part, old.owner, zone) for part in old.parts]
        else:
            new = state.create(old.card, old.owner, zone, position=None, is_token=old.is_token)
        if zone == "battlefield":
            new.controller = controller or old.owner
            new.summoning_sick = True
        if face_down:
            new.face_down, new.face_down_at = face_down, state.clock
        state.moved[object_id] = new.id
        self.emit(Event("moved", new.owner, new.card_name, new.id), env)
        if leaving:
            self.emit(Event("left", old.controller, old.card_name, old.id), env)
        if zone == "battlefield":
            self.emit(Event("entered", new.controller, new.card_name, new.id), env)
        return new

    def create_token(self, env: Env, words: tuple[str, ...], colors: tuple[str, ...], power: int | None,
                     toughness: int | None, abilities: tuple = (), name: str | None = None,
                     supertypes: tuple[str, ...] = ()) -> GameObject:
        """Create a token (111.1): types from the card-type words, the rest are subtypes."""
        card_types = {t.lower(): t for t in self.rulebook.card_types}
        types = tuple(card_types[w.lower()] for w in words if w.lower() in card_types)
        subtypes = tuple(w for w in words if w.lower() not in card_types)
        letters = tuple(COLOR_LETTERS.get(c.lower(), c) for c in colors)
        face = Face(name or " ".join(subtypes), None, frozenset(letters), types, supertypes, subtypes, power,
                    toughness, abilities)
        token = self.state.create(CardDef(face.name, face), env.player, "battlefield", is_token=True)
        token.summoning_sick = True
        self.emit(Event("token_created", env.player, token.card_name, token.id), env)
        self.emit(Event("entered", env.player, token.card_name, token.id), env)
        return token

    def put_combined(self, env: Env, ids: list[int], name: str, node: ast.Node) -> GameObject:
        """712.4a: the two cards enter as one permanent with the combined face's characteristics."""
        card = self.cards.get(name)
        if card is None:
            raise error("E404", f"no card named '{name}' is defined", node.span, rule="712.4a",
                        help=did_you_mean(name, self.cards))
        parts = tuple(self.state.objects[i].card for i in ids)
        owner = self.state.objects[ids[0]].owner
        for i in ids:
            self.state.remove(self.state.objects[i])
        new = self.state.create(card, owner, "battlefield")
        new.controller, new.parts, new.summoning_sick = env.player, parts, True
        for i in ids:
            self.state.moved[i] = new.id
        self.emit(Event("moved", owner, card.name, new.id), env)
        self.emit(Event("entered", env.player, card.name, new.id), env)
        return new

    def copiable_values(self, object_id: int) -> Face:
        """707.2: what a copy copies — the card's (or the token's, or the copied) printed values, or
        the face-down characteristics (708.2: they are copiable values); no counters or other effects.
        Of a permanent that has left the battlefield, as it last existed there (608.2h)."""
        if object_id not in self.state.objects:
            return self.state.last_known[object_id].copiable
        obj = self.state.objects[object_id]
        if obj.face_down and self._face_down is not None:
            fd = self._face_down
            return Face(None, None, frozenset(), tuple(fd.types), (), (), fd.power, fd.toughness,
                        obj.extra_abilities)
        return obj.card.front

    def create_copy_token(self, env: Env, object_id: int) -> GameObject:
        """111.1, 707.2: a token with the copiable values of the object, face up."""
        face = self.copiable_values(object_id)
        token = self.state.create(CardDef(face.name or "", face), env.player, "battlefield", is_token=True)
        token.summoning_sick = True
        self.emit(Event("token_created", env.player, token.card_name, token.id), env)
        self.emit(Event("entered", env.player, token.card_name, token.id), env)
        return token

    def create_named_token(self, env: Env, name: str, node: ast.Node) -> GameObject:
        """A predefined token from rules/ (111.10): 'create a Treasure token'."""
        definition = self.rulebook.tokens.get(name)
        if definition is None:
            raise error("E404", f"no token named '{name}' is defined", node.span, rule="111.10",
                        help=did_you_mean(name, self.rulebook.tokens))
        abilities = tuple(self.rulebook.parse_card_line(line, name) for line in definition.text)
        return self.create_token(env, definition.types + definition.subtypes, definition.colors, None, None,
                                 abilities, name)

    def land_mana_types(self, player: str) -> list[str]:
        """106.7: the types of mana lands the player controls could produce (their own 'any type' abilities aside)."""
        found: set[str] = set()
        for obj in self.state.in_zone("battlefield", player):
            chars = self.characteristics(obj.id)
            if "Land" not in chars.types:
                continue
            for ability in chars.abilities:
                if isinstance(ability, ast.ActivatedAbility):
                    for node in ast.walk(ability.effect):
                        if isinstance(node, ast.AddMana) and node.mana:
                            found.update(parse_pool(node.mana))
                        elif isinstance(node, ast.AddMana) and node.any_color:
                            found.update("WUBRG")
        return [t for t in "WUBRGC" if t in found]

    # cards with rooms (309) -------------------------------------------------
    def room_card_of(self, object_id: int) -> ast.RoomCard:
        return self.rulebook.room_cards[self.state.objects[object_id].card_name]

    def bring_room_card(self, player: str, card: ast.RoomCard) -> GameObject:
        """309.2a: the card comes from outside the game into its owner's command zone."""
        face = Face(card.name, None, frozenset(), (card.card_type,), (), card.subtypes, None, None)
        return self.state.create(CardDef(card.name, face), player, "command")

    def move_marker(self, player: str, object_id: int, room: str, env: Env | None) -> None:
        """The marker moves into a room; its room ability triggers (309.4c)."""
        self.state.players[player].marker = (object_id, room)
        self.emit(Event("marker_moved", player, self.state.objects[object_id].card_name, object_id), env)

    def complete_room_card(self, player: str, env: Env | None) -> None:
        """309.7: the card is removed from the game and the player completes it."""
        figures = self.state.players[player]
        if figures.marker is None:
            return
        obj = self.state.objects[figures.marker[0]]
        card = self.room_card_of(obj.id)
        self.state.remove(obj)
        figures.marker = None
        figures.completed.append(card.name)
        if card.event:
            self.emit(Event(card.event, player, card.name), env)

    def pay_mana(self, player: str, cost: tuple[str, ...], what: str, rule: str = "601.2h") -> None:
        self.state.players[player].pool = pay(self.state.players[player].pool, cost, what, rule)

    def ask(self, choice: Choice) -> list[int] | str:
        if choice.kind == "objects":  # objects by zone and name; a player ('any target') by name
            choice.labels = [i if isinstance(i, str) else f"{self.state.objects[i].zone}:{self.name_of(i)}"
                             for i in choice.options]
        return self.chooser.answer(choice, self.match_among)

    def ask_yes(self, prompt: str, able: bool, rule: str) -> bool:
        """A yes-or-no question, always asked; when the action can't be done, only 'no' is legal (608.2d)."""
        return self.ask(Choice("yes_no", prompt if able else f"{prompt} (it can't be done now)",
                               ["yes", "no"] if able else ["no"], rule=rule)) == "yes"

    # ------------------------------------------------------------ references
    def match_among(self, ref: Ref, options: list) -> list:
        """The options a reference names, in zone order (an answer picks among options only); a player
        among the options is named by their name alone."""
        players = [p for p in options if isinstance(p, str) and ref.name.lower() == p.lower()
                   and ref.zone is None and ref.player is None and ref.index is None]
        if players:
            return players
        found = [i for i in self.ordered([i for i in options if isinstance(i, int)])
                 if self._matches(ref, self.state.objects[i])]
        if ref.index is not None:
            return found[ref.index - 1: ref.index] if 0 < ref.index <= len(found) else []
        return found[:1]

    def _matches(self, ref: Ref, obj: GameObject) -> bool:
        if ref.name.lower() != obj.card_name.lower():
            return False
        if ref.zone and ref.zone != obj.zone:
            return False
        holder = obj.controller if obj.zone == "battlefield" else obj.owner
        return not ref.player or ref.player == holder

    def ordered(self, ids: list[int], player: str | None = None) -> list[int]:
        """Objects in reference order: by zone, the given player's first, then position (each zone's
        positions are read once, so ordering costs the size of the zones, not its square)."""
        order = {zone: n for n, zone in enumerate(SEARCH_ORDER)}
        players = self.state.order
        positions: dict[tuple[str, str], dict[int, int]] = {}

        def position(obj: GameObject) -> int:
            place = (obj.zone, obj.owner if obj.zone not in ("battlefield", "stack") else "")
            if place not in positions:
                listed = (self.state.battlefield if obj.zone == "battlefield" else
                          [s.object_id for s in self.state.stack] if obj.zone == "stack" else
                          self.state.players[obj.owner].zones[obj.zone])
                positions[place] = {i: n for n, i in enumerate(listed)}
            return positions[place][obj.id]

        def key(i: int):
            obj = self.state.objects[i]
            holder = obj.controller if obj.zone == "battlefield" else obj.owner
            return (order[obj.zone], holder != player, players.index(holder), position(obj))

        return sorted(ids, key=key)

    def find(self, text: str, player: str, zones: tuple[str, ...] = SEARCH_ORDER) -> GameObject:
        """The object a step's reference names, searching zones in contract order."""
        ref = Ref.parse(text)
        if ref.zone and ref.zone not in SEARCH_ORDER:
            raise error("E404", f"unknown zone '{ref.zone}' in '{text}'", help=did_you_mean(ref.zone, SEARCH_ORDER))
        if ref.player and ref.player not in self.state.players:
            raise error("E404", f"unknown player '{ref.player}' in '{text}'",
                        help=did_you_mean(ref.player, self.state.players))
        found = self.ordered([i for i, o in self.state.objects.items() if o.zone in zones and self._matches(ref, o)],
                             player)
        if ref.index is not None:
            found = found[ref.index - 1: ref.index] if 0 < ref.index <= len(found) else []
        if not found:
            names = sorted({o.card_name for o in self.state.objects.values()})
            where = f" in {ref.zone}" if ref.zone else ""
            raise error("E404", f"no object '{text}'{where}", help=did_you_mean(ref.name, names))
        return self.state.objects[found[0]]

    # ------------------------------------------------------------ actions
    def perform(self, player: str, action: Callable[[], None], chooser: Chooser) -> list[Event]:
        """Run one player action all-or-nothing (a refusal rolls the journal back); returns the events
        it caused."""
        journal = self.state.journal
        mark = journal.mark()
        self.chooser = chooser
        start = len(self.state.events)
        try:
            action()
            self.after_action(start)
            if isinstance(chooser, ScriptedChooser) and chooser.unused():
                raise error("E408", f"unused answer(s): {', '.join(map(str, chooser.unused()))}",
                            help="remove answers the step does not ask for")
        except BaseException:
            journal.rollback(mark)
            raise
        finally:
            self.chooser = _Probe()
        journal.keep(mark)
        return self.state.events[start:]

    def new_context(self, player: str, source_id: int | None) -> Context:
        """A spell or ability of the source; an ability of a permanent remembers how its spell was cast."""
        source = self.state.objects.get(source_id) if source_id is not None else None
        return Context(self.state.new_id(), player, source_id, source.card_name if source else None,
                       cast_events=source.cast_events if source else ())

    def effect(self, player: str, effect: ast.Effect, source_id: int | None, text: str) -> None:
        """Resolve effect text at once, as an ability the player controls (scenario effect step)."""
        context = self.new_context(player, source_id)
        self.interpreter.run(effect, Env(player, context, source_id, action_text=text))
        self.end_context(context)

    def end_context(self, context: Context) -> None:
        """The effect is done: what it revealed is no longer revealed (701.20a)."""
        self.state.end_reveals(context.id)

    def try_out(self, attempt: Callable[[], None]) -> MtgError | None:
        """Whether an option can be carried out in at least one legal way (117.3, 608.2d): run it on
        the game and roll it back (the journal), answering its choices one legal way after another, until
        one run succeeds; else the refusal of the first run. A trial inside a trial tries one way only. A trial
        that reaches a part the interpreter doesn't run can't tell: that refusal is the action's
        (runs.py); nor is a definition that loops an option that can't be done: the whole action is
        refused, naming it."""
        journal, chooser = self.state.journal, self.chooser
        path: tuple[int, ...] | None = ()
        first: MtgError | None = None
        self._trial_depth += 1
        try:
            for _ in range(1 if self._trial_depth > 1 else MAX_TRIALS):
                probe = _Probe(path)
                self.chooser = probe
                mark = journal.mark()
                try:
                    attempt()
                    return None
                except Loops:
                    raise
                except MtgError as exc:
                    if exc.diagnostic.code == NOT_RUN:
                        raise
                    first = first or exc
                finally:
                    journal.rollback(mark)
                path = probe.next_path()
                if path is None:
                    break
            return first
        finally:
            self.chooser = chooser
            self._trial_depth -= 1

    # special actions (116) ------------------------------------------------
    def special_action(self, player: str, command: ast.SpecialActionCommand) -> None:
        """A special action from rules/ (116): a procedure applies when its requirements hold; where
        several can be carried out, the player names one. A refusal is that of the procedures that apply
        (what they lack: mana, ...), or, when none does, the requirement that failed furthest in."""
        obj = self.find(command.ref, player)
        procedures = self.rulebook.special_actions[command.pattern]
        text = command.pattern.replace("{}", obj.card_name)

        def attempt(definition: ast.Definition) -> Callable[[], None]:
            def run() -> None:
                context = self.new_context(player, None)
                env = Env(player, context, None, {_slot(definition): [obj.id]}, definition, text)
                self.interpreter.run(definition.steps, env)
                self.end_context(context)
            return run

        if len(procedures) == 1:
            attempt(procedures[0])()
            return
        outcomes = [(d, self.try_out(attempt(d))) for d in procedures]
        legal = [d for d, failure in outcomes if failure is None]
        if not legal:
            applying = [(d, f) for d, f in outcomes if not _unmet_requirement(d, f)]
            if len(applying) == 1:
                raise applying[0][1]
            if applying:
                raise error("E402", f"{text}: none of the ways that apply can be carried out (" + "; ".join(
                    f"{d.name}: {f.diagnostic.message}" for d, f in applying) + ")", rule=applying[0][0].rule)
            raise max(outcomes, key=lambda o: _progress(o[0], o[1]))[1]
        chosen = legal[0]
        if len(legal) > 1:
            name = self.ask(Choice("option", f"how to {text}", [d.name for d in legal]))
            chosen = next(d for d in legal if d.name == name)
        attempt(chosen)()

    # activating (602) -----------------------------------------------------
    def activate(self, player: str, command: ast.ActivateCommand) -> None:
        """602.2: choose the ability, pay its costs; a mana ability resolves at once (605.3), others wait.

        Of several abilities, those that can't be activated (a cost that can't be paid, no legal target)
        aren't options: one left is used without asking, none left is refused with why each can't."""
        obj = self.find(command.ref, player)
        abilities = [a for a in self.characteristics(obj.id).abilities if isinstance(a, ast.ActivatedAbility)]
        if not abilities:
            raise error("E402", f"{obj.card_name} has no activated ability", rule="602.1")
        if obj.controller != player:
            raise error("E402", f"{player} doesn't control {obj.card_name}", rule="602.2")
        options = self.ability_options(abilities)
        if len(options) > 1:
            outcomes = [(label, a, self.try_out(lambda a=a: self._activate(player, obj.id, a)))
                        for label, a in options.items()]
            options = {label: a for label, a, failure in outcomes if failure is None}
            if not options:
                raise error("E402", f"activate {obj.card_name}: none of its abilities can be activated (" + "; ".join(
                    f"{label}: {failure.diagnostic.message}" for label, _, failure in outcomes) + ")", rule="602.2")
        ability = next(iter(options.values()))
        if len(options) > 1:
            ability = options[self.ask(Choice("option", f"activate {obj.card_name}: which ability", list(options),
                                              rule="602.2a"))]
        self._activate(player, obj.id, ability)

    def ability_options(self, abilities: list[ast.ActivatedAbility]) -> dict[str, ast.ActivatedAbility]:
        """How a player names each activated ability (602.2a): by its cost as printed, or by its whole
        text where two abilities share a cost; abilities with the same text are one option."""
        costs = Counter(a.cost_text for a in abilities)
        options: dict[str, ast.ActivatedAbility] = {}
        for ability in abilities:
            options.setdefault(ability.cost_text if costs[ability.cost_text] == 1 else self.words_of(ability), ability)
        return options

    def _activate(self, player: str, object_id: int, ability: ast.ActivatedAbility) -> None:
        obj = self.state.objects[object_id]
        context = self.new_context(player, obj.id)
        env = Env(player, context, obj.id, action_text=f"activate {obj.card_name}")
        item = StackItem(self.state.new_id(), player, context, effect=ability.effect, source_name=obj.card_name,
                         activated=True)
        symbols = tuple(s for cost in ability.costs if cost.kind == "mana" for s in parse_cost(cost.mana, True))
        if not ability.is_mana_ability:
            self.state.stack.append(item)
        self.interpreter.check_activation(ability, env)  # 602.5b
        changes = total_changes(self.interpreter, [(c, env) for c in ability.cost_changes])  # 601.2f
        mana, life = self.announce_cost(tuple(s for s in symbols if s not in ("T", "Q")), env, changes)  # 602.2b
        if not ability.is_mana_ability:
            env.vars.update(env.context.vars)  # the value of X announced (602.2b)
            self.interpreter.announce_targets(ability.effect, env)  # 601.2c
        self._pay_activation(obj, ability, env, symbols, changes.apply(mana), life)
        if ability.is_mana_ability:
            env.vars = dict(context.vars)
            before = sum(self.state.players[player].pool.values())
            self.interpreter.run(ability.effect, env)
            if "T" in symbols and sum(self.state.players[player].pool.values()) > before:
                # 106.12a: it was tapped for mana, and the ability produced mana
                self.emit(Event("tapped_for_mana", player, obj.card_name, obj.id), env)

    def _pay_activation(self, obj: GameObject, ability: ast.ActivatedAbility, env: Env, symbols: tuple[str, ...],
                        mana: tuple[str, ...], life: int) -> None:
        """602.2h: {T} taps it, {Q} untaps it (only under its controller's control since their turn
        began, for a creature, 302.6), then mana, life and sacrifice."""
        for symbol in ("T", "Q"):
            if symbol not in symbols:
                continue
            if obj.zone != "battlefield":
                raise error("E402", f"{{{symbol}}} needs {obj.card_name} on the battlefield", rule="602.5a")
            if "Creature" in self.characteristics(obj.id).types and obj.summoning_sick:
                raise self.unless_unrun_keyword(self.characteristics(obj.id).abilities, error(
                    "E402", f"{obj.card_name} hasn't been under {env.player}'s control since their most recent "
                    f"turn began, so its {{{symbol}}} ability can't be activated", rule="302.6"))
            if obj.tapped == (symbol == "T"):
                raise error("E402", f"{obj.card_name} is already {'tapped' if symbol == 'T' else 'untapped'}",
                            rule="107.5" if symbol == "T" else "107.6")
            obj.tapped = symbol == "T"
            self.emit(Event("tapped" if obj.tapped else "untapped", obj.controller, obj.card_name, obj.id), env)
        self.pay_mana(env.player, mana, env.action_text)
        self.pay_life(env.player, life, env.action_text)
        for cost in ability.costs:  # the rest of the cost: life, loyalty, actions, sacrificing it last
            if cost.kind not in ("mana", "sacrifice self"):
                self.interpreter.pay_cost(cost, env)
        for cost in ability.costs:
            if cost.kind == "sacrifice self":
                self.interpreter.pay_cost(cost, env)

    # casting (601.2) ------------------------------------------------------
    def cast(self, player: str, command: ast.CastCommand) -> None:
        """Cast a spell (601.2): move it to the stack, announce, choose targets, pay, and it becomes cast."""
        zones = (command.from_zone,) if command.from_zone else ("hand",)
        obj = self.find(command.ref, player, zones)
        if obj.owner != player:
            raise error("E402", f"can't cast {obj.card_name}: it isn't yours to cast", rule="601.2")
        printed = obj.card.front.characteristics()
        permission, ability = self._permission(obj, command)
        types = {t.lower() for t in printed.types}
        if "land" in types and not (permission and permission.face_down):
            raise error("E402", f"can't cast {obj.card_name}: a land is played, not cast", rule="305.1")
        if (not types & INSTANT_SPEED_TYPES or permission and permission.face_down) and not self.as_though_flash(
                player, printed):
            if self.state.active != player or self.state.stack:
                raise self.unless_unrun_keyword(printed.abilities, error(
                    "E402", f"can't cast {obj.card_name} now: it needs your own main phase and an empty stack",
                    rule="307.1"))
        self._cast(player, obj, permission, ability)

    def _unrun_keyword(self, abilities: tuple) -> tuple[str, str, str | None] | None:
        """(name, why, rule) of the first keyword ability among these the interpreter doesn't run yet
        (runs.py), or None."""
        for keyword in keyword_abilities(abilities):
            found = gap(keyword, self.rulebook)
            if found is not None:
                _, message, rule = found.describe(keyword, self.rulebook)
                return keyword.name, message, rule
        return None

    def _check_aura_target(self, printed: Characteristics) -> None:
        """303.4a: an Aura spell requires a target, which its enchant ability defines; while that keyword
        ability isn't run (runs.py), casting it is refused rather than cast with no target."""
        unrun = self._unrun_keyword(printed.abilities)
        if unrun is not None:
            name, message, rule = unrun
            raise error(NOT_RUN, f"can't cast {printed.name}: an Aura spell targets what its {name} ability says "
                        f"(303.4a), and {message}", rule=rule)

    def unless_unrun_keyword(self, abilities: tuple, refusal: MtgError) -> MtgError:
        """A refusal by a rule that a keyword ability of the object may change (timing, summoning
        sickness): where the object has a keyword ability the interpreter doesn't run yet (runs.py), the
        answer can't be told, and the refusal says so (E409) rather than give a rule's answer that may be
        wrong."""
        unrun = self._unrun_keyword(abilities)
        if unrun is None:
            return refusal
        name, message, rule = unrun
        return error(NOT_RUN, f"{refusal.diagnostic.message}, unless its {name} allows it, which can't be told: "
                     f"{message}", rule=rule)

    def as_though_flash(self, player: str, spell: Characteristics) -> bool:
        """609.4: a permanent of the player's lets such spells be cast as though they had flash; any one
        whose condition the spell meets is enough (609.4a)."""
        for obj in self.state.in_zone("battlefield", player):
            for ability in self.characteristics(obj.id).abilities:
                if isinstance(ability, ast.AsThoughFlash) and self.interpreter.chars_match(
                        spell, ability.quality, Env(player, self.new_context(player, None))):
                    return True
        return False

    def owner_of(self, object_id: int | None) -> str | None:
        """The owner of an object, or of what it became (400.7)."""
        while object_id is not None and object_id not in self.state.objects and object_id in self.state.moved:
            object_id = self.state.moved[object_id]
        obj = self.state.objects.get(object_id) if object_id is not None else None
        return obj.owner if obj else None

    def cast_now(self, player: str, object_id: int) -> None:
        """Cast a card while an effect resolves, without paying its mana cost (118.9, 608.2g): no timing rules."""
        self._cast(player, self.state.objects[object_id], None, None, free=True)

    def _cast(self, player: str, obj: GameObject, permission: ast.CastPermission | None,
              ability: ast.KeywordAbility | None, free: bool = False) -> None:
        printed = obj.card.front.characteristics()
        if "Aura" in printed.subtypes and not (permission and permission.face_down):
            self._check_aura_target(printed)
        # 601.2a: the card moves to the stack and becomes a spell (face down first, 708.4).
        state = self.state
        state.remove(obj)
        spell = state.create(obj.card, obj.owner, "stack")
        state.moved[obj.id] = spell.id
        if permission and permission.face_down:
            spell.face_down, spell.face_down_at = self._way(ability), state.clock
            if permission.face_down.with_ability is not None:
                spell.extra_abilities = (permission.face_down.with_ability,)
        context = self.new_context(player, spell.id)
        item = StackItem(state.new_id(), player, context, object_id=spell.id, source_name=spell.card_name,
                         paid_with=ability.name if permission else None)
        state.stack.append(item)
        env = Env(player, context, spell.id, action_text=f"cast {spell.card_name}")
        base = () if free else tuple(printed.mana_cost or ())
        if permission:  # 118.9: an alternative cost replaces the mana cost
            cost = permission.cost
            base = parse_cost(str(dict(ability.args).get(cost.name) if isinstance(cost, ast.Var) else cost))
        abilities = self.characteristics(spell.id).abilities
        # 601.2b: modes, then X, then each hybrid half and Phyrexian payment.
        for spell_ability in abilities:
            if isinstance(spell_ability, ast.SpellAbility) and isinstance(spell_ability.effect, ast.Modal):
                context.vars["_modes"] = self.interpreter.choose_modes(spell_ability.effect, env)
        # 601.2f: the increases and reductions of its cost, counted before any cost is paid
        changes = spell_cost_changes(self.interpreter, spell.id, env, ability if permission and isinstance(
            permission.cost, ast.Var) else None)
        base, life = self.announce_cost(base, env, changes)
        # 601.2b: announce which additional cost will be paid.
        chosen = [c for a in abilities if isinstance(a, ast.AdditionalCost)
                  if (c := self._choose_cost(a, env, base, changes)) is not None]
        # 601.2c: targets, as many as the announced mode and X say.
        env.vars.update(context.vars)
        for spell_ability in abilities:
            if isinstance(spell_ability, ast.SpellAbility):
                self.interpreter.announce_targets(spell_ability.effect, env)
        # 601.2f-h: the total cost, then pay it.
        total = base
        for cost in chosen:
            if isinstance(cost, ast.PayMana):
                total += parse_cost(cost.cost)
            else:
                self.interpreter.run(cost, env)
        self.pay_mana(player, changes.apply(total), f"casting {spell.card_name}")
        self.pay_life(player, life, f"casting {spell.card_name}")
        env.target_index = 0
        self.emit(Event("cast", player, spell.card_name, spell.id), env)  # 601.2i

    def announce_cost(self, cost: tuple[str, ...], env: Env, changes: CostChanges = NO_CHANGES,
                      rule: str = "601.2h") -> tuple[tuple[str, ...], int]:
        """601.2b: the value of X, the half of each hybrid symbol and how each Phyrexian symbol is paid.

        An answer is legal only if the whole cost, with its increases and reductions (601.2f), can
        still be paid with it, given the answers before it; a cost that can't be paid in any way is
        refused (citing `rule`) before anything is asked. Returns the mana symbols and the life to pay.
        """
        player = self.state.players[env.player]
        fixed = [s for s in cost if s != "X" and "/" not in s]
        choices = [s for s in cost if "/" in s]   # hybrid halves first, then Phyrexian (107.4e, 107.4f)
        choices.sort(key=lambda s: s.endswith("/P"))

        def options(symbol: str) -> list[tuple[str, tuple[str, ...], int]]:
            if symbol.endswith("/P"):
                return [("mana", (symbol[:-2],), 0), ("life", (), 2)]
            return [(half, (half,), 0) for half in symbol.split("/")]

        def completable(paid: tuple[str, ...], life: int, rest: list[str]) -> bool:
            if not rest:
                return can_pay(player.pool, changes.apply(paid)) and life <= player.life
            return any(completable(paid + mana, life + more, rest[1:]) for _, mana, more in options(rest[0]))

        if not completable(tuple(fixed), 0, choices):
            life = player.life if any(s.endswith("/P") for s in choices) else None
            raise unpayable(player.pool, changes.apply(cost), env.action_text or "the cost", rule, life)
        if "X" in cost:
            count = cost.count("X")
            most = (sum(player.pool.values()) + changes.most_off()) // count
            values = [v for v in range(most + 1) if completable(tuple(fixed) + ((str(v * count),) if v else ()),
                                                                 0, choices)]
            value = int(self._announce(env, "the value of X", [str(v) for v in values], "107.3a"))
            env.context.vars["X"] = value
            if value:
                fixed.append(str(value * count))
        life = 0
        for n, symbol in enumerate(choices):
            legal = [(name, mana, more) for name, mana, more in options(symbol)
                     if completable(tuple(fixed) + mana, life + more, choices[n + 1:])]
            what = f"how to pay {{{symbol}}}" if symbol.endswith("/P") else f"the half of {{{symbol}}} to pay"
            answer = self._announce(env, what, [name for name, _, _ in legal],
                                    "107.4f" if symbol.endswith("/P") else "107.4e")
            _, mana, more = next(o for o in options(symbol) if o[0] == answer)
            fixed.extend(mana)
            life += more
        return tuple(fixed), life

    def pay_announced(self, cost: tuple[str, ...], env: Env, changes: CostChanges = NO_CHANGES,
                      rule: str = "601.2h") -> None:
        """Pay a cost outside casting, as casting pays (a special action's, 118.13c; an effect's, 118.13b):
        X, each hybrid half and each Phyrexian payment are chosen just before paying (107.3d), then the
        cost with its changes (601.2f) is paid; a refusal cites `rule`."""
        mana, life = self.announce_cost(cost, env, changes, rule)
        self.pay_mana(env.player, changes.apply(mana), env.action_text or "the cost", rule)
        self.pay_life(env.player, life, env.action_text or "the cost")

    def _announce(self, env: Env, what: str, options: list[str], rule: str) -> str:
        if len(options) == 1:
            return options[0]
        return self.ask(Choice("option", f"{env.action_text}: {what}", options, rule=rule))

    def pay_life(self, player: str, amount: int, what: str) -> None:
        """119.4: a player can pay life only up to their life total."""
        if amount > self.state.players[player].life:
            raise error("E401", f"can't pay {amount} life for {what}: {player} has "
                        f"{self.state.players[player].life}", rule="119.4")
        self.state.players[player].life -= amount

    def _permission(self, obj: GameObject, command: ast.CastCommand
                    ) -> tuple[ast.CastPermission | None, ast.KeywordAbility | None]:
        """The keyword ability that lets this cast happen (from another zone, face down, ...), if one is needed."""
        found = []
        for ability in keyword_abilities(obj.card.front.abilities):
            definition = self.rulebook.keyword_abilities.get(ability.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.CastPermission):
                    found.append((static, ability, definition))
        if command.using and command.face_down:
            raise error("E402", f"{obj.card_name} can't be cast both face down and using {command.using}: a spell "
                        "takes one alternative cost at most", rule="118.9a")
        if command.using:
            wanted = [f for f in found if command.using in (f[2].name, f[2].option_name)]
            if not wanted:
                raise error("E402", f"{obj.card_name} has no '{command.using}' way to be cast",
                            help=did_you_mean(command.using, [f[2].name for f in found]))
        elif command.face_down:
            wanted = [f for f in found if f[0].face_down is not None]
            if not wanted:
                raise error("E402", f"{obj.card_name} can't be cast face down: it has no ability that allows it",
                            rule="708.4")
        elif obj.zone != "hand":
            wanted = [f for f in found if f[0].zone == obj.zone and f[0].face_down is None]
            if not wanted and obj.playable_by == obj.owner:
                return None, None  # 'you may play them'
            if not wanted:
                raise error("E402", f"{obj.card_name} can't be cast from the {obj.zone}", rule="601.2a")
        else:
            return None, None
        for permission, ability, definition in wanted:
            if permission.zone != obj.zone:
                continue
            printed = obj.card.front.characteristics()
            if permission.spell_qualities and not any(printed.has_quality(q.words) for q in permission.spell_qualities):
                kinds = " or ".join(" ".join(q.words) for q in permission.spell_qualities)
                raise error("E402", f"{obj.card_name} can't be cast using {definition.name}: the spell would not "
                            f"be an {kinds} spell", rule=definition.rule)
            if permission.earlier_event and not (obj.face_down == permission.earlier_event
                                                 and obj.face_down_at is not None
                                                 and obj.face_down_at < self.state.turn_started):
                raise error("E402", f"{obj.card_name} wasn't {permission.earlier_event} before this turn",
                            rule=definition.rule)
            return permission, ability
        permission, _, definition = wanted[0]
        raise error("E402", f"{obj.card_name} is in the {obj.zone}; {definition.name} casts it from the "
                    f"{permission.zone}", rule=definition.rule)

    def _way(self, ability: ast.KeywordAbility) -> str:
        """How a face-down spell became face down (708.6): its keyword ability's name."""
        definition = self.rulebook.keyword_abilities[ability.name]
        return definition.option_name or definition.name

    def _choose_cost(self, ability: ast.AdditionalCost, env: Env, base: tuple[str, ...],
                     changes: CostChanges) -> ast.Node | None:
        """601.2b: which of the costs the player will pay; options that can't be paid aren't legal.

        'You may' is answered yes or no first, 'yes' being legal only when a cost can be paid
        (608.2d); then, of several costs, the player names one.
        """
        options = list(ability.options)
        words = [self.words_of(o) for o in options]
        legal = [(w, o) for w, o in zip(words, options)
                 if self.try_out(lambda o=o: self._pay_option(o, env, base, changes)) is None]
        if ability.optional and not self.ask_yes(
                f"{env.action_text}: as an additional cost, you may {' or '.join(words)}", bool(legal), "601.2b"):
            return None
        if not legal:
            failure = self.try_out(lambda: self._pay_option(options[0], env, base, changes))
            raise failure if failure else error("E402", f"{env.action_text}: no cost can be paid", rule="601.2h")
        if len(legal) == 1:
            return legal[0][1]
        labels = option_labels([w for w, _ in legal])
        name = self.ask(Choice("option", f"{env.action_text}: the additional cost ({one_of([w for w, _ in legal])})",
                               labels, rule="601.2b"))
        return legal[labels.index(name)][1]

    def _pay_option(self, option: ast.Node, env: Env, base: tuple[str, ...], changes: CostChanges) -> None:
        if isinstance(option, ast.PayMana):
            self.pay_mana(env.player, changes.apply(base + parse_cost(option.cost)), env.action_text)
        else:
            probe = Env(env.player, self.new_context(env.player, env.source_id), env.source_id,
                        action_text=env.action_text)
            self.interpreter.run(option, probe)

    # resolving (608) ------------------------------------------------------
    def resolve(self, player: str) -> None:
        state = self.state
        if not state.stack:
            raise error("E402", "there is nothing on the stack to resolve", rule="608.1")
        item = state.stack[-1]
        env = Env(item.controller, item.context, item.context.source_id, dict(item.context.vars),
                  action_text=f"resolve {item.source_name}")
        if not self.interpreter.drop_illegal_targets(item.context):  # 608.2b: every target is illegal
            self.remove_from_stack(item, env)
        elif item.object_id is None:
            state.stack.pop()
            if item.condition is not None and not self.interpreter.holds(item.condition, env):
                self.end_context(item.context)
                return  # 608.2a: its intervening 'if' is false now: removed from the stack, it does nothing
            self.interpreter.run(item.effect, env)
            self.emit(Event("resolved", item.controller, item.source_name, None), env)
        else:
            spell = state.objects[item.object_id]
            chars = self.characteristics(spell.id)
            types = {t.lower() for t in chars.types}
            if types & {"instant", "sorcery"}:
                for ability in chars.abilities:
                    if isinstance(ability, ast.SpellAbility):
                        self.interpreter.run(ability.effect, env)
                if item.object_id in state.objects:  # 608.2n, unless it left the stack as it resolved ('exile ~')
                    self.move(item.object_id, self.leaving_stack_to(item, spell, "graveyard"), env=env)
            else:
                extra = spell.extra_abilities
                new = self.move(spell.id, "battlefield", controller=item.controller, face_down=spell.face_down,
                                env=env)  # 608.3
                new.extra_abilities = extra
                new.x_paid = item.context.vars.get("X")  # 107.3m: its abilities' X is the spell's X
                new.cast_events = tuple(item.context.events)  # 701.4b: what its casting did, for its abilities
            self.emit(Event("resolved", item.controller, spell.card_name, None), env)
        self.end_context(item.context)

    def counter(self, item: StackItem, env: Env | None) -> None:
        """701.6a: remove it from the stack."""
        self.remove_from_stack(item, env)
        self.emit(Event("countered", item.controller, item.source_name), env)
        self.end_context(item.context)

    def remove_from_stack(self, item: StackItem, env: Env | None) -> None:
        """It leaves the stack without resolving (countered, 701.6a, or all its targets illegal, 608.2b): a
        spell goes to its owner's graveyard, or where a replacement says."""
        if item.object_id is not None and item.object_id in self.state.objects:
            spell = self.state.objects[item.object_id]  # moving the spell takes it off the stack
            self.move(spell.id, self.leaving_stack_to(item, spell, "graveyard"), env=env)
        else:
            self.state.stack.remove(item)

    def leaving_stack_to(self, item: StackItem, spell: GameObject, zone: str) -> str:
        """Where a spell goes as it leaves the stack: exiled instead where a keyword says so (702.34a)."""
        for ability in keyword_abilities(spell.card.front.abilities):
            definition = self.rulebook.keyword_abilities.get(ability.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.ExileInstead) and static.keyword == item.paid_with:
                    return "exile"
        return zone

    # triggers (603) and state-based actions (704) ---------------------------
    def after_action(self, start: int) -> None:
        """Abilities that triggered wait (603.2); state-based actions happen, and what they trigger
        waits too; then the waiting abilities go on the stack (117.5, 603.3), their targets chosen as
        they do (603.3d; one with no legal target is removed). What choosing those targets triggers
        (ward) goes on the stack next, and so on until nothing waits; abilities that never stop
        triggering one another are refused (104.4b)."""
        self.collect_triggers(self.state.events[start:])
        for _ in range(MAX_COUNT):
            checked = len(self.state.events)
            self.state_based_actions()
            self.collect_triggers(self.state.events[checked:])
            pending = self.state.pending_triggers
            if not pending:
                return
            order = self.state.order
            first = order.index(self.state.active)
            apnap = order[first:] + order[:first]
            pending.sort(key=lambda item: apnap.index(item.controller))
            self.state.pending_triggers = []
            announced = len(self.state.events)
            for item in pending:
                self.state.stack.append(item)
                env = Env(item.controller, item.context, item.context.source_id, dict(item.context.vars),
                          action_text=f"trigger of {item.source_name}")
                before = len(self.state.events)
                try:
                    self.interpreter.announce_targets(item.effect, env)
                except NoLegalTarget:  # 603.3d: it is simply removed from the stack
                    del self.state.events[before:]
                    self.state.stack.remove(item)
            self.collect_triggers(self.state.events[announced:])
        raise error("E402", f"abilities keep triggering one another as they are put on the stack (more than "
                    f"{MAX_COUNT} times): the game can't go on", rule="104.4b")

    def collect_triggers(self, events: list[Event]) -> None:
        """The abilities these events trigger wait to be put on the stack (603.2)."""
        if not events:
            return
        sources = [(self.state.objects[i], self.triggered_abilities(i)) for i in self.state.battlefield]
        sources = [(obj, abilities) for obj, abilities in sources if abilities]
        for event in events:
            self._collect(event, sources)

    def _collect(self, event: Event, sources: list[tuple[GameObject, list]]) -> None:
        if event.name == "marker_moved" and event.object_id in self.state.objects:  # 309.4c: its room ability
            marker = self.state.players[event.player].marker
            room = self.room_card_of(event.object_id).room(marker[1]) if marker else None
            if room is not None and room.effect is not None:
                context = self.new_context(event.player, event.object_id)
                self.state.pending_triggers.append(StackItem(self.state.new_id(), event.player, context,
                                                             effect=room.effect, source_name=event.card))
        for obj, abilities in sources:
            for ability, values in abilities:
                if self.interpreter.triggered_by(ability.trigger, event, obj):
                    context = self.new_context(obj.controller, obj.id)
                    context.vars = dict(values, _cause=event.cause)
                    if event.object_id is not None:  # 'it' is the object the trigger event is about (603.2, 608.2c)
                        context.vars["_it"] = [event.object_id]
                    if obj.x_paid is not None:
                        context.vars["X"] = obj.x_paid
                    if ability.condition is not None and not self.interpreter.holds(
                            ability.condition, Env(obj.controller, context, obj.id, dict(context.vars))):
                        continue  # 603.4: its intervening 'if' is false as the event happens: it doesn't trigger
                    self.state.pending_triggers.append(StackItem(
                        self.state.new_id(), obj.controller, context, effect=ability.effect,
                        source_name=obj.card_name, condition=ability.condition))

    def triggered_abilities(self, object_id: int) -> list[tuple[ast.TriggeredAbility, dict]]:
        """The object's triggered abilities: its own, and those its keyword abilities mean (ward),
        each with the values the keyword gives its slots."""
        found = []
        for ability in self.characteristics(object_id).abilities:
            if isinstance(ability, ast.TriggeredAbility):
                found.append((ability, {}))
        for keyword in keyword_abilities(self.characteristics(object_id).abilities):
            definition = self.rulebook.keyword_abilities.get(keyword.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.TriggeredAbility):
                    found.append((static, dict(keyword.args)))
        return found

    def state_based_actions(self) -> None:
        """704.5f: a creature with toughness 0 or less dies; 704.5m: an Aura attached to nothing goes to the
        graveyard; 704.5q: +1/+1 and -1/-1 counters annihilate;
        704.5d: tokens off the battlefield cease to exist;
        309.6: a card with rooms whose marker is on its bottommost room leaves once its last room ability has."""
        changed = True
        while changed:
            changed = False
            for object_id in list(self.state.battlefield):
                chars = self.characteristics(object_id)
                if "Creature" in chars.types and chars.toughness is not None and chars.toughness <= 0:
                    self.move(object_id, "graveyard")
                    changed = True
            for object_id in list(self.state.battlefield):  # 704.5m: an Aura attached to nothing legal
                obj = self.state.objects[object_id]
                if "Aura" in self.characteristics(object_id).subtypes and (
                        obj.attached_to not in self.state.battlefield):
                    self.move(object_id, "graveyard")
                    changed = True
            for object_id in self.state.battlefield:  # 704.5q: +1/+1 and -1/-1 counters annihilate in pairs
                counters = self.state.objects[object_id].counters
                pairs = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
                if pairs:
                    for kind in ("+1/+1", "-1/-1"):
                        counters[kind] -= pairs
                        if not counters[kind]:
                            del counters[kind]
                    changed = True
            for object_id in sorted(self.state.tokens):
                obj = self.state.objects[object_id]
                if obj.zone != "battlefield":
                    self.state.remove(obj)
                    changed = True
            for name, figures in self.state.players.items():  # 309.6: a finished card with rooms leaves
                marker = figures.marker
                if marker and not self.room_card_of(marker[0]).room(marker[1]).leads_to and not any(
                        item.context.source_id == marker[0] for item in self.state.stack + self.state.pending_triggers):
                    self.complete_room_card(name, None)
                    changed = True


def _progress(definition: ast.Definition, failure: MtgError) -> int:
    """How far into its steps a refused procedure got (lines below its header)."""
    span, start = failure.diagnostic.span, definition.span
    if span is None or start is None or span.file != start.file:
        return -1
    return span.line - start.line


def _unmet_requirement(definition: ast.Definition, failure: MtgError) -> bool:
    """Whether a procedure was refused by one of its own requirements: it doesn't apply (116.2)."""
    steps = definition.steps.effects if isinstance(definition.steps, ast.Sequence) else (definition.steps,)
    return any(isinstance(step, ast.Require) and step.span == failure.diagnostic.span for step in steps)


def _slot(definition: ast.Definition) -> str:
    return next(p.name for p in definition.pattern.parts if isinstance(p, ast.Slot))
