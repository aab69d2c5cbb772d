"""Additional costs: every form the grammar reads is paid or refused, never a Python exception.

`As an additional cost to cast this spell, ...` takes a keyword action, a keyword action followed
by `and` a step ('behold an Elf and exile it'), or `pay {N}`, alone, after `you may`, or as
options joined by `or` (601.2b, 601.2h). Each keyword action's example, in each of these forms,
is cast and resolved in the sample game with random answers; a refusal (`MtgError`) is an
acceptable outcome.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from interpreter.language import ast
from interpreter.game.choices import RandomChooser
from interpreter.diagnostics import MtgError
from interpreter.tools.scenario import Scenario

from test_rules_examples import DEFINITIONS, RUNNER, SAMPLE_GAME

ACTIONS = sorted({text for d in DEFINITIONS if d.kind == "keyword action" for text, _ in d.examples})
FORMS = ["{}", "you may {}", "{} or pay {{1}}", "{} and exile it", "{} and draw a card"]


def _game(cost: str):
    data = copy.deepcopy(SAMPLE_GAME)
    data["cards"]["Costly Study"] = {"mana_cost": "{1}", "types": ["Sorcery"],
                                     "text": f"As an additional cost to cast this spell, {cost}.\nDraw a card."}
    data["state"]["alice"]["hand"].append("Costly Study")
    return Scenario(data, Path("sample-game.yaml"), RUNNER).game


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("action", ACTIONS)
def test_additional_cost_is_paid_or_refused(action: str, form: str) -> None:
    cost = form.format(action)
    for seed in (0, 1):
        game = _game(cost)
        spell = next(o for o in game.state.objects.values() if o.card_name == "Costly Study")
        if not any(isinstance(a, ast.AdditionalCost) for a in spell.card.front.abilities):
            pytest.skip(f"'{cost}' isn't read as an additional cost")
        command = game.rulebook.parse("cast Costly Study", "command")
        try:
            game.perform("alice", lambda: game.cast("alice", command), RandomChooser(seed))
            game.perform("alice", lambda: game.resolve("alice"), RandomChooser(seed))
        except MtgError:
            continue
