"""mtgrules: Magic: The Gathering keyword actions as data, run by a step interpreter.

Pipeline: text -> Lark parse tree (grammar/) -> AST (ast.py) -> checks
(lint.py) -> step interpreter (engine.py) over a game state (state.py).
"""
