"""mtgrules benchmarks (issues 6 and 11): one command, a table with each goal beside its figure,
and bench/results.json.

    .venv/bin/python bench/run.py                 # from the repository root (a few minutes)
    .venv/bin/python bench/run.py --quick         # fewer repetitions, for a smoke run
    .venv/bin/python bench/run.py --profile "manifest dread" [--library 6000]   # cProfile of one action

See bench/README.md for what each row measures and the goals. Not part of the test run: pytest
never imports this file. The engine is measured only through the entry points the scenario runner
and the property tests use (Scenario, Scenario.perform, Game.perform with Game.effect), so the
bench keeps working while the engine's insides change; what perform does to be all-or-nothing is
found out from the code, not assumed.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import inspect
import json
import math
import os
import pkgutil
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPUS_LINES = SHARED / "corpus" / "lines.jsonl"
CORPUS_CARDS = SHARED / "corpus" / "cards.jsonl"
FOUNDATION = SHARED / "scenarios" / "foundation"
RESULTS = Path(__file__).resolve().parent / "results.json"

try:  # run with the project venv; re-exec under it when started with another python
    import lark
    import interpreter
except ImportError:  # pragma: no cover - depends on how it is started
    venv_python = ROOT / ".venv" / "bin" / "python"
    if venv_python.exists() and Path(sys.executable).resolve() != venv_python.resolve():
        os.execv(str(venv_python), [str(venv_python), *sys.argv])
    raise

from lark import Lark  # noqa: E402


def public(name: str, module: str):
    """`module.name`, or wherever in the interpreter package `name` lives now (modules move)."""
    try:
        return getattr(importlib.import_module(f"interpreter.{module}"), name)
    except (ImportError, AttributeError):
        for info in pkgutil.walk_packages(interpreter.__path__, "interpreter."):
            if info.name.endswith("__main__"):
                continue
            found = getattr(importlib.import_module(info.name), name, None)
            if found is not None:
                return found
        raise ImportError(f"no '{name}' anywhere in the interpreter package")


RandomChooser = public("RandomChooser", "game.choices")
MtgError = public("MtgError", "diagnostics")
Rulebook = public("Rulebook", "language.rulebook")
Runner = public("Runner", "tools.scenario")
Scenario = public("Scenario", "tools.scenario")
load_documents = public("load_documents", "tools.yamlsource")

TRIVIAL_GRAMMAR = "start: WORD+\nWORD: /\\S+/\n%ignore /\\s+/\n"

CARDS = {
    "Jadelight Ranger": {"mana_cost": "{1}{G}{G}", "types": ["Creature"], "subtypes": ["Merfolk", "Scout"],
                         "power": 2, "toughness": 1},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2,
                      "toughness": 2},
    "Lightning Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
    "Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
}
#: The creature each player starts with on the battlefield (explore's source).
CREATURE = {"alice": "Jadelight Ranger", "bob": "Grizzly Bears"}
#: The keyword actions timed (issue 11's targets), as scenario step text; explore gets a creature source.
KEYWORD_ACTIONS = ["manifest dread", "explore", "amass Zombies 2", "venture into the dungeon"]
#: What random games do (the same list as tests/test_properties.py).
RANDOM_ACTIONS = ["manifest dread", "manifest the top card of your library", "cloak the top card of your library",
                  "explore", "amass Zombies 1", "draw a card", "mill two cards", "venture into the dungeon",
                  "resolve", "shuffle your library"]
SMALL, LARGE = 60, 6000   # library sizes

#: key -> (operator, limit, how the goal is printed). Issue 11's targets, and issue 6's where 11 has none.
TARGETS = {
    "rules_load_ready_s": ("<", 0.3, "< 300 ms (issue 6)"),
    "corpus_ratio_to_raw_lalr": (">=", 1.0, ">= 1.00"),
    "foundation_warm_s": ("<", 0.5, "< 500 ms"),
    "keyword_action_us": ("<", 50.0, "< 50 µs"),
    "large_library_ratio": ("<=", 1.5, "<= 1.5x"),
    "scenario_step_us": ("<", 100.0, "< 100 µs"),
    "bytes_per_object": ("<=", 500.0, "<= 500 B"),
}
LINEAR = "linear or better (issue 6)"


# ---------------------------------------------------------------- helpers
#: The most the 1,000-card set may take (a superlinear load would otherwise blow the run's budget).
SET_CAP_S = 45.0


class CapReached(BaseException):
    """Raised by time_cap's alarm; a BaseException, so the interpreter's handlers don't swallow it."""


class time_cap:
    """Interrupt the block after `seconds` (SIGALRM; main thread only)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def __enter__(self):
        import signal

        def fire(*_):
            raise CapReached()
        self.previous = signal.signal(signal.SIGALRM, fire)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        import signal
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)
        return False


def now() -> float:
    """Wall time: for whole processes and the run's own bookkeeping."""
    return time.perf_counter()


