"""Real Oracle lines of the corpus (shared/corpus/lines.jsonl) parse into the right AST.

Coverage only says a line parsed with nothing left over; these tests say what it
means: the node kinds, the mechanic named and its arguments. Each case is a line
as the corpus has it (reminder text included) and the card it is on.
"""
from __future__ import annotations

import functools

import pytest

from interpreter.language import ast
from interpreter.language.checks import check_text
from interpreter.language.rulebook import Rulebook


@functools.cache
def book() -> Rulebook:
    return Rulebook.load()


def parse(card: str, line: str) -> ast.Node:
    ability = book().parse_card_line(line, card)
    assert check_text(ability, book()) == [], f"{card}: {line}"
    return ability


def args(node: ast.KeywordAction | ast.KeywordAbility) -> dict:
    return dict(node.args)


def words(quality) -> tuple:
    return tuple(w.lower() for w in quality.words)


def only_keyword(ability: ast.Node) -> ast.KeywordAbility:
    assert isinstance(ability, ast.KeywordAbilities) and len(ability.abilities) == 1
    return ability.abilities[0]


# ------------------------------------------------------------------ keyword actions
def test_amass_with_a_subtype() -> None:
    spell = parse("Orcish Medicine", "Amass Orcs 1. (Put a +1/+1 counter on an Army you control. It's also an Orc. "
                  "If you don't control an Army, create a 0/0 black Orc Army creature token first.)")
    assert isinstance(spell, ast.SpellAbility)
    action = spell.effect
    assert isinstance(action, ast.KeywordAction) and action.name == "amass"
    assert words(args(action)["subtype"]) == ("orc",) and args(action)["n"] == ast.IntValue(1)


def test_amass_without_a_subtype_when_it_dies() -> None:
    ability = parse("Herald of the Dreadhorde", "When Herald of the Dreadhorde dies, amass 2. (Put two +1/+1 counters "
                    "on an Army you control. If you don't control one, create a 0/0 black Zombie Army creature "
                    "token first.)")
    assert isinstance(ability, ast.TriggeredAbility)
    assert ability.trigger == ast.SubjectTrigger(ast.Self(), "dies")
    assert ability.effect.name == "amass" and args(ability.effect) == {"subtype": None, "n": ast.IntValue(2)}


def test_manifest_dread_when_it_dies() -> None:
    ability = parse("Bashful Beastie", "When Bashful Beastie dies, manifest dread. (Look at the top two cards of "
                    "your library. Put one onto the battlefield face down as a 2/2 creature and the other into your "
                    "graveyard.)")
    assert ability.trigger == ast.SubjectTrigger(ast.Self(), "dies")
    assert ability.effect == ast.KeywordAction("manifest dread", ())


def test_manifest_the_top_card() -> None:
    ability = parse("Sultai Emissary", "When Sultai Emissary dies, manifest the top card of your library.")
    assert ability.effect.name == "manifest"
    assert args(ability.effect)["cards"] == ast.TopCards(ast.IntValue(1))


def test_manifest_dread_at_the_beginning_of_each_opponents_upkeep() -> None:
    ability = parse("Abhorrent Oculus", "At the beginning of each opponent's upkeep, manifest dread.")
    assert ability.trigger == ast.PhaseTrigger("upkeep", "each opponent's")
    assert ability.effect.name == "manifest dread"


def test_enters_or_attacks() -> None:
    ability = parse("Curator Beastie", "Whenever Curator Beastie enters or attacks, manifest dread.")
    assert ability.trigger == ast.EitherTrigger((ast.EntersTrigger(), ast.SubjectTrigger(ast.Self(), "attacks")))


def test_target_creature_you_control_explores() -> None:
    ability = parse("Miner's Guidewing", "When Miner's Guidewing dies, target creature you control explores. "
                    "(Reveal the top card of your library.)")
    action = ability.effect
    assert action.name == "explores"
    target = args(action)["permanent"]
    assert isinstance(target, ast.Target) and target.you_control and words(target.quality) == ("creature",)


def test_return_from_the_graveyard_then_explore_twice() -> None:
    spell = parse("Defossilize", "Return target creature card from your graveyard to the battlefield. That creature "
                  "explores, then it explores again.")
    ret, sentence = spell.effect.effects
    explores, again = sentence.effects
    assert isinstance(ret, ast.Return) and ret.zone == "battlefield"
    assert ret.objects.zone == "graveyard" and ret.objects.whose == "you" and ret.objects.quality.card
    assert explores.name == "explores" and args(explores)["permanent"] == ast.It()
    assert again == ast.Repeat(explores, ast.IntValue(1))


