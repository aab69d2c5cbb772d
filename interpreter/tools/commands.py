"""The `mtgrules` subcommands: each collects its result and hands it to a renderer of output.py.

Imports of the engine are inside the commands, so `mtgrules --version` and usage errors answer at once.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..diagnostics import CODES, MtgError
from .config import Settings, find_settings
from .output import is_terminal, painter, write

USAGE = 2
NOTHING = 5   # nothing was collected (pytest's code)


class Usage(Exception):
    """A usage error: the command line or the project's settings can't be used (exit 2)."""


def settings_of(args: argparse.Namespace) -> Settings:
    """The project's settings with the command line's --mechanics; a usage error for rules folders that
    aren't there (every command loads them)."""
    settings = find_settings().with_mechanics(args.mechanics)
    for path in settings.mechanics:
        if not path.exists():
            where = f" (named in {settings.file})" if path not in {Path(p).resolve() for p in args.mechanics} else ""
            raise Usage(f"no such rules file or folder: {_shown(path)}{where}")
    return settings


def verbosity(args: argparse.Namespace) -> int:
    return args.verbose - args.quiet


def _paths(args: argparse.Namespace, configured: tuple[Path, ...], what: str) -> list[Path]:
    """The paths given, else those the project's settings name; a usage error when neither has any."""
    paths = [Path(p) for p in args.paths] or [_shown(p) for p in configured]
    if not paths:
        raise Usage(f"give {what}, or name them in [tool.mtgrules] of your pyproject.toml")
    return paths


