"""Parse text with the Lark grammars and turn the parse trees into the AST.

The transformer maps each grammar rule to one AST class; Lark's syntax
errors become diagnostics with the expected words and a 'did you mean'.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING, Callable, Iterable

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import ast
from ..diagnostics import Diagnostic, MtgError, Span, nearest

if TYPE_CHECKING:
    from .rulebook import GrammarIndex

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

MAX_DIGITS = 9   # card text never needs more; a larger number is a typo or an attack
_REMINDER = re.compile(r"\s*\([^()]*\)")


class SourceText:
    """A piece of text and where it sits in its file, to give AST nodes true spans."""

    def __init__(self, text: str, file: str = "<text>", line: int = 1, column: int = 1,
                 source_line: str | None = None, original: str | None = None):
        self.text = text
        self.file = file
        self.line = line
        self.column = column
        self.source_line = text if source_line is None else source_line
        self.original = text if original is None else original  # before card names were masked

    def span(self, line: int, column: int, length: int = 1) -> Span:
        """The span of (line, column) of this text, in file coordinates."""
        if line == 1:
            return Span(self.file, self.line, self.column + column - 1, self.source_line, length)
        return Span(self.file, self.line + line - 1, column, self.text.splitlines()[line - 1], length)


NAME_OPEN, NAME_FILL, NAME_CLOSE = "\u27ea", "\u00b7", "\u27eb"


def own_names(name: str) -> list[str]:
    """The ways a card's text names the card itself, longest first: its name, the name of each face
    of a card with two faces ('A // B'), and the short name before the comma of a name like
    'Gothmog, Morgul Lieutenant' (text may shorten such a name to its first part)."""
    found: list[str] = []
    for full in [name] + [face.strip() for face in name.split("//")]:
        for candidate in (full, full.split(",")[0].strip()):
            if len(candidate) >= 3 and candidate not in found:
                found.append(candidate)
    return sorted(found, key=len, reverse=True)


def mask_names(text: str, names: Iterable[str], self_name: str = "", skip: frozenset[str] = frozenset()) -> str:
    """Card names in text become single tokens of the same length (columns stay true): the
    card's own name becomes '~~~' (this object), another known name '⟪····⟫'."""
    for own in _own_patterns(self_name) if self_name else ():
        text = own.sub(lambda m: "~" * len(m.group(0)), text)
    pattern = _names_pattern(names if isinstance(names, frozenset) else frozenset(names), skip)
    if pattern is not None:
        text = pattern.sub(lambda m: NAME_OPEN + NAME_FILL * (len(m.group(0)) - 2) + NAME_CLOSE, text)
    return text


@functools.lru_cache(maxsize=8192)
def _own_patterns(name: str) -> tuple[re.Pattern, ...]:
    """The compiled patterns of a card's own names (a set's cards would overflow `re`'s own cache of 512),
    each not the start of another name ('Urza, Planeswalker' in the text of 'Urza, Lord Protector')."""
    return tuple(re.compile(rf"(?<![\w'~]){re.escape(own)}(?![\w'~]|, [A-Z])") for own in own_names(name))


@functools.lru_cache(maxsize=64)
def _names_pattern(names: frozenset[str], skip: frozenset[str]) -> re.Pattern | None:
    """One regular expression for all the names, longest first (a set of thousands of cards costs one
    pass); a frozenset keeps its hash, so a set's names are looked up at no cost. Names in `skip`
    (lowercase: words the grammar reads itself, like a basic land's subtype) are left alone."""
    names = frozenset(n for n in names if len(n) >= 2 and n.lower() not in skip)
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


def strip_reminder(text: str) -> str:
    """Reminder text in parentheses has no rules meaning (207.2)."""
    return _REMINDER.sub("", text).strip()


