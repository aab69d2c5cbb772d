"""The legal-action list offers every way a card may be cast (601.2a, 118.9): from the hand for its mana cost,
from another zone or for an alternative cost where its keyword ability allows it, face down (708.4), and from
exile where an effect lets its owner play it; each offered action runs, and a card nothing lets be cast from
where it is isn't offered."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from interpreter.game.legal import Legal
from interpreter.game.offers import _castables
from interpreter.tools.scenario import Runner, Scenario

CARDS = {
    "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
    "Think Twice": {"mana_cost": "{1}{U}", "types": ["Instant"],
                    "text": "Draw a card.\nFlashback {2}{U}"},
    "Divination": {"mana_cost": "{2}{U}", "types": ["Sorcery"], "text": "Draw two cards."},
    "Mistral Charger": {"mana_cost": "{3}{U}", "types": ["Creature"], "subtypes": ["Elemental"], "power": 2,
                        "toughness": 2, "text": "Evoke {U}"},
    "Pulverize": {"mana_cost": "{4}{R}{R}", "types": ["Sorcery"],
                  "text": "You may sacrifice two Mountains rather than pay this spell's mana cost.\n"
                          "Destroy all artifacts."},
    "Mountain": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Mountain"]},
    "Hidden Drake": {"mana_cost": "{4}{U}", "types": ["Creature"], "subtypes": ["Drake"], "power": 3,
                     "toughness": 3, "text": "Morph {2}{U}"},
    "Spectral Sailor": {"mana_cost": "{U}", "types": ["Creature"], "subtypes": ["Spirit", "Pirate"], "power": 1,
                        "toughness": 1, "text": "Flash\nFlying"},
}


def scenario(alice: dict, step: str = "alice main1", active: str = "alice") -> Scenario:
    doc = {"name": "casts", "cards": CARDS, "steps": [], "step": step, "active": active,
           "state": {"alice": {"library": ["Island"] * 3, **alice}, "bob": {"library": ["Island"] * 3}}}
    return Scenario(doc, Path("casts.yaml"), Runner())


def casts(alice: dict) -> list[str]:
    """The texts of alice's cast actions in her main phase, with these zones."""
    return [a.text for a in Legal(scenario(alice).game).actions("alice") if a.kind == "cast"]


def test_a_card_with_flashback_is_offered_from_the_graveyard_for_its_flashback_cost() -> None:
    assert casts({"graveyard": ["Think Twice"], "mana": "{2}{U}"}) == [
        "cast graveyard:Think Twice from graveyard using flashback"]
    assert casts({"graveyard": ["Think Twice"], "mana": "{1}{U}"}) == []   # the flashback cost isn't paid


def test_a_card_nothing_lets_be_cast_from_the_graveyard_is_not_offered() -> None:
    assert casts({"graveyard": ["Divination"], "mana": "{2}{U}"}) == []


def test_an_alternative_cost_from_the_hand_is_offered_beside_the_mana_cost() -> None:
    assert casts({"hand": ["Mistral Charger"], "mana": "{3}{U}"}) == [
        "cast hand:Mistral Charger", "cast hand:Mistral Charger using evoke"]
    assert casts({"hand": ["Mistral Charger"], "mana": "{U}"}) == ["cast hand:Mistral Charger using evoke"]


def test_an_alternative_cost_printed_on_the_card_is_offered_when_it_can_be_paid() -> None:
    mountains = {"hand": ["Pulverize"], "battlefield": ["Mountain", "Mountain"]}
    assert casts(mountains) == ["cast hand:Pulverize using its alternative cost"]
    assert casts({**mountains, "mana": "{4}{R}{R}"}) == [
        "cast hand:Pulverize", "cast hand:Pulverize using its alternative cost"]
    assert casts({"hand": ["Pulverize"], "battlefield": ["Mountain"]}) == []   # 118.3: one Mountain can't pay it


def test_a_card_with_morph_is_offered_face_down_for_three() -> None:
    assert casts({"hand": ["Hidden Drake"], "mana": "{3}"}) == ["cast hand:Hidden Drake face down"]


def test_a_card_its_owner_may_play_from_exile_is_offered_from_exile() -> None:
    game = scenario({"exile": ["Divination"], "mana": "{2}{U}"}).game
    assert [a.text for a in Legal(game).actions("alice") if a.kind == "cast"] == []
    card = game.state.in_zone("exile", "alice")[0]
    card.playable_by = "alice"
    assert [a.text for a in Legal(game).actions("alice") if a.kind == "cast"] == ["cast exile:Divination from exile"]