#: The clock of every in-process measurement: the bench thread's CPU time by default, so that the time
#: spent waiting for a core on a busy machine is not counted (main() switches to wall time on --wall).
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def library(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    names = ["Grizzly Bears", "Forest", "Lightning Bolt", "Jadelight Ranger"]
    return [rng.choice(names) for _ in range(n)]


def game_doc(library_size: int, seed: int = 0) -> dict:
    """A scenario document: both players with a library of `library_size` and a creature."""
    return {"name": "bench", "seed": seed, "cards": CARDS,
            "state": {p: {"library": library(library_size, n + 1), "battlefield": [CREATURE[p]]}
                      for n, p in enumerate(CREATURE)},
            "steps": []}


def child(command: list[str], env: dict | None = None, timeout: float = 300
          ) -> tuple[dict, subprocess.CompletedProcess]:
    """Run a fresh process; returns ({wall_s, cpu_s (its user + system time)}, the finished process)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = now()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout)
    wall = now() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime
    return {"wall_s": wall, "cpu_s": cpu}, done


def subprocess_python(code: str, env: dict | None = None) -> tuple[dict, str]:
    """Run `code` in a fresh interpreter; returns ({wall_s, cpu_s}, stdout). In `code`, CLOCK() is the
    bench's clock (see `clock`)."""
    code = f"import time\nCLOCK = time.{clock.__name__}\n" + code
    times, done = child([sys.executable, "-c", code], env, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"subprocess failed ({done.returncode}): {done.stderr.strip()[-800:]}")
    return times, done.stdout


def process_time(times: dict) -> float:
    """A whole process's time on the bench's clock: its CPU time, or its wall time with --wall."""
    return times["cpu_s"] if clock is CLOCKS["cpu"] else times["wall_s"]


def cache_env(folder: Path) -> dict:
    """The environment of a process whose disk caches all live in `folder`: the project keeps Lark's
    parsers in $XDG_CACHE_HOME/mtgrules (interpreter/language/parsers.py:cache_file), Lark's own default is
    tempfile.gettempdir(); both point inside `folder`."""
    (folder / "tmp").mkdir(parents=True, exist_ok=True)
    return dict(os.environ, XDG_CACHE_HOME=str(folder), TMPDIR=str(folder / "tmp"))


def cached_files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def exponent(small: float, large: float, factor: float) -> float:
    """The growth exponent k in time ~ size**k, from two sizes `factor` apart."""
    if small <= 0 or large <= 0:
        return float("nan")
    return math.log(large / small) / math.log(factor)


def growth_verdict(k: float) -> str:
    if math.isnan(k):
        return "n/a"
    if k <= 0.25:
        return "met: about constant"
    if k < 0.85:
        return "met: better than linear"
    if k <= 1.2:
        return "met: linear"
    return "MISSED: worse than linear"


def both(times: dict) -> str:
    """A process's time on the bench's clock, the other one beside it."""
    if clock is CLOCKS["cpu"]:
        return f"{times['cpu_s'] * 1000:,.0f} ms CPU ({times['wall_s'] * 1000:,.0f} ms wall)"
    return f"{times['wall_s'] * 1000:,.0f} ms wall ({times['cpu_s'] * 1000:,.0f} ms CPU)"


def refusals(timed: dict) -> str:
    """A warning for the value column when some timed runs were refusals (a different path)."""
    return f"; {timed['refused']} of {timed['runs']} runs REFUSED" if timed["refused"] else ""


def median_us(times: list[float]) -> float:
    return statistics.median(times) * 1e6


def fmt_us(us: float) -> str:
    return f"{us:,.0f} µs" if us < 100_000 else f"{us / 1000:,.1f} ms"


def live_parser(book) -> Lark:
    """The Oracle parser the rulebook really uses (whatever attribute holds it)."""
    parsers = [v for v in vars(book).values() if isinstance(v, Lark)]
    if not parsers:
        raise RuntimeError("the rulebook holds no Lark parser")
    return max(parsers, key=lambda p: len(p.source_grammar))


def rollback_of(game) -> tuple[str, object] | None:
    """What Game.perform copies to be all-or-nothing, as (label, a callable taking the same copy), if it
    takes a whole-state snapshot; None when it doesn't (e.g. an undo journal: its cost is inside the action)."""
    source = inspect.getsource(type(game).perform)
    clone = getattr(game.state, "clone", None)
    if callable(clone) and "state.clone()" in source:
        return f"{type(game.state).__name__}.clone", clone
    return None


class Bench:
    def __init__(self, quick: bool):
        self.quick = quick
        self.results: dict = {"targets": {}}
        self.rows: list[tuple[str, str, str, str]] = []   # metric, value, goal, status
        self.errors: dict[str, str] = {}
        self.runner = Runner(RandomChooser(11))   # answers what a step's choose: list doesn't
        self.book = None
        self._scratch: Path | None = None

    def cache_folder(self, name: str) -> Path:
        """A folder of the bench's own (removed at the end), for a process's disk caches."""
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-"))
        return self._scratch / name

    def clean_up(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)

    def reps(self, full: int, quick: int) -> int:
        return max(1, quick if self.quick else full)

    def row(self, metric: str, value: str, goal: str = "", status: str = "") -> None:
        self.rows.append((metric, value, goal, status))

    def judged(self, metric: str, value: str, key: str, figure: float, item: str = "") -> None:
        """A row with its goal and met/MISSED; MISSED xN means N times the goal (or N of it, for >=)."""
        op, limit, goal = TARGETS[key]
        met = {"<": figure < limit, "<=": figure <= limit, ">=": figure >= limit}[op]
        self.results["targets"][key + (f"[{item}]" if item else "")] = {
            "value": figure, "op": op, "limit": limit, "met": met}
        if met:
            status = "met"
        elif op == ">=":
            status = f"MISSED ({figure / limit:.0%} of it)"
        else:
            status = f"MISSED x{figure / limit:,.1f}"
        self.row(metric, value, goal, status)

    def section(self, name: str, fn) -> None:
        start = now()
        print(f"  {name} ...", file=sys.stderr, flush=True)
        try:
            fn()
        except Exception as exc:  # a broken section is reported, the others still run
            self.errors[name] = f"{type(exc).__name__}: {exc}"
            self.row(name, "ERROR", "", f"{type(exc).__name__}: {str(exc)[:60]}")
            traceback.print_exc(file=sys.stderr)
        self.results.setdefault("section_seconds", {})[name] = round(now() - start, 2)

    def scenario(self, library_size: int, seed: int = 0):
        """A new game, built the way the scenario runner builds one."""
        return Scenario(game_doc(library_size, seed), Path("bench.yaml"), self.runner)

    # ---------------------------------------------------------------- sections
    def load(self) -> None:
        self.book = self.runner.rulebook(())
        # The rules and the parser live as long as the process: freeze them out of the collector's
        # way, so the untimed gc.collect() before each timed run costs only the bench's own garbage.
        gc.collect()
        gc.freeze()

    def parser_build(self) -> None:
        parser = live_parser(self.book)
        text = parser.source_grammar
        options = {k: v for k, v in parser.options.options.items() if k not in ("cache", "source_path")}
        cache = parser.options.options.get("cache")
        cold = []
        for _ in range(self.reps(3, 1)):
            start = clock()
            Lark(text, cache=False, **options)
            cold.append(clock() - start)
        out = {"cold_s": min(cold), "cold_runs_s": cold, "grammar_chars": len(text), "options": options,
               "project_cache_file": cache}
        self.row("parser build, cold (the live parser's grammar and options, cache=False, in-process)",
                 f"{min(cold) * 1000:,.0f} ms")
        label = "parser build, warm (the project's oracle_parser from its disk cache, fresh process)"
        extension = getattr(self.book, "_extension", None)
        try:
            oracle_parser = public("oracle_parser", "language.parsers")
        except ImportError:
            oracle_parser = None
        if not (isinstance(cache, str) and oracle_parser and isinstance(extension, str)):
            self.row(label, "n/a", "", "no disk cache here" if not isinstance(cache, str) else
                     "oracle_parser or the rulebook's grammar extension is gone")
        else:
            env = cache_env(self.cache_folder("warm-cache"))
            code = ("import json, time\n"
                    f"from {oracle_parser.__module__} import oracle_parser\n"
                    f"extension = json.loads({json.dumps(json.dumps(extension))})\n"
                    "t = CLOCK(); oracle_parser(extension)\n"
                    "print(json.dumps(CLOCK() - t))\n")
            if not cached_files(self.cache_folder("warm-cache")):
                subprocess_python(code, env)   # fills the bench's own cache folder (the user's is left alone)
            files = cached_files(self.cache_folder("warm-cache"))
            warm = [json.loads(subprocess_python(code, env)[1]) for _ in range(self.reps(3, 1))]
            out.update(warm_s=statistics.median(warm), warm_runs_s=warm, cache_files=files)
            self.row(f"{label}; {len(files)} cached file(s)", f"{statistics.median(warm) * 1000:,.0f} ms")
        self.results["parser_build"] = out

    def rules_load(self) -> None:
        folder = self.cache_folder("warm-cache")
        env = cache_env(folder)
        code = ("import json\nt0 = CLOCK()\n"
                f"from {Rulebook.__module__} import Rulebook\n"
                "t1 = CLOCK(); book = Rulebook.load(); t2 = CLOCK()\n"
                "print(json.dumps({'import_s': t1 - t0, 'load_s': t2 - t1, "
                "'definitions': len(book.definitions()), 'files': len(book.files)}))\n")
        subprocess_python(code, env)  # fills the (new) disk cache; the OS file cache too
        files = cached_files(folder)
        runs = []
        for _ in range(self.reps(5, 2)):
            times, out = subprocess_python(code, env)
            data = json.loads(out)
            data.update(process_wall_s=times["wall_s"], process_cpu_s=times["cpu_s"])
            runs.append(data)
        load = statistics.median(r["load_s"] for r in runs)
        imp = statistics.median(r["import_s"] for r in runs)
        wall = statistics.median(r["process_wall_s"] for r in runs)
        cpu = statistics.median(r["process_cpu_s"] for r in runs)
        self.results["rules_load"] = {"load_s": load, "import_s": imp, "process_wall_s": wall,
                                      "process_cpu_s": cpu, "cache_files": files,
                                      "definitions": runs[0]["definitions"], "files": runs[0]["files"], "runs": runs}
        warmth = f"warm cache: {len(files)} file(s)" if files else "NOTHING CACHED on disk"
        self.judged(f"rules/ load + parser ready ({runs[0]['files']} files, {warmth}, fresh process)",
                    f"{load * 1000:,.0f} ms", "rules_load_ready_s", load)
        self.row("  + importing the interpreter package", f"{imp * 1000:,.0f} ms")
        self.row("  whole `python -c 'Rulebook.load()'` process", both({"cpu_s": cpu, "wall_s": wall}))

    def corpus(self) -> None:
        rows = [json.loads(line) for line in CORPUS_LINES.read_text(encoding="utf-8").splitlines() if line.strip()]
        book = self.book
        raw = Lark(TRIVIAL_GRAMMAR, parser="lalr")
        ours_best, raw_best, detail = float("inf"), float("inf"), {}
        for _ in range(self.reps(3, 1)):  # interleaved, side by side in the same run
            ok = failed = 0
            t_ok = t_failed = 0.0
            start = clock()
            for row in rows:
                t = clock()
                try:
                    book.parse_card_line(row["line"], row["card"])
                    ok += 1
                    t_ok += clock() - t
                except MtgError:
                    failed += 1
                    t_failed += clock() - t
            total = clock() - start
            if total < ours_best:
                ours_best = total
                detail = {"parsed": ok, "refused": failed, "parsed_s": t_ok, "refused_s": t_failed}
            start = clock()
            for row in rows:
                raw.parse(row["line"])
            raw_best = min(raw_best, clock() - start)
        n = len(rows)
        ours, triv = n / ours_best, n / raw_best
        ratio = ours / triv
        parsed_rate = detail["parsed"] / detail["parsed_s"] if detail["parsed_s"] else 0.0
        refused_rate = detail["refused"] / detail["refused_s"] if detail["refused_s"] else 0.0
        self.results["corpus"] = {"lines": n, "ours_lines_per_s": ours, "raw_lalr_lines_per_s": triv, "ratio": ratio,
                                  **detail, "parsed_lines_per_s": parsed_rate, "refused_lines_per_s": refused_rate}
        self.row(f"corpus lines/s, ours: Rulebook.parse_card_line ({n} lines: {detail['parsed']} parse, "
                 f"{detail['refused']} refused)", f"{ours:,.0f}")
        self.row("  of which lines that parse / lines refused (each timed)",
                 f"{parsed_rate:,.0f} / {refused_rate:,.0f}")
        self.row("corpus lines/s, raw Lark LALR on a word grammar (same lines, same run)", f"{triv:,.0f}")
        self.judged("  ours / raw Lark LALR", f"{ratio:.2f}", "corpus_ratio_to_raw_lalr", ratio)

    def cold_start(self) -> None:
        script = Path(sys.executable).with_name("mtgrules")
        command = [str(script)] if script.exists() else [sys.executable, "-m", "interpreter"]
        command += ["test", str(FOUNDATION)]
        folder = self.cache_folder("cold-cache")   # new and empty: the first run must build every parser
        env = cache_env(folder)
        runs = {}
        for label in ("cold", "warm") if self.quick else ("cold", "warm", "warm2"):
            before = cached_files(folder)
            times, done = child(command, env)
            runs[label] = {**times, "s": process_time(times), "exit_code": done.returncode,
                           "cache_files_before": before,
                           "summary": (done.stdout.strip().splitlines() or ["(no output)"])[-1]
                           if done.stdout.strip() else done.stderr.strip()[-200:]}
        written = cached_files(folder)
        best = min((runs[k] for k in runs if k != "cold"), key=lambda r: r["s"])
        warm = best["s"]
        self.results["cold_start_test_foundation"] = {"command": " ".join(command), "cache_folder_env": {
            "XDG_CACHE_HOME": env["XDG_CACHE_HOME"], "TMPDIR": env["TMPDIR"]}, "cache_files_written": written,
            "empty_cache": runs["cold"], "warm_cache_s": warm, "runs": runs}
        cold_note = (f"exit {runs['cold']['exit_code']}; started with 0 cached files, left {len(written)}"
                     if written else f"exit {runs['cold']['exit_code']}; NOTHING CACHED: warm = cold")
        self.row("`mtgrules test shared/scenarios/foundation`, empty cache (new XDG_CACHE_HOME and TMPDIR)",
                 both(runs["cold"]), "", cold_note)
        summary = runs["warm"]["summary"]
        if any(r["exit_code"] for r in runs.values()):
            self.row(f"  same, warm cache (fresh process, best of {len(runs) - 1})", both(best), TARGETS[
                "foundation_warm_s"][2], f"FAILED (exit {runs['warm']['exit_code']}): {summary[:60]}")
        else:
            self.judged(f"  same, warm cache (fresh process, best of {len(runs) - 1}; {summary[:40]})", both(best),
                        "foundation_warm_s", warm)

    def _time_action(self, library_size: int, text: str, n: int) -> dict:
        """Game.perform of one keyword action, each run on a new game built like the runner builds one
        (the text parsed once beforehand, the source found beforehand: this times the engine)."""
        effect = self.book.parse(text, "effect_text")
        chooser = RandomChooser(1)
        times, snapshots, refused, label = [], [], 0, None
        for _ in range(n):
            game = self.scenario(library_size).game
            player = "alice"
            source = game.find(CREATURE[player], player).id if text == "explore" else None
            rollback = rollback_of(game)
            if rollback:   # what perform copies first, timed on its own (on an identical game)
                label, take = rollback
                gc.collect()
                start = clock()
                take()
                snapshots.append(clock() - start)
            gc.collect()
            start = clock()
            try:
                game.perform(player, lambda: game.effect(player, effect, source, text), chooser)
            except MtgError:
                refused += 1
            times.append(clock() - start)
        return {"median_us": median_us(times), "mean_us": statistics.fmean(times) * 1e6, "runs": n,
                "refused": refused, "rollback": label or "none (no whole-state snapshot in Game.perform)",
                "snapshot_us": median_us(snapshots) if snapshots else None}

    def keyword_actions(self) -> None:
        small = {text: self._time_action(SMALL, text, self.reps(200, 30)) for text in KEYWORD_ACTIONS}
        self.results["keyword_actions_60"] = small
        for text, v in small.items():
            label = f"keyword action '{text}'" + (" (with a source)" if text == "explore" else "")
            self.judged(f"{label}, {SMALL}-card libraries (Game.perform)",
                        f"{fmt_us(v['median_us'])} ({1e6 / v['median_us']:,.0f}/s){refusals(v)}", "keyword_action_us",
                        v["median_us"], text)
        self._rollback_rows(small, SMALL)
        large = {text: self._time_action(LARGE, text, self.reps(7, 1)) for text in KEYWORD_ACTIONS}
        self.results["keyword_actions_6000"] = large
        for text, v in large.items():
            ratio = v["median_us"] / small[text]["median_us"]
            v["ratio_to_60"] = ratio
            self.judged(f"keyword action '{text}', {LARGE:,}-card libraries (x its {SMALL}-card time)",
                        f"{fmt_us(v['median_us'])} (x{ratio:,.1f}){refusals(v)}", "large_library_ratio", ratio, text)
        self._rollback_rows(large, LARGE)

    def _rollback_rows(self, out: dict, library_size: int) -> None:
        snaps = [v["snapshot_us"] for v in out.values() if v["snapshot_us"] is not None]
        if not snaps:
            self.row(f"  of which: perform's snapshot of the state, {library_size:,}-card libraries", "n/a", "",
                     "Game.perform takes no whole-state snapshot")
            return
        kind = next(v["rollback"] for v in out.values() if v["snapshot_us"] is not None)
        snap = statistics.median(snaps)
        share = snap / statistics.median(v["median_us"] for v in out.values())
        self.row(f"  of which: perform's snapshot of the state ({kind}), {library_size:,}-card libraries",
                 f"{fmt_us(snap)} ({share:.0%} of the median action)")

    def scenario_step(self) -> None:
        """A scenario step as the runner does it: Scenario.perform, on a new Scenario each run, so the text is
        parsed and checked every time (Scenario caches a step's parse per text and line, per scenario)."""
        n = self.reps(200, 30)
        out = {}
        for text in ("amass Zombies 2", "manifest dread"):
            yaml_text = "steps:\n  - alice: " + text + "\n"
            step = load_documents(yaml_text, "bench.yaml")[0]["steps"][0]   # a step as the runner loads it
            first, cached, parse = [], [], []
            for number in range(n):
                for times, warm in ((first, False), (cached, True)):
                    scenario = self.scenario(SMALL)
                    if warm:   # the step's text parsed already, as for a step seen before in this scenario
                        if not hasattr(scenario, "action"):
                            continue
                        gc.collect()
                        start = clock()
                        scenario.action("alice", text, step, getattr(step, "line", 1))
                        parse.append(clock() - start)
                    gc.collect()
                    start = clock()
                    scenario.perform(number + 1, step, "alice")
                    times.append(clock() - start)
            out[text] = {"median_us": median_us(first), "cached_median_us": median_us(cached) if cached else None,
                         "parse_median_us": median_us(parse) if parse else None}
        self.results["scenario_step_60"] = out
        for text, v in out.items():
            self.judged(f"scenario step '{text}' (Scenario.perform, its text parsed and checked)",
                        fmt_us(v["median_us"]), "scenario_step_us", v["median_us"], text)
            if v["cached_median_us"] is None:
                self.row("  the same step, its text already parsed", "n/a", "", "Scenario.action is gone")
                continue
            self.row("  of which parsing and checking the text (Scenario.action)", fmt_us(v["parse_median_us"]))
            self.row("  the same step, its text already parsed (Scenario caches it per text and line)",
                     fmt_us(v["cached_median_us"]))

    def _random_game(self, library_size: int, steps: int, games_seed: int = 0) -> dict:
        """Random players doing random actions (tests/test_properties.py's list and entry points): how
        many steps, and how many objects, the engine carries forward per second."""
        parsed = {a: self.book.parse(a, "effect_text") for a in RANDOM_ACTIONS if a != "resolve"}
        rng = random.Random(games_seed)
        done = refused = objects = 0
        elapsed = 0.0
        while done < steps:
            game = self.scenario(library_size, seed=rng.randrange(1000)).game
            chooser = RandomChooser(rng.randrange(1 << 30))
            for _ in range(min(40, steps - done)):
                player, text = rng.choice(game.state.order), rng.choice(RANDOM_ACTIONS)
                if text == "resolve":
                    action = lambda p=player: game.resolve(p)  # noqa: E731
                else:
                    source = None
                    if text == "explore":
                        creatures = [o.id for o in game.state.in_zone("battlefield", player)
                                     if "Creature" in game.characteristics(o.id).types]
                        source = rng.choice(creatures) if creatures else None
                    action = (lambda p=player, e=parsed[text], s=source, t=text:  # noqa: E731
                              game.effect(p, e, s, t))
                objects += len(game.state.objects)
                start = clock()
                try:
                    game.perform(player, action, chooser)
                except MtgError:
                    refused += 1
                elapsed += clock() - start
                done += 1
        return {"steps": done, "refused": refused, "seconds": elapsed, "steps_per_s": done / elapsed,
                "us_per_step": elapsed / done * 1e6, "mean_objects": objects / done,
                "objects_per_s": objects / elapsed}

    def random_game(self) -> None:
        for size, steps in ((SMALL, self.reps(800, 150)), (LARGE, self.reps(40, 6))):
            out = self._random_game(size, steps)
            self.results[f"random_game_{size}"] = out
            self.row(f"random game, {size:,}-card libraries: objects per second (objects in the state x steps/s)",
                     f"{out['objects_per_s']:,.0f}/s")
            self.row(f"  steps/s ({out['steps']} steps, {out['refused']} refused; {out['mean_objects']:,.0f} "
                     "objects on average)", f"{out['steps_per_s']:,.0f}/s ({fmt_us(out['us_per_step'])}/step)")

    def simulate(self) -> None:
        """Whole games between random players (issue 15): bench/simulate.py."""
        import simulate
        simulate.section(self)

    def _state_memory(self, library_size: int) -> dict:
        """tracemalloc: the bytes a new game (Scenario) keeps, and the extra peak of one action on it."""
        self.scenario(library_size)   # anything built once per process (caches) is not the game's
        doc = game_doc(library_size)
        gc.collect()
        tracemalloc.start()
        scenario = Scenario(doc, Path("bench.yaml"), self.runner)
        gc.collect()
        kept, build_peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        game = scenario.game
        effect = self.book.parse("manifest dread", "effect_text")
        try:
            game.perform("alice", lambda: game.effect("alice", effect, None, "manifest dread"), RandomChooser(3))
        except MtgError:
            pass
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        objects = len(game.state.objects)
        return {"objects": objects, "game_bytes": kept, "bytes_per_object": kept / objects,
                "game_build_peak_bytes": build_peak, "action_extra_peak_bytes": max(peak - current, 0)}

    def memory(self) -> None:
        out = {str(n): self._state_memory(n) for n in (SMALL, LARGE)}
        self.results["memory"] = out
        for n in (SMALL, LARGE):
            v = out[str(n)]
            self.judged(f"game memory per object, {n:,}-card libraries ({v['objects']:,} objects; tracemalloc: "
                        "what a new Scenario keeps / objects)",
                        f"{v['bytes_per_object']:,.0f} B ({v['game_bytes'] / 1024:,.0f} KiB)", "bytes_per_object",
                        v["bytes_per_object"], str(n))
        small = out[str(SMALL)]
        self.row(f"  {SMALL}-card game: peak while building it / extra peak during one manifest dread",
                 f"{small['game_build_peak_bytes'] / 1024:,.0f} / {small['action_extra_peak_bytes'] / 1024:,.0f} KiB")
        k = exponent(small["game_bytes"], out[str(LARGE)]["game_bytes"], LARGE / SMALL)
        out["exponent"] = k
        growth = out[str(LARGE)]["game_bytes"] / small["game_bytes"]
        self.row(f"  game memory, {SMALL} -> {LARGE:,}-card libraries", f"x{growth:,.1f} (k={k:.2f})", LINEAR,
                 growth_verdict(k))

    def game_build(self) -> None:
        builds = {}
        for n in (SMALL, LARGE):
            times = []
            for _ in range(self.reps(5, 2) if n == SMALL else self.reps(3, 1)):
                doc = game_doc(n)
                gc.collect()
                start = clock()
                Scenario(doc, Path("bench.yaml"), self.runner)
                times.append(clock() - start)
            builds[n] = min(times)
        k = exponent(builds[SMALL], builds[LARGE], LARGE / SMALL)
        self.results["game_build"] = {"seconds": {str(n): s for n, s in builds.items()}, "exponent": k}
        self.row(f"game build (Scenario), {SMALL} -> {LARGE:,}-card libraries",
                 f"{builds[SMALL] * 1000:,.1f} ms -> {builds[LARGE] * 1000:,.1f} ms (k={k:.2f})", LINEAR,
                 growth_verdict(k))

    def set_growth(self) -> None:
        import yaml
        cards = [json.loads(line) for line in CORPUS_CARDS.read_text(encoding="utf-8").splitlines() if line.strip()]
        sizes = (10, 100) if self.quick else (10, 100, 1000)
        out: dict = {"sizes": list(sizes), "cap_s": SET_CAP_S}
        for n in sizes:
            doc = {"name": f"a set of {n} cards", "cards": dict(corpus_card(c) for c in cards[:n]),
                   "state": {"alice": {"library": [cards[0]["name"]]}}, "steps": [{"alice": "draw a card"}]}
            text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
            lines = sum(len([t for t in str(v.get("text") or "").splitlines() if t.strip()])
                        for v in doc["cards"].values())
            runs, warnings, capped = [], 0, False
            for _ in range(self.reps(5, 2) if n < 1000 else 1):
                start = clock()
                try:
                    with time_cap(SET_CAP_S):
                        loaded = load_documents(text, "set.yaml")[0]
                        yaml_s = clock() - start
                        scenario = Scenario(loaded, Path("set.yaml"), self.runner)
                except CapReached:
                    capped = True
                    runs.append((clock() - start, float("nan")))
                    break
                runs.append((clock() - start, yaml_s))
                warnings = len(scenario.warnings)
            total, yaml_s = min(runs)
            out[str(n)] = {"load_and_parse_s": total, "yaml_s": yaml_s, "text_lines": lines, "capped": capped,
                           "lines_not_understood": warnings, "yaml_chars": len(text)}
        first, last = str(sizes[0]), str(sizes[-1])
        a, b = out[first]["load_and_parse_s"], out[last]["load_and_parse_s"]
        capped = out[last]["capped"]
        per_line = [out[str(n)]["load_and_parse_s"] / max(out[str(n)]["text_lines"], 1) for n in sizes]
        k = exponent(a, b, sizes[-1] / sizes[0])
        out["growth"] = {"ratio": b / a, "ratio_is_lower_bound": capped, "exponent_in_cards": k,
                         "per_text_line_us": [v * 1e6 for v in per_line], "per_line_ratio": per_line[-1] / per_line[0],
                         "verdict": growth_verdict(k)}
        self.results["set_growth"] = out
        more = ">" if capped else ""
        self.row(f"set of {sizes[0]} -> {sizes[-1]:,} cards: YAML load + card text parse (Scenario)",
                 f"{a * 1000:,.1f} ms -> {more}{b * 1000:,.0f} ms (x{more}{b / a:,.0f}, k{more or '='}{k:.2f})",
                 LINEAR, growth_verdict(k) + (f" (stopped at the {SET_CAP_S:.0f} s cap)" if capped else ""))
        self.row("  " + " / ".join(f"{n:,}" for n in sizes) + " cards",
                 " / ".join(f"{out[str(n)]['load_and_parse_s'] * 1000:,.0f} ms" for n in sizes))
        self.row(f"  per text line ({' / '.join(str(out[str(n)]['text_lines']) for n in sizes)} lines)",
                 " / ".join(f"{v * 1e6:,.0f} µs" for v in per_line))

    # ---------------------------------------------------------------- output
    def table(self) -> str:
        headers = ("metric", "value", "goal", "status")
        widths = [max(len(h), *(len(r[i]) for r in self.rows)) for i, h in enumerate(headers)]
        line = "  ".join("-" * w for w in widths)
        out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)), line]
        out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in self.rows]
        return "\n".join(out)