def test_venture_when_it_attacks() -> None:
    ability = parse("Planar Ally", "Whenever Planar Ally attacks, venture into the dungeon.")
    assert ability.trigger == ast.SubjectTrigger(ast.Self(), "attacks")
    assert ability.effect == ast.KeywordAction("venture into the dungeon", ())


def test_venture_activated_only_as_a_sorcery() -> None:
    ability = parse("Dungeon Map", "{3}, {T}: Venture into the dungeon. Activate only as a sorcery.")
    assert isinstance(ability, ast.ActivatedAbility)
    assert [c.mana for c in ability.costs] == ["{3}", "{T}"]
    assert ability.effect.name == "venture into the dungeon"
    assert ability.limits == (ast.ActivationLimit("as a sorcery"),)


def test_learn_when_it_dies() -> None:
    ability = parse("Dream Strix", "When Dream Strix dies, learn.")
    assert ability.effect == ast.KeywordAction("learn", ())


def test_adapt_and_support_as_activated_abilities() -> None:
    adapt = parse("Aeromunculus", "{2}{G}{U}: Adapt 1. (If this creature has no +1/+1 counters on it, put a +1/+1 "
                  "counter on it.)")
    assert adapt.effect.name == "adapt" and args(adapt.effect)["n"] == ast.IntValue(1)
    support = parse("Joraga Auxiliary", "{4}{G}{W}: Support 2.")
    assert support.effect.name == "support" and args(support.effect)["n"] == ast.IntValue(2)


def test_amass_when_it_deals_combat_damage_to_a_player() -> None:
    ability = parse("Corsairs of Umbar", "Whenever Corsairs of Umbar deals combat damage to a player, amass Orcs 3.")
    assert ability.trigger == ast.SubjectTrigger(ast.Self(), "deals damage", combat=True, recipient="a player")
    assert args(ability.effect)["n"] == ast.IntValue(3)


def test_amass_when_you_cast_a_noncreature_spell() -> None:
    ability = parse("Bothersome Noisemaker", "Whenever you cast a noncreature spell, amass Goblins 1.")
    assert ability.trigger == ast.CastTrigger("you", ast.Quality(("noncreature", "spell")))
    assert words(args(ability.effect)["subtype"]) == ("goblin",)


def test_a_saga_chapter() -> None:
    ability = parse("Book of Mazarbul", "II — Amass Orcs 2.")
    assert ability.trigger == ast.ChapterTrigger((2,))
    assert args(ability.effect)["n"] == ast.IntValue(2)


def test_cloak_as_a_mode_on_its_own_line() -> None:
    mode = parse("Ransom Note", "• Cloak the top card of your library.")
    assert isinstance(mode, ast.ModeLine)
    assert mode.effect.name == "cloak" and args(mode.effect)["cards"] == ast.TopCards(ast.IntValue(1))


def test_cloak_then_attach_to_it() -> None:
    ability = parse("Cryptic Coat", "When Cryptic Coat enters, cloak the top card of your library, then attach "
                    "Cryptic Coat to it.")
    cloak, attach = ability.effect.effects
    assert cloak.name == "cloak"
    assert attach == ast.Attach(ast.Self(), ast.It())


# ------------------------------------------------------------------ exert
def test_exert_as_it_attacks_with_a_reflexive_trigger() -> None:
    ability = parse("Glorybringer", "You may exert Glorybringer as it attacks. When you do, it deals 4 damage to "
                    "target non-Dragon creature an opponent controls. (An exerted creature won't untap during your "
                    "next untap step.)")
    assert isinstance(ability, ast.AttackCost)
    assert ability.action.name == "exert" and args(ability.action)["permanent"] == ast.Self()
    damage = ability.then.effect
    assert isinstance(ability.then, ast.ReflexiveTrigger) and isinstance(damage, ast.DealDamage)
    assert damage.source == ast.It() and damage.amount == ast.IntValue(4)
    assert damage.recipients.opponent_controls and words(damage.recipients.quality) == ("non-dragon", "creature")


