"""Fuzzing (issue 6): hostile and random input gets clean user errors, never a traceback or a hang.

Three sources of input:

1. Text generated from the project's own grammar (`hypothesis.extra.lark.from_lark`
   over the Oracle grammar plus the loaded definitions' patterns), fed to
   `Rulebook.parse` (effect text, card text, commands), run in a sample game,
   and written into scenario and rules files for `mtgrules lint` and
   `mtgrules test`.
2. Mutations of real files: the bundled rules files, the scenario files
   (shared/scenarios and tests/scenarios) and the corpus lines, with characters
   deleted, inserted and swapped, lines duplicated and re-indented, numbers
   made huge, lines made 100,000 characters long, YAML anchors and aliases,
   deep nesting, binary junk, a BOM, CRLF and UTF-16. They go through
   `interpreter.tools.cli.main(["lint", path])`, `main(["test", path])` and
   `main(["parse", text])`.
3. Hand-made hostile cases: a billion-laughs YAML, 10,000-deep nesting, a
   5,000-digit number, a definition that calls itself forever, YAML tags that
   would run code, a rules file with 600 levels of indentation, ...

What must hold: `main` returns an int, 0, 1, 2 or 5 (nothing to run; 3 means an
internal error: a bug), prints no "Traceback", and answers within a limit of CPU time (SIGPROF).

Known bugs are strict xfails (KNOWN_BUGS): each has its own test below that
reproduces it exactly. The random fuzzers tolerate the internal errors of a
known bug (matched on its message) so that they keep looking for new ones;
when a known bug is fixed, its xfail test passes, fails as XPASS (strict), and
its entry must go -- which also stops tolerating it.

Profiles: the default is deterministic (derandomized hypothesis, seeded
mutations) and takes well under a minute; `MTGRULES_HYPOTHESIS=long` runs 10 to
20 times as many cases. See tests/test_properties.py.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.load_grammar import load_grammar

from interpreter.language.checks import check_text
from interpreter.game.choices import RandomChooser
from interpreter.tools.cli import main
from interpreter.diagnostics import MtgError
from interpreter.language.parsers import grammar_text, oracle_parser, resource_dir
from interpreter.language.rulebook import Rulebook
from interpreter.tools.yamlsource import load_documents

from test_rules_examples import SAMPLE_GAME, sample_game

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
LONG = os.environ.get("MTGRULES_HYPOTHESIS", "default").strip().lower() == "long"
BOOK = Rulebook.load()


def scaled(n: int, factor: int = 10) -> int:
    return n * factor if LONG else n


def fuzz_settings(n: int, factor: int = 20):
    return settings(derandomize=True, max_examples=scaled(n, factor), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


# ------------------------------------------------------------------ known bugs
#: Bugs found by these tests, not fixed yet: name -> (pattern of the internal error it causes, or None, why).
KNOWN_BUGS: dict[str, tuple[str | None, str]] = {
    # Fixed so far (each has its own test below): grammar conflicts from a pattern, a default that is not a
    # number, numbers of thousands of digits, deep indentation, definitions that loop forever, YAML alias
    # bombs, unbounded repetition, venturing through a whole dungeon in one step, mechanics from a device.
}

#: Internal-error messages the random fuzzers tolerate (each is reproduced by its own strict xfail test).
TOLERATED = [re.compile(pattern) for pattern, _ in KNOWN_BUGS.values() if pattern]


def known(name: str):
    return pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name][1])


def tolerated(exc: BaseException) -> bool:
    """Whether an exception raised in-process is a known bug's (matched like the CLI's internal error line,
    with the innermost function added)."""
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    signature = f"internal error: {type(exc).__name__}: {exc}" + (f" [at {frames[-1]}]" if frames else "")
    return any(p.search(signature) for p in TOLERATED)


@pytest.fixture(autouse=True, scope="module")
def memory_guard():
    """A runaway test gets MemoryError instead of the machine's OOM killer (which may pick another process)."""
    try:
        import resource
    except ImportError:  # not on this platform
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = 6 * 2 ** 30
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ------------------------------------------------------------------ running the CLI safely
class Hang(BaseException):
    """Raised by the alarm; a BaseException, so `main`'s `except Exception` can't swallow it."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise Hang in the main thread after `seconds` of this process's CPU time, and again every 0.25 s
    until the block is left: an exception raised while a finalizer (__del__, a gc callback) runs is
    printed and dropped by Python, so a single alarm may be lost, and the runaway loop it was meant to
    stop would eat all memory. CPU time, not the wall clock: a loaded machine (CI's two cores run two
    test processes) slows a run down without making it a hang."""
    def fire(signum, frame):
        raise Hang(f"no answer within {seconds} s of CPU time")
    previous = signal.signal(signal.SIGPROF, fire)
    signal.setitimer(signal.ITIMER_PROF, seconds, 0.25)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def cli(args: list[str], timeout: float = 30) -> tuple[object, str]:
    """Run `mtgrules ARGS` in-process: (exit code, or 'hang'; everything printed)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with time_limit(timeout), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    except Hang:
        code = "hang"
    except SystemExit as exc:  # argparse's usage errors
        code = exc.code
    return code, out.getvalue() + err.getvalue()


def cli_problem(args: list[str], timeout: float = 30, tolerate: bool = True) -> str | None:
    """What is wrong with the run, or None: only exit codes 0, 1, 2 and 5, no traceback, no hang."""
    code, printed = cli(args, timeout)
    if code == "hang":
        return f"mtgrules {args[0]} gave no answer within {timeout} s of CPU time"
    if "Traceback" in printed:
        return f"mtgrules {args[0]} printed a traceback:\n{printed[-3000:]}"
    if not isinstance(code, int) or code not in (0, 1, 2, 5):
        internal = next((line for line in printed.splitlines() if "internal error" in line), printed[-500:])
        if code == 3 and tolerate and any(p.search(printed) for p in TOLERATED):
            return None
        return f"mtgrules {args[0]} exited {code!r}: {internal}"
    return None


def first_culprit(paths: list[Path], command: str, timeout: float) -> str:
    """After a batch failed: the first file that fails alone, with its text."""
    for path in paths:
        problem = cli_problem([command, path], timeout)
        if problem:
            data = path.read_bytes()
            return f"{path.name}: {problem}\n--- the file ({len(data)} bytes) ---\n{data[:1500]!r}"
    return "(no single file fails alone: the files fail together)"


# ------------------------------------------------------------------ 1. text from the grammar
def project_lark() -> Lark:
    """The project's Oracle parser as a Lark object with its grammar (from_lark needs `.grammar`, which a parser
    loaded from the disk cache lacks: then the grammar text is loaded as Lark's constructor does, without building
    the parse tables again)."""
    parser = oracle_parser(BOOK._extension)
    if hasattr(parser, "grammar"):
        return parser
    parser = copy.copy(parser)
    parser.grammar, _ = load_grammar(grammar_text("oracle") + "\n" + BOOK._extension, "<string>",
                                     parser.options.import_paths, parser.options.keep_all_tokens)
    return parser


LARK = project_lark()
ASCII = st.characters(min_codepoint=32, max_codepoint=126)
KNOWN_WORDS = sorted(w for w in BOOK.known_words() if re.fullmatch(r"[A-Za-z][A-Za-z'_-]*", w))


def terminal_strategies(start: str) -> dict:
    """A strategy per terminal, each followed by a space: from_lark does not always put the ignored
    whitespace between tokens, and the grammar needs it between words. Numbers stay small (a huge
    count is a separate test) and words are mostly ones the rulebook knows."""
    terminals, _, ignored = LARK.grammar.compile([start], ())
    out = {}
    for terminal in terminals:
        if terminal.name in ignored:
            continue
        if terminal.name == "INT":
            strategy = st.integers(0, 12).map(str)
        elif terminal.name == "WORD" and KNOWN_WORDS:
            strategy = st.one_of(st.sampled_from(KNOWN_WORDS), st.from_regex(r"[A-Za-z][a-z]{0,6}", fullmatch=True))
        else:
            pattern = re.compile(terminal.pattern.to_regexp())
            strategy = st.from_regex(pattern, fullmatch=True, alphabet=ASCII).filter(
                lambda s, p=pattern: (m := p.match(s)) is not None and m.end() == len(s))
        out[terminal.name] = strategy.map(lambda s: s + " ")
    return out


def grammar_text_strategy(start: str):
    return from_lark(LARK, start=start, explicit=terminal_strategies(start), alphabet=ASCII)


EFFECT_TEXTS = grammar_text_strategy("effect_text")


@fuzz_settings(150)
@given(EFFECT_TEXTS, st.integers(0, 2 ** 20))
@example("draws a card or it becomes day ", 0)   # a verb with no subject outside a chain: an internal error once
def test_generated_effect_text_parses_and_runs_cleanly(text: str, seed: int) -> None:
    """Effect text from the grammar: parse, check, run in a sample game -- MtgError or success only."""
    with time_limit(10):
        try:
            node = BOOK.parse(text, "effect_text")
        except MtgError:
            return
        if check_text(node, BOOK):
            return
        game = sample_game()
        try:
            game.perform("alice", lambda: game.effect("alice", node, None, text), RandomChooser(seed))
        except MtgError:
            pass
        except Exception as exc:  # noqa: BLE001 - a known bug's crash is left to its own test
            if not tolerated(exc):
                raise


@pytest.mark.parametrize("start", ["ability", "command"])
def test_generated_card_text_and_commands_parse_cleanly(start: str) -> None:
    @fuzz_settings(50)
    @given(grammar_text_strategy(start))
    def check(text: str) -> None:
        with time_limit(10):
            try:
                if start == "ability":
                    BOOK.parse_card_line(text, "Fuzzed Card")
                else:
                    BOOK.parse(text, start)
            except MtgError:
                pass
    check()


def test_most_generated_text_parses() -> None:
    """The generator is useful: most of its effect text is accepted by the parser (the rest shows where
    the contextual lexer reads a word differently from the grammar's intent)."""
    texts = []

    @settings(derandomize=True, max_examples=60, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(EFFECT_TEXTS)
    def collect(text: str) -> None:
        texts.append(text)
    collect()
    parsed = 0
    for text in texts:
        try:
            BOOK.parse(text, "effect_text")
            parsed += 1
        except MtgError:
            pass
    assert parsed >= 0.6 * len(texts), f"only {parsed} of {len(texts)} generated texts parse"


def _scenario_doc(step: str, n: int) -> dict:
    doc = json.loads(json.dumps(SAMPLE_GAME))
    doc["name"] = f"generated step {n}"
    doc["steps"] = [{"alice": step}]
    return doc


@fuzz_settings(4, 10)
@given(st.lists(EFFECT_TEXTS, min_size=4, max_size=8))
def test_generated_steps_through_lint_and_test(tmp_path_factory, texts: list[str]) -> None:
    """Generated effect text as scenario steps (one document each) and as the steps of a rules file."""
    folder = tmp_path_factory.mktemp("generated")
    scenario = folder / "generated.yaml"
    scenario.write_text(yaml.safe_dump_all([_scenario_doc(t.strip(), n) for n, t in enumerate(texts)],
                                           sort_keys=False), encoding="utf-8")
    rules = folder / "generated.mtgr"
    rules.write_text('keyword action "fuzz the game"\n  rule 701.99a\n  reminder "Fuzz."\n'
                     '  example "fuzz the game"\n' + "".join(f"  {t.strip()}\n" for t in texts), encoding="utf-8")
    for args in (["lint", scenario], ["test", scenario], ["lint", rules]):
        problem = cli_problem(args, timeout=60)
        assert problem is None, problem


# ------------------------------------------------------------------ 2. mutated files
def _seed_files() -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    rules = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(resource_dir("rules").glob("*.mtgr"))]
    scenario_paths = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))
    if (SHARED / "scenarios").is_dir():
        scenario_paths += sorted((SHARED / "scenarios").rglob("*.yaml"))
    scenarios = []
    for p in scenario_paths:
        text = p.read_text(encoding="utf-8")
        # Mechanics paths are relative to the original file; a mutated path could name any folder.
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("mechanics:"))
        scenarios.append((p.name, text + "\n"))
    lines = []
    corpus = SHARED / "corpus" / "lines.jsonl"
    if corpus.exists():
        for row in corpus.read_text(encoding="utf-8").splitlines():
            if row.strip():
                data = json.loads(row)
                lines.append((data["card"], data["line"]))
    for definition in BOOK.definitions():
        lines.extend(("", text) for text, _ in definition.examples)
    return rules, scenarios, lines