@v_args(meta=True)
class ToAst(Transformer):
    """Parse tree -> AST. One method per grammar rule (alias)."""

    def __init__(self, source: SourceText, grammar: "GrammarIndex", singular: Callable[[str], str]):
        super().__init__()
        self.source = source
        self.grammar = grammar
        self.singular = singular

    def _span(self, meta) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return self.source.span(meta.line, meta.column, max(1, meta.end_pos - meta.start_pos))

    # ---------------------------------------------------------- defaults
    def __default__(self, data, children, meta):
        name = str(data)
        prefix, _, index = name.partition("_")
        if prefix == "kwa":
            definition, pattern = self.grammar.keyword_actions[int(index)]
            return ast.KeywordAction(definition, self._args(pattern, children), span=self._span(meta))
        if prefix == "kwy":
            return ast.KeywordAction(self.grammar.you_triggers[int(index)], (), span=self._span(meta))
        if prefix == "kwt":
            definition, pattern = self.grammar.subject_triggers[int(index)]
            action = ast.KeywordAction(definition, self._args(pattern, [None] + children[1:]), span=self._span(meta))
            return (children[0], action)
        if prefix == "kwb":
            definition, pattern = self.grammar.keyword_abilities[int(index)]
            values = [str(c) if isinstance(c, Token) else c for c in children]
            return ast.KeywordAbility(definition, self._args(pattern, values), span=self._span(meta))
        if prefix == "sa":
            return ast.SpecialActionCommand(self.grammar.special_patterns[int(index)], str(children[0]).strip(),
                                            span=self._span(meta))
        if name in ("keyword_action", "special_action", "keyword_ability", "subject_trigger", "you_trigger",
                    "quality_or_none",
                    "enters", "cost_value"):
            return children[0] if children else None
        raise ValueError(f"no AST for grammar rule {name}")

    @staticmethod
    def _args(pattern: ast.Pattern, values: list) -> tuple[tuple[str, object], ...]:
        slots = [p for p in pattern.parts if isinstance(p, ast.Slot)]
        return tuple((slot.name, value) for slot, value in zip(slots, values))

    def keyword_name(self, meta, children):
        return str(children[0]).lower() if children else ""

    # ---------------------------------------------------------- values
    def number(self, meta, children):
        token = children[0]
        if isinstance(token, ast.Var):
            return token
        text = str(token).lower()
        if text == "x":
            return ast.XValue(span=self._span(meta))
        if text.isdigit() and len(text) > MAX_DIGITS:
            raise MtgError(Diagnostic("E101", f"the number {text[:12]}... is too large (more than {MAX_DIGITS} digits)",
                                      self._span(meta)))
        value = int(text) if text.isdigit() else NUMBER_WORDS[text]
        return ast.IntValue(value, span=self._span(meta))

    pt_number = number

    def CARD_NAME(self, token):
        """A masked card name: its words come back from the original text."""
        if str(token).startswith("'"):
            return str(token)[1:-1]
        return self.source.original[token.start_pos:token.end_pos]

    def named_object(self, meta, children):
        return ast.NamedObject(children[0], span=self._span(meta))

    def exile_both(self, meta, children):
        return ast.PutIntoZone(ast.Union_((children[0], children[1]), span=self._span(meta)), "exile",
                               span=self._span(meta))

    def var(self, meta, children):
        return children[0] if isinstance(children[0], ast.Var) else ast.Var(str(children[0])[1:-1].rstrip("?"),
                                                                            span=self._span(meta))

    def VAR(self, token):
        return ast.Var(str(token)[1:-1].rstrip("?"), span=self.source.span(token.line, token.column, len(token)))

    NUMBER_VAR = QUALITY_VAR = COST_VAR = NAME_VAR = VAR

    def card_name(self, meta, children):
        name = children[0]
        return str(name) if isinstance(name, Token) else name

    def quality_words(self, meta, children):
        if len(children) == 1 and isinstance(children[0], ast.Var):
            return children[0]
        pairs = [i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "QUALITY_PAIR"]
        if pairs:  # 'instant or sorcery card': one quality per alternative, the other words shared
            at = pairs[0]
            options = tuple(self.quality_words(meta, children[:at] + [Token("WORD", word)] + children[at + 1:])
                            for word in re.split(r",? (?:or|and) ", str(children[at])))
            return ast.QualityChoice(options, span=self._span(meta))
        words = [w if isinstance(w, ast.Var) else str(w) for w in children]
        card = False
        if words and isinstance(words[-1], str) and words[-1].lower() in ("card", "cards"):
            words, card = words[:-1], True
        return ast.Quality(tuple(w if isinstance(w, ast.Var) else self.singular(w) for w in words), card,
                           span=self._span(meta))

    # ---------------------------------------------------------- objects
    def top_card(self, meta, children):
        return ast.TopCards(ast.IntValue(1), span=self._span(meta))

    def top_cards(self, meta, children):
        return ast.TopCards(children[0], span=self._span(meta))

    def self_ref(self, meta, children):
        return ast.Self(span=self._span(meta))

    def other(self, meta, children):
        return True

    def target(self, meta, children):
        return ast.Target(children[1], other=bool(children[0]), **_where(children[1]), span=self._span(meta))

    def target_you_control(self, meta, children):
        return ast.Target(children[1], True, bool(children[0]), **_where(children[1]), span=self._span(meta))

    def up_to_targets(self, meta, children):
        return ast.UpToTargets(children[0], children[2], bool(children[1]), **_where(children[2]),
                               span=self._span(meta))

    def up_to_targets_in_zone(self, meta, children):
        count, other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.UpToTargets(count, quality, bool(other), zone, whose, span=self._span(meta))

    def _as_card(self, quality):
        """The quality with 'card' after it ('creature card')."""
        if isinstance(quality, ast.Quality):
            return ast.Quality(quality.words, True, span=quality.span)
        if isinstance(quality, ast.QualityChoice):
            return ast.QualityChoice(tuple(self._as_card(q) for q in quality.options), span=quality.span)
        return quality

    def target_opponent_controls(self, meta, children):
        return ast.Target(children[1], other=bool(children[0]), opponent_controls=True, **_where(children[1]),
                          span=self._span(meta))

    def target_in_zone(self, meta, children):
        other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.Target(quality, other=bool(other), zone=zone, whose=whose, span=self._span(meta))

    def another_target(self, meta, children):
        return ast.Target(children[0], other=True, **_where(children[0]), span=self._span(meta))

    def your_zone(self, meta, children):
        return (str(children[0]).lower(), "you")

    def opponents_zone(self, meta, children):
        return (str(children[0]).lower(), "an opponent")

    def any_zone(self, meta, children):
        return (str(children[0]).lower(), "any")

    def stack_zone(self, meta, children):
        return ("stack", "any")

    def any_target(self, meta, children):
        return ast.AnyTarget(span=self._span(meta))

    def each_permanent(self, meta, children):
        return ast.AllPermanents(children[0], span=self._span(meta))

    def counter_objects(self, meta, children):
        return ast.Counter(children[0], span=self._span(meta))

    def destroy(self, meta, children):
        return ast.Destroy(children[0], span=self._span(meta))

    def deal_damage(self, meta, children):
        return ast.DealDamage(children[0], children[1], children[2], span=self._span(meta))

    def deal_damage_power(self, meta, children):
        return ast.DealDamage(children[0], None, children[1], span=self._span(meta))

    def it(self, meta, children):
        return ast.It(span=self._span(meta))

    def each_of(self, meta, children):
        return children[0]

    def cards_outside_game(self, meta, children):
        return ast.CardsOutsideGame(children[0], span=self._span(meta))

    def cards_outside_game_one(self, meta, children):
        return ast.CardsOutsideGame(children[1], span=self._span(meta))

    def cards_in_zone(self, meta, children):
        return ast.CardsInZone(children[0], str(children[1]).lower(), span=self._span(meta))

    def permanents_you_control(self, meta, children):
        return ast.PermanentsYouControl(children[0], span=self._span(meta))

    def card_of(self, meta, children):
        return ast.CardOf(children[0], span=self._span(meta))

    def except_(self, meta, children):
        return ast.Except(children[0], children[1], span=self._span(meta))

    def cards_or_permanents(self, meta, children):
        """'Dragon cards in your hand or Dragon permanents you control' (701.4a)."""
        return ast.Union_((ast.CardsInZone(children[0], str(children[1]).lower(), span=self._span(meta)),
                           ast.PermanentsYouControl(children[2], span=self._span(meta))), span=self._span(meta))

    # ---------------------------------------------------------- conditions
    def was_event(self, meta, children):
        return ast.WasEvent(children[0], children[1], str(children[2]).lower(), span=self._span(meta))

    def is_face_down_as(self, meta, children):
        return ast.IsFaceDownAs(children[0], tuple(str(w).lower() for w in children[1:]), span=self._span(meta))

    def card_word(self, meta, children):
        return True

    def is_quality(self, meta, children):
        quality = children[1]
        if children[2] and isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.IsQuality(children[0], quality, span=self._span(meta))

    def has_mana_cost(self, meta, children):
        return ast.HasManaCost(children[0], span=self._span(meta))

    def you_control(self, meta, children):
        return ast.YouControl(children[0], span=self._span(meta))

    def you_control_a(self, meta, children):
        return ast.YouControl(ast.PermanentsYouControl(children[0], span=self._span(meta)), span=self._span(meta))

    def you_did(self, meta, children):
        return ast.YouDid(span=self._span(meta))

    def you_did_not(self, meta, children):
        return ast.YouDid(True, span=self._span(meta))

    def you_control_none(self, meta, children):
        return ast.YouControlNone(children[0], span=self._span(meta))

    def has_no_counters(self, meta, children):
        return ast.HasNoCounters(children[0], children[1], span=self._span(meta))

    def is_permanent(self, meta, children):
        return ast.IsPermanent(children[0], span=self._span(meta))

    def has_keyword(self, meta, children):
        return ast.HasKeyword(children[0], children[1], span=self._span(meta))

    def is_in_zone(self, meta, children):
        return ast.IsInZone(children[0], str(children[1]).lower(), span=self._span(meta))

    def no_room_card(self, meta, children):
        return ast.NoRoomCard(span=self._span(meta))

    def marker_at_bottom(self, meta, children):
        return ast.MarkerAtBottom(span=self._span(meta))

    def enter_room_card(self, meta, children):
        return ast.EnterRoomCard(children[1], span=self._span(meta))

    def complete_room_card(self, meta, children):
        return ast.CompleteRoomCard(span=self._span(meta))

    def advance_marker(self, meta, children):
        return ast.AdvanceMarker(span=self._span(meta))

    def your_turn(self, meta, children):
        return ast.YourTurn(span=self._span(meta))

    # ---------------------------------------------------------- effects
    def one_card(self, meta, children):
        return ast.IntValue(1, span=self._span(meta))

    def card_count(self, meta, children):
        return children[0]

    def draw(self, meta, children):
        return ast.Draw(children[0], span=self._span(meta))

    def mill(self, meta, children):
        return ast.Mill(children[0], span=self._span(meta))

    def shuffle(self, meta, children):
        return ast.Shuffle(span=self._span(meta))

    def counter_kind(self, meta, children):
        return str(children[0])

    def counter_amount(self, meta, children):
        return (children[0], children[1])

    def put_counters(self, meta, children):
        (count, kind), objects = children
        return ast.PutCounters(count, kind, objects, span=self._span(meta))

    def zone(self, meta, children):
        return str(children[0]).lower()

    owners_zone = zone

    def put_into_zone(self, meta, children):
        return ast.PutIntoZone(children[0], children[1], span=self._span(meta))

    def face_down_as(self, meta, children):
        return (str(children[0]).lower(), children[1])

    def put_onto_battlefield_face_down(self, meta, children):
        way, ability = children[1]
        return ast.PutOntoBattlefield(children[0], way, ability, span=self._span(meta))

    def exile(self, meta, children):
        objects = children[0]
        if isinstance(objects, ast.CardsInZone) and objects.count is not None and not children[1]:
            # 'exile three cards from your graveyard': the player chooses them; fewer can't be exiled
            return ast.ExileFromZone(objects.count, objects.quality, objects.zone, span=self._span(meta))
        way = children[1][0] if children[1] else None
        return ast.PutIntoZone(objects, "exile", way, span=self._span(meta))

    def discard(self, meta, children):
        return ast.Discard(children[0], span=self._span(meta))

    def discard_quality(self, meta, children):
        quality = children[1]
        if isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.Discard(children[0], quality, span=self._span(meta))

    def discard_objects(self, meta, children):
        return ast.Discard(ast.IntValue(1), objects=children[0], span=self._span(meta))

    def again(self, meta, children):
        return ast.Repeat(children[0], ast.IntValue(1), span=self._span(meta))

    def twice(self, meta, children):
        return ast.Repeat(children[0], ast.IntValue(2), span=self._span(meta))

    def times(self, meta, children):
        return ast.Repeat(children[0], children[1], span=self._span(meta))

    def times_count(self, meta, children):
        text = str(children[0])
        return ast.XValue(span=self._span(meta)) if text.lower() == "x" else ast.IntValue(int(text),
                                                                                        span=self._span(meta))

    def attach(self, meta, children):
        return ast.Attach(children[0], children[1], span=self._span(meta))

    def each_card_in_zone(self, meta, children):
        quality, card, zone = children
        return ast.CardsInZone(self._as_card(quality) if card else quality, str(zone).lower(),
                               span=self._span(meta))

    def with_keyword(self, meta, children):
        return ("keyword", children[0])

    def stat(self, meta, children):
        return " ".join(str(c).lower() for c in children)

    def with_stat(self, meta, children):
        stat, value = children[0], children[1]
        text = self.source.text[meta.start_pos:meta.end_pos].lower() if not meta.empty else ""
        return ("stat", stat, value, text.rstrip().endswith("less"))

    def _with(self, quality, clause):
        if clause[0] == "keyword":
            return ast.QualityWith(quality, keyword=clause[1], span=quality.span)
        _, stat, value, at_most = clause
        return ast.QualityWith(quality, stat=stat, value=value, at_most=at_most, span=quality.span)

    def target_with(self, meta, children):
        other, quality, card, clause, own, place = children
        quality = self._as_card(quality) if card else quality
        zone, whose = place if place else (("stack", "any") if _names_spell(quality) else (None, None))
        if own:
            whose = "you"
        elif zone is not None and whose is None:
            whose = "any"
        return ast.Target(self._with(quality, clause), other=bool(other), zone=zone, whose=whose,
                          span=self._span(meta))

    def counted_cards_with(self, meta, children):
        count, quality, _, clause, zone = children
        return ast.CardsInZone(self._with(self._as_card(quality), clause), str(zone).lower(), count,
                               span=self._span(meta))

    def keyword_cost_is_mana_cost(self, meta, children):
        return ast.KeywordCostIs(children[0], span=self._span(meta))

    def tap(self, meta, children):
        return ast.Tap(children[0], span=self._span(meta))

    def untap(self, meta, children):
        return ast.Tap(children[0], True, span=self._span(meta))

    def return_to_zone(self, meta, children):
        return ast.Return(children[0], children[1], span=self._span(meta))

    def return_to_battlefield(self, meta, children):
        return ast.Return(children[0], "battlefield", span=self._span(meta))

    def counted_permanents(self, meta, children):
        return ast.PermanentsYouControl(children[1], children[0], span=self._span(meta))

    def another_permanent(self, meta, children):
        return ast.PermanentsYouControl(children[0], ast.IntValue(1), True, span=self._span(meta))

    def counted_cards_in_zone(self, meta, children):
        count, quality, zone = children
        if isinstance(quality, ast.Quality):
            quality = ast.Quality(quality.words, True, span=quality.span)
        return ast.CardsInZone(quality, str(zone).lower(), count, span=self._span(meta))

    def scry(self, meta, children):
        return ast.Scry(children[0], span=self._span(meta))

    def color(self, meta, children):
        return str(children[0]).lower()

    def color_words(self, meta, children):
        return tuple(children)

    def colorless(self, meta, children):
        return ()

    def pt(self, meta, children):
        if len(children) == 2:
            return tuple(children)
        return tuple(ast.IntValue(int(x), span=self._span(meta)) for x in str(children[0]).split("/"))

    def or_both(self, meta, children):
        return True

    def mode(self, meta, children):
        return (children[0], children[1])

    def mode_name(self, meta, children):
        return self._label(meta)

    def ability_word(self, meta, children):
        return self._label(meta)

    def _label(self, meta) -> str:
        text = self.source.text[meta.start_pos:meta.end_pos] if not meta.empty else ""
        return re.sub(r"\s*[\u2014-]\s*$", "", text).strip()

    def modal(self, meta, children):
        count, both, *modes = children
        names = tuple(name for name, _ in modes)
        return ast.Modal(count, tuple(effect for _, effect in modes), bool(both),
                         names if any(names) else (), span=self._span(meta))

    def mode_line(self, meta, children):
        name, effect = children[0]
        return ast.ModeLine(effect, name, span=self._span(meta))

    def labeled_ability(self, meta, children):
        label, ability = children
        return dataclasses.replace(ability, label=label)

    CHAPTER_NUMBERS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}

    def chapter_ability(self, meta, children):
        token, effect = children
        chapters = tuple(self.CHAPTER_NUMBERS[c.strip()] for c in str(token).split(","))
        trigger = ast.ChapterTrigger(chapters, span=self.source.span(token.line, token.column, len(token)))
        return ast.TriggeredAbility(trigger, effect, span=self._span(meta))

    def effect_choice(self, meta, children):
        return ast.EffectChoice(tuple(children), span=self._span(meta))

    def exile_from_zone(self, meta, children):
        return ast.ExileFromZone(children[0], children[1], str(children[2]).lower(), span=self._span(meta))

    def exile_total_mana_value(self, meta, children):
        return ast.ExileTotalManaValue(str(children[0]).lower(), children[1], span=self._span(meta))

    def token_spec(self, meta, children):
        legendary, (power, toughness), colors, quality, ability = children
        return dict(power=power, toughness=toughness, colors=colors, quality=quality, legendary=bool(legendary),
                    with_ability=ability)

    def create_token(self, meta, children):
        return ast.CreateToken(children[0], **children[1], span=self._span(meta))

    def token_name(self, meta, children):
        return " ".join(str(c) for c in children)

    def create_named_spec_token(self, meta, children):
        return ast.CreateToken(ast.IntValue(1), **children[1], name=children[0], span=self._span(meta))

    def is_pair_for(self, meta, children):
        return ast.IsPairFor(children[0], children[1], span=self._span(meta))

    def put_combined(self, meta, children):
        return ast.PutCombined(children[0], children[1], span=self._span(meta))

    def create_copy(self, meta, children):
        return ast.CreateCopy(children[0], span=self._span(meta))

    def you_player(self, meta, children):
        return ast.Players("you", span=self._span(meta))

    def each_opponent(self, meta, children):
        return ast.Players("each opponent", span=self._span(meta))

    def each_player(self, meta, children):
        return ast.Players("each player", span=self._span(meta))

    def target_player(self, meta, children):
        return ast.Players("target player", span=self._span(meta))

    def target_opponent(self, meta, children):
        return ast.Players("target opponent", span=self._span(meta))

    def gain_life(self, meta, children):
        return ast.GainLife(children[0], children[2], span=self._span(meta))

    def lose_life(self, meta, children):
        return ast.LoseLife(children[0], children[2], span=self._span(meta))

    def lose_life_unless(self, meta, children):
        return ast.LoseLife(children[0], children[2], children[3], span=self._span(meta))

    def gain(self, meta, children):
        return None

    lose = gain

    def sacrifice_list(self, meta, children):
        pairs = tuple(zip(children[0::2], children[1::2]))
        text = self.source.text[meta.start_pos:meta.end_pos].lower() if not meta.empty else ""
        return (pairs, " or " in text)

    def sacrifice(self, meta, children):
        pairs, any_one = children[0]
        return ast.Sacrifice(pairs, any_one, span=self._span(meta))

    def sacrifice_another(self, meta, children):
        return ast.Sacrifice(((ast.IntValue(1), children[0]),), other=True, span=self._span(meta))

    def until_your_next_turn(self, meta, children):
        return "until your next turn"

    def until_end_of_turn(self, meta, children):
        return "until end of turn"

    def pump(self, meta, children):
        return ast.Pump(children[0], str(children[1]), children[2], span=self._span(meta))

    def grant_keyword(self, meta, children):
        objects, abilities, duration = children
        grants = tuple(ast.GrantKeyword(objects, a, duration, span=self._span(meta)) for a in abilities)
        return grants[0] if len(grants) == 1 else ast.Sequence(grants, span=self._span(meta))

    def keyword_list(self, meta, children):
        return tuple(children)

    def blocked_by(self, meta, children):
        quality, clause = children
        return self._with(quality, clause) if clause else quality

    def cant_be_blocked_by(self, meta, children):
        return ast.CantBlock(children[0], children[2], True, children[1], span=self._span(meta))

    # one subject, several predicates: each is a function of the subject and a duration
    def pred_pump(self, meta, children):
        change, duration = children
        return (lambda objects, d: ast.Pump(objects, str(change), d, span=self._span(meta)), duration)

    def pred_grant(self, meta, children):
        abilities, duration = children
        return (lambda objects, d: [ast.GrantKeyword(objects, a, d, span=self._span(meta)) for a in abilities],
                duration)

    def pred_cant_attack(self, meta, children):
        return (lambda objects, d: ast.CantAttack(objects, d, span=self._span(meta)), children[0])

    def pred_cant_block(self, meta, children):
        return (lambda objects, d: ast.CantBlock(objects, d, span=self._span(meta)), children[0])

    def pred_cant_be_blocked(self, meta, children):
        by, duration = children
        return (lambda objects, d: ast.CantBlock(objects, d, True, by, span=self._span(meta)), duration)

    def shared_subject(self, meta, children):
        """'it gets +1/+0 and gains deathtouch until end of turn': a predicate without its own duration
        lasts as long as the next one that has one (611.2)."""
        objects, *predicates = [c for c in children if not isinstance(c, Token)]
        effects: list = []
        for n, (make, duration) in enumerate(predicates):
            if duration is None:
                duration = next((d for _, d in predicates[n + 1:] if d is not None), None)
            if duration is None:
                raise MtgError(Diagnostic("E101", "a change to an object needs a duration ('until end of turn')",
                                          self._span(meta)))
            made = make(objects, duration)
            effects.extend(made if isinstance(made, list) else [made])
        return ast.Sequence(tuple(effects), span=self._span(meta))

    def add_one_color(self, meta, children):
        return ast.AddMana(count=children[0], any_color=True, one_color=True, span=self._span(meta))

    def counter_objects_unless(self, meta, children):
        objects, cost = children
        return ast.CounterUnlessPays(cost if isinstance(cost, ast.Var) else str(cost), objects,
                                     span=self._span(meta))

    def exile_until(self, meta, children):
        return ast.ExileUntil(children[0], span=self._span(meta))

    def shuffle_into(self, meta, children):
        return ast.ShuffleInto(children[0], children[1], span=self._span(meta))

    def top_card_of_that_player(self, meta, children):
        return ast.TopCards(ast.IntValue(1), "that player", span=self._span(meta))

    def attached_object(self, meta, children):
        return ast.AttachedSubject(str(children[0]).lower(), children[1], span=self._span(meta))

    def attached_to(self, meta, children):
        return str(children[0]).lower()

    def leaves_graveyard_verb(self, meta, children):
        return ("leaves your graveyard", {})

    def subject_action_object_trigger(self, meta, children):
        (subject, action), objects = children
        return ast.SubjectActionTrigger(subject, action, objects, span=self._span(meta))

    def put_counter_list(self, meta, children):
        *amounts, objects = children
        return ast.Sequence(tuple(ast.PutCounters(count, kind, objects, span=self._span(meta))
                                  for count, kind in amounts), span=self._span(meta))

    def prevent_damage(self, meta, children):
        combat, objects, duration = children
        return ast.PreventDamage(objects, bool(combat), duration, span=self._span(meta))

    def may_play_until(self, meta, children):
        return ast.MayPlay(children[0], "until the end of your next turn", span=self._span(meta))

    def becomes_with(self, meta, children):
        return ast.Becomes(children[0], children[1], children[2], span=self._span(meta))

    def put_onto_battlefield_status(self, meta, children):
        if str(children[1]).lower() != "tapped":
            raise MtgError(Diagnostic("E101", "a permanent enters tapped or not at all 'untapped'",
                                      self._span(meta)))
        return ast.PutOntoBattlefield(children[0], tapped=True, span=self._span(meta))

    def you_do(self, meta, children):
        """'you scry 1': the controller does it, as if the sentence began with the verb."""
        return children[0]

    def paid(self, meta, children):
        return str(children[0]).lower()

    def paid_object(self, meta, children):
        return ast.PaidObject(children[0], children[1], span=self._span(meta))

    def you_own(self, meta, children):
        return True

    def target_exiled(self, meta, children):
        quality, clause, _ = children
        return ast.Target(self._with(self._as_card(quality), clause), zone="exile", whose="you",
                          span=self._span(meta))

    def was_quality(self, meta, children):
        objects, quality = children[0], children[1]
        if len(children) > 2 and children[2]:
            quality = self._as_card(quality)
        return ast.WasQuality(objects, quality, span=self._span(meta))

    def unlock_trigger(self, meta, children):
        return ast.UnlockTrigger(span=self._span(meta))

    def delayed_trigger(self, meta, children):
        subject, (event, fields), effect = children
        return ast.DelayedTrigger(self._subject_trigger(subject, event, fields, meta), effect, span=self._span(meta))

    def during_your_turn_condition(self, meta, children):
        return ast.YourTurn(span=self._span(meta))

    def as_long_as(self, meta, children):
        return children[0]

    def grant_cost(self, meta, children):
        return children[0]

    def static_grant(self, meta, children):
        condition, objects, abilities, *rest = children
        cost_keyword = rest[0] if rest else None
        if cost_keyword is not None:
            ability = abilities[-1]
            if (not isinstance(ability, ast.KeywordAbility) or cost_keyword != ability.name or not ability.args
                    or any(v is not None for _, v in ability.args)):
                raise MtgError(Diagnostic("E101", f"'the {cost_keyword} cost' must follow a grant of "
                                          f"{cost_keyword} without a cost", self._span(meta)))
            ability = ast.KeywordAbility(ability.name, ((ability.args[0][0], ast.ManaCostOf(ast.It())),),
                                         span=ability.span)
            abilities = abilities[:-1] + (ability,)
        if isinstance(objects, ast.AttachedSubject) and condition is None:
            # 'Enchanted creature has flying and "Whenever ..."' (613.1f): the permanent it is attached to
            return ast.AttachedGrant(objects.attachment, objects.quality, abilities, span=self._span(meta))
        return ast.StaticGrant(objects, abilities, condition, span=self._span(meta))

    def grant_list(self, meta, children):
        return tuple(children)

    def quoted_ability(self, meta, children):
        return children[0]

    def grant_until_end_of_turn(self, meta, children):
        return ast.GrantKeyword(children[0], children[1], "until end of turn", span=self._span(meta))

    def plain_zone(self, meta, children):
        return (str(children[0]).lower(), None)

    def cost_change(self, meta, children):
        _, amount, less_more, per = children
        return ast.CostChange(str(amount), str(less_more).lower() == "less", per, span=self._span(meta))

    def cost_reduced(self, meta, children):
        _, amount, per = children
        return ast.CostChange(str(amount), True, per, span=self._span(meta))

    def this_spell_cost_change(self, meta, children):
        _, amount, less_more, scale = children
        return ast.SpellCostChange(self._spell_cost_change(amount, less_more, scale, meta), span=self._span(meta))

    def spells_cost_change(self, meta, children):
        quality, casters, amount, less_more, scale = children
        return ast.SpellCostChange(self._spell_cost_change(amount, less_more, scale, meta), casters or "each",
                                   quality, span=self._span(meta))

    def _spell_cost_change(self, amount, less_more, scale, meta) -> ast.CostChange:
        per, condition = (None, scale[1]) if isinstance(scale, tuple) else (scale, None)
        return ast.CostChange(str(amount), str(less_more).lower() == "less", per, condition, span=self._span(meta))

    def cost_condition(self, meta, children):
        return ("if", children[0])

    def casters_you(self, meta, children):
        return "you"

    def casters_opponents(self, meta, children):
        return "opponents"

    def for_each(self, meta, children):
        return children[0]

    def for_each_card(self, meta, children):
        return ast.CardsInZone(self._as_card(children[0]), str(children[1]).lower(), span=self._span(meta))

    def for_each_other(self, meta, children):
        return ast.PermanentsYouControl(children[1], other=True, span=self._span(meta))

    def keyword_with_cost_change(self, meta, children):
        return ast.KeywordAbilities((children[0],), (children[1],), span=self._span(meta))

    def cards_in_graveyards(self, meta, children):
        return ast.CardsInZone(children[0], "graveyard", all_players=True, span=self._span(meta))

    def named_permanent(self, meta, children):
        return ast.NamedPermanent(children[0], children[1], span=self._span(meta))

    def own_and_control(self, meta, children):
        return ast.OwnAndControl((children[0], children[1]), span=self._span(meta))

    def cant_attack(self, meta, children):
        return ast.CantAttack(children[0], children[1], span=self._span(meta))

    def cant_block(self, meta, children):
        return ast.CantBlock(children[0], children[1], span=self._span(meta))

    def cant_be_blocked(self, meta, children):
        return ast.CantBlock(children[0], children[1], True, span=self._span(meta))

    def search(self, meta, children):
        return ast.Search(children[0], children[1], children[2], span=self._span(meta))

    def may_play(self, meta, children):
        return ast.MayPlay(children[0], span=self._span(meta))

    def cast_free(self, meta, children):
        return ast.CastFree(children[0], children[1], span=self._span(meta))

    def put_from_among_with_counters(self, meta, children):
        count, quality, objects, (amount, kind) = children
        return ast.PutFromAmong(count, quality, objects, amount, kind, span=self._span(meta))

    def create_named_token(self, meta, children):
        return ast.CreateNamedToken(str(children[0]), span=self._span(meta))

    def add_types(self, meta, children):
        return ast.AddTypes(children[0], children[1], span=self._span(meta))

    def designate(self, meta, children):
        return ast.Designate(children[0], str(children[1]).lower(), span=self._span(meta))

    def skip_untap(self, meta, children):
        return ast.SkipUntap(children[0], span=self._span(meta))

    def optional(self, meta, children):
        return ast.Optional(children[0], span=self._span(meta))

    def pay_keyword_cost(self, meta, children):
        return ast.PayKeywordCost(children[0], children[1], span=self._span(meta))

    def otherwise(self, meta, children):
        return ast.Otherwise(children[0], span=self._span(meta))

    def otherwise_if(self, meta, children):
        return ast.Otherwise(ast.Conditional(children[0], children[1], span=self._span(meta)), span=self._span(meta))
    def put_onto_battlefield(self, meta, children):
        return ast.PutOntoBattlefield(children[0], span=self._span(meta))

    def binding(self, meta, children):
        return children[0].name

    def look(self, meta, children):
        return ast.Look(children[0], children[1], span=self._span(meta))

    def choose(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], span=self._span(meta))

    def choose_if_able(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], if_able=True, span=self._span(meta))

    def choose_up_to(self, meta, children):
        return ast.Choose(children[0], children[1], children[2], up_to=True, span=self._span(meta))

    def reveal(self, meta, children):
        return ast.Reveal(children[0], children[1], span=self._span(meta))

    def turn_face_up(self, meta, children):
        return ast.TurnFaceUp(children[0], span=self._span(meta))

    def pay_mana(self, meta, children):
        return ast.PayMana(str(children[0]), span=self._span(meta))

    def pay_mana_cost_of(self, meta, children):
        return ast.PayManaCostOf(children[0], span=self._span(meta))

    def require(self, meta, children):
        text = self.source.text[meta.start_pos:meta.end_pos] if not meta.empty else ""
        text = re.sub(r"\s*\(rule [^)]*\)$", "", re.sub(r"^require\s+", "", text, flags=re.I))
        rule = str(children[1])[6:-1] if children[1] else None
        return ast.Require(children[0], text, rule, span=self._span(meta))

    def record_event(self, meta, children):
        return ast.RecordEvent(str(children[0]), span=self._span(meta))

    def record_event_each(self, meta, children):
        return ast.RecordEvent(str(children[0]), children[1], span=self._span(meta))

    def effect_chain(self, meta, children):
        """'A, B, then C'. In 'you may A, B, then C' the 'may' covers the rest of the chain: a player
        who doesn't search doesn't put the card into their hand or shuffle (608.2c)."""
        effects, span = list(children), self._span(meta)
        n = next((n for n, e in enumerate(effects[:-1]) if isinstance(e, ast.Optional)), None)
        if n is not None:
            first = effects[n]
            rest = ast.Sequence((first.effect, *effects[n + 1:]), span=_through(first.effect.span, span))
            effects[n:] = [ast.Optional(rest, span=_through(first.span, span))]
        return effects[0] if len(effects) == 1 else ast.Sequence(tuple(effects), span=span)

    def conditional(self, meta, children):
        return ast.Conditional(children[0], children[1], span=self._span(meta))

    def sentences(self, meta, children):
        effects = join_instead(join_keyword_costs(join_otherwise(children, strict=False)))
        return effects[0] if len(effects) == 1 else ast.Sequence(tuple(effects), span=self._span(meta))

    def effect_text(self, meta, children):
        return children[0]

    # ---------------------------------------------------------- abilities
    def enters_trigger(self, meta, children):
        return ast.EntersTrigger(span=self._span(meta))

    def you_action_trigger(self, meta, children):
        return ast.YouActionTrigger(children[0], children[1], span=self._span(meta))

    def subject_action_trigger(self, meta, children):
        subject, action = children[0]
        return ast.SubjectActionTrigger(subject, action, span=self._span(meta))

    def by_opponent(self, meta, children):
        return True

    def counter_unless_pays(self, meta, children):
        cost = children[0]
        return ast.CounterUnlessPays(cost if isinstance(cost, ast.Var) else str(cost), span=self._span(meta))

    def subject_filter(self, meta, children):
        quality, card, control = children
        quality = self._as_card(quality) if card else quality
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
        return ast.SubjectFilter(children[0], children[1] == "you", children[1], one_or_more=True,
                                 span=self._span(meta))

    def self_or_other_subject(self, meta, children):
        _, quality, control, clause = children
        quality = self._with(quality, clause) if clause else quality
        return ast.SubjectFilter(quality, control == "you", control, other=True, or_self=True,
                                 span=self._span(meta))

    def attached_subject(self, meta, children):
        return ast.AttachedSubject(str(children[0]).lower(), children[1], span=self._span(meta))

    # ---------------------------------------------------------- trigger events
    def enters_verb(self, meta, children):
        return ("enters", {"under_your_control": bool(children[0])})

    def dies_verb(self, meta, children):
        return ("dies", {})

    def attacks_verb(self, meta, children):
        return ("attacks", {})

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


    def as_though_flash(self, meta, children):
        return ast.AsThoughFlash(children[0], span=self._span(meta))

    def you_discard_trigger(self, meta, children):
        return ast.PlayerEventTrigger("discard", children[0], span=self._span(meta))

    def you_gain_life_trigger(self, meta, children):
        return ast.PlayerEventTrigger("gain life", span=self._span(meta))

    def reminder_only(self, meta, children):
        return ast.ReminderOnly(span=self._span(meta))

    def is_status(self, meta, children):
        return ast.IsStatus(children[0], str(children[1]).lower(), span=self._span(meta))

    def died_this_turn(self, meta, children):
        return ast.DiedThisTurn(children[0], children[1], span=self._span(meta))

    def you_cast_it(self, meta, children):
        return ast.YouCastIt(span=self._span(meta))

    def spell_was(self, meta, children):
        return ast.SpellWas(str(children[0]).lower(), span=self._span(meta))

    def spell_cast_from(self, meta, children):
        return ast.SpellWas(zone=str(children[0]).lower(), span=self._span(meta))

    def instead(self, meta, children):
        return ast.Instead(children[0], children[1], span=self._span(meta))

    def where_x(self, meta, children):
        return ast.WhereX(children[0], children[2], span=self._span(meta))

    def count_of(self, meta, children):
        return ast.CountOf(children[0], span=self._span(meta))

    def turn_face_down(self, meta, children):
        return ast.TurnFaceDown(children[0], span=self._span(meta))

    def all_yours(self, meta, children):
        return ast.AllPermanents(children[1], True, bool(children[0]), span=self._span(meta))

    def all_permanents(self, meta, children):
        return ast.AllPermanents(children[1], other=bool(children[0]), span=self._span(meta))

    def counted_targets(self, meta, children):
        count, other, quality = children
        return ast.Target(quality, other=bool(other), count=count, **_where(quality), span=self._span(meta))

    def counted_targets_in_zone(self, meta, children):
        count, other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.Target(quality, other=bool(other), zone=zone, whose=whose, count=count, span=self._span(meta))

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

    def damaged_objects(self, meta, children):
        return children[0]

    def subject_event_trigger(self, meta, children):
        subject, *verbs = children
        triggers = [self._subject_trigger(subject, event, fields, meta) for event, fields in verbs]
        return triggers[0] if len(triggers) == 1 else ast.EitherTrigger(tuple(triggers), span=self._span(meta))

    def _subject_trigger(self, subject, event: str, fields: dict, meta) -> ast.Node:
        """The trigger for SUBJECT VERB: the source's own entering, turning face up and becoming a target have
        their own kinds; every other is a SubjectTrigger."""
        if isinstance(subject, ast.Self) and event == "enters" and not fields["under_your_control"]:
            return ast.EntersTrigger(span=self._span(meta))
        if isinstance(subject, ast.Self) and event == "turned face up":
            return ast.TurnedFaceUpTrigger(span=self._span(meta))
        if isinstance(subject, ast.Self) and event == "becomes target":
            return ast.BecomesTargetTrigger(fields["by_opponent"], span=self._span(meta))
        if event in ("turned face up", "becomes target"):
            raise MtgError(Diagnostic("E101", f"'{event}' is understood only of the object itself (this "
                                      "permanent)", self._span(meta)))
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
        return ast.CastTrigger("you", children[0], from_zone=children[1], span=self._span(meta))

    def opponent_cast_trigger(self, meta, children):
        return ast.CastTrigger("an opponent", children[0], span=self._span(meta))

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

    def owner_next(self, meta, children):
        return "the next"

    def step_name(self, meta, children):
        return " ".join(str(c).lower() for c in children)

    def phase(self, meta, children):
        return (children[1], children[0])

    def combat_on_your_turn(self, meta, children):
        return ("combat", "your")

    def phase_trigger(self, meta, children):
        step, whose = children[0]
        return ast.PhaseTrigger(step, whose, span=self._span(meta))

    def keyword_abilities(self, meta, children):
        return ast.KeywordAbilities(tuple(children), span=self._span(meta))

    # ---------------------------------------------------------- static abilities
    def cast_zone(self, meta, children):
        return str(children[0]).lower()

    def cast_face_down(self, meta, children):
        power, toughness = (int(x) for x in str(children[0]).split("/"))
        return ast.FaceDownCast(power, toughness, children[1], children[2], span=self._span(meta))

    def cast_condition(self, meta, children):
        return str(children[0]).lower()

    def spell_condition(self, meta, children):
        out = []
        for quality in children:
            out.extend(quality.options if isinstance(quality, ast.QualityChoice) else (quality,))
        return tuple(out)

    def cast_permission(self, meta, children):
        zone, spell_types, face_down, cost, condition = children
        cost = cost if isinstance(cost, ast.Var) else str(cost)
        return ast.CastPermission(zone or "hand", face_down, cost, condition, spell_types or (),
                                  span=self._span(meta))

    def exile_instead(self, meta, children):
        return ast.ExileInstead(children[0], span=self._span(meta))

    def static_ability(self, meta, children):
        return children[0]

    def triggered_ability(self, meta, children):
        condition, effect = intervening_if(children[1])
        return ast.TriggeredAbility(children[0], effect, condition=condition, span=self._span(meta))

    def mana_cost_item(self, meta, children):
        return ast.CostItem("mana", str(children[0]), span=self._span(meta))

    def sacrifice_self_cost(self, meta, children):
        return ast.CostItem("sacrifice self", span=self._span(meta))

    def loyalty_cost(self, meta, children):
        text = str(children[0])[1:-1].replace("\u2212", "-")
        amount = ast.XValue(span=self._span(meta)) if text.lstrip("+-") in ("X", "x") else ast.IntValue(
            int(text), span=self._span(meta))
        return ast.CostItem("loyalty", text, amount, span=self._span(meta))

    def action_cost(self, meta, children):
        return ast.CostItem("action", effect=children[0], span=self._span(meta))

    def as_sorcery(self, meta, children):
        return ast.ActivationLimit("as a sorcery", span=self._span(meta))

    def only_if(self, meta, children):
        return ast.ActivationLimit("if", children[0], span=self._span(meta))

    def once_each_turn(self, meta, children):
        return ast.ActivationLimit("once each turn", span=self._span(meta))

    def during_your_turn(self, meta, children):
        return ast.ActivationLimit("during your turn", span=self._span(meta))

    def activation_limits(self, meta, children):
        return tuple(children)

    def keyword_costs(self, meta, children):
        name, *costs = children
        slots = [part for keyword, pattern in self.grammar.keyword_abilities if keyword == name
                 for part in pattern.parts if isinstance(part, ast.Slot) and part.type == "cost"]
        if not slots:
            raise MtgError(Diagnostic("E101", f"'{name}' takes no cost", self._span(meta)))
        text = self.source.original[meta.start_pos:meta.end_pos] if not meta.empty else ""
        text = re.sub(r"^[^\u2014-]*[\u2014-]\s*", "", text).rstrip(". ")
        ability = ast.KeywordAbility(name, ((slots[0].name, ast.Costs(tuple(costs), text, span=self._span(meta))),),
                                     span=self._span(meta))
        return ast.KeywordAbilities((ability,), span=self._span(meta))

    def life_cost(self, meta, children):
        return ast.CostItem("life", amount=children[0], span=self._span(meta))

    def activated_ability(self, meta, children):
        text = self.source.original[meta.start_pos:meta.end_pos] if not meta.empty else ""
        *costs, effect, change, limits = children
        return ast.ActivatedAbility(tuple(costs), effect, text.split(":")[0].strip(), limits or (),
                                    cost_changes=(change,) if change else (), span=self._span(meta))

    def add_mana(self, meta, children):
        return ast.AddMana(str(children[0]), span=self._span(meta))

    def add_any_color(self, meta, children):
        return ast.AddMana(count=children[0], any_color=True, span=self._span(meta))

    def add_land_type(self, meta, children):
        return ast.AddMana(count=children[0], land_types=True, span=self._span(meta))

    def additional_cost(self, meta, children):
        optional, *options = children
        return ast.AdditionalCost(tuple(options), bool(optional), span=self._span(meta))

    def may(self, meta, children):
        return True

    def cost_and_then(self, meta, children):
        return ast.Sequence(tuple(children), span=self._span(meta))

    def attack_cost(self, meta, children):
        return ast.AttackCost(children[0], children[1] if len(children) > 1 else None, span=self._span(meta))

    def reflexive_trigger(self, meta, children):
        return ast.ReflexiveTrigger(children[0], span=self._span(meta))

    def spell_ability(self, meta, children):
        return ast.SpellAbility(children[0], span=self._span(meta))

    def ability(self, meta, children):
        return children[0]

    # ---------------------------------------------------------- commands
    def resolve_command(self, meta, children):
        return ast.ResolveCommand(span=self._span(meta))

    def cast_from(self, meta, children):
        return ("from_zone", str(children[0]).lower())

    def cast_face_down_option(self, meta, children):
        return ("face_down", True)

    def cast_using(self, meta, children):
        return ("using", str(children[0]).lower())

    def cast_command(self, meta, children):
        return ast.CastCommand(str(children[0]).strip(), **dict(children[1:]), span=self._span(meta))

    def activate_command(self, meta, children):
        return ast.ActivateCommand(str(children[0]).strip(), span=self._span(meta))

    def command(self, meta, children):
        return children[0]


