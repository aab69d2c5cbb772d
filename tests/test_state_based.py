"""State-based actions and damage where a scenario's expectations can't say it (an attachment to nothing, a
replacement effect's duration), and the all-or-nothing rule for what they change.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.diagnostics import MtgError
from interpreter.game.choices import ScriptedChooser
from interpreter.tools.scenario import Runner, Scenario

CARDS = """
cards:
  Bonesplitter: {mana_cost: "{1}", types: [Artifact], subtypes: [Equipment]}
  Chimeric Sphere: {mana_cost: "{3}", types: [Artifact]}
  Grizzly Bears: {mana_cost: "{1}{G}", types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  Runeclaw Bear: {mana_cost: "{1}{G}", types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  Drudge Skeletons: {mana_cost: "{1}{B}", types: [Creature], subtypes: [Skeleton], power: 1, toughness: 1,
                     text: "{1}{B}: Regenerate this creature."}
"""


def game_of(text: str, tmp_path: Path):
    """The game of a scenario whose cards are CARDS and whose state is `text`."""
    doc = yaml.safe_load(CARDS + text + "\nsteps: []\n")
    return Scenario(doc, tmp_path / "test.yaml", Runner()).game


def act(game, player: str, text: str, answers: list | None = None) -> None:
    node = game.rulebook.parse(text, "effect_text", names=game.cards)
    game.perform(player, lambda: game.effect(player, node, None, text), ScriptedChooser(list(answers or [])))


def named(game, name: str):
    return next(o for o in game.state.objects.values() if o.card_name == name and o.zone == "battlefield")


def test_an_equipment_attached_to_a_noncreature_becomes_unattached_and_stays(tmp_path):
    """704.5n: the Equipment stays on the battlefield, attached to nothing."""
    game = game_of("""
state:
  alice:
    battlefield: [Grizzly Bears, Chimeric Sphere, {card: Bonesplitter, attached_to: Grizzly Bears}]
""", tmp_path)
    act(game, "alice", "attach 'Bonesplitter' to 'Chimeric Sphere'")
    assert named(game, "Bonesplitter").attached_to is None


def test_a_creature_attached_to_a_creature_becomes_unattached(tmp_path):
    """704.5p: only Auras, Equipment and Fortifications stay attached."""
    game = game_of("""
state:
  alice:
    battlefield: [Grizzly Bears, Runeclaw Bear]
""", tmp_path)
    act(game, "alice", "attach 'Runeclaw Bear' to 'Grizzly Bears'")
    assert named(game, "Runeclaw Bear").attached_to is None
    assert named(game, "Runeclaw Bear").zone == "battlefield"


def test_a_regeneration_shield_lasts_until_the_turn_ends(tmp_path):
    """701.19a: a shield made this turn is a replacement effect that ends in the cleanup step (514.2): the
    turn's cleanup ends it with `GameState.end_replacements('until end of turn')`."""
    game = game_of("""
state:
  alice:
    battlefield: [Drudge Skeletons]
""", tmp_path)
    act(game, "alice", "regenerate 'Drudge Skeletons'")
    assert [r.duration for r in game.state.replacements] == ["until end of turn"]
    game.state.end_replacements("until end of turn")
    act(game, "alice", "destroy 'Drudge Skeletons'")
    assert [o.card_name for o in game.state.in_zone("graveyard", "alice")] == ["Drudge Skeletons"]


def test_a_refused_action_leaves_no_damage_and_no_destruction_behind(tmp_path):
    """Damage marked, shields used and state-based actions performed in a refused action are undone."""
    game = game_of("""
state:
  alice:
    battlefield: [Grizzly Bears, Drudge Skeletons]
""", tmp_path)
    act(game, "alice", "regenerate 'Drudge Skeletons'")
    before = (len(game.state.events), list(game.state.replacements), list(game.state.battlefield))
    with pytest.raises(MtgError):   # the unused answer refuses the whole step, after the damage was dealt
        act(game, "alice", "'Grizzly Bears' deals 2 damage to 'Drudge Skeletons'", ["unused"])
    assert (len(game.state.events), list(game.state.replacements), list(game.state.battlefield)) == before
    assert named(game, "Drudge Skeletons").damage == 0 and not named(game, "Drudge Skeletons").tapped


def test_no_action_is_taken_once_the_game_is_over(tmp_path):
    """104.1: the refusal names the winner and changes nothing."""
    game = game_of("""
state:
  bob:
    life: 1
""", tmp_path)
    act(game, "alice", "each opponent loses 1 life")
    assert (game.state.ended, game.state.winner) == (True, "alice")
    events = len(game.state.events)
    with pytest.raises(MtgError, match="alice won"):
        act(game, "bob", "you gain 5 life")
    assert len(game.state.events) == events and game.state.players["bob"].life == 0
