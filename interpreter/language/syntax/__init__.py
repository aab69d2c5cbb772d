"""Text to AST: source text, the Lark parse and its errors, the transformer by family, joining sentences."""

from .parsing import parse_tree, syntax_error, transform
from .sentences import intervening_if, join_otherwise, no_unnamed_their
from .source import SourceText, mask_names, own_names, strip_reminder
from .transformer import ToAst

__all__ = [
    "SourceText",
    "ToAst",
    "intervening_if",
    "join_otherwise",
    "no_unnamed_their",
    "mask_names",
    "own_names",
    "parse_tree",
    "strip_reminder",
    "syntax_error",
    "transform",
]
