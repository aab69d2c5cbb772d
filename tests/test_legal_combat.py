"""Attacks and blocks in the legal-action list (508.1, 509.1): candidates by what each creature is and its own
abilities say, every one confirmed by a trial (`Legal.checked`), so what holds only for creatures together
('can't attack alone', menace, requirements) decides which combinations are offered; a random player who picks
a refused one draws again."""
from __future__ import annotations

from pathlib import Path

from interpreter.game.legal import Legal
from interpreter.game.players import HeuristicPlayer, RandomPlayer
from interpreter.tools.scenario import Runner, Scenario

CARDS = {
    "Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2},
    "Raging Kronch": {"mana_cost": "{2}{R}", "types": ["Creature"], "subtypes": ["Beast"], "power": 4, "toughness": 3,
                      "text": "Raging Kronch can't attack alone."},
    "Wall of Stone": {"mana_cost": "{1}{R}{R}", "types": ["Creature"], "subtypes": ["Wall"], "power": 0,
                      "toughness": 8, "text": "Defender"},
    "Goblin Brigand": {"mana_cost": "{1}{R}", "types": ["Creature"], "subtypes": ["Goblin", "Warrior"], "power": 2,
                       "toughness": 2, "text": "Goblin Brigand attacks each combat if able."},
    "Goblin Heelcutter": {"mana_cost": "{3}{R}", "types": ["Creature"], "subtypes": ["Goblin"], "power": 3,
                          "toughness": 2, "text": "Menace"},
    "Hill Giant": {"mana_cost": "{3}{R}", "types": ["Creature"], "subtypes": ["Giant"], "power": 3, "toughness": 3},
}


def legal(at: str, alice: dict, bob: dict) -> Legal:
    doc = {"name": "combat", "cards": CARDS, "steps": [], "at": at,
           "state": {"alice": {"library": ["Forest"] * 3, **alice}, "bob": {"library": ["Forest"] * 3, **bob}}}
    return Legal(Scenario(doc, Path("combat.yaml"), Runner()).game)


def offered(at: str, alice: dict, bob: dict, player: str) -> list[str]:
    return [a.text for a in legal(at, alice, bob).actions(player) if a.kind in ("attack", "block")]


def test_a_creature_that_cant_attack_alone_is_offered_with_another_and_a_creature_with_defender_not_at_all() -> None:
    attacks = offered("beginning of combat", {"battlefield": ["Raging Kronch", "Grizzly Bears", "Wall of Stone"]},
                      {}, "alice")
    assert attacks == ["attack with alice.battlefield:Grizzly Bears",
                       "attack with alice.battlefield:Raging Kronch, alice.battlefield:Grizzly Bears"]


def test_a_creature_that_must_attack_is_offered_alone_and_with_others_never_left_out() -> None:
    attacks = offered("beginning of combat", {"battlefield": ["Goblin Brigand", "Grizzly Bears"]}, {}, "alice")
    assert attacks == ["attack with alice.battlefield:Goblin Brigand",
                       "attack with alice.battlefield:Goblin Brigand, alice.battlefield:Grizzly Bears"]


def test_a_creature_with_menace_is_offered_blocked_by_two_creatures_never_by_one() -> None:
    attacker = {"battlefield": [{"card": "Goblin Heelcutter", "tapped": True, "attacking": "bob"}]}
    blocks = offered("declare attackers", attacker, {"battlefield": ["Grizzly Bears", "Hill Giant"]}, "bob")
    assert blocks == ["block alice.battlefield:Goblin Heelcutter with bob.battlefield:Grizzly Bears, "
                      "bob.battlefield:Hill Giant."]


def test_a_random_player_draws_again_when_the_declaration_it_picked_is_refused() -> None:
    combat = legal("beginning of combat", {"battlefield": ["Raging Kronch", "Grizzly Bears"]}, {})
    candidates = combat.candidates("alice")
    assert "attack with alice.battlefield:Raging Kronch" in [a.text for a in candidates]
    picked = {RandomPlayer(seed).act(combat, "alice", candidates).text for seed in range(30)}
    assert picked == {"pass", "attack with alice.battlefield:Grizzly Bears",
                      "attack with alice.battlefield:Raging Kronch, alice.battlefield:Grizzly Bears"}


def test_the_heuristic_player_blocks_only_as_the_game_confirms() -> None:
    """Facing lethal menace damage, its one-creature blocks are refused: it builds none (it passes) rather than
    take one the game would refuse."""
    attacker = {"battlefield": [{"card": "Goblin Heelcutter", "tapped": True, "attacking": "bob"}]}
    combat = legal("declare attackers", attacker, {"life": 3, "battlefield": ["Grizzly Bears", "Hill Giant"]})
    action = HeuristicPlayer(0).act(combat, "bob", combat.candidates("bob"))
    assert combat.checked("bob", action)