RULES_SEEDS, SCENARIO_SEEDS, LINE_SEEDS = _seed_files()

INTERESTING = list(":{}[]&*!|>-#\"'\\\t\n,.%@`?~=()/+") + ["—", "•", "\u00a0", "\ufeff", "\u202e", "\x00", "\x1b",
                                                          "{X}", "{Q}{", "}", "\r", "\u2028", "\U0001f409", "0"]


def mutate(text: str, rng: random.Random, yaml_file: bool = False) -> bytes:
    """One to three random mutations of a text, as the bytes of a file."""
    encoding = "utf-8"
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        kind = rng.choice(["delete", "insert", "swap", "dup_line", "drop_line", "swap_lines", "indent", "number",
                           "long_line", "truncate", "junk", "interesting"]
                          + (["anchors", "nesting", "flow"] if yaml_file else ["tabs", "nesting_rules"]))
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(1, 20))
        if kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + "".join(rng.choice(INTERESTING + list("abcxyz 019")) for _ in range(rng.randint(1, 8))) + text[i:]
        elif kind == "swap" and len(text) > 2:
            a, b = sorted(rng.sample(range(len(text)), 2))
            text = text[:a] + text[b] + text[a + 1:b] + text[a] + text[b + 1:]
        elif kind == "dup_line":
            n = rng.randrange(len(lines))
            lines.insert(n, lines[n])
            text = "\n".join(lines)
        elif kind == "drop_line" and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif kind == "swap_lines" and len(lines) > 1:
            a, b = rng.sample(range(len(lines)), 2)
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif kind == "indent":
            n = rng.randrange(len(lines))
            lines[n] = (" " * rng.choice([1, 2, 3, 4, 8])) + lines[n] if rng.random() < 0.6 else lines[n].lstrip()
            text = "\n".join(lines)
        elif kind == "number":
            digits = rng.choice([2, 9, 19, 40, 300])
            text = re.sub(r"\b\d+\b|\btwo\b|\ba card\b", lambda m: "9" * digits if rng.random() < 0.5 else m.group(0),
                          text, count=3)
        elif kind == "long_line":
            n = rng.randrange(len(lines))
            unit = lines[n] or "draw a card"
            lines[n] = (unit * (100_000 // max(len(unit), 1) + 1))[:100_000]
            text = "\n".join(lines)
        elif kind == "truncate":
            text = text[: rng.randrange(len(text) + 1)]
        elif kind == "junk":
            junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
            return text[:i].encode("utf-8", "surrogatepass") + junk + text[i:].encode("utf-8", "surrogatepass")
        elif kind == "interesting":
            text = text[:i] + rng.choice(INTERESTING) + text[i:]
        elif kind == "anchors":  # modest anchors and aliases (the alias bomb is a test of its own)
            n = rng.randrange(len(lines))
            lines[n] = re.sub(r"^(\s*(?:- )?[\w ]+:)\s*(\S.*)$", r"\1 &anchor\2 \2", lines[n])
            lines.append(rng.choice(["extra: *anchor", "steps: *anchor", "  - alice: *anchor", "name: *anchor",
                                     "<<: *anchor", "seed: *nothing"]))
            text = "\n".join(lines)
        elif kind == "nesting":
            depth = rng.choice([5, 50, 500, 5000])
            key = rng.choice(["steps", "state", "cards", "expect", "choose"])
            text = text + f"\n{key}: " + "[" * depth + "]" * depth + "\n"
        elif kind == "flow":
            text = text.replace("\n  ", "\n   ", rng.randint(1, 5))
        elif kind == "tabs":
            text = text.replace("  ", "\t", rng.randint(1, 5))
        elif kind == "nesting_rules":
            n = rng.randrange(len(lines))
            depth = rng.choice([3, 20, 100])
            lines[n:n + 1] = [lines[n]] + [" " * (2 * k + 4) + "draw a card" for k in range(depth)]
            text = "\n".join(lines)
    if rng.random() < 0.08:
        encoding = rng.choice(["utf-16", "utf-16-le", "utf-8-sig", "latin-1", "cp1252"])
    if rng.random() < 0.05:
        text = text.replace("\n", "\r\n")
    return text.encode(encoding, "replace" if encoding != "utf-8" else "surrogatepass")


def _batch(folder: Path, seeds: list[tuple[str, str]], rng: random.Random, count: int, suffix: str,
           yaml_file: bool) -> list[Path]:
    paths = []
    for n in range(count):
        name, text = rng.choice(seeds)
        path = folder / f"m{n:02d}-{Path(name).stem}{suffix}"
        path.write_bytes(mutate(text, rng, yaml_file))
        paths.append(path)
    return paths


SCENARIO_BATCHES = scaled(10)
RULES_BATCHES = scaled(6)


@pytest.mark.parametrize("batch", range(SCENARIO_BATCHES))
def test_mutated_scenario_files(tmp_path: Path, batch: int) -> None:
    rng = random.Random(f"scenarios-{batch}")
    paths = _batch(tmp_path, SCENARIO_SEEDS, rng, 6, ".yaml", yaml_file=True)
    for command in ("lint", "test"):
        problem = cli_problem([command, tmp_path], timeout=60)
        assert problem is None, f"{problem}\nfirst culprit: {first_culprit(paths, command, 30)}"


@pytest.mark.parametrize("batch", range(RULES_BATCHES))
def test_mutated_rules_files(tmp_path: Path, batch: int) -> None:
    """Mutated rules files: linted one folder at a time, and loaded by a scenario (`mechanics:`)."""
    rng = random.Random(f"rules-{batch}")
    (tmp_path / "rules").mkdir()
    paths = _batch(tmp_path / "rules", RULES_SEEDS, rng, 4, ".mtgr", yaml_file=False)
    problem = cli_problem(["lint", tmp_path / "rules"], timeout=60)
    assert problem is None, f"{problem}\nfirst culprit: {first_culprit(paths, 'lint', 30)}"
    scenario = tmp_path / "uses-them.yaml"
    scenario.write_text(yaml.safe_dump_all([
        {"name": f"loads {p.name}", "mechanics": [f"rules/{p.name}"], "steps": [{"alice": "draw a card"}]}
        for p in paths]), encoding="utf-8")
    problem = cli_problem(["test", scenario], timeout=60)
    assert problem is None, problem


MUTATED_LINES = scaled(1500)


def test_mutated_corpus_lines_parse_cleanly() -> None:
    """Many mutated lines straight into the parser (fast), as card text and as effect text."""
    rng = random.Random("lines")
    failures = []
    with time_limit(120 if LONG else 30):
        for _ in range(MUTATED_LINES):
            card, line = rng.choice(LINE_SEEDS)
            text = mutate(line, rng).decode("utf-8", "replace")
            for start in ("ability", "effect_text"):
                try:
                    if start == "ability":
                        BOOK.parse_card_line(text, card)
                    else:
                        BOOK.parse(text, start)
                except MtgError:
                    pass
                except Exception as exc:  # noqa: BLE001 - any other exception is the bug we look for
                    if not tolerated(exc):
                        failures.append(f"{start} {text[:200]!r}: {type(exc).__name__}: {str(exc)[:300]}")
    assert not failures, f"{len(failures)} crash(es):\n" + "\n".join(failures[:10])


@pytest.mark.parametrize("case", range(scaled(12)))
def test_mutated_lines_through_mtgrules_parse(case: int) -> None:
    rng = random.Random(f"parse-{case}")
    card, line = rng.choice(LINE_SEEDS)
    text = mutate(line, rng).decode("utf-8", "replace").replace("\x00", "")
    as_ = rng.choice(["card", "effect", "command"])
    args = ["parse", "--as", as_] + (["--name", card] if card and as_ == "card" else []) + ["--", text]
    problem = cli_problem(args, timeout=30)
    assert problem is None, f"{problem}\ntext: {text[:500]!r}"


# ------------------------------------------------------------------ 3. hostile cases, one by one
def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    anchors = ['&a0 [' + ", ".join(['"Island"'] * width) + ']']
    for n in range(1, levels):
        anchors.append(f"&a{n} [" + ", ".join([f"*a{n - 1}"] * width) + "]")
    return "[" + ", ".join(anchors) + "]"


SCENARIO_HEAD = 'name: hostile\ncards:\n  Island: {types: [Land], supertypes: [Basic], subtypes: [Island]}\n'

#: name -> (file text, commands, known bug or None)
HOSTILE_SCENARIOS = {
    "deep-list-nesting": (SCENARIO_HEAD + "steps: " + "[" * 10000 + "]" * 10000 + "\n", None),
    "deep-map-nesting": (SCENARIO_HEAD + "steps: [{alice: draw a card}]\nexpect: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n", None),
    "huge-yaml-integer": (SCENARIO_HEAD + "seed: " + "9" * 5000 + "\nsteps: [{alice: draw a card}]\n", None),
    "huge-seed-and-life": (SCENARIO_HEAD + "seed: 123456789012345678901234567890\nstate: {alice: {life: 1e400, "
                           "library: [Island]}}\nsteps: [{alice: draw a card}]\n", None),
    "float-and-bool-seed": (SCENARIO_HEAD + "seed: .nan\nsteps: [{alice: draw a card}]\n", None),
    "count-of-30-digits": (SCENARIO_HEAD + "state: {alice: {library: [Island]}}\nsteps:\n  - alice: draw "
                           + "9" * 30 + " cards\n  - alice: mill " + "9" * 30 + " cards\n", None),
    "count-of-5000-digits": (SCENARIO_HEAD + "steps:\n  - alice: draw " + "9" * 5000 + " cards\n",
                             "huge-number-in-text"),
    "line-of-100k-chars": (SCENARIO_HEAD + "state: {alice: {library: [Island]}}\nsteps:\n  - alice: "
                           + "draw a card and " * 6500 + "draw a card\n", None),
    "word-of-100k-chars": (SCENARIO_HEAD + "steps:\n  - alice: " + "x" * 100_000 + "\n", None),
    "card-text-of-100k-chars": ("name: hostile\ncards:\n  Island: {types: [Land], text: \"" + "Flying, " * 12_500
                                + "\"}\nsteps: [{alice: draw a card}]\n", None),
    "binary-junk": (bytes(random.Random(1).randrange(256) for _ in range(4096)), None),
    "utf-16": ((SCENARIO_HEAD + "steps: [{alice: draw a card}]\n").encode("utf-16"), None),
    "utf-8-bom": ((SCENARIO_HEAD + "steps: [{alice: draw a card}]\n").encode("utf-8-sig"), None),
    "nul-bytes": (SCENARIO_HEAD + "steps: [{alice: \"draw\x00a card\"}]\n", None),
    "alias-bomb-in-players": (SCENARIO_HEAD + f"players: {alias_bomb()}\nsteps: [{{alice: draw a card}}]\n",
                              "yaml-alias-bomb"),
    "alias-bomb-in-answers": (SCENARIO_HEAD + f"steps:\n  - alice: draw a card\n    choose: {alias_bomb()}\n",
                              "yaml-alias-bomb"),
    "alias-bomb-in-expect": (SCENARIO_HEAD + f"rules: {alias_bomb()}\nsteps: [{{alice: draw a card}}]\n"
                             "expect:\n  events: *a8\n", "yaml-alias-bomb"),
    "small-alias-tree": (SCENARIO_HEAD + f"rules: {alias_bomb(3, 3)}\nsteps: [{{alice: draw a card}}]\n", None),
    "merge-keys-and-aliases": (SCENARIO_HEAD + "state:\n  alice: &p {life: 5, library: [Island, Island]}\n"
                               "  bob: {<<: *p, life: 7}\nsteps: [{alice: draw a card}]\n", None),
    "recursive-alias": (SCENARIO_HEAD + "steps: &s [{alice: draw a card}, *s]\n", None),
    "many-documents": ((SCENARIO_HEAD + "steps: [{alice: draw a card}]\n---\n") * 200, None),
    "unknown-player-and-zone": (SCENARIO_HEAD + "state: {zed: {moon: [Island]}}\nsteps: [{zed: draw a card, "
                                "choose: [\"zed.moon:Island#99999999999999999999\"]}]\n", None),
    "sets-key": (SCENARIO_HEAD + "sets: [../../../../etc/passwd]\nsteps: [{alice: draw a card}]\n", None),
}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=[known(bug)] if bug in KNOWN_BUGS else [], id=n) for n, (_, bug) in HOSTILE_SCENARIOS.items()])
def test_hostile_scenario_file(tmp_path: Path, name: str) -> None:
    text, bug = HOSTILE_SCENARIOS[name]
    path = write(tmp_path / f"{name}.yaml", text)
    timeout = 2 if bug == "yaml-alias-bomb" else 30
    for command in ("lint", "test"):
        problem = cli_problem([command, path], timeout=timeout, tolerate=False)
        assert problem is None, problem


