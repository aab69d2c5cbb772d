"""Messages a designer reads (issue 14, point 4): each case of a confusing message, now said plainly.

- `choose: [yes]`: YAML reads yes as true; the hint says to write "yes" in quotes.
- Errors inside flow-style YAML lists (`[a,\\n b]`) point at the item's own line and column.
- "did you mean" offers only a word that fits where parsing stopped, and only a close one.
- The grammar's own names (`where_x`, `quality_pair`, `kwa_3`) never reach a user.
- A bad mana string ("{Q}{") is described in words, not as the schema's regular expression.
- A file that isn't UTF-8 is an error at its line, naming the byte and its offset.
(A dedent to no open level says which columns would do: tests/test_lint_holes.py.)
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import doc, run_text, write

from interpreter.language.parsers import definitions_parser, structure_parser
from interpreter.language.rulebook import Rulebook
from interpreter.language.syntax.parsing import describe_terminal
from interpreter.tools.lint import lint_paths

BOOK = Rulebook.load()


def _lint(path: Path) -> list:
    return lint_paths([path])


def _error(*args: str) -> str:
    """The E101 message and help of a line that doesn't parse (`mtgrules parse --as effect` in-process)."""
    from interpreter.diagnostics import MtgError
    start = {"effect": "effect_text", "card": "ability"}[args[0]]
    with pytest.raises(MtgError) as caught:
        BOOK.parse(args[1], start) if start != "ability" else BOOK.parse_card_line(args[1], "")
    d = caught.value.diagnostic
    return d.message + "\n" + (d.help or "")


# ------------------------------------------------------------ yes, no, numbers: YAML reads them as values
YES = doc("""
    name: an answer YAML reads as true
    state:
      alice:
        library: [Island]
    steps:
      - alice: draw a card
        choose: [yes]
    """)


def test_an_answer_yaml_reads_as_true_hints_to_quote_it(tmp_path: Path) -> None:
    path = write(tmp_path / "yes.yaml", YES)
    [found] = _lint(path)
    line = YES.splitlines().index("    choose: [yes]") + 1
    assert (found.code, found.span.line, found.span.column, found.span.length) == ("E110", line, 14, 3)
    assert "found yes, which YAML reads as true" in found.message
    assert found.help == 'write "yes" in quotes'
    assert "not valid under any of the given schemas" not in found.message
    [outcome] = run_text(tmp_path, YES)
    assert not outcome.passed and 'write "yes" in quotes' in outcome.message


def test_a_rule_number_yaml_reads_as_a_number_hints_to_quote_it(tmp_path: Path) -> None:
    path = write(tmp_path / "rule.yaml", YES.replace("name: an answer", "rules: [701.4]\nname: an answer")
                 .replace("choose: [yes]", "choose: []"))
    found = [d for d in _lint(path) if d.code == "E110"]
    assert [(d.message, d.help) for d in found] == [
        ("rules/0: expected text, found the number 701.4", 'write "701.4" in quotes')]


# ------------------------------------------------------------ flow-style lists
FLOW = doc("""
    name: problems inside flow lists
    rules: ["701.4a",
      "701.4b",
      7014]
    state:
      alice:
        library: [Island,
          Island, {card: Island, tapped: maybe}]
    steps:
      - {alice: draw a card,
         choose: [Island,
           no]}
    """)


def test_errors_in_flow_style_lists_point_at_the_item(tmp_path: Path) -> None:
    path = write(tmp_path / "flow.yaml", FLOW)
    lines = FLOW.splitlines()
    found = {d.message.split(":")[0]: (d.span.line, d.span.column) for d in _lint(path)}

    def at(needle: str, after: str) -> tuple[int, int]:
        number = next(n for n, text in enumerate(lines, 1) if after in text and needle in text)
        return number, lines[number - 1].index(needle) + 1
    assert found["rules/2"] == at("7014", "7014")
    assert found["state/alice/library/2/tapped"] == at("maybe", "tapped")
    assert found["steps/0/choose/1"] == at("no", "no]}")


