"""The acceptance suite: every scenario file, one test per scenario.

Runs the project's own tests/scenarios/ (all subfolders) and the shared
public folders whose issue is done, through the public API
`interpreter.tools.scenario.run_paths`.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
import yaml

from interpreter.diagnostics import MtgError
from interpreter.tools.scenario import Outcome, run_paths, scenario_files

OWN_SCENARIOS = Path(__file__).resolve().parent / "scenarios"
SHARED_ROOT = Path(__file__).resolve().parents[1].parent / "shared" / "scenarios"

# folders of ../shared/scenarios whose issue is done; add one as each issue is resolved
SHARED_DONE = ["foundation", "keyword-actions", "face-down", "casting-and-abilities", "turns-and-combat"]

NO_SHARED = "../shared is not beside this checkout"


def _label(path: Path) -> str:
    for base, prefix in ((OWN_SCENARIOS, "own"), (SHARED_ROOT, "shared")):
        try:
            return f"{prefix}/{path.relative_to(base).as_posix()}"
        except ValueError:
            continue
    return str(path)


def _documents(path: Path) -> list[str]:
    """The names of the scenario documents in a file, in order (None documents skipped)."""
    try:
        text = path.read_text(encoding="utf-8")
        loaded = [d for d in yaml.load_all(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) if d is not None]
    except (OSError, yaml.YAMLError):
        return ["(unreadable file)"]
    return [str(d.get("name", "(unnamed)")) if isinstance(d, dict) else "(not a mapping)" for d in loaded] or [
        "(no scenario)"]


def _cases(folders: list[Path]) -> list:
    cases = []
    for path in scenario_files(folders):
        for index, name in enumerate(_documents(path)):
            short = name if len(name) <= 70 else name[:67] + "..."
            cases.append(pytest.param(path, index, id=f"{_label(path)}#{index + 1} {short}"))
    return cases


def _shared_cases() -> list:
    if not SHARED_ROOT.is_dir():
        return [pytest.param(None, 0, id="shared", marks=pytest.mark.skip(reason=NO_SHARED))]
    cases = []
    for folder in SHARED_DONE:
        if not (SHARED_ROOT / folder).is_dir():
            # Listed as done but missing: a configuration error, not a skip.
            cases.append(pytest.param(SHARED_ROOT / folder, -1, id=f"shared/{folder} (missing)"))
        else:
            cases.extend(_cases([SHARED_ROOT / folder]))
    return cases


@functools.cache
def _outcomes(path: Path) -> list[Outcome] | str:
    """Run one file once (its scenarios share the run); a user error escaping the runner is returned as text."""
    try:
        outcomes, _ = run_paths([path])
    except MtgError as exc:
        return f"run_paths raised instead of reporting a failed scenario:\n{exc.diagnostic.render()}"
    return outcomes


def _check(path: Path, index: int) -> None:
    if index < 0:
        pytest.fail(f"SHARED_DONE lists {path.name!r}, but {path} is not a folder")
    outcomes = _outcomes(path)
    if isinstance(outcomes, str):
        pytest.fail(outcomes)
    assert index < len(outcomes), f"{path}: expected a scenario #{index + 1}, the runner gave {len(outcomes)}"
    outcome = outcomes[index]
    assert outcome.passed, f"FAIL {outcome.name} ({outcome.file}:{outcome.line})\n{outcome.message}"


@pytest.mark.parametrize(("path", "index"), _cases([OWN_SCENARIOS]))
def test_own_scenario(path: Path, index: int) -> None:
    _check(path, index)


@pytest.mark.parametrize(("path", "index"), _shared_cases())
def test_shared_scenario(path: Path, index: int) -> None:
    _check(path, index)


def test_own_scenarios_exist() -> None:
    """The project's own scenarios are found (a wrong folder must not pass as 'nothing to run')."""
    assert scenario_files([OWN_SCENARIOS]), f"no scenario files under {OWN_SCENARIOS}"
