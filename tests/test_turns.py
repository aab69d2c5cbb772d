"""The turn's machinery where scenarios can't look: designations that last a while end (611.2a), a
`go to` refused on the way leaves the game exactly as it was, and combat's entry points."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.diagnostics import MtgError
from interpreter.game.choices import ScriptedChooser
from interpreter.tools.scenario import Runner, Scenario, _serialize

BEARS = {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2}
FOREST = {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]}
TRAMPLER = {"mana_cost": "{4}{G}", "types": ["Creature"], "power": 5, "toughness": 5, "text": "Trample"}


def game(state: dict, **top):
    """A game of these cards; each player without a library gets a few cards to draw (drawing from an empty
    library loses the game, 704.5b)."""
    state = {player: {"library": ["Forest"] * 3, **zones} for player, zones in
             {"alice": {}, "bob": {}, **state}.items()}
    doc = {"name": "turns", "cards": {"Grizzly Bears": BEARS, "Forest": FOREST, "Trampler": TRAMPLER}, "state": state,
           "steps": [], **top}
    return Scenario(doc, Path("turns.yaml"), Runner()).game


def act(g, player: str, text: str, answers: list | None = None) -> None:
    node = g.rulebook.parse(text, "effect_text")
    g.perform(player, lambda: g.effect(player, node, None, text), ScriptedChooser(answers or []))


def go_to(g, player: str, step: str, answers: list | None = None) -> None:
    g.perform(player, lambda: g.go_to(player, step), ScriptedChooser(answers or []))


def designations(g, name: str) -> set[str]:
    return next(o.designations for o in g.state.objects.values() if o.card_name == name)


def test_this_turn_designations_end_in_cleanup_and_until_your_next_turn_ones_as_that_turn_begins() -> None:
    g = game({"bob": {"battlefield": ["Grizzly Bears"]}})
    act(g, "alice", "target creature can't block this turn")
    assert "can't block" in designations(g, "Grizzly Bears")
    go_to(g, "alice", "end")
    assert "can't block" in designations(g, "Grizzly Bears")
    go_to(g, "alice", "next turn")
    assert "can't block" not in designations(g, "Grizzly Bears")
    act(g, "bob", "target creature can't attack until your next turn")
    go_to(g, "bob", "next turn")
    assert "can't attack" in designations(g, "Grizzly Bears")
    go_to(g, "alice", "next turn")
    assert g.state.active == "bob" and "can't attack" not in designations(g, "Grizzly Bears")


def test_a_go_to_refused_on_the_way_leaves_the_game_as_it_was() -> None:
    """A trampler's division giving the player damage before its blocker has lethal is refused (702.19b) in
    the combat damage step, after the game moved on from declare blockers: all of it is undone."""
    g = game({"alice": {"battlefield": [{"card": "Trampler", "attacking": "bob", "tapped": True}]},
              "bob": {"battlefield": [{"card": "Grizzly Bears", "blocking": "Trampler"}]}}, at="declare blockers")
    before = _serialize(g.state)
    with pytest.raises(MtgError) as refused:
        go_to(g, "alice", "end", [{"Grizzly Bears": 1, "bob": 4}])
    assert refused.value.diagnostic.code == "E402" and "702.19b" in refused.value.diagnostic.headline()
    assert _serialize(g.state) == before
    go_to(g, "alice", "end", [{"Grizzly Bears": 2, "bob": 3}])
    assert g.state.players["bob"].life == 17


def test_an_added_step_comes_directly_after_the_current_one() -> None:
    g = game({"alice": {"battlefield": [{"card": "Grizzly Bears", "attacking": "bob"}]}}, at="declare blockers")
    g.combat_damage = lambda: None   # what a combat part of the game would do: deal it
    go_to(g, "alice", "combat damage")
    g.state.added_steps.append("combat damage")   # first strike: a second combat damage step (510.4)
    go_to(g, "alice", "combat damage")
    began = [e.step for e in g.state.events if e.name == "step_began"]
    assert began == ["combat damage", "combat damage"] and g.state.step == "combat damage"
    go_to(g, "alice", "end")
    assert g.state.objects[g.state.battlefield[0]].attacking is None   # 511.3: removed from combat