RULES_HEAD = 'keyword action "zap"\n  rule 701.99a\n  reminder "Zap."\n  example "zap"\n'

#: name -> (rules file text, known bug or None)
HOSTILE_RULES = {
    "nul-and-0xff": (RULES_HEAD + "  draw a card\n\x00\xff\n", None),
    "utf-16": (RULES_HEAD.encode("utf-16"), None),
    "line-of-100k-chars": (RULES_HEAD + "  " + "draw a card, then " * 6000 + "draw a card\n", None),
    "indented-100-levels": (RULES_HEAD + "".join(" " * (2 * k + 2) + "draw a card\n" for k in range(100)), None),
    "indented-600-levels": (RULES_HEAD + "".join(" " * (2 * k + 2) + "draw a card\n" for k in range(600)),
                            "deep-indentation"),
    "pattern-clashes-with-a-primitive": ('keyword action "draw {count} cards"\n  rule 701.99a\n  mill {count} cards\n',
                                         "grammar-conflict"),
    "empty-pattern": ('keyword action ""\n  rule 701.99a\n  mill two cards\n', "grammar-conflict"),
    "two-optional-slots": ('keyword action "zap {count?} {count?}"\n  rule 701.99a\n  mill two cards\n',
                           "grammar-conflict"),
    "default-is-not-a-number": ('keyword action "zap {count?}"\n  rule 701.99a\n  default {count} "lots"\n'
                                '  mill {count} cards\n', "default-not-a-number"),
    "pattern-of-quotes-and-backslashes": ('keyword action "zap \\\\ \\" {count}"\n  rule 701.99a\n  mill two cards\n', None),
    "unknown-slot": ('keyword action "zap {widget}"\n  rule 701.99a\n  mill two cards\n', None),
    "dungeon-room-loop": ('dungeon "Loop"\n  rule 309.4\n  room "A"\n    leads to "B"\n  room "B"\n    leads to "A"\n', None),
    "step-under-a-step": (RULES_HEAD + "  draw a card\n    mill a card\n", None),
    "huge-number-step": (RULES_HEAD + "  draw " + "9" * 5000 + " cards\n", "huge-number-in-text"),
}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=[known(bug)] if bug in KNOWN_BUGS else [], id=n) for n, (_, bug) in HOSTILE_RULES.items()])
def test_hostile_rules_file(tmp_path: Path, name: str) -> None:
    text, bug = HOSTILE_RULES[name]
    path = write(tmp_path / f"{name}.mtgr", text)
    use = write(tmp_path / "use.yaml", f"name: uses it\nmechanics: [{path.name}]\nsteps: [{{alice: draw a card}}]\n")
    for args in (["lint", path], ["test", use], ["parse", "--file", path]):
        problem = cli_problem(args, timeout=30, tolerate=False)
        assert problem is None, problem


