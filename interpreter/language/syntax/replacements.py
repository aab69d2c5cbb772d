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

    def replace_damage(self, meta, children):
        """614.1a, 615.10: 'If SOURCE would deal [combat] damage [to RECIPIENTS], CHANGE'."""
        sources, combat, recipients, change = children
        return ast.ReplaceDamage((sources,), recipients, "combat" if combat else None, change, span=self._span(meta))

    def prevent_static(self, meta, children):
        """615.1a: a static ability preventing all damage of a kind, to and by whom it says."""
        _, kind, recipients, sources = children
        return ast.ReplaceDamage(sources, recipients, str(kind).lower() if kind else None,
                                 ast.DamageChange(prevents=True, span=self._span(meta)), span=self._span(meta))

    def unpreventable(self, meta, children):
        """615.12: damage [from sources it names] can't be prevented."""
        return ast.ReplaceDamage(children[0], None, None, None, span=self._span(meta))

    def damage_parties(self, meta, children):
        return tuple(children)

    def any_party(self, meta, children):
        return None

    def prevent_some(self, meta, children):
        count = children[0]
        if not isinstance(count, (ast.IntValue, ast.Var)):
            raise MtgError(Diagnostic("E101", "the damage a static ability prevents is a fixed number (or a keyword's "
                                      "number, 'Absorb {n}')", self._span(meta), "615.10"))
        return ast.DamageChange(count, prevents=True, span=self._span(meta))

    def prevent_all_of_it(self, meta, children):
        return ast.DamageChange(prevents=True, span=self._span(meta))

    def deals_multiplied(self, meta, children):
        return ast.DamageChange(times=children[0], span=self._span(meta))

    def deals_changed(self, meta, children):
        sign = 1 if str(children[0]).lower() == "plus" else -1
        return ast.DamageChange(plus=sign * int(children[1]), span=self._span(meta))

    def counted_card(self, meta, children):
        """'a card': one card, of any quality (108.2b: not a token)."""
        return self.counted_subject(meta, [children[0], ast.Quality(("card",), card=True, span=self._span(meta)), None])
