"""Hidden information (400.2, 708.5): `view(game, viewer)` shows a player only
what that player may see, whatever happened before.

Random short sequences of effects by random players on random small
libraries; after every step, every player's view is checked.
"""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.game.choices import RandomChooser
from interpreter.diagnostics import MtgError
from interpreter.game.game import Game
from interpreter.tools.scenario import Runner, Scenario
from interpreter.game.view import view

PLAYERS = ["alice", "bob", "carol"]
EFFECTS = ["manifest dread", "manifest the top card of your library", "draw a card", "mill two cards",
           "shuffle your library"]
CARDS = {
    "Shivan Dragon": {"mana_cost": "{4}{R}{R}", "types": ["Creature"], "subtypes": ["Dragon"],
                      "power": 5, "toughness": 5},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"],
                      "power": 2, "toughness": 2},
    "Lightning Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
    "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]},
}
HIDDEN_ZONES_OF_OTHERS = ("hand",)

RUNNER = Runner()

libraries = st.lists(st.sampled_from(sorted(CARDS)), min_size=0, max_size=5)


@st.composite
def games(draw):
    players = PLAYERS[: draw(st.integers(2, 3))]
    state = {p: {"library": draw(libraries), "hand": draw(st.lists(st.sampled_from(sorted(CARDS)), max_size=2))}
             for p in players}
    steps = draw(st.lists(st.tuples(st.sampled_from(players), st.sampled_from(EFFECTS)), min_size=1, max_size=6))
    seed = draw(st.integers(0, 2**16))
    return players, state, steps, seed


def new_game(players: list[str], state: dict, seed: int) -> Game:
    doc = {"name": "hidden information", "players": players, "seed": seed, "cards": CARDS, "state": state,
           "steps": []}
    return Scenario(doc, Path("hidden-information.yaml"), RUNNER).game


def leaks(game: Game, viewer: str) -> list[str]:
    """What `viewer`'s view shows that the viewer may not see."""
    seen = view(game, viewer)
    found = []
    for player in game.state.order:
        zones = seen[player]
        # Every library, and another player's hand: only the size.
        for zone in ("library",) + (HIDDEN_ZONES_OF_OTHERS if player != viewer else ()):
            size = len(game.state.in_zone(zone, player))
            if zones[zone] != {"size": size}:
                found.append(f"{viewer} sees {player}'s {zone}: {zones[zone]!r} (should be only {{'size': {size}}})")
        # Face-down objects someone else controls: no identity.
        for zone, entries in zones.items():
            if not isinstance(entries, list):
                continue
            objects = game.state.in_zone(zone, player)
            assert len(objects) == len(entries), (zone, entries)
            for obj, entry in zip(objects, entries):
                if obj.face_down and obj.controller != viewer:
                    shown = json.dumps(entry)
                    if entry.get("card") is not None or obj.card_name in shown:
                        found.append(f"{viewer} sees the face-down {obj.card_name} {player} controls: {shown}")
    return found


@settings(derandomize=True, max_examples=50, deadline=None)
@given(games())
def test_no_view_shows_what_its_player_may_not_see(case) -> None:
    players, state, steps, seed = case
    game = new_game(players, state, seed)
    for number, (player, text) in enumerate(steps):
        effect = game.rulebook.parse(text, "effect_text")
        try:
            game.perform(player, lambda: game.effect(player, effect, None, text), RandomChooser(seed + number))
        except MtgError:
            pass  # a refusal changes nothing; the views must still hold
        for viewer in players:
            found = leaks(game, viewer)
            assert not found, f"after {steps[: number + 1]}:\n" + "\n".join(found)


def test_the_check_sees_a_leak() -> None:
    """The property can fail: a face-down card shown with its identity is caught."""
    game = new_game(["alice", "bob"], {"alice": {"library": ["Shivan Dragon"]}}, 0)
    effect = game.rulebook.parse("manifest the top card of your library", "effect_text")
    game.perform("alice", lambda: game.effect("alice", effect, None, "manifest"), RandomChooser(0))
    assert leaks(game, "bob") == [] and leaks(game, "alice") == []
    alice_sees = view(game, "alice")["alice"]["battlefield"]
    assert alice_sees[0]["card"] == "Shivan Dragon"  # its controller may look at it (708.5)
    bob_sees = view(game, "bob")["alice"]["battlefield"]
    assert bob_sees[0]["card"] is None and bob_sees[0]["face_down"] == "manifested"
    # Now pretend the view leaked it: the check must notice.
    import interpreter.game.view as view_module
    original = view_module.may_look
    try:
        view_module.may_look = lambda viewer, obj: True
        assert leaks(game, "bob") and "face-down Shivan Dragon" in leaks(game, "bob")[0]
    finally:
        view_module.may_look = original


# ---------------------------------------------------------------- every way of being face down
FACE_DOWN_CARDS = {
    "Veiled Scout": {"mana_cost": "{2}{G}", "types": ["Creature"], "subtypes": ["Elf"], "power": 3, "toughness": 3,
                     "text": "Morph {1}{G}"},
    "Masked Agent": {"mana_cost": "{1}{U}", "types": ["Creature"], "subtypes": ["Human"], "power": 1,
                     "toughness": 3, "text": "Disguise {U}"},
    "Omen of Tides": {"mana_cost": "{2}{U}", "types": ["Instant"], "text": "Draw a card.\nForetell {U}"},
    **CARDS,
}
FACE_DOWN_ACTIONS = ["cast Veiled Scout face down", "cast Masked Agent face down", "turn Veiled Scout face up",
                     "turn Masked Agent face up", "foretell Omen of Tides", "cast Omen of Tides from exile using foretell",
                     "cloak the top card of your library", "manifest dread", "resolve"]


@st.composite
def face_down_games(draw):
    players = PLAYERS[: draw(st.integers(2, 3))]
    hand = st.lists(st.sampled_from(["Veiled Scout", "Masked Agent", "Omen of Tides"]), max_size=3)
    state = {p: {"library": draw(libraries), "hand": draw(hand), "mana": "{6}{G}{G}{U}{U}"} for p in players}
    steps = draw(st.lists(st.tuples(st.sampled_from(players), st.sampled_from(FACE_DOWN_ACTIONS)),
                          min_size=1, max_size=8))
    return players, state, steps, draw(st.integers(0, 2**16)), draw(st.sampled_from(players))


@settings(derandomize=True, max_examples=40, deadline=None)
@given(face_down_games())
def test_no_view_shows_a_face_down_identity_whatever_made_it_face_down(case) -> None:
    """Morph, disguise, foretell, cloak and manifest (708.5, 702.143a): after every step of a random
    sequence, nobody sees another player's face-down card, hand or any library's order."""
    players, state, steps, seed, active = case
    doc = {"name": "face down", "players": players, "active": active, "seed": seed, "cards": FACE_DOWN_CARDS,
           "state": state, "steps": []}
    scenario = Scenario(doc, Path("face-down-views.yaml"), RUNNER)
    game = scenario.game
    for number, (player, text) in enumerate(steps):
        try:
            action = scenario.action(player, text, {player: text}, number + 1)
            game.perform(player, action, RandomChooser(seed + number))
        except MtgError:
            pass
        for viewer in players:
            found = leaks(game, viewer)
            assert not found, f"after {steps[: number + 1]}:\n" + "\n".join(found)
