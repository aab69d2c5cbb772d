"""Tree to AST for trigger conditions and their subjects (603.2)."""

from __future__ import annotations

from lark import Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast
from .results import ORDINALS


@v_args(meta=True)
class TriggerRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def leaves_graveyard_verb(self, meta, children):
        return ("leaves your graveyard", {})

    def subject_action_object_trigger(self, meta, children):
        (subject, action), objects = children
        return ast.SubjectActionTrigger(subject, action, objects, span=self._span(meta))

    def unlock_trigger(self, meta, children):
        return ast.UnlockTrigger(span=self._span(meta))

    def enters_trigger(self, meta, children):
        return ast.EntersTrigger(span=self._span(meta))

    def you_action_trigger(self, meta, children):
        return ast.YouActionTrigger(children[0], children[1], span=self._span(meta))

    def subject_action_trigger(self, meta, children):
        subject, action = children[0]
        return ast.SubjectActionTrigger(subject, action, span=self._span(meta))

    def by_opponent(self, meta, children):
        return True

    def subject_filter(self, meta, children):
        quality, card, control, clause = children
        quality = self._as_card(quality) if card else quality
        quality = self._with(quality, clause) if clause else quality
        return ast.SubjectFilter(quality, control == "you", control, span=self._span(meta))

    def subject_control(self, meta, children):
        return "you"

    def subject_opponent(self, meta, children):
        return "an opponent"

    def other_subject(self, meta, children):
        return ast.SubjectFilter(children[0], children[1] == "you", children[1], other=True, span=self._span(meta))

    def opponent_subject(self, meta, children):
        return ast.SubjectFilter(children[0], controller=children[1], span=self._span(meta))

    def one_or_more_subject(self, meta, children):
        return ast.SubjectFilter(
            children[0], children[1] == "you", children[1], one_or_more=True, span=self._span(meta)
        )

    def self_or_other_subject(self, meta, children):
        _, quality, control, clause = children
        quality = self._with(quality, clause) if clause else quality
        return ast.SubjectFilter(quality, control == "you", control, other=True, or_self=True, span=self._span(meta))

    def attached_subject(self, meta, children):
        return ast.AttachedSubject(str(children[0]).lower(), children[1], span=self._span(meta))

    def enters_verb(self, meta, children):
        return ("enters", {"under_your_control": bool(children[0])})

    def enters_opponent_verb(self, meta, children):
        return ("enters", {"under_your_control": False, "under_opponents_control": True})

    def dies_verb(self, meta, children):
        return ("dies", {})

    def attacks_verb(self, meta, children):
        return ("attacks", {})

    def blocks_verb(self, meta, children):
        return ("blocks", {})

    def becomes_blocked_verb(self, meta, children):
        return ("becomes blocked", {})

    def blocks_creature_verb(self, meta, children):
        """509.3b: the quality of the attacking creature it blocks."""
        quality, clause = children
        return ("blocks a creature", {"recipient": self._with(quality, clause) if clause else quality})

    def blocked_by_creature_verb(self, meta, children):
        """509.3d: the quality of the creature blocking it."""
        quality, clause = children
        return ("becomes blocked by a creature", {"recipient": self._with(quality, clause) if clause else quality})

    def blocks_or_blocked_by_verb(self, meta, children):
        """'blocks or becomes blocked by a creature': both, the creature named once for the two."""
        _, quality, clause = children
        return [self.blocks_creature_verb(meta, [quality, clause]), self.blocked_by_creature_verb(meta, [quality, clause])]

    def leaves_verb(self, meta, children):
        return ("leaves", {})

    def turned_face_up_verb(self, meta, children):
        return ("turned face up", {})

    def becomes_target_verb(self, meta, children):
        return ("becomes target", {"by_opponent": bool(children[0])})

    def becomes_status_verb(self, meta, children):
        return (f"becomes {str(children[0]).lower()}", {})

    def dealt_damage_verb(self, meta, children):
        return ("is dealt damage", {})

    def tapped_for_mana_verb(self, meta, children):
        return ("is tapped for mana", {})

    def you_discard_trigger(self, meta, children):
        return ast.PlayerEventTrigger("discard", children[0], span=self._span(meta))

    def other_discard_trigger(self, meta, children):
        return ast.PlayerEventTrigger("discard", children[1], who=children[0], span=self._span(meta))

    def you_gain_life_trigger(self, meta, children):
        return ast.PlayerEventTrigger("gain life", span=self._span(meta))

    def deals_damage_verb(self, meta, children):
        return ("deals damage", {"combat": bool(children[0]), "recipient": children[1]})

    def under_your_control(self, meta, children):
        return True

    def combat(self, meta, children):
        return True

    def damaged_player(self, meta, children):
        return "a player"

    def damaged_opponent(self, meta, children):
        return "an opponent"

    def damaged_you(self, meta, children):
        return "you"

    def source_subject(self, meta, children):
        return ast.SubjectFilter(ast.Quality(("source",), span=self._span(meta)), children[0] == "you", children[0],
                                 span=self._span(meta))

    def you_dealt_damage_trigger(self, meta, children):
        return ast.PlayerEventTrigger("dealt damage", span=self._span(meta))

    def damaged_objects(self, meta, children):
        return children[0]

    def subject_event_trigger(self, meta, children):
        subject, *verbs = children
        verbs = [verb for item in verbs for verb in (item if isinstance(item, list) else [item])]
        triggers = [self._subject_trigger(subject, event, fields, meta) for event, fields in verbs]
        return triggers[0] if len(triggers) == 1 else ast.EitherTrigger(tuple(triggers), span=self._span(meta))

    def _subject_trigger(self, subject, event: str, fields: dict, meta) -> ast.Node:
        """The trigger for SUBJECT VERB: the source's own entering, turning face up and becoming a target have
        their own kinds; every other is a SubjectTrigger."""
        if isinstance(subject, ast.Self) and event == "enters" and not fields["under_your_control"] \
                and not fields.get("under_opponents_control"):
            return ast.EntersTrigger(span=self._span(meta))
        if isinstance(subject, ast.Self) and event == "turned face up":
            return ast.TurnedFaceUpTrigger(span=self._span(meta))
        if isinstance(subject, ast.Self) and event == "becomes target":
            return ast.BecomesTargetTrigger(fields["by_opponent"], span=self._span(meta))
        if event in ("turned face up", "becomes target"):
            raise MtgError(
                Diagnostic(
                    "E101", f"'{event}' is understood only of the object itself (this permanent)", self._span(meta)
                )
            )
        return ast.SubjectTrigger(subject, event, **fields, span=self._span(meta))

    def either_trigger(self, meta, children):
        parts = []
        for child in children:
            parts.extend(child.triggers if isinstance(child, ast.EitherTrigger) else (child,))
        return ast.EitherTrigger(tuple(parts), span=self._span(meta))

    def trigger_object(self, meta, children):
        quality, noun = children
        if noun is True:  # 'a land card'
            return self._as_card(quality)
        if noun is not None and isinstance(quality, ast.Quality):  # 'a creature spell'
            return ast.Quality(quality.words + ("spell",), quality.card, span=self._span(meta))
        return quality

    def cast_self_trigger(self, meta, children):
        return ast.CastTrigger("you", self_=True, span=self._span(meta))

    def you_cast_trigger(self, meta, children):
        return self._cast_trigger("you", children, meta)

    def other_cast_trigger(self, meta, children):
        return self._cast_trigger(*children[:1], children[1:], meta)

    def _cast_trigger(self, caster: str, children, meta) -> ast.CastTrigger:
        spell, from_zone, during = children
        return ast.CastTrigger(caster, from_zone=from_zone, during=during, **spell, span=self._span(meta))

    def cast_spell(self, meta, children):
        quality, clause, targets = children
        return {"quality": self._with(quality, clause) if clause else quality, "targets_source": bool(targets)}

    def another_spell(self, meta, children):
        quality = children[0]
        if isinstance(quality, ast.Quality):  # 'another Vampire spell'
            quality = ast.Quality(quality.words + ("spell",), quality.card, span=quality.span)
        return {"quality": quality, "other": True}

    def nth_spell(self, meta, children):
        return {"nth": children[0]}

    def first_number(self, meta, children):
        return 1

    def spell_number(self, meta, children):
        return ORDINALS[str(children[0]).lower()]

    def spell_targets(self, meta, children):
        return True

    def caster_opponent(self, meta, children):
        return "an opponent"

    def caster_player(self, meta, children):
        return "a player"

    def caster_other(self, meta, children):
        return "another player"

    def spell_from(self, meta, children):
        return children[0]

    def not_from_hand(self, meta, children):
        return "not hand"

    def spell_during_yours(self, meta, children):
        return "your"

    def spell_during_opponents(self, meta, children):
        return "an opponent's"

    def sacrifice_trigger(self, meta, children):
        return ast.SacrificeTrigger(children[0], span=self._span(meta))

    def you_attack_trigger(self, meta, children):
        return ast.YouAttackTrigger(span=self._span(meta))

    def owner_you(self, meta, children):
        return "your"

    def owner_each_opponent(self, meta, children):
        return "each opponent's"

    def owner_each_player(self, meta, children):
        return "each player's"

    def owner_each(self, meta, children):
        return "each"

    def next_any(self, meta, children):
        return (children[0], "the next")

    def next_yours(self, meta, children):
        return (children[0], "your next")

    def next_turns(self, meta, children):
        return (children[0], "the next turn's")

    def step_name(self, meta, children):
        return " ".join(str(c).lower() for c in children)

    def phase(self, meta, children):
        return (children[1], children[0])

    def combat_on_your_turn(self, meta, children):
        return ("combat", "your")

    def each_combat(self, meta, children):
        return ("combat", "each")

    def each_end_step(self, meta, children):
        return ("end step", "each")

    def end_of_combat_trigger(self, meta, children):
        return ast.PhaseTrigger("end of combat", "each", span=self._span(meta))

    def put_into_graveyard_verb(self, meta, children):
        """700.4: from the battlefield it dies; else any move into that graveyard (from anywhere, or a zone)."""
        owner, from_zone = children
        if from_zone == "battlefield":
            return ("dies", {"owner": owner})
        return ("put into a graveyard", {"owner": owner, "from_zone": from_zone})

    def any_graveyard(self, meta, children):
        return None

    def your_graveyard(self, meta, children):
        return "you"

    def opponents_graveyard(self, meta, children):
        return "an opponent"

    def from_battlefield(self, meta, children):
        return "battlefield"

    def from_anywhere(self, meta, children):
        return None

    def from_your_zone(self, meta, children):
        return str(children[0]).lower()

    def phase_trigger(self, meta, children):
        step, whose = children[0]
        return ast.PhaseTrigger(step, whose, span=self._span(meta))
