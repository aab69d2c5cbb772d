"""The `mtgrules` command behaves like ruff and pytest (issue 14, point 3), and reads a designer's own
folders from `[tool.mtgrules]` and `--mechanics` (point 2): one test per convention.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

import interpreter
from interpreter.language.parsers import resource_dir
from interpreter.tools import cli as cli_module
from interpreter.tools import coverage as coverage_module
from interpreter.tools.output import wants_color

from conftest import ROOT, draws_a_card, expects_the_wrong_hand, write

EXAMPLES = ROOT / "tests" / "examples"
COMMANDS = ["test", "parse", "lint", "coverage", "rules", "reference"]

DRAWS = draws_a_card()




@pytest.fixture
def scenarios(tmp_path: Path) -> Path:
    """A folder with a passing scenario and two failing ones, in this order."""
    folder = tmp_path / "scenarios"
    write(folder / "a.yaml", DRAWS)
    write(folder / "b.yaml", expects_the_wrong_hand("first wrong hand") + "---\n" + expects_the_wrong_hand("second wrong hand"))
    return folder


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A designer's project: the example set, its rules folder and scenarios, named in [tool.mtgrules];
    the current folder is a subfolder of it (settings are found upward)."""
    root = tmp_path / "my-set"
    shutil.copytree(EXAMPLES, root, ignore=shutil.ignore_patterns("*.json"))
    (root / "pyproject.toml").write_text('[project]\nname = "my-set"\n\n[tool.mtgrules]\nmechanics = ["mechanics/"]\n'
                                         'sets = ["harbor-of-dread.yaml"]\nscenarios = ["scenarios/trawl.yaml"]\n')
    (root / "notes").mkdir()
    monkeypatch.chdir(root / "notes")
    return root


