"""The `mtgrules` command: test, parse, lint, coverage, rules, reference, convert, lsp, simulate, replay, play.

Conventions as ruff's and pytest's: `--version`; one `--format` on every command; `-q`/`-v`; the project's
own rules folders from `[tool.mtgrules]` (config.py) and `--mechanics`; exit codes 0 (all well),
1 (findings or failed scenarios), 2 (usage), 3 (a bug of ours, said in one line), 5 (nothing to run);
a closed pipe (`mtgrules rules | head -1`) ends quietly.
"""
from __future__ import annotations

import argparse
import os
import sys
from importlib import metadata

from ..diagnostics import MtgError
from . import commands
from .commands import USAGE, Usage

#: Exit status after a closed pipe: what a shell reports for a program SIGPIPE ended (128 + 13).
CLOSED_PIPE = 141

FORMATS = {"test": ["text", "json", "junit"], "lint": ["text", "json", "github"], "coverage": ["text", "json"],
           "parse": ["text", "json"], "rules": ["text", "json", "markdown"], "reference": ["text", "json"],
           "convert": ["text"], "lsp": ["text"], "simulate": ["text", "json"], "replay": ["text"], "play": ["text"]}


def version() -> str:
    try:
        return metadata.version("mtgrules")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--mechanics", action="append", metavar="PATH", default=[],
                        help="a rules file or folder to load with the bundled rules (repeatable; after those "
                             "of [tool.mtgrules] mechanics in pyproject.toml)")
    common.add_argument("-q", "--quiet", action="count", default=0, help="print less (twice: only the exit code)")
    common.add_argument("-v", "--verbose", action="count", default=0, help="print more")
    parser = argparse.ArgumentParser(prog="mtgrules", description="Rules-as-data interpreter for Magic: The "
                                     "Gathering. Exit codes: 0 all well, 1 findings or failed scenarios, 2 usage "
                                     "error, 5 nothing to run.")
    parser.add_argument("--version", action="version", version=f"mtgrules {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str, paths_help: str) -> argparse.ArgumentParser:
        one = sub.add_parser(name, help=help_text, description=help_text, parents=[common])
        one.add_argument("--format", choices=FORMATS[name], default="text", help="how to print the result")
        if paths_help:
            one.add_argument("paths", nargs="*", metavar="PATH", help=paths_help)
        one.set_defaults(func=getattr(commands, f"cmd_{name}", None) or _games_command(name))
        return one

    test = command("test", "run scenario files", "scenario files or folders (default: [tool.mtgrules] scenarios)")
    test.add_argument("--json", action="store_const", const="json", dest="format", help=argparse.SUPPRESS)
    test.add_argument("-x", "--exitfirst", action="store_true", help="stop after the first failed scenario")
    test.add_argument("-k", metavar="EXPRESSION", dest="keyword",
                      help="only scenarios whose name or file matches: words with and, or, not, ( )")
    test.add_argument("--ask", action="store_true",
                      help="when a step needs an answer its choose: list doesn't give, ask at the terminal")
    parse = command("parse", "print the AST of an Oracle text or a rules file", "")
    parse.add_argument("text", nargs="*", metavar="TEXT")
    parse.add_argument("--file", help="a rules file (.mtgr)")
    parse.add_argument("--as", dest="as_", choices=["card", "effect", "command"], default="card",
                       help="read TEXT as a line of card text (default), effect text, or a scenario command")
    parse.add_argument("--name", help="the card's name, which its text may use to mean itself")
    lint = command("lint", "check rules, set and scenario files (exit 0 clean, 1 findings, 2 usage)",
                   "files or folders (default: the [tool.mtgrules] folders)")
    lint.add_argument("--select", metavar="CODES", help="only these codes or prefixes, comma-separated (E2,W501)")
    lint.add_argument("--ignore", metavar="CODES", help="leave out these codes or prefixes, comma-separated")
    coverage = command("coverage", "how much of the card text in set or JSON Lines files parses, and how much "
                       "of it runs", "set files or JSON Lines files (default: [tool.mtgrules] sets)")
    coverage.add_argument("--json", action="store_const", const="json", dest="format", help=argparse.SUPPRESS)
    coverage.add_argument("--limit", type=int, default=25,
                          help="how many groups of lines not parsed, and not running, to show")
    command("reference", "print the DSL reference (steps, conditions, slots, codes) as Markdown", "")
    command("rules", "list the loaded mechanics with rule numbers and reminder text",
            "extra rules files or folders to load")
    convert = command("convert", "write a Magic Set Editor set (.mse-set) or a Cockatrice database (.xml) in the "
                      "project's YAML set format (exit 1 when a card has an error; --mechanics: the rules files "
                      "the set needs, loaded and listed under mechanics:)", "")
    convert.add_argument("path", metavar="PATH")
    convert.add_argument("-o", "--output", metavar="OUT", help="the YAML file to write (default: standard output)")
    command("lsp", "a language server over stdio for .mtgr rules files and set and scenario YAML (diagnostics, "
            "completion, hover; needs the extra mtgrules[lsp])", "")
    simulate = command("simulate", "play many games of a set between two decks and report win rates, game "
                       "length, what fired and every error with its replay (exit 1 when a game had an error)", "")
    games_options(simulate)
    simulate.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    simulate.add_argument("--jobs", type=int, default=1, help="processes (or Ray CPUs) to play on (default 1)")
    simulate.add_argument("--players", choices=["heuristic", "random"], default="heuristic",
                          help="the computer players (default heuristic)")
    simulate.add_argument("--backend", choices=["local", "ray"], default="local",
                          help="local processes, or a Ray cluster (the extra mtgrules[ray])")
    simulate.add_argument("--address", help="the Ray cluster to connect to, as Ray's tools take it (default: "
                          "start a local one)")
    simulate.add_argument("--json", action="store_const", const="json", dest="format", help=argparse.SUPPRESS)
    simulate.add_argument("--plot", metavar="DIR", help="write win-rates.png and game-length.png there "
                          "(the extra mtgrules[plot])")
    simulate.add_argument("--replays", metavar="DIR", default="mtgrules-replays",
                          help="where the replay file of each game with an error goes (default mtgrules-replays)")
    replay = command("replay", "replay a game file that simulate wrote (a scenario), showing where and why it "
                     "stops", "")
    replay.add_argument("file", metavar="FILE")
    play = command("play", "play a set against the heuristic player in the terminal, seeing only your view", "")
    games_options(play)
    return parser


def _games_command(name: str):
    """simulate, replay and play live in simulate_cli.py, imported when run."""
    def run(args: argparse.Namespace) -> int:
        from . import simulate_cli
        return getattr(simulate_cli, f"cmd_{name}")(args)
    return run


def games_options(parser: argparse.ArgumentParser) -> None:
    """The set, the decks and the seed, as simulate and play take them."""
    parser.add_argument("set", metavar="SET", help="the set file (YAML, MTGJSON, .mse-set or Cockatrice XML)")
    parser.add_argument("--deck", action="append", metavar="FILE",
                        help="a deck list, lines of 'N Card Name' (twice: deck A, deck B; none: sealed-like "
                             "decks from the set)")
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        try:
            code = args.func(args)
            if not sys.stdout.closed:   # the language server's stream closes with the editor
                sys.stdout.flush()
            return code
        except Usage as exc:
            print(f"mtgrules {args.command}: {exc}", file=sys.stderr)
            return USAGE
        except MtgError as exc:
            print(exc.diagnostic.render(), file=sys.stderr)
            return USAGE if exc.diagnostic.code == "E002" else 1
    except BrokenPipeError:
        _quiet_stdout()
        return CLOSED_PIPE
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug of ours: say so in one line, never a traceback
        print(f"mtgrules: internal error: {type(exc).__name__}: {exc} "
              "(please report it with the command you ran)", file=sys.stderr)
        return 3


def _quiet_stdout() -> None:
    """After the reader went away, point stdout at /dev/null so that the flush at exit can't fail too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no real file (a test's capture)
        pass
