"""'Understood' means it runs: the declarations of what isn't run yet (interpreter/game/runs.py) and the
interpreter agree.

The smoke test runs every corpus line that `mtgrules coverage` classifies as running in a small game
(creatures on both sides, cards in libraries, hands and graveyards, mana in the pool) with a chooser
that takes the first legal answer: a refusal of a part not run yet (E409, or any message saying the
interpreter doesn't do something yet), or an internal error, fails it. Other refusals (no legal target, can't pay) are fine.
"""
from __future__ import annotations

import ast as pyast
import dataclasses
import functools
import json
import re
import typing
from collections import Counter
from pathlib import Path

import pytest

from interpreter.language import ast, syntax
from interpreter.game import runs
from interpreter.game.characteristics import Face
from interpreter.game.choices import Choice
from interpreter.tools.coverage import Line, Measured, classify, jsonl_lines, measure
from interpreter.diagnostics import Diagnostic, MtgError
from interpreter.game.steps import EXECUTORS
from interpreter.game.game import Game
from interpreter.game.mana import parse_cost, parse_pool
from interpreter.language.rulebook import Rulebook
from interpreter.game.state import CardDef, GameState, Player, StackItem

from conftest import ROOT

CORPUS = ROOT.parent / "shared" / "corpus"
NO_CORPUS = "../shared/corpus is not beside this checkout"


@functools.cache
def book() -> Rulebook:
    return Rulebook.load()


# ------------------------------------------------------------------ one source of truth
def _kinds(union: object) -> set[type]:
    return {getattr(ast, k.__forward_arg__) if isinstance(k, typing.ForwardRef) else k for k in typing.get_args(union)}


@pytest.mark.parametrize("union", [ast.Effect, ast.Objects, ast.Condition,
                                   typing.Union[ast.Trigger, ast.ChapterTrigger]])
def test_every_node_kind_has_an_executor_or_a_declaration_never_both(union):
    """A kind the interpreter dispatches has an executor, or a declaration that it is never run; an executor
    behind a declaration that always applies would be dead code (making it run = deleting the declaration)."""
    executed = set(EXECUTORS) & _kinds(union)
    refused = {k for k in _kinds(union) if runs.always_refused(k)}
    assert executed | refused == _kinds(union), _kinds(union) - executed - refused
    assert not executed & refused, executed & refused


#: How a refusal says the interpreter doesn't do something yet ("isn't run by the interpreter yet").
NOT_YET = re.compile(r"\b(interpreter|game)\b.*\byet\b")


def _refusals_saying_yet(path: Path) -> list[str]:
    """Calls of refuse(...) or error(...) whose message says the interpreter doesn't do it yet."""
    found = []
    for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, pyast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("refuse", "error"):
            for part in pyast.walk(node):
                if isinstance(part, pyast.Constant) and isinstance(part.value, str) and NOT_YET.search(part.value):
                    found.append(f"{path.name}:{node.lineno}: {part.value}")
    return found


def test_no_refusal_of_a_part_not_run_is_written_outside_runs_py():
    """Every 'isn't run yet' refusal comes from a declaration in runs.py, so the analysis can't miss it."""
    found = [hit for path in sorted((ROOT / "interpreter").rglob("*.py")) if path.name != "runs.py"
             for hit in _refusals_saying_yet(path)]
    assert not found, "\n".join(found)


# ------------------------------------------------------------------ the analysis
#: A line with a part that isn't run yet (a prevention effect that lasts until your next turn, 615.1).
PREVENT = "Prevent all damage that would be dealt to target creature until your next turn."
PREVENTING = "preventing damage for a duration other than this turn"


@pytest.mark.parametrize("text, part", [
    (PREVENT, PREVENTING),
    ("Whenever this creature deals damage to one or more creatures, draw a card.",
     "trigger on damage dealt to a permanent"),
    ("Target creature can't be regenerated this turn.", "'can't be regenerated' for a duration"),
    ("Whenever a creature card leaves your graveyard, draw a card.", "trigger on 'leaves your graveyard'"),
    ("Mutate {2}{G}", "keyword ability mutate"),
    ("Target creature gains space sculptor until end of turn.", "keyword ability space sculptor"),
    ("Umbra armor", "keyword ability umbra armor"),
    ("Target creature gains banding until end of turn.", "keyword ability banding"),
    ("Each instant card in your graveyard has flashback.", "static ability about objects other than permanents"),
    ("If a creature died this turn, draw a card.", "what happened earlier in the turn"),
    ("Target creature gets +3/+0 until end of turn. When it attacks this turn, draw a card.",
     "delayed triggered ability"),
    ("Creatures you control can't be the target of spells or abilities your opponents control.",
     "static ability about other objects"),
    ("Banding", "keyword ability banding"),
])
def test_a_line_that_parses_but_does_not_run_names_the_part(text, part):
    measured = classify(book(), Line("Test Card", text))
    assert measured.parsed and not measured.runs
    assert part in measured.not_run


