"""The project's LALR table builder (interpreter/language/lalr.py) makes exactly Lark's own tables."""
from __future__ import annotations

import logging
import sys

import pytest
from lark import Lark
from lark.exceptions import GrammarError

from interpreter.language import lalr, parsers
from interpreter.language.lalr import PROBE, FastLALRParser, lalr_plugins, tables
from interpreter.language.parsers import grammar_text

FAST = {"LALR_Parser": FastLALRParser}


#: Two rules that read the same words: a reduce/reduce conflict.
CLASH = r"""
start: a | b
a: NAME
b: NAME
NAME: /[a-z]+/
"""


def _tables(text: str, **options):
    """The parse tables of Lark's own builder and of ours."""
    logging.getLogger("lark").setLevel(logging.ERROR)   # debug mode logs each shift/reduce conflict
    return tables(text, **options), tables(text, _plugins=FAST, **options)


@pytest.fixture
def probe_again():
    """`lalr_plugins` probes this Lark again in the test, and again after it (its answer is kept per process)."""
    lalr_plugins.cache_clear()
    yield
    lalr_plugins.cache_clear()


@pytest.mark.parametrize("text, options", [
    (PROBE, {"start": ["start", "other"]}),
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


def test_the_fast_builder_is_used_with_the_lark_installed(probe_again) -> None:
    """The Lark versions pyproject.toml allows have the internals lalr.py was written for: if one doesn't, its
    parsers still work (the tests below), but are built in twice the time, and this says so."""
    assert lalr_plugins() == FAST


def test_an_analysis_that_fails_is_done_again_by_larks_own_builder(monkeypatch) -> None:
    """A Lark whose analyzer lacks what the fast steps use (here an attribute) still builds its own tables."""
    monkeypatch.setattr(lalr._Analyzer, "compute_includes_lookback", lambda self: self.no_such_attribute)
    own, fast = _tables(grammar_text("definitions"), start=["header", "clause"])
    assert fast.states == own.states


def test_fast_steps_that_build_other_tables_are_not_used(monkeypatch, probe_again) -> None:
    """Internals that changed meaning without failing (here no lookbacks found): the probe's tables differ from
    Lark's, and Lark's own builder is used."""
    monkeypatch.setattr(lalr._Analyzer, "compute_includes_lookback", lambda self: None)
    assert lalr_plugins() == {}


def test_without_the_private_modules_parsers_are_built_by_lark(monkeypatch) -> None:
    """Lark's private modules gone (lalr.py can't be imported): no `_plugins` option is given, and the parser
    works."""
    monkeypatch.setitem(sys.modules, "interpreter.language.lalr", None)   # importing it raises ImportError
    monkeypatch.setattr(parsers, "cache_file", lambda name, text: False)
    given = []
    monkeypatch.setattr(parsers, "Lark", lambda *args, **options: given.append(options) or Lark(*args, **options))
    parser = parsers.built("definitions", grammar_text("definitions"), start=["header", "clause"])
    assert "_plugins" not in given[0]
    assert parser.parse('keyword action "fuzz"', start="header")
