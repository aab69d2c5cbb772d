"""What a user runs: the CLI, lint, coverage, the scenario runner, set files, the reference."""
