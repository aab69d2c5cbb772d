"""Values a player chooses that later text names: 'choose a color', 'As this permanent enters, choose a creature
type' and 'the chosen color', 'of the chosen type', 'the color of your choice' (105.1, 205.3m, 607.2d, 614.12)."""

from __future__ import annotations

from dataclasses import dataclass

from .nodes import Node

__all__ = ["ChooseValue", "Chosen", "chosen_var"]

@dataclass(frozen=True)
class ChooseValue(Node):
    """'Choose a color', 'choose a creature type' (105.1, 205.3m), 'choose Island or Swamp' (`options`): the
    player chooses one as the step runs; the text after it names it 'the chosen color', 'the chosen type'. Done by an 'As this permanent enters' ability (614.12), the choice
    is kept with the permanent, and its other abilities' 'the chosen color' is that one (607.2d)."""

    kind: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chosen(Node):
    """A quality word: 'the chosen color', 'of the chosen type' (607.2d), or, `asked`, 'the color of your
    choice' (chosen as the effect resolves, 608.2d); it stands for the value chosen."""

    kind: str
    asked: bool = False

    def __str__(self) -> str:
        return f"the {self.kind} of your choice" if self.asked else f"the chosen {self.kind}"


def chosen_var(kind: str) -> str:
    """The variable a choice of this kind is kept in while its text runs ('chosen color')."""
    return f"chosen {kind}"
