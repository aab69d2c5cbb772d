"""What the commands print, one function per format: text (colored only on a terminal), JSON, GitHub
annotations for findings, JUnit XML for scenario results. Commands collect; these only write.
"""
from __future__ import annotations

import json
import os
import sys
from typing import TextIO
from xml.etree import ElementTree

from ..diagnostics import Diagnostic, Paint, plain
from .scenario import Outcome

_COLORS = {"error": "1;31", "warning": "1;33", "location": "1", "help": "36", "gutter": "34",
           "pass": "32", "fail": "1;31"}


def wants_color(stream: TextIO) -> bool:
    """Colors only on a terminal; NO_COLOR (any value) turns them off and FORCE_COLOR on, NO_COLOR first
    (https://no-color.org, https://force-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return is_terminal(stream) and os.environ.get("TERM") != "dumb"


def is_terminal(stream: TextIO) -> bool:
    """Whether a person watches the stream (not a pipe, a file or a CI log)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or no real file
        return False


def painter(stream: TextIO) -> Paint:
    """A Paint that colors for `stream` when it wants colors, else leaves text plain."""
    if not wants_color(stream):
        return plain
    return lambda role, text: f"\033[{_COLORS[role]}m{text}\033[0m" if role in _COLORS else text


def write(text: str, stream: TextIO | None = None) -> None:
    print(text, file=stream or sys.stdout, flush=True)


# ------------------------------------------------------------ findings (lint)
def findings_text(findings: list[Diagnostic], verbosity: int, paint: Paint) -> list[str]:
    """Each finding with its line and caret, then the counts; -q: one line each, no counts; -qq: nothing."""
    if verbosity <= -2:
        return []
    if verbosity == -1:
        return [d.headline(paint) for d in findings]
    errors = sum(d.severity == "error" for d in findings)
    return [d.render(paint) for d in findings] + [f"{errors} error(s), {len(findings) - errors} warning(s)"]


def findings_json(findings: list[Diagnostic]) -> str:
    return json.dumps([d.as_json() for d in findings], indent=2)


def _escape(value: str, property_: bool = False) -> str:
    """GitHub workflow-command escaping (data: %, CR, LF; a property also ':' and ',')."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return value.replace(":", "%3A").replace(",", "%2C") if property_ else value


def findings_github(findings: list[Diagnostic]) -> list[str]:
    """One `::error` / `::warning` workflow command per finding: GitHub shows it on the line in a pull request."""
    out = []
    for d in findings:
        level = "error" if d.severity == "error" else "warning"
        props = []
        if d.span is not None:
            props += [f"file={_escape(d.span.file, True)}", f"line={d.span.line}", f"col={d.span.column}",
                      f"endColumn={d.span.column + max(1, d.span.length)}"]
        props.append(f"title={_escape(d.code, True)}")
        message = d.message + (f" (rule {d.rule})" if d.rule and d.rule not in d.message else "")
        message += f"\nhelp: {d.help}" if d.help else ""
        out.append(f"::{level} {','.join(props)}::{_escape(message)}")
    return out


# ------------------------------------------------------------ scenario results (test)
def outcome_text(outcome: Outcome, verbosity: int = 0, paint: Paint = plain) -> str:
    """`PASS name (file:line)`, or FAIL with the first expectation that did not hold; -v adds the warnings
    (card text not understood). The pytest plugin reports a failure with the same text."""
    label = paint("pass", "PASS") if outcome.passed else paint("fail", "FAIL")
    lines = [f"{label} {outcome.name} ({outcome.file}:{outcome.line})"]
    if not outcome.passed:
        lines.append("  " + outcome.message.replace("\n", "\n  "))
    for warning in outcome.warnings if verbosity > 0 else ():
        lines.append("  " + warning.render(paint).replace("\n", "\n  "))
    return "\n".join(lines)


def summary(outcomes: list[Outcome]) -> str:
    passed = sum(o.passed for o in outcomes)
    return f"{passed} passed, {len(outcomes) - passed} failed"


def outcomes_json(outcomes: list[Outcome], seconds: float) -> str:
    passed = sum(o.passed for o in outcomes)
    return json.dumps({"scenarios": [o.as_json() for o in outcomes], "passed": passed,
                       "failed": len(outcomes) - passed, "seconds": round(seconds, 3)}, indent=2)


def outcomes_junit(timed: list[tuple[Outcome, float]], seconds: float) -> str:
    """JUnit XML (the format CI servers read): one testcase per scenario, a failure with its report."""
    failures = sum(not o.passed for o, _ in timed)
    counts = {"tests": str(len(timed)), "failures": str(failures), "errors": "0", "skipped": "0",
              "time": f"{seconds:.3f}"}
    root = ElementTree.Element("testsuites", name="mtgrules", **counts)
    suite = ElementTree.SubElement(root, "testsuite", name="mtgrules scenarios", **counts)
    for outcome, taken in timed:
        classname = outcome.file.rsplit(".", 1)[0].replace("/", ".").replace("\\", ".").strip(".")
        case = ElementTree.SubElement(suite, "testcase", classname=classname, name=outcome.name, file=outcome.file,
                                      line=str(outcome.line), time=f"{taken:.3f}")
        if not outcome.passed:
            message = _xml_text(outcome.message)
            failure = ElementTree.SubElement(case, "failure", message=(message.splitlines() or [""])[0][:500],
                                             type="scenario")
            failure.text = message
        if outcome.warnings:
            ElementTree.SubElement(case, "system-out").text = _xml_text("\n".join(w.render() for w in outcome.warnings))
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ElementTree.tostring(root, encoding="unicode")


def _xml_text(text: str) -> str:
    """Text XML 1.0 can hold: control characters other than tab and newline become U+FFFD."""
    return "".join(c if c in "\t\n\r" or ord(c) >= 32 else "\ufffd" for c in text)