def test_a_5000_digit_number_in_text_is_a_user_error() -> None:
    problem = cli_problem(["parse", "--as", "effect", "draw " + "9" * 5000 + " cards"], tolerate=False)
    assert problem is None, problem


# ------------------------------------------------------------------ loops and limits
LOOP_RULES = RULES_HEAD + "  draw a card\n  zap\n"
OPTIONAL_LOOP_RULES = RULES_HEAD + "  you may zap\n"            # each level tried out before it is asked
CHOICE_LOOP_RULES = RULES_HEAD + "  draw a card or you may zap\n"   # two trial runs per level
MUTUAL_RULES = ('keyword action "zig"\n  rule 701.99a\n  reminder "Zig."\n  example "zig"\n  zag\n'
                'keyword action "zag"\n  rule 701.99b\n  reminder "Zag."\n  example "zag"\n  mill a card\n  zig\n')


@pytest.mark.parametrize(("rules", "step", "names"), [(LOOP_RULES, "zap", ["zap"]),
                                                      (MUTUAL_RULES, "zig", ["zig", "zag"]),
                                                      (OPTIONAL_LOOP_RULES, "zap", ["zap"]),
                                                      (CHOICE_LOOP_RULES, "zap", ["zap"])],
                         ids=["self", "mutual", "optional", "choice"])