# ------------------------------------------------------------ did you mean: a close word that fits there
@pytest.mark.parametrize(("kind", "text", "not_offered"), [
    ("effect", "scavenge", "seven"),                                    # a keyword the rules don't define
    ("effect", "draw a card, then scavenge", "seven"),
    ("card", "When this creature enters, give target creature flying.", "five"),
    ("effect", "mill a card from your library", "room"),                 # 'from' where it can't go
    ("effect", "target creature gains quality_pair", "quality_pair"),
])
def test_did_you_mean_offers_no_far_or_misplaced_word(kind: str, text: str, not_offered: str) -> None:
    said = _error(kind, text)
    assert "did you mean" not in said and f"'{not_offered}'?" not in said, said


@pytest.mark.parametrize(("text", "offered"), [
    ("manfest dread", "manifest"), ("chose one of them", "choose"), ("drwa a card", "draw"),
    ("return a card rom your graveyard to your hand", "from"), ("mill a card, then shuffle yor library", "your"),
])
def test_did_you_mean_still_offers_the_close_word_that_fits(text: str, offered: str) -> None:
    assert f"did you mean '{offered}'?" in _error("effect", text)


def test_a_rules_file_step_with_a_misplaced_from_suggests_nothing(tmp_path: Path) -> None:
    path = write(tmp_path / "zork.mtgr", 'keyword action "zork"\n  rule 701.99a\n  reminder "Zork."\n'
                 '  example "zork"\n  mill a card from your library\n')
    [found] = [d for d in _lint(path) if d.code == "E101"]
    assert (found.span.line, found.help) == (5, None), found.render()


def test_a_misspelled_clause_is_still_suggested(tmp_path: Path) -> None:
    path = write(tmp_path / "zork.mtgr", 'keyword action "zork"\n  rule 701.99a\n  remindr "Zork."\n'
                 '  example "zork"\n  mill a card\n')
    assert "did you mean 'reminder'?" in [d.help for d in _lint(path) if d.code == "E101"]


# ------------------------------------------------------------ grammar names never reach a user
def _terminals():
    for parser in (BOOK._parser, definitions_parser(), structure_parser()):
        for terminal in parser.terminals:
            if not terminal.name.startswith("_") and terminal.pattern.type != "str":   # a literal is itself
                yield pytest.param(parser, terminal.name, id=terminal.name)


@pytest.mark.parametrize(("parser", "name"), list(_terminals()))
def test_every_terminal_is_described_in_words(parser, name: str) -> None:
    said = describe_terminal(parser, name)
    assert said.lower() not in (name.lower(), f"'{name.lower()}'") and "_" not in said and name not in said, said


def test_an_expected_clause_is_named_in_words_not_by_its_rule() -> None:
    said = _error("effect", "draw X cards where")
    assert "', where X is'" in said and "where_x" not in said


def test_a_card_line_with_no_card_name_says_not_understood() -> None:
    assert _error("card", "Flying, glorbify {2}").startswith("not understood: ")   # no such keyword


# ------------------------------------------------------------ mana strings in words
@pytest.mark.parametrize(("mana", "said"), [
    ("{Q}{", "'{Q}' is not a mana symbol"),
    ("{1}{G", "'{G' at character 4 is never closed by '}'"),
    ("G{1}", "'G' at character 1 is not in braces"),
])
def test_a_bad_mana_string_is_described_in_words(tmp_path: Path, mana: str, said: str) -> None:
    scenario = write(tmp_path / "mana.yaml", doc(f"""
        name: bad mana
        state:
          alice:
            mana: "{mana}"
        steps:
          - alice: draw a card
        """))
    set_file = write(tmp_path / "set.yaml", f"""
        name: Bad Mana
        code: BAD
        cards:
          - {{name: Odd Bear, mana_cost: "{mana}", types: [Creature], power: 2, toughness: 2}}
        """)
    for path, code in ((scenario, "E110"), (set_file, "E120")):
        [found] = [d for d in _lint(path) if d.code == code]
        assert said in found.message, found.message
        assert not re.search(r"\^|\$|\\\{|\[0-9", found.message), found.message   # no regular expression
        assert found.span.source_line.strip().endswith(f'"{mana}"') or mana in found.span.source_line


