"""The `simulate`, `replay` and `play` subcommands (their parsers are in cli.py, their entry points in
commands.py)."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path

from .commands import NOTHING, Usage, settings_of


def _decks(args: argparse.Namespace, arena) -> tuple[tuple[list[str], list[str]], tuple[str, str]]:
    """The two decks from --deck lists (one list: a mirror match), else sealed-like decks from the master seed."""
    from .simulate import read_deck, sealed_deck
    cards = arena.cards()
    given = [Path(d) for d in args.deck or []]
    if len(given) > 2:
        raise Usage("give at most two --deck lists")
    for path in given:
        if not path.is_file():
            raise Usage(f"no such deck list: {path}")
    decks = [read_deck(p, cards) for p in given]
    names = [p.stem for p in given]
    rarities = {n: str(d["rarity"]) for n, d in arena.set_file.cards.items() if isinstance(d, dict) and d.get("rarity")}
    rng = random.Random(f"decks:{args.seed}")
    lands = arena.scenario.rulebook.subtype_abilities
    while len(decks) < 2:
        decks.append(decks[0] if given else sealed_deck(cards, rarities, rng, lands))
        names.append(names[0] + " (mirror)" if given else f"sealed {'AB'[len(names)]}")
    return (decks[0], decks[1]), (names[0], names[1])


def _set_path(args: argparse.Namespace) -> Path:
    path = Path(args.set)
    if not path.is_file():
        raise Usage(f"no such set file: {path}")
    return path


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import Plan, arena_of, run
    from .simulate_report import plot, render_text, summary
    if args.games < 1 or args.jobs < 1:
        raise Usage("--games and --jobs must be at least 1")
    settings = settings_of(args)
    set_path = _set_path(args).resolve()
    mechanics = tuple(str(m) for m in settings.mechanics)
    arena = arena_of(set_path, mechanics)   # the one the games are played in (jobs fork from it)
    decks, names = _decks(args, arena)
    plan = Plan(set_path, decks, args.games, args.seed, args.players, mechanics)
    started = time.perf_counter()
    results = run(plan, args.jobs, args.backend, args.address)
    report = summary(results, names, Path(args.replays))
    report["seconds"] = round(time.perf_counter() - started, 2)
    report["seed"], report["jobs"], report["backend"] = args.seed, args.jobs, args.backend
    report["deck_lists"] = {name: deck for name, deck in zip(names, decks)}
    if args.plot:
        try:
            report["plots"] = [str(p) for p in plot(report, Path(args.plot))]
        except ImportError:
            raise Usage("--plot needs matplotlib: pip install 'mtgrules[plot]'") from None
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        print(render_text(report))
        print(f"{report['seconds']} s, {args.jobs} job(s), backend {args.backend}")
    return 1 if report["errors"] else 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a game file (a scenario): say where it stops and why, with a traceback for an internal error."""
    from .scenario import run_paths
    settings = settings_of(args)
    path = Path(args.file)
    if not path.is_file():
        raise Usage(f"no such replay file: {path}")
    try:
        outcomes, _ = run_paths([path], mechanics=settings.mechanics)
    except Exception:   # an internal error is what a replay is for: show all of it
        traceback.print_exc()
        return 3
    if not outcomes:
        return NOTHING
    for outcome in outcomes:
        print(f"{outcome.name}: {'replayed to the end' if outcome.passed else 'stopped'}")
        if outcome.message:
            print(outcome.message)
    return 0 if all(o.passed for o in outcomes) else 1


def cmd_play(args: argparse.Namespace) -> int:
    """A human (alice, first) against the heuristic player (bob), showing only what alice may see."""
    from ..game.players import HeuristicPlayer
    from .games import Arena, Table
    from .human import HumanPlayer
    from .scenario import Runner
    settings = settings_of(args)
    arena = Arena(_set_path(args), Runner(mechanics=settings.mechanics))
    decks, _ = _decks(args, arena)
    table = Table(arena, {"alice": decks[0], "bob": decks[1]}, args.seed,
                  {"alice": HumanPlayer("alice"), "bob": HeuristicPlayer(args.seed)})
    result = table.play()
    print(f"game over: {result.winner or 'no winner'} after {result.turns} turns")
    if result.error:
        print(result.error, file=sys.stderr)
        return 1
    return 0
