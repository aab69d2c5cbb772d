"""Safe YAML loading that remembers where each mapping and list started.

Never constructs arbitrary objects (SafeLoader only); a syntax error becomes
a diagnostic with file, line and column.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..diagnostics import Span, error


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


MAX_NODES = 200_000   # what a document may hold once its aliases are expanded
MAX_FILE_BYTES = 20_000_000


#: The text of data files open in an editor, by resolved path: read instead of what is saved (the language
#: server sets it, so a scenario is checked against the set being edited beside it).
OPEN_BUFFERS: dict[Path, str] = {}


def read_text(path: Path) -> str:
    """A data file's text: a regular file, at most MAX_FILE_BYTES (not /dev/zero, not a folder), or what an
    editor holds of it."""
    if OPEN_BUFFERS and path.resolve() in OPEN_BUFFERS:
        return OPEN_BUFFERS[path.resolve()]
    if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
        raise OSError(f"{path} is not a regular file of at most {MAX_FILE_BYTES // 1_000_000} MB")
    return path.read_text(encoding="utf-8")


def load_documents(text: str, file: str) -> list[object]:
    """Every YAML document in the text, mappings and lists carrying their line. Aliases that expand
    beyond MAX_NODES values (a 'billion laughs' file) are refused rather than walked."""
    try:
        documents = list(yaml.load_all(text, Loader=_Loader))
        for document in documents:
            if _size(document, MAX_NODES) > MAX_NODES:
                raise error("E100", f"the document is too large once its anchors and aliases are expanded "
                            f"(more than {MAX_NODES} values)", Span(file, line_of(document), 1))
        return documents
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        column = mark.column + 1 if mark else 1
        lines = text.splitlines()
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        raise error("E100", f"YAML syntax: {exc.problem or exc.context}", Span(file, line, column, source)) from None
    except (yaml.YAMLError, RecursionError, ValueError) as exc:
        raise error("E100", f"YAML: {exc}", Span(file, 1, 1)) from None


def _size(value: object, budget: int) -> int:
    """How many values a document holds with aliases expanded, counting no further than `budget`."""
    count, stack = 0, [value]
    while stack and count <= budget:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


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
