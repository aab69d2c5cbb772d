"""The pytest plugin (entry point pytest11, interpreter/tools/pytest_plugin.py): a designer's CI is `pytest`.

Each test runs pytest in a fresh folder (pytester) holding the example set, named in [tool.mtgrules].
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.tools.collect import cases
from interpreter.tools.output import outcome_text
from interpreter.tools.scenario import Runner

from conftest import ROOT, expects_the_wrong_hand, write

pytest_plugins = ["pytester"]

EXAMPLES = ROOT / "tests" / "examples"
WRONG = expects_the_wrong_hand()
SETTINGS = '[tool.mtgrules]\nmechanics = ["mechanics/"]\nsets = ["harbor-of-dread.yaml"]\nscenarios = ["scenarios/"]\n'



@pytest.fixture
def example_set(pytester: pytest.Pytester) -> Path:
    for item in EXAMPLES.iterdir():
        copy = shutil.copytree if item.is_dir() else shutil.copy
        copy(item, pytester.path / item.name)
    (pytester.path / "pyproject.toml").write_text(SETTINGS)
    return pytester.path


def test_pytest_collects_and_runs_the_example_sets_scenarios(pytester: pytest.Pytester, example_set: Path) -> None:
    expected = cases([example_set / "scenarios"])
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(expected))
    assert len(expected) >= 30


def test_one_item_per_scenario_named_by_it(pytester: pytest.Pytester, example_set: Path) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--collect-only", "-q", "scenarios/trawl.yaml")
    names = [c.name for c in cases([example_set / "scenarios" / "trawl.yaml"])]
    collected = [line.split("::", 1)[1] for line in result.outlines if line.startswith("scenarios/trawl.yaml::")]
    assert collected == names


def test_k_selects_scenarios_by_name(pytester: pytest.Pytester, example_set: Path) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "-k", "trawl and empty")
    result.assert_outcomes(passed=1)


def test_a_failure_is_reported_as_mtgrules_test_reports_it(pytester: pytest.Pytester, example_set: Path) -> None:
    """A *.scenario.yaml file anywhere is collected too; its failure is the CLI's text, not a traceback."""
    path = write(example_set / "more" / "wrong.scenario.yaml", WRONG)
    [case] = cases([path])
    report = outcome_text(case.run(Runner()))
    result = pytester.runpytest("-p", "no:cacheprovider", "more")
    result.assert_outcomes(failed=1)
    text = "\n".join(result.outlines)
    for line in report.splitlines():
        assert line in text
    assert "Traceback" not in text and "pytest_plugin.py" not in text


def test_set_files_and_other_yaml_are_not_collected(pytester: pytest.Pytester, example_set: Path) -> None:
    (example_set / "scenarios" / "set-beside.yaml").write_text((example_set / "harbor-of-dread.yaml").read_text()
                                                               .replace("mechanics/", "../mechanics/"))
    write(example_set / "ci" / "workflow.yaml", "on: push\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "--collect-only", "-q")
    assert not any("set-beside" in line or "workflow" in line for line in result.outlines)
