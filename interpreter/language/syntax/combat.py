"""Combat requirements and restrictions on creatures together (508.1c-d, 509.1a-c): parse tree -> AST."""
from __future__ import annotations

from lark import Transformer, v_args

from .. import ast

_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}


@v_args(meta=True)
class CombatRules(Transformer):
    """Requirements to attack and block, 'can't attack alone', blocking several attackers."""

    def combat_requirement(self, meta, children):
        """A requirement without a duration is a static ability (604.1); with one, an effect (611.2)."""
        lead, objects, act, duration, other = children
        toward = None
        if isinstance(act, tuple):   # 'attacks you this turn', 'blocks ~ this turn'
            act, toward, duration = act
        duration = duration or (lead and "until your next turn")
        if duration is None:
            return ast.CombatRequirement(objects, act, other is not None, span=self._span(meta))
        return ast.CombatRequirementFor(objects, act, other is not None, duration, toward, span=self._span(meta))

    def blocked_by_all(self, meta, children):
        _, objects, duration = children
        return self.combat_requirement(meta, [None, objects, ast.BLOCKED_BY_ALL, duration, None])

    def lead_duration(self, meta, children):
        return True

    def and_other_player(self, meta, children):
        return True

    def must_attack(self, meta, children):
        return ast.ATTACK

    def must_block(self, meta, children):
        return ast.BLOCK

    def must_be_blocked(self, meta, children):
        return ast.BE_BLOCKED

    def must_attack_for(self, meta, children):
        return (ast.ATTACK, children[0], children[1])

    def must_block_self(self, meta, children):
        return (ast.BLOCK, ast.Self(span=self._span(meta)), children[1])

    def designate_for(self, meta, children):
        """'... becomes goaded until your next turn': a designation for a while (611.2a)."""
        return ast.Designate(children[0], str(children[1]).lower(), children[2], span=self._span(meta))

    def cant_attack_alone(self, meta, children):
        return ast.CantAttackOrBlock(children[0], alone=True, span=self._span(meta))

    def cant_block_alone(self, meta, children):
        return ast.CantAttackOrBlock(children[0], True, alone=True, span=self._span(meta))

    def cant_block_while(self, meta, children):
        return ast.CantAttackOrBlock(children[0], True, condition=children[-1], span=self._span(meta))

    def cant_unless(self, meta, children):
        """'can't attack [or block] unless CONDITION': a restriction while the condition doesn't hold."""
        objects, words, condition = children
        block = None if " or " in words else "block" in words.lower()
        return ast.CantAttackOrBlock(objects, block, condition=condition, unless=True, span=self._span(meta))

    def cant_attack_or_block_alone(self, meta, children):
        return ast.CantAttackOrBlock(children[0], None, alone=True, span=self._span(meta))

    # what sources with a quality can't do to an object (702.16b-e)
    def static_limit_ability(self, meta, children):
        return children[0]

    def cant_be_targeted_by(self, meta, children):
        objects, spells, _, sources, _ = children
        return ast.CantBeTargetedBy(objects, spells, sources, span=self._span(meta))

    def cant_be_attached_by(self, meta, children):
        return ast.CantBeAttachedBy(children[0], children[1], span=self._span(meta))

    def damage_prevented_from(self, meta, children):
        return ast.DamagePreventedFrom(children[0], children[1], span=self._span(meta))

    def attack_tax(self, meta, children):
        return ast.AttackTax(str(children[1]), span=self._span(meta))

    def blocks_several(self, meta, children):
        objects, count = children[0], str(children[1]).lower()
        if count.startswith("any"):
            return ast.BlocksSeveral(objects, None, span=self._span(meta))
        word = count.split()[-1]
        extra = 1 if word == "additional" else int(word) if word.isdigit() else _COUNTS[word]
        return ast.BlocksSeveral(objects, extra, span=self._span(meta))
