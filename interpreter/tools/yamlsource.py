"""Safe YAML loading that remembers where each mapping and list started.

Never constructs arbitrary objects (SafeLoader only); a syntax error becomes
a diagnostic with file, line and column.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

import yaml

from ..diagnostics import Span, decode, error

#: Where a value sits in the file: 1-based line and column, and its length on that line.
Position = tuple[int, int, int]


class LineDict(dict):
    """A mapping that knows its line in the file (1-based), and where each of its keys and values sits."""

    line: int = 0
    keys_at: dict
    values_at: dict


class LineList(list):
    """A list that knows its line, and where each of its items sits (a flow list `[a, b]` may span lines)."""

    line: int = 0
    items_at: list


def _position(node: yaml.Node, text: str) -> Position:
    start, end = node.start_mark, node.end_mark
    if end.line == start.line:
        length = end.column - start.column
    else:  # a value over several lines: up to the end of its first line
        line_end = text.find("\n", start.index)
        length = (line_end if line_end >= 0 else len(text)) - start.index
    return start.line + 1, start.column + 1, max(1, length)


def _mapping(loader, node: yaml.MappingNode) -> LineDict:
    value = LineDict(loader.construct_mapping(node, deep=True))
    value.line = node.start_mark.line + 1
    value.keys_at, value.values_at = {}, {}
    for key_node, value_node in node.value:
        try:
            key = loader.construct_object(key_node, deep=True)
            value.keys_at.setdefault(key, _position(key_node, loader.text))
            value.values_at.setdefault(key, _position(value_node, loader.text))
        except TypeError:  # an unhashable key: construct_mapping has refused it already
            continue
    return value


def _sequence(loader, node: yaml.SequenceNode) -> LineList:
    value = LineList(loader.construct_sequence(node, deep=True))
    value.line = node.start_mark.line + 1
    value.items_at = [_position(item, loader.text) for item in node.value]
    return value


def _loader(base: type) -> type:
    """A safe loader on this parser whose mappings and lists carry their positions in the text."""
    class Loader(base):
        def __init__(self, text: str) -> None:
            super().__init__(text)
            self.text = text

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)
    return Loader


#: libyaml's parser where PyYAML has it (ten times faster: a custom set's file, a run's scenario files); PyYAML's
#: own parser words a syntax error better (it names the character or alias it found), so a file libyaml refuses
#: is read again by it for the message.
_FAST = _loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
_WORDED = _loader(yaml.SafeLoader)


def position_at(document: object, path: Iterable[object], key: bool = False) -> Position | None:
    """Where the value at `path` (keys and indexes from the document's top) sits; with `key`, where the
    last key itself sits. None when the path leaves what was loaded."""
    container, found = document, None
    steps = list(path)
    for n, step in enumerate(steps):
        if isinstance(container, LineDict) and step in container:
            table = container.keys_at if key and n == len(steps) - 1 else container.values_at
            found = table.get(step, found)
            container = container[step]
        elif isinstance(container, LineList) and isinstance(step, int) and 0 <= step < len(container):
            found = container.items_at[step] if step < len(container.items_at) else found
            container = container[step]
        else:
            return None
    return found


MAX_NODES = 200_000   # what a document may hold once its aliases are expanded
MAX_FILE_BYTES = 20_000_000


#: The text of data files open in an editor, by resolved path: read instead of what is saved (the language
#: server sets it, so a scenario is checked against the set being edited beside it).
OPEN_BUFFERS: dict[Path, str] = {}


def read_text(path: Path, what: str = "file") -> str:
    """A data file's text: what an editor holds of it, or a regular file, at most MAX_FILE_BYTES (not
    /dev/zero, not a folder), in UTF-8 (otherwise an MtgError at the first byte that isn't)."""
    if OPEN_BUFFERS and path.resolve() in OPEN_BUFFERS:
        return OPEN_BUFFERS[path.resolve()]
    if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
        raise OSError(f"{path} is not a regular file of at most {MAX_FILE_BYTES // 1_000_000} MB")
    return decode(path.read_bytes(), str(path), what)


def read_documents(path: Path) -> tuple[list[object], list[str]]:
    """A YAML file's documents (empty ones left out) and its lines; an MtgError when it can't be read."""
    try:
        text = read_text(path)
    except OSError as exc:
        raise error("E001", f"can't read {path}: {exc}", Span(str(path), 1, 1)) from None
    return [d for d in load_documents(text, str(path)) if d is not None], text.splitlines()


def _documents(text: str) -> list[object]:
    """The text's documents by the fast parser; where it refuses the text, the error PyYAML's parser words."""
    try:
        return list(yaml.load_all(text, Loader=_FAST))
    except yaml.YAMLError:
        if _FAST is not _WORDED:
            list(yaml.load_all(text, Loader=_WORDED))
        raise


def load_documents(text: str, file: str) -> list[object]:
    """Every YAML document in the text, mappings and lists carrying their line. Aliases that expand
    beyond MAX_NODES values (a 'billion laughs' file) are refused rather than walked."""
    try:
        documents = _documents(text)
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

