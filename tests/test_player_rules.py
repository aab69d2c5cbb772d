"""Restrictions on players (101.2) in the legal-action list: what a restriction forbids is never offered, and
what it doesn't forbid still is (the scenarios in tests/scenarios/players prove the refusals)."""
from __future__ import annotations

from pathlib import Path

from interpreter.game.legal import Legal
from interpreter.game.view import view
from interpreter.tools.scenario import Runner, Scenario

CARDS = {
    "Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
    "Shock": {"mana_cost": "{R}", "types": ["Instant"], "text": "Shock deals 2 damage to any target."},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2},
    "Aggressive Mining": {"mana_cost": "{3}{R}", "types": ["Enchantment"], "text": "You can't play lands."},
    "Nullhide Ferox": {"mana_cost": "{2}{G}{G}", "types": ["Creature"], "subtypes": ["Beast"], "power": 6,
                       "toughness": 6, "text": "You can't cast noncreature spells."},
    "Arcane Laboratory": {"mana_cost": "{2}{U}", "types": ["Enchantment"],
                          "text": "Each player can't cast more than one spell each turn."},
    "Oracle of Mul Daya": {"mana_cost": "{3}{G}", "types": ["Creature"], "subtypes": ["Elf"], "power": 2,
                           "toughness": 2, "text": "You may play an additional land on each of your turns."},
}


def offered(alice: dict, kind: str) -> list[str]:
    """The texts of alice's legal actions of a kind in her main phase, with these zones."""
    doc = {"name": "players", "cards": CARDS, "steps": [],
           "state": {"alice": {"library": ["Forest"] * 3, **alice}, "bob": {"library": ["Forest"] * 3}}}
    game = Scenario(doc, Path("players.yaml"), Runner()).game
    return [a.text for a in Legal(game).actions("alice") if a.kind == kind]


def test_a_land_is_not_offered_while_a_permanent_says_you_cant_play_lands() -> None:
    assert offered({"hand": ["Forest"]}, "play")
    assert not offered({"hand": ["Forest"], "battlefield": ["Aggressive Mining"]}, "play")


def test_only_the_spells_a_restriction_allows_are_offered() -> None:
    casts = offered({"hand": ["Shock", "Grizzly Bears"], "mana": "{1}{G}{R}", "battlefield": ["Nullhide Ferox"]},
                    "cast")
    assert casts == ["cast hand:Grizzly Bears"]


def test_no_spell_is_offered_once_the_player_cast_as_many_as_allowed_this_turn() -> None:
    assert offered({"hand": ["Shock"], "mana": "{R}", "battlefield": ["Arcane Laboratory"]}, "cast")
    doc = {"name": "players", "cards": CARDS, "steps": [],
           "state": {"alice": {"library": ["Forest"] * 3, "hand": ["Shock", "Shock"], "mana": "{R}{R}",
                               "battlefield": ["Arcane Laboratory"]}, "bob": {"library": ["Forest"] * 3}}}
    scenario = Scenario(doc, Path("players.yaml"), Runner())
    game = scenario.game
    legal = Legal(game)
    shock = next(a for a in legal.actions("alice") if a.kind == "cast")
    legal.run("alice", shock)()
    assert not [a for a in legal.actions("alice") if a.kind == "cast"]


def test_a_second_land_is_offered_where_a_static_ability_lets_the_player_play_an_additional_land() -> None:
    assert not offered({"hand": ["Forest"], "lands_played": 1}, "play")
    assert offered({"hand": ["Forest"], "lands_played": 1, "battlefield": ["Oracle of Mul Daya"]}, "play")


def test_only_the_controller_sees_the_top_card_a_static_ability_lets_them_look_at() -> None:
    CARDS_WITH_LOOK = {**CARDS, "Seer": {"mana_cost": "{1}{U}", "types": ["Creature"], "power": 1, "toughness": 1,
                                         "text": "You may look at the top card of your library any time."}}
    doc = {"name": "players", "cards": CARDS_WITH_LOOK, "steps": [],
           "state": {"alice": {"library": ["Forest", "Shock"], "battlefield": ["Seer"]}, "bob": {"library": ["Forest"]}}}
    game = Scenario(doc, Path("players.yaml"), Runner()).game
    assert [e["card"] for e in view(game, "alice")["alice"]["library"]["top"]] == ["Forest"]
    assert "top" not in view(game, "bob")["alice"]["library"]
    assert "top" not in view(game, "alice")["bob"]["library"]