def _names_spell(quality: ast.QualityExpr) -> bool:
    """Whether a target's quality says it is a spell ('target spell with mana value 4 or greater'):
    spells are on the stack (112.1, 115.1)."""
    if isinstance(quality, ast.QualityWith):
        return _names_spell(quality.quality)
    if isinstance(quality, ast.QualityChoice):
        return all(_names_spell(q) for q in quality.options)
    return isinstance(quality, ast.Quality) and any(str(w).lower() == "spell" for w in quality.words)


def _where(quality: ast.QualityExpr) -> dict[str, str]:
    """Where a target is when its words don't say: a spell on the stack, else a permanent (115.1)."""
    return {"zone": "stack", "whose": "any"} if _names_spell(quality) else {}


def join_otherwise(effects: list, strict: bool = True) -> list:
    """Attach each 'Otherwise, ...' to the conditional just before it.

    Not strict, a leading 'Otherwise' is kept (a definition's next line may
    join it to the line before); strict, it is an error.
    """
    out: list = []
    for effect in effects:
        if isinstance(effect, ast.Otherwise):
            joined = _attach(out[-1], effect.effect) if out and isinstance(out[-1], ast.Conditional) else None
            if joined is None:
                if not strict:
                    out.append(effect)
                    continue
                raise MtgError(Diagnostic("E104", "'Otherwise' must follow an 'If' step", effect.span))
            out[-1] = joined
        else:
            out.append(effect)
    return out


