"""What the interpreter doesn't run yet: one declaration per part of the text, shared by the
interpreter (which refuses it) and the analysis (which reports it).

A `Gap` names a node kind, when it applies (for a partial case: damage to a player runs,
damage to a creature doesn't), the part it is ("destroy", "delayed triggered ability"),
the refusal's message and the rule. `StepInterpreter` refuses a node exactly when
`gap(node, book)` finds one (a trigger with a gap is never detected); `parts_not_run`
walks a line's AST, following keyword actions and keyword abilities into their
definitions, and reports every such part, so `mtgrules coverage` and `mtgrules lint`
say what the interpreter would refuse before it is asked. Making a part run is
writing its executor and deleting its declaration here.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from ..diagnostics import MtgError, Span, error
from ..language import ast
from .costs import applied
from .events import PAIRED, TRIGGER_EVENTS
from .memo import ByIdentity

if TYPE_CHECKING:
    from ..language.rulebook import Rulebook

#: The diagnostic code of a refusal of a part that isn't run yet.
NOT_RUN = "E409"
#: The kinds of ability the game reads of an emblem in the command zone (114.4).
EMBLEM_ABILITIES = (ast.TriggeredAbility, ast.StaticGrant, ast.PlayerRestriction, ast.HandSize, ast.ExtraLands)

@dataclass(frozen=True)
class Gap:
    """A part the interpreter doesn't run yet: `kind` of node, `applies` when (always, if None).

    `part` and `message` may name the node's `{name}` or `{event}`; `rule` None is the rule of
    the keyword ability the node names. A gap `when_chosen` depends on what a player chooses ('any
    target': a player runs, a permanent doesn't): the analysis reports it, and the executor refuses
    with it only once that choice is made (`WHEN_CHOSEN`).
    """

    kind: type
    part: str
    message: str
    rule: str | None
    applies: Callable[[ast.Node, "Rulebook"], bool] | None = None
    when_chosen: bool = False

    def describe(self, node: ast.Node, book: "Rulebook") -> tuple[str, str, str | None]:
        """(part, message, rule) for this node."""
        name = getattr(node, "name", "")
        definition = _definition(node, book)
        values = {"name": name, "event": getattr(node, "event", ""),
                  "reason": definition.not_run if definition else ""}
        rule = self.rule if self.rule is not None or definition is None else definition.rule
        return self.part.format(**values), self.message.format(**values), rule


def _definition(node: ast.Node, book: "Rulebook") -> ast.Definition | None:
    """The definition a keyword action or keyword ability node uses, if any."""
    if isinstance(node, ast.KeywordAction):
        return book.keyword_actions.get(node.name)
    if isinstance(node, ast.KeywordAbility):
        return book.keyword_abilities.get(node.name)
    return None


def _keyword_not_run(node: ast.KeywordAbility, book: "Rulebook") -> bool:
    """Its definition gives it no meaning the interpreter runs (no statics, or some lines didn't parse), and
    doesn't say it has none in a game ('nothing in a game': a deck-building rule, 702.124a)."""
    definition = book.keyword_abilities.get(node.name)
    return definition is not None and definition.not_run is None and (
        definition.partial or not definition.statics and not definition.inert)


def _marked_not_run(node: ast.KeywordAction | ast.KeywordAbility, book: "Rulebook") -> bool:
    definition = _definition(node, book)
    return definition is not None and definition.not_run is not None


def _delayed_runs(trigger: ast.Node) -> bool:
    """A delayed trigger bookkeeping.py detects: a step beginning, or 'it' dying or leaving (603.7c)."""
    return isinstance(trigger, ast.PhaseTrigger) or (
        isinstance(trigger, ast.SubjectTrigger) and isinstance(trigger.subject, ast.It)
        and trigger.event in ("dies", "leaves"))


def _replaced_runs(event: ast.Node) -> bool:
    """An event replacing.py checks before it happens: one object dying or being put into a graveyard."""
    return (isinstance(event, ast.SubjectTrigger) and event.event in ("dies", "put into a graveyard")
            and not (isinstance(event.subject, ast.SubjectFilter) and event.subject.one_or_more))


def _no_amount(node: ast.Node, book: "Rulebook") -> bool:
    """'that much' in the effect of a spell or ability no event with an amount triggered (only damage and life
    have one)."""
    def has_amount(trigger: ast.Node) -> bool:
        if isinstance(trigger, ast.EitherTrigger):
            return all(has_amount(t) for t in trigger.triggers)
        return (isinstance(trigger, ast.SubjectTrigger) and trigger.event in ("deals damage", "is dealt damage")
                or isinstance(trigger, ast.PlayerEventTrigger) and trigger.event in ("gain life", "dealt damage"))
    trigger = node.trigger if isinstance(node, ast.TriggeredAbility) else None
    return any(isinstance(n, ast.EventAmount) for n in ast.walk(node.effect)) and not has_amount(trigger)


def _reflexive_unread(node: ast.Sequence, book: "Rulebook") -> bool:
    """A 'When you do' that doesn't follow a 'you may' action: whether that action was done isn't read yet."""
    effects = node.effects
    return any(isinstance(e, ast.ReflexiveTrigger) and not (n and isinstance(effects[n - 1], ast.Optional))
               for n, e in enumerate(effects))


def _it_of_two_creatures(node: ast.TriggeredAbility, book: "Rulebook") -> bool:
    """'it' in an ability that triggers on a block between two creatures (509.3b, 509.3d): which of the two it
    means isn't told ('that creature' is the other one)."""
    trigger = node.trigger
    triggers = trigger.triggers if isinstance(trigger, ast.EitherTrigger) else (trigger,)
    if not any(isinstance(t, ast.SubjectTrigger) and t.event in PAIRED for t in triggers):
        return False
    return any(isinstance(n, ast.It) and n.span is not None and not n.span.source_line[
        n.span.column - 1:n.span.column - 1 + n.span.length].lower().startswith("that ") for n in ast.walk(node.effect))


def _no_that_player(node: ast.TriggeredAbility, book: "Rulebook") -> bool:
    """'that player' in an ability of 'your upkeep' (or another step of yours): no event names another player."""
    trigger = node.trigger
    return (isinstance(trigger, ast.PhaseTrigger) and trigger.whose.startswith("your")
            and any(isinstance(n, ast.Players) and n.who == "that player" for n in ast.walk(node.effect)))


def _partial(node: ast.KeywordAction, book: "Rulebook") -> bool:
    definition = book.keyword_actions.get(node.name)
    return definition is not None and definition.partial


def _paid_word(word: str | None, book: "Rulebook") -> bool:
    """'kicked': the word for a spell whose optional cost a keyword ability names was paid (702.33d)."""
    return any(d is not None and d.event == word for d in book.keyword_abilities.values())


def _choice(quality: object) -> bool:
    return isinstance(quality, (ast.QualityChoice, ast.QualityWith))


def _choice_in_quality_slot(node: ast.KeywordAction, book: "Rulebook") -> bool:
    definition = book.keyword_actions.get(node.name)
    slots = {p.name: p.type for p in definition.pattern.parts if isinstance(p, ast.Slot)} if definition else {}
    return any(slots.get(name) in ("quality", "subtype") and _choice(value) for name, value in node.args)


def describes_permanents(objects: ast.Node) -> bool:
    """611.3a: a set of permanents that a static ability's text describes at any moment, which game/continuous.py
    applies its effect to: itself, what it is attached to, 'creatures you control', 'other Elves', ... (not a
    target, a count or a choice)."""
    if isinstance(objects, (ast.Self, ast.AttachedSubject, ast.AllPermanents)):
        return True
    return isinstance(objects, ast.PermanentsYouControl) and objects.count is None


#: One quality is needed here (a token's types, types added): a choice of qualities isn't run.
ONE_QUALITY = ("a choice of qualities where one is needed", "a choice of qualities ('A or B', 'A with ...') "
               "isn't run by the interpreter here yet", "205.2a")

GAPS: tuple[Gap, ...] = (
    # effects: refused when run
    Gap(ast.CantBeReplaced, "'can't be regenerated' for a duration", "an effect that keeps a permanent from "
        "being regenerated for a time isn't run by the interpreter yet (right after 'destroy', it is)", "701.19c"),
    Gap(ast.TurnFaceDown, "turning a permanent face down", "turning a permanent face down isn't run by the "
        "interpreter yet", "708.2"),
    Gap(ast.NextTimeInstead, "a replacement effect lasting other than this turn", "a replacement effect that "
        "lasts other than 'this turn' isn't run by the interpreter yet", "614.1a",
        lambda n, b: n.duration != "until end of turn"),
    Gap(ast.PreventDamage, "preventing damage for a duration other than this turn", "a prevention effect that "
        "lasts other than until end of turn isn't ended by the interpreter yet", "615.1",
        lambda n, b: n.duration != "until end of turn"),
    Gap(ast.DelayedTrigger, "delayed triggered ability", "a delayed triggered ability that waits "
        "for an event other than a step beginning or 'it' dying or leaving isn't run by the interpreter yet", "603.7",
        lambda n, b: not _delayed_runs(n.trigger)),
    Gap(ast.CreateEmblem, "an emblem's ability of this kind", "only triggered abilities, static abilities about "
        "permanents' characteristics and rules about players work from the command zone yet", "114.4",
        lambda n, b: any(not isinstance(a, EMBLEM_ABILITIES) for a in n.abilities)),
    Gap(ast.CreateToken, *ONE_QUALITY, lambda n, b: _choice(n.quality)),
    Gap(ast.AddTypes, *ONE_QUALITY, lambda n, b: _choice(n.quality)),
    Gap(ast.Becomes, *ONE_QUALITY, lambda n, b: _choice(n.quality)),
    Gap(ast.EnterRoomCard, *ONE_QUALITY, lambda n, b: _choice(n.quality)),
    Gap(ast.KeywordAction, *ONE_QUALITY, _choice_in_quality_slot),
    Gap(ast.KeywordAction, "keyword action {name} (part of its definition didn't parse)", "the definition of "
        "'{name}' has lines that didn't parse, so it isn't run", "701.1", _partial),
    Gap(ast.KeywordAction, "keyword action {name} (its rules file says it isn't run yet)", "'{name}' isn't run by "
        "the interpreter yet: {reason}", None, _marked_not_run),
    # objects and conditions: refused when read
    Gap(ast.PaidObject, "what paid a cost ('the sacrificed creature')", "what paid a cost isn't kept by the "
        "interpreter yet", "118"),
    Gap(ast.TopCards, "another player's library", "the top cards of another player's library aren't read by "
        "the interpreter yet", "401.1", lambda n, b: n.whose not in ("you", "an opponent")),
    Gap(ast.DiedThisTurn, "what happened earlier in the turn", "what died earlier in the turn isn't kept by "
        "the game yet", "700.4"),
    Gap(ast.SpellWas, "how a spell was cast", "how a spell was cast isn't kept by the game yet (only which "
        "optional costs were paid, and the zone it was cast from)", "601.2i",
        lambda n, b: n.zone is None and not _paid_word(n.event, b)),
    # costs and limits of activated abilities: refused when paid or checked
    Gap(ast.CostItem, "loyalty cost of +X", "a loyalty cost of +X isn't paid by the interpreter yet", "606.4",
        lambda n, b: n.kind == "loyalty" and isinstance(n.amount, ast.XValue) and not n.mana.startswith("-")),
    *(Gap(kind, "'that much' of an event without an amount", "'that much' names the amount of damage dealt or "
          "life gained by the event that triggered the ability; here there is none", "603.2", _no_amount)
      for kind in (ast.TriggeredAbility, ast.SpellAbility, ast.ActivatedAbility)),
    Gap(ast.TriggeredAbility, "'it' after a block between two creatures", "'it' in an ability that triggers on "
        "one creature blocking another could mean either; only 'that creature' (the other one) is read", "608.2c",
        _it_of_two_creatures),
    Gap(ast.TriggeredAbility, "'that player' in an ability of a step of yours", "'that player' refers to a player "
        "an earlier step chose (a clashed opponent), which isn't kept yet", "608.2c", _no_that_player),
    Gap(ast.Sequence, "reflexive triggered ability after an action that isn't optional", "a reflexive triggered "
        "ability ('When you do') after an action other than a 'you may' one isn't run by the interpreter yet", "603.12",
        _reflexive_unread),
    # triggers: never detected
    Gap(ast.UnlockTrigger, "trigger on unlocking a door", "unlocking doors isn't run by the interpreter yet: "
        "this never triggers", "709.5"),
    Gap(ast.SubjectTrigger, "trigger on '{event}'", "'{event}' isn't an event the interpreter detects yet: "
        "this never triggers", "603.2", lambda n, b: n.event not in TRIGGER_EVENTS),
    Gap(ast.SubjectTrigger, "trigger on damage dealt to a permanent", "which object 'that creature' means (the one "
        "dealing damage or the one dealt damage) isn't told apart yet: this never triggers", "603.2",
        lambda n, b: n.event == "deals damage" and n.recipient not in (None, "a player", "an opponent", "you")),
    Gap(ast.SubjectTrigger, "trigger of a card put into a graveyard from elsewhere than the battlefield", "an "
        "ability of a card triggering as it is put into a graveyard from a zone other than the battlefield isn't run "
        "by the interpreter yet: only permanents' abilities trigger", "603.6d",
        lambda n, b: n.event == "put into a graveyard" and isinstance(n.subject, ast.Self)),
    Gap(ast.SubjectTrigger, "trigger about 'it'", "a trigger about 'it' isn't detected by the interpreter yet: "
        "it never triggers", "603.2", lambda n, b: isinstance(n.subject, ast.It)),
    Gap(ast.SubjectFilter, "one trigger for 'one or more' objects", "'one or more' (one trigger for a group of "
        "objects) isn't run by the interpreter yet", "603.2c", lambda n, b: n.one_or_more),
    Gap(ast.SubjectActionTrigger, "trigger on what an action revealed", "what a keyword action revealed isn't "
        "in its event yet: this never triggers", "603.2", lambda n, b: n.objects is not None),
    # abilities never applied
    Gap(ast.ReplaceEvent, "replacement effect of an event other than a move to a graveyard", "a replacement "
        "effect of a static ability ('If ... would ..., ... instead') for an event other than dying or being put "
        "into a graveyard isn't applied by the interpreter yet", "614.1a", lambda n, b: not _replaced_runs(n.event)),
    Gap(ast.CantBeDestroyed, "static ability about other permanents", "a static ability saying other permanents "
        "can't be destroyed isn't applied by the interpreter yet", "604.1", lambda n, b: not isinstance(n.objects, ast.Self)),
    Gap(ast.DamageAsCounters, "static ability about other permanents", "a static ability about the damage other "
        "objects deal isn't applied by the interpreter yet", "604.1", lambda n, b: not isinstance(n.objects, ast.Self)),
    Gap(ast.StaticGrant, "static ability about objects other than permanents", "a static ability changing "
        "objects other than a set of permanents it describes (cards in a zone, spells, chosen or counted "
        "objects) isn't applied by the interpreter yet", "611.3a", lambda n, b: not describes_permanents(n.objects)),
    Gap(ast.DoesntUntap, "static ability about objects other than permanents", "a static ability keeping "
        "objects other than a set of permanents it describes tapped isn't applied by the interpreter yet", "502.3",
        lambda n, b: not describes_permanents(n.objects)),
    Gap(ast.CostChange, "cost change by a hybrid symbol or X", "a cost reduction or increase by a hybrid "
        "symbol or X isn't applied by the interpreter yet", "118.7e", lambda n, b: not applied(n)),
    Gap(ast.KeywordAbility, "keyword ability {name}", "'{name}' isn't run "
        "by the interpreter yet: {reason}", None, _marked_not_run),
    *(Gap(kind, "static ability about what other objects can't have done to them", "a static ability about "
          "what sources with a quality can't do to other objects isn't applied by the interpreter yet", "604.1",
          lambda n, b: not isinstance(n.objects, ast.Self)) for kind in ast.LIMIT_STATICS),
    *(Gap(kind, "static ability about other objects", "a static ability about what may target other objects, "
          "or about the combat damage other objects deal, isn't applied by the interpreter yet", "604.1",
          lambda n, b: not isinstance(n.objects, ast.Self))
      for kind in (*ast.TARGETING_STATICS, ast.CombatDamageCounters)),
    Gap(ast.KeywordAbility, "keyword ability {name}", "the rules of {name} aren't run by the interpreter yet",
        None, _keyword_not_run),
)

#: A part of the game itself the interpreter doesn't run yet: (part, message, rule). An effect's 'can't be
#: blocked by QUALITY this turn' keeps only its words (permanents.py): blocking that creature is refused.
BLOCKED_BY = ("'can't be blocked by' for a time", "a restriction on blocking with a duration and a quality isn't "
              "applied by the interpreter yet", "509.1b")
#: What follows an 'as it attacks' cost when it isn't a 'When you do' trigger (508.1g): the declaration is refused.
THEN_AS_IT_ATTACKS = ("what follows an 'as it attacks' cost", "isn't a 'When you do' trigger, and isn't run by the "
                      "interpreter yet", "508.1g")
#: Mana abilities activated while a cost to attack is paid (508.1i): the mana in the player's pool pays, and an attack
#: it can't pay for is refused.
MANA_WHILE_DECLARING = ("mana abilities while attackers are declared", "activating mana abilities while a cost to "
                        "attack is paid isn't run by the interpreter yet", "508.1i")
#: 613.8: a static ability's effect whose set of objects or condition another effect of the same layer changes
#: depends on it; that order isn't worked out, so the state is refused rather than applied in timestamp order.
DEPENDENCY = ("a continuous effect depending on another", "depends on another effect of the same layer, which "
              "changes what it applies to: the order of such effects isn't worked out by the interpreter yet", "613.8")
#: 616.1: a permanent that would die with both a resolved effect's replacement waiting for it ('if a creature dealt
#: damage this way would die this turn, exile it instead') and a static ability's applying: their order isn't
#: offered, so the move is refused rather than one of them applied first.
WAITING_AND_STATIC = ("a resolved effect's replacement with a static ability's", "a replacement effect of a resolved "
                      "spell or ability and one of a static ability both apply: ordering them isn't run by the "
                      "interpreter yet", "616.1")
#: 613.7: a type-changing effect of a resolved spell or ability newer than a static one applying to the same object
#: is applied before it (it is part of what the object is by itself): refused rather than applied out of order.
TYPE_ORDER = ("a resolved type-changing effect newer than a static one", "a type-changing effect of a resolved spell "
              "or ability newer than a static one on the same object isn't applied in timestamp order with it by the "
              "interpreter yet", "613.7")
#: A permanent or spell whose card has a line the engine doesn't understand (W501): what that line does can't be
#: told, so an action that leaves one on the battlefield or the stack, or is taken while one is there, is refused.
NOT_UNDERSTOOD = ("card text not understood", "what it does can't be told, so no action is taken while it is on the "
                  "battlefield or the stack", "113.1")
#: An Aura spell with no enchant ability the interpreter reads: what it targets (303.4a) isn't known, and casting
#: it is refused rather than cast with no target.
AURA_TARGET = ("what an Aura enchants", ("an Aura with no enchant ability the interpreter reads isn't run by the "
                                         "interpreter yet"), "303.4a")
#: 702.5c: an Aura with several enchant abilities can enchant only what all of them allow; its target would have to
#: meet them all, which one target's words don't say yet: refused as it is cast or enters.
SEVERAL_ENCHANTS = ("several enchant abilities", "an Aura with more than one enchant ability isn't run by the "
                    "interpreter yet", "702.5c")
#: 508.5: 'defending player' in the ability of a creature no longer attacking is the player it was attacking,
#: which the game doesn't keep yet: that ability is refused as it resolves.
NO_LONGER_ATTACKING = ("'defending player' of a creature no longer attacking", "the player a creature was "
                       "attacking isn't kept by the game once it leaves combat yet", "508.5")
#: A Siege's own ability (310.12b: 'When the last defense counter is removed from this permanent, exile it, then
#: you may cast it transformed ...') isn't run: damage removing its last defense counter is refused (never
#: found by the analysis: whether it happens depends on the game).
SIEGE_DEFEATED = Gap(ast.DealDamage, "a Siege's last defense counter", "a Siege's ability that exiles it as its "
                     "last defense counter is removed, then lets its controller cast it transformed (its back face, "
                     "which casting doesn't offer yet), isn't run by the interpreter yet", "310.12b", lambda n, b: False)

_BY_KIND: dict[type, list[Gap]] = {}
for _gap in GAPS:
    _BY_KIND.setdefault(_gap.kind, []).append(_gap)
#: The node kinds some gap is declared for: `gap` of a node of any other kind is None.
GAP_KINDS = frozenset(_BY_KIND)


def gap(node: ast.Node, book: "Rulebook", chosen: bool = True) -> Gap | None:
    """The declared gap this node falls into, if any (not its children's); `chosen` False leaves out the
    gaps that depend on a choice not yet made."""
    for found in _BY_KIND.get(type(node), ()):
        if (chosen or not found.when_chosen) and (found.applies is None or found.applies(node, book)):
            return found
    return None


def always_refused(kind: type) -> bool:
    """Whether every node of this kind is refused (it has no executor)."""
    return any(g.applies is None for g in _BY_KIND.get(kind, ()))


@dataclass(frozen=True)
class NotRun:
    """A part of a line that doesn't run: what it is, why, the rule, where it is written, and the
    definition it was reached through (None: the line itself)."""

    part: str
    message: str
    rule: str | None
    span: Span | None
    via: str | None = None


def parts_not_run(node: ast.Node, book: "Rulebook") -> list[NotRun]:
    """Every part of the text under `node` that doesn't run, outermost first, through the definitions of
    the keyword actions, keyword abilities and predefined tokens it uses (each followed once: a definition
    may use itself)."""
    found: list[NotRun] = []
    for item, via in _reachable(node, book, None, set()):
        declared = gap(item, book)
        if declared is not None:
            part, message, rule = declared.describe(item, book)
            found.append(NotRun(part, message, rule, item.span, via))
    return found


def _reachable(node: ast.Node, book: "Rulebook", via: str | None, seen: set[int]
               ) -> Iterator[tuple[ast.Node, str | None]]:
    """The node and what runs with it, each with the definition it is in; under a gap nothing more
    (the outermost part that doesn't run is the one to report)."""
    yield node, via
    if gap(node, book) is not None:
        return
    for child in ast.children(node):
        if not (isinstance(node, (ast.YouActionTrigger, ast.SubjectActionTrigger)) and child is node.action
                or isinstance(node, ast.DelayedTrigger) and child is node.trigger
                or isinstance(node, ast.ReplaceEvent) and child is node.event):
            yield from _reachable(child, book, via, seen)  # a trigger names an event, doesn't run it
    if isinstance(node, ast.KeywordAction):
        definition = book.keyword_actions.get(node.name)
    elif isinstance(node, ast.KeywordAbility):
        definition = book.keyword_abilities.get(node.name)
    elif isinstance(node, ast.CreateNamedToken):
        definition = book.tokens.get(node.name)
    else:
        return
    if definition is None or id(definition) in seen:
        return
    seen.add(id(definition))
    if isinstance(definition, ast.TokenDefinition):
        name, parts = f"token '{definition.name}'", _token_abilities(book, definition.name)
    else:
        name, parts = f"{definition.kind} '{definition.name}'", (definition.steps, *definition.statics)
    for part in parts:
        if part is not None:
            yield from _reachable(part, book, name, seen)


@functools.lru_cache(maxsize=256)
def _token_abilities(book: "Rulebook", name: str) -> tuple[ast.Node, ...]:
    """The abilities of a predefined token's text, as the game parses them when it creates one (a line that
    doesn't parse is lint's to report, and refused when the token is created)."""
    found = []
    for line in book.tokens[name].text:
        try:
            found.append(book.parse_card_line(line, name))
        except MtgError:
            continue
    return tuple(found)


def _with_stripes(ability: ast.Node) -> tuple[ast.Node, ...]:
    """An ability and, for a level symbol, the abilities of its striation (711.2)."""
    return (ability, *ability.abilities) if isinstance(ability, ast.LevelStripe) else (ability,)


def _first_unapplied(abilities: tuple, book: "Rulebook") -> tuple[ast.Node, "Gap"] | None:
    """The first static ability changing other objects that isn't applied (a level's too), with its gap."""
    return next(((a, found) for top in abilities for a in _with_stripes(top)
                 if isinstance(a, (ast.StaticGrant, ast.DoesntUntap)) and (found := gap(a, book)) is not None), None)


#: `_first_unapplied` of each face of a card that may be up (`CardDef.face`: front face up, back face up), read once
#: per card and rulebook.
_UNAPPLIED = ByIdentity(lambda card, book: tuple(_first_unapplied(card.face(back).abilities, book)
                                                 for back in (False, True)))
#: Whether no object of the card is ever refused (`state_not_run`): all its lines understood, no unapplied static
#: ability on either face; read once per card and rulebook.
card_runs = ByIdentity(lambda card, book: not card.ignored_lines and _UNAPPLIED(card, book) == (None, None))


def state_not_run(objects: Iterable, book: "Rulebook") -> MtgError | None:
    """The refusal of a game state the interpreter can't run, or None: a permanent or spell whose card has text
    the engine doesn't understand (W501) is there, so what happens can't be told; or a permanent with a static
    ability changing other objects that isn't applied (a gap of StaticGrant or DoesntUntap)."""
    unread = None   # the first object whose card has lines not understood, refused if no unapplied ability is
    for obj in objects:
        if obj.face_down:
            continue
        if unread is None and obj.card.ignored_lines:
            unread = obj
        if obj.zone != "battlefield":
            continue
        unapplied = _UNAPPLIED(obj.card, book)[obj.back_face_up]
        if unapplied is not None:
            ability, found = unapplied
            _, message, rule = found.describe(ability, book)
            return error(NOT_RUN, f"{obj.card_name}: {message}", ability.span, rule)
    if unread is None:
        return None
    _, message, rule = NOT_UNDERSTOOD
    return error(NOT_RUN, f"{unread.card_name} has text the engine doesn't understand (\"{unread.card.ignored_lines[0]}\"), "
                 f"and {message}", rule=rule, help="lint the card (W501) to see why the line isn't understood")
