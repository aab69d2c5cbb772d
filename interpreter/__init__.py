"""mtgrules: Magic: The Gathering rules as data, run by a step interpreter.

The package is the pipeline, one subpackage per stage; imports point down it:

- `language/`: text to AST. Grammar loading (`parsers`), the AST (`ast`), the tree-to-AST
  transformer (`syntax`), the rulebook that loads `rules/` (`rulebook`) and the checks over it.
- `game/`: the AST run on a game state. State and its undo journal, characteristics, events,
  choices, mana and costs, the step executors (`steps/`, one module per family) and `Game`.
- `tools/`: what a user runs. The CLI (`cli`, `commands`, `output`, a project's `config`), lint, coverage,
  the scenario runner (and `collect`, `pytest_plugin`), set files, the reference.

`diagnostics` (errors with file, line, column and rule) sits under all three.
"""
