"""What an Aura or Equipment says about the permanent it is attached to (301.5, 303.4), what enchant allows
(702.5a), and phasing out (702.26)."""

from __future__ import annotations

from lark import Transformer, v_args

from .. import ast


@v_args(meta=True)
class AttachmentRules(Transformer):
    """Lark tree -> AST for attachments."""

    def attached_only(self, meta, children):
        return ast.AttachOnly(children[-2], children[-1] is not None, span=self._span(meta))

    def attach_you_control(self, meta, children):
        return True

    def attach_quality(self, meta, children):
        """'a creature or Vehicle', 'a creature with mana value 2 or less': any one of the qualities."""
        options = [self._with(q, clause) if clause else q for q, clause in zip(children[::2], children[1::2])]
        return options[0] if len(options) == 1 else ast.QualityChoice(tuple(options), span=self._span(meta))

    def attached_only_to_players(self, meta, children):
        return ast.AttachOnly(None, players=children[-1], span=self._span(meta))

    def attach_any_player(self, meta, children):
        return "player"

    def attach_opponent(self, meta, children):
        return "opponent"

    def attached_restriction_line(self, meta, children):
        """'Enchanted creature can't attack or block' (508.1c, 509.1b): a static ability of the Aura or Equipment
        about the permanent it is attached to (604.1), not an ability that permanent gains: it still applies when
        that permanent loses all abilities."""
        attachment, quality, block = children
        span = self._span(meta)
        return ast.CantAttackOrBlock(ast.AttachedSubject(attachment, quality, span=span), block, span=span)

    def phase_out(self, meta, children):
        return ast.PhaseOut(children[0], span=self._span(meta))

    def phases_out_in_untap_step(self, meta, children):
        return ast.PhasesOutInUntapStep(span=self._span(meta))

    def restrict_attack_and_block(self, meta, children):
        return None

    def restrict_attack(self, meta, children):
        return False

    def restrict_block(self, meta, children):
        return True
