"""Set files: the project's YAML format and MTGJSON, loaded as card definitions."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from .rulebook import Rulebook


def set_lines(path: Path, book: Rulebook) -> Iterator:
    """Ability lines of every card in a set file (placeholder until set files land)."""
    from .coverage import Line
    return iter(())