def test_a_definition_that_loops_forever_stops_at_a_step_limit(tmp_path: Path, rules: str, step: str,
                                                               names: list[str]) -> None:
    write(tmp_path / "loop.mtgr", rules)
    scenario = write(tmp_path / "loop.yaml", "name: a definition that never ends\nmechanics: [loop.mtgr]\n"
                     "state: {alice: {library: []}}\nsteps:\n  - alice: " + step + "\n")
    code, printed = cli(["test", scenario], timeout=20)
    assert code == 1, f"exit {code!r}: {printed[-1500:]}"
    assert "Traceback" not in printed and "internal error" not in printed, printed[-1500:]
    assert any(f"'{n}'" in printed or f'"{n}"' in printed or f" {n} " in printed for n in names), printed[-1500:]
    assert re.search(r"limit|loop|too many|never ends|recurs", printed, re.I), printed[-1500:]


def test_creating_many_tokens_is_fast() -> None:
    """3,000 tokens in well under 3 s (this was O(N^2) until the trigger scan was made once per step)."""
    game = sample_game()
    text = "create 3000 1/1 white Soldier creature tokens"
    effect = BOOK.parse(text, "effect_text")
    try:
        with time_limit(3):
            game.perform("alice", lambda: game.effect("alice", effect, None, text), RandomChooser(0))
    except Hang:
        pytest.fail("creating 3,000 tokens took more than 3 s")


