"""Tree to AST for effects that change permanents: counters, tokens, getting and gaining, 'can't', tapping,
attaching (110, 111, 122, 611).
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token, Transformer, v_args

from ...diagnostics import Diagnostic, MtgError
from .. import ast
from .sentences import names_spell, spell_target_fields


@v_args(meta=True)
class PermanentEffectRules(Transformer):
    """One method per grammar rule (or alias) of this family; `ToAst` joins the families."""

    def counter_kind(self, meta, children):
        return str(children[0])

    def counter_amount(self, meta, children):
        return (children[0], children[1])

    def put_counters(self, meta, children):
        (count, kind), objects = children
        return ast.PutCounters(count, kind, objects, span=self._span(meta))

    def attach(self, meta, children):
        return ast.Attach(children[0], children[1], span=self._span(meta))

    def with_keyword(self, meta, children):
        return ("keyword", children[0])

    def with_chapter_ability(self, meta, children):
        return ("ability", "chapter")

    def stat(self, meta, children):
        return " ".join(str(c).lower() for c in children)

    def with_stat(self, meta, children):
        stat, value = children[0], children[1]
        text = self.source.text[meta.start_pos : meta.end_pos].lower() if not meta.empty else ""
        return ("stat", stat, value, text.rstrip().endswith("less"))

    def with_stat_at_most(self, meta, children):
        return ("stat", children[0], children[1], True)

    def with_name(self, meta, children):
        """'named Wretched Throng'; 'named ~' is the card's own name, as the text was written."""
        name = children[0]
        if isinstance(name, Token) and name.type == "SELF_NAME":
            name = self.source.original[name.start_pos : name.end_pos]
        return ("name", name)

    def _with(self, quality, clause):
        if clause[0] == "name":
            return ast.QualityWith(quality, name=clause[1], span=quality.span)
        if clause[0] in ("keyword", "without"):
            return ast.QualityWith(quality, keyword=clause[1], without=clause[0] == "without", span=quality.span)
        if clause[0] == "counter":
            return ast.QualityWith(quality, counter=clause[1], span=quality.span)
        if clause[0] == "ability":
            return ast.QualityWith(quality, ability=clause[1], span=quality.span)
        if clause[0] == "greater":
            return ast.GreaterStat(quality, clause[1], span=quality.span)
        _, stat, value, at_most = clause
        return ast.QualityWith(quality, stat=stat, value=value, at_most=at_most, span=quality.span)

    def target_with(self, meta, children):
        other, quality, card, clause, own, place = children
        quality = self._as_card(quality) if card else quality
        zone, whose = place if place else (("stack", "any") if names_spell(quality) else (None, None))
        if own:
            whose = "you"
        elif zone is not None and whose is None:
            whose = "any"
        return ast.Target(self._with(quality, clause), other=bool(other), zone=zone, whose=whose, span=self._span(meta))

    def tap(self, meta, children):
        return ast.Tap(children[0], span=self._span(meta))

    def untap(self, meta, children):
        return ast.Tap(children[0], True, span=self._span(meta))

    def tap_or_untap(self, meta, children):
        return ast.Tap(children[0], either=True, span=self._span(meta))

    def counted_permanents(self, meta, children):
        return ast.PermanentsYouControl(children[1], children[0], span=self._span(meta))

    def another_permanent(self, meta, children):
        return ast.PermanentsYouControl(children[0], ast.IntValue(1), True, span=self._span(meta))

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

    def token_spec(self, meta, children):
        legendary, (power, toughness), colors, quality, ability = children
        return dict(
            power=power,
            toughness=toughness,
            colors=colors,
            quality=quality,
            legendary=bool(legendary),
            with_ability=ability,
        )

    def create_token(self, meta, children):
        return ast.CreateToken(children[0], **children[1], span=self._span(meta))

    def create_token_tapped(self, meta, children):
        """'create N tapped ...': the literal word, as in 'tapped and attacking' (a status-word terminal
        beside that literal lost 'tapped' to it in the lexer, so neither form with a status word parsed)."""
        count, spec = children
        return ast.CreateToken(count, **spec, tapped=True, span=self._span(meta))

    def create_token_attacking(self, meta, children):
        return ast.CreateToken(children[0], **children[1], tapped=True, attacking=True, span=self._span(meta))

    def token_name(self, meta, children):
        return " ".join(str(c) for c in children)

    def create_named_spec_token(self, meta, children):
        return ast.CreateToken(ast.IntValue(1), **children[1], name=children[0], span=self._span(meta))

    def put_combined(self, meta, children):
        return ast.PutCombined(children[0], children[1], span=self._span(meta))

    def create_copy(self, meta, children):
        return ast.CreateCopy(children[0], span=self._span(meta))

    def sacrificed(self, meta, children):
        count, quality, clause = children
        return count, self._with(quality, clause) if clause is not None else quality

    def sacrifice_list(self, meta, children):
        pairs = tuple(c for c in children if isinstance(c, tuple))
        return (pairs, any(isinstance(c, Token) and c.lower() == "or" for c in children))

    def sacrifice(self, meta, children):
        pairs, any_one = children[0]
        return ast.Sacrifice(pairs, any_one, span=self._span(meta))

    def sacrifice_another(self, meta, children):
        return ast.Sacrifice(((ast.IntValue(1), children[0]),), other=True, span=self._span(meta))

    def until_your_next_turn(self, meta, children):
        return "until your next turn"

    def until_end_of_turn(self, meta, children):
        return "until end of turn"

    def until_end_of_combat(self, meta, children):
        return "until end of combat"

    def while_on_battlefield(self, meta, children):
        return "for as long as ~ remains on the battlefield"

    def until_source_leaves(self, meta, children):
        return "until ~ leaves the battlefield"

    def while_you_control(self, meta, children):
        return "for as long as you control ~"

    def pump(self, meta, children):
        return ast.Pump(children[0], str(children[1]), children[2], span=self._span(meta))

    def grant_keyword(self, meta, children):
        objects, abilities, duration = children
        grants = tuple(ast.GrantKeyword(_named_once(objects, n), a, duration, span=self._span(meta))
                       for n, a in enumerate(abilities))
        return grants[0] if len(grants) == 1 else ast.Sequence(grants, span=self._span(meta))

    def grant_choice(self, meta, children):
        """Each option is the grant of one keyword, named by its words (the choice: EffectChoice)."""
        objects, *abilities, duration = children
        return ast.EffectChoice(tuple(ast.GrantKeyword(objects, a, duration, span=a.span) for a in abilities),
                                span=self._span(meta))

    def keyword_list(self, meta, children):
        return tuple(children)

    def blocked_by(self, meta, children):
        quality, clause = children
        return self._with(quality, clause) if clause else quality

    def cant_be_blocked_by(self, meta, children):
        return _static_or(ast.CantBlock(children[0], children[2], True, children[1], span=self._span(meta)))

    # one subject, several predicates: each is a function of the subject and a duration
    def pred_pump(self, meta, children):
        change, duration = children
        return (lambda objects, d: ast.Pump(objects, str(change), d, span=self._span(meta)), duration)

    def pred_grant(self, meta, children):
        abilities, duration = children
        return (
            lambda objects, d: [ast.GrantKeyword(_named_once(objects, n), a, d, span=self._span(meta))
                                for n, a in enumerate(abilities)],
            duration,
        )

    def pred_cant_attack(self, meta, children):
        return (lambda objects, d: ast.CantAttack(objects, d, span=self._span(meta)), children[0])

    def pred_cant_block(self, meta, children):
        return (lambda objects, d: ast.CantBlock(objects, d, span=self._span(meta)), children[0])

    def pred_cant_be_blocked(self, meta, children):
        by, duration = children
        return (lambda objects, d: ast.CantBlock(objects, d, True, by, span=self._span(meta)), duration)

    def shared_subject(self, meta, children):
        """'it gets +1/+0 and gains deathtouch until end of turn': a predicate without its own duration
        lasts as long as the next one that has one (611.2). The subject is named once: the predicates after
        the first are about the objects the first acted on ('it', 608.2c), so 'target creature gets ... and
        gains ...' has one target (601.2c)."""
        objects, *predicates = [c for c in children if not isinstance(c, Token)]
        effects: list = []
        for n, (make, duration) in enumerate(predicates):
            objects = _named_once(objects, n)
            if duration is None:
                duration = next((d for _, d in predicates[n + 1 :] if d is not None), None)
            if duration is None:
                raise MtgError(
                    Diagnostic("E101", "a change to an object needs a duration ('until end of turn')", self._span(meta))
                )
            made = make(objects, duration)
            effects.extend(made if isinstance(made, list) else [made])
        return ast.Sequence(tuple(effects), span=self._span(meta))

    def attached_object(self, meta, children):
        return ast.AttachedSubject(str(children[0]).lower(), children[1], span=self._span(meta))

    def attached_to(self, meta, children):
        return str(children[0]).lower()

    def put_counter_list(self, meta, children):
        *amounts, objects = children
        return ast.Sequence(
            tuple(ast.PutCounters(count, kind, _named_once(objects, n), span=self._span(meta))
                  for n, (count, kind) in enumerate(amounts)),
            span=self._span(meta),
        )

    def prevent_damage(self, meta, children):
        combat, objects, duration = children
        return ast.PreventDamage(objects, bool(combat), duration, span=self._span(meta))

    def prevent_next_damage(self, meta, children):
        amount, objects, duration = children
        return ast.PreventDamage(objects, False, duration, amount, span=self._span(meta))

    def prevent_damage_from(self, meta, children):
        combat, sources, duration = children
        return ast.PreventDamage(None, bool(combat), duration, sources=sources, span=self._span(meta))

    def becomes_with(self, meta, children):
        return ast.Becomes(children[0], children[1], children[2], span=self._span(meta))

    def grant_cost(self, meta, children):
        return children[0]

    def static_grant(self, meta, children):
        condition, objects, abilities, loses, types, *rest, tail = children
        cost_keyword = rest[0] if rest else None
        if cost_keyword is not None:
            ability = abilities[-1]
            if (
                not isinstance(ability, ast.KeywordAbility)
                or cost_keyword != ability.name
                or not ability.args
                or any(v is not None for _, v in ability.args)
            ):
                raise MtgError(
                    Diagnostic(
                        "E101",
                        f"'the {cost_keyword} cost' must follow a grant of {cost_keyword} without a cost",
                        self._span(meta),
                    )
                )
            ability = ast.KeywordAbility(
                ability.name, ((ability.args[0][0], ast.ManaCostOf(ast.It())),), span=ability.span
            )
            abilities = abilities[:-1] + (ability,)
        found = self._static(meta, condition, objects, abilities, tail, None)
        return replace(found, loses=loses or (), types=types) if loses or types else found

    def static_loses(self, meta, children):
        return children[-1]

    def lost_abilities(self, meta, children):
        return children[0]

    def all_abilities(self, meta, children):
        """'loses all abilities': every ability (None)."""
        return None

    def lose_abilities(self, meta, children):
        objects, abilities, duration = children
        return ast.LoseAbilities(objects, abilities, duration, span=self._span(meta))

    def pred_lose(self, meta, children):
        abilities, duration = children
        return (lambda objects, d: ast.LoseAbilities(objects, abilities, d, span=self._span(meta)), duration)

    def static_pump(self, meta, children):
        """'Creatures you control get +1/+1 [and have trample] [as long as ...]' (613.4c, 613.1f)."""
        condition, objects, change, scale, abilities, types, tail = children
        found = replace(self._static(meta, condition, objects, tuple(abilities or ()), tail, str(change)), types=types)
        if "X" in str(change).upper() and (scale is None or scale[0] != "x"):
            raise MtgError(Diagnostic("E101", "'+X/+X' in a static ability needs 'where X is ...'", self._span(meta)))
        if scale is None:
            return found
        return replace(found, **{scale[0]: scale[1]})

    def scale_for_each(self, meta, children):
        return ("times", self.per_count(children[0], meta))

    def scale_where_x(self, meta, children):
        return ("x", children[-1])

    def _static(self, meta, condition, objects, abilities, tail, change):
        """A static ability changing objects; one condition, before or after (611.3a). 'it' is what the
        condition is about ('As long as enchanted permanent is a creature, it has deathtouch'), or the source."""
        if condition is not None and tail is not None:
            raise MtgError(Diagnostic("E101", "a static ability has one 'as long as' condition", self._span(meta)))
        condition = condition if condition is not None else tail
        subject = getattr(condition, "objects", None)
        if isinstance(objects, ast.It):
            objects = subject if subject is not None and not isinstance(subject, ast.It) else ast.Self()
        if isinstance(subject, ast.It):  # '~ gets +1/+2 as long as it's white': it is what the ability changes
            condition = replace(condition, objects=objects)
        return ast.StaticGrant(objects, abilities, condition, change, span=self._span(meta))

    def static_tail(self, meta, children):
        return children[0]

    def every_with_quality(self, meta, children):
        """'Red creatures get +1/+1': every permanent with the quality (611.3a)."""
        return ast.AllPermanents(children[0], span=self._span(meta))

    def every_token_with_quality(self, meta, children):
        """'Creature tokens get -2/-2', 'Serf tokens': every token with the quality (111.1)."""
        return ast.AllPermanents(_token(children[0]), span=self._span(meta))

    def tokens_you_control(self, meta, children):
        """'Zombie tokens you control have flying'."""
        return ast.PermanentsYouControl(_token(children[0]), span=self._span(meta))

    def other_permanents_you_control(self, meta, children):
        _, quality, clause = children
        return ast.PermanentsYouControl(self._with(quality, clause) if clause else quality, other=True,
                                        span=self._span(meta))

    def permanents_opponents_control(self, meta, children):
        return ast.AllPermanents(children[0], opponents=True, span=self._span(meta))

    def grant_list(self, meta, children):
        return tuple(children)

    def quoted_ability(self, meta, children):
        """An ability in quotation marks that an object gets (113.2c): 'this creature' in it is that object; the
        granting card's own name in it is the granting object, which the AST can't tell apart: not understood."""
        if not meta.empty and "~" in self.source.text[meta.start_pos : meta.end_pos]:
            raise MtgError(Diagnostic("E101", "a quoted ability naming the card that grants it isn't understood yet "
                                      "(its name there means that card, not the object that has the ability)",
                                      self._span(meta)))
        return children[0]

    def grant_until_end_of_turn(self, meta, children):
        return ast.GrantKeyword(children[0], children[1], "until end of turn", span=self._span(meta))

    def named_permanent(self, meta, children):
        return ast.NamedPermanent(children[0], children[1], span=self._span(meta))

    def cant_attack(self, meta, children):
        return _static_or(ast.CantAttack(children[0], children[1], span=self._span(meta)))

    def cant_attack_or_block(self, meta, children):
        """'... can't attack or block [this turn]' (508.1c, 509.1b): with no duration a static ability (604.1)."""
        objects, duration = children
        span = self._span(meta)
        if duration is None:
            return ast.CantAttackOrBlock(objects, None, span=span)
        return ast.Sequence((ast.CantAttack(objects, duration, span=span),
                             ast.CantBlock(_named_once(objects, 1), duration, span=span)), span=span)

    def cant_block(self, meta, children):
        return _static_or(ast.CantBlock(children[0], children[1], span=self._span(meta)))

    def cant_be_blocked(self, meta, children):
        return _static_or(ast.CantBlock(children[0], children[1], True, span=self._span(meta)))

    def create_named_token(self, meta, children):
        return ast.CreateNamedToken(str(children[0]), span=self._span(meta))

    def add_types(self, meta, children):
        return ast.AddTypes(children[0], children[1], span=self._span(meta))

    def add_types_for(self, meta, children):
        return ast.AddTypes(children[0], children[1], children[2], span=self._span(meta))

    def animate(self, meta, children):
        objects, pt, colors, quality, grants, still, tail = children
        duration, still_after = tail or (None, None)
        power, toughness = (int(x) for x in str(pt).split("/"))
        return ast.Animate(objects, power, toughness, colors, quality, tuple(grants or ()), duration,
                           bool(still or still_after), span=self._span(meta))

    def animate_until_end_of_turn(self, meta, children):
        return self.animate(meta, [*children, ("until end of turn", None)])

    def animate_tail(self, meta, children):
        return tuple(children)

    def set_types_for(self, meta, children):
        return ast.AddTypes(children[0], children[1], children[2], retain=False, span=self._span(meta))

    def designate(self, meta, children):
        return ast.Designate(children[0], str(children[1]).lower(), span=self._span(meta))

    def designate_until_untap(self, meta, children):
        return ast.Designate(children[0], str(children[1]).lower(), "until its controller's next untap step",
                             span=self._span(meta))

    def skip_untap(self, meta, children):
        return ast.SkipUntap(children[0], children[1], span=self._span(meta))

    def untap_controllers(self, meta, children):
        return False

    def untap_yours(self, meta, children):
        return True

    def turn_face_up(self, meta, children):
        return ast.TurnFaceUp(children[0], span=self._span(meta))

    def turn_face_down(self, meta, children):
        return ast.TurnFaceDown(children[0], span=self._span(meta))

    def all_yours(self, meta, children):
        return ast.AllPermanents(children[1], True, bool(children[0]), span=self._span(meta))

    def all_permanents(self, meta, children):
        return ast.AllPermanents(children[1], other=bool(children[0]), span=self._span(meta))

    def counted_targets(self, meta, children):
        count, other, quality = children
        return ast.Target(
            quality, other=bool(other), count=count, **spell_target_fields(quality), span=self._span(meta)
        )

    def counted_targets_in_zone(self, meta, children):
        count, other, quality, card, (zone, whose) = children
        quality = self._as_card(quality) if card else quality
        return ast.Target(quality, other=bool(other), zone=zone, whose=whose, count=count, span=self._span(meta))


