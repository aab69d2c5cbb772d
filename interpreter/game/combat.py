"""Combat (506-511): declaring attackers and blockers, and combat damage.

The turn (turns.py) runs the combat phase's steps; their turn-based actions are here: declaring attackers
(508.1) and blockers (509.1) with what a scenario's `attack` and `block` declared, and combat damage (510).
Whether a creature may attack or block, how an attacker may be blocked, whether attacking taps it, in which
combat damage step it deals damage and whether it may assign excess damage to what it attacks are asked of
the static abilities it has (ast/combat.py: its own lines, or what its keyword abilities mean as rules/
defines them), never of a keyword's name.
"""
from __future__ import annotations

from ..diagnostics import error
from ..language import ast
from . import runs
from .choices import Choice
from .events import Event
from .mana import can_pay, format_cost, parse_cost
from .requirements import CombatRequirements
from .state import STEPS
from .steps import Env
from .turns import MAX_STEPS

#: The code of an illegal attack, block or damage division (the state stays as it was).
ILLEGAL = "E402"
#: Designations effects with a duration give (permanents.py): 'can't attack this turn', ...
CANT_ATTACK, CANT_BLOCK, UNBLOCKABLE = "can't attack", "can't block", "can't be blocked"


class Combat(CombatRequirements):
    """Attacking, blocking and combat damage; a part of `Game`."""

    #: What the scenario step declares as the declare attackers or blockers step's turn-based action:
    #: ('attack', what is attacked, refs) or ('block', [(attacker ref, blocker refs)]); None: nothing.
    declaring: tuple | None = None

    # ------------------------------------------------------------ what static abilities say
    def _restrictions(self, object_id: int, block: bool) -> bool:
        """508.1c, 509.1b: a static ability or an effect saying it can't attack (can't block); one about the
        defending player is read for each thing it would attack (`attack_group_problem`)."""
        designation = CANT_BLOCK if block else CANT_ATTACK
        return designation in self.state.objects[object_id].designations or any(
            not _about_defending(rule) and self._restricts(rule, env, block)
            for rule, env in self.combat_rules(object_id, ast.CantAttackOrBlock))

    def _restricts(self, rule: ast.CantAttackOrBlock, env: Env, block: bool, defending: str | None = None) -> bool:
        """Whether the restriction forbids it now: always, or while its condition holds ('as long as'), or while
        it doesn't ('unless'); `defending`: the player it would attack, whom 'defending player' names (508.5)."""
        if rule.block not in (block, None) or rule.alone:
            return False
        if rule.condition is None:
            return True
        if defending is not None:
            env.vars["_defending"] = [defending]
        return self.interpreter.holds(rule.condition, env) != rule.unless

    # ------------------------------------------------------------ the scenario's declarations
    def attack(self, player: str, target: str | None, refs: list[str]) -> None:
        """508.1: the active player declares these creatures as attackers, attacking `target` (a player's name
        or a planeswalker's or battle's reference; None: the only opponent), the game going to the declare
        attackers step of this turn first: all players pass, what is on the stack on the way resolving (117.4)."""
        self._declare(player, "declare attackers", ("attack", target, refs))

    def block(self, player: str, blocks: list[tuple[str, list[str]]]) -> None:
        """509.1: the defending player declares blockers, each (attacker, blockers) pair one attacker blocked,
        the game going to the declare blockers step first."""
        self._declare(player, "declare blockers", ("block", player, blocks))

    def refuse_declaring(self, player: str, step: str, declaration: tuple) -> None:
        state = self.state
        what = "attackers" if declaration[0] == "attack" else "blockers"
        if STEPS.index(state.step) >= STEPS.index(step):
            raise error(ILLEGAL, f"{player} can't declare {what} now: they are declared once, as the {step} step "
                        f"begins, and the game is in the {state.step} step", rule="508.1" if what == "attackers"
                        else "509.1")
        if declaration[0] == "attack" and player != state.active:
            raise error(ILLEGAL, f"{player} can't declare attackers: only the active player ({state.active}) "
                        "attacks (508.1)", rule="508.1")

    def _declare(self, player: str, step: str, declaration: tuple) -> None:
        state = self.state
        what = "attackers" if declaration[0] == "attack" else "blockers"
        self.refuse_declaring(player, step, declaration)
        self.declaring = declaration
        try:
            for _ in range(MAX_STEPS):
                if self.declaring is None or state.ended:
                    break
                if state.stack:          # 117.4: all players pass in succession: the top object resolves
                    self.pass_priority(player)
                else:
                    self.go_to(player, step)
            if self.declaring is not None:
                raise error(ILLEGAL, f"{player} can't declare {what}: the game stopped in the {state.step} step "
                            "before it", rule="117.4")
        finally:
            self.declaring = None

    def _taken(self, kind: str) -> tuple | None:
        declaration = self.declaring
        if declaration is None or declaration[0] != kind:
            return None
        self.declaring = None
        return declaration

    # ------------------------------------------------------------ 508: declare attackers
    def declare_attackers(self) -> None:
        """508.1: the active player declares attackers (none when the step is passed through)."""
        declaration = self._taken("attack")
        if declaration is None:
            return
        _, target, refs = declaration
        player = self.state.active
        attacked = self._attacked(player, target) if refs else None
        chosen: list[int] = []
        for ref in refs:
            obj = self.find(ref, player, ("battlefield",))
            if obj.id in chosen:
                raise error(ILLEGAL, f"{obj.card_name} is declared as an attacker twice", rule="508.1a")
            self._refuse(self.attacker_problem(player, obj.id))
            chosen.append(obj.id)
        declared = {object_id: attacked for object_id in chosen}
        self._refuse(self.attack_group_problem(declared))
        self.check_attack_requirements(player, declared)
        for object_id in chosen:                                       # 508.1f: tapping
            obj = self.state.objects[object_id]
            if not self.combat_rules(object_id, ast.AttacksUntapped):
                obj.tapped = True
                self.emit(Event("tapped", obj.controller, obj.card_name, obj.id))
        self._attack_taxes(player, declared)                           # 508.1g-h: costs to attack
        for object_id in chosen:
            self._attack_costs(player, object_id)
        for object_id in chosen:                                       # 508.1k, 508.3a
            obj = self.state.objects[object_id]
            obj.attacking = attacked
            self.emit(Event("attacked", obj.controller, obj.card_name, obj.id, self.characteristics(obj.id)))
        if chosen:
            self.emit(Event("attackers_declared", player))

    def _attacked(self, player: str, target: str | None) -> str | int:
        """508.1b: the defending player, or a planeswalker an opponent controls, or a battle an opponent protects."""
        opponents = [p for p in self.state.order if p != player and not self.state.players[p].lost]
        if target is None:
            if len(opponents) != 1:
                raise error(ILLEGAL, f"attack with ...: name the player, planeswalker or battle attacked (one of "
                            f"{', '.join(opponents)})", rule="508.1b")
            return opponents[0]
        if target in self.state.players:
            if target not in opponents:
                raise error(ILLEGAL, f"{player} can't attack {target}: only an opponent can be attacked", rule="508.1b")
            return target
        obj = self.find(target, player, ("battlefield",))
        types = self.characteristics(obj.id).types
        ok = ("Planeswalker" in types and obj.controller in opponents) or (
            "Battle" in types and obj.protector in opponents)
        if not ok:
            raise error(ILLEGAL, f"{player} can't attack {obj.card_name}: only a planeswalker an opponent controls or "
                        "a battle an opponent protects can be attacked", rule="508.1b")
        return obj.id

    @staticmethod
    def _refuse(problem: tuple[str, str] | None) -> None:
        """Refuse an illegal declaration: `problem` is (message, rule), or None when there is none."""
        if problem is not None:
            raise error(ILLEGAL, problem[0], rule=problem[1])

    def attacker_problem(self, player: str, object_id: int) -> tuple[str, str] | None:
        """508.1a: an untapped creature the active player controls, under their control since their most recent
        turn began unless it may attack anyway (302.6); 508.1c: no restriction forbids it."""
        obj = self.state.objects[object_id]
        name = obj.card_name
        if obj.controller != player or "Creature" not in self.characteristics(object_id).types:
            return f"{name} can't attack: only creatures {player} controls attack", "508.1a"
        if obj.tapped:
            return f"{name} can't attack: it is tapped", "508.1a"
        if obj.summoning_sick and not self.combat_rules(object_id, ast.AttacksDespiteSickness):
            return (f"{name} can't attack: {player} hasn't controlled it continuously since their most recent turn "
                    f"began (summoning sickness)"), "302.6"
        if self._restrictions(object_id, block=False):
            return f"{name} can't attack: an ability or effect says it can't", "508.1c"
        return None

    def attack_group_problem(self, declared: dict[int, str | int]) -> tuple[str, str] | None:
        """508.1c: restrictions on the attackers together ('can't attack alone') and on what each attacks ('can't
        attack unless defending player controls an Island': the player it attacks, or who controls or protects
        the planeswalker or battle it attacks, 508.5)."""
        for object_id, attacked in declared.items():
            defending = self.defender_of(attacked)
            for rule, env in self.combat_rules(object_id, ast.CantAttackOrBlock):
                if _about_defending(rule) and self._restricts(rule, env, False, defending):
                    return (f"{self.name_of(object_id)} can't attack {self._describe(attacked, '').strip()}: "
                            f"'{self.words_of(rule)}'", "508.1c")
        return self._alone_problem(list(declared), block=False)

    def _alone_problem(self, creatures: list[int], block: bool) -> tuple[str, str] | None:
        if len(creatures) != 1:
            return None
        alone = [r for r, _ in self.combat_rules(creatures[0], ast.CantAttackOrBlock)
                 if r.alone and r.block in (block, None)]
        if not alone:
            return None
        verb = "block" if block else "attack"
        return (f"{self.name_of(creatures[0])} can't {verb} alone: '{self.words_of(alone[0])}'",
                "509.1b" if block else "508.1c")

    def attack_taxes(self, defended: str) -> list[tuple[int, ast.AttackTax]]:
        """508.1g: the costs to attack a player that static abilities of their permanents impose (none at once where
        no permanent has one: `permanents_have`)."""
        if not self.permanents_have(ast.AttackTax):
            return []
        return [(i, tax) for i in self.state.battlefield if self.state.objects[i].controller == defended
                for tax in self._own(self.characteristics(i), ast.AttackTax)]

    def _attack_taxes(self, player: str, declared: dict[int, str | int]) -> None:
        """508.1h: 'Creatures can't attack you unless their controller pays COST for each creature ...': the
        attacking player chooses whether to pay each such cost for the creatures attacking that player, and
        pays it; an attack whose cost isn't paid is refused. 508.1i: mana abilities activated as the cost is
        paid aren't run: the mana in the player's pool pays."""
        for defended in dict.fromkeys(t for t in declared.values() if isinstance(t, str)):
            count = sum(1 for t in declared.values() if t == defended)
            for source, tax in self.attack_taxes(defended):
                each = parse_cost(tax.cost)
                generic = count * sum(int(symbol) for symbol in each if symbol.isdigit())
                cost = ((str(generic),) if generic else ()) + tuple(s for s in each if not s.isdigit()) * count
                what = f"{count} creature(s) attacking {defended} ({self.name_of(source)})"
                payable = can_pay(self.state.players[player].pool, cost)
                if not self.ask_yes(f"pay {format_cost(cost)} for {what}?", payable, "508.1h"):
                    if not payable:
                        _, message, rule = runs.MANA_WHILE_DECLARING
                        raise error(runs.NOT_RUN, f"{player} can't pay {format_cost(cost)} for {what} from their "
                                    f"mana pool, and {message}", rule=rule)
                    raise error(ILLEGAL, f"{player} can't attack {defended} with {count} creature(s) without paying "
                                f"{format_cost(cost)}: {self.name_of(source)}: '{self.words_of(tax)}'", rule="508.1h")
                self.pay_mana(player, cost, what, "508.1h")

    def _attack_costs(self, player: str, object_id: int) -> None:
        """508.1g-h, 701.43: 'you may ACTION this creature as it attacks': the player chooses whether, the action
        is done, and its reflexive trigger ('When you do, ...') waits to be put on the stack (603.12)."""
        obj = self.state.objects[object_id]
        for ability in self.characteristics(object_id).abilities:
            if not isinstance(ability, ast.AttackCost):
                continue
            words = self.words_of(ability.action)
            if not self.ask_yes(f"{obj.card_name} attacks: {words}?", True, "508.1g"):
                continue
            context = self.new_context(player, object_id)
            env = Env(player, context, object_id, {"_it": [object_id]}, action_text=f"{words} as it attacks")
            self.interpreter.run(ability.action, env)
            self.end_context(context)
            if isinstance(ability.then, ast.ReflexiveTrigger):
                env.did, env.vars = True, {"_it": [object_id]}
                self.interpreter.run(ability.then, env)
            elif ability.then is not None:
                _, message, rule = runs.THEN_AS_IT_ATTACKS
                raise error(runs.NOT_RUN, f"{obj.card_name}: what follows '{words}' {message}", ability.then.span, rule)

    # ------------------------------------------------------------ 509: declare blockers
    def defending(self, attacker: int) -> str | None:
        """506.2, 506.3: the player an attacking creature attacks, or who controls (protects) what it attacks."""
        return self.defender_of(self.state.objects[attacker].attacking)

    def defender_of(self, attacked: str | int | None) -> str | None:
        """506.2: the player attacked, or who controls the planeswalker (protects the battle) attacked."""
        if isinstance(attacked, str) or attacked is None:
            return attacked
        obj = self.state.objects.get(attacked)
        if obj is None:
            return None
        return obj.protector if "Battle" in self.characteristics(attacked).types else obj.controller

    def declare_blockers(self) -> None:
        """509.1: the defending player declares blockers (none when the step is passed through); each
        attacking creature becomes blocked or stays unblocked (509.1h). A creature blocking several attackers is
        named in each one's sentence."""
        declaration = self._taken("block")
        if declaration is None:
            self._unblocked()
            return
        _, player, blocks = declaration
        attackers = self.attackers()
        declared: dict[int, tuple[int, ...]] = {}                      # blocker -> the attackers it blocks
        named: list[int] = []
        for attacker_ref, blocker_refs in blocks:
            attacker = self.find(attacker_ref, player, ("battlefield",))
            if attacker.id not in attackers or self.defending(attacker.id) != player:
                raise error(ILLEGAL, f"{player} can't block {attacker.card_name}: it isn't attacking {player} or a "
                            f"permanent {player} controls", rule="509.1a")
            if attacker.id in named:
                raise error(ILLEGAL, f"{attacker.card_name} is named twice: give all its blockers in one sentence",
                            rule="509.1a")
            named.append(attacker.id)
            for ref in blocker_refs:
                blocker = self.find(ref, player, ("battlefield",))
                if attacker.id in declared.get(blocker.id, ()):
                    raise error(ILLEGAL, f"{blocker.card_name} is declared twice as a blocker of "
                                f"{attacker.card_name}", rule="509.1a")
                self._refuse(self.blocker_problem(player, attacker.id, blocker.id))
                declared[blocker.id] = declared.get(blocker.id, ()) + (attacker.id,)
        self._refuse(self.block_group_problem(declared))
        self.check_block_requirements(player, declared)
        for blocker, blocked in declared.items():                       # 509.1g-h
            obj = self.state.objects[blocker]
            obj.blocking = blocked
            self.emit(Event("blocked", obj.controller, obj.card_name, obj.id, self.characteristics(obj.id)))
        for blocker, blocked in declared.items():      # 509.3b, 509.3d: each pair, for 'blocks a creature' and
            obj = self.state.objects[blocker]           # 'becomes blocked by a creature'
            for attacker in blocked:
                attacker_obj = self.state.objects[attacker]
                self.emit(Event("blocked_creature", obj.controller, obj.card_name, blocker,
                                self.characteristics(blocker), other=attacker))
                self.emit(Event("blocked_by", attacker_obj.controller, attacker_obj.card_name, attacker,
                                self.characteristics(attacker), other=blocker))
        for attacker in dict.fromkeys(a for blocked in declared.values() for a in blocked):
            attacker_obj = self.state.objects[attacker]
            attacker_obj.blocked = True
            self.emit(Event("became_blocked", attacker_obj.controller, attacker_obj.card_name, attacker))
        self._unblocked()

    def _unblocked(self) -> None:
        """509.1h: each attacking creature no creature blocks is unblocked ('attacks and isn't blocked')."""
        for attacker in self.attackers():
            obj = self.state.objects[attacker]
            if not obj.blocked:
                self.emit(Event("unblocked", obj.controller, obj.card_name, attacker))

    def blocker_problem(self, player: str, attacker: int, blocker: int) -> tuple[str, str] | None:
        """509.1a: an untapped creature the defending player controls; 509.1b: no restriction forbids it, nor what
        the attacker's abilities say about the creatures that may block it, one by one ('except by creatures
        with flying or reach', 'by creatures with power 2 or less'); effects saying it can't be blocked."""
        obj = self.state.objects[blocker]
        name, against = obj.card_name, self.name_of(attacker)
        if obj.controller != player or "Creature" not in self.characteristics(blocker).types:
            return f"{name} can't block {against}: only creatures {player} controls block", "509.1a"
        if obj.tapped:
            return f"{name} can't block {against}: it is tapped", "509.1a"
        if self._restrictions(blocker, block=True):
            return f"{name} can't block {against}: an ability or effect says it can't", "509.1b"
        refused = self.block_refused(attacker, blocker, player)
        if refused is not None:
            return f"{name} can't block {against}: '{refused}'", "509.1b"
        designations = self.state.objects[attacker].designations
        if UNBLOCKABLE in designations:
            return f"{name} can't block {against}: it can't be blocked this turn", "509.1b"
        for designation in designations:
            if designation.startswith(UNBLOCKABLE + " by"):
                _, message, rule = runs.BLOCKED_BY
                raise error(runs.NOT_RUN, f"{against}: '{designation}': {message}", rule=rule)
        for rule, env in self.combat_rules(attacker, ast.BlockRestriction):
            if rule.quality is not None and self.interpreter.matches(blocker, rule.quality, env) != rule.only:
                return f"{name} can't block {against}: '{self.words_of(rule)}'", "509.1b"
        return None

    def block_limit(self, blocker: int) -> int | None:
        """509.1a: a creature blocks one attacker, or more as its abilities say ('can block an additional
        creature each combat', each such ability adding; None: 'any number of creatures')."""
        several = self.combat_rules(blocker, ast.BlocksSeveral)
        if any(rule.extra is None for rule, _ in several):
            return None
        return 1 + sum(rule.extra for rule, _ in several)

    def block_group_problem(self, declared: dict[int, tuple[int, ...]]) -> tuple[str, str] | None:
        """509.1a-b: restrictions on the blockers together: how many attackers each may block, how many
        creatures must block an attacker together ('except by two or more creatures'), 'can't block alone'."""
        for blocker, blocked in declared.items():
            limit = self.block_limit(blocker)
            if limit is not None and len(blocked) > limit:
                names = " and ".join(self.name_of(a) for a in blocked)
                return (f"{self.name_of(blocker)} can't block {names}: it can block {limit} attacker(s) each combat",
                        "509.1a")
        for attacker in dict.fromkeys(a for blocked in declared.values() for a in blocked):
            blockers = [b for b, blocked in declared.items() if attacker in blocked]
            for rule, _ in self.combat_rules(attacker, ast.BlockRestriction):
                if rule.at_least and len(blockers) < rule.at_least:
                    names = ", ".join(self.name_of(b) for b in blockers)
                    return f"{names} can't block {self.name_of(attacker)} alone: '{self.words_of(rule)}'", "509.1b"
        return self._alone_problem(list(declared), block=True)

    # ------------------------------------------------------------ 510: combat damage
    def combat_damage(self) -> None:
        """510.1-510.2: each attacking and blocking creature assigns its combat damage, then all of it is dealt
        at once. 510.4: if a creature in combat deals damage in the first combat damage step as the step
        begins, this step is that one, and a second combat damage step follows for the others and for those
        that deal damage in both (702.7b, 702.4b)."""
        state = self.state
        in_combat = self.attackers() + [i for i in state.battlefield if state.objects[i].blocking]
        if state.struck_first is None:
            first = [i for i in in_combat if self.combat_rules(i, ast.CombatDamageSteps)]
            if first:
                state.struck_first = frozenset(first)
                state.added_steps.insert(0, "combat damage")
                self._deal_combat_damage(first)
                return
            dealing = in_combat
        else:
            dealing = [i for i in in_combat if i not in state.struck_first
                       or any(r.regular for r, _ in self.combat_rules(i, ast.CombatDamageSteps))]
        self._deal_combat_damage(dealing)

    def _deal_combat_damage(self, dealing: list[int]) -> None:
        """510.1: assignments in APNAP order of the creatures' controllers' choices, then 510.2: dealt at once."""
        assigned: dict[int, dict[int | str, int]] = {}
        for source in dealing:
            power = self.characteristics(source).power or 0
            if power <= 0:                                              # 510.1a
                continue
            obj = self.state.objects[source]
            if obj.attacking is not None:
                assigned[source] = self._attacker_assigns(source, power, assigned)
            elif obj.blocking:
                blocked = [a for a in obj.blocking if a in self.state.objects and self.state.objects[a].attacking]
                if len(blocked) == 1:                                  # 510.1d
                    assigned[source] = {blocked[0]: power}
                elif blocked:
                    assigned[source] = self._blocker_assigns(source, power, blocked)
        for source, amounts in assigned.items():
            self.deal_damage(source, amounts, None, combat=True)

    def _attacker_assigns(self, source: int, power: int, assigned: dict) -> dict[int | str, int]:
        """510.1b: unblocked, to what it attacks; 510.1c: blocked, among its blockers, as its controller
        divides it when two or more block it or it may assign excess damage (702.19b-c); blocked by none
        that remain, none unless it may assign its damage to what it attacks (702.19e)."""
        obj = self.state.objects[source]
        attacked = obj.attacking if isinstance(obj.attacking, str) or obj.attacking in self.state.battlefield else None
        excess = bool(self.combat_rules(source, ast.ExcessCombatDamage))
        if not obj.blocked:
            return {attacked: power} if attacked is not None else {}
        blockers = [i for i in self.state.battlefield if source in self.state.objects[i].blocking]
        if not blockers:
            return {attacked: power} if excess and attacked is not None else {}
        if len(blockers) == 1 and not excess:
            return {blockers[0]: power}
        recipients: list[int | str] = blockers + ([attacked] if excess and attacked is not None else [])
        answer = self.ask(Choice("division", f"{obj.card_name} assigns {power} combat damage among "
                                 f"{', '.join(self._label(r) for r in recipients)}", recipients, power, rule="510.1c",
                                 player=obj.controller))
        division = {r: answer.get(r, 0) for r in recipients}
        self._check_division(source, power, division, blockers, attacked if excess else None, assigned)
        return division

    def _blocker_assigns(self, source: int, power: int, blocked: list[int]) -> dict[int | str, int]:
        """510.1d: a creature blocking several attackers divides its combat damage among them as its controller
        chooses, the amounts adding up to its power."""
        name = self.name_of(source)
        answer = self.ask(Choice("division", f"{name} assigns {power} combat damage among "
                                 f"{', '.join(self.name_of(a) for a in blocked)}", list(blocked), power, rule="510.1d",
                                 player=self.state.objects[source].controller))
        division = {a: answer.get(a, 0) for a in blocked}
        if any(amount < 0 for amount in division.values()) or sum(division.values()) != power:
            raise error(ILLEGAL, f"{name}'s combat damage: the division gives {sum(division.values())}, and {name} "
                        f"assigns {power}", rule="510.1d")
        return division

    def _label(self, recipient: int | str) -> str:
        return recipient if isinstance(recipient, str) else self.name_of(recipient)

    def _check_division(self, source: int, power: int, division: dict, blockers: list[int],
                        attacked: int | str | None, assigned: dict) -> None:
        """510.1c: the amounts add up to its power; 702.19b-c: damage goes to what it attacks only once each
        blocker is assigned lethal damage, counting damage already marked and damage other creatures assign
        to it in this step, 1 being lethal for a source whose damage is lethal in any amount (702.2c)."""
        name = self.name_of(source)
        if any(amount < 0 for amount in division.values()) or sum(division.values()) != power:
            raise error(ILLEGAL, f"{name}'s combat damage: the division gives {sum(division.values())}, and "
                        f"{name} assigns {power}", rule="510.1c")
        if attacked is None or not division.get(attacked):
            return
        deadly = self.lethal_in_any_amount(self.characteristics(source))
        for blocker in blockers:
            chars = self.characteristics(blocker)
            others = sum(amounts.get(blocker, 0) for amounts in assigned.values())
            lethal = max(0, (chars.toughness or 0) - self.state.objects[blocker].damage - others)
            if deadly:
                lethal = min(lethal, 1)
            if division[blocker] < lethal:
                raise error(ILLEGAL, f"{name}'s combat damage: {self._label(attacked)} is assigned damage while "
                            f"{self.name_of(blocker)} is assigned less than lethal damage ({division[blocker]} of "
                            f"{lethal})", rule="702.19b")

    def end_combat(self) -> None:
        """511.3: as the end of combat step ends, every creature is removed from combat, and the combat's
        first combat damage step is forgotten."""
        state = self.state
        for i in state.battlefield:
            obj = state.objects[i]
            if obj.attacking is not None or obj.blocking or obj.blocked:
                obj.attacking, obj.blocked = None, False
                obj.blocking = ()
        if state.struck_first is not None:
            state.struck_first = None


def _about_defending(rule: ast.CantAttackOrBlock) -> bool:
    """Whether a restriction's condition names the defending player (508.5)."""
    return rule.condition is not None and any(isinstance(node, ast.Players) and node.who == "defending player"
                                              for node in ast.walk(rule.condition))