def intervening_if(effect: ast.Node) -> tuple[ast.Node | None, ast.Node]:
    """603.4: an 'if' right after the trigger condition ('When X, if C, E.') is an intervening 'if' clause:
    the condition and the rest of the effect. With an 'Otherwise' it is an ordinary conditional (the
    ability does something either way)."""
    first = effect.effects[0] if isinstance(effect, ast.Sequence) else effect
    if not isinstance(first, ast.Conditional) or first.otherwise is not None:
        return None, effect
    if isinstance(effect, ast.Sequence):
        return first.condition, ast.Sequence((first.effect,) + effect.effects[1:], span=effect.span)
    return first.condition, first.effect


def join_instead(effects: list) -> list:
    """'A. If CONDITION, B instead.' is one conditional: B if the condition holds, else A (614.1a)."""
    out: list = []
    for effect in effects:
        if isinstance(effect, ast.Instead) and out and not isinstance(out[-1], ast.Instead):
            out[-1] = ast.Conditional(effect.condition, effect.effect, out[-1], span=effect.span)
        else:
            out.append(effect)
    return out


def join_keyword_costs(effects: list) -> list:
    """Join 'The KEYWORD cost is equal to its mana cost.' to the grant of KEYWORD just before it: the
    granted keyword gets the mana cost of the object it is granted to as its cost."""
    out: list = []
    for effect in effects:
        grant = out[-1] if out else None
        if (isinstance(effect, ast.KeywordCostIs) and isinstance(grant, ast.GrantKeyword)
                and isinstance(grant.ability, ast.KeywordAbility) and grant.ability.name == effect.keyword and grant.ability.args
                and all(value is None for _, value in grant.ability.args)):
            slot = grant.ability.args[0][0]
            ability = ast.KeywordAbility(grant.ability.name, ((slot, ast.ManaCostOf(ast.It(), span=effect.span)),),
                                         span=grant.ability.span)
            out[-1] = ast.GrantKeyword(grant.objects, ability, grant.duration, span=grant.span)
        else:
            out.append(effect)
    return out