@pytest.mark.parametrize("text", [
    "This creature deals 2 damage to each opponent.", "Hexproof", "Ward {2}", "Flashback {1}{R}", "Flash",
    "Kicker {2}{R}", "Cycling {2}", "Madness {1}{R}", "Buyback {3}", "Evoke {1}{G}", "Equip {2}",
    "When this creature enters, manifest dread.", "Whenever you cast an instant or sorcery spell, draw a card.",
    "{T}: Add {G}.", "Morph {2}{G}", "Destroy target creature.", "This creature deals 2 damage to any target.",
    "When this creature dies, draw a card.", "Destroy all creatures. They can't be regenerated.", "{G}: Regenerate this creature.",
    "Deathtouch", "Lifelink", "Indestructible", "Infect", "Wither", "Each opponent gets a poison counter.",
    "At the beginning of your upkeep, draw a card.",
    "Exile target creature. Return it to its owner's hand at the beginning of the next end step.",
    "Target creature gets +3/+0 until end of turn. When it dies this turn, draw a card.",
    "When this enchantment enters, exile target creature an opponent controls until this enchantment leaves the battlefield.",
    "Enchant creature", "Enchanted creature gets +2/+0 and has trample.", "Enchanted creature can't attack or block.",
    "Phasing", "Target creature phases out.", "Whenever this creature attacks, it gets +2/+0 until end of combat.",
    "Prevent all damage that would be dealt to target creature this turn.",
    "{T}: Prevent the next 1 damage that would be dealt to any target this turn.", "Sacrifice a land: Draw a card.",
    "{T}: Add {R} or {G}.", "{1}: Draw a card. Activate only once each turn.",
    "Shroud", "Hexproof from black", "Fear", "Islandwalk", "Changeling", "Devoid", "Split second", "Convoke",
    "Delve", "Affinity for artifacts", "Undaunted", "Toxic 2", "Living metal", "Flash",
    "This creature can't be blocked by creatures with greater power."])
def test_a_line_whose_every_part_runs_runs(text):
    measured = classify(book(), Line("Test Card", text))
    assert measured.runs, measured


def test_a_part_inside_a_keyword_action_is_reached_through_its_definition(tmp_path):
    """A keyword action whose steps prevent damage doesn't run where it is used; the part says where it was found."""
    rules = tmp_path / "shelter.mtgr"
    rules.write_text('keyword action "shelter"\n  rule 701.99a\n  reminder "Prevent all damage to target creature."\n'
                     '  example "shelter"\n  prevent all damage that would be dealt to target creature until your next turn\n',
                     encoding="utf-8")
    extended = Rulebook.load([rules])
    found = runs.parts_not_run(extended.parse_card_line("When this creature enters, shelter.", "X"), extended)
    assert [(p.part, p.via) for p in found] == [(PREVENTING, "keyword action 'shelter'")]


def test_a_predefined_token_is_reached_through_its_text(tmp_path):
    rules = tmp_path / "bomb.mtgr"
    rules.write_text('token "Bomb"\n  rule 111.10a\n  card types Artifact\n  subtypes Bomb\n  colors\n'
                     '  text "{T}, Sacrifice this token: Prevent all damage that would be dealt to target creature '
                     'until your next turn."\n', encoding="utf-8")
    extended = Rulebook.load([rules])
    found = runs.parts_not_run(extended.parse_card_line("Create a Bomb token.", "X"), extended)
    assert [(p.part, p.via) for p in found] == [(PREVENTING, "token 'Bomb'")]


def test_a_definition_that_uses_itself_is_followed_once(tmp_path):
    rules = tmp_path / "loop.mtgr"
    rules.write_text('keyword action "spiral"\n  rule 701.99a\n  reminder "Draw a card, then spiral."\n'
                     '  example "spiral"\n  draw a card\n  spiral\n', encoding="utf-8")
    extended = Rulebook.load([rules])
    assert runs.parts_not_run(extended.parse_card_line("Spiral.", "X"), extended) == []


