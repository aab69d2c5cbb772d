"""Safe YAML loading that remembers where each mapping and list started.

Never constructs arbitrary objects (SafeLoader only); a syntax error becomes
a diagnostic with file, line and column.
"""
from __future__ import annotations

import yaml

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
