"""Targets (115): announced as a spell or ability is put on the stack (601.2c, 602.2b, 603.3d), checked again as
it resolves (608.2b).
"""
from __future__ import annotations

from typing import Callable

from ...diagnostics import MtgError
from ...language import ast
from ..choices import Choice
from ..events import Event
from ..state import Context, Targets
from ..memo import ByIdentity
from .base import LATER_ABILITIES, Env, NoLegalTarget, executes

#: The kinds of object phrase that name targets (115.1).
TARGETING = (ast.Target, ast.UpToTargets, ast.AnyTarget)


def _borrowed_target(node: ast.Conditional) -> ast.Node | None:
    """'Target creature gets -2/-2. If it's night, that creature gets -13/-13 instead' (614.1a, 608.2c): the
    branch taken instead names no target of its own, and its 'that creature' is the other branch's target,
    chosen as the text names it (601.2c) whichever branch happens; that target phrase, if so."""
    if node.otherwise is None or any(isinstance(n, TARGETING) for n in ast.walk(node.effect)):
        return None
    return next((n for n in ast.walk(node.otherwise) if isinstance(n, TARGETING)), None)


#: `_borrowed_target`, read once per conditional.
borrowed_target = ByIdentity(_borrowed_target)


class TargetSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.Target)
    def target(self, node: ast.Target, env: Env) -> list[int]:
        """A target: announced as the spell was cast or the ability put on the stack (601.2c, 603.3d)."""
        def choose() -> list[int]:
            legal = self.target_options(node, env)
            count = self.number(node.count, env) if node.count is not None else 1
            if len(legal) < max(count, 1):
                raise NoLegalTarget(self.refuse(f"there is no legal {self.describe(node, env)}" if not legal else
                                                f"needs {count} targets, and there are {len(legal)}", env, node,
                                                "115.1").diagnostic)
            return self.ask_objects(Choice("objects", self.describe(node, env), legal, count, rule="115.1"))
        return self._announced(node, env, choose)

    def any_target(self, node: ast.AnyTarget, env: Env) -> list[int | str]:
        """'any target' (115.4): a creature, planeswalker or battle, or a player, answered by name."""
        def choose() -> list[int | str]:
            legal = self.any_target_options(env, node)
            if not legal:
                raise NoLegalTarget(self.refuse("there is no legal target for 'any target'", env, node,
                                                "115.4").diagnostic)
            return self.ask_objects(Choice("objects", f"{env.action_text}: any target", legal, rule="115.4"))
        return self._announced(node, env, choose)

    def any_target_options(self, env: Env, node: ast.AnyTarget) -> list[int | str]:
        """115.4: creatures, planeswalkers and battles that can be targeted, then the players (or those of the
        types named, and the opponents)."""
        permanents = [i for i in self.state.battlefield if not self.game.untargetable(i, env)
                      and set(node.types) & set(self.game.characteristics(i).types)]
        return [*permanents, *(p for p in self.state.order if not self.state.players[p].lost
                               and not (node.opponents and p == env.player))]

    def divided_targets(self, node: ast.DealDividedDamage, env: Env) -> tuple[list[int | str], dict]:
        """601.2c-d: the targets damage is divided among and the division, announced together: at least one
        target (none may be chosen of 'any number of'), no more than the damage, each given at least 1 and all
        of it given; kept with the group (608.2b: the division doesn't change as it resolves)."""
        targets, amount = node.targets, self.number(node.amount, env)
        division: dict = {}

        def choose() -> list[int | str]:
            legal = self.divided_options(targets, env)
            least = 0 if targets.most is None else 1
            most = min(len(legal), amount, targets.most or amount)
            if most < least:
                raise NoLegalTarget(self.refuse(f"{amount} damage can't be divided among {len(legal)} legal "
                                                "target(s), each given at least 1", env, node, "601.2d").diagnostic)
            chosen = self.ask_objects(Choice("objects", f"{env.action_text}: up to {most} target(s) to divide "
                                             f"{amount} damage among", legal, most, True, "601.2d")) if most else []
            if len(chosen) < least:
                raise self.refuse("damage divided needs at least one target", env, node, "601.2d")
            shares = {chosen[0]: amount} if len(chosen) == 1 else self.game.ask(Choice(
                "division", f"{env.action_text}: {amount} damage divided among the targets", chosen, amount,
                rule="601.2d")) if chosen else {}
            if not isinstance(shares, dict) or set(shares) != set(chosen) or sum(shares.values()) != amount \
                    or min(shares.values(), default=1) < 1:
                raise self.refuse(f"{amount} damage divided as {shares}: each target is given at least 1, and all "
                                  "of it is given", env, node, "601.2d")
            division.update(shares)
            return chosen
        index = env.target_index
        chosen = self._announced(targets, env, choose)
        group = env.context.targets[index]
        if division:
            group.vars["_division"] = division
        return chosen, group.vars.get("_division", {})

    def divided_options(self, node: ast.DividedTargets, env: Env) -> list[int | str]:
        """The legal targets of a division: any target (115.4), or permanents of the quality."""
        if node.quality is None:
            return self.any_target_options(env, ast.AnyTarget(span=node.span))
        return self.target_options(ast.Target(node.quality, span=node.span), env)

    def target_players(self, node: ast.Players, env: Env) -> list[str]:
        """'target player' / 'target opponent', announced like any target (601.2c)."""
        def choose() -> list[str]:
            options = self.player_options(node, env)
            if not options:
                raise NoLegalTarget(self.refuse(f"there is no legal {node.who}", env, node, "115.1").diagnostic)
            if len(options) == 1:
                return options
            return [self.game.ask(Choice("option", f"{env.action_text}: {node.who}", options, rule="115.1"))]
        return self._announced(node, env, choose)

    def player_options(self, node: ast.Players, env: Env) -> list[str]:
        """The players 'target player' or 'target opponent' may be, in turn order."""
        return [p for p in self.state.order if (node.who == "target player" or p != env.player)
                and not self.state.players[p].lost]

    def _announced(self, node: ast.Node, env: Env, choose: Callable[[], list]) -> list:
        """The next announced target group of this spell or ability (object ids, or players by name);
        chosen now if it wasn't yet, and kept with the words that say what is legal (608.2b)."""
        index = env.target_index
        env.target_index += 1
        if index < len(env.context.targets):
            chosen = env.context.targets[index].chosen
            return [t for t in chosen if isinstance(t, str)] + self._live(
                [t for t in chosen if isinstance(t, int)], env)
        chosen = choose()
        env.context.targets.append(Targets(chosen, node, dict(env.vars)))
        for target in chosen:  # 115.1: it becomes a target (ward and the like trigger on this)
            if isinstance(target, int):
                self.game.emit(Event("became_target", env.player, self.game.name_of(target), target,
                                     cause=env.context.id), env)
        return chosen

    def drop_illegal_targets(self, context: Context) -> bool:
        """608.2b: as a spell or ability resolves, each target that is no longer legal is dropped (one that
        changed zones is a new object, 400.7); False when it had targets and none of them is legal."""
        had = any(group.chosen for group in context.targets)
        for group in context.targets:
            legal = self.group_options(group, Env(context.controller, context, context.source_id, dict(group.vars)))
            group.chosen = [t for t in group.chosen if t in legal]
        return not had or any(group.chosen for group in context.targets)

    def group_options(self, group: Targets, env: Env) -> list:
        """The legal targets now for one announced group (objects, or players by name)."""
        if isinstance(group.node, ast.AnyTarget):
            return self.any_target_options(env, group.node)
        if isinstance(group.node, ast.DividedTargets):
            return self.divided_options(group.node, env)
        if isinstance(group.node, ast.Players):
            return self.player_options(group.node, env)
        return self.target_options(group.node, env)

    def target_options(self, node: ast.Target | ast.UpToTargets, env: Env) -> list[int]:
        """Legal targets (115): permanents of that quality, or cards in the zone named, or spells on the
        stack other than this one (115.5); 'you control' / 'an opponent controls' / 'defending player controls'
        read the permanent's or the spell's controller; 'other' leaves out the source."""
        you_control = getattr(node, "you_control", False)
        opponent_controls = getattr(node, "opponent_controls", False)
        named = getattr(node, "controller", None)
        among = self.players(named, env) if named is not None else None   # 'defending player controls' (508.5)
        if node.zone in (None, "stack"):
            controllers = ({i: self.state.objects[i].controller for i in self.state.battlefield} if node.zone is None
                           else {item.object_id: item.controller for item in self.state.stack
                                 if item.object_id is not None and item.object_id != env.source_id})
            ids = [i for i, controller in controllers.items() if (not you_control or controller == env.player)
                   and (not opponent_controls or controller != env.player) and (among is None or controller in among)]
        else:
            players = {"you": [env.player], "an opponent": [p for p in self.state.order if p != env.player]}.get(
                node.whose or "any", list(self.state.order))
            ids = [i for p in players for i in self.state.players[p].zones[node.zone]]
        return [i for i in ids if self.matches(i, node.quality, env) and not (node.other and i == env.source_id)
                and not (node.zone is None and self.game.untargetable(i, env))]

    @executes(ast.UpToTargets)
    def up_to_targets(self, node: ast.UpToTargets, env: Env) -> list[int]:
        count = self.number(node.count, env)
        return self._announced(node, env, lambda: self.game.ask(Choice(
            "objects", f"{env.action_text}: up to {count} target {self.describe_quality(node.quality, env)}",
            self.target_options(node, env), count, True, "115.1")))

    def announce_targets(self, node: ast.Node, env: Env) -> None:
        """601.2c, 603.3d: choose every target the effect will need, in the order the text names them,
        inside the definitions it uses too (not those of abilities it only creates or grants).

        Conditions are read now to know which branch will need targets; a branch
        that depends on something not yet known announces none. Text with none of the parts below (read once per
        node: `_announcing`) announces nothing.
        """
        if not _announcing(node):
            return
        if isinstance(node, ast.Conditional):
            if borrowed_target(node) is not None:   # 'A. If ..., that creature ... instead': A's target (601.2c)
                self.announce_targets(node.otherwise, env)
                return
            try:
                branch = node.effect if self.holds(node.condition, env) else node.otherwise
            except MtgError:
                return
            if branch is not None:
                self.announce_targets(branch, env)
        elif isinstance(node, ast.EffectChoice) and _shared_target(node) is not None:
            self.announce_targets(_shared_target(node), env)  # 'target creature gains your choice of ...'
        elif isinstance(node, ast.Modal):  # only the chosen modes' targets (700.2c)
            chosen = env.vars.get("_modes", env.context.vars.get("_modes"))
            for index in sorted(chosen if chosen is not None else range(len(node.modes))):
                self.announce_targets(node.modes[index], env)
        elif isinstance(node, ast.WhereX):  # 107.3c: the value its text defines, for the targets too
            with self.defining_x(node, env):
                self.x_value(env)   # one that can't be worked out is refused now, not once on the stack
                self.announce_targets(node.effect, env)
        elif isinstance(node, ast.KeywordAction):
            definition, inner = self.bind(node, env, announcing=True)
            if definition.steps is not None:
                with self._inside(definition, env):
                    self.announce_targets(definition.steps, inner)
            env.target_index = inner.target_index
        elif isinstance(node, (ast.Target, ast.UpToTargets)):
            self.objects(node, env)
        elif isinstance(node, ast.AnyTarget):
            self.any_target(node, env)
        elif isinstance(node, ast.DealDividedDamage):
            self.divided_targets(node, env)
        elif isinstance(node, ast.Players):
            if node.who in ("target player", "target opponent"):
                self.target_players(node, env)
        elif not isinstance(node, LATER_ABILITIES):
            for child in ast.children(node):
                self.announce_targets(child, env)


#: The kinds of node `announce_targets` does more with than look under.
_ANNOUNCED = (ast.Conditional, ast.EffectChoice, ast.Modal, ast.WhereX, ast.KeywordAction, ast.Target,
              ast.UpToTargets, ast.AnyTarget, ast.DealDividedDamage, ast.Players)


def _read_announcing(node: object) -> bool:
    """Whether `announce_targets` may do anything with the node: it, or a node under it that isn't under an
    ability it only creates or grants, is of a kind it does more with than look under."""
    if isinstance(node, _ANNOUNCED):
        return True
    return not isinstance(node, LATER_ABILITIES) and any(_announcing(child) for child in ast.children(node))


_announcing = ByIdentity(_read_announcing)


def _shared_target(choice: ast.EffectChoice) -> ast.Node | None:
    """The target every option of a choice made as it resolves is about ('Target creature gains your choice of
    flying or trample', 'Tap or untap target permanent'): announced as the spell is cast (601.2c), whichever
    option is chosen later (608.2d); None when the options' targets differ."""
    subjects = [getattr(option, "objects", None) for option in choice.options]
    first = subjects[0]
    if isinstance(first, (ast.Target, ast.UpToTargets, ast.AnyTarget)) and all(s == first for s in subjects):
        return first
    return None