def test_coverage_reports_both_figures_per_line_and_per_mechanic():
    lines = [Line("A", "Draw a card.", ("draw",)), Line("B", PREVENT, ("draw",)),
             Line("C", "Frobnicate the widget.", ("draw",))]
    result = measure(book(), lines)
    data = result.as_json()
    assert (data["lines"], data["parsed"], data["understood"], data["runs"]) == (3, 2, 2, 1)
    assert data["by_mechanic"]["draw"] == {"lines": 3, "understood": 2, "parsed": 2, "runs": 1}
    assert [(x["parsed"], x["runs"]) for x in data["per_line"]] == [(True, True), (True, False), (False, False)]
    assert data["per_line"][1]["not_run"] == [PREVENTING]
    assert data["not_running"][0]["part"] == PREVENTING and data["not_running"][0]["lines"] == 1


def test_coverage_format_json_and_its_older_spelling(cli, tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_text('{"card": "A", "line": "Draw a card."}\n{"card": "B", "line": "%s"}\n' % PREVENT,
                    encoding="utf-8")
    code, out, _ = cli("coverage", "--format", "json", path)
    assert code == 0 and json.loads(out)["runs"] == 1
    code, again, _ = cli("coverage", "--json", path)
    assert code == 0 and json.loads(again) == json.loads(out)
    code, text, _ = cli("coverage", path)
    assert "2 parsed (100.0%), 1 run (50.0%)" in text and "preventing damage" in text


def test_coverage_measures_a_modal_ability_as_one_whatever_line_of_it_is_counted(tmp_path):
    """700.2: 'Choose one —' and its '•' modes are one ability: each of its lines counts as parsed (and as
    running) only when the whole ability does, as a card's text loads in play."""
    path = tmp_path / "lines.jsonl"
    rows = [("A", "Choose one —"), ("A", "• Draw a card."), ("A", "• You gain 2 life."),
            ("B", "Choose one —"), ("B", "• Draw a card."), ("B", "• Frobnicate the widget."),
            ("C", "{T}: Choose one. Frobnicate."), ("C", "• Draw a card."), ("C", "Flying")]
    path.write_text("".join(json.dumps({"card": c, "line": t}) + "\n" for c, t in rows), encoding="utf-8")
    data = measure(book(), jsonl_lines(path)).as_json()
    assert [(x["parsed"], x["runs"]) for x in data["per_line"]] == [(True, True)] * 3 + [(False, False)] * 5 + [
        (True, True)]
    assert (data["lines"], data["parsed"], data["runs"]) == (9, 4, 4)


def test_lint_warns_at_the_part_of_a_set_line_that_does_not_run(tmp_path):
    from interpreter.tools.lint import lint_paths
    path = tmp_path / "set.yaml"
    path.write_text("name: Test\ncode: TST\ncards:\n"
                    "  - name: Razer\n    mana_cost: '{1}{R}'\n    types: [Sorcery]\n"
                    "    text: Draw a card, then prevent all damage that would be dealt to target creature until your next turn.\n",
                    encoding="utf-8")
    found = lint_paths([path])
    assert [(d.code, d.span.line, d.span.column, d.rule) for d in found] == [("W502", 7, 29, "615.1")]
    assert "preventing damage" in found[0].message and "Razer" in found[0].message


# ------------------------------------------------------------------ the smoke test
class FirstAnswers:
    """The first legal answer, taking as many objects as allowed (so that lines do something)."""

    def answer(self, choice: Choice, match):
        if choice.kind in ("objects", "order"):  # an order is a list of all of them (603.3b)
            return list(choice.options[: choice.count])
        if choice.kind == "division":  # 1 to each, the rest to the first (601.2d)
            return {o: 1 + (choice.count - len(choice.options) if n == 0 else 0) for n, o in enumerate(choice.options)}
        return "yes" if choice.kind == "yes_no" else choice.options[0]


def _face(name: str, mana_cost: str | None, type_line: str, pt: str | None) -> Face:
    """A face from a corpus card's printed values (its type line split as rule 205 says)."""
    left, _, right = type_line.partition("—")
    words = left.split()
    supers = tuple(w for w in words if w in ("Legendary", "Basic", "Snow", "World"))
    types = tuple(w for w in words if w not in supers)
    power = toughness = None
    if pt and "/" in pt:
        p, t = pt.split("/", 1)
        power, toughness = (int(p) if p.strip().lstrip("-").isdigit() else 0), (int(t) if t.strip().lstrip("-").isdigit() else 1)
    try:
        cost = parse_cost(mana_cost) if mana_cost else None
    except MtgError:
        cost = None
    return Face(name, cost, None, types, supers, tuple(right.split()), power, toughness)


FILLERS = {
    "Grizzly Bears": ("{1}{G}", "Creature — Bear", "2/2"),
    "Hill Giant": ("{3}{R}", "Creature — Giant", "3/3"),
    "Goblin Piker": ("{1}{R}", "Creature — Goblin Warrior", "2/1"),
    "Forest": (None, "Basic Land — Forest", None),
    "Island": (None, "Basic Land — Island", None),
    "Opt": ("{U}", "Instant", None),
    "Divination": ("{2}{U}", "Sorcery", None),
    "Ornithopter": ("{0}", "Artifact Creature — Thopter", "0/2"),
    "Mind Stone": ("{2}", "Artifact", None),
}


def _cards() -> dict[str, CardDef]:
    return {name: CardDef(name, _face(name, *data)) for name, data in FILLERS.items()}


def _small_game(card: CardDef, on_battlefield: bool, fillers: dict[str, CardDef]) -> tuple[Game, int]:
    """Two players with creatures, cards in every zone and mana; the card in alice's hand and, for a
    permanent, on her battlefield too (not summoning sick). Returns the game and the card's permanent (or
    hand card)."""
    state = GameState({p: Player(p) for p in ("alice", "bob")}, ["alice", "bob"], "alice")
    state.rng.seed(0)
    for player in ("alice", "bob"):
        state.players[player].pool = parse_pool("{5}{W}{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{R}{G}{G}{G}")
        for zone, names in (("library", ["Forest", "Grizzly Bears", "Opt", "Hill Giant", "Island", "Divination",
                                         "Ornithopter", "Mind Stone"]),
                            ("hand", ["Grizzly Bears", "Opt", "Island", "Divination"]),
                            ("graveyard", ["Hill Giant", "Opt", "Forest", "Divination", "Mind Stone"]),
                            ("battlefield", ["Grizzly Bears", "Goblin Piker", "Forest", "Island", "Ornithopter",
                                             "Mind Stone"])):
            for name in names:
                state.create(fillers[name], player, zone)
    in_hand = state.create(card, "alice", "hand")
    source = state.create(card, "alice", "battlefield") if on_battlefield else in_hand
    state.turn_started = state.tick()
    return Game(book(), state, cards={**fillers, card.name: card}), source.id


PERMANENT_TYPES = {"Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle"}


def _attempts(game: Game, ability: ast.Node, source: int, text: str):
    """The actions that exercise the ability: cast, activate, trigger, or run it."""
    obj = game.state.objects[source]
    card = obj.card
    cast = ast.CastCommand(f"hand:{card.name}")
    if isinstance(ability, (ast.SpellAbility, ast.AdditionalCost)) or (
            isinstance(ability, ast.KeywordAbilities) and "Land" not in card.front.types):
        yield lambda: game.cast("alice", cast)
    if isinstance(ability, ast.ActivatedAbility):
        yield lambda: game.activate("alice", ast.ActivateCommand(f"battlefield:{card.name}"))
    if isinstance(ability, ast.TriggeredAbility):
        def trigger() -> None:
            context = game.new_context("alice", source)
            if isinstance(ability.trigger, ast.CastTrigger):  # 'that spell' is the spell cast (603.2): cast one
                game.cast("alice", ast.CastCommand("hand:Opt"))
                context.vars["_it"] = [game.state.stack[-1].object_id]
            game.state.pending_triggers.append(StackItem(game.state.new_id(), "alice", context,
                                                         effect=ability.effect, source_name=card.name))
        yield trigger
    if isinstance(ability, ast.ModeLine):
        yield lambda: game.effect("alice", ability.effect, source, text)
    if isinstance(ability, ast.KeywordAbilities):
        for keyword in ability.abilities:
            definition = book().keyword_abilities.get(keyword.name)
            for static in definition.statics if definition else ():
                if isinstance(static, ast.CastPermission):
                    yield from _cast_with(game, card, static, definition)
    if isinstance(ability, (ast.StaticGrant, ast.AsThoughFlash, ast.KeywordAbilities)):
        def look() -> None:
            if source in game.state.battlefield:  # an Aura or Equipment: attached to a creature
                game.state.objects[source].attached_to = next(
                    i for i in game.state.battlefield if game.state.objects[i].card_name == "Grizzly Bears")
            for i in list(game.state.objects):
                game.characteristics(i)
            game.cast("alice", ast.CastCommand("hand:Opt"))
        yield look


def _cast_with(game: Game, card: CardDef, permission: ast.CastPermission, definition: ast.Definition):
    """Cast the card the way a keyword ability allows (from its zone, or face down), then turn it face up."""
    def cast() -> None:
        game.state.create(card, "alice", permission.zone)
        if permission.face_down:
            game.cast("alice", ast.CastCommand(f"hand:{card.name}", face_down=True))
        else:
            game.cast("alice", ast.CastCommand(f"{permission.zone}:{card.name}", permission.zone,
                                               using=definition.option_name or definition.name))
    yield cast
    for pattern in book().special_actions:
        yield lambda pattern=pattern: game.special_action("alice", ast.SpecialActionCommand(
            pattern, f"{card.name}"))


def smoke(measured: Measured, face: Face) -> tuple[bool, str | None]:
    """Run one line in a small game: (whether some action of it was done, a failure or None)."""
    ability = measured.ability
    # an Aura has an enchant ability (702.5a, 303.4a) whichever of its lines is tried: 'Enchant creature', unless
    # the line is its enchant ability (one more would be two, 702.5c)
    aura = "Aura" in face.subtypes and not measured.line.text.startswith("Enchant ")
    enchant = (book().parse_card_line("Enchant creature", measured.line.card),) if aura else ()
    card = CardDef(measured.line.card, dataclasses.replace(face, abilities=(ability, *enchant)))
    fillers = _cards()
    game, source = _small_game(card, bool(set(face.types) & PERMANENT_TYPES), fillers)
    done = False
    for attempt in _attempts(game, ability, source, measured.line.text):
        for action in (attempt, lambda: game.resolve("alice"), lambda: game.resolve("alice")):
            try:
                game.perform("alice", action, FirstAnswers())
                done = True
            except MtgError as exc:
                d = exc.diagnostic
                if d.code == runs.NOT_RUN or NOT_YET.search(d.message):
                    return done, f"refused as not run: {d.headline()}"
                break
            except Exception as exc:  # noqa: BLE001 - the point of the test
                return done, f"internal error: {type(exc).__name__}: {exc}"
    return done, None


def _faces(cards_file: str, lines_file: str) -> list[tuple[Measured, Face]]:
    """Each line the analysis says runs, with the face of the card it is printed on."""
    cards: dict[str, dict] = {}
    for raw in (CORPUS / cards_file).read_text(encoding="utf-8").splitlines():
        item = json.loads(raw)
        cards[item["name"]] = item
    found = []
    raw_lines = [json.loads(raw) for raw in (CORPUS / lines_file).read_text(encoding="utf-8").splitlines()]
    with pytest.MonkeyPatch.context() as patch:  # whether a line parses is all this needs: no messages (time)
        patch.setattr(syntax, "syntax_error", lambda *args: MtgError(Diagnostic("E101", "not parsed")))
        measured_lines = [classify(book(), line) for line in jsonl_lines(CORPUS / lines_file)]
    for measured, raw in zip(measured_lines, raw_lines):
        line = measured.line
        if not measured.runs:
            continue
        item = cards.get(line.card) or next((c for c in cards.values() if line.card in c["name"].split(" // ")), None)
        if item is None:
            continue
        faces = (item.get("oracle") or "").split("\n//\n")
        index = raw.get("face", next((n for n, f in enumerate(faces) if line.text in f), 0))

        def pick(value: str | None) -> str | None:
            parts = (value or "").split(" // ")
            return parts[index] if index < len(parts) and parts[index] else None
        found.append((measured, _face(line.card, pick(item.get("mana_cost")), pick(item.get("type_line")) or "",
                                      pick(item.get("pt")))))
    return found


#: Lines that break the interpreter for a reason another fix of issue 10 owns; delete an entry once it is merged.
CORPORA = [("cards.jsonl", "lines.jsonl"), ("magic-sample.jsonl", "magic-lines.jsonl")]


@pytest.mark.skipif(not CORPUS.is_dir(), reason=NO_CORPUS)
@pytest.mark.parametrize("cards_file, lines_file", CORPORA, ids=[c[1] for c in CORPORA])
def test_every_corpus_line_that_runs_runs_without_a_refusal_of_a_part_not_run(cards_file, lines_file):
    failures, done = [], Counter()
    lines = _faces(cards_file, lines_file)
    for measured, face in lines:
        did, failure = smoke(measured, face)
        done[did] += 1
        if failure:
            failures.append(f"{measured.line.card}: {measured.line.text}\n    {failure}")
    assert not failures, f"{len(failures)} of {len(lines)} lines:\n" + "\n".join(failures[:40])
    print(f"{lines_file}: {len(lines)} lines run, {done[True]} of them did something in the small game")
    assert done[True] >= 0.8 * len(lines), f"most lines should do something in the small game: {done}"
