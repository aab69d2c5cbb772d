"""Print an AST as indented text (what `mtgrules parse` shows)."""
from __future__ import annotations

from ..diagnostics import Span
from .ast import Node


def dump(node: object, indent: int = 0) -> str:
    """Like `ast.dump(..., indent=2)`: one field per line, nested nodes indented."""
    pad = "  " * indent
    if isinstance(node, Node):
        fields = [(n, getattr(node, n)) for n in node.__dataclass_fields__ if n != "span"]
        simple = all(_simple(v) for _, v in fields)
        if simple:
            return f"{type(node).__name__}({', '.join(f'{n}={v!r}' for n, v in fields)})"
        inner = ",\n".join(f"{pad}  {n}={dump(v, indent + 1)}" for n, v in fields)
        return f"{type(node).__name__}(\n{inner})"
    if isinstance(node, tuple) and node and not _simple(node):
        inner = ",\n".join(f"{pad}  {dump(v, indent + 1)}" for v in node)
        return f"(\n{inner})"
    if isinstance(node, Span):
        return f"<{node.file}:{node.line}:{node.column}>"
    return repr(node)


def _simple(value: object) -> bool:
    """Plain values and tuples of them print on one line."""
    if isinstance(value, tuple):
        return all(_simple(v) for v in value)
    return not isinstance(value, (Node, Span))


def as_data(node: object) -> object:
    """An AST as plain JSON data (`mtgrules parse --format json`): a node is {"node": its class, field: value}."""
    if isinstance(node, Node):
        return {"node": type(node).__name__,
                **{n: as_data(getattr(node, n)) for n in node.__dataclass_fields__ if n != "span"}}
    if isinstance(node, (tuple, list)):
        return [as_data(v) for v in node]
    if isinstance(node, (frozenset, set)):
        return sorted((as_data(v) for v in node), key=repr)
    if isinstance(node, dict):
        return {str(k): as_data(v) for k, v in node.items()}
    if isinstance(node, Span):
        return {"file": node.file, "line": node.line, "column": node.column}
    if node is None or isinstance(node, (str, int, float, bool)):
        return node
    return repr(node)