def _attach(conditional: ast.Conditional, otherwise: ast.Node) -> ast.Conditional | None:
    """The conditional with `otherwise` as its last 'otherwise' (else-if chains nest), or None."""
    if conditional.otherwise is None:
        return ast.Conditional(conditional.condition, conditional.effect, otherwise, span=conditional.span)
    if isinstance(conditional.otherwise, ast.Conditional):
        inner = _attach(conditional.otherwise, otherwise)
        if inner is not None:
            return ast.Conditional(conditional.condition, conditional.effect, inner, span=conditional.span)
    return None


def _describe_terminal(parser: Lark, name: str) -> str:
    if name == "$END":
        return "end of text"
    try:
        pattern = parser.get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return {"VAR": "a {variable}", "MANA": "a mana cost like {1}{G}", "INT": "a number", "WORD": "a word",
            "REF": "an object reference", "COUNTER_PT": "a counter like +1/+1", "EVENT_NAME": "an event name",
            "ZONE": "a zone", "PT": "power/toughness like 2/2", "SELF_NOUN": "'creature' or 'permanent'", "SELF_NAME": "the card's name"}.get(name, name.lower())


def syntax_error(parser: Lark, exc: UnexpectedInput, source: SourceText, what: str,
                 vocabulary: Iterable[str] = (), known_words: frozenset[str] = frozenset()) -> MtgError:
    """A Lark syntax error as a diagnostic: where, what was found, what was expected."""
    expected: set[str] = set()
    if isinstance(exc, UnexpectedToken):
        expected = set(exc.accepts or exc.expected)
        found = "end of text" if exc.token.type == "$END" else f"'{exc.token}'"
        line, column = exc.line, exc.column
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
        found = f"'{source.text[exc.pos_in_stream]}'" if exc.pos_in_stream < len(source.text) else "end of text"
        line, column = exc.line, exc.column
    else:
        assert isinstance(exc, UnexpectedEOF)
        expected = set(exc.expected)
        found = "end of text"
        lines = source.text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    if line is None or line < 1:
        line, column = 1, 1
    shown = sorted({_describe_terminal(parser, name) for name in expected if not name.startswith("_")})
    if len(shown) > 8:
        shown = shown[:8] + ["..."]
    start = _offset(source.text, line, column)
    word_match = re.match(r"[A-Za-z'{}?_-]+|\S+", source.text[start:])
    word = word_match.group(0) if word_match else ""
    if word and found != "end of text":
        found = f"'{word}'"
    literals = [d.strip("'") for d in shown if d.startswith("'")] + list(vocabulary)
    stray = _first_unknown_word(parser, source.text[:start + len(word)], known_words)
    if stray is not None:  # an unknown word before the error is the likely mistake ('manfest dread')
        start, word = stray
        line, column = _line_column(source.text, start)
        literals = list(vocabulary) + sorted(_grammar_words(parser))
        found = f"'{word}'"
        shown = []
    guess = nearest(word, literals) if word else None
    help_text = f"did you mean '{guess}'?" if guess and guess.lower() != word.lower() else None
    message = f"{what}: unexpected {found}"
    if start == 0 and found != "end of text":
        message = f"{what}: {found} is not a known step, keyword action or command"
    if shown:
        message += f"; expected {', '.join(shown)}"
    return MtgError(Diagnostic("E101", message, source.span(line, column, max(1, len(word))), help=help_text))


