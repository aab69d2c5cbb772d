"""The `mtgrules` command: test, parse, lint, rules."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .diagnostics import MtgError


def cmd_test(args: argparse.Namespace) -> int:
    from .scenario import run_paths
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"mtgrules test: no such file or folder: {missing[0]}", file=sys.stderr)
        return 2
    outcomes, seconds = run_paths([Path(p) for p in args.paths])
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
    from .rulebook import Rulebook
    from .printing import dump
    if args.file:
        from .rulebook import rules_files
        book = Rulebook()
        book.load_files(rules_files([Path("__bundled__")]) if False else [])
        book = Rulebook.load([])
        book2 = Rulebook()
        from .grammar import resource_dir
        book2.load_files(sorted(set(rules_files([resource_dir("rules")])) | {Path(args.file)}))
        if book2.report.errors:
            for d in book2.report.errors:
                print(d.render(), file=sys.stderr)
            return 1
        for name, definition in book2.keyword_actions.items():
            if definition is not None and definition.span and Path(definition.span.file) == Path(args.file):
                print(dump(definition))
        for definitions in book2.special_actions.values():
            for definition in definitions:
                if definition.span and Path(definition.span.file) == Path(args.file):
                    print(dump(definition))
        return 0
    book = Rulebook.load()
    text = " ".join(args.text)
    start = {"card": "ability", "effect": "effect_text", "command": "command"}[args.as_]
    print(dump(book.parse_card_line(text, "") if start == "ability" else book.parse(text, start)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mtgrules", description="Rules-as-data interpreter for Magic: The Gathering keyword actions.")
    sub = parser.add_subparsers(dest="command", required=True)
    test = sub.add_parser("test", help="run scenario files")
    test.add_argument("paths", nargs="+")
    test.add_argument("--json", action="store_true", help="print the results as one JSON document")
    test.add_argument("-v", "--verbose", action="store_true", help="also show card text warnings")
    test.set_defaults(func=cmd_test)
    parse = sub.add_parser("parse", help="print the AST of a text or a rules file")
    parse.add_argument("text", nargs="*")
    parse.add_argument("--file", help="a rules file")
    parse.add_argument("--as", dest="as_", choices=["card", "effect", "command"], default="card")
    parse.set_defaults(func=cmd_parse)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except MtgError as exc:
        print(exc.diagnostic.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
