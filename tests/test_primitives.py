"""The step vocabulary: every primitive of grammar/oracle.lark parses and runs.

Each alternative of the `primitive` rule has a sample use here; each sample
parses as effect text and runs in a small sample game without a Python
exception (a refusal, `MtgError`, is an acceptable outcome). A primitive the
grammar accepts but the interpreter can't run would be a crash for users.
"""
from __future__ import annotations

import re

import pytest

from interpreter.game.choices import RandomChooser
from interpreter.diagnostics import MtgError
from interpreter.language.parsers import resource_dir

from test_rules_examples import sample_game

#: One use of each primitive, by the grammar alias it parses to.
SAMPLES = {
    "draw": "draw two cards",
    "mill": "mill a card",
    "shuffle": "shuffle your library",
    "put_counters": "put a +1/+1 counter on target creature you control",
    "put_into_zone": "put the top card of your library into your graveyard",
    "put_onto_battlefield_face_down": "put the top card of your library onto the battlefield face down as manifested",
    "put_onto_battlefield": "put the top card of your library onto the battlefield",
    "look": "look at the top two cards of your library",
    "choose": "choose one of creature cards in your hand",
    "choose_if_able": "choose two of Dragon cards in your hand if able",
    "choose_up_to": "choose up to two of the top three cards of your library",
    "reveal": "reveal Dragon cards in your hand",
    "discard": "discard a card",
    "put_on_bottom": "put the top card of your library on the bottom of your library",
    "put_on_top": "put target creature on top of its owner's library",
    "exile": "exile the top card of your library",
    "exile_total_mana_value": "exile any number of cards from your graveyard with total mana value 4 or greater",
    "create_named_token": "create a Treasure token",
    "create_token": "create two 1/1 white Soldier creature tokens",
    "create_token_tapped": "create two tapped 1/1 white Soldier creature tokens",
    "create_token_attacking": "create a tapped and attacking 1/1 red Warrior creature token",
    "create_named_spec_token": "create Ragavan, a legendary 2/1 red Monkey creature token",
    "gain_life": "you gain 3 life",
    "lose_life": "each opponent loses 2 life",
    "lose_life_unless": "target opponent loses 3 life unless they discard a card",
    "sacrifice": "sacrifice a creature",
    "pump": "target creature you control gets +2/+2 until end of turn",
    "grant_keyword": "target creature you control gains flying until end of turn",
    "cant_attack": "target creature can't attack until your next turn",
    "search": "search your library for a creature card",
    "may_play": "you may play the top card of your library",
    "cast_free": "cast one of creature cards in your hand without paying its mana cost",
    "put_onto_battlefield_with_counters": "put a creature card from among the top three cards of your library onto "
                                          "the battlefield with a +1/+1 counter on it",
    "add_mana": "add {G}{G}",
    "add_mana_choice": "add {R} or {G}",
    "tap_or_untap": "tap or untap target creature",
    "grant_choice": "this creature gains your choice of flying, vigilance, or lifelink until end of turn",
    "animate": "this artifact becomes a 2/1 Construct artifact creature with flying until end of turn",
    "animate_until_end_of_turn": "until end of turn, this artifact becomes a 2/1 Construct artifact creature",
    "add_any_color": "add one mana of any color",
    "add_land_type": "add one mana of any type that a land you control could produce",
    "enter_room_card": "put a dungeon you own from outside the game into the command zone",
    "complete_room_card": "complete your dungeon",
    "advance_marker": "move your venture marker to an adjacent room",
    "add_types": "target creature you control becomes an Elemental in addition to its other types",
    "add_types_for": "target creature becomes a Zombie in addition to its other types until end of turn",
    "set_types_for": "target artifact becomes an artifact creature until end of turn",
    "designate": "target creature you control becomes exerted",
    "designate_until_untap": "target creature you control becomes exerted until its controller's next untap step",
    "designate_for": "target creature becomes goaded until your next turn",
    "skip_untap": "target creature you control doesn't untap during its controller's next untap step",
    "turn_face_up": "turn target creature you control face up",
    "pay_mana": "pay {1}{G}",
    "pay_mana_cost_of": "pay the mana cost of target creature you control",
    "pay_keyword_cost": "pay the ward cost of target creature you control",
    "require": "require you control target creature",
    "record_event": "record shuffled",
    "record_event_each": "record revealed for each of Dragon cards in your hand",
    "counter_unless_pays": "counter that spell or ability unless its controller pays {2}",
    "create_copy": "create a token that's a copy of target creature you control",
    "exile_both": "exile this creature and 'Sample Partner'",
    "put_combined": "put the top two cards of your library onto the battlefield melded into 'Sample Whole'",
    "discard_quality": "discard a creature card",
    "discard_objects": "discard this card",
    "tap": "tap target creature",
    "phase_out": "target creature phases out",
    "untap": "untap target creature you control",
    "return_to_zone": "return target creature to its owner's hand",
    "return_to_battlefield": "return the top card of your library to the battlefield",
    "return_under_owners_control": "return the top card of your library to the battlefield under its owner's control",
    "return_transformed": "return the top card of your library to the battlefield transformed under your control",
    "sacrifice_another": "sacrifice another creature",
    "cant_block": "target creature can't block this turn",
    "cant_attack_or_block": "target creature can't attack or block this turn",
    "lose_abilities": "target creature loses flying until end of turn",
    "cant_be_blocked": "target creature you control can't be blocked this turn",
    "counter_objects": "counter target spell",
    "turn_face_down": "turn target creature face down",
    "attach": "attach this creature to target creature you control",
    "destroy": "destroy target creature",
    "deal_damage": "this creature deals 2 damage to each opponent",
    "deal_damage_equal": "target creature you control deals damage equal to its power to target creature",
    "deal_damage_equal_after": "this creature deals damage to any target equal to the number of creatures you control",
    "draw_equal": "draw cards equal to the number of creatures you control",
    "gain_life_equal": "you gain life equal to the number of creatures you control",
    "lose_life_equal": "each opponent loses life equal to the number of creatures you control",
    "shared_subject": "target creature you control gets +1/+0 and gains first strike until end of turn",
    "cant_be_blocked_by": "target creature you control can't be blocked by Walls this turn",
    "add_one_color": "add two mana of any one color",
    "counter_objects_unless": "counter target spell unless its controller pays {2}",
    "exile_until": "exile target creature until this creature leaves the battlefield",
    "shuffle_into": "shuffle target creature into its owner's library",
    "grant_until_end_of_turn": 'until end of turn, target creature you control gains "When this creature dies, draw a card."',
    "put_counter_list": "put a +1/+1 counter and a -1/-1 counter on target creature you control",
    "prevent_damage": "prevent all combat damage that would be dealt to target creature this turn",
    "prevent_next_damage": "prevent the next 3 damage that would be dealt to any target this turn",
    "prevent_damage_from": "prevent all damage target creature would deal this turn",
    "may_play_until": "until the end of your next turn, you may play the top card of your library",
    "may_play_this_turn": "until end of turn, you may play the top card of your library",
    "deal_divided_damage": "this spell deals 3 damage divided as you choose among one, two, or three targets",
    "becomes_with": "target creature becomes an Elemental with flying",
    "put_onto_battlefield_status": "put the top card of your library onto the battlefield tapped",
    "cant_be_replaced": "target creature can't be regenerated this turn",
    "remove_damage": "remove all damage from target creature",
    "remove_from_combat": "remove it from combat",
    "remove_target_from_combat": "remove target creature from combat",
    "next_time_instead": "the next time target creature would be destroyed this turn, instead tap it",
    "give_counters": "each opponent gets two poison counters",
    "give_energy": "you get {E}{E}",
}