def test_exert_in_an_activated_cost() -> None:
    ability = parse("Hope Tender", "{1}, {T}, Exert Hope Tender: Untap two target lands.")
    exert = ability.costs[-1]
    assert exert.kind == "action" and exert.effect.name == "exert"
    assert args(exert.effect)["permanent"] == ast.Self()
    untap = ability.effect
    assert isinstance(untap, ast.Tap) and untap.untap and untap.objects.count == ast.IntValue(2)


# ------------------------------------------------------------------ keyword abilities and their costs
def test_flashback_with_a_mana_cost() -> None:
    flashback = only_keyword(parse("Abandon the Post", "Flashback {3}{R} (You may cast this card from your "
                                   "graveyard for its flashback cost. Then exile it.)"))
    assert flashback.name == "flashback" and args(flashback) == {"cost": "{3}{R}"}


def test_flashback_with_a_sacrifice_cost() -> None:
    flashback = only_keyword(parse("Cabal Therapy", "Flashback—Sacrifice a creature."))
    cost = args(flashback)["cost"]
    assert flashback.name == "flashback" and isinstance(cost, ast.Costs)
    (item,) = cost.items
    assert item.kind == "action" and isinstance(item.effect, ast.Sacrifice)
    assert item.effect.items[0][0] == ast.IntValue(1) and words(item.effect.items[0][1]) == ("creature",)


def test_flashback_with_mana_and_life() -> None:
    cost = args(only_keyword(parse("Deep Analysis", "Flashback—{1}{U}, Pay 3 life.")))["cost"]
    assert [(c.kind, c.mana, c.amount) for c in cost.items] == [("mana", "{1}{U}", None),
                                                                  ("life", "", ast.IntValue(3))]


def test_morph_with_a_reveal_cost() -> None:
    morph = only_keyword(parse("Dragon's Eye Savants", "Morph—Reveal a blue card in your hand."))
    (item,) = args(morph)["cost"].items
    reveal = item.effect
    assert morph.name == "morph" and isinstance(reveal, ast.Reveal)
    assert reveal.objects == ast.CardsInZone(ast.Quality(("blue",), True), "hand", ast.IntValue(1))


def test_morph_megamorph_disguise_and_foretell_costs() -> None:
    assert args(only_keyword(parse("Abomination of Gudul", "Morph {2}{B}{G}{U}"))) == {"cost": "{2}{B}{G}{U}"}
    assert only_keyword(parse("Den Protector", "Megamorph {1}{G}")).name == "megamorph"
    assert args(only_keyword(parse("Alley Assailant", "Disguise {4}{B}{B}"))) == {"cost": "{4}{B}{B}"}
    assert args(only_keyword(parse("Alrund's Epiphany", "Foretell {4}{U}{U}"))) == {"cost": "{4}{U}{U}"}


def test_a_cost_reduction_after_a_keyword() -> None:
    line = parse("Fugitive Codebreaker", "Disguise {5}{R}. This cost is reduced by {1} for each instant and sorcery "
                 "card in your graveyard.")
    assert only_keyword(line).name == "disguise"
    (change,) = line.cost_changes
    assert change.amount == "{1}" and change.less and change.per.zone == "graveyard"


def test_granting_flashback_for_its_mana_cost() -> None:
    ability = parse("Snapcaster Mage", "When Snapcaster Mage enters the battlefield, target instant or sorcery card "
                    "in your graveyard gains flashback until end of turn. The flashback cost is equal to its mana "
                    "cost.")
    assert ability.trigger == ast.EntersTrigger()
    grant = ability.effect
    assert isinstance(grant, ast.GrantKeyword) and grant.duration == "until end of turn"
    assert grant.ability == ast.KeywordAbility("flashback", (("cost", ast.ManaCostOf(ast.It())),))
    assert [words(q) for q in grant.objects.quality.options] == [("instant",), ("sorcery",)]


def test_a_static_flashback_grant() -> None:
    grant = parse("Lier, Disciple of the Drowned", "Each instant and sorcery card in your graveyard has flashback. "
                  "The flashback cost is equal to that card's mana cost.")
    assert isinstance(grant, ast.StaticGrant) and grant.objects.zone == "graveyard"
    assert grant.abilities == (ast.KeywordAbility("flashback", (("cost", ast.ManaCostOf(ast.It())),)),)


