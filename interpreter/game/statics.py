"""Static abilities that change what may target an object (115.1), what may block it or what it may block (509.1b),
what an object is (604.3), what its combat damage to a player also does (120.3) and what may be cast while a spell
is on the stack (601.3, 602.5). Each is asked of the abilities an object has, its own lines or those its keyword
abilities mean as their definitions in rules/ say (with the values the keyword gives their slots), never of a
keyword's name.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..diagnostics import error
from ..language import ast
from .characteristics import Characteristics
from .damage import numbered_statics
from .state import Context, TypeChange
from .steps import Env
from .steps.chosen import CREATURE_TYPES



#: The kinds of static ability applied to the objects their text describes, whichever permanent has them.
ABOUT_OTHERS = (*ast.COMBAT_STATICS, *ast.BLOCKING_STATICS)


class Statics:
    """Targeting, blocking, defining and stack-locking static abilities; a part of `Game`."""

    def statics_with_values(self, chars: Characteristics | None, kind: type | tuple | None = None
                            ) -> Sequence[tuple[ast.Node, dict]]:
        """The abilities of an object with these characteristics (of a kind, if given), each with the values of
        its slots (a new dict each): its own lines (none), then what its keyword abilities mean (the lines of
        their definitions, 702.1), a number slot's value as a number ('Toxic 2')."""
        if chars is None:
            return ()
        found = numbered_statics(chars.abilities, self.rulebook, kind)
        return [(ability, dict(values)) for ability, values in found] if found else ()

    def own_statics(self, chars: Characteristics | None, kind: type | tuple) -> list[tuple[ast.Node, dict]]:
        """Its static abilities of a kind about itself; one about other objects isn't applied yet and is
        refused (runs.py). None where the game's text has none (`may_have`)."""
        if not self.may_have(kind):
            return []
        self._refuse_unapplied(kind)
        return [(a, values) for a, values in self.statics_with_values(chars, kind)
                if isinstance(getattr(a, "objects", ast.Self()), ast.Self)]

    def statics_about(self, object_id: int, kind: type | tuple) -> list[tuple[ast.Node, Env]]:
        """The static abilities of a kind that apply to the object now (604.1, 611.3a), each with the environment
        it is read in: its own about itself, then those of permanents whose text describes it ('Creatures you
        control can't be blocked except by ...', 'Cowards can't block Warriors'), in battlefield order. None where
        the game's text has none (`may_have`)."""
        if not self.may_have(kind):
            return []
        found = [(a, self._env_of(object_id, values)) for a, values in self.statics_with_values(
                 self.characteristics(object_id), kind) if isinstance(getattr(a, "objects", ast.Self()), ast.Self)]
        for source, ability, values in self._others_statics.get(self.state.journal):
            if isinstance(ability, kind):
                env = self._env_of(source, values)
                if object_id in self.interpreter.objects(ability.objects, env):
                    found.append((ability, env))
        return found

    def _read_others_statics(self) -> tuple[tuple[int, ast.Node, dict], ...]:
        """The permanents' static abilities about how other objects attack, block and are blocked (kept while what
        it read stays the same: `GameCore._others_statics`); none at once when no permanent has one of those kinds."""
        if not self.permanents_have(ABOUT_OTHERS):
            return ()
        return tuple((source, ability, values) for source in self.state.battlefield
                     for ability, values in self.statics_with_values(self.characteristics(source), ABOUT_OTHERS)
                     if not isinstance(getattr(ability, "objects", ast.Self()), ast.Self))

    def _env_of(self, object_id: int, values: dict) -> Env:
        """The environment an object's static ability is read in: its controller's, with its slots' values and
        the costs paid for the spell it was ('as long as its dash cost was paid', 601.2b)."""
        controller = self.state.objects[object_id].controller if object_id in self.state.objects else None
        return Env(controller or "", Context(0, controller or "", object_id, paid=self.paid_for(object_id)), object_id,
                   dict(values))

    # ------------------------------------------------------------ 115.1: targets
    def untargetable(self, object_id: int, env: Env) -> bool:
        """Whether an ability of the object says the spell or ability `env` belongs to can't target it
        ('can't be the target of [QUALITY] spells [your opponents control] or abilities [...] [from QUALITY
        sources]', 702.11b, 702.11d, 702.18b). It is a spell when `env` is that of a spell on the stack (its
        own context), else an ability; the source is read as it is, or as it last existed."""
        obj = self.state.objects[object_id]
        source = env.source_id
        is_spell = source is not None and any(item.object_id == source and item.context.id == env.context.id
                                              for item in self.state.stack)
        source_chars = self.known_characteristics(source) if source is not None else None
        for rule, values in self.own_statics(self.characteristics(object_id), ast.CantBeTargeted):
            for targeter in rule.by:
                if targeter.abilities == is_spell or targeter.opponents and obj.controller == env.player:
                    continue
                if targeter.quality is None or source_chars is not None and self.interpreter.chars_match(
                        source_chars, targeter.quality, self._env_of(object_id, values)):
                    return True
        # 702.16b: protection's 'spells with the quality or abilities from sources with it'
        return source_chars is not None and self.limited(object_id, ast.CantBeTargetedBy, source_chars,
                                                         "spells" if is_spell else "sources")

    # ------------------------------------------------------------ 509.1b: blocks
    def block_refused(self, attacker: int, blocker: int, defending: str | None) -> str | None:
        """509.1b: the words of the blocker's ability allowing it to block only some creatures, or of the
        attacker's saying it can't be blocked while the defending player controls a permanent of a quality,
        that forbid this block; None if none does."""
        for rule, env in self.statics_about(blocker, ast.BlocksOnly):
            if not self.interpreter.matches(attacker, rule.quality, env):
                return self.words_of(rule)
        for rule, env in self.statics_about(attacker, ast.UnblockableWhile):
            if any(self.state.objects[i].controller == defending and self.interpreter.matches(i, rule.quality, env)
                   for i in self.state.battlefield):
                return self.words_of(rule)
        return None

    # ------------------------------------------------------------ 604.3: characteristic-defining abilities
    def with_own_statics(self, object_id: int, chars: Characteristics) -> Characteristics:
        """What the object's static abilities about its own characteristics say it is: characteristic-defining
        abilities in every zone (604.3, 613.3: every creature type, 205.3m; its colors, 105.2)."""
        obj, own = self.state.objects[object_id], chars
        if obj.zone != "battlefield" and object_id not in self._defining \
                and self.static_abilities(chars, ast.DefinedPT):  # continuous.py: on the battlefield
            for rule, values in self.statics_with_values(chars, ast.DefinedPT):
                chars = self._defined_elsewhere(object_id, chars, rule, values)
        for rule in self.static_abilities(own, ast.DEFINING_STATICS):  # their grammar says 'this object' only
            if isinstance(rule, ast.EveryCreatureType):
                more = tuple(t for t in self.rulebook.subtype_lists.get(CREATURE_TYPES, ()) if t not in chars.subtypes)
                chars = replace(chars, subtypes=chars.subtypes + more)
            else:
                chars = replace(chars, colors=frozenset(rule.colors))
        return chars

    def with_type_changes(self, lasting: tuple, chars: Characteristics) -> Characteristics:
        """613.1d, 613.7: the type-changing effects with a duration, in the order they began (`retyped`), and
        the colors they give (613.1e)."""
        for change, _ in lasting:
            if not isinstance(change, TypeChange):
                continue
            chars = self.retyped(chars, change.types, change.subtypes, change.retain)
            if change.colors is not None:  # 613.1e
                chars = replace(chars, colors=change.colors)
        return chars

    def retyped(self, chars: Characteristics, types: tuple[str, ...], subtypes: tuple[str, ...],
                retain: bool) -> Characteristics:
        """A type-changing effect (613.1d): the card types and subtypes added (`retain`, 205.1b), or new card types
        replacing the old, a subtype staying only while it belongs to one of them (205.1a), or new subtypes
        replacing those of the same kinds ('is an Island', 205.1b, 305.7). A subtype's intrinsic abilities come
        and go with it (305.6, 305.7)."""
        if retain:
            new_types, kept = chars.types | frozenset(types), chars.subtypes
        elif types:
            new_types = frozenset(types)
            kept = tuple(s for s in chars.subtypes if self._belongs(s, new_types))
        else:
            kinds = {self._kind(s) for s in subtypes}
            new_types, kept = chars.types, tuple(s for s in chars.subtypes if self._kind(s) not in kinds)
        now = kept + tuple(s for s in subtypes if s not in kept)
        intrinsic = self.rulebook.subtype_abilities
        lost = [a for s in chars.subtypes if s not in now for a in intrinsic.get(s, ())]
        gained = tuple(a for s in now if s not in chars.subtypes for a in intrinsic.get(s, ()))
        abilities = chars.abilities
        if lost or gained:
            abilities = gained + tuple(a for a in abilities if not any(a is gone for gone in lost))
        return replace(chars, types=new_types, subtypes=now, abilities=abilities)

    def _kind(self, subtype: str) -> str | None:
        """205.3: the card type whose list of subtypes a subtype is on ('land types', 'creature types', ...)."""
        card_types = {t.lower() for t in self.rulebook.card_types}
        return next((title for title, members in self.rulebook.subtype_lists.items()
                     if title.split()[0] in card_types and subtype in members), None)

    def _belongs(self, subtype: str, types: frozenset[str]) -> bool:
        """205.3d: each subtype belongs to the card types of its list ('artifact types', 'spell types', ...)."""
        owners = {"spell": {"instant", "sorcery"}, "creature": {"creature", "kindred"}}
        names = {t.lower() for t in types}
        for title, members in self.rulebook.subtype_lists.items():
            if subtype in members:
                kind = title.split()[0].lower()
                return bool(names & owners.get(kind, {kind}))
        return True

    def _defined_elsewhere(self, object_id: int, chars: Characteristics, rule: ast.DefinedPT,
                           values: dict) -> Characteristics:
        """604.3: a characteristic-defining ability of a card in a hand, a graveyard, exile or on the stack; what
        its amount reads of the object itself is that object without this ability's values."""
        self._defining.add(object_id)
        try:
            return replace(chars, **self.defined_stats(object_id, rule, values))
        finally:
            self._defining.discard(object_id)

    # ------------------------------------------------------------ 120.3: combat damage to a player
    def combat_damage_counters(self, source: int | None, chars: Characteristics | None, player: str,
                               env: Env | None) -> None:
        """702.164c: combat damage from a source whose abilities say so also gives the player counters, as many
        as each such ability says (their total)."""
        for rule, values in self.own_statics(chars, ast.CombatDamageCounters):
            amount = self.interpreter.number(rule.count, Env(player, Context(0, player, source), source, dict(values)))
            self.give_counters(player, rule.kind, amount, env)

    # ------------------------------------------------------------ 601.3, 602.5: the stack locked
    def check_stack_unlocked(self, what: str) -> None:
        """601.3, 602.5: refused while a spell on the stack has an ability saying players can't cast other spells
        or activate abilities that aren't mana abilities (702.61a)."""
        for item in self.state.stack:
            if item.object_id is None or item.object_id not in self.state.objects:
                continue
            for rule, _ in self.own_statics(self.characteristics(item.object_id), ast.StackLock):
                raise error("E402", f"{what}: {self.name_of(item.object_id)} is on the stack and says "
                            f"'{self.words_of(rule)}'", rule="601.3")
