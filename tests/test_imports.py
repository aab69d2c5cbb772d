"""Sets from Magic Set Editor and Cockatrice: the Tidewrack Shoals fixtures, their conversion, and bad input.

tests/examples/tidewrack-shoals.mse-set (a zip holding MSE's `set` file) and
tidewrack-shoals.xml (a Cockatrice version 4 database) hold the same eight
cards, written the way each program writes them; tidewrack-shoals.yaml is what
`mtgrules convert` makes of the MSE set. All three load into the same cards;
broken files give one located diagnostic, never a traceback.
"""
from __future__ import annotations

import dataclasses
import json
import zipfile
from pathlib import Path

import jsonschema
import pytest
import yaml

from interpreter.diagnostics import MtgError
from interpreter.language.rulebook import Rulebook
from interpreter.tools.cli import main
from interpreter.tools.cockatrice import mana_cost
from interpreter.tools.convert import convert
from interpreter.tools.lint import lint_paths
from interpreter.tools.mse import oracle_text, symbols
from interpreter.tools.sets import load_cards, read_set, schema, set_format

from conftest import ROOT, run_text, write

EXAMPLES = ROOT / "tests" / "examples"
MSE_SET = EXAMPLES / "tidewrack-shoals.mse-set"
XML_SET = EXAMPLES / "tidewrack-shoals.xml"
YAML_SET = EXAMPLES / "tidewrack-shoals.yaml"
MECHANICS = EXAMPLES / "mechanics"
SET_TEXT = zipfile.ZipFile(MSE_SET).read("set").decode("utf-8")


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return Rulebook.load([MECHANICS])


def _faces(path: Path, book: Rulebook) -> dict:
    """Each card's faces as the game sees them (colors resolved), and what loading reported."""
    cards, diagnostics = load_cards(read_set(path), book)
    view = {}
    for name, card in cards.items():
        view[name] = [(f.name, f.mana_cost, f.types, f.supertypes, f.subtypes, f.power, f.toughness, f.abilities,
                       f.characteristics().colors) for f in (card.front, card.back) if f is not None]
    return view, diagnostics


# ------------------------------------------------------------------ the fixtures
def test_the_three_files_load_into_the_same_cards(book):
    yaml_view, yaml_found = _faces(YAML_SET, book)
    assert yaml_found == []
    assert len(yaml_view) == 8 and len(yaml_view["Shoreline Conscript"]) == 2
    for path in (MSE_SET, XML_SET):
        view, found = _faces(path, book)
        assert found == [], [d.render() for d in found]
        assert view == yaml_view, path.name


def test_the_mse_markup_becomes_oracle_text():
    cards = read_set(MSE_SET).cards
    assert cards["Shoal Trawler"]["text"] == (
        "When this creature enters, trawl 2. (Look at the top two cards of your library. You may cloak one of "
        "them. Put the rest into your graveyard.)")
    assert cards["Kelpwing Drake"]["text"] == "Flying\nWhen Kelpwing Drake enters, scry 1."      # CARDNAME
    assert cards["Tidewrack Captain"]["text"].endswith("counter on Tidewrack Captain.")          # <atom-cardname>
    assert cards["Smuggler's Lantern"]["text"] == "{2}, {T}: Draw a card."                       # <sym-auto>, ’
    assert [cards[n]["mana_cost"] for n in ("Drowned Tithe", "Brackwater Charm")] == ["{1}{B/P}", "{U/B}{U/B}"]
    assert cards["Shoreline Conscript"]["back"] == {"name": "Sunken Conscript", "types": ["Creature"],
                                                    "subtypes": ["Zombie", "Soldier"], "power": 3, "toughness": 3,
                                                    "text": "Menace", "colors": ["B"]}


def test_the_sets_own_keyword_keeps_its_reminder_text():
    (keyword,) = read_set(MSE_SET).keywords
    assert (keyword.name, keyword.match, keyword.mode) == ("Trawl", "trawl {number}", "action")
    assert keyword.reminder.startswith("Look at the top N cards of your library.")
    assert keyword.line == SET_TEXT.splitlines().index("keyword:") + 1
    assert read_set(YAML_SET).keywords == [dataclasses.replace(keyword, line=7)]


def test_convert_writes_the_committed_yaml_file(book):
    text, found = convert(MSE_SET, YAML_SET, [MECHANICS])
    assert found == []
    assert text == YAML_SET.read_text(encoding="utf-8")
    jsonschema.validate(yaml.safe_load(text), schema())


