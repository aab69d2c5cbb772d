"""Shared helpers for the mtgrules test suite.

The suite tests the `interpreter` package that is importable: the installed
one after `pip install '.[test]'` (the README's command), or the checkout
when run as `python -m pytest` from the repository root.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.tools.cli import main
from interpreter.tools.scenario import Outcome, run_paths

#: The repository root (the checkout holding tests/, rules/, interpreter/).
ROOT = Path(__file__).resolve().parents[1]


def write(path: Path, text: str) -> Path:
    """Write dedented text to path (parents created) and return the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def run_text(tmp_path: Path, text: str, name: str = "scenario.yaml") -> list[Outcome]:
    """Run scenario YAML text through the public API; the outcomes, in document order."""
    outcomes, _ = run_paths([write(tmp_path / name, text)])
    return outcomes


@pytest.fixture
def cli(capsys):
    """Run `mtgrules ARGS...` in-process: returns (exit code, stdout, stderr)."""
    def run(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err
    return run


#: Card definitions the tests' scenarios share (a `cards:` block).
CARDS = """\
cards:
  Shivan Dragon: {mana_cost: "{4}{R}{R}", types: [Creature], subtypes: [Dragon], power: 5, toughness: 5}
  Dragon Whelp: {mana_cost: "{2}{R}{R}", types: [Creature], subtypes: [Dragon], power: 2, toughness: 3}
  Grizzly Bears: {mana_cost: "{1}{G}", types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  Island: {types: [Land], supertypes: [Basic], subtypes: [Island]}
"""


def doc(body: str) -> str:
    """One scenario document: the shared `cards:` block, then the dedented body."""
    return CARDS + textwrap.dedent(body).lstrip("\n")


def docs(*bodies: str) -> str:
    """Several scenario documents in one file."""
    return "---\n".join(doc(b) for b in bodies)


def draws_a_card(name: str = "drawing a card moves the top card of the library to the hand",
                 expected: str = "Island") -> str:
    """alice draws the Island on top of her library; the scenario expects `expected` in her hand (it passes
    as written)."""
    return doc(f"""
        name: {name}
        state:
          alice:
            library: [Island, Grizzly Bears]
        steps:
          - alice: draw a card
        expect:
          alice:
            hand: [{expected}]
        """)


def expects_the_wrong_hand(name: str = "this scenario expects the wrong card in hand") -> str:
    """A scenario that fails: alice draws the Island, it expects the Grizzly Bears."""
    return draws_a_card(name, expected="Grizzly Bears")
