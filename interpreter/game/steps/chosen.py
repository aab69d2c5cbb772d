"""Values a player chooses that later text names: 'choose a color' and 'the chosen color' (105.1, 205.3m, 607.2d,
614.12)."""
from __future__ import annotations

from dataclasses import replace

from ...language import ast
from ..choices import Choice
from ..mana import COLOR_LETTERS
from .base import Env, executes

#: 105.1: the five colors, as quality words name them.
COLORS = tuple(COLOR_LETTERS)
#: The `types` definition whose subtypes 'every creature type' and 'choose a creature type' name (205.3m).
CREATURE_TYPES = "creature types"


class ChosenSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.ChooseValue)
    def choose_value(self, node: ast.ChooseValue, env: Env) -> None:
        """The player chooses a value of the kind; the text after it reads it as 'the chosen ...' (607.2d)."""
        value = self.ask_value(node.kind, env, node, node.options)
        env.vars[ast.chosen_var(node.kind)] = value
        if node.kind == "creature type":   # 'of the chosen type' names it too
            env.vars[ast.chosen_var("type")] = value

    def ask_value(self, kind: str, env: Env, node: ast.Node, options: tuple[str, ...] = ()) -> str:
        options = options or (COLORS if kind == "color" else self.game.rulebook.subtype_lists.get(CREATURE_TYPES, ()))
        if not options:
            raise self.refuse(f"there is no {kind} to choose from", env, node, "205.3m")
        return str(self.game.ask(Choice("option", f"{env.action_text}: choose a {kind}", list(options),
                                        rule="105.1" if kind == "color" else "205.3m")))

    def chosen_value(self, node: ast.Chosen, env: Env) -> str | None:
        """What 'the chosen color' names: this text's own choice, else the one its object made as it entered
        (607.2d); 'the color of your choice' is chosen now, once for the text (608.2d). None: no choice was
        made (the permanent entered without making one), so the word names nothing."""
        var = ast.chosen_var(node.kind)
        if var in env.vars:
            return str(env.vars[var])
        if node.asked:
            env.vars[var] = self.ask_value(node.kind, env, node)
            return env.vars[var]
        obj = self.state.objects.get(env.source_id) if env.source_id is not None else None
        return obj.chosen_value(node.kind) if obj is not None else None

    def with_chosen_values(self, ability: ast.Node, env: Env) -> ast.Node:
        """A keyword ability given to another object ('gains protection from the chosen color'), its chosen
        values fixed as the text that gives it says them (607.2d, 608.2d): that object didn't choose them."""
        if not isinstance(ability, ast.KeywordAbility) or not any(
                isinstance(v, ast.Quality) and any(isinstance(w, ast.Chosen) for w in v.words) for _, v in ability.args):
            return ability
        args = tuple((slot, self.quality(v, env) if isinstance(v, ast.Quality) else v) for slot, v in ability.args)
        return replace(ability, args=args)