def test_convert_of_the_cockatrice_file_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "from-xml.yaml"
    assert main(["convert", str(XML_SET), "-o", str(out), "--mechanics", str(MECHANICS)]) == 0
    doc = yaml.safe_load(out.read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema())
    assert (doc["name"], doc["code"], len(doc["cards"])) == ("Tidewrack Shoals", "TWS", 8)
    assert Path(tmp_path / doc["mechanics"][0]).resolve() == MECHANICS.resolve()
    captain = next(c for c in doc["cards"] if c["name"] == "Tidewrack Captain")
    assert (captain["types"], captain["supertypes"], captain["colors"]) == (["Creature"], ["Legendary"], ["W", "U"])
    assert [d.code for d in lint_paths([out]) if d.code != "W502"] == []
    assert main(["convert", str(MSE_SET)]) == 0 and "- name: Shoal Trawler" in capsys.readouterr().out


def test_lint_of_both_fixtures_with_their_mechanics_is_clean():
    found = lint_paths([MSE_SET, XML_SET, MECHANICS])
    assert found == [], [d.render() for d in found]


def test_without_its_mechanics_the_keyword_is_w132_at_its_block(book):
    found = lint_paths([MSE_SET])
    (w132,) = [d for d in found if d.code == "W132"]
    assert w132.span.line == SET_TEXT.splitlines().index("keyword:") + 2 and "Trawl" in w132.message
    assert "Look at the top N cards" in w132.help
    w501 = [d for d in found if d.code == "W501"]
    assert {d.message.split("'")[1] for d in w501} == {"Shoal Trawler", "Tidewrack Captain"}
    assert all(d.span.file == str(MSE_SET) and d.span.line > 1 for d in found)


