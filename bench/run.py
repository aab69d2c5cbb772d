"""mtgrules benchmarks (issue 6): one command, a table, and bench/results.json.

    .venv/bin/python bench/run.py            # from the repository root (about a minute)
    .venv/bin/python bench/run.py --quick    # fewer repetitions, for a smoke run

See bench/README.md for what each row measures and the targets. Not part of the
test run: pytest never imports this file.
"""
from __future__ import annotations

import argparse
import copy
import gc
import json
import math
import os
import platform
import random
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
    import lark  # noqa: F401
    import interpreter  # noqa: F401
except ImportError:  # pragma: no cover - depends on how it is started
    venv_python = ROOT / ".venv" / "bin" / "python"
    if venv_python.exists() and Path(sys.executable).resolve() != venv_python.resolve():
        os.execv(str(venv_python), [str(venv_python), *sys.argv])
    raise

from lark import Lark  # noqa: E402

from interpreter.choices import RandomChooser  # noqa: E402
from interpreter.diagnostics import MtgError  # noqa: E402
from interpreter.parsers import grammar_text  # noqa: E402
from interpreter.rulebook import Rulebook  # noqa: E402
from interpreter.scenario import Runner, Scenario  # noqa: E402
from interpreter.yamlsource import load_documents  # noqa: E402

#: The oracle parser's options, as interpreter/parsers.py:oracle_parser builds it.
ORACLE_OPTIONS = dict(parser="lalr", start=["ability", "effect_text", "command", "static_ability"],
                      propagate_positions=True, maybe_placeholders=True)
TRIVIAL_GRAMMAR = "start: WORD+\nWORD: /\\S+/\n%ignore /\\s+/\n"

