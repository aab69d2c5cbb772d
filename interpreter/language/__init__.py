"""Text to AST: grammar loading, the AST, the transformer, the rulebook and its checks."""
