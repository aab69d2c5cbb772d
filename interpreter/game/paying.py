"""Paying a spell's total cost (601.2h) with what its abilities allow instead of mana: tapping an untapped object
you control (of a colored mana's color) or exiling a card from your graveyard, each for one mana (702.51a,
702.66a, 702.126a). Asked of the spell's static abilities (its own lines, or what its keyword abilities mean),
never of a keyword's name.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from ..diagnostics import error
from ..language import ast
from .choices import Choice
from .events import Event
from .mana import MANA_TYPES, can_pay, format_cost, pay
from .steps import Env

#: How a payer's symbol for one generic mana is written, and how a player names it.
GENERIC, GENERIC_ANSWER = "1", "generic"
#: The answer choosing no other player to help pay (702.132a).
NOBODY = "nobody"


@dataclass(frozen=True)
class Payer:
    """An object that may pay for one mana instead: the symbols it may pay (GENERIC, or a color letter), and
    whether it is tapped (else exiled from a graveyard)."""

    symbols: frozenset[str]
    tap: bool


def payable_with(pool: Counter, cost: tuple[str, ...], payers: tuple[frozenset[str], ...]) -> bool:
    """Whether the cost can be paid from the pool with each payer paying for at most one of its symbols. With no
    payers that is whether the pool pays it (`can_pay`: the order of the symbols doesn't change what a pool pays,
    107.4, 601.2h), asked without building the search."""
    if not payers:
        return can_pay(pool, cost)
    colored = tuple(sorted(s for s in cost if s in MANA_TYPES))
    rest = tuple(s for s in cost if not s.isdigit() and s not in MANA_TYPES)

    @functools.cache
    def go(index: int, colored: tuple[str, ...], generic: int) -> bool:
        if can_pay(pool, ((str(generic),) if generic else ()) + colored + rest):
            return True
        if index == len(payers):
            return False
        symbols = payers[index]
        return (go(index + 1, colored, generic)
                or GENERIC in symbols and generic > 0 and go(index + 1, colored, generic - 1)
                or any(go(index + 1, _without(colored, c), generic) for c in set(colored) & symbols))

    return go(0, colored, sum(int(s) for s in cost if s.isdigit()))


def _less_generic(cost: list[str], amount: int) -> list[str]:
    """The cost with `amount` less generic mana."""
    generic = sum(int(s) for s in cost if s.isdigit()) - amount
    return ([str(generic)] if generic > 0 else []) + [s for s in cost if not s.isdigit()]


def _without(symbols: tuple[str, ...], symbol: str) -> tuple[str, ...]:
    index = symbols.index(symbol)
    return symbols[:index] + symbols[index + 1:]


class Paying:
    """Paying for mana of a spell's total cost with objects instead; a part of `Game`."""

    def mana_payers(self, spell_id: int, env: Env) -> dict[int, Payer]:
        """The objects that may pay for one mana of the spell's total cost instead, by the spell's abilities (as
        it is, or as it last existed: an additional cost may have moved it)."""
        found: dict[int, Payer] = {}
        for rule, values in self.own_statics(self.known_characteristics(spell_id), ast.PayManaInstead):
            own = Env(env.player, env.context, spell_id, {**env.vars, **values})
            if rule.tap:
                candidates = [i for i in self.state.battlefield if self.state.objects[i].controller == env.player
                              and not self.state.objects[i].tapped and self.interpreter.matches(i, rule.quality, own)]
            else:
                candidates = list(self.state.players[env.player].zones["graveyard"])
            for object_id in candidates:
                symbols = self.characteristics(object_id).colors if rule.colored else frozenset({GENERIC})
                before = found.get(object_id, Payer(frozenset(), rule.tap)).symbols
                if symbols | before:
                    found[object_id] = Payer(frozenset(symbols | before), rule.tap)
        return found

    def helpers(self, spell_id: int, env: Env) -> dict[str, int]:
        """The other players who may pay for generic mana of the spell's total cost (702.132a), each with the
        most they could pay (the mana they have)."""
        if not self.own_statics(self.known_characteristics(spell_id), ast.AssistedPayment):
            return {}
        return {p: sum(self.state.players[p].pool.values()) for p in self.state.order
                if p != env.player and not self.state.players[p].lost and sum(self.state.players[p].pool.values())}

    def help_payers(self, spell_id: int, env: Env) -> tuple[frozenset[str], ...]:
        """What may pay for mana instead, for deciding whether a cost can be paid: the objects, and one payer of
        generic mana for each mana the best-supplied other player who may help has."""
        helped = max(self.helpers(spell_id, env).values(), default=0)
        return tuple(p.symbols for p in self.mana_payers(spell_id, env).values()) + (frozenset({GENERIC}),) * helped

    def pay_total(self, player: str, cost: tuple[str, ...], env: Env, spell_id: int, what: str) -> None:
        """601.2h: another player the caster chooses pays for any amount of the generic mana where the spell
        says so (702.132a: the player, or `nobody`, then the amount, a number); the objects the player chooses pay
        for mana of the total cost instead (each for a mana it may pay: where it may pay for more than one kind,
        the player names which, a color letter or `generic`); then the rest is paid with mana."""
        left = self._helped(list(cost), env, spell_id, what)
        payers = self.mana_payers(spell_id, env)
        if payers:
            most = min(len(payers), sum(int(s) if s.isdigit() else s in MANA_TYPES for s in cost))
            chosen = self.interpreter.ask_objects(Choice(
                "objects", f"{what}: what pays for mana instead of mana (up to {most})", list(payers), most, True,
                rule="601.2h"))
            for object_id in chosen:
                left = self._pays_for(object_id, payers[object_id], left, env, what)
        self.pay_mana(player, tuple(left), what)

    def _helped(self, cost: list[str], env: Env, spell_id: int, what: str) -> list[str]:
        """702.132a: the generic mana another player chooses to pay; what is left of the cost."""
        generic = sum(int(s) for s in cost if s.isdigit())
        helpers = self.helpers(spell_id, env) if generic else {}
        if not helpers:
            return cost
        helper = self.ask(Choice("option", f"{what}: another player who may pay for generic mana",
                                 [NOBODY, *helpers], rule="702.132a"))
        if helper == NOBODY:
            return cost
        most = min(generic, helpers[helper])
        amount = int(self.ask(Choice("option", f"{what}: how much of the generic mana {helper} pays",
                                     [str(n) for n in range(most + 1)], rule="702.132a", player=helper)))
        if amount:
            self.state.players[helper].pool = pay(self.state.players[helper].pool, (str(amount),), what)
        return _less_generic(cost, amount)

    def _pays_for(self, object_id: int, payer: Payer, cost: list[str], env: Env, what: str) -> list[str]:
        """One object pays for one mana of what is left of the cost (tapped, or exiled); what is left then."""
        name = self.name_of(object_id)
        generic = sum(int(s) for s in cost if s.isdigit())
        options = sorted(c for c in payer.symbols if c != GENERIC and c in cost)
        options += [GENERIC_ANSWER] if GENERIC in payer.symbols and generic else []
        if not options:
            raise error("E402", f"{what}: {name} can't pay for any mana left in {format_cost(tuple(cost))}",
                        rule="601.2h")
        pick = options[0] if len(options) == 1 else self.ask(Choice(
            "option", f"{what}: the mana {name} pays for", options, rule="601.2h"))
        obj = self.state.objects[object_id]
        if payer.tap:
            obj.tapped = True
            self.emit(Event("tapped", obj.controller, obj.card_name, obj.id), env)
        else:
            self.move(object_id, "exile", env=env)
        return list(_without(tuple(cost), pick)) if pick != GENERIC_ANSWER else _less_generic(cost, 1)