CARDS = {
    "Jadelight Ranger": {"mana_cost": "{1}{G}{G}", "types": ["Creature"], "subtypes": ["Merfolk", "Scout"],
                         "power": 2, "toughness": 1},
    "Grizzly Bears": {"mana_cost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "power": 2,
                      "toughness": 2},
    "Lightning Bolt": {"mana_cost": "{R}", "types": ["Instant"]},
    "Forest": {"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]},
}
#: The keyword actions timed (issue 6), as scenario step text; explore gets a creature source.
KEYWORD_ACTIONS = ["manifest dread", "explore", "amass Zombies 2", "venture into the dungeon"]
#: What random games do (the same list as tests/test_properties.py).
RANDOM_ACTIONS = ["manifest dread", "manifest the top card of your library", "cloak the top card of your library",
                  "explore", "amass Zombies 1", "draw a card", "mill two cards", "venture into the dungeon",
                  "resolve", "shuffle your library"]

TARGETS = {
    "rules_load_ready_s": ("<", 0.3),
    "corpus_ratio_to_trivial": (">=", 0.5),
    "keyword_action_us": ("<", 50.0),
    "scenario_step_us": ("<", 100.0),
}


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
    return time.perf_counter()


def library(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    names = ["Grizzly Bears", "Forest", "Lightning Bolt", "Jadelight Ranger"]
    return [rng.choice(names) for _ in range(n)]


def game_doc(library_size: int, seed: int = 0) -> dict:
    """A scenario document: both players with a library of `library_size`, alice with a creature."""
    return {"name": "bench", "seed": seed, "cards": CARDS,
            "state": {"alice": {"library": library(library_size, 1), "battlefield": ["Jadelight Ranger"]},
                      "bob": {"library": library(library_size, 2), "battlefield": ["Grizzly Bears"]}},
            "steps": []}


def build_scenario(runner: Runner, library_size: int, seed: int = 0) -> Scenario:
    """A game built the way interpreter/scenario.py's Scenario builds one."""
    return Scenario(game_doc(library_size, seed), Path("bench.yaml"), runner)


def subprocess_python(code: str, env: dict | None = None, timeout: float = 120) -> tuple[float, str]:
    """Run `code` in a fresh interpreter; returns (wall seconds, stdout)."""
    start = now()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=timeout)
    wall = now() - start
    if done.returncode != 0:
        raise RuntimeError(f"subprocess failed ({done.returncode}): {done.stderr.strip()[-800:]}")
    return wall, done.stdout


def exponent(small: float, large: float, factor: float) -> float:
    """The growth exponent k in time ~ size**k, from two sizes `factor` apart."""
    if small <= 0 or large <= 0:
        return float("nan")
    return math.log(large / small) / math.log(factor)


def growth_verdict(k: float) -> str:
    if math.isnan(k):
        return "n/a"
    if k <= 0.25:
        return "better than linear (about constant)"
    if k < 0.85:
        return "better than linear"
    if k <= 1.2:
        return "linear"
    return "WORSE than linear"


class Bench:
    def __init__(self, quick: bool):
        self.quick = quick
        self.results: dict = {}
        self.rows: list[tuple[str, str, str, str]] = []   # metric, value, target, status
        self.errors: dict[str, str] = {}
        self.runner = Runner()
        self.book: Rulebook | None = None

    def reps(self, full: int, quick: int | None = None) -> int:
        return max(1, quick if self.quick and quick is not None else (max(1, full // 4) if self.quick else full))

    def row(self, metric: str, value: str, target: str = "", status: str = "") -> None:
        self.rows.append((metric, value, target, status))

    def target(self, key: str, value: float) -> str:
        op, limit = TARGETS[key]
        met = value < limit if op == "<" else value >= limit
        self.results.setdefault("targets", {})[key] = {"value": value, "op": op, "limit": limit, "met": met}
        if met:
            return "met"
        if op == "<":
            return f"MISSED x{value / limit:.1f}"
        return f"MISSED ({value / limit:.0%} of it)"

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

    # ---------------------------------------------------------------- sections
    def load(self) -> None:
        self.book = self.runner.rulebook(())

    def parser_build(self) -> None:
        text = grammar_text("oracle") + "\n" + self.book._extension
        cold = []
        for _ in range(self.reps(3, 1)):
            start = now()
            Lark(text, cache=False, **ORACLE_OPTIONS)
            cold.append(now() - start)
        Lark(text, cache=True, **ORACLE_OPTIONS)  # make sure Lark's disk cache holds this grammar
        code = ("import time, json\nfrom lark import Lark\nfrom interpreter.parsers import grammar_text\n"
                f"options = {ORACLE_OPTIONS!r}\n"
                f"text = grammar_text('oracle') + '\\n' + {self.book._extension!r}\n"
                "t = time.perf_counter(); Lark(text, cache=True, **options)\n"
                "print(json.dumps(time.perf_counter() - t))\n")
        warm = [json.loads(subprocess_python(code)[1]) for _ in range(self.reps(3, 1))]
        self.results["parser_build"] = {"cold_s": min(cold), "cold_runs_s": cold, "warm_s": statistics.median(warm),
                                        "warm_runs_s": warm, "grammar_chars": len(text)}
        self.row("parser build, cold (Lark cache=False)", f"{min(cold) * 1000:.0f} ms")
        self.row("parser build, warm (Lark disk cache, fresh process)", f"{statistics.median(warm) * 1000:.0f} ms")

    def rules_load(self) -> None:
        code = ("import time, json\nt0 = time.perf_counter()\nfrom interpreter.rulebook import Rulebook\n"
                "t1 = time.perf_counter(); book = Rulebook.load(); t2 = time.perf_counter()\n"
                "print(json.dumps({'import_s': t1 - t0, 'load_s': t2 - t1, "
                "'definitions': len(book.definitions()), 'files': len(book.files)}))\n")
        subprocess_python(code)  # warm the disk cache and the OS file cache
        runs = []
        for _ in range(self.reps(5, 2)):
            wall, out = subprocess_python(code)
            data = json.loads(out)
            data["process_wall_s"] = wall
            runs.append(data)
        load = statistics.median(r["load_s"] for r in runs)
        imp = statistics.median(r["import_s"] for r in runs)
        wall = statistics.median(r["process_wall_s"] for r in runs)
        self.results["rules_load"] = {"load_s": load, "import_s": imp, "process_wall_s": wall,
                                      "definitions": runs[0]["definitions"], "files": runs[0]["files"], "runs": runs}
        self.row(f"rules/ load + parser ready ({runs[0]['files']} files, warm cache)", f"{load * 1000:.0f} ms",
                 "< 300 ms", self.target("rules_load_ready_s", load))
        self.row("  + importing the interpreter package", f"{imp * 1000:.0f} ms")
        self.row("  whole `python -c 'Rulebook.load()'` process", f"{wall * 1000:.0f} ms")

    def corpus(self) -> None:
        rows = [json.loads(line) for line in CORPUS_LINES.read_text(encoding="utf-8").splitlines() if line.strip()]
        book = self.book
        trivial = Lark(TRIVIAL_GRAMMAR, parser="lalr")
        ours_best, trivial_best, detail = float("inf"), float("inf"), {}
        for _ in range(self.reps(3, 1)):  # interleaved, side by side in the same run
            ok = failed = 0
            t_ok = t_failed = 0.0
            start = now()
            for row in rows:
                t = now()
                try:
                    book.parse_card_line(row["line"], row["card"])
                    ok += 1
                    t_ok += now() - t
                except MtgError:
                    failed += 1
                    t_failed += now() - t
            total = now() - start
            if total < ours_best:
                ours_best = total
                detail = {"parsed": ok, "refused": failed, "parsed_s": t_ok, "refused_s": t_failed}
            start = now()
            for row in rows:
                trivial.parse(row["line"])
            trivial_best = min(trivial_best, now() - start)
        n = len(rows)
        ours, triv = n / ours_best, n / trivial_best
        ratio = ours / triv
        self.results["corpus"] = {"lines": n, "ours_lines_per_s": ours, "trivial_lines_per_s": triv,
                                  "ratio": ratio, **detail,
                                  "parsed_lines_per_s": detail["parsed"] / detail["parsed_s"] if detail["parsed_s"] else None,
                                  "refused_lines_per_s": detail["refused"] / detail["refused_s"] if detail["refused_s"] else None}
        self.row(f"corpus lines/s, ours ({n} lines: {detail['parsed']} parse, {detail['refused']} refused)",
                 f"{ours:,.0f}")
        self.row("  of which lines that parse / lines refused (each timed)",
                 f"{self.results['corpus']['parsed_lines_per_s']:,.0f} / {self.results['corpus']['refused_lines_per_s'] or 0:,.0f}")
        self.row("corpus lines/s, trivial LALR word grammar", f"{triv:,.0f}")
        self.row("  ours / trivial", f"{ratio:.2f}", ">= 0.50", self.target("corpus_ratio_to_trivial", ratio))

    def cold_start(self) -> None:
        script = Path(sys.executable).with_name("mtgrules")
        command = [str(script)] if script.exists() else [sys.executable, "-m", "interpreter"]
        command += ["test", str(FOUNDATION)]
        cache_dir = Path(tempfile.mkdtemp(prefix="mtgrules-bench-"))
        try:
            env = dict(os.environ, TMPDIR=str(cache_dir))  # Lark's cache lives in tempfile.gettempdir()
            runs = {}
            for label in ("cold", "warm", "warm2"):
                start = now()
                done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
                runs[label] = {"wall_s": now() - start, "exit_code": done.returncode,
                               "summary": (done.stdout.strip().splitlines() or ["(no output)"])[-1]
                               if done.stdout.strip() else done.stderr.strip()[-200:]}
        finally:
            shutil.rmtree(cache_dir, ignore_errors=True)
        warm = min(runs["warm"]["wall_s"], runs["warm2"]["wall_s"])
        self.results["cold_start_test_foundation"] = {"command": " ".join(command), "empty_lark_cache": runs["cold"],
                                                      "warm_lark_cache_s": warm, "runs": runs}
        summary = runs["warm"]["summary"]
        self.row("`mtgrules test shared/scenarios/foundation`, empty Lark cache", f"{runs['cold']['wall_s'] * 1000:.0f} ms",
                 "", f"exit {runs['cold']['exit_code']}")
        self.row("  same, warm Lark cache (fresh process)", f"{warm * 1000:.0f} ms", "",
                 f"exit {runs['warm']['exit_code']}: {summary[:40]}")

    def _time_action(self, scenario: Scenario, text: str, n: int, player: str = "alice") -> dict:
        """Median µs of game.perform(text) on copies of one starting state (restoring is not timed)."""
        game, book = scenario.game, self.book
        effect = book.parse(text, "effect_text")   # parsed once: this times the engine, not the parser
        base = copy.deepcopy(game.state)
        chooser = RandomChooser(1)
        times, refused = [], 0
        for _ in range(n):
            game.state = copy.deepcopy(base)
            source = None
            if text.startswith("explore"):
                source = next(o.id for o in game.state.in_zone("battlefield", player)
                              if "Creature" in game.characteristics(o.id).types)
            start = now()
            try:
                game.perform(player, lambda: game.effect(player, effect, source, text), chooser)
            except MtgError:
                refused += 1
            times.append(now() - start)
        engine = []   # the same action without perform's snapshot: what the step interpreter itself costs
        for _ in range(max(3, n // 2)):
            game.state = copy.deepcopy(base)
            source = None
            if text.startswith("explore"):
                source = next(o.id for o in game.state.in_zone("battlefield", player)
                              if "Creature" in game.characteristics(o.id).types)
            game.chooser = chooser
            start = now()
            try:
                first = len(game.state.events)
                game.effect(player, effect, source, text)
                game.after_action(first)
            except MtgError:
                pass
            engine.append(now() - start)
        snapshot, deep = [], []   # perform's snapshot (GameState.clone when there is one) and a full deepcopy
        take = getattr(base, "clone", None) or (lambda: copy.deepcopy(base))
        for _ in range(max(3, n // 4)):
            start = now()
            take()
            snapshot.append(now() - start)
            start = now()
            copy.deepcopy(base)
            deep.append(now() - start)
        game.state = base
        return {"median_us": statistics.median(times) * 1e6, "mean_us": statistics.fmean(times) * 1e6,
                "runs": n, "refused": refused, "engine_only_us": statistics.median(engine) * 1e6,
                "snapshot_us": statistics.median(snapshot) * 1e6, "state_deepcopy_us": statistics.median(deep) * 1e6,
                "snapshot_kind": "GameState.clone" if getattr(base, "clone", None) else "copy.deepcopy"}

    def keyword_actions(self) -> None:
        scenario = build_scenario(self.runner, 60)
        out = {}
        for text in KEYWORD_ACTIONS:
            out[text] = self._time_action(scenario, text, self.reps(200, 40))
        worst = max(v["median_us"] for v in out.values())
        self.results["keyword_actions_60"] = out
        for text, v in out.items():
            label = f"keyword action '{text}'" + (" (with a source)" if text == "explore" else "")
            self.row(label + ", 60-card library", f"{v['median_us']:,.0f} µs ({1e6 / v['median_us']:,.0f}/s)",
                     "< 50 µs", self.target("keyword_action_us", v["median_us"]) if v["median_us"] == worst else
                     ("met" if v["median_us"] < 50 else f"MISSED x{v['median_us'] / 50:.1f}"))
        snap = statistics.median(v["snapshot_us"] for v in out.values())
        kind = next(iter(out.values()))["snapshot_kind"]
        self.row(f"  of which: perform's snapshot of the state ({kind})", f"{snap:,.0f} µs")
        if kind != "copy.deepcopy":
            deep = statistics.median(v["state_deepcopy_us"] for v in out.values())
            self.row("  (for comparison: copy.deepcopy of the same state)", f"{deep:,.0f} µs")
        engine = max(v["engine_only_us"] for v in out.values())
        self.row("  the same actions without the snapshot (effect + after_action), worst", f"{engine:,.0f} µs",
                 "< 50 µs", "met" if engine < 50 else f"MISSED x{engine / 50:.1f}")

    def scenario_step(self) -> None:
        """A scenario step as the runner does it: Scenario.perform (text parsed and checked, then performed)."""
        scenario = build_scenario(self.runner, 60)
        game, book = scenario.game, self.book
        base = copy.deepcopy(game.state)
        n = self.reps(200, 40)
        out = {}
        for text in ("amass Zombies 2", "manifest dread"):
            times = []
            for number in range(n):
                game.state = copy.deepcopy(base)
                step = {"alice": text}
                if text == "manifest dread":  # a 60-card library: the player chooses one of the top two
                    top = game.state.players["alice"].zones["library"][0]
                    step["choose"] = [game.state.objects[top].card_name]
                start = now()
                scenario.perform(number + 1, step, "alice")
                times.append(now() - start)
            parse = []
            for _ in range(n):
                start = now()
                book.parse(text, "effect_text")
                parse.append(now() - start)
            out[text] = {"median_us": statistics.median(times) * 1e6, "parse_us": statistics.median(parse) * 1e6}
        game.state = base
        worst = max(v["median_us"] for v in out.values())
        self.results["scenario_step_60"] = out
        for text, v in out.items():
            self.row(f"scenario step '{text}' (Scenario.perform, text included)", f"{v['median_us']:,.0f} µs",
                     "< 100 µs", self.target("scenario_step_us", v["median_us"]) if v["median_us"] == worst else
                     ("met" if v["median_us"] < 100 else f"MISSED x{v['median_us'] / 100:.1f}"))
            self.row("  of which parsing the text (not cached today)", f"{v['parse_us']:,.0f} µs")

    def _random_steps(self, library_size: int, steps: int, games_seed: int = 0) -> dict:
        book = self.book
        parsed = {a: book.parse(a, "effect_text") for a in RANDOM_ACTIONS if a != "resolve"}
        rng = random.Random(games_seed)
        done = refused = 0
        elapsed = 0.0
        while done < steps:
            scenario = build_scenario(self.runner, library_size, seed=rng.randrange(1000))
            game = scenario.game
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
                start = now()
                try:
                    game.perform(player, action, chooser)
                except MtgError:
                    refused += 1
                elapsed += now() - start
                done += 1
        return {"steps": done, "refused": refused, "seconds": elapsed, "steps_per_s": done / elapsed,
                "us_per_step": elapsed / done * 1e6}

    def random_game(self) -> None:
        out = self._random_steps(60, self.reps(800, 150))
        self.results["random_game_60"] = out
        self.row("random-game steps/s (10 actions, RandomChooser, 60-card libraries)",
                 f"{out['steps_per_s']:,.0f}/s ({out['us_per_step']:,.0f} µs/step, {out['refused']} refused)")

    def _state_memory(self, library_size: int) -> dict:
        gc.collect()
        tracemalloc.start()
        scenario = build_scenario(self.runner, library_size)
        built_current, built_peak = tracemalloc.get_traced_memory()
        before = tracemalloc.get_traced_memory()[0]
        state_copy = copy.deepcopy(scenario.game.state)
        one_state = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.reset_peak()
        game = scenario.game
        effect = self.book.parse("manifest dread", "effect_text")
        try:
            game.perform("alice", lambda: game.effect("alice", effect, None, "manifest dread"), RandomChooser(3))
        except MtgError:
            pass
        action_peak = tracemalloc.get_traced_memory()[1] - tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del state_copy
        return {"objects": len(scenario.game.state.objects), "state_bytes": one_state,
                "game_build_peak_bytes": built_peak, "game_build_current_bytes": built_current,
                "action_extra_peak_bytes": max(action_peak, 0)}

    def memory(self) -> None:
        out = self._state_memory(60)
        self.results["memory_60"] = out
        self.row(f"game state memory, 60-card libraries ({out['objects']} objects, tracemalloc)",
                 f"{out['state_bytes'] / 1024:,.0f} KiB")
        self.row("  peak while building the game / extra peak during one action",
                 f"{out['game_build_peak_bytes'] / 1024:,.0f} / {out['action_extra_peak_bytes'] / 1024:,.0f} KiB")

    def library_growth(self) -> None:
        small_n, large_n = 60, 6000
        out: dict = {"sizes": [small_n, large_n]}
        for n in (small_n, large_n):
            reps_build = self.reps(5, 2) if n == small_n else self.reps(2, 1)
            builds = []
            for _ in range(reps_build):
                start = now()
                scenario = build_scenario(self.runner, n)
                builds.append(now() - start)
            actions = {text: self._time_action(scenario, text, self.reps(40, 8) if n == small_n else self.reps(4, 2))
                       for text in ("manifest dread", "amass Zombies 2")}
            memory = self._state_memory(n)
            out[str(n)] = {"build_s": min(builds), "actions": actions, "memory": memory}
        small, large = out[str(small_n)], out[str(large_n)]
        factor = large_n / small_n
        metrics = {
            "game build (Scenario)": (small["build_s"], large["build_s"]),
            "manifest dread": (small["actions"]["manifest dread"]["median_us"],
                               large["actions"]["manifest dread"]["median_us"]),
            "amass Zombies 2": (small["actions"]["amass Zombies 2"]["median_us"],
                                large["actions"]["amass Zombies 2"]["median_us"]),
            "state memory": (small["memory"]["state_bytes"], large["memory"]["state_bytes"]),
        }
        out["growth"] = {}
        for name, (a, b) in metrics.items():
            k = exponent(a, b, factor)
            out["growth"][name] = {"small": a, "large": b, "ratio": b / a if a else None, "exponent": k,
                                   "verdict": growth_verdict(k)}
            unit = (lambda v: f"{v * 1000:,.1f} ms") if name.startswith("game build") else (
                (lambda v: f"{v / 1024:,.0f} KiB") if name == "state memory" else (lambda v: f"{v:,.0f} µs"))
            per_action = name in ("manifest dread", "amass Zombies 2")
            verdict = growth_verdict(k) + (" (one action: ideally constant)" if per_action and k > 0.25 else "")
            self.row(f"library 60 -> 6,000: {name}" + (" (one action)" if per_action else ""),
                     f"{unit(a)} -> {unit(b)} (x{b / a:,.1f}, k={k:.2f})", "linear or better", verdict)
        self.results["library_growth"] = out

    def set_growth(self) -> None:
        import yaml
        cards = [json.loads(line) for line in CORPUS_CARDS.read_text(encoding="utf-8").splitlines() if line.strip()]
        sizes = (10, 100, 1000)
        out: dict = {"sizes": list(sizes), "cap_s": SET_CAP_S}
        for n in sizes:
            doc = {"name": f"a set of {n} cards", "cards": dict(corpus_card(c) for c in cards[:n]),
                   "state": {"alice": {"library": [cards[0]["name"]]}}, "steps": [{"alice": "draw a card"}]}
            text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
            lines = sum(len([t for t in str(v.get("text") or "").splitlines() if t.strip()])
                        for v in doc["cards"].values())
            runs, warnings, capped = [], 0, False
            for _ in range(self.reps(5, 2) if n < 1000 else 1):
                start = now()
                try:
                    with time_cap(SET_CAP_S):
                        loaded = load_documents(text, "set.yaml")[0]
                        yaml_s = now() - start
                        scenario = Scenario(loaded, Path("set.yaml"), self.runner)
                except CapReached:
                    capped = True
                    runs.append((now() - start, float("nan")))
                    break
                runs.append((now() - start, yaml_s))
                warnings = len(scenario.warnings)
            total, yaml_s = min(runs)
            out[str(n)] = {"load_and_parse_s": total, "yaml_s": yaml_s, "text_lines": lines, "capped": capped,
                           "lines_not_understood": warnings, "yaml_chars": len(text)}
        a, b = out["10"]["load_and_parse_s"], out["1000"]["load_and_parse_s"]
        capped = out["1000"]["capped"]
        per_line = [out[str(n)]["load_and_parse_s"] / max(out[str(n)]["text_lines"], 1) for n in sizes]
        k = exponent(a, b, 100)
        out["growth"] = {"ratio": b / a, "ratio_is_lower_bound": capped, "exponent_in_cards": k,
                         "per_text_line_us": [v * 1e6 for v in per_line], "per_line_ratio": per_line[-1] / per_line[0],
                         "verdict": growth_verdict(k)}
        self.results["set_growth"] = out
        more = ">" if capped else ""
        self.row("set of 10 -> 1,000 cards: YAML load + card text parse",
                 f"{a * 1000:,.1f} ms -> {more}{b * 1000:,.0f} ms (x{more}{b / a:,.0f}, k{'>' if capped else '='}{k:.2f})",
                 "linear or better", growth_verdict(k) + (f" (stopped at the {SET_CAP_S:.0f} s cap)" if capped else ""))
        self.row("  10 / 100 / 1,000 cards", " / ".join(f"{out[str(n)]['load_and_parse_s'] * 1000:,.0f} ms" for n in sizes))
        self.row(f"  per text line ({' / '.join(str(out[str(n)]['text_lines']) for n in sizes)} lines)",
                 " / ".join(f"{v * 1e6:,.0f} µs" for v in per_line))

    # ---------------------------------------------------------------- output
    def table(self) -> str:
        headers = ("metric", "value", "target", "status")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--output", default=str(RESULTS), help="where to save the JSON (default bench/results.json)")
    args = parser.parse_args()
    started = now()
    bench = Bench(args.quick)
    print(f"mtgrules benchmarks{' (quick)' if args.quick else ''}: python {platform.python_version()}, "
          f"lark {lark.__version__}, {os.cpu_count()} CPU(s)", file=sys.stderr)
    bench.section("load", bench.load)
    if bench.book is None:
        print("the bundled rules don't load; nothing to measure", file=sys.stderr)
        print(bench.table())
        return 1
    for name in ("parser_build", "rules_load", "corpus", "cold_start", "keyword_actions", "scenario_step",
                 "random_game", "memory", "library_growth", "set_growth"):
        bench.section(name, getattr(bench, name))
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "--", "interpreter", "grammar", "rules"],
                                capture_output=True, text=True, cwd=ROOT).stdout.strip())
    if not commit:  # a copy outside git (e.g. `git archive` of a commit): say which, if told
        commit, dirty = os.environ.get("MTGRULES_BENCH_COMMIT", "unknown (not a git checkout)"), None
    bench.results["meta"] = {"python": platform.python_version(), "lark": lark.__version__, "cpus": os.cpu_count(),
                             "machine": platform.machine(), "commit": commit, "uncommitted_changes": dirty,
                             "quick": args.quick, "total_s": round(now() - started, 1),
                             "time": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    bench.results["errors"] = bench.errors
    bench.results["table"] = [dict(zip(("metric", "value", "target", "status"), r)) for r in bench.rows]
    Path(args.output).write_text(json.dumps(bench.results, indent=2, default=str) + "\n", encoding="utf-8")
    print(bench.table())
    print(f"\n{len(bench.rows)} rows in {now() - started:.0f} s; saved {args.output}"
          + (f"; {len(bench.errors)} section(s) failed: {', '.join(bench.errors)}" if bench.errors else ""))
    return 1 if bench.errors else 0


if __name__ == "__main__":
    sys.exit(main())