def corpus_card(card: dict) -> tuple[str, dict]:
    """A corpus card (shared/corpus/cards.jsonl) as a scenario `cards:` entry (front face)."""
    line = card.get("type_line") or ""
    front_line = line.split("//")[0]
    left, _, right = front_line.partition("—")
    supers = {"Legendary", "Basic", "Snow", "World", "Ongoing", "Host"}
    words = left.split()
    entry: dict = {"types": [w for w in words if w not in supers] or ["Creature"],
                   "supertypes": [w for w in words if w in supers], "subtypes": right.split()}
    if card.get("mana_cost"):
        entry["mana_cost"] = card["mana_cost"].split("//")[0].strip()
    if card.get("pt") and "/" in card["pt"]:
        power, toughness = card["pt"].split("/", 1)
        entry["power"], entry["toughness"] = power.strip(), toughness.strip()
    oracle = (card.get("oracle") or "").split("\n//\n")[0]
    entry["text"] = oracle
    return card["name"], entry


def profile(text: str, library_size: int, top: int = 10) -> None:
    """cProfile of one keyword action (Game.perform), repeated on new games; top entries by cumulative time."""
    import cProfile
    import pstats
    bench = Bench(quick=True)
    bench.load()
    effect = bench.book.parse(text, "effect_text")
    chooser, profiler = RandomChooser(1), cProfile.Profile()
    runs = 200 if library_size <= 600 else 3
    collections = 0
    for _ in range(runs):
        game = bench.scenario(library_size).game
        source = game.find(CREATURE["alice"], "alice").id if text == "explore" else None
        gc.collect()
        before = sum(s["collections"] for s in gc.get_stats())
        profiler.enable()
        try:
            game.perform("alice", lambda: game.effect("alice", effect, source, text), chooser)
        except MtgError:
            pass
        profiler.disable()
        collections += sum(s["collections"] for s in gc.get_stats()) - before
    print(f"'{text}' on {library_size:,}-card libraries, {runs} runs: "
          f"{collections / runs:.1f} garbage collections per action")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--output", default=str(RESULTS), help="where to save the JSON (default bench/results.json)")
    parser.add_argument("--wall", action="store_true",
                        help="time in-process work by wall clock instead of the thread's CPU time (idle machines)")
    parser.add_argument("--profile", metavar="ACTION", help="profile one keyword action instead (e.g. 'explore')")
    parser.add_argument("--library", type=int, default=SMALL, help="library size for --profile (default 60)")
    args = parser.parse_args()
    global clock
    clock = CLOCKS["wall" if args.wall else "cpu"]
    if args.profile:
        profile(args.profile, args.library)
        return 0
    started = now()
    bench = Bench(args.quick)
    print(f"mtgrules benchmarks{' (quick)' if args.quick else ''}: python {platform.python_version()}, "
          f"lark {lark.__version__}, {os.cpu_count()} CPU(s)", file=sys.stderr)
    try:
        bench.section("load", bench.load)
        if bench.book is None:
            print("the bundled rules don't load; nothing to measure", file=sys.stderr)
            print(bench.table())
            return 1
        for name in ("rules_load", "parser_build", "corpus", "cold_start", "keyword_actions", "scenario_step",
                     "random_game", "memory", "game_build", "set_growth", "simulate"):
            bench.section(name, getattr(bench, name))
    finally:
        bench.clean_up()
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "--", "interpreter", "grammar", "rules"],
                                capture_output=True, text=True, cwd=ROOT).stdout.strip())
    if not commit:  # a copy outside git (e.g. `git archive` of a commit): say which, if told
        commit, dirty = os.environ.get("MTGRULES_BENCH_COMMIT", "unknown (not a git checkout)"), None
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    bench.results["meta"] = {"python": platform.python_version(), "lark": lark.__version__, "cpus": os.cpu_count(),
                             "machine": platform.machine(), "commit": commit, "uncommitted_changes": dirty,
                             "quick": args.quick, "clock": "wall" if args.wall else "cpu (thread_time)",
                             "total_s": round(now() - started, 1), "load_average": load,
                             "time": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    bench.results["errors"] = bench.errors
    bench.results["table"] = [dict(zip(("metric", "value", "goal", "status"), r)) for r in bench.rows]
    Path(args.output).write_text(json.dumps(bench.results, indent=2, default=str) + "\n", encoding="utf-8")
    print(bench.table())
    print(f"\n{len(bench.rows)} rows in {now() - started:.0f} s; saved {args.output}"
          + (f"; {len(bench.errors)} section(s) failed: {', '.join(bench.errors)}" if bench.errors else ""))
    return 1 if bench.errors else 0


if __name__ == "__main__":
    sys.exit(main())