@pytest.mark.parametrize("text", ["create 1000000000 1/1 white Soldier creature tokens",
                                  "amass Zombies 1 1000000000 times"])
def test_a_huge_repetition_stops_at_a_limit(text: str) -> None:
    """A step that would do a billion things is refused (a user error), not run for hours. Run in a child
    process with a memory limit: in this one a runaway would take the machine's memory."""
    child = textwrap.dedent(f"""
        import resource, signal, sys
        resource.setrlimit(resource.RLIMIT_AS, (1024 * 2**20, 1024 * 2**20))
        sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
        from test_rules_examples import sample_game, BOOK
        from interpreter.game.choices import RandomChooser
        from interpreter.diagnostics import MtgError
        text = {text!r}
        try:
            effect = BOOK.parse(text, "effect_text")
        except MtgError:
            print("refused"); sys.exit(0)
        game = sample_game()
        signal.alarm(3)
        try:
            game.perform("alice", lambda: game.effect("alice", effect, None, text), RandomChooser(0))
            print("done")
        except MtgError:
            print("refused")
    """)
    try:
        done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=30, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"'{text}' ran for more than 30 s")
    out = done.stdout.strip()
    assert out == "refused", (f"'{text}': exit {done.returncode}, printed {out!r} "
                              f"{'(stopped by the 3 s alarm)' if done.returncode == -signal.SIGALRM else ''}"
                              f"{done.stderr.strip()[-300:]}")