def test_coverage_reads_both_formats(capsys):
    assert main(["coverage", "--format", "json", str(MSE_SET), str(XML_SET)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["lines"] == 9 + 10   # nine ability lines a file; the XML also gives the Island its reminder text


def test_the_scenarios_on_both_formats_pass():
    from interpreter.tools.scenario import run_paths
    outcomes, _ = run_paths([EXAMPLES / "scenarios" / "from_mse.yaml", EXAMPLES / "scenarios" / "from_cockatrice.yaml"])
    assert [o.passed for o in outcomes] == [True] * 6, [o.message for o in outcomes if not o.passed]
    assert not [w for o in outcomes for w in o.warnings]


# ------------------------------------------------------------------ markup and symbols
@pytest.mark.parametrize("markup, text", [
    ("<sym>T</sym>: Add <sym>G</sym>.", "{T}: Add {G}."),
    ("<sym-auto>2WU</sym-auto>, <sym-auto>T</sym-auto>: Draw a card.", "{2}{W}{U}, {T}: Draw a card."),
    ("<kw-0><nospellcheck>Trample</nospellcheck></kw-0>", "Trample"),
    ("<kw-A><nospellcheck>Ward <param-mana><sym-auto>2</sym-auto></param-mana></nospellcheck>"
     "<atom-reminder-core> (Whenever this becomes the target...)</atom-reminder-core></kw-A>",
     "Ward {2} (Whenever this becomes the target...)"),
    ("Sacrifice <atom-cardname><nospellcheck>Old Name</nospellcheck></atom-cardname>.", "Sacrifice Gull Rider."),
    ("Sacrifice CARDNAME. CARDNAMES stay.", "Sacrifice Gull Rider. CARDNAMES stay."),
    ("<i>Raid</i> — <b>Draw</b> a card.", "Raid — Draw a card."),
    ("<error-spelling:en_us:magic-words>Gul</error-spelling:en_us:magic-words> can’t “win”", "Gul can't \"win\""),
    ("one<soft-line>\n</soft-line>line\nnext", "one line\nnext"),
    ("\x01b\x01", "<b<"),
])
def test_mse_markup(markup, text):
    assert oracle_text(markup, "Gull Rider") == text


def test_legend_names():
    assert oracle_text("<atom-legname></atom-legname> and LEGENDNAME", "Mirelle, Lighthouse Keeper") == \
        "Mirelle and Mirelle"


@pytest.mark.parametrize("mse, oracle", [("2WU", "{2}{W}{U}"), ("W/UW/U", "{W/U}{W/U}"), ("H/B", "{B/P}"),
                                         ("H/G/U", "{G/U/P}"), ("2/W", "{2/W}"), ("10", "{10}"), ("XRR", "{X}{R}{R}"),
                                         ("C", "{C}"), ("", ""), ("1|W", "{1}{|}{W}")])
def test_mse_symbols(mse, oracle):
    assert symbols(mse) == oracle


@pytest.mark.parametrize("cost, oracle", [("2{W/U}G", "{2}{W/U}{G}"), ("XGG", "{X}{G}{G}"), ("10", "{10}"),
                                          ("{2}{U}", "{2}{U}"), ("1{B/P}", "{1}{B/P}")])
def test_cockatrice_costs(cost, oracle):
    assert mana_cost(cost) == oracle


# ------------------------------------------------------------------ bad input
MSE_HEAD = "mse version: 2.0.2\ngame: magic\nset info:\n\ttitle: Broken\n\tset code: BRK\n"
MSE_BEAR = "card:\n\tname: Good Bear\n\tcasting cost: 1G\n\tsuper type: Creature\n\tsub type: Bear\n\tpower: 2\n" \
           "\ttoughness: 2\n"


def _mse(path: Path, text: str) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("set", text)
    return path


def _error(path: Path):
    with pytest.raises(MtgError) as caught:
        read_set(path)
    d = caught.value.diagnostic
    assert d.span is not None and d.span.file == str(path) and d.span.line >= 1
    assert [x.code for x in lint_paths([path])] == [d.code]
    return d


def test_an_mse_set_that_is_not_a_zip_archive(tmp_path):
    d = _error(write(tmp_path / "plain.mse-set", "card:\n\tname: X\n"))
    assert d.code == "E131" and "zip" in d.message


def test_a_zip_without_a_set_file(tmp_path):
    path = tmp_path / "images.mse-set"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("image1", b"\x89PNG")
    d = _error(path)
    assert d.code == "E131" and "no 'set' file" in d.message


def test_a_line_that_is_not_key_value_is_located(tmp_path):
    d = _error(_mse(tmp_path / "bad.mse-set", MSE_HEAD + MSE_BEAR + "card:\n\tname: Other\n\tjust words\n"))
    assert d.code == "E131" and d.span.line == 15 and d.span.source_line == "just words"


def test_an_indented_line_under_nothing(tmp_path):
    d = _error(_mse(tmp_path / "indent.mse-set", "\tname: floating\n" + MSE_HEAD))
    assert d.code == "E131" and d.span.line == 1


def test_a_set_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.mse-set"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("set", MSE_HEAD.encode() + b"card:\n\tname: Caf\xe9\n")
    d = _error(path)
    assert d.code == "E131" and "UTF-8" in d.message and d.span.line == 7


def test_an_mse_card_without_a_name_is_left_out_and_the_others_load(tmp_path, book):
    path = _mse(tmp_path / "noname.mse-set", MSE_HEAD + "card:\n\tcasting cost: 1\n" + MSE_BEAR)
    cards, found = load_cards(read_set(path), book)
    assert list(cards) == ["Good Bear"]
    assert [(d.code, d.span.line) for d in found] == [("E131", 6)]


def test_what_the_format_has_no_place_for_is_w133_and_loyalty_and_rarity_are_kept(tmp_path, book):
    path = _mse(tmp_path / "walker.mse-set", MSE_HEAD + MSE_BEAR
                + "card:\n\tname: Kasra\n\tsuper type: Legendary Planeswalker\n\tloyalty: 4\n\trarity: mythic rare\n"
                + "card:\n\tstylesheet: m15-split\n\tname: Wear\n\tsuper type: Instant\n\tname 2: Tear\n")
    found_set = read_set(path)
    cards, found = load_cards(found_set, book)
    assert set(cards) == {"Good Bear", "Kasra", "Wear"}
    assert [(d.code, d.span.line) for d in found] == [("W133", 18)]
    assert "'Tear'" in found[0].message
    assert cards["Kasra"].front.loyalty == 4 and found_set.cards["Kasra"]["rarity"] == "mythic"


def test_an_mse_set_saved_as_a_folder_loads(tmp_path):
    folder = tmp_path / "old.mse-set"
    folder.mkdir()
    write(folder / "set", MSE_HEAD + MSE_BEAR)
    assert set_format(folder) == "mse" and list(read_set(folder).cards) == ["Good Bear"]
    (tmp_path / "empty.mse-set").mkdir()
    assert _error(tmp_path / "empty.mse-set").code == "E131"


def test_formats_are_told_by_their_content_when_the_extension_says_nothing(tmp_path):
    zipped = _mse(tmp_path / "set.zip", MSE_HEAD + MSE_BEAR)
    xml = write(tmp_path / "cards.txt", XML_SET.read_text(encoding="utf-8"))
    assert (set_format(zipped), set_format(xml)) == ("mse", "cockatrice")
    assert list(read_set(zipped).cards) == ["Good Bear"] and len(read_set(xml).cards) == 8


XML_HEAD = '<?xml version="1.0"?>\n<cockatrice_carddatabase version="4">\n<sets><set><name>BRK</name></set></sets>\n<cards>\n'
XML_BEAR = "<card><name>Good Bear</name><prop><type>Creature — Bear</type><manacost>1G</manacost><pt>2/2</pt></prop>" \
           "<set>BRK</set></card>\n"


def test_malformed_xml_is_located_at_its_line_and_column(tmp_path):
    d = _error(write(tmp_path / "broken.xml", XML_HEAD + XML_BEAR + "<card><name>Oops</nam></card>\n</cards>\n"))
    assert d.code == "E131" and "malformed XML" in d.message
    assert d.span.line == 6 and 17 <= d.span.column <= 22 and d.span.source_line.startswith("<card><name>Oops")


@pytest.mark.parametrize("text", ['<?xml version="1.0"?>\n<html><body/></html>\n',
                                  '<cockatrice_carddatabase version="2"><cards/></cockatrice_carddatabase>', ""])
def test_xml_that_is_not_a_card_database(tmp_path, text):
    assert _error(write(tmp_path / "other.xml", text)).code == "E131"


def test_a_cockatrice_card_without_a_name_or_a_token_is_left_out(tmp_path, book):
    path = write(tmp_path / "cards.xml", XML_HEAD + "<card><text>No name</text><set>BRK</set></card>\n" + XML_BEAR
                 + "<card><name>Zombie Army</name><prop><type>Token Creature — Zombie Army</type></prop>"
                 "<set>BRK</set><token>1</token></card>\n</cards></cockatrice_carddatabase>\n")
    cards, found = load_cards(read_set(path), book)
    assert list(cards) == ["Good Bear"] and cards["Good Bear"].front.power == 2
    assert [(d.code, d.span.line) for d in found] == [("E131", 5), ("W133", 7)]


def test_a_scenario_naming_a_broken_mse_set_fails_with_its_diagnostic(tmp_path):
    write(tmp_path / "broken.mse-set", "not a zip")
    outcomes = run_text(tmp_path, """
        name: a scenario on a broken set
        sets: [broken.mse-set]
        steps:
          - alice: draw a card
        """)
    assert [o.passed for o in outcomes] == [False] and "E131" in outcomes[0].message


def test_convert_of_a_broken_file_is_one_diagnostic_and_exit_1(tmp_path, capsys):
    path = write(tmp_path / "broken.xml", XML_HEAD + "<card><name>Oops</nam>\n")
    assert main(["convert", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:5:") and "E131" in err and "Traceback" not in err
    assert main(["convert", str(tmp_path / "missing.mse-set")]) == 2


def test_a_zip_bomb_sized_set_file_is_refused(tmp_path, monkeypatch):
    import interpreter.tools.mse as mse
    monkeypatch.setattr(mse, "MAX_FILE_BYTES", 100)
    d = _error(_mse(tmp_path / "big.mse-set", MSE_HEAD + MSE_BEAR * 10))
    assert d.code == "E131" and "larger" in d.message   # known from the archive's directory, before reading


def test_rarity_is_read_from_every_format():
    """206.2: Magic Set Editor's `rarity` field and Cockatrice's `<set rarity>` give the same rarities, which
    convert writes; a basic land's `basic land` reads as common."""
    mse, xml = read_set(MSE_SET).cards, read_set(XML_SET).cards
    rarities = {name: data.get("rarity") for name, data in mse.items()}
    assert rarities == {name: data.get("rarity") for name, data in xml.items()}
    assert set(rarities.values()) == {"common", "uncommon", "rare"}
    assert rarities == {name: data.get("rarity") for name, data in read_set(YAML_SET).cards.items()}
