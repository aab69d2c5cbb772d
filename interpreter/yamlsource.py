"""Safe YAML loading that remembers where each mapping and list started.

Never constructs arbitrary objects (SafeLoader only); a syntax error becomes
a diagnostic with file, line and column.
"""
from __future__ import annotations

import yaml

import re

from .diagnostics import MtgError, Span, error


class LineDict(dict):
    """A mapping that knows its line in the file (1-based)."""

    line: int = 0


class LineList(list):
    line: int = 0


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    value = LineDict(loader.construct_mapping(node, deep=True))
    value.line = node.start_mark.line + 1
    return value


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    value = LineList(loader.construct_sequence(node, deep=True))
    value.line = node.start_mark.line + 1
    return value


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_documents(text: str, file: str) -> list[object]:
    """Every YAML document in the text, mappings and lists carrying their line."""
    try:
        return list(yaml.load_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        column = mark.column + 1 if mark else 1
        lines = text.splitlines()
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        raise error("E100", f"YAML syntax: {exc.problem or exc.context}", Span(file, line, column, source)) from None
    except (yaml.YAMLError, RecursionError, ValueError) as exc:
        raise error("E100", f"YAML: {exc}", Span(file, 1, 1)) from None


def line_of(value: object, default: int = 1) -> int:
    return getattr(value, "line", default) or default


def locate(lines: list[str], file: str, line: int, needle: str | None = None) -> Span:
    """A span at `needle` on or after `line` (a key as `needle:` first, then the text anywhere);
    the whole line when it isn't found."""
    if needle:
        key = re.compile(rf"^\s*(?:-\s*)?{re.escape(needle)}\s*:")
        for pattern in (key, None):
            for n in range(max(line, 1), len(lines) + 1):
                text = lines[n - 1]
                match = pattern.search(text) if pattern else None
                column = (text.index(needle) if match else -1) if pattern else text.find(needle)
                if column >= 0:
                    return Span(file, n, column + 1, text, len(needle))
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Span(file, line, len(text) - len(text.lstrip()) + 1, text, max(1, len(text.strip())))