@functools.cache
def _grammar_words(parser: Lark) -> frozenset[str]:
    """Every word the grammar's terminals spell out (keywords and the words inside terminal patterns)."""
    words: set[str] = set()
    for terminal in parser.terminals:
        words.update(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]*", terminal.pattern.value))
    return frozenset(words)


def _first_unknown_word(parser: Lark, text: str, known_words: frozenset[str]) -> tuple[int, str] | None:
    """The first word of `text` that neither the grammar nor the known names spell, with its offset."""
    if not known_words:
        return None
    grammar_words = _grammar_words(parser)
    for match in re.finditer(r"\{[^}]*\}|[A-Za-z][A-Za-z'-]*", text):
        word = match.group(0)
        if word.startswith("{") or word.lower() in grammar_words or word.lower() in known_words:
            continue
        return match.start(), word
    return None


def _line_column(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(l) + 1 for l in lines[: line - 1]) + column - 1


def _through(start: Span | None, whole: Span | None) -> Span | None:
    """The span from `start` to the end of `whole` (on one line; else `start`)."""
    if start is None or whole is None or start.line != whole.line:
        return start
    return dataclasses.replace(start, length=whole.column + whole.length - start.column)


def parse_tree(parser: Lark, source: SourceText, start: str, what: str, vocabulary: Iterable[str] = (),
               known_words: frozenset[str] = frozenset()):
    """Parse `source` from `start`, turning Lark's errors into a diagnostic.

    `known_words` are names the text may use beside the grammar's own words
    (types, subtypes); given them, an unknown word before the error is reported.
    """
    try:
        return parser.parse(source.text, start=start)
    except UnexpectedInput as exc:
        raise syntax_error(parser, exc, source, what, vocabulary, known_words) from None


def transform(transformer: Transformer, tree):
    """Run a transformer; a user error raised inside comes out as itself."""
    try:
        return transformer.transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, MtgError):
            raise exc.orig_exc from None
        raise
