"""The `mtgrules` command: test, parse, lint, rules."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..diagnostics import MtgError


def _missing(paths: list[str], command: str) -> int | None:
    for p in paths:
        if not Path(p).exists():
            print(f"mtgrules {command}: no such file or folder: {p}", file=sys.stderr)
            return 2
    return None


def cmd_test(args: argparse.Namespace) -> int:
    from .scenario import run_paths
    if (code := _missing(args.paths, "test")) is not None:
        return code
    ask = None
    if args.ask:
        from ..game.choices import InteractiveChooser
        ask = InteractiveChooser()
    outcomes, seconds = run_paths([Path(p) for p in args.paths], ask)
    passed = sum(o.passed for o in outcomes)
    failed = len(outcomes) - passed
    if args.json:
        print(json.dumps({"scenarios": [o.as_json() for o in outcomes], "passed": passed, "failed": failed,
                          "seconds": round(seconds, 3)}, indent=2))
    else:
        for o in outcomes:
            print(f"{'PASS' if o.passed else 'FAIL'} {o.name} ({o.file}:{o.line})")
            if not o.passed:
                print("  " + o.message.replace("\n", "\n  "))
            for w in o.warnings if args.verbose else ():
                print("  " + w.render().replace("\n", "\n  "))
        print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and outcomes else 1


def cmd_parse(args: argparse.Namespace) -> int:
    from ..language.printing import dump
    from ..language.rulebook import Rulebook
    if args.file:
        if (code := _missing([args.file], "parse")) is not None:
            return code
        path = Path(args.file)
        book = Rulebook.load([path])
        for definition in book.definitions():
            if definition.span and Path(definition.span.file).resolve() == path.resolve():
                print(dump(definition))
        return 0
    if not args.text:
        print("mtgrules parse: give a TEXT or --file F", file=sys.stderr)
        return 2
    from ..language.checks import check_text
    book = Rulebook.load()
    text = " ".join(args.text)
    if args.as_ == "card":
        node = book.parse_card_line(text, args.name or "", "<text>")
    else:
        node = book.parse(text, {"effect": "effect_text", "command": "command"}[args.as_])
    print(dump(node))
    problems = check_text(node, book)
    for d in problems:
        print(d.render(), file=sys.stderr)
    return 1 if problems else 0


def _codes(text: str | None) -> list[str]:
    return [c.strip().upper() for c in (text or "").split(",") if c.strip()]


def _selected(code: str, select: str | None, ignore: str | None) -> bool:
    """--select/--ignore take codes or prefixes ('E2', 'W501'), comma-separated."""
    if select and not any(code.startswith(c) for c in _codes(select)):
        return False
    return not any(code.startswith(c) for c in _codes(ignore))


def cmd_lint(args: argparse.Namespace) -> int:
    from .lint import lint_paths
    if (code := _missing(args.paths, "lint")) is not None:
        return code
    findings = [d for d in lint_paths([Path(p) for p in args.paths]) if _selected(d.code, args.select, args.ignore)]
    if args.format == "json":
        print(json.dumps([d.as_json() for d in findings], indent=2))
    else:
        for d in findings:
            print(d.render())
        errors = sum(d.severity == "error" for d in findings)
        print(f"{errors} error(s), {len(findings) - errors} warning(s)")
    return 1 if findings else 0  # exit 0 clean, 1 findings (--ignore W passes with warnings), 2 usage


def cmd_rules(args: argparse.Namespace) -> int:
    from ..language.rulebook import Rulebook
    book = Rulebook.load([Path(p) for p in args.paths])
    for definition in sorted(book.definitions(), key=lambda d: (d.rule or "", d.name)):
        print(f"{definition.rule or '-':10} {definition.pattern.text}  [{definition.kind}"
              + (f": {definition.option_name}" if definition.option_name else "") + "]")
        if definition.reminder:
            print(f"{'':10} {definition.reminder}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from ..language.rulebook import Rulebook
    from .coverage import jsonl_lines, measure, render
    from .sets import read_set, set_lines
    if (code := _missing(args.paths, "coverage")) is not None:
        return code
    book = Rulebook.load()
    lines = []
    for path in map(Path, args.paths):
        lines.extend(jsonl_lines(path) if path.suffix == ".jsonl" else set_lines(read_set(path)))
    as_json = args.json or args.format == "json"
    result = measure(book, lines, progress=not as_json)
    print(json.dumps(result.as_json(), indent=2) if as_json else render(result, args.limit))
    return 0


def cmd_reference(args: argparse.Namespace) -> int:
    from .reference import generate
    print(generate(), end="")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mtgrules",
                                     description="Rules-as-data interpreter for Magic: The Gathering keyword actions.")
    sub = parser.add_subparsers(dest="command", required=True)
    test = sub.add_parser("test", help="run scenario files")
    test.add_argument("paths", nargs="+", metavar="PATH")
    test.add_argument("--json", action="store_true", help="print the results as one JSON document")
    test.add_argument("-v", "--verbose", action="store_true", help="also show card text warnings")
    test.add_argument("--ask", action="store_true",
                      help="when a step needs an answer its choose: list doesn't give, ask at the terminal")
    test.set_defaults(func=cmd_test)
    parse = sub.add_parser("parse", help="print the AST of an Oracle text or a rules file")
    parse.add_argument("text", nargs="*", metavar="TEXT")
    parse.add_argument("--file", help="a rules file (.mtgr)")
    parse.add_argument("--as", dest="as_", choices=["card", "effect", "command"], default="card",
                       help="read TEXT as a line of card text (default), effect text, or a scenario command")
    parse.add_argument("--name", help="the card's name, which its text may use to mean itself")
    parse.set_defaults(func=cmd_parse)
    lint = sub.add_parser("lint", help="check rules, set and scenario files (exit 0 clean, 1 findings, 2 usage)")
    lint.add_argument("paths", nargs="+", metavar="PATH")
    lint.add_argument("--format", choices=["text", "json"], default="text")
    lint.add_argument("--select", metavar="CODES", help="only these codes or prefixes, comma-separated (E2,W501)")
    lint.add_argument("--ignore", metavar="CODES", help="leave out these codes or prefixes, comma-separated")
    lint.set_defaults(func=cmd_lint)
    coverage = sub.add_parser("coverage", help="how much of the card text in set or JSON Lines files parses, "
                              "and how much of it runs")
    coverage.add_argument("paths", nargs="+", metavar="PATH")
    coverage.add_argument("--format", choices=["text", "json"], default="text",
                          help="json: the figures, the groups and each line's parsed/runs")
    coverage.add_argument("--json", action="store_true", help="the same as --format json")
    coverage.add_argument("--limit", type=int, default=25,
                          help="how many groups of lines not parsed, and not running, to show")
    coverage.set_defaults(func=cmd_coverage)
    reference = sub.add_parser("reference", help="print the DSL reference (steps, conditions, slots, codes) as Markdown")
    reference.set_defaults(func=cmd_reference)
    rules = sub.add_parser("rules", help="list the loaded mechanics with rule numbers and reminder text")
    rules.add_argument("paths", nargs="*", metavar="PATH", help="extra rules files or folders to load")
    rules.set_defaults(func=cmd_rules)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except MtgError as exc:
        print(exc.diagnostic.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug of ours: say so in one line, never a traceback
        print(f"mtgrules: internal error: {type(exc).__name__}: {exc} "
              "(please report it with the command you ran)", file=sys.stderr)
        return 3