# ---------------------------------------------------------------- --version
def test_version_prints_the_installed_version(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        cli_module.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"mtgrules {cli_module.version()}"


# ---------------------------------------------------------------- a closed pipe
def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`mtgrules reference | head -1`: the reader goes away; no 'internal error', no 'Exception ignored'."""
    env = dict(os.environ, PYTHONPATH=str(Path(interpreter.__file__).resolve().parents[1]))
    child = subprocess.Popen([sys.executable, "-m", "interpreter", "reference"], cwd=tmp_path, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()   # before it writes a byte
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == cli_module.CLOSED_PIPE, err
    assert err == ""


def test_a_closed_pipe_in_process_returns_the_closed_pipe_status(monkeypatch: pytest.MonkeyPatch) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")
    monkeypatch.setattr(sys, "stdout", Closed())
    assert cli_module.main(["rules"]) == cli_module.CLOSED_PIPE


# ---------------------------------------------------------------- one --format on every command
def _json_args(command: str, scenarios: Path) -> list[str]:
    return {"test": [scenarios / "a.yaml"], "parse": ["--as", "effect", "draw a card"],
            "lint": [scenarios / "a.yaml"], "coverage": [EXAMPLES / "harbor-of-dread.yaml"],
            "rules": [], "reference": []}[command]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_prints_json_with_format_json(cli, scenarios: Path, command: str) -> None:
    code, out, err = cli(command, "--format", "json", *_json_args(command, scenarios))
    assert code == 0, out + err
    json.loads(out)


def test_the_old_json_flag_still_works(cli, scenarios: Path) -> None:
    assert json.loads(cli("test", "--json", scenarios / "a.yaml")[1])["passed"] == 1


def test_parse_format_json_gives_the_ast_and_its_problems(cli) -> None:
    code, out, _ = cli("parse", "--format", "json", "--as", "effect", "manfest dread")
    result = json.loads(out)
    assert code == 1 and result["ast"] is None and result["diagnostics"][0]["code"] == "E101"
    node = json.loads(cli("parse", "--format", "json", "--as", "effect", "manifest dread")[1])["ast"]
    assert node == {"node": "KeywordAction", "name": "manifest dread", "args": []}


def test_lint_format_github_gives_workflow_annotations(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "typo.yaml", DRAWS.replace("draw a card", "drwa a card"))
    code, out, _ = cli("lint", "--format", "github", path)
    assert code == 1
    [line] = out.splitlines()
    assert line.startswith(f"::error file={path},line=") and ",title=E101::" in line
    assert "%0Ahelp: did you mean 'draw'?" in line   # a newline in a message is escaped


def test_test_format_junit_gives_one_testcase_per_scenario(cli, scenarios: Path) -> None:
    code, out, _ = cli("test", "--format", "junit", scenarios)
    assert code == 1
    suite = ElementTree.fromstring(out.split("\n", 1)[1]).find("testsuite")
    assert (suite.get("tests"), suite.get("failures")) == ("3", "2")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["drawing a card moves the top card of the library to the hand",
                                              "first wrong hand", "second wrong hand"]
    assert cases[0].find("failure") is None and "alice.hand" in cases[1].find("failure").text


def test_an_unknown_format_is_a_usage_error(cli, scenarios: Path) -> None:
    with pytest.raises(SystemExit) as done:
        cli("test", "--format", "github", scenarios)
    assert done.value.code == 2


# ---------------------------------------------------------------- -q and -v
def test_test_quiet_prints_failures_and_the_counts_only(cli, scenarios: Path) -> None:
    out = cli("test", "-q", scenarios)[1]
    assert not any(line.startswith("PASS ") for line in out.splitlines())
    assert out.count("FAIL ") == 2 and out.splitlines()[-1] == "1 passed, 2 failed"
    assert cli("test", "-qq", scenarios)[1] == "1 passed, 2 failed\n"


def test_test_verbose_shows_card_text_warnings(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "w.yaml", DRAWS.replace("subtypes: [Bear], power: 2",
                                                     "subtypes: [Bear], text: Zorbulate., power: 2"))
    assert "W501" not in cli("test", path)[1]
    assert "W501" in cli("test", "-v", path)[1]


def test_lint_quiet_prints_one_line_per_finding(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "typo.yaml", DRAWS.replace("draw a card", "drwa a card"))
    code, out, _ = cli("lint", "-q", path)
    assert code == 1 and out.splitlines() == [out.strip()] and ": E101 " in out
    assert cli("lint", "-qq", path)[:2] == (1, "")


def test_rules_quiet_leaves_out_the_reminder_text(cli) -> None:
    assert "Look at the top two cards" in cli("rules")[1]
    assert "Look at the top two cards" not in cli("rules", "-q")[1]


# ---------------------------------------------------------------- test -x and -k
def test_exitfirst_stops_after_the_first_failure(cli, scenarios: Path) -> None:
    code, out, err = cli("test", "-x", scenarios)
    assert code == 1 and "first wrong hand" in out and "second wrong hand" not in out
    assert out.splitlines()[-1] == "1 passed, 1 failed" and "-x" in err


FIRST, SECOND = "first wrong hand", "second wrong hand"
DRAWING = "drawing a card moves the top card of the library to the hand"


@pytest.mark.parametrize(("expression", "names"), [
    ("wrong", [FIRST, SECOND]),
    ("second or drawing", [DRAWING, SECOND]),
    ("WRONG and not (first)", [SECOND]),
    ("b.yaml", [FIRST, SECOND]),     # the file's path counts too
])
def test_k_selects_scenarios_by_name_or_file(cli, scenarios: Path, expression: str, names: list[str]) -> None:
    out = cli("test", "-k", expression, scenarios)[1]
    ran = [line[5:].rsplit(" (", 1)[0] for line in out.splitlines() if line[:5] in ("PASS ", "FAIL ")]
    assert ran == names


def test_a_malformed_k_expression_is_a_usage_error(cli, scenarios: Path) -> None:
    code, _, err = cli("test", "-k", "wrong and (", scenarios)
    assert code == 2 and "-k" in err


# ---------------------------------------------------------------- exit codes 0, 1, 2, 5
def test_exit_codes(cli, scenarios: Path, tmp_path: Path) -> None:
    assert cli("test", scenarios / "a.yaml")[0] == 0
    assert cli("test", scenarios)[0] == 1
    assert cli("test", tmp_path / "nowhere")[0] == 2
    assert cli("test")[0] == 2                                    # nothing given, nothing configured
    (tmp_path / "empty").mkdir()
    assert cli("test", tmp_path / "empty")[0] == 5               # nothing collected
    code, _, err = cli("test", "-k", "nothinglikeit", scenarios)
    assert code == 5 and "no scenarios match" in err
    with pytest.raises(SystemExit) as done:
        cli("frobnicate")
    assert done.value.code == 2


# ---------------------------------------------------------------- lint goes on past a missing path
def test_lint_reports_a_missing_path_and_checks_the_others(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "typo.yaml", DRAWS.replace("draw a card", "drwa a card"))
    code, out, _ = cli("lint", "--format", "json", tmp_path / "missing.yaml", path)
    findings = json.loads(out)
    assert code == 1
    assert [(f["code"], Path(f["file"]).name) for f in findings] == [("E001", "missing.yaml"), ("E101", "typo.yaml")]
    assert cli("lint", tmp_path / "missing.yaml")[0] == 1


# ---------------------------------------------------------------- --select and --ignore take known codes
@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_an_unknown_code_is_a_usage_error_naming_the_codes(cli, scenarios: Path, option: str) -> None:
    code, out, err = cli("lint", option, "E1,bogus", scenarios / "a.yaml")
    assert code == 2 and out == ""
    assert "unknown code 'BOGUS'" in err and "E101" in err and "W502" in err


def test_codes_and_prefixes_still_select(cli, tmp_path: Path) -> None:
    path = write(tmp_path / "typo.yaml", DRAWS.replace("draw a card", "drwa a card"))
    assert cli("lint", "--select", "e1", path)[0] == 1
    assert cli("lint", "--ignore", "E101", path)[0] == 0


# ---------------------------------------------------------------- colors only on a terminal
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colors_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_color(Terminal()) and not wants_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color(Terminal())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not wants_color(Terminal())                 # NO_COLOR wins
    monkeypatch.delenv("NO_COLOR")
    assert wants_color(io.StringIO())                  # FORCE_COLOR colors a pipe too


def test_the_output_is_colored_only_when_asked(cli, scenarios: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert "\033[" not in cli("test", scenarios)[1]    # captured: not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = cli("test", scenarios)[1]
    assert "\033[32mPASS\033[0m" in out and "\033[1;31mFAIL\033[0m" in out


# ---------------------------------------------------------------- the coverage progress bar
@pytest.mark.parametrize("terminal", [True, False])
def test_the_progress_bar_is_drawn_only_on_a_terminal(cli, monkeypatch: pytest.MonkeyPatch, terminal: bool) -> None:
    asked = []
    real = coverage_module.measure
    monkeypatch.setattr(coverage_module, "measure", lambda book, lines, progress=False: asked.append(progress)
                        or real(book, lines))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal, raising=False)
    assert cli("coverage", EXAMPLES / "harbor-of-dread.yaml")[0] == 0
    assert asked == [terminal]


# ---------------------------------------------------------------- a designer's own folders
def test_project_settings_give_every_command_its_paths_and_mechanics(cli, project: Path) -> None:
    code, out, err = cli("test")
    assert code == 0 and out.splitlines()[-1] == "4 passed, 0 failed", out + err
    code, out, err = cli("lint", "--ignore", "W502")
    assert code == 0, out + err
    assert cli("coverage", "-q")[1].startswith("48 lines: 48 parsed")
    assert "trawl {n}  [keyword action]" in cli("rules")[1]
    code, out, err = cli("parse", "--as", "effect", "trawl 2")
    assert code == 0 and "name='trawl'" in out, err
    assert "`trawl {n}`" in cli("reference")[1]


@pytest.mark.parametrize("command", COMMANDS)
def test_mechanics_option_on_every_command(cli, tmp_path: Path, command: str) -> None:
    rules = write(tmp_path / "mine" / "scatter.mtgr", 'keyword action "scatter"\n  rule 701.97a\n'
                  '  reminder "Mill two cards."\n  example "scatter"\n  mill two cards\n').parent
    scenario = write(tmp_path / "s.yaml", DRAWS.replace("draw a card", "scatter")
                     .replace("hand: [Island]", "graveyard: [Island, Grizzly Bears]"))
    cards = write(tmp_path / "set.yaml", "name: S\ncode: SSS\ncards:\n"
                  "  - {name: Sc, types: [Sorcery], text: Scatter.}\n")
    args = {"test": [scenario], "parse": ["--as", "effect", "scatter"], "lint": [scenario], "coverage": [cards],
            "rules": [], "reference": []}[command]
    assert cli(command, *args)[0] != 0 or command in ("rules", "reference", "coverage")
    code, out, err = cli(command, "--mechanics", rules, *args)
    assert code == 0, out + err
    assert command not in ("rules", "reference") or "scatter" in out
    assert command != "coverage" or out.startswith("1 lines: 1 parsed")


def test_lint_of_the_project_reports_its_own_rules_files(cli, project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the project's folder, paths are shown as written there (and the findings aren't lost)."""
    monkeypatch.chdir(project)
    rules = Path("mechanics") / "701.99-trawl.mtgr"
    rules.write_text(rules.read_text().replace("put {haul} except", "put {hual} except"))
    code, out, _ = cli("lint", "-q", "--select", "E2")
    assert code == 1
    [line] = out.splitlines()
    assert line.startswith(f"{rules}:") and " E206 unknown variable {hual}" in line, out


def test_mechanics_that_are_not_there_are_a_usage_error(cli, project: Path, tmp_path: Path) -> None:
    code, _, err = cli("rules", "--mechanics", tmp_path / "nowhere")
    assert code == 2 and "no such rules file or folder" in err and "nowhere" in err
    (project / "pyproject.toml").write_text('[tool.mtgrules]\nmechanics = ["gone/"]\n')
    code, _, err = cli("parse", "--as", "effect", "draw a card")
    assert code == 2 and "gone" in err and "pyproject.toml" in err


def test_an_unknown_setting_is_a_usage_error_at_its_line(cli, project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mtgrules]\nmechanics = ["mechanics/"]\nscenario = ["s/"]\n')
    code, _, err = cli("test")
    assert code == 2
    assert "pyproject.toml:3:1: E002 unknown key 'scenario'" in err and "did you mean 'scenarios'?" in err


def test_a_setting_that_is_not_a_list_of_paths_is_a_usage_error(cli, project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.mtgrules]\nmechanics = 3\n")
    code, _, err = cli("rules")
    assert code == 2 and "E002 [tool.mtgrules] mechanics must be a list of paths" in err


def test_parse_file_of_a_copy_of_a_bundled_file_is_not_defined_twice(cli, tmp_path: Path) -> None:
    """What a checkout's rules/ is to a non-editable install: a file named like a bundled one stands for it."""
    copy = tmp_path / "rules" / "701.61-forage.mtgr"
    copy.parent.mkdir()
    shutil.copy(resource_dir("rules") / copy.name, copy)
    code, out, err = cli("parse", "--file", copy)
    assert code == 0, err
    assert "defined twice" not in out + err and "text='forage'" in out


def test_a_pyproject_that_is_not_toml_is_a_usage_error_only_if_it_is_ours(cli, project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.mtgrules]\nmechanics = [\n")
    code, _, err = cli("rules")
    assert code == 2 and "E002 pyproject.toml is not valid TOML" in err
    (project / "pyproject.toml").write_text("[tool.other]\nx = [\n")   # someone else's: no settings, no error
    assert cli("rules")[0] == 0
