"""Values computed from the state and kept while what they read stays the same (core.py `kept_values`): after a
change to anything one reads, it is what a fresh computation gives. The continuous pass that found no effect to
apply gives its last value again while the permanents are each what they were by themselves (continuous.py):
each change below is one it must see."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.diagnostics import MtgError
from interpreter.language import ast
from interpreter.tools.scenario import Runner, Scenario

CARDS = {
    "Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2},
    "Glorious Anthem": {"mana_cost": "{1}{W}{W}", "types": ["Enchantment"],
                        "text": "Creatures you control get +1/+1."},
    "Odd Bear": {"mana_cost": "{1}{G}", "types": ["Creature"], "power": 2, "toughness": 2,
                 "text": "Frobnicate the wizzle of every glorp."},
}


def _game():
    doc = {"name": "kept", "cards": CARDS, "steps": [],
           "state": {"alice": {"library": ["Forest"] * 3, "hand": ["Glorious Anthem", "Odd Bear"],
                               "battlefield": ["Grizzly Bears"]},
                     "bob": {"library": ["Forest"] * 3}}}
    game = Scenario(doc, Path("kept.yaml"), Runner()).game
    bears = next(i for i in game.state.battlefield if game.state.objects[i].card_name == "Grizzly Bears")
    return game, bears


def _effect(game, text: str) -> None:
    game.effect("alice", game.rulebook.parse(text, "effect_text", names=CARDS), None, text)


def _anthem_enters(game) -> None:
    anthem = game.state.players["alice"].zones["hand"][0]
    game.move(anthem, "battlefield")


def _flying(chars) -> bool:
    return any(getattr(a, "name", None) == "flying" for a in chars.abilities)


CHANGES = {
    "a resolved effect gives it an ability": (lambda game, bears: _effect(
        game, "Until end of turn, creatures you control gain flying."), _flying),
    "an emblem's static ability applies to it": (lambda game, bears: game.create_emblem(
        "alice", (game.rulebook.parse_card_line("Creatures you control get +1/+1.", ""),)),
        lambda chars: chars.power == 3),
    "a counter is put on it": (lambda game, bears: _effect(game, "Put a +1/+1 counter on each creature you control."),
                               lambda chars: chars.power == 3),
    "a resolved effect changes its power": (lambda game, bears: _effect(
        game, "Creatures you control get +2/+0 until end of turn."), lambda chars: chars.power == 4),
    "a permanent with a static ability enters": (lambda game, bears: _anthem_enters(game),
                                                 lambda chars: chars.power == 3),
}


@pytest.mark.parametrize("change", CHANGES)
def test_the_continuous_pass_that_found_no_effect_sees_each_change_it_reads(change: str) -> None:
    game, bears = _game()
    journal = game.state.journal
    before = game.characteristics(bears)
    assert game._static_pass.get(journal).read and before.power == 2 and not _flying(before)
    make, seen = CHANGES[change]
    mark = journal.mark()
    try:
        make(game, bears)
        now = game.characteristics(bears)
        game.forget_kept()
        assert seen(now) and now == game.characteristics(bears)
    finally:
        journal.rollback(mark)
    assert game.characteristics(bears) == before


def test_the_continuous_pass_gives_its_last_value_while_the_permanents_are_the_same() -> None:
    game, _ = _game()
    journal = game.state.journal
    found = game._static_pass.get(journal)
    steady, mark = journal.steady(), journal.mark()
    try:
        game.draw("alice", None)
        assert journal.steady() != steady and game._static_pass.get(journal) is found
    finally:
        journal.rollback(mark)


def test_a_state_the_interpreter_cant_run_is_seen_when_a_permanent_is_turned_face_up() -> None:
    """What runs.state_not_run reads of the objects in play: the card with text the engine doesn't understand,
    face down, is run (708.2: it has no text); turned face up, it isn't."""
    game, _ = _game()
    journal = game.state.journal
    mark = journal.mark()
    try:
        game.move(game.state.players["alice"].zones["hand"][1], "battlefield", face_down="manifested")
        game.refuse_not_run()
        game.state.objects[game.state.battlefield[-1]].face_down = None
        with pytest.raises(MtgError, match="doesn't understand"):
            game.refuse_not_run()
    finally:
        journal.rollback(mark)


def test_a_card_the_interpreter_cant_run_is_seen_as_an_object_of_it_is_made() -> None:
    """`GameCore._cards_run`: while every object's card runs, a state is run without reading the objects in play;
    an object made later with text the engine doesn't understand is read as it is made, as is one made anew with
    an id a rollback undid (the check each action begins with coming between)."""
    doc = {"name": "kept", "cards": CARDS, "steps": [],
           "state": {"alice": {"library": ["Forest"] * 3, "battlefield": ["Grizzly Bears"]}, "bob": {}}}
    game = Scenario(doc, Path("kept.yaml"), Runner()).game
    state, journal = game.state, game.state.journal
    game.refuse_not_run()
    assert game._cards_read == (state.next_id, True)
    mark = journal.mark()
    try:
        state.create(game.cards["Grizzly Bears"], "alice", "battlefield")
        game.refuse_not_run()
    finally:
        journal.rollback(mark)
    game.refuse_not_run()
    mark = journal.mark()
    try:
        made = state.create(game.cards["Odd Bear"], "alice", "battlefield")
        assert made.id == game._cards_read[0]   # the id the rollback undid
        with pytest.raises(MtgError, match="doesn't understand"):
            game.refuse_not_run()
    finally:
        journal.rollback(mark)
    game.refuse_not_run()   # none in play: the state runs (by what is in play, from now on)
    assert not game._cards_read[1]


def test_objects_made_anew_with_ids_a_rollback_undid_are_read_with_no_look_between() -> None:
    """What is read of the objects by id range (`_heard`, `_cards_run`) goes back with a rollback (`_ids_undone`):
    a trial that made an object and looked at it, rolled back, then an object of another card made with the same
    id before any look (as an action's real run after its trial), is read: its text may be heard, and a card the
    interpreter can't run is refused."""
    doc = {"name": "kept", "cards": CARDS, "steps": [],
           "state": {"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}}}
    game = Scenario(doc, Path("kept.yaml"), Runner()).game
    state, journal = game.state, game.state.journal
    game.refuse_not_run()
    assert not game.may_have(ast.StaticGrant)
    for card in ("Glorious Anthem", "Odd Bear"):
        outer = journal.mark()
        try:
            trial = journal.mark()
            made = state.create(game.cards["Grizzly Bears"], "alice", "battlefield").id
            game.refuse_not_run()
            game.may_have(ast.StaticGrant)
            journal.rollback(trial)
            assert state.create(game.cards[card], "alice", "battlefield").id == made
            if card == "Glorious Anthem":
                assert game.may_have(ast.StaticGrant)
            else:
                with pytest.raises(MtgError, match="doesn't understand"):
                    game.refuse_not_run()
        finally:
            journal.rollback(outer)


def test_instant_timing_is_read_of_the_face_and_the_rules_alone() -> None:
    """The legal-action listing keeps each face's ways of casting with whether it has instant timing by itself
    (offers.py `_ways`), unwatched: `Game.instant_timing` refuses an unapplied static ability of that kind
    (`own_statics`), which is only right to keep while no such ability is ever a part not run (runs.py)."""
    from interpreter.game import runs
    from interpreter.language import ast
    assert not any(issubclass(kind, ast.InstantTiming) for kind in runs.GAP_KINDS)
