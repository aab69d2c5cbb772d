"""The scenario contract's "Turns, combat and the whole game" keys (SCENARIOS.md): a starting state the rules
don't allow at that point of the turn is refused with a located message citing the rule (never a traceback);
reserved words can't be player names; the new expectations say what didn't hold; the new state is journaled
and hidden information stays hidden.
"""
from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from interpreter.game.journal import Journal
from interpreter.game.state import STEPS, TURN_STRUCTURE, phase_of
from interpreter.game.view import UNSEEN, view
from interpreter.tools.scenario import Runner, Scenario, _serialize

from conftest import doc, run_text

COMBAT_CARDS = """
        Hill Giant: {mana_cost: "{3}{R}", types: [Creature], subtypes: [Giant], power: 3, toughness: 3}
        Ajani Goldmane: {mana_cost: "{2}{W}{W}", types: [Planeswalker], supertypes: [Legendary], loyalty: 4}
        Bonesplitter: {mana_cost: "{1}", types: [Artifact], subtypes: [Equipment]}
"""


def combat_doc(body: str) -> str:
    """A scenario document whose cards are the shared ones and COMBAT_CARDS."""
    return doc(body).replace("cards:\n", "cards:\n" + "\n".join(
        line[6:] for line in COMBAT_CARDS.strip("\n").splitlines()) + "\n", 1)


def refusal(tmp_path: Path, body: str) -> tuple[str, str]:
    """Run a one-scenario file that must fail; its message, and the file's text."""
    text = combat_doc(body)
    [outcome] = run_text(tmp_path, text)
    assert not outcome.passed
    assert "Traceback" not in outcome.message
    return outcome.message, text


def located(message: str, text: str, needle: str, code: str) -> None:
    """The message starts with file:line:col at the needle's line, and the code."""
    match = re.search(r":(\d+):(\d+): (E\d{3}) ", message)
    assert match, message
    line = int(match.group(1))
    assert needle in text.splitlines()[line - 1], (needle, line, message)
    assert match.group(3) == code, message


# ---------------------------------------------------------------- the starting state, refused
def test_attacking_outside_a_combat_step_is_refused_located(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: attacking in the main phase
        state:
          alice:
            battlefield: [{card: Hill Giant, attacking: bob}]
        steps:
          - expect: {at: main}
        """)
    located(message, text, "attacking: bob", "E111")
    assert "Hill Giant can't be attacking at 'main'" in message and "508.1k" in message
    assert "at: declare attackers" in message   # the help says how to fix it


def test_blocking_something_that_isnt_attacking_is_refused(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: blocking a creature that doesn't attack
        at: declare blockers
        state:
          alice:
            battlefield: [Hill Giant]
          bob:
            battlefield:
              - {card: Grizzly Bears, blocking: Hill Giant}
        steps:
          - expect: {at: declare blockers}
        """)
    located(message, text, "blocking: Hill Giant", "E111")
    assert "Grizzly Bears can't be blocking Hill Giant: it isn't attacking" in message and "509.1a" in message


def test_blocking_before_the_declare_blockers_step_is_refused(tmp_path: Path) -> None:
    message, _ = refusal(tmp_path, """
        name: blocking in the declare attackers step
        at: declare attackers
        state:
          alice:
            battlefield: [{card: Hill Giant, attacking: bob}]
          bob:
            battlefield: [{card: Grizzly Bears, blocking: Hill Giant}]
        steps:
          - expect: {at: declare attackers}
        """)
    assert "can't be blocking at 'declare attackers'" in message and "509.1g" in message