def test_venturing_through_a_whole_dungeon_in_one_step(tmp_path: Path) -> None:
    scenario = write(tmp_path / "venture.yaml", textwrap.dedent("""\
        name: venturing four times in one step completes Tomb of Annihilation and starts another dungeon
        steps:
          - alice: venture into the dungeon 4 times
            choose: [Tomb of Annihilation, Oubliette, Lost Mine of Phandelver]
        """))
    problem = cli_problem(["test", scenario], tolerate=False)
    assert problem is None, problem


def test_mechanics_naming_a_device_is_a_user_error(tmp_path: Path) -> None:
    """Run in a child process with a memory limit: in-process it would eat all memory."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    scenario = write(tmp_path / "zero.yaml", "name: reads a device\nmechanics: [/dev/zero]\n"
                     "steps: [{alice: draw a card}]\n")
    code = ("import resource, sys\nresource.setrlimit(resource.RLIMIT_AS, (1024 * 2**20, 1024 * 2**20))\n"
            "from interpreter.tools.cli import main\nsys.exit(main(['test', sys.argv[1]]))\n")
    try:
        done = subprocess.run([sys.executable, "-c", code, str(scenario)], capture_output=True, text=True,
                              timeout=30, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("mtgrules test gave no answer within 30 s")
    assert done.returncode == 1, f"exit {done.returncode}: {(done.stdout + done.stderr)[-800:]}"


# ------------------------------------------------------------------ no code from data
TAGS = ["!!python/object/apply:os.system", "!!python/object/new:os.system", "!!python/name:os.system",
        "!!python/module:os", "!!python/object:builtins.object"]


@pytest.mark.parametrize("tag", TAGS)
def test_yaml_tags_never_run_code(tmp_path: Path, tag: str) -> None:
    marker = tmp_path / "CODE-RAN"
    text = (f"name: {tag} ['touch {marker}']\ncards:\n  Island: {{types: [Land], text: {tag} ['touch {marker}']}}\n"
            "steps: [{alice: draw a card}]\n")
    path = write(tmp_path / "tagged.yaml", text)
    for command in ("lint", "test"):
        code, printed = cli([command, path])
        assert code == 1, f"{command}: exit {code!r}: {printed[-800:]}"
        assert "E100" in printed, printed[-800:]
        assert not marker.exists(), f"{command} ran code from the YAML file"
    with pytest.raises(MtgError):
        load_documents(text, "tagged.yaml")
    assert not marker.exists()


def test_the_interpreter_has_no_eval_or_unsafe_loading() -> None:
    """No eval/exec, no unsafe YAML loader, no pickle of user data in interpreter/ (Lark's own disk cache of
    the generated parser aside)."""
    package = Path(__import__("interpreter").__file__).resolve().parent
    bad = re.compile(r"\b(eval|exec)\s*\(|yaml\.(unsafe_load|full_load)|Loader\s*=\s*yaml\.(Loader|FullLoader|"
                     r"UnsafeLoader)|yaml\.load\((?![^)]*Loader=_Loader)|\bpickle\b|\bmarshal\b|__import__\(")
    found = []
    for path in sorted(package.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if bad.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_rules_files_are_data_not_code(tmp_path: Path) -> None:
    """Python in a rules file is text the grammar refuses, not code that runs."""
    marker = tmp_path / "CODE-RAN"
    path = write(tmp_path / "python.mtgr", RULES_HEAD + f"  __import__('os').system('touch {marker}')\n"
                 f"  {{__import__('os').system('touch {marker}')}}\n")
    code, printed = cli(["lint", path])
    assert code == 1 and "E101" in printed, printed[-800:]
    assert not marker.exists()
