"""Lark's LALR(1) table construction with two steps made fast: the same tables, built in about half the time.

Lark finds each nonterminal transition's `includes` and `lookback` relations (DeRemer and Pennello's LALR(1)
lookaheads) by scanning the whole closure of the state for the rules of that nonterminal, comparing symbols with
Python-level `==`: with the Oracle grammar's 6,000 states and 33,000 nonterminal transitions, that scan is more
than half of building a parser. Here the closure of each state is grouped by rule once, and which positions of a
rule are followed only by nullable symbols is worked out once per rule; and the items a nonterminal's rules
start (its expansion) are found once, not once for each LR(0) state whose kernel needs them. Lark is given this
parser through its `_plugins` option; tests/test_lalr.py checks the tables are Lark's own.

`_plugins`, `LALR_Analyzer` and what it keeps are Lark's private internals (lark>=1.2,<2 allows versions written
after this one): `lalr_plugins` gives them to Lark only when they build exactly Lark's own tables of a probe
grammar, and a build whose analysis fails (an attribute missing, a method gone) is done again by Lark's own
builder, so a Lark whose internals differ still gives a working parser, built in about twice the time.
"""
from __future__ import annotations

import functools

from lark import Lark
from lark.common import ParserConf
from lark.exceptions import GrammarError
from lark.parsers.grammar_analysis import LR0ItemSet
from lark.parsers.lalr_analysis import LALR_Analyzer
from lark.utils import bfs, classify, classify_bool, fzset
from lark.parsers.lalr_parser import LALR_Parser, _Parser


class _Analyzer(LALR_Analyzer):
    def compute_lr0_states(self) -> None:
        """What LALR_Analyzer.compute_lr0_states computes, with each nonterminal's expansion (the items its rules
        start) found once instead of once per state that needs it."""
        self.lr0_itemsets = set()
        cache: dict = {}   # kernel -> its state
        expansions: dict = {}   # nonterminal -> the items of expand_rule

        def step(state: LR0ItemSet):
            _, unsatisfied = classify_bool(state.closure, lambda item: item.is_satisfied)
            for symbol, items in classify(unsatisfied, lambda item: item.next).items():
                kernel = fzset({item.advance(symbol) for item in items})
                new_state = cache.get(kernel)
                if new_state is None:
                    closure = set(kernel)
                    for item in kernel:
                        if not item.is_satisfied and not item.next.is_term:
                            expansion = expansions.get(item.next)
                            if expansion is None:
                                expansion = expansions[item.next] = self.expand_rule(item.next,
                                                                                     self.lr0_rules_by_origin)
                            closure |= expansion
                    new_state = cache[kernel] = LR0ItemSet(kernel, closure)
                state.transitions[symbol] = new_state
                yield new_state
            self.lr0_itemsets.add(state)

        for _ in bfs(self.lr0_start_states.values(), step):
            pass

    def compute_includes_lookback(self) -> None:
        """What LALR_Analyzer.compute_includes_lookback computes, without its quadratic scan."""
        by_origin: dict = {}   # state -> {nonterminal: [its rules' items in the state's closure]}
        completed: dict = {}   # state -> {rule: rule} for the rules whose items in its closure are complete
        tails: dict = {}   # id(rule) -> [whether all the symbols after position i are nullable]
        for nt in self.nonterminal_transitions:
            state, nonterminal = nt
            lookback = self.lookback[nt]
            groups = by_origin.get(state)
            if groups is None:
                groups = by_origin[state] = {}
                for item in state.closure:
                    groups.setdefault(item.rule.origin, []).append(item)
            for item in groups.get(nonterminal, ()):
                rule = item.rule
                expansion = rule.expansion
                tail = tails.get(id(rule))
                if tail is None:
                    tail = tails[id(rule)] = self._nullable_after(expansion)
                state2 = state
                for i in range(item.index, len(expansion)):
                    symbol = expansion[i]
                    if tail[i]:
                        nt2 = (state2, symbol)
                        if nt2 in self.reads:
                            self.includes[nt2].add(nt)
                    state2 = state2.transitions[symbol]
                if item.index == 0:
                    done = completed.get(state2)
                    if done is None:
                        done = completed[state2] = {}
                        for item2 in state2.closure:
                            if item2.is_satisfied:
                                done.setdefault(item2.rule, item2.rule)
                    if rule in done:
                        lookback.add((state2, done[rule]))

    def _nullable_after(self, expansion) -> list[bool]:
        tail = [False] * len(expansion)
        rest = True
        for i in range(len(expansion) - 1, -1, -1):
            tail[i] = rest
            rest = rest and expansion[i] in self.NULLABLE
        return tail


class FastLALRParser(LALR_Parser):
    """LALR_Parser built by the analyzer above (pass as Lark(..., _plugins={"LALR_Parser": FastLALRParser}))."""

    def __init__(self, parser_conf: ParserConf, debug: bool = False, strict: bool = False) -> None:
        try:
            analysis = _Analyzer(parser_conf, debug=debug, strict=strict)
            analysis.compute_lalr()
        except GrammarError:
            raise   # a conflict in the grammar: the error Lark's own builder gives
        except Exception:   # noqa: BLE001 - Lark's internals aren't those this was written for
            super().__init__(parser_conf, debug, strict)
            return
        self._parse_table = analysis.parse_table
        self.parser_conf = parser_conf
        self.parser = _Parser(analysis.parse_table, parser_conf.callbacks, debug)


#: A grammar whose tables need each step changed above: nullable rules at the ends and in the middles of rules
#: (their lookaheads come through `includes`), left and right recursion, a nonterminal used in several places, two
#: start rules.
PROBE = r"""
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


def tables(text: str, **options):
    """The parse tables Lark builds for a grammar, in its debug form (states are sets of items, so that two builds
    compare)."""
    return Lark(text, parser="lalr", debug=True, **options).parser.parser._parse_table


@functools.cache
def lalr_plugins() -> dict:
    """Lark's `_plugins` option giving it the builder above, if with this Lark it builds the probe's tables exactly
    as Lark does; else none (Lark's own builder)."""
    plugins = {"LALR_Parser": FastLALRParser}
    try:
        own = tables(PROBE, start=["start", "other"])
        fast = tables(PROBE, start=["start", "other"], _plugins=plugins)
        same = (fast.states, fast.start_states, fast.end_states) == (own.states, own.start_states, own.end_states)
    except Exception:   # noqa: BLE001 - an option or attribute this Lark doesn't have
        return {}
    return plugins if same else {}