@pytest.mark.parametrize(("state", "needle", "words", "rule"), [
    ("bob:\n    battlefield: [{card: Hill Giant, attacking: alice}]", "attacking: alice",
     "isn't controlled by the active player", "506.2"),
    ("alice:\n    battlefield: [{card: Hill Giant, attacking: alice}]", "attacking: alice",
     "can't be attacking its own controller", "506.2"),
    ("alice:\n    battlefield: [{card: Hill Giant, attacking: Island}]\n  bob:\n    battlefield: [Island]",
     "attacking: Island", "only a player, a planeswalker or a battle can be attacked", "506.3"),
    ("alice:\n    battlefield: [Ajani Goldmane, {card: Hill Giant, attacking: Ajani Goldmane}]",
     "attacking: Ajani", "a planeswalker its own controller controls", "506.2"),
    ("alice:\n    battlefield: [{card: Island, attacking: bob}]", "attacking: bob", "only a creature can attack",
     "506.3"),
])
def test_illegal_attackers_in_the_starting_state(tmp_path: Path, state: str, needle: str, words: str,
                                                 rule: str) -> None:
    body = "name: an attacker the rules don't allow\nat: declare attackers\nstate:\n  " + state + \
           "\nsteps:\n  - expect: {at: declare attackers}\n"
    message, text = refusal(tmp_path, body)
    located(message, text, needle, "E111")
    assert words in message and rule in message, message


def test_attacking_an_unknown_player_suggests_one(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: a mistyped player
        at: combat damage
        state:
          alice:
            battlefield: [{card: Hill Giant, attacking: bbo}]
        steps:
          - expect: {at: combat damage}
        """)
    located(message, text, "attacking: bbo", "E404")
    assert "unknown player 'bbo'" in message and "did you mean 'bob'?" in message


def test_attachments_in_the_starting_state(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: a creature attached to a creature
        state:
          alice:
            battlefield: [Hill Giant, {card: Grizzly Bears, attached_to: Hill Giant}]
        steps:
          - expect: {at: main}
        """)
    located(message, text, "attached_to: Hill Giant", "E111")
    assert "Grizzly Bears is no Aura, Equipment or Fortification" in message and "701.3a" in message
    message, text = refusal(tmp_path, """
        name: attached to nothing there
        state:
          alice:
            battlefield: [{card: Bonesplitter, attached_to: Hill Gaint}]
        steps:
          - expect: {at: main}
        """)
    located(message, text, "Hill Gaint", "E404")
    assert "attached_to: no object 'Hill Gaint'" in message


