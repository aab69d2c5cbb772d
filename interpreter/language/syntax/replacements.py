"""Tree to AST for replacement effects of static abilities (614.1a)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast


@v_args(meta=True)
class ReplacementRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def replace_event(self, meta, children):
        """614.1a: the event, in the words of a trigger event ('would die' is what 'dies' names)."""
        subject, (event, fields), effect = children
        return ast.ReplaceEvent(self._subject_trigger(subject, event, fields, meta), effect, span=self._span(meta))

    def counted_subject(self, meta, children):
        """'a creature [you control | an opponent controls]': one object of the quality (603.2)."""
        count, quality, control = children
        if not (isinstance(count, ast.IntValue) and count.value == 1):
            raise MtgError(Diagnostic("E101", "a replacement effect's event is about one object ('a', 'an')",
                                      self._span(meta), "614.1a"))
        return ast.SubjectFilter(quality, control == "you", control, span=self._span(meta))
