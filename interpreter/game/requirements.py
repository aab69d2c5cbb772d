"""Requirements to attack and block (508.1d, 509.1c): the declaration must obey as many of them as possible
without breaking a restriction; one that obeys fewer than another legal declaration would is refused.

A requirement is a static ability in the general vocabulary of combat (ast.CombatRequirement: 'attacks each
combat if able', 'blocks each combat if able', 'must be blocked if able', 'all creatures able to block it do
so') or one an effect gave a creature for a while (`Demand` in its `lasting`: goad's, 701.15b). The search
for a better declaration changes only the creatures that requirements are about (each either not attacking
or attacking one of the things it can attack without a cost; not blocking or blocking one attacker it can block), keeping
every other creature as declared; a requirement never makes a player pay a cost (508.1d, 509.1c).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from ..diagnostics import error
from ..language import ast
from .choices import Choice
from .state import Demand
from .steps import Env

#: More alternatives than this are searched one creature at a time (each one changed alone).
MAX_ALTERNATIVES = 4096


class CombatRequirements:
    """Requirements to attack and block; a part of `Game` that `Combat` asks."""

    def combat_rules(self, object_id: int, kind: type) -> list[tuple[ast.Node, Env]]:
        """The static abilities of one kind that apply to the object, its own and other permanents' (604.1), each
        with the environment it is read in (`Statics.statics_about`); none where no text of the game has one
        (`may_have`: nor one not applied yet)."""
        if not self.may_have(kind):
            return []
        self._refuse_unapplied(kind)
        return self.statics_about(object_id, kind)

    def demands(self, object_id: int) -> list[Demand]:
        """The requirements on a creature: its static abilities', then those effects gave it (701.15c: each
        goading player's own)."""
        obj = self.state.objects[object_id]
        found = []
        for rule, _ in self.combat_rules(object_id, ast.CombatRequirement):
            found.append(Demand(rule.act))
            if rule.other_player:
                found.append(Demand(rule.act, obj.controller))
        return found + [demand for demand, _ in obj.lasting if isinstance(demand, Demand)]

    def demands_of(self, ids: list[int]) -> dict[int, list[Demand]]:
        """`demands` of each of these permanents: none at once where no permanent has a requirement among its
        abilities, its own or about others (`permanents_have`), and no effect gave one of these a demand."""
        objects = self.state.objects
        if ids and not self.permanents_have(ast.CombatRequirement) and not any(
                isinstance(demand, Demand) for i in ids for demand, _ in objects[i].lasting):
            self._refuse_unapplied(ast.CombatRequirement)   # as `combat_rules` asks
            return {i: [] for i in ids}
        return {i: self.demands(i) for i in ids}

    # ------------------------------------------------------------ 508.1d
    def attackable(self, player: str) -> list[str | int]:
        """508.1b: the opponents, the planeswalkers they control and the battles they protect."""
        opponents = [p for p in self.state.order if p != player and not self.state.players[p].lost]
        found: list[str | int] = list(opponents)
        for i in self.state.battlefield:
            types, obj = self.characteristics(i).types, self.state.objects[i]
            if ("Planeswalker" in types and obj.controller in opponents) or (
                    "Battle" in types and obj.protector in opponents):
                found.append(i)
        return found

    def enter_attacking(self, ids: list[int], player: str) -> None:
        """508.4: creatures put onto the battlefield attacking attack what their controller chooses (a player,
        planeswalker or battle the attacking player could attack); they were never declared as attackers, so
        nothing that triggers on attacking sees them (508.3a). Outside combat, after its end, or when their
        controller isn't the attacking player, they are simply on the battlefield (506.3, 506.4)."""
        steps = ("declare attackers", "declare blockers", "combat damage")
        options = self.attackable(player)
        if self.state.step not in steps or player != self.state.active or not options:
            return
        labels = [o if isinstance(o, str) else self.name_of(o) for o in options]
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone != "battlefield" or obj.controller != player:
                continue
            chosen = labels[0] if len(labels) == 1 else self.ask(Choice(
                "option", f"what {obj.card_name} attacks", labels, rule="508.4a"))
            obj.attacking = options[labels.index(str(chosen))]

    def check_attack_requirements(self, player: str, declared: dict[int, str | int]) -> None:
        """508.1d: refused when another legal declaration obeys more attack requirements."""
        found = self.demands_of([i for i in self.state.battlefield if self.state.objects[i].controller == player])
        required = {i: demands for i, demands in found.items() if demands}
        if not required:
            return

        def obeyed(attacks: dict[int, str | int]) -> int:
            return sum(1 for i, demands in required.items() for demand in demands
                       if demand.act == ast.ATTACK and i in attacks and (
                           demand.avoid is None or isinstance(attacks[i], str) and attacks[i] != demand.avoid)
                       and demand.toward in (None, attacks[i]))
        targets = [t for t in self.attackable(player) if not (isinstance(t, str) and self.attack_taxes(t))]
        options = {i: [None] + targets for i in required
                   if i in declared or self.attacker_problem(player, i) is None}

        def build(change: dict[int, str | int | None]) -> dict[int, str | int] | None:
            attacks = {i: t for i, t in {**declared, **change}.items() if t is not None}
            return None if self.attack_group_problem(attacks) else attacks
        better = _better(declared, options, obeyed, build)
        if better is not None:
            self._requirement_refusal(required, declared, better, obeyed, "508.1d")

    # ------------------------------------------------------------ 509.1c
    def check_block_requirements(self, player: str, declared: dict[int, tuple[int, ...]]) -> None:
        """509.1c: refused when another legal declaration obeys more block requirements."""
        attackers = [a for a in self.attackers() if self.defending(a) == player]
        creatures = [i for i in self.state.battlefield if self.state.objects[i].controller == player
                     and "Creature" in self.characteristics(i).types]
        on_blockers = {i: [d for d in demands if d.act == ast.BLOCK]
                       for i, demands in self.demands_of(creatures).items()}
        on_attackers = {a: [d for d in demands if d.act in (ast.BE_BLOCKED, ast.BLOCKED_BY_ALL)]
                        for a, demands in self.demands_of(attackers).items()}
        if not any(on_blockers.values()) and not any(on_attackers.values()):
            return
        able = {i: [a for a in attackers if self.blocker_problem(player, a, i) is None] for i in creatures}

        def obeyed(blocks: dict[int, tuple[int, ...]]) -> int:
            count = sum(1 for i, demands in on_blockers.items() for demand in demands
                        if i in blocks and (demand.toward is None or demand.toward in blocks[i]))
            for a, demands in on_attackers.items():
                for demand in demands:
                    if demand.act == ast.BE_BLOCKED:
                        count += any(a in blocked for blocked in blocks.values())
                    else:                                   # each creature able to block it does so
                        count += sum(1 for i in creatures if a in able[i] and a in blocks.get(i, ()))
            return count
        concerned = [i for i in creatures if on_blockers[i]] if not any(on_attackers.values()) else creatures
        options = {i: list(dict.fromkeys([None, *((a,) for a in able[i]), declared.get(i)]))
                   for i in concerned if able[i] or i in declared}

        def build(change: dict[int, tuple[int, ...] | None]) -> dict[int, tuple[int, ...]] | None:
            blocks = {i: b for i, b in {**declared, **change}.items() if b}
            return None if self.block_group_problem(blocks) else blocks
        better = _better(declared, options, obeyed, build)
        if better is not None:
            self._requirement_refusal({**on_blockers, **on_attackers}, declared, better, obeyed, "509.1c")

    def _requirement_refusal(self, required: dict[int, list[Demand]], declared: dict, better: dict,
                             obeyed: Callable[[dict], int], rule: str) -> None:
        """Name a creature whose requirement the better declaration obeys, and what it would do."""
        changed = [i for i in dict.fromkeys([*declared, *better]) if declared.get(i) != better.get(i)]
        concerned = [i for i in changed if required.get(i)] or [i for i in required if required[i]]
        name = self.name_of(concerned[0]) if concerned else self.name_of(changed[0])
        what = "attacks" if rule == "508.1d" else "blocks"
        instead = "; ".join(f"{self.name_of(i)} {self._describe(better.get(i), what)}" for i in changed)
        raise error("E402", f"{name}: a requirement isn't obeyed ({obeyed(declared)} of the requirements are, and "
                    f"{obeyed(better)} can be without breaking a restriction: {instead})", rule=rule)

    def _describe(self, what: object, verb: str) -> str:
        if what is None:
            return f"{verb} nothing" if verb == "blocks" else "doesn't attack"
        if isinstance(what, tuple):
            return f"{verb} " + " and ".join(self.name_of(a) for a in what)
        return f"{verb} {what if isinstance(what, str) else self.name_of(what)}"


def _better(declared: dict, options: dict[int, list], obeyed: Callable[[dict], int],
            build: Callable[[dict], dict | None]) -> dict | None:
    """A legal declaration obeying more requirements than `declared`, changing only the creatures of `options`
    (each to one of its options); None when there is none."""
    base = obeyed(declared)
    for change in _changes(options):
        candidate = build(change)
        if candidate is not None and obeyed(candidate) > base:
            return candidate
    return None


def _changes(options: dict[int, list]) -> Iterator[dict]:
    """Every combination of the options, or, when there are too many, each creature's options alone."""
    total = 1
    for values in options.values():
        total *= len(values)
    if total <= MAX_ALTERNATIVES:
        keys = list(options)
        for values in itertools.product(*(options[k] for k in keys)):
            yield dict(zip(keys, values))
        return
    for key, values in options.items():
        for value in values:
            yield {key: value}
