"""Casting a spell (601): permission and timing, announcing and paying its costs, alternative and additional
costs.
"""
from __future__ import annotations

from ..diagnostics import MtgError, did_you_mean, error
from ..language import ast
from .characteristics import Characteristics
from .choices import Choice, one_of, option_labels
from .costs import spell_cost_changes
from .events import Event
from .mana import NO_CHANGES, CostChanges, parse_cost, unpayable
from .optional_costs import split_cost
from .paying import payable_with
from .runs import NOT_RUN, gap
from .state import GameObject, StackItem
from .steps import Env, keyword_abilities
from .steps.casting import CAST_FROM

class Casting:
    """Casting a spell; a part of `Game`."""

    def cast(self, player: str, command: ast.CastCommand) -> None:
        """Cast a spell (601.2): move it to the stack, announce, choose targets, pay, and it becomes cast."""
        self.require_priority(f"cast {command.ref}")
        self.check_stack_unlocked(f"can't cast {command.ref}")
        zones = (command.from_zone,) if command.from_zone else ("hand",)
        obj = self.find(command.ref, player, zones)
        if obj.owner != player and obj.playable_by != player:
            raise error("E402", f"can't cast {obj.card_name}: it isn't yours to cast", rule="601.2")
        printed = obj.card.front.characteristics()
        permission, ability = self._permission(player, obj, command)
        types = {t.lower() for t in printed.types}
        if "land" in types and not (permission and permission.face_down):
            raise error("E402", f"can't cast {obj.card_name}: a land is played, not cast", rule="305.1")
        face_down = permission is not None and permission.face_down is not None  # 702.37c: then it has no flash
        if (face_down or not self.instant_timing(printed)) and not self.as_though_flash(player, printed):
            if not self.sorcery_timing(player):
                raise self.unless_unrun_keyword(printed.abilities, error(
                    "E402", f"can't cast {obj.card_name} now: it needs your own main phase and an empty stack",
                    rule="307.1"))
        self._check_cast_limits(player, obj.id, printed)
        alternative = self._printed_alternative(player, obj, permission, command) if command.alternative else None
        self._cast(player, obj, permission, ability, alternative=alternative)

    def _printed_alternative(self, player: str, obj: GameObject, permission: ast.CastPermission | None,
                             command: ast.CastCommand) -> tuple[object, None]:
        """118.9: the alternative cost printed on the card, as the player announces paying it (601.2b); one
        alternative cost at most (118.9a), and only while its condition holds."""
        if permission is not None or command.face_down:
            other = "face down" if command.face_down else f"using {command.using}"
            raise error("E402", f"{obj.card_name} can't be cast both {other} and using its alternative cost: a spell "
                        "takes one alternative cost at most", rule="118.9a")
        printed = [a for a in obj.card.front.abilities if isinstance(a, ast.AlternativeCost)]
        if not printed:
            raise error("E402", f"{obj.card_name} has no alternative cost printed on it", rule="118.9")
        env = Env(player, self.new_context(player, obj.id), obj.id)
        held = [a for a in printed if a.condition is None or self.interpreter.holds(a.condition, env)]
        if not held:
            raise error("E402", f"{obj.card_name} can't be cast using its alternative cost: it needs "
                        f"{self.words_of(printed[0].condition)}", rule="118.9")
        if len(held) > 1:
            labels = option_labels([a.costs.text for a in held])
            chosen = held[labels.index(self.ask(Choice("option", f"cast {obj.card_name}: the alternative cost",
                                                        labels, rule="601.2b")))]
        else:
            chosen = held[0]
        return chosen.costs, None

    def _check_cast_limits(self, player: str, object_id: int, printed: Characteristics) -> None:
        """601.3: a spell that says when it can be cast can't be begun at another time."""
        env = Env(player, self.new_context(player, object_id), object_id)
        for limits in (a for a in printed.abilities if isinstance(a, ast.CastLimits)):
            for limit in limits.limits:
                if not self.interpreter.limit_met(limit, env):
                    raise error("E402", f"can't cast {printed.name} now: it can be cast only "
                                f"{self.words_of(limit)}", rule="601.3")

    def _unrun_keyword(self, abilities: tuple) -> tuple[str, str, str | None] | None:
        """(name, why, rule) of the first keyword ability among these the interpreter doesn't run yet
        (runs.py), or None."""
        for keyword in keyword_abilities(abilities):
            found = gap(keyword, self.rulebook)
            if found is not None:
                _, message, rule = found.describe(keyword, self.rulebook)
                return keyword.name, message, rule
        return None

    def _check_aura_target(self, printed: Characteristics) -> None:
        """303.4a: an Aura spell requires a target, which its enchant ability defines; while that keyword
        ability isn't run (runs.py), casting it is refused rather than cast with no target."""
        unrun = self._unrun_keyword(printed.abilities)
        if unrun is not None:
            name, message, rule = unrun
            raise error(NOT_RUN, f"can't cast {printed.name}: an Aura spell targets what its {name} ability says "
                        f"(303.4a), and {message}", rule=rule)

    def unless_unrun_keyword(self, abilities: tuple, refusal: MtgError) -> MtgError:
        """A refusal by a rule that a keyword ability of the object may change (timing, summoning
        sickness): where the object has a keyword ability the interpreter doesn't run yet (runs.py), the
        answer can't be told, and the refusal says so (E409) rather than give a rule's answer that may be
        wrong."""
        unrun = self._unrun_keyword(abilities)
        if unrun is None:
            return refusal
        name, message, rule = unrun
        return error(NOT_RUN, f"{refusal.diagnostic.message}, unless its {name} allows it, which can't be told: "
                     f"{message}", rule=rule)

    def instant_timing(self, printed: Characteristics) -> bool:
        """Whether the card may be cast any time its controller could cast an instant by what it is itself: an
        instant (304.1; its type read in any case, as a set file may write it), or one with a static ability giving
        it that timing, as flash does (702.8a)."""
        return any(t.lower() == "instant" for t in printed.types) or bool(self.own_statics(printed, ast.InstantTiming))

    def as_though_flash(self, player: str, spell: Characteristics) -> bool:
        """609.4: a permanent of the player's lets such spells be cast as though they had flash; any one
        whose condition the spell meets is enough (609.4a); none where the game's text has no such ability
        (`may_have`)."""
        if not self.may_have(ast.AsThoughFlash):
            return False
        objects = self.state.objects
        for object_id, chars in self.permanents().items():   # each as it is now, in battlefield order
            if objects[object_id].controller != player:
                continue
            for ability in chars.abilities:
                if isinstance(ability, ast.AsThoughFlash) and self.interpreter.chars_match(
                        spell, ability.quality, Env(player, self.new_context(player, None))):
                    return True
        return False

    def cast_now(self, player: str, object_id: int, cost: object = None, paying: str | None = None) -> None:
        """Cast a card while an effect resolves (608.2g): no timing rules, but no spell is cast while one on the
        stack says so (601.3); without paying its mana cost, or paying `cost` rather than it (118.9), the
        alternative cost of the keyword named `paying`."""
        self.check_stack_unlocked(f"can't cast {self.name_of(object_id)}")
        self._cast(player, self.state.objects[object_id], None, None, free=cost is None,
                   alternative=(cost, paying) if cost is not None else None)

    def _cast(self, player: str, obj: GameObject, permission: ast.CastPermission | None,
              ability: ast.KeywordAbility | None, free: bool = False,
              alternative: tuple[object, str | None] | None = None) -> None:
        printed = obj.card.front.characteristics()
        if "Aura" in printed.subtypes and not (permission and permission.face_down):
            self._check_aura_target(printed)
        # 601.2a: the card moves to the stack and becomes a spell (face down first, 708.4).
        state = self.state
        cast_from = obj.zone
        state.remove(obj)
        spell = state.create(obj.card, obj.owner, "stack")
        state.moved[obj.id] = spell.id
        if permission and permission.face_down:
            spell.face_down, spell.face_down_at = self._way(ability), state.clock
            if permission.face_down.with_ability is not None:
                spell.extra_abilities = (permission.face_down.with_ability,)
        context = self.new_context(player, spell.id)
        context.vars[CAST_FROM] = obj.zone   # 601.2a: where it was cast from ('if this spell was cast from your hand')
        state.moved_by[obj.id] = context.id
        item = StackItem(state.new_id(), player, context, object_id=spell.id, source_name=spell.card_name)
        state.stack.append(item)
        # 601.3, 101.2: a restriction on casting it, asked of the spell it would be, cast from where it was
        self.check_allowed(player, ast.CAST_SPELLS, f"can't cast {spell.card_name}", spell.id, cast_from)
        env = Env(player, context, spell.id, action_text=f"cast {spell.card_name}")
        base = () if free else tuple(printed.mana_cost or ())
        rest: tuple[ast.CostItem, ...] = ()
        if permission:  # 118.9: an alternative cost replaces the mana cost (none: the mana cost, and more, 118.8)
            cost = permission.cost
            if cost is not None:
                base, rest = split_cost(dict(ability.args).get(cost.name) if isinstance(cost, ast.Var) else cost)
            rest += permission.additional
            definition = self.rulebook.keyword_abilities[ability.name]
            context.paid = (definition.name,)
            if definition.event:  # 702.138b: the spell 'escaped'
                self.emit(Event(definition.event, player, spell.card_name, spell.id), env)
        elif alternative is not None:
            base, rest = split_cost(alternative[0])
            context.paid = (alternative[1],) if alternative[1] else ()
        abilities = self.characteristics(spell.id).abilities
        # 601.2b: modes (all of them, for an additional cost, 702.42a), then X, then each hybrid half and
        # Phyrexian payment.
        all_modes: tuple[str, ...] = ()
        for spell_ability in abilities:
            if isinstance(spell_ability, ast.SpellAbility) and isinstance(spell_ability.effect, ast.Modal):
                modes, all_modes = self.announce_modes(spell_ability.effect, spell.id, env, base)
                context.vars["_modes"] = modes
        # 601.2f: the increases and reductions of its cost, counted before any cost is paid
        changes = spell_cost_changes(self.interpreter, spell.id, env, ability if permission and isinstance(
            permission.cost, ast.Var) else None)
        base, life = self.announce_cost(base, env, changes, payers=self.help_payers(spell.id, env))
        # 601.2b: announce which additional cost will be paid.
        chosen = [c for a in abilities if isinstance(a, ast.AdditionalCost)
                  if (c := self._choose_cost(a, env, base, changes)) is not None]
        chosen += self.announce_keyword_costs(spell.id, env, base, changes)
        committed = base + all_modes + tuple(s for c in chosen if isinstance(c, ast.PayMana) for s in parse_cost(c.cost))
        optional, others = self.announce_optional_costs(spell.id, env, committed, changes)
        # 601.2c: targets, as many as the announced mode and X say; an Aura's first (303.4a).
        env.vars.update(context.vars)
        if "Aura" in printed.subtypes and not spell.face_down:
            self.aura_target(spell, env)
        for spell_ability in abilities:
            if isinstance(spell_ability, ast.SpellAbility):
                self.interpreter.announce_targets(spell_ability.effect, env)
        # 601.2f-h: the total cost, then pay it.
        total = committed + optional
        for cost in chosen:
            if not isinstance(cost, ast.PayMana):
                self.interpreter.pay_action(cost, env, cost)
        for part in rest + tuple(others):  # the parts of an alternative or optional cost other than mana
            self.interpreter.pay_cost(part, env)
        self.pay_total(player, changes.apply(total), env, spell.id, f"casting {spell.card_name}")
        self.pay_life(player, life, f"casting {spell.card_name}")
        env.target_index = 0
        self.emit(Event("cast", player, spell.card_name, spell.id, zone=cast_from), env)  # 601.2i

    def announce_cost(self, cost: tuple[str, ...], env: Env, changes: CostChanges = NO_CHANGES,
                      rule: str = "601.2h", payers: tuple[frozenset[str], ...] = ()) -> tuple[tuple[str, ...], int]:
        """601.2b: the value of X, the half of each hybrid symbol and how each Phyrexian symbol is paid.

        An answer is legal only if the whole cost, with its increases and reductions (601.2f), can
        still be paid with it, given the answers before it; a cost that can't be paid in any way is
        refused (citing `rule`) before anything is asked; `payers` may each pay for one of the mana symbols
        instead (paying.py). Returns the mana symbols and the life to pay.
        """
        if not cost and changes is NO_CHANGES:
            return (), 0   # no mana, nothing to announce: paid by acknowledging it (118.5), as most mana abilities'
        player = self.state.players[env.player]
        fixed = [s for s in cost if s != "X" and "/" not in s]
        choices = [s for s in cost if "/" in s]   # hybrid halves first, then Phyrexian (107.4e, 107.4f)
        choices.sort(key=lambda s: s.endswith("/P"))

        def options(symbol: str) -> list[tuple[str, tuple[str, ...], int]]:
            if symbol.endswith("/P"):
                return [("mana", (symbol[:-2],), 0), ("life", (), 2)]
            return [(half, (half,), 0) for half in symbol.split("/")]

        def completable(paid: tuple[str, ...], life: int, rest: list[str]) -> bool:
            if not rest:
                return payable_with(player.pool, changes.apply(paid), payers) and (not life or life <= player.life)
            return any(completable(paid + mana, life + more, rest[1:]) for _, mana, more in options(rest[0]))

        if not completable(tuple(fixed), 0, choices):
            life = player.life if any(s.endswith("/P") for s in choices) else None
            raise unpayable(player.pool, changes.apply(cost), env.action_text or "the cost", rule, life)
        if "X" in cost:
            count = cost.count("X")
            most = (sum(player.pool.values()) + changes.most_off() + len(payers)) // count
            values = [v for v in range(most + 1) if completable(tuple(fixed) + ((str(v * count),) if v else ()),
                                                                 0, choices)]
            value = int(self._announce(env, "the value of X", [str(v) for v in values], "107.3a"))
            env.context.vars["X"] = value
            if value:
                fixed.append(str(value * count))
        life = 0
        for n, symbol in enumerate(choices):
            legal = [(name, mana, more) for name, mana, more in options(symbol)
                     if completable(tuple(fixed) + mana, life + more, choices[n + 1:])]
            what = f"how to pay {{{symbol}}}" if symbol.endswith("/P") else f"the half of {{{symbol}}} to pay"
            answer = self._announce(env, what, [name for name, _, _ in legal],
                                    "107.4f" if symbol.endswith("/P") else "107.4e")
            _, mana, more = next(o for o in options(symbol) if o[0] == answer)
            fixed.extend(mana)
            life += more
        return tuple(fixed), life

    def pay_announced(self, cost: tuple[str, ...], env: Env, changes: CostChanges = NO_CHANGES,
                      rule: str = "601.2h") -> None:
        """Pay a cost outside casting, as casting pays (a special action's, 118.13c; an effect's, 118.13b):
        X, each hybrid half and each Phyrexian payment are chosen just before paying (107.3d), then the
        cost with its changes (601.2f) is paid; a refusal cites `rule`."""
        mana, life = self.announce_cost(cost, env, changes, rule)
        self.pay_mana(env.player, changes.apply(mana), env.action_text or "the cost", rule)
        self.pay_life(env.player, life, env.action_text or "the cost")

    def _announce(self, env: Env, what: str, options: list[str], rule: str) -> str:
        if len(options) == 1:
            return options[0]
        return self.ask(Choice("option", f"{env.action_text}: {what}", options, rule=rule))

    def _permission(self, player: str, obj: GameObject, command: ast.CastCommand
                    ) -> tuple[ast.CastPermission | None, ast.KeywordAbility | None]:
        """The keyword ability that lets the player cast this (from another zone, face down, ...), if one is
        needed; none for a card an effect lets them play from where it is (601.2a)."""
        found = self.keyword_statics(obj.card.front.abilities, ast.CastPermission)
        if command.using and command.face_down:
            raise error("E402", f"{obj.card_name} can't be cast both face down and using {command.using}: a spell "
                        "takes one alternative cost at most", rule="118.9a")
        if command.using:
            wanted = [f for f in found if command.using in (f[2].name, f[2].option_name)]
            if not wanted:
                raise error("E402", f"{obj.card_name} has no '{command.using}' way to be cast",
                            help=did_you_mean(command.using, [f[2].name for f in found]))
        elif command.face_down:
            wanted = [f for f in found if f[0].face_down is not None]
            if not wanted:
                raise error("E402", f"{obj.card_name} can't be cast face down: it has no ability that allows it",
                            rule="708.4")
        elif obj.zone != "hand":
            wanted = [f for f in found if f[0].zone == obj.zone and f[0].face_down is None]
            if not wanted and obj.playable_by == player:
                return None, None  # 'you may play them'
            if not wanted:
                raise error("E402", f"{obj.card_name} can't be cast from the {obj.zone}", rule="601.2a")
        else:
            return None, None
        for permission, ability, definition in wanted:
            if permission.zone != obj.zone:
                continue
            printed = obj.card.front.characteristics()
            if permission.spell_qualities and not any(printed.has_quality(q.words) for q in permission.spell_qualities):
                kinds = " or ".join(" ".join(q.words) for q in permission.spell_qualities)
                raise error("E402", f"{obj.card_name} can't be cast using {definition.name}: the spell would not "
                            f"be an {kinds} spell", rule=definition.rule)
            if permission.earlier_event and not (obj.face_down == permission.earlier_event
                                                 and obj.face_down_at is not None
                                                 and obj.face_down_at < self.state.turn_started):
                raise error("E402", f"{obj.card_name} wasn't {permission.earlier_event} before this turn",
                            rule=definition.rule)
            if permission.condition is not None and not self.interpreter.holds(
                    permission.condition, Env(obj.owner, self.new_context(obj.owner, obj.id), obj.id)):
                raise error("E402", f"{obj.card_name} can't be cast using {definition.name}: it needs "
                            f"{self.words_of(permission.condition)}", rule=definition.rule)
            return permission, ability
        permission, _, definition = wanted[0]
        raise error("E402", f"{obj.card_name} is in the {obj.zone}; {definition.name} casts it from the "
                    f"{permission.zone}", rule=definition.rule)

    def _way(self, ability: ast.KeywordAbility) -> str:
        """How a face-down spell became face down (708.6): its keyword ability's name."""
        definition = self.rulebook.keyword_abilities[ability.name]
        return definition.option_name or definition.name

    def _choose_cost(self, ability: ast.AdditionalCost, env: Env, base: tuple[str, ...],
                     changes: CostChanges) -> ast.Node | None:
        """601.2b: which of the costs the player will pay; options that can't be paid aren't legal.

        'You may' is answered yes or no first, 'yes' being legal only when a cost can be paid
        (608.2d); then, of several costs, the player names one.
        """
        options = list(ability.options)
        words = [self.words_of(o) for o in options]
        legal = [(w, o) for w, o in zip(words, options)
                 if self.try_out(lambda o=o: self._pay_option(o, env, base, changes)) is None]
        if ability.optional and not self.ask_yes(
                f"{env.action_text}: as an additional cost, you may {' or '.join(words)}", bool(legal), "601.2b"):
            return None
        if not legal:
            failure = self.try_out(lambda: self._pay_option(options[0], env, base, changes))
            raise failure if failure else error("E402", f"{env.action_text}: no cost can be paid", rule="601.2h")
        if len(legal) == 1:
            return legal[0][1]
        labels = option_labels([w for w, _ in legal])
        name = self.ask(Choice("option", f"{env.action_text}: the additional cost ({one_of([w for w, _ in legal])})",
                               labels, rule="601.2b"))
        return legal[labels.index(name)][1]

    def _pay_option(self, option: ast.Node, env: Env, base: tuple[str, ...], changes: CostChanges) -> None:
        if isinstance(option, ast.PayMana):
            self.pay_mana(env.player, changes.apply(base + parse_cost(option.cost)), env.action_text)
        else:
            probe = Env(env.player, self.new_context(env.player, env.source_id), env.source_id,
                        action_text=env.action_text)
            self.interpreter.pay_action(option, probe, option)
