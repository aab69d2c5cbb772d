"""The mechanic index (`mtgrules rules`): what runs is told by the examples, and rules/README.md's table is current."""
from __future__ import annotations

from pathlib import Path

from interpreter.language.rulebook import Rulebook
from interpreter.tools.mechanic_index import BEGIN, END, index_markdown, mechanic_index

ROOT = Path(__file__).resolve().parents[1]


def test_readme_table_is_current() -> None:
    text = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")
    committed = text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip()
    assert committed == index_markdown(mechanic_index(Rulebook.load())).strip(), (
        "the mechanic index in rules/README.md is stale: replace the lines between its markers with the output "
        "of `mtgrules rules --format markdown`")


def test_refusals_are_told_with_their_reason(tmp_path: Path) -> None:
    rules = tmp_path / "mine.mtgr"
    rules.write_text('keyword action "gather {n}"\n  rule 701.99a\n  reminder "Draw N cards."\n'
                     '  example "gather 2"\n  draw {n} cards\n\n'
                     'keyword action "scatter {n}"\n  rule 701.98a\n  reminder "Discard N cards."\n'
                     '  example "scatter 2"\n  not run yet "scattering waits for a primitive"\n  discard {n} cards\n\n'
                     'keyword ability "Shimmer"\n  rule 702.999a\n  reminder "Nothing yet."\n  example "Shimmer"\n',
                     encoding="utf-8")
    entries = {e.name: e for e in mechanic_index(Rulebook.load([rules]))}
    assert entries["gather {n}"].runs
    assert entries["scatter {n}"].why == "scattering waits for a primitive"
    assert "shimmer" in (entries["Shimmer"].why or "")
    assert entries["Mutate {cost}"].why.startswith("needs merged permanents")
