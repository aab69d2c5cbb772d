"""What the text a game has may do: the names of the events its triggered abilities may hear (603.2,
`trigger_events`) and the kinds of its nodes, read once of each text (a card's, with the rules' definitions it names),
so that the events no ability in the game may hear are known to trigger nothing (bookkeeping.py), and the rules
no ability in the game has are known not to apply (game_designations.py)."""
from __future__ import annotations

from itertools import chain
from typing import Iterator, NamedTuple

from ..language import ast
from ..language.rulebook import Rulebook
from .memo import ByIdentity
from .state import EMBLEM, LEAVES_TO_EXILE
from .steps.triggers import trigger_events

#: The names of the events that may trigger a trigger, read once per trigger and rulebook.
events_of = ByIdentity(trigger_events)


def _words(node: ast.Node) -> Iterator[str]:
    """The words of a node's own fields (not of the nodes under it), lowercased: the names it may give."""
    for name in node.__dataclass_fields__:
        values = [getattr(node, name)] if name != "span" else []
        while values:
            value = values.pop()
            if isinstance(value, str):
                yield value.lower()
            elif isinstance(value, tuple):
                values.extend(value)


#: The rules' definitions an object gets only where its text names them, by lowercase name: keyword abilities
#: (702.1) and actions (701.1), and the designations (725.2, 701.60c).
_rule_names = ByIdentity(lambda rulebook: {
    name.lower(): (value,) for table in (rulebook.keyword_abilities, rulebook.keyword_actions,
                                         rulebook.designation_abilities) for name, value in table.items()})


class Heard(NamedTuple):
    """What a text may do: the names of the events its triggered abilities may hear (None: any), and the classes of
    its nodes."""

    events: frozenset[str] | None
    kinds: frozenset[type]


def _read_heard(text: ast.Node | tuple, rulebook: Rulebook) -> Heard:
    """What this text may do (`Heard`), with the rules' definitions it names (`_rule_names`: by any word of it), and
    those they name."""
    named, heard, kinds, seen, todo = _rule_names(rulebook), set(), set(), set(), [text]
    while todo:
        for node in ast.walk(todo.pop()):
            kinds.add(type(node))
            if isinstance(node, ast.TriggeredAbility) and heard is not None:
                events = events_of(node.trigger, rulebook)
                heard = None if events is None else heard | events
            for word in _words(node):
                if word in named and word not in seen:
                    seen.add(word)
                    todo.append(named[word])
    return Heard(None if heard is None else frozenset(heard), frozenset(kinds))


#: What a text may do, read once per text and rulebook; what a card's faces' text may do, once per card.
text_heard = ByIdentity(_read_heard)
card_heard = ByIdentity(lambda card, rulebook: _read_heard(
    tuple(face.abilities for face in (card.front, card.back) if face is not None), rulebook))


def joined(heard: Heard, more: Heard) -> Heard:
    """What either may do."""
    if more.kinds <= heard.kinds and (heard.events is None or more.events is not None and more.events <= heard.events):
        return heard
    events = None if heard.events is None or more.events is None else heard.events | more.events
    return Heard(events, heard.kinds | more.kinds)



def _read_rules_heard(rulebook: Rulebook) -> Heard:
    """What the rules may give an object or a player without their text naming it may do: the abilities subtypes
    mean (305.6: a type may be chosen), the face-down characteristics (708.2), tokens, rooms (309.4c: their ability
    triggers as the marker moves in), turn-based and special actions, and the designations the game gives itself
    (an emblem's, 114.1; one exiled if it would leave, 614.1a)."""
    text = (tuple(rulebook.subtype_abilities.values()), rulebook.face_down, tuple(rulebook.tokens.values()),
            tuple(rulebook.room_cards.values()), tuple(rulebook.turn_based_actions),
            tuple(chain.from_iterable(rulebook.special_actions.values())), tuple(rulebook.game_actions.values()),
            tuple(rulebook.designation_abilities.get(name, ()) for name in (EMBLEM, LEAVES_TO_EXILE)))
    heard = _read_heard(text, rulebook)
    return heard if heard.events is None else heard._replace(events=heard.events | {"marker_moved"})


#: What the rules may give without being named may do (`_read_rules_heard`), read once per rulebook.
rules_heard = ByIdentity(_read_rules_heard)