# ------------------------------------------------------------------ behold and meld
def test_behold_or_pay_as_an_additional_cost() -> None:
    cost = parse("Soulbright Seeker", "As an additional cost to cast this spell, behold an Elemental or pay {2}.")
    behold, pay = cost.options
    assert behold.name == "behold" and words(args(behold)["quality"]) == ("elemental",)
    assert pay == ast.PayMana("{2}") and not cost.optional


def test_behold_and_exile_it() -> None:
    cost = parse("Champion of the Path", "As an additional cost to cast this spell, behold an Elemental and exile "
                 "it. (Exile an Elemental you control or an Elemental card from your hand.)")
    (option,) = cost.options
    behold, exile = option.effects
    assert behold.name == "behold" and exile == ast.PutIntoZone(ast.It(), "exile")


def test_meld_when_you_own_and_control_both() -> None:
    ability = parse("Gisela, the Broken Blade", "At the beginning of your end step, if you both own and control "
                    "Gisela, the Broken Blade and a creature named Bruna, the Fading Light, exile them, then meld "
                    "them into Brisela, Voice of Nightmares.")
    assert ability.trigger == ast.PhaseTrigger("end step", "your")
    condition = ability.condition  # an intervening 'if' (603.4)
    assert condition.objects == (ast.Self(), ast.NamedPermanent(ast.Quality(("creature",)), "Bruna, the Fading Light"))
    exile, meld = ability.effect.effects
    assert exile == ast.PutIntoZone(ast.It(), "exile")
    assert meld.name == "meld into" and args(meld) == {"cards": ast.It(), "name": "Brisela, Voice of Nightmares"}


def test_an_if_right_after_the_trigger_is_an_intervening_if() -> None:
    ability = parse("Glitch Interpreter", "When this creature enters, if you control no face-down permanents, return "
                    "this creature to its owner's hand and manifest dread.")
    assert ability.trigger == ast.EntersTrigger()
    assert isinstance(ability.condition, ast.YouControlNone)  # 603.4: checked as it triggers and as it resolves
    back, dread = ability.effect.effects
    assert isinstance(back, ast.Return) and dread.name == "manifest dread"


def test_verbs_with_no_subject_are_done_by_the_players_before_them() -> None:
    """608.2c: one action of the players named (one target), whatever joins the verbs."""
    you = ast.Players("you")
    for card, line, steps in [
            ("Wretched Confluence", "• Target player draws a card and loses 1 life.",
             (ast.Draw(ast.IntValue(1)), ast.LoseLife(you, ast.IntValue(1)))),
            ("Lore Broker", "{T}: Each player draws a card, then discards a card.",
             (ast.Draw(ast.IntValue(1)), ast.Discard(ast.IntValue(1)))),
            ("Archon of Cruelty", "Whenever Archon of Cruelty attacks, target opponent sacrifices a creature, discards "
                                  "a card, and loses 3 life.", None)]:
        ability = book().parse_card_line(line, card)
        effect = ability.effect
        assert isinstance(effect, ast.PlayersDo) and isinstance(effect.effect, ast.Sequence), line
        assert steps is None or effect.effect.effects == steps, line
        assert len(effect.effect.effects) == (3 if steps is None else 2)


def test_a_line_of_reminder_text_only() -> None:
    assert parse("Bruna, the Fading Light", "(Melds with Gisela, the Broken Blade.)") == ast.ReminderOnly()


# ------------------------------------------------------------------ not understood stays not understood
@pytest.mark.parametrize(("card", "line"), [
    ("Exiled Doomsayer", "All morph costs cost {2} more."),
    ("Karfell Harbinger", "{T}: Add {U}. Spend this mana only to foretell a card from your hand or cast an instant "
                          "or sorcery spell."),
    ("Keen-Eared Sentry", "Each opponent can't venture into the dungeon more than once each turn."),
    # a verb with no subject is read only right after an action of players named (608.2c)
    ("Happily Ever After", "When Happily Ever After enters, each player gains 5 life and draws a card."),
    ("Fuzzed Card", "Draws a card or it becomes day."),
    ("Fuzzed Card", "Each opponent may loses 3 life."),
    ("Fuzzed Card", "Sacrifice this Saga unless you draws two cards."),
])
def test_lines_beyond_the_grammar_are_reported(card: str, line: str) -> None:
    from interpreter.diagnostics import MtgError
    with pytest.raises(MtgError):
        book().parse_card_line(line, card)