def test_of_two_copies_in_exile_the_one_its_owner_may_play_is_offered() -> None:
    """601.2a: the permission is the object's; a copy before it in exile that nothing lets be cast doesn't hide it."""
    for playable in (0, 1):
        game = scenario({"exile": ["Divination", "Divination"], "mana": "{2}{U}"}).game
        game.state.in_zone("exile", "alice")[playable].playable_by = "alice"
        assert [a.text for a in Legal(game).actions("alice") if a.kind == "cast"] == [
            f"cast exile:Divination#{playable + 1} from exile"]


def test_each_offered_cast_runs_and_puts_the_spell_on_the_stack() -> None:
    for alice, name in (({"graveyard": ["Think Twice"], "mana": "{2}{U}"}, "Think Twice"),
                        ({"hand": ["Mistral Charger"], "mana": "{U}"}, "Mistral Charger"),
                        ({"hand": ["Pulverize"], "battlefield": ["Mountain", "Mountain"]}, "Pulverize")):
        game = scenario(alice).game
        legal = Legal(game)
        action = next(a for a in legal.actions("alice") if a.kind == "cast")
        legal.run("alice", action)()
        assert [game.state.objects[i.object_id].card_name for i in game.state.stack] == [name]


def test_cards_an_effect_lets_the_player_play_are_offered_wherever_they_are_and_whoever_owns_them() -> None:
    game = scenario({"mana": "{2}{U}", "exile": ["Island"]}).game
    bob_card = game.state.create(game.state.objects[game.state.players["alice"].zones["exile"][0]].card, "bob",
                                 "exile")
    assert [a.text for a in Legal(game).actions("alice") if a.kind == "play"] == []
    game.state.in_zone("exile", "alice")[0].playable_by = "alice"
    bob_card.playable_by = "alice"
    assert [a.text for a in Legal(game).actions("alice") if a.kind == "play"] == [
        "play alice.exile:Island", "play bob.exile:Island"]


def test_a_mana_plan_is_found_where_the_first_choice_of_a_source_would_miss_it() -> None:
    """{W}{U} from a W/U land and a W/B land: the W/B land pays {W} (106.1, 605.1a); taking the W/U land for
    {W} first, as the fewest-colors choice does, leaves nothing for {U}. A plan that doesn't exist stays None."""
    from collections import Counter

    from interpreter.game.mana_sources import Source, pay_plan
    azorius, orzhov = Source(1, "WU", None), Source(2, "WB", None)
    plan = pay_plan(("W", "U"), Counter(), [azorius, orzhov])
    assert plan is not None and sorted((s.object_id, color) for s, color in plan) == [(1, "U"), (2, "W")]
    assert pay_plan(("W", "U"), Counter(), [orzhov, Source(3, "WB", None)]) is None
    assert pay_plan(("W", "U", "B", "R", "G", "5"), Counter(), [azorius, orzhov] * 4) is None


def test_outside_sorcery_timing_only_what_needs_none_is_listed() -> None:
    game = scenario({"hand": ["Think Twice", "Divination", "Hidden Drake"], "mana": "{2}{U}"}, active="bob").game
    assert [a.text for a in Legal(game).candidates("alice")] == ["pass", "cast hand:Think Twice"]
    game = scenario({"hand": ["Divination", "Hidden Drake"], "mana": "{2}{U}"}, active="bob").game
    assert [a.text for a in Legal(game).candidates("alice")] == ["pass"]


def test_a_creature_with_flash_is_listed_outside_sorcery_timing_and_its_cast_runs() -> None:
    """702.8a: flash gives the card an instant's timing (117.1a), so it is offered on another player's turn, where
    the same creature without flash isn't (307.1); a player whose only such card has flash is not skipped."""
    game = scenario({"hand": ["Spectral Sailor", "Divination"], "mana": "{2}{U}"}, step="bob upkeep",
                    active="bob").game
    legal = Legal(game)
    assert [a.text for a in legal.candidates("alice")] == ["pass", "cast hand:Spectral Sailor"]
    action = legal.candidates("alice")[1]
    assert legal.checked("alice", action)
    legal.run("alice", action)()
    assert [game.state.objects[i.object_id].card_name for i in game.state.stack] == ["Spectral Sailor"]


def test_an_instant_is_listed_outside_sorcery_timing_as_its_cast_runs_whatever_the_case_of_its_type() -> None:
    """304.1: the listing reads an instant's timing where `Game.cast` does (`Game.instant_timing`), so a set file's
    'instant' is listed as the cast allows it."""
    opt = {"mana_cost": "{U}", "types": ["instant"], "text": "Draw a card."}
    doc = {"name": "casts", "cards": {**CARDS, "Opt": opt}, "steps": [], "step": "bob upkeep", "active": "bob",
           "state": {"alice": {"library": ["Island"] * 3, "hand": ["Opt"], "mana": "{U}"},
                     "bob": {"library": ["Island"] * 3}}}
    legal = Legal(Scenario(doc, Path("casts.yaml"), Runner()).game)
    assert [a.text for a in legal.candidates("alice")] == ["pass", "cast hand:Opt"]
    assert legal.checked("alice", legal.candidates("alice")[1])