def test_back_face_up_needs_a_back_face_and_only_permanents_have_combat_keys(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: a single-faced card transformed
        state:
          alice:
            battlefield: [{card: Hill Giant, transformed: true}]
        steps:
          - expect: {at: main}
        """)
    located(message, text, "transformed: true", "E111")
    assert "no back face" in message and "712.9" in message
    message, text = refusal(tmp_path, """
        name: damage on a card in a graveyard
        state:
          alice:
            graveyard: [{card: Hill Giant, damage: 2}]
        steps:
          - expect: {at: main}
        """)
    located(message, text, "damage: 2", "E111")
    assert "Hill Giant in alice's graveyard can't have 'damage': only a permanent can" in message


def test_an_unknown_step_name_suggests_the_nearest(tmp_path: Path) -> None:
    message, text = refusal(tmp_path, """
        name: a mistyped step
        at: declare attacker
        steps:
          - expect: {at: main}
        """)
    located(message, text, "at: declare attacker", "E110")
    assert "'declare attacker' is not" in message and "did you mean 'declare attackers'?" in message
    # Built without the schema (as the API allows), the starting state says the same.
    scenario_doc = {"name": "x", "at": "upkep", "steps": [{"expect": {}}]}
    with pytest.raises(Exception) as caught:
        Scenario(scenario_doc, tmp_path / "s.yaml", Runner())
    assert "unknown step 'upkep' — did you mean 'upkeep'?" in str(caught.value) and "500.1" in str(caught.value)


@pytest.mark.parametrize("word", ["stack", "events", "no_events", "view", "at", "turn", "active", "winner"])
def test_reserved_words_are_not_player_names(tmp_path: Path, word: str) -> None:
    message, text = refusal(tmp_path, f"""
        name: a reserved word as a player
        players: [alice, {word}]
        steps:
          - expect: {{at: main}}
        """)
    located(message, text, "players:", "E110")
    assert f"'{word}' is a reserved word" in message and "not a name" in message


def test_the_cli_shows_no_traceback_for_a_bad_starting_state(cli, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(doc("""
        name: attacking in the upkeep
        at: upkeep
        state:
          alice:
            battlefield: [{card: Grizzly Bears, attacking: bob}]
        steps:
          - expect: {at: upkeep}
        """), encoding="utf-8")
    code, out, err = cli("test", path)
    assert code == 1 and "Traceback" not in out + err
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: E111 Grizzly Bears can't be attacking at 'upkeep'", out), out
    code, out, err = cli("lint", path)
    assert code == 1 and "E111" in out and "508.1k" in out, out


def test_a_step_with_a_permanent_phased_out_runs_and_leaves_it_phased_out(tmp_path: Path) -> None:
    [outcome] = run_text(tmp_path, doc("""
        name: phased out
        state:
          alice:
            library: [Island]
            battlefield: [{card: Grizzly Bears, phased_out: true}]
        steps:
          - alice: draw a card
        expect:
          alice: {hand: [Island], battlefield: [{card: Grizzly Bears, phased_out: true}]}
        """))
    assert outcome.passed, outcome.message


# ---------------------------------------------------------------- expectations that don't hold
@pytest.mark.parametrize(("expect", "words"), [
    ("at: upkeep", "at: expected 'upkeep', actual 'main'"),
    ("turn: 2", "turn: expected 2, actual 1"),
    ("active: bob", "active: expected 'bob', actual 'alice'"),
    ("winner: alice", "winner: expected 'alice', actual None"),
    ("alice: {counters: {poison: 1}}", "alice.counters: expected {'poison': 1}, actual {}"),
    ("alice: {lost: true}", "alice.lost: expected True, actual False"),
    ("alice: {lands_played: 1}", "alice.lands_played: expected 1, actual 0"),
    ("alice: {battlefield: [{card: Grizzly Bears, damage: 1}]}", "damage: expected 1, actual 0"),
    ("alice: {battlefield: [{card: Grizzly Bears, attacking: true}]}", "attacking: expected True, actual None"),
    ("alice: {battlefield: [{card: Grizzly Bears, blocking: Hill Giant}]}", "blocking: expected 'Hill Giant'"),
    ("alice: {battlefield: [{card: Grizzly Bears, transformed: true}]}", "transformed: expected True"),
    ("events: [{event: drew, count: 2}]", "happened 1 times"),
    ("no_events: [{event: drew, count: 1}]", "happened 1 times"),
    ("view: {bob: {alice: {lost: true}}}", "view of bob: alice.lost: expected True, actual False"),
    ("view: {bob: {alice: {mana: ''}}}", "view of bob: alice.mana: not part of what a player sees"),
])
def test_new_expectations_say_what_did_not_hold(tmp_path: Path, expect: str, words: str) -> None:
    [outcome] = run_text(tmp_path, doc(f"""
        name: a failing expectation
        state:
          alice:
            library: [Island]
            battlefield: [Grizzly Bears]
        steps:
          - alice: draw a card
        expect: {{{expect}}}
        """))
    assert not outcome.passed
    assert words in outcome.message, outcome.message


def test_an_ability_on_the_stack_has_only_a_name_and_a_controller(tmp_path: Path) -> None:
    scroll = '  Scroll of Fate: {mana_cost: "{3}", types: [Artifact], text: "{T}: Manifest a card from your hand."}\n'
    [outcome] = run_text(tmp_path, doc("""
        name: an ability's mana value
        state:
          alice:
            battlefield: [Scroll of Fate]
            hand: [Island]
        steps:
          - alice: activate Scroll of Fate
            expect:
              stack: [{name: "ability:Scroll of Fate", mana_value: 0}]
        """).replace("cards:\n", "cards:\n" + scroll, 1))
    assert not outcome.passed
    assert "ability:Scroll of Fate is an ability: it has no 'mana_value'" in outcome.message, outcome.message


# ---------------------------------------------------------------- the state behind them
def test_the_schema_names_the_steps_of_the_turn_structure() -> None:
    schema = json.loads(resources.files("interpreter.tools").joinpath("scenario.schema.json").read_text())
    assert tuple(schema["$defs"]["step_name"]["enum"]) == STEPS
    assert [phase_of(step) for step in ("untap", "main", "declare blockers", "postcombat main", "cleanup")] == \
        ["beginning", "precombat main", "combat", "postcombat main", "ending"]
    assert [phase for phase, _ in TURN_STRUCTURE] == ["beginning", "precombat main", "combat", "postcombat main",
                                                       "ending"]


def _combat_game(tmp_path: Path):
    import yaml
    scenario_doc = yaml.safe_load(doc("""
        name: combat state
        at: declare blockers
        state:
          alice:
            battlefield: [{card: Dragon Whelp, face_down: manifested, attacking: bob}, Shivan Dragon]
          bob:
            counters: {poison: 2}
            battlefield: [{card: Grizzly Bears, blocking: Dragon Whelp, damage: 1}]
        steps: [{expect: {}}]
        """))
    return Scenario(scenario_doc, tmp_path / "s.yaml", Runner()).game


def test_the_new_fields_are_journaled_and_serialized(tmp_path: Path) -> None:
    game = _combat_game(tmp_path)
    state = game.state
    before = _serialize(state)
    bears = next(o for o in state.objects.values() if o.card_name == "Grizzly Bears")
    mark = state.journal.mark()
    state.turn, state.step, state.winner, state.ended = 2, "end", "alice", True
    state.players["bob"].counters["poison"] = 10
    state.players["bob"].lost, state.players["alice"].lands_played = True, 1
    bears.damage, bears.blocked, bears.back_face_up, bears.phased_out = 3, True, True, True
    bears.blocking = ()
    bears.attacking = "alice"
    assert _serialize(state) != before
    state.journal.rollback(mark)
    assert _serialize(state) == before
    assert isinstance(state.journal, Journal) and not state.journal.entries


def test_a_view_names_a_face_down_attacker_only_to_its_controller(tmp_path: Path) -> None:
    game = _combat_game(tmp_path)
    bobs_blocker = view(game, "bob")["bob"]["battlefield"][0]
    assert bobs_blocker["blocking"] == [UNSEEN] and bobs_blocker["damage"] == 1
    assert view(game, "alice")["bob"]["battlefield"][0]["blocking"] == ["Dragon Whelp"]
    attacker = view(game, "bob")["alice"]["battlefield"][0]
    assert attacker["card"] is None and attacker["attacking"] == "bob" and attacker["blocked"] is True
    assert view(game, "alice")["bob"]["counters"] == {"poison": 2}


def test_an_attacker_keeps_attacking_a_planeswalker_that_left(tmp_path: Path) -> None:
    """506.4c: removing the planeswalker from combat doesn't remove its attacker; the entry names it as it
    last existed, while an attachment to what left is none (704.5m-n)."""
    import yaml
    scenario_doc = yaml.safe_load(combat_doc("""
        name: a planeswalker leaves
        at: declare attackers
        state:
          alice:
            battlefield: [{card: Grizzly Bears, attacking: Ajani Goldmane}]
          bob:
            battlefield: [Ajani Goldmane, {card: Bonesplitter, attached_to: Ajani Goldmane}]
        steps: [{expect: {}}]
        """))
    game = Scenario(scenario_doc, tmp_path / "s.yaml", Runner()).game
    ajani = game.find("Ajani Goldmane", "bob")
    game.move(ajani.id, "graveyard")
    seen = view(game, "bob")
    assert seen["alice"]["battlefield"][0]["attacking"] == "Ajani Goldmane"
    assert seen["bob"]["battlefield"][0]["attached_to"] is None
