"""Who decides each question (`Choice.player`): the player an instruction addresses makes its choices
(608.2d), each player their legend-rule choice (704.5j), the acting player otherwise; in whole games each
question goes to that player's chooser (tools/games.py `Deciders`)."""
from __future__ import annotations

from pathlib import Path

from interpreter.game.choices import Choice, RandomChooser
from interpreter.tools.games import Deciders
from interpreter.tools.scenario import Runner, Scenario

CARDS = {"Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"],
                           "power": 2, "toughness": 2},
         "Island": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Island"]}}


class Asked(RandomChooser):
    """A random chooser that writes down who each question was for."""

    def __init__(self) -> None:
        super().__init__(0)
        self.players: list[str | None] = []

    def answer(self, choice: Choice, match):
        self.players.append(choice.player)
        return super().answer(choice, match)


def game(state: dict):
    doc = {"name": "who decides", "players": ["alice", "bob"], "cards": CARDS, "state": state, "steps": []}
    return Scenario(doc, Path("who-decides.yaml"), Runner()).game


def perform(g, player: str, text: str) -> Asked:
    chooser = Asked()
    effect = g.rulebook.parse(text, "effect_text")
    g.perform(player, lambda: g.effect(player, effect, None, text), chooser)
    return chooser


def test_the_player_an_instruction_addresses_decides() -> None:
    g = game({"bob": {"hand": ["Island", "Grizzly Bears"]}, "alice": {"hand": ["Island", "Island"]}})
    assert perform(g, "alice", "each opponent discards a card").players == ["bob"]
    assert perform(g, "alice", "discard a card").players == ["alice"]


def test_each_player_keeps_their_own_legend() -> None:
    """Two of bob's legends with one name: the state-based action after alice's action asks bob (704.5j)."""
    cards = dict(CARDS, **{"Isamaru": {"types": ["Creature"], "supertypes": ["Legendary"], "power": 2,
                                       "toughness": 2}})
    doc = {"name": "legend rule", "players": ["alice", "bob"], "cards": cards,
           "state": {"alice": {"library": ["Island"]}, "bob": {"battlefield": ["Isamaru", "Isamaru"]}},
           "steps": []}
    g = Scenario(doc, Path("legend.yaml"), Runner()).game
    assert perform(g, "alice", "draw a card").players == ["bob"]


def test_whole_games_route_each_question_to_its_decider() -> None:
    class Seat:
        def __init__(self) -> None:
            self.chooser = Asked()
    seats = {"alice": Seat(), "bob": Seat()}
    deciders = Deciders(seats, "alice", ())
    deciders.answer(Choice("yes_no", "bob: pay {2}?", player="bob"), lambda ref, options: [])
    deciders.answer(Choice("yes_no", "alice: draw?"), lambda ref, options: [])
    assert seats["bob"].chooser.players == ["bob"] and seats["alice"].chooser.players == [None]


def test_a_refused_run_puts_back_the_random_numbers_of_each_player_asked() -> None:
    """`Table._ran`: a player's random numbers are saved as they are first asked (`Deciders`), and put back when
    the action is refused, with the replay's steps; a player not asked keeps drawing where they were."""
    from interpreter.diagnostics import MtgError, error
    from interpreter.game.legal import PASS
    from interpreter.game.players import RandomPlayer
    from interpreter.tools.games import Arena, Table
    arena = Arena(Path(__file__).parent / "examples" / "harbor-of-dread.yaml")
    seats = {"alice": RandomPlayer(1), "bob": RandomPlayer(2)}
    table = Table(arena, {"alice": ["Island"] * 10, "bob": ["Island"] * 10}, 5, seats)
    before = {name: seat.rng.getstate() for name, seat in seats.items()}

    def take(player: str, action) -> None:
        table.doc["steps"].append({player: "a step"})
        deciders = Deciders(seats, player, (), table._saved)
        deciders.answer(Choice("option", "which?", ["a", "b", "c"], player="bob"), lambda ref, options: [])
        raise error("E402", "refused")
    table.take = take
    assert table._ran("alice", PASS) is False
    assert {name: seat.rng.getstate() for name, seat in seats.items()} == before and table.doc["steps"] == []
    assert table._saved is None
    try:
        table.take("alice", PASS)
    except MtgError:
        pass
    assert seats["bob"].rng.getstate() != before["bob"]   # outside `_ran` nothing is put back
