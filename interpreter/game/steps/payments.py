"""Costs, mana and life: paying costs (118, 601.2h, 602.2b), adding mana (106), gaining and losing life (119)."""
from __future__ import annotations

from ...diagnostics import MtgError, error
from ...language import ast
from ..choices import Choice
from ..costs import keyword_changes, total_changes
from ..events import Event
from ..memo import ByIdentity
from ..mana import COLOR_LETTERS, NO_CHANGES, CostChanges, parse_cost, parse_pool
from ..state import STEPS, phase_of
from .base import Env, executes
from .triggers import TRIGGER_STEPS


class PaymentSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.KeywordCostIs)
    def keyword_cost_is(self, node: ast.KeywordCostIs, env: Env) -> None:
        raise self.refuse(f"'the {node.keyword} cost' follows no grant of {node.keyword}", env, node)

    def pay_cost(self, cost: ast.CostItem, env: Env) -> None:
        """Pay one part of a cost (118, 602.2h): mana, life, loyalty, sacrificing the source, or an action.

        An action paid as a cost must be done in full (118.3): one that can't is refused.
        """
        self.check_runs(cost, env)
        if cost.kind == "mana":
            self.game.pay_mana(env.player, parse_cost(cost.mana), env.action_text or "the cost")
        elif cost.kind == "life":
            self.game.pay_life(env.player, self.number(cost.amount, env), env.action_text or "the cost")
        elif cost.kind == "loyalty":
            self.pay_loyalty(cost, env)
        elif cost.kind == "sacrifice self":
            if env.source_id not in self.state.battlefield:
                raise self.refuse("the source can't be sacrificed: it isn't on the battlefield", env, cost, "701.21a")
            self.game.sacrifice(env.source_id, env)
        else:  # an action
            self.pay_action(cost.effect, env, cost)

    def pay_action(self, effect: ast.Effect, env: Env, node: ast.Node) -> None:
        """118.3: an action paid as a cost is done in full, or the cost can't be paid: it must do something, and
        a sacrifice must find as many permanents as it names."""
        before = len(self.state.events)
        self.run(effect, env)
        if isinstance(effect, ast.Sacrifice):
            counts = [self.number(count, env) for count, _ in effect.items]
            if len(env.vars.get("_it") or ()) < (min(counts) if effect.any_one else sum(counts)):
                raise self.refuse(f"the cost '{self.game.words_of(node)}' can't be paid: there aren't enough "
                                  "permanents to sacrifice", env, node, "118.3")
        if isinstance(effect, ast.Discard) and isinstance(effect.objects, ast.CardsInZone):
            return   # 'discard your hand': the whole hand, even none (701.9a)
        if isinstance(effect, ast.Discard) and effect.objects is None \
                and len(env.vars.get("_it") or ()) < self.number(effect.count, env):
            raise self.refuse(f"the cost '{self.game.words_of(node)}' can't be paid", env, node, "118.3")
        if len(self.state.events) == before and not self._changes_state(effect):
            raise self.refuse(f"the cost '{self.game.words_of(node)}' can't be paid", env, node, "118.3")

    def pay_loyalty(self, cost: ast.CostItem, env: Env) -> None:
        """606.4: a loyalty cost of +N puts N loyalty counters on the source, -N removes N (refused with fewer,
        118.3), 0 is no change."""
        amount = abs(self.number(cost.amount, env))  # the sign is the cost's direction
        obj = self.state.objects[env.source_id]
        if not cost.mana.startswith("-"):
            self.game.add_counters(obj.id, "loyalty", amount, env)
            return
        if obj.counters.get("loyalty", 0) < amount:
            raise self.refuse(f"{obj.card_name} has {obj.counters.get('loyalty', 0)} loyalty counters, fewer than "
                              f"the {amount} to remove", env, cost, "606.4")
        self.game.remove_counters(obj.id, "loyalty", amount, env)

    def check_activation(self, ability: ast.ActivatedAbility, env: Env) -> None:
        """602.5b: refuse the activation when a limit the ability states isn't met (or, like a change to its
        cost, isn't run yet)."""
        for change in ability.cost_changes:
            self.check_runs(change, env)
        for limit in ability.limits + self.added_limits(ability):
            self.check_runs(limit, env)
            key = (env.source_id, self.game.words_of(ability))
            if limit.kind == "once each turn":  # counted for this ability of this object (602.5b-c, 400.7)
                if self.state.activations[key] >= limit.times:
                    raise self.refuse(f"it was already activated {_times(limit.times)} this turn", env, limit,
                                      "602.5b")
                self.state.activations[key] += 1
            elif limit.kind == "once":  # ever, for this ability of this object (a new object is new, 400.7)
                if key in self.state.activated:
                    raise self.refuse("it was already activated once", env, limit, "602.5b")
                self.state.activated.add(key)
            elif not self.limit_met(limit, env):
                raise self.refuse(f"it can be activated only {self.game.words_of(limit)}", env, limit,
                                  "602.5d" if limit.kind == "as a sorcery" else "602.5b")

    def added_limits(self, ability: ast.ActivatedAbility) -> tuple[ast.ActivationLimit, ...]:
        """The limits a keyword labelling the ability adds to it (702.142a, 702.177a); an ability word adds none
        (207.2c)."""
        definition = self.game.rulebook.keyword_abilities.get(ability.label or "")
        return tuple(limit for static in (definition.statics if definition else ())
                     if isinstance(static, ast.AddedLimits) for limit in static.limits)

    def limit_met(self, limit: ast.ActivationLimit, env: Env) -> bool:
        """Whether the moment meets a limit on when the ability can be activated (602.5b, d, e)."""
        state, yours = self.state, self.state.active == env.player
        if limit.kind == "as a sorcery":  # 307.1: your main phase, with an empty stack
            return self.game.sorcery_timing(env.player, env.context)
        if limit.kind == "as an instant":  # 602.5e: any time the player has priority, as an ability can anyway
            return True
        if limit.kind == "during your turn":
            return yours
        if limit.kind == "before attackers are declared":  # until the declare attackers step begins (508.1)
            return yours and STEPS.index(state.step) < STEPS.index("declare attackers")
        if limit.kind == "during your step":
            return yours and state.step == TRIGGER_STEPS[limit.step]
        if limit.kind == "during combat":  # 506.1
            return phase_of(state.step) == "combat"
        if limit.kind == "before step":  # any time this turn until that step begins
            return STEPS.index(state.step) < STEPS.index(limit.step)
        if limit.kind == "during step":
            return state.step == limit.step
        return self.holds(limit.condition, env)  # 'activate only if ...'

    @executes(ast.AddMana)
    def add_mana(self, node: ast.AddMana, env: Env) -> None:
        """106.1, 605: mana goes into the player's pool at once."""
        pool = self.state.players[env.player].pool
        names = _NAMED(node)
        if names:
            made = node.makes[0] if len(names) == 1 else names[self.game.ask(
                Choice("option", f"{env.action_text}: which mana", list(names), rule="106.1"))]
            for _ in range(1 if node.count is None else self.number(node.count, env)):
                for mana_type, amount in _POOL(made).items():
                    pool[mana_type] += amount
            return
        if node.chosen is not None:   # 607.2d: no color chosen, no mana (106.5)
            value = self.chosen_value(node.chosen, env)
            colors = [COLOR_LETTERS[value]] if value in COLOR_LETTERS else []
        else:
            colors = list("WUBRG") if node.any_color else self.game.land_mana_types(env.player)
        chosen = None
        for _ in range(self.number(node.count, env)):
            if not colors:
                return  # 106.5: mana of an undefined type is no mana
            color = chosen or (colors[0] if len(colors) == 1 else self.game.ask(
                Choice("option", f"{env.action_text}: which mana", colors, rule="106.1")))
            if node.one_color:  # '... of any one color': the same color each time
                chosen = color
            pool[color] += 1

    @executes(ast.GainLife)
    def gain_life(self, node: ast.GainLife, env: Env) -> None:
        """119.9: gaining 0 life is no life gain event; 119.7: a player who can't gain life doesn't."""
        amount = self.number(node.amount, env)
        for player in self.players(node.players, env) if amount else ():
            if not self.game.may_gain_life(player):
                continue
            self.state.players[player].life += amount
            self.game.emit(Event("life_gained", player, amount=amount), env)

    @executes(ast.LoseLife)
    def lose_life(self, node: ast.LoseLife, env: Env) -> None:
        """'... loses N life unless they EFFECT': each player in turn order may do it instead (101.4), if able
        (608.2d)."""
        amount = self.number(node.amount, env)
        for player in self.players(node.players, env):
            if node.unless is not None:
                inner = Env(player, env.context, env.source_id, dict(env.vars), env.definition, env.action_text)
                if self.game.ask_yes(f"{env.action_text}: {player}, {self.game.words_of(node.unless)} instead of "
                                     f"losing {amount} life?", self.can_do(node.unless, inner, True), "608.2d",
                                     player):
                    before = len(self.state.events)
                    self.run(node.unless, inner)
                    if len(self.state.events) > before:
                        continue
            self.state.players[player].life -= amount
            env.vars["_life_lost"] = env.vars.get("_life_lost", 0) + amount  # 'the total life lost this way'
            self.game.emit(Event("life_lost", player), env)

    @executes(ast.PayKeywordCost)
    def pay_keyword_cost(self, node: ast.PayKeywordCost, env: Env) -> None:
        for cost, changes in self._keyword_costs(node, env):
            self._pay(cost, env, node, total_changes(self, [(c, env) for c in changes]))  # 601.2f

    def _keyword_costs(self, node: ast.PayKeywordCost, env: Env
                       ) -> list[tuple[tuple[str, ...], tuple[ast.CostChange, ...]]]:
        """Each object's cost given by its keyword ability, with the changes to that cost (601.2f)."""
        out = []
        for i in self.objects(node.objects, env):
            ability = self.keyword_of(i, node.keyword, node.objects)
            if ability is None:
                raise self.refuse(f"{self.game.name_of(i)} has no {node.keyword} cost", env, node)
            lines = self.state.objects[i].card.front.abilities + self.game.characteristics(i).abilities
            out.append((parse_cost(str(dict(ability.args).get("cost") or "")), keyword_changes(lines, ability)))
        return out

    def mana_to_pay(self, node: ast.Node | None, env: Env) -> tuple[str, ...] | None:
        """The mana a step paying a cost would pay, as far as reading the state tells (a special action's
        listing, legal.py): a keyword's cost nothing changes, an object's mana cost or mana written out; None:
        not a step paying mana, or a cost the payment itself works out."""
        if isinstance(node, ast.PayKeywordCost):
            costs = self._keyword_costs(node, env)
            return None if any(changes for _, changes in costs) else tuple(s for cost, _ in costs for s in cost)
        if isinstance(node, ast.PayManaCostOf):
            return tuple(s for cost in self._mana_costs(node, env) for s in cost)
        if isinstance(node, ast.PayMana) and isinstance(node.cost, str):
            return parse_cost(node.cost)
        return None

    @executes(ast.PayMana)
    def pay_mana(self, node: ast.PayMana, env: Env) -> None:
        cost = env.vars.get(node.cost.name) if isinstance(node.cost, ast.Var) else node.cost
        if isinstance(cost, ast.Costs):  # a cost other than mana in a definition's {cost} slot
            self.pay_costs(cost, env)
            return
        self._pay(parse_cost(str(cost)), env, node)

    @executes(ast.PayManaCostOf)
    def pay_mana_cost_of(self, node: ast.PayManaCostOf, env: Env) -> None:
        for cost in self._mana_costs(node, env):
            self._pay(cost, env, node)

    def _mana_costs(self, node: ast.PayManaCostOf, env: Env) -> list[tuple[str, ...]]:
        """Each object's mana cost, its X as 0 (107.3h)."""
        return [tuple(s for s in chars.mana_cost or () if s != "X")
                for chars in self.printed_or_current(node.objects, env)]

    def _pay(self, cost: tuple[str, ...], env: Env, node: ast.Node, changes: CostChanges = NO_CHANGES) -> None:
        """A step pays a mana cost the way casting does (hybrid, Phyrexian, X: 118.13b-c; its changes,
        601.2f); a cost that can't be paid is refused at the step, citing the definition it belongs to."""
        try:
            self.game.pay_announced(cost, env, changes, env.rule or "601.2h")
        except MtgError as exc:
            d = exc.diagnostic
            if d.code != "E401" or d.span is not None:
                raise
            raise error(d.code, d.message, node.span, d.rule, d.help) from None

    @executes(ast.Require)
    def require(self, node: ast.Require, env: Env) -> None:
        if not self.holds(node.condition, env):
            raise self.refuse(f"requires that {self.fill(node.text, env)}", env, node, node.rule)


def _times(times: int) -> str:
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


#: The fixed amounts of mana a node adds (`makes`), by name: one of one mana is named by its type ('G'), as 'any
#: color' is; read once per node.
_NAMED = ByIdentity(lambda node: {made[1:-1] if made.count("{") == 1 else made: made for made in node.makes})
#: The mana a mana string adds, read once per string (only read: `add_mana` adds its items to the pool).
_POOL = ByIdentity(parse_pool)
