"""Schema errors of scenario and set files in a designer's words, at the line and column of the value.

jsonschema's own messages show regular expressions and Python values ("True is not valid under any of
the given schemas"); these say what was expected, what YAML read, and how to write it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

import jsonschema

from ..diagnostics import MtgError, Span, did_you_mean
from ..game.mana import parse_cost, parse_pool
from .yamlsource import line_of, locate, position_at

_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "a mapping (key: value)", "null": "null"}


@dataclass(frozen=True)
class Problem:
    """One structure problem: the message, where it is, and a hint."""

    message: str
    line: int
    column: int | None = None      # None: find `needle` on or after `line`
    length: int = 1
    needle: str | None = None
    help: str | None = None

    def span(self, file: str, lines: list[str]) -> Span:
        if self.column is None:
            return locate(lines, file, self.line, self.needle)
        source = lines[self.line - 1] if 0 < self.line <= len(lines) else ""
        return Span(file, self.line, self.column, source, self.length)

    def text(self) -> str:
        """The message and its hint on one line (a failed scenario's report)."""
        return f"{self.message} ({self.help})" if self.help else self.message


def schema_problems(validator: jsonschema.protocols.Validator, doc: object, lines: list[str]) -> list[Problem]:
    """Every way `doc` breaks the schema, worded and located."""
    return [problem for e in validator.iter_errors(doc) for problem in describe(e, doc, lines)]


def describe(e: jsonschema.ValidationError, doc: object, lines: list[str]) -> list[Problem]:
    """One schema error in words, at the value it is about (one for each problem inside the branch of a
    oneOf/anyOf that fits the value)."""
    return [_describe(one, expected, doc, lines) for one, expected in _fitting_branch(e)]


def _describe(e: jsonschema.ValidationError, expected: list[str] | None, doc: object, lines: list[str]) -> Problem:
    path = list(e.absolute_path)
    where = "/".join(map(str, path))
    prefix = f"{where}: " if where else ""
    at = position_at(doc, path)
    line, column, length = at if at else (_line(doc, path), None, 1)
    needle = str(path[-1]) if path and at is None else None
    raw = _raw(lines, at) if at else None
    instance = e.instance
    if e.validator == "additionalProperties" and isinstance(instance, dict):
        known = e.schema.get("properties") or {}
        extra = next((k for k in instance if k not in known), None)
        if extra is not None:
            hint = did_you_mean(str(extra), known)
            key_at = position_at(doc, path + [extra], key=True)
            message = f"{prefix}unknown key '{extra}'" + (f" — {hint}" if hint else "")
            if key_at:
                return Problem(message, *key_at)
            return Problem(message, line_of(instance, line), needle=str(extra))
    if e.validator == "required" and isinstance(instance, dict):
        missing = next((k for k in e.validator_value if k not in instance), "?")
        return Problem(f"{prefix}the key '{missing}' is missing", line_of(instance, line), column, length, needle)
    if expected is not None or e.validator == "type":
        wanted = expected or _as_list(e.validator_value)
        message = f"{prefix}expected {_words(wanted)}, found {_found(instance, raw)}"
        # text YAML read as a value (yes, no, on, off, 701.4): quoting keeps it text; true and false were meant
        converted = isinstance(instance, (int, float)) and not isinstance(instance, bool) or (
            isinstance(instance, bool) and raw is not None and raw.lower() not in ("true", "false"))
        hint = f'write "{raw}" in quotes' if "string" in wanted and raw and converted else None
        return Problem(message, line, column, length, needle, hint)
    if e.validator == "not" and isinstance(e.validator_value, dict) and "enum" in e.validator_value:
        reserved = ", ".join(map(str, e.validator_value["enum"]))
        return Problem(f"{prefix}'{instance}' is a reserved word ({reserved}), not a name", line, column, length,
                       needle)
    if e.validator == "enum":
        options = [str(v) for v in e.validator_value]
        return Problem(f"{prefix}'{instance}' is not one of {', '.join(options)}", line, column, length, needle,
                       did_you_mean(str(instance), options))
    if e.validator == "pattern":
        message, hint = _pattern_words(e.validator_value, str(instance))
        return Problem(f"{prefix}{message}", line, column, length, needle, hint)
    simple: dict[str, Callable[[object], str]] = {
        "minLength": lambda v: "must not be empty",
        "minProperties": lambda v: "must not be empty",
        "minItems": lambda v: f"needs at least {v} item{'s' if v != 1 else ''}",
        "uniqueItems": lambda v: "lists the same item twice",
        "minimum": lambda v: f"must be at least {v}, not {instance}",
        "maximum": lambda v: f"must be at most {v}, not {instance}",
        "const": lambda v: f"must be {v!r}",
    }
    if e.validator in simple:
        return Problem(prefix + simple[e.validator](e.validator_value), line, column, length, needle)
    return Problem(prefix + e.message, line, column, length, needle)


_KINDS = ("type", "const", "enum")   # what a branch that doesn't fit the value at all fails on


def _fitting_branch(e: jsonschema.ValidationError) -> list[tuple[jsonschema.ValidationError, list[str] | None]]:
    """For a value none of a oneOf/anyOf's branches accepts: the errors inside the branch that fits the
    value (a mapping entry with bad keys), or, when no branch fits at all, the error with what the branches
    take. Any other error stands as it is."""
    if e.validator not in ("oneOf", "anyOf") or not e.context:
        return [(e, None)]
    branches: dict[int, list[jsonschema.ValidationError]] = {}
    for sub in e.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    for _, errors in sorted(branches.items()):
        if not any(sub.validator in _KINDS and not sub.relative_path for sub in errors):
            return [found for sub in errors for found in _fitting_branch(sub)]
    wanted = [word for errors in branches.values() for sub in errors if not sub.relative_path
              for word in _wanted(sub)]
    return [(e, list(dict.fromkeys(wanted)))]


def _wanted(sub: jsonschema.ValidationError) -> list[str]:
    """What a branch takes, as the words of `_words`: a type's name, or a value written as YAML writes it."""
    if sub.validator == "type":
        return _as_list(sub.validator_value)
    if sub.validator == "const":
        return [json.dumps(sub.validator_value)]
    if sub.validator == "enum":
        return [json.dumps(v) if not isinstance(v, str) else v for v in sub.validator_value]
    return []


def _as_list(value: object) -> list[str]:
    return list(value) if isinstance(value, list) else [str(value)]


def _words(types: list[str]) -> str:
    words = [_TYPE_WORDS.get(t, t) for t in types]
    return " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]


def _found(instance: object, raw: str | None) -> str:
    """What YAML read, with the text it read it from when they differ (yes is read as true)."""
    if isinstance(instance, bool):
        read = "true" if instance else "false"
        return f"{raw}, which YAML reads as {read}" if raw and raw != read else read
    if instance is None:
        return "nothing"
    if isinstance(instance, (int, float)):
        return f"the number {raw or instance}"
    if isinstance(instance, str):
        return f"the text '{instance}'"
    return "a list" if isinstance(instance, list) else "a mapping"


def _raw(lines: list[str], at: tuple[int, int, int]) -> str | None:
    line, column, length = at
    return lines[line - 1][column - 1:column - 1 + length].strip() if 0 < line <= len(lines) else None


def _line(doc: object, path: list) -> int:
    """The line of the deepest container on the path that knows its line."""
    container, line = doc, line_of(doc)
    for key in path:
        try:
            container = container[key]
        except (KeyError, IndexError, TypeError):
            break
        line = line_of(container, line)
    return line


def _mana_words(parse: Callable[[str], object], example: str) -> Callable[[str], tuple[str, str | None]]:
    def explain(value: str) -> tuple[str, str | None]:
        try:
            parse(value)
        except MtgError as exc:
            return exc.diagnostic.message, exc.diagnostic.help
        return f"'{value}' is not written like {example}", None
    return explain


#: The schemas' patterns, in words (by the pattern's text; a pattern not listed is described generally).
_PATTERNS: dict[str, Callable[[str], tuple[str, str | None]]] = {
    r"^(\{([0-9]+|[WUBRGC])\})*$": _mana_words(parse_pool, "mana a player can have, such as {2}{G}"),
    r"^(\{[0-9A-Z/]+\})*$": _mana_words(parse_cost, "a mana cost, such as {1}{U}"),
    r"^[0-9]{3}(\.[0-9]+[a-z]?)?$": lambda v: (f"'{v}' is not a rule number", 'write it like "701.4b", in quotes'),
    r"^[a-z][a-z0-9_]*$": lambda v: (f"'{v}' is not a player name",
                                     "a name is lowercase letters, digits and _, starting with a letter"),
}


def _pattern_words(pattern: str, value: str) -> tuple[str, str | None]:
    explain = _PATTERNS.get(pattern)
    return explain(value) if explain else (f"'{value}' is not written the way this key takes", None)