def _shown(path: Path) -> Path:
    """A configured (absolute) path as the user would write it: relative to the current folder when under it."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def _missing(paths: list[Path]) -> None:
    for path in paths:
        if not path.exists():
            raise Usage(f"no such file or folder: {path}")


def cmd_test(args: argparse.Namespace) -> int:
    from .collect import cases, keyword_filter
    from .output import outcome_text, outcomes_json, outcomes_junit, summary
    from .scenario import Runner
    settings = settings_of(args)
    paths = _paths(args, settings.scenarios, "scenario files or folders")
    _missing(paths)
    try:
        keep = keyword_filter(args.keyword) if args.keyword is not None else None
    except ValueError as exc:
        raise Usage(str(exc)) from None
    ask = None
    if args.ask:
        from ..game.choices import InteractiveChooser
        ask = InteractiveChooser()
    found = cases(paths)
    selected = [c for c in found if keep is None or keep(c)]
    if not selected:
        print(f"mtgrules test: no scenarios {'match -k ' + repr(args.keyword) if found else 'found'} under "
              f"{', '.join(map(str, paths))}", file=sys.stderr)
        return NOTHING
    runner = Runner(ask, settings.mechanics)
    paint, level, text = painter(sys.stdout), verbosity(args), args.format == "text"
    started, timed = time.perf_counter(), []
    for case in selected:
        began = time.perf_counter()
        outcome = case.run(runner)
        timed.append((outcome, time.perf_counter() - began))
        if text and (level >= 0 or (level == -1 and not outcome.passed)):
            write(outcome_text(outcome, level, paint))
        if args.exitfirst and not outcome.passed:
            if len(timed) < len(selected):
                print(f"mtgrules test: stopped after the first failure (-x); {len(selected) - len(timed)} "
                      "not run", file=sys.stderr)
            break
    outcomes, seconds = [o for o, _ in timed], time.perf_counter() - started
    if args.format == "json":
        write(outcomes_json(outcomes, seconds))
    elif args.format == "junit":
        write(outcomes_junit(timed, seconds))
    else:
        write(summary(outcomes))
    return 0 if all(o.passed for o in outcomes) else 1


def cmd_parse(args: argparse.Namespace) -> int:
    from ..language.checks import check_text
    from ..language.printing import as_data, dump
    from ..language.rulebook import Rulebook
    settings = settings_of(args)
    as_json, quiet = args.format == "json", verbosity(args) < 0
    if args.file:
        path = Path(args.file)
        _missing([path])
        try:  # the file stands for a bundled one of its name (parse --file rules/701.61-forage.mtgr)
            book = Rulebook.load(list(settings.mechanics) + [path])
        except MtgError as exc:
            if not as_json:
                raise
            write(json.dumps({"definitions": None, "diagnostics": [exc.diagnostic.as_json()]}, indent=2))
            return 1
        mine = [d for d in book.definitions() if d.span and Path(d.span.file).resolve() == path.resolve()]
        if as_json:
            write(json.dumps({"definitions": [as_data(d) for d in mine], "diagnostics": []}, indent=2))
        elif not quiet:
            for definition in mine:
                write(dump(definition))
        return 0
    if not args.text:
        raise Usage("give a TEXT or --file F")
    book = Rulebook.load(settings.mechanics)
    text = " ".join(args.text)
    try:
        if args.as_ == "card":
            node = book.parse_card_line(text, args.name or "", "<text>")
        else:
            node = book.parse(text, {"effect": "effect_text", "command": "command"}[args.as_])
    except MtgError as exc:
        if not as_json:
            raise
        write(json.dumps({"ast": None, "diagnostics": [exc.diagnostic.as_json()]}, indent=2))
        return 1
    problems = check_text(node, book)
    if as_json:
        write(json.dumps({"ast": as_data(node), "diagnostics": [d.as_json() for d in problems]}, indent=2))
        return 1 if problems else 0
    if not quiet:
        write(dump(node))
    paint = painter(sys.stderr)
    for d in problems:
        print(d.render(paint), file=sys.stderr)
    return 1 if problems else 0


def _codes(text: str | None, option: str) -> list[str]:
    """The codes or prefixes of --select/--ignore; a usage error for one that names no code."""
    codes = [c.strip().upper() for c in (text or "").split(",") if c.strip()]
    for code in codes:
        if not any(known.startswith(code) for known in CODES):
            raise Usage(f"unknown code '{code}' in {option}; the codes are {', '.join(CODES)} (or a prefix of "
                        "them: E, W, E2, ...)")
    return codes


def cmd_lint(args: argparse.Namespace) -> int:
    from .lint import lint_paths
    from .output import findings_github, findings_json, findings_text
    settings = settings_of(args)
    select, ignore = _codes(args.select, "--select"), _codes(args.ignore, "--ignore")
    paths = _paths(args, settings.mechanics + settings.sets + settings.scenarios, "rules, set or scenario files")
    findings = [d for d in lint_paths(paths, settings.mechanics)
                if (not select or any(d.code.startswith(c) for c in select))
                and not any(d.code.startswith(c) for c in ignore)]
    if args.format == "json":
        write(findings_json(findings))
    elif args.format == "github":
        for line in findings_github(findings):
            write(line)
    else:
        for block in findings_text(findings, verbosity(args), painter(sys.stdout)):
            write(block)
    return 1 if findings else 0  # exit 0 clean, 1 findings (--ignore W passes with warnings), 2 usage


def cmd_rules(args: argparse.Namespace) -> int:
    from ..language.rulebook import Rulebook
    from .mechanic_index import index_markdown, mechanic_index
    settings = settings_of(args)
    extra = [Path(p) for p in args.paths]
    _missing(extra)
    book = Rulebook.load(list(settings.mechanics) + extra)
    definitions = {(d.span.file, d.span.line) if d.span else d.name: d for d in book.definitions()}
    entries = mechanic_index(book)
    if args.format == "markdown":
        write(index_markdown(entries).rstrip("\n"))
        return 0
    if args.format == "json":
        write(json.dumps([{"name": definitions[(e.file, e.line)].name, "pattern": e.name, "kind": e.kind,
                           "option": definitions[(e.file, e.line)].option_name,
                           "rules": list(definitions[(e.file, e.line)].rules),
                           "reminder": definitions[(e.file, e.line)].reminder, "runs": e.runs, "why_not": e.why,
                           "file": e.file, "line": e.line} for e in entries], indent=2))
        return 0
    level = verbosity(args)
    for e in entries:
        d = definitions[(e.file, e.line)]
        write(f"{e.rule:10} {e.name}  [{e.kind}" + (f": {d.option_name}" if d.option_name else "") + "]"
              + ("" if e.runs else "  (not run)") + (f"  {e.file}:{e.line}" if level > 0 and e.file else ""))
        if e.why and level >= 0:
            write(f"{'':10} not run: {e.why}")
        elif d.reminder and level >= 0:
            write(f"{'':10} {d.reminder}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from ..language.rulebook import Rulebook
    from .coverage import jsonl_lines, measure, render
    from .sets import read_set, set_lines
    settings = settings_of(args)
    paths = _paths(args, settings.sets, "set files or JSON Lines files")
    _missing(paths)
    lines, mechanics = [], list(settings.mechanics)
    for path in paths:
        if path.suffix == ".jsonl":
            lines.extend(jsonl_lines(path))
        else:  # the set's own mechanics load too
            found = read_set(path)
            mechanics.extend(Path(m) for m in found.mechanics)
            lines.extend(set_lines(found))
    if not lines:
        print(f"mtgrules coverage: no card text in {', '.join(map(str, paths))}", file=sys.stderr)
        return NOTHING
    book = Rulebook.load(mechanics)
    as_json = args.format == "json"
    result = measure(book, lines, progress=not as_json and verbosity(args) >= 0 and is_terminal(sys.stderr))
    if as_json:
        write(json.dumps(result.as_json(), indent=2))
    else:
        text = render(result, 10 ** 9 if verbosity(args) > 0 else args.limit)
        write(text.splitlines()[0] if verbosity(args) < 0 else text)
    return 0


def cmd_reference(args: argparse.Namespace) -> int:
    from ..language.rulebook import Rulebook
    from .reference import generate, reference_data
    book = Rulebook.load(settings_of(args).mechanics)
    if args.format == "json":
        write(json.dumps(reference_data(book), indent=2))
    else:
        print(generate(book), end="")
    return 0


def cmd_convert(args: argparse.Namespace) -> int:
    from .convert import convert
    _missing([Path(args.path)] + [Path(m) for m in args.mechanics])
    out = Path(args.output) if args.output else None
    text, problems = convert(Path(args.path), out, [Path(m) for m in args.mechanics])
    for d in problems:
        print(d.render(), file=sys.stderr)
    if out is None:
        print(text, end="")
    else:
        out.write_text(text, encoding="utf-8")
    return 1 if any(d.severity == "error" for d in problems) else 0


def cmd_lsp(args: argparse.Namespace) -> int:
    try:
        from .lsp import serve
    except ImportError as exc:
        raise Usage(f"needs pygls ({exc}): pip install 'mtgrules[lsp]'") from None
    return serve()