def _static_or(effect: ast.CantAttack | ast.CantBlock) -> ast.Node:
    """A line saying objects can't attack, block or be blocked with no duration is a static ability (604.1,
    508.1c, 509.1b), not a one-shot change."""
    if effect.duration is not None:
        return effect
    if isinstance(effect, ast.CantAttack):
        return ast.CantAttackOrBlock(effect.objects, span=effect.span)
    if isinstance(effect, ast.CantBlock):
        if effect.blocked:
            return ast.BlockRestriction(effect.objects, effect.by, span=effect.span)
        return ast.CantAttackOrBlock(effect.objects, True, span=effect.span)


def _named_once(objects: ast.Objects, n: int) -> ast.Objects:
    """The subject of the n-th of several effects sharing it: after the first, the objects the first acted on
    ('it', 608.2c), so the subject's targets are chosen once (601.2c)."""
    return objects if n == 0 else ast.It(span=objects.span)


def _token(quality: ast.QualityExpr) -> ast.QualityExpr:
    """The quality narrowed to tokens ('token' is a quality word, 111.1)."""
    if isinstance(quality, ast.QualityChoice):
        return ast.QualityChoice(tuple(_token(q) for q in quality.options), span=quality.span)
    words = quality.words if isinstance(quality, ast.Quality) else (quality,)   # a quality slot: {quality}
    return ast.Quality(tuple(words) + ("token",), span=quality.span)
