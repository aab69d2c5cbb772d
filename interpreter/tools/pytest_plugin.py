"""The pytest plugin (entry point `pytest11`): scenario files are tests, so a designer's CI is `pytest`.

pytest collects the YAML files under the `scenarios` folders of `[tool.mtgrules]` (in the pyproject.toml
found from pytest's root folder up) and any file named `*.scenario.yaml` or `*.scenario.yml`: one test per
scenario, named by it, failing with the report `mtgrules test` prints. The project's `mechanics` load with
every scenario. The engine is imported only once a scenario file is collected: the plugin loads in every
pytest run.
"""
from __future__ import annotations

from pathlib import Path

import pytest

SUFFIXES = (".scenario.yaml", ".scenario.yml")
_SETTINGS = pytest.StashKey()   # the project's [tool.mtgrules]
_RUNNER = pytest.StashKey()     # one runner per session: it keeps each rulebook it loads


def pytest_configure(config: pytest.Config) -> None:
    from ..diagnostics import MtgError
    from .config import find_settings
    try:
        config.stash[_SETTINGS] = find_settings(config.rootpath)
    except MtgError as exc:
        raise pytest.UsageError(exc.diagnostic.render()) from None


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(SUFFIXES) or (file_path.suffix in (".yaml", ".yml") and _configured(parent, file_path)):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _configured(node: pytest.Collector, path: Path) -> bool:
    """Whether the file is under a `scenarios` folder (or is a file) that [tool.mtgrules] names."""
    resolved = path.resolve()
    return any(resolved == folder or folder in resolved.parents for folder in node.config.stash[_SETTINGS].scenarios)


class ScenarioFile(pytest.File):
    """A scenario file: one item per scenario document (a set file kept beside them gives none)."""

    def collect(self):
        from .collect import file_cases
        found = file_cases(self.path)
        names = [case.name for case in found]
        for case in found:  # a name two scenarios of the file share gets their number in the file
            name = case.name if names.count(case.name) == 1 else f"{case.name} [{case.index + 1}]"
            yield ScenarioItem.from_parent(self, name=name, case=case)


class ScenarioFailed(Exception):
    """A scenario that did not pass; its text is what `mtgrules test` prints for it."""


class ScenarioItem(pytest.Item):
    def __init__(self, *, case, **kwargs) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        from .output import outcome_text
        from .scenario import Runner
        stash = self.config.stash
        if _RUNNER not in stash:
            stash[_RUNNER] = Runner(mechanics=stash[_SETTINGS].mechanics)
        outcome = self.case.run(stash[_RUNNER])
        if not outcome.passed:
            raise ScenarioFailed(outcome_text(outcome))

    def repr_failure(self, excinfo, style=None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"scenario: {self.case.name}"