# ------------------------------------------------------------ files that aren't UTF-8
@pytest.mark.parametrize("name", ["latin.yaml", "latin.mtgr", "set.yaml"])
def test_a_file_that_is_not_utf8_is_located_at_the_byte(tmp_path: Path, name: str) -> None:
    body = {"latin.yaml": b"name: x\nsteps:\n  - alice: draw a card # caf\xe9\n",
            "latin.mtgr": b'keyword action "zork"\n  rule 701.99a\n  # caf\xe9\n  draw a card\n',
            "set.yaml": b"name: S\ncode: SSS\ncards:\n  - {name: Caf\xe9, types: [Land]}\n"}[name]
    path = tmp_path / name
    path.write_bytes(body)
    [found] = [d for d in _lint(path) if d.code == "E001"]
    offset = body.index(b"\xe9")
    line = body[:offset].count(b"\n") + 1
    assert (found.span.line, found.span.column) == (line, offset - body.rfind(b"\n", 0, offset))
    assert f"byte 0xe9 at offset {offset} (line {line}" in found.message and "UTF-8" in found.message
    assert found.span.source_line and "^" in found.render()


# ------------------------------------------------------------ schema shapes of the whole-game contract
WHOLE_GAME_SHAPES = {
    "type": "object",
    "properties": {
        "players": {"type": "array", "items": {"type": "string", "not": {"enum": ["stack", "winner"]}}},
        "entry": {"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": False, "properties": {
            "attacking": {"oneOf": [{"const": True}, {"type": "string"}]},
            "damage": {"type": "integer", "minimum": 0}}}]},
        "winner": {"oneOf": [{"type": "null"}, {"type": "string"}]},
    },
}


def test_whole_game_schema_shapes_are_worded(tmp_path: Path) -> None:
    import jsonschema

    from interpreter.tools.schema_errors import schema_problems
    from interpreter.tools.yamlsource import load_documents
    text = "players: [alice, stack]\nentry: {attacking: false, damage: -1}\nwinner: 3\n"
    problems = schema_problems(jsonschema.Draft202012Validator(WHOLE_GAME_SHAPES), load_documents(text, "f")[0],
                               text.splitlines())
    said = {p.message: (p.line, p.column, p.help) for p in problems}
    assert said == {
        "players/1: 'stack' is a reserved word (stack, winner), not a name": (1, 18, None),
        "entry/attacking: expected true or text, found false": (2, 20, None),   # every problem of the branch
        "entry/damage: must be at least 0, not -1": (2, 35, None),
        "winner: expected null or text, found the number 3": (3, 9, 'write "3" in quotes'),
    }


def test_a_grammar_clash_names_no_grammar_rule() -> None:
    """Lark's message names rules ('<primitive : ...>'); the designer is told what to look for instead."""
    from lark.exceptions import GrammarError
    clash = GrammarError("Reduce/Reduce collision in Terminal('$END') between the following rules:\n"
                         "\t- <quality_pair : WORD>\n\t- <kwy_3 : \"zork\"i>")
    said = Rulebook()._clash(clash).diagnostic
    assert said.code == "E215" and not re.search(r"_\d|quality_pair|kwy|Terminal|collision", said.message + said.help)


def test_an_error_inside_the_transformer_comes_out_as_itself() -> None:
    """Not as Lark's VisitError, whose message names the grammar rule being transformed."""
    from lark import Transformer, Tree

    from interpreter.language.syntax.parsing import transform

    class Broken(Transformer):
        def kwa_3(self, children):
            raise ValueError("broken")
    with pytest.raises(ValueError, match="^broken$"):
        transform(Broken(), Tree("kwa_3", []))
