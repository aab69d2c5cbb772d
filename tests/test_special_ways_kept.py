"""The ways of a special action the legal-action list reads (`Game.special_ways`, 116.2) are kept by what their
requirements and payments read of the object alone, where each is of a kind whose executor reads only that (its
controller, face-down status, zone, owner, card and characteristics, whose turn it is): a change to one of those
gives the new answer; a procedure with any other requirement is kept by the state, as any value read from it."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.game.legal import Legal
from interpreter.tools.scenario import Runner, Scenario

RULES = """
special action "flip {permanent} over"
  named "flip"
  rule 116.2
  example "flip Island over"
  require you control {permanent}
  require {permanent} is face down
  pay {1}
  turn {permanent} face up

special action "show {card} around"
  named "show"
  rule 116.2
  example "show Island around"
  require {card} is in your hand
  require it's your turn
  pay {1}
  reveal {card}

special action "wave {permanent} about"
  named "wave"
  rule 116.2
  example "wave Island about"
  require you control no Plains
  pay {2}
  turn {permanent} face up
"""
CARDS = {
    "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
    "Plains": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Plains"]},
    "Exalted Angel": {"mana_cost": "{4}{W}{W}", "types": ["Creature"], "subtypes": ["Angel"], "power": 4,
                      "toughness": 5, "text": "Flying, lifelink\nMorph {2}{W}{W}"},
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Runner]:
    path = tmp_path_factory.mktemp("ways")
    (path / "extra.mtgr").write_text(RULES)
    return path, Runner()   # the rules loaded once


@pytest.fixture
def game(folder: tuple[Path, Runner]):
    path, runner = folder
    doc = {"name": "ways", "mechanics": ["extra.mtgr"], "cards": CARDS, "steps": [], "step": "alice main1",
           "state": {"alice": {"library": ["Island"] * 3, "hand": ["Island"], "battlefield": [
               {"card": "Island", "face_down": "manifested"}, {"card": "Exalted Angel", "face_down": "manifested"}]},
               "bob": {"library": ["Island"] * 3}}}
    return Scenario(doc, path / "ways.yaml", runner).game


def _object(game, zone: str, name: str) -> int:
    return next(i for i in game.state.objects if game.state.objects[i].zone == zone
                and game.state.objects[i].card_name == name)


@pytest.mark.parametrize("pattern, zone, name, changes", [
    ("flip {} over", "battlefield", "Island", [("controller", "bob"), ("face_down", None)]),
    ("show {} around", "hand", "Island", [("zone", "exile"), ("owner", "bob"), ("active", "bob")]),
    ("turn {} face up", "battlefield", "Exalted Angel", [("controller", "bob"), ("face_down", "morph"),
                                                         ("face_down", None)]),
])
def test_a_change_to_what_the_ways_read_of_the_object_gives_the_new_ways(game, pattern: str, zone: str, name: str,
                                                                          changes: list) -> None:
    legal, state, journal = Legal(game), game.state, game.state.journal
    i = _object(game, zone, name)
    assert game.ways_reads(i, pattern) is not None   # kept by the object, not by the state
    before = legal._special_ways("alice", i, pattern)
    assert before and before == game.special_ways("alice", i, pattern)
    for field, value in changes:
        mark = journal.mark()
        try:
            setattr(state if field == "active" else state.objects[i], field, value)
            now = legal._special_ways("alice", i, pattern)
            assert now == game.special_ways("alice", i, pattern) != before, field
        finally:
            journal.rollback(mark)
        assert legal._special_ways("alice", i, pattern) == before


def test_a_requirement_reading_more_than_the_object_keeps_its_ways_by_the_state(game) -> None:
    legal, state = Legal(game), game.state
    i = _object(game, "battlefield", "Island")
    assert game.ways_reads(i, "wave {} about") is None
    assert legal._special_ways("alice", i, "wave {} about") == (("wave", ("2",)),)
    plains = state.create(game.cards["Plains"], "alice", "battlefield")   # nothing of the Island changes
    plains.controller = "alice"
    assert legal._special_ways("alice", i, "wave {} about") == () == game.special_ways("alice", i, "wave {} about")
