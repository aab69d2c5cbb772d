"""The step interpreter's base: its environment, its refusals and the registry of executors.

One method per node kind, an explicit environment (`Env`), no hidden
globals. It knows primitives only — moving, looking, revealing, choosing,
counters, face-down status, paying mana, events — and runs a keyword action
by running the steps its definition in rules/ gives.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ...diagnostics import MtgError, error
from ...language import ast
from .. import runs
from ..events import Event
from ..memo import ByIdentity
from ..state import Context, GameObject

if TYPE_CHECKING:
    from ..game import Game

MAX_COUNT = 10_000   # the most a number in a step may be: draw, create, repeat ...
MAX_DEPTH = 100      # keyword actions inside keyword actions: deeper is a definition that loops
PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
VALUE_SLOTS = {"number", "quality", "subtype", "name"}   # slot types whose value is no object
#: What an effect holds whose targets are not its own: chosen as they trigger or are activated (603.3d,
#: 603.12), or, for 'A or B', in the option chosen as it resolves.
LATER_ABILITIES = (ast.TriggeredAbility, ast.ActivatedAbility, ast.DelayedTrigger, ast.ReflexiveTrigger,
                   ast.EffectChoice)


class _NotYet:
    """The value of an object slot while targets are announced: found as the effect resolves (608.2c)."""

    def __deepcopy__(self, memo: dict) -> "_NotYet":
        return self   # one value, whatever copies the state


NOT_YET = _NotYet()


class NoLegalTarget(MtgError):
    """A target that can't be chosen (115.1): casting or activating is refused; a triggered ability is
    removed from the stack instead (603.3d)."""


class Loops(MtgError):
    """A definition that uses itself without end. No trial run judges an option by it (trying each
    level's 'you may' or 'A or B' out would double the work per level): the action is refused."""


@dataclass
class Env:
    """What a running piece of text needs: who 'you' is, its source, its variables."""

    player: str
    context: Context
    source_id: int | None = None
    vars: dict[str, object] = field(default_factory=dict)
    definition: ast.Definition | None = None
    action_text: str = ""
    target_index: int = 0
    did: bool = False          # whether the last 'you may' action was done ('if you do')

    @property
    def rule(self) -> str | None:
        return self.definition.rule if self.definition else None


#: AST node class -> its executor, filled by `@executes` as the family modules load: one lookup finds the
#: executor of any node (effects, objects, conditions and triggers alike).
EXECUTORS: dict[type, Callable] = {}


def executes(*node_classes: type) -> Callable[[Callable], Callable]:
    """Register the decorated function as the executor of these AST node classes."""
    def register(function: Callable) -> Callable:
        for node_class in node_classes:
            assert node_class not in EXECUTORS, f"two executors for {node_class.__name__}"
            EXECUTORS[node_class] = function
        return function
    return register


class Steps:
    """What every family of executors shares: the game, the dispatch by node class, the refusals."""

    def __init__(self, game: "Game"):
        self.game = game
        self._depth = 0   # keyword actions now running inside one another

    @property
    def state(self):
        return self.game.state

    def run(self, node: ast.Effect, env: Env) -> None:
        """Run an effect. The executor of a step that acts on objects returns them (as they were when it
        acted: a moved object is followed to where the effect put it, 400.7); they are what 'it', 'them'
        and 'that card' mean in the steps after it (608.2c). Other executors return None."""
        if type(node) in runs.GAP_KINDS:
            self.check_runs(node, env)
        game, outer = self.game, self.game.deciding
        game.deciding = env.player
        try:
            acted = EXECUTORS[type(node)](self, node, env)
        finally:
            game.deciding = outer
        if acted is not None:
            env.vars["_it"] = acted

    def objects(self, node: ast.Objects, env: Env) -> list[int]:
        kind = type(node)
        if kind in runs.GAP_KINDS:   # a node of another kind falls into no gap: nothing to check
            self.check_runs(node, env)
        return EXECUTORS[kind](self, node, env)

    def holds(self, node: ast.Condition, env: Env) -> bool:
        kind = type(node)
        if kind in runs.GAP_KINDS:
            self.check_runs(node, env)
        return EXECUTORS[kind](self, node, env)

    def triggered_by(self, trigger: ast.Trigger, event: Event, source: GameObject) -> int:
        """Whether (how many times) the event triggers the ability of `source` (603.2): one method per trigger
        kind; a list of chapter numbers triggers once for each number one event reaches (714.2c). A trigger
        with a part the interpreter doesn't detect yet (runs.py) never triggers; coverage and lint report it."""
        if _TRIGGER_NOT_RUN(trigger, self.game.rulebook):
            return False
        return EXECUTORS[type(trigger)](self, trigger, event, source)

    def check_runs(self, node: ast.Node, env: Env) -> None:
        """Refuse a node the interpreter doesn't run yet, as its declaration in runs.py says."""
        found = runs.gap(node, self.game.rulebook, chosen=False)
        if found is not None:
            raise self.gap_refusal(found, env, node)

    def gap_refusal(self, found: runs.Gap, env: Env, node: ast.Node) -> MtgError:
        _, message, rule = found.describe(node, self.game.rulebook)
        return self.not_run(message, rule, env, node)

    def not_run(self, message: str, rule: str | None, env: Env, node: ast.Node) -> MtgError:
        """E409, naming the action and the words of the part that isn't run."""
        what = f"{env.action_text}: " if env.action_text else ""
        words = self.game.words_of(node) if node.span and node.span.source_line else None
        return error(runs.NOT_RUN, f"{what}'{words}': {message}" if words else what + message, node.span, rule)

    def refuse(self, message: str, env: Env, node: ast.Node | None = None, rule: str | None = None) -> MtgError:
        what = f"{env.action_text}: " if env.action_text else ""
        return error("E402", what + message, node.span if node is not None else None, rule or env.rule)


def _keyword_abilities(abilities: tuple) -> tuple[ast.KeywordAbility, ...]:
    return tuple(item for ability in abilities
                 for item in (ability.abilities if isinstance(ability, ast.KeywordAbilities) else (ability,))
                 if isinstance(item, ast.KeywordAbility))


_KEYWORD_ABILITIES = ByIdentity(_keyword_abilities)
#: Whether a trigger has a part the interpreter doesn't detect yet, read once per trigger and rulebook.
_TRIGGER_NOT_RUN = ByIdentity(lambda trigger, book: bool(runs.parts_not_run(trigger, book)))


def keyword_abilities(abilities: tuple) -> tuple[ast.KeywordAbility, ...]:
    """The keyword abilities among abilities (a line may hold several: 'Flying, lifelink'); read once per tuple."""
    return _KEYWORD_ABILITIES(abilities) if isinstance(abilities, tuple) else _keyword_abilities(tuple(abilities))


def _keyword_ability(abilities: tuple, name: str) -> ast.KeywordAbility | None:
    return next((a for a in keyword_abilities(abilities) if a.name == name), None)


_KEYWORD_ABILITY = ByIdentity(_keyword_ability)


def keyword_ability(abilities: tuple, name: str) -> ast.KeywordAbility | None:
    """The keyword ability of that name among abilities, if any; read once per tuple and name."""
    return _KEYWORD_ABILITY(abilities, name) if isinstance(abilities, tuple) else _keyword_ability(abilities, name)
