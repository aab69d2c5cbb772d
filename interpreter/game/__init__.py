"""The AST run on a game state: state, journal, characteristics, choices, costs, step executors, Game."""
