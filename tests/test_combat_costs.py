"""Costs to attack where scenarios can't reach them (508.1h): a scenario's mana pool empties before the declare
attackers step begins, and mana abilities activated while the cost is paid (508.1i) aren't run, so a cost paid
from the pool is tested here, the pool filled as the step begins."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.diagnostics import MtgError
from interpreter.game.choices import ScriptedChooser
from interpreter.game.mana import parse_pool
from interpreter.tools.scenario import Runner, Scenario

BEARS = {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2}
PROPAGANDA = {"mana_cost": "{2}{U}", "types": ["Enchantment"], "text": "Creatures can't attack you unless their "
              "controller pays {2} for each creature they control that's attacking you."}


def declare(answers: list[str], mana: str):
    """alice declares her two Grizzly Bears as attackers of bob, who controls Propaganda, with `mana` in her pool."""
    doc = {"name": "costs", "cards": {"Grizzly Bears": BEARS, "Propaganda": PROPAGANDA}, "at": "beginning of combat",
           "state": {"alice": {"battlefield": ["Grizzly Bears", "Grizzly Bears"]},
                     "bob": {"battlefield": ["Propaganda"]}}, "steps": []}
    g = Scenario(doc, Path("costs.yaml"), Runner()).game

    def run() -> None:
        g.state.step = "declare attackers"
        g.state.players["alice"].pool.update(parse_pool(mana))
        g.declaring = ("attack", None, ["Grizzly Bears", "Grizzly Bears#2"])
        g.declare_attackers()
    g.perform("alice", run, ScriptedChooser(answers))
    return g


def test_the_cost_is_paid_for_each_attacker_from_the_pool() -> None:
    g = declare(["yes"], "{4}{G}")
    assert sum(g.state.players["alice"].pool.values()) == 1
    assert [o.attacking for o in g.state.objects.values() if o.card_name == "Grizzly Bears"] == ["bob", "bob"]


def test_declining_to_pay_refuses_the_attack() -> None:
    with pytest.raises(MtgError) as refused:
        declare(["no"], "{4}")
    assert refused.value.diagnostic.code == "E402" and "without paying {4}" in refused.value.diagnostic.message