def test_a_listing_that_would_change_the_state_is_refused(monkeypatch) -> None:
    game = scenario({"hand": ["Divination"], "mana": "{2}{U}"}).game
    legal = Legal(game)
    assert [a.text for a in legal.candidates("alice")] == ["pass", "cast hand:Divination"]
    lands = Legal._lands

    def writing(self, player, *rest):
        game.state.players[player].life -= 1
        return lands(self, player, *rest)
    monkeypatch.setattr(Legal, "_lands", writing)
    with pytest.raises(RuntimeError, match="changed the state"):
        legal.candidates("alice")


def test_references_follow_the_zone_they_read() -> None:
    """A reference is kept while its zone's objects and their controllers stay the same (`Legal.ref`)."""
    game = scenario({"battlefield": ["Island", "Island"], "hand": ["Island"]}).game
    legal, state = Legal(game), game.state
    first, second = state.battlefield
    assert (legal.ref(first), legal.ref(second)) == ("alice.battlefield:Island#1", "alice.battlefield:Island#2")
    mark = state.journal.mark()
    state.objects[first].controller = "bob"   # gained control of
    assert (legal.ref(first), legal.ref(second)) == ("bob.battlefield:Island", "alice.battlefield:Island")
    state.journal.rollback(mark)
    assert (legal.ref(first), legal.ref(second)) == ("alice.battlefield:Island#1", "alice.battlefield:Island#2")
    hand = state.players["alice"].zones["hand"][0]
    assert legal.ref(hand) == "alice.hand:Island"
    mark = state.journal.mark()
    state.create(state.objects[hand].card, "alice", "hand")   # drawn
    assert legal.ref(hand) == "alice.hand:Island#1" and game.find("alice.hand:Island#1", "alice").id == hand
    state.journal.rollback(mark)
    assert legal.ref(hand) == "alice.hand:Island"
    mark = state.journal.mark()
    state.players["alice"].zones["hand"].remove(hand)   # the same number of objects, another one
    assert legal.ref(state.create(state.objects[hand].card, "alice", "hand").id) == "alice.hand:Island"
    state.journal.rollback(mark)


def test_the_offers_kept_by_their_stamps_see_each_change_the_footprint_reads() -> None:
    """Legal.offers knows the footprint unchanged by its stamps (offers.py `footprint_stamps`): a change to a zone
    it reads, or to an object's field, moves them, and the offers are read again."""
    game = scenario({"hand": ["Divination"], "graveyard": ["Think Twice"], "battlefield": ["Island"]}).game
    legal, journal = Legal(game), game.state.journal
    first = legal.offers("alice")
    assert len(first.mana) == 1
    mark = journal.mark()
    try:
        game.draw("bob", None)   # the steady stamp moves; nothing the footprint reads changes
        assert legal.offers("alice") is first
        game.draw("alice", None)
        drawn = legal.offers("alice")
        assert len(drawn.lands) == 1 and drawn is not first
        graveyard = game.state.players["alice"].zones["graveyard"][0]
        game.state.objects[graveyard].playable_by = "alice"
        assert "cast graveyard:Think Twice from graveyard" in [w.text for c in legal.offers("alice").casts
                                                                 for w in c.ways]
        game.move(game.state.battlefield[0], "graveyard")
        assert not legal.offers("alice").mana
    finally:
        journal.rollback(mark)
    assert legal.offers("alice") == first


def test_ways_kept_for_an_id_are_never_another_cards_of_the_same_name() -> None:
    """400.7: an id a rollback undid is given again, and a reference names only the card's name: the ways of casting
    kept for one object aren't given to another card with that id, zone and name (here one costing {U})."""
    game = scenario({"hand": ["Divination"], "mana": "{2}{U}"}).game
    legal, known = Legal(game), {}
    obj = next(o for o in game.state.objects.values() if o.card.name == "Divination")
    assert _castables(game, legal.ref, "alice", [obj], known)[0].ways[0].mana == ("2", "U")
    cheaper = dataclasses.replace(obj.card, front=dataclasses.replace(obj.card.front, mana_cost=("U",)))
    twin = dataclasses.replace(obj, card=cheaper)
    assert (twin.id, legal.ref(twin.id)) == (obj.id, legal.ref(obj.id))
    assert _castables(game, legal.ref, "alice", [twin], known)[0].ways[0].mana == ("U",)
