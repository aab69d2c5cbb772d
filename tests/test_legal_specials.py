"""The legal-action list offers a special action (116.2) for each procedure of the rules files that applies to the
object by what its requirements read, with mana steps that pay that procedure's cost (not every source tapped);
a procedure whose requirements fail, or whose cost the player's mana can't pay, isn't offered, and each offered
action runs."""
from __future__ import annotations

from pathlib import Path

from interpreter.game.legal import Legal
from interpreter.tools.human import HumanPlayer
from interpreter.tools.scenario import Runner, Scenario

CARDS = {
    "Plains": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Plains"]},
    "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
    "Exalted Angel": {"mana_cost": "{4}{W}{W}", "types": ["Creature"], "subtypes": ["Angel"], "power": 4,
                      "toughness": 5, "text": "Flying, lifelink\nMorph {2}{W}{W}"},
    "Divination": {"mana_cost": "{2}{U}", "types": ["Sorcery"], "text": "Draw two cards."},
}
ANGEL = "turn alice.battlefield:Exalted Angel face up"


def scenario(battlefield: list) -> Scenario:
    doc = {"name": "specials", "cards": CARDS, "steps": [], "step": "alice main1",
           "state": {"alice": {"library": ["Island"] * 3, "battlefield": battlefield},
                     "bob": {"library": ["Island"] * 3}}}
    return Scenario(doc, Path("specials.yaml"), Runner())


def specials(battlefield: list) -> list[tuple[str, tuple[str, ...], int]]:
    """Alice's special actions: each one's text, its answers up front and how many sources it taps."""
    return [(a.text, a.answers, len(a.mana)) for a in Legal(scenario(battlefield).game).actions("alice")
            if a.kind == "special"]


def test_a_morph_permanent_is_offered_face_up_tapping_only_what_pays_its_morph_cost() -> None:
    lands = ["Plains"] * 3 + ["Island"] * 3
    assert specials([{"card": "Exalted Angel", "face_down": "morph"}, *lands]) == [
        (ANGEL, (), 4)]   # {2}{W}{W}: two Plains and two more, of six lands
    assert specials([{"card": "Exalted Angel", "face_down": "morph"}, "Plains", *["Island"] * 5]) == []   # one {W}


def test_a_manifested_card_that_is_not_a_creature_card_is_not_offered() -> None:
    assert specials([{"card": "Divination", "face_down": "manifested"}, *["Island"] * 4]) == []


def test_each_procedure_that_applies_is_offered_named_up_front_for_its_own_cost() -> None:
    lands = ["Plains"] * 4 + ["Island"] * 2
    assert specials([{"card": "Exalted Angel", "face_down": "manifested"}, *lands]) == [
        (ANGEL, ("mana cost",), 6), (ANGEL, ("morph",), 4)]
    assert specials([{"card": "Exalted Angel", "face_down": "manifested"}, *lands[1:]]) == [
        (ANGEL, ("morph",), 4)]   # five lands don't pay {4}{W}{W}


def test_each_offered_special_action_runs_and_leaves_the_other_sources_untapped() -> None:
    game = scenario([{"card": "Exalted Angel", "face_down": "manifested"}, *["Plains"] * 4, *["Island"] * 3]).game
    legal = Legal(game)
    for action in [a for a in legal.actions("alice") if a.kind == "special"]:
        mark = game.state.journal.mark()
        legal.run("alice", action)()
        angel = game.state.objects[action.object_id]
        assert not angel.face_down
        untapped = [i for i in game.state.battlefield if not game.state.objects[i].tapped]
        assert len(untapped) == 8 - len(action.mana) and not game.state.players["alice"].pool
        game.state.journal.rollback(mark)


def test_a_human_reads_which_way_each_action_turns_it_face_up() -> None:
    game = scenario([{"card": "Exalted Angel", "face_down": "manifested"}, *["Plains"] * 4, *["Island"] * 2]).game
    legal = Legal(game)
    shown = [HumanPlayer("alice").shown(legal, a) for a in legal.actions("alice") if a.kind == "special"]
    assert shown == [f"{ANGEL} (mana cost)", f"{ANGEL} (morph)"]


def test_a_special_action_tried_once_is_tried_again_when_the_state_changed() -> None:
    """The trial's answer follows the state: the same text, way and mana about a permanent turned face up since
    (by an effect, 701.40b) isn't legal any more, the same turn (702.37e: only a face-down permanent is)."""
    game = scenario([{"card": "Exalted Angel", "face_down": "manifested"}, *["Plains"] * 4, *["Island"] * 2]).game
    legal = Legal(game)
    way = next(a for a in legal.candidates("alice") if a.kind == "special" and a.answers == ("mana cost",))
    assert legal.checked("alice", way)
    game.state.objects[way.object_id].face_down = None
    assert not legal.checked("alice", way)