#: Primitives known to crash today: alias -> why. A strict xfail: when one is
#: fixed its test passes, and the entry must go.
KNOWN_CRASHES: dict[str, str] = {}


def _cases() -> list:
    return [pytest.param(alias, text, id=alias,
                         marks=[pytest.mark.xfail(strict=True, reason=KNOWN_CRASHES[alias])]
                         if alias in KNOWN_CRASHES else [])
            for alias, text in sorted(SAMPLES.items())]


def grammar_primitives() -> set[str]:
    """The aliases of the `?primitive` rule of the shipped oracle.lark."""
    text = (resource_dir("grammar") / "oracle.lark").read_text(encoding="utf-8")
    block = re.search(r"^\?primitive:(.*?)(?=^\S|\Z)", text, re.M | re.S)
    assert block, "no ?primitive rule in oracle.lark"
    return set(re.findall(r"->\s*([a-z_]+)", block.group(1)))


def test_every_primitive_has_a_sample() -> None:
    known = grammar_primitives()
    assert known, "found no primitive aliases"
    missing, stale = sorted(known - set(SAMPLES)), sorted(set(SAMPLES) - known)
    assert not missing and not stale, f"add a sample for {missing}; remove the samples of {stale}"


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize(("alias", "text"), _cases())
def test_primitive_parses_and_runs(alias: str, text: str, seed: int) -> None:
    if alias not in grammar_primitives():
        pytest.skip(f"the grammar has no primitive {alias!r}")
    game = sample_game()
    effect = game.rulebook.parse(text, "effect_text")
    events = len(game.state.events)
    try:
        game.perform("alice", lambda: game.effect("alice", effect, None, text), RandomChooser(seed))
    except MtgError:
        assert len(game.state.events) == events  # refused: nothing happened


@pytest.mark.parametrize("text", ["pay the ward cost of target creature", "if target creature has ward, draw a card"])
def test_a_keyword_name_is_kept_in_the_ast(text: str) -> None:
    """Every word is accounted for: the keyword named in a step stays in the AST."""
    from interpreter.language import ast
    node = sample_game().rulebook.parse(text, "effect_text")
    assert [n.keyword.lower() for n in ast.walk(node) if hasattr(n, "keyword")] == ["ward"]
