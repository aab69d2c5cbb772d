"""The project's LALR table builder (interpreter/language/lalr.py) makes exactly Lark's own tables."""
from __future__ import annotations

import logging

import pytest
from lark import Lark
from lark.exceptions import GrammarError

from interpreter.language.lalr import FastLALRParser
from interpreter.language.parsers import grammar_text

#: Nullable rules at the ends and in the middles of rules (their lookaheads come through `includes`), left and
#: right recursion, a nonterminal used in several places, two start rules.
NULLABLE = r"""
start: item* tail
other: "(" list? ")" tail mid tail
list: list "," value | value
item: value opt "." | "!" value opt
value: NAME | "[" list opt "]" | "{" mid "}"
mid: opt NAME opt
opt: | "?" opt
tail: | ";" tail
NAME: /[a-z]+/
%ignore " "
"""

#: Two rules that read the same words: a reduce/reduce conflict.
CLASH = r"""
start: a | b
a: NAME
b: NAME
NAME: /[a-z]+/
"""


def _tables(text: str, **options):
    """The parse tables (Lark's debug form: states are sets of items, so two builds compare) of Lark's own
    builder and of ours."""
    logging.getLogger("lark").setLevel(logging.ERROR)   # debug mode logs each shift/reduce conflict
    own = Lark(text, parser="lalr", debug=True, **options).parser.parser._parse_table
    fast = Lark(text, parser="lalr", debug=True, _plugins={"LALR_Parser": FastLALRParser},
                **options).parser.parser._parse_table
    return own, fast


@pytest.mark.parametrize("text, options", [
    (NULLABLE, {"start": ["start", "other"]}),
    (grammar_text("definitions"), {"start": ["header", "clause"]}),
])
def test_the_tables_are_larks_own(text: str, options: dict) -> None:
    own, fast = _tables(text, **options)
    assert len(own.states) > 10
    assert fast.states == own.states
    assert (fast.start_states, fast.end_states) == (own.start_states, own.end_states)


def test_a_conflict_is_the_same_grammar_error() -> None:
    with pytest.raises(GrammarError) as own:
        Lark(CLASH, parser="lalr")
    with pytest.raises(GrammarError) as fast:
        Lark(CLASH, parser="lalr", _plugins={"LALR_Parser": FastLALRParser})
    assert str(fast.value) == str(own.value)
