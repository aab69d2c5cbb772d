"""An object's characteristics as the game sees them now (rules 109.3, 613, 708.2)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..language import ast
from .mana import cost_colors, mana_value


@dataclass(frozen=True)
class Characteristics:
    """Name, mana cost, colors, types, power/toughness and abilities of an object."""

    name: str | None
    mana_cost: tuple[str, ...] | None
    colors: frozenset[str]
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    abilities: tuple = ()
    fixed_mana_value: int | None = None   # set by a rule rather than a mana cost (712.8g)

    @property
    def mana_value(self) -> int:
        if self.fixed_mana_value is not None:
            return self.fixed_mana_value
        return mana_value(self.mana_cost or ())

    def has_quality(self, words: tuple[str, ...]) -> bool:
        """True when every word names one of this object's types, supertypes or subtypes."""
        mine = {w.lower() for w in self.types | self.supertypes} | {s.lower() for s in self.subtypes}
        for word in words:
            lowered = word.lower()
            if lowered == "permanent":
                if not {t.lower() for t in self.types} & {"artifact", "battle", "creature", "enchantment",
                                                          "land", "planeswalker"}:
                    return False
            elif lowered == "nonland":
                if "land" in mine:
                    return False
            elif lowered not in mine:
                return False
        return True


@dataclass(frozen=True)
class Face:
    """One printed face of a card (or a token's definition): its copiable values."""

    name: str | None
    mana_cost: tuple[str, ...] | None
    colors: frozenset[str] | None
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    abilities: tuple = ()
    loyalty: int | None = None    # a planeswalker's printed loyalty (209.1)
    defense: int | None = None    # a battle's printed defense (210.1)

    def characteristics(self) -> Characteristics:
        """The face's characteristics (computed once: a face never changes)."""
        cached = self.__dict__.get("_characteristics")
        if cached is None:
            colors = self.colors if self.colors is not None else cost_colors(self.mana_cost or ())
            cached = Characteristics(self.name, self.mana_cost, frozenset(colors), frozenset(self.types),
                                     frozenset(self.supertypes), self.subtypes, self.power, self.toughness,
                                     self.abilities)
            object.__setattr__(self, "_characteristics", cached)
        return cached


def entering_counters(face: Face) -> dict[str, int]:
    """The counters a permanent with this face up enters with by its intrinsic abilities: loyalty counters
    for a planeswalker's printed loyalty (306.5b), defense counters for a battle's printed defense (310.4b)."""
    out = {}
    if face.loyalty is not None and "Planeswalker" in face.types:
        out["loyalty"] = face.loyalty
    if face.defense is not None and "Battle" in face.types:
        out["defense"] = face.defense
    return out


def face_down_characteristics(types: tuple[str, ...], power: int | None, toughness: int | None) -> Characteristics:
    """708.2: only the listed characteristics; no name, no mana cost, colorless."""
    return Characteristics(None, None, frozenset(), frozenset(types), frozenset(), (), power, toughness, ())


def counter_changes(counters: dict[str, int]) -> tuple[int, int]:
    """What +N/+M counters add to power and toughness (613.4c)."""
    dp = dt = 0
    for kind, amount in counters.items():
        parts = kind.split("/")
        if len(parts) == 2:
            try:
                dp += int(parts[0]) * amount
                dt += int(parts[1]) * amount
            except ValueError:
                continue
    return dp, dt


def with_level_stripe(chars: Characteristics, counters: dict[str, int]) -> Characteristics:
    """711.2a-b: the striation whose level symbol's range holds the permanent's counters of its kind gives it
    that base power and toughness and those abilities; with fewer counters than every range, it has what
    its card says (its uppermost power/toughness box, 711.5)."""
    for stripe in chars.abilities:
        if isinstance(stripe, ast.LevelStripe):
            count = counters.get(stripe.counter, 0)
            if stripe.low <= count and (stripe.high is None or count <= stripe.high):
                return replace(chars, power=stripe.power, toughness=stripe.toughness,
                               abilities=chars.abilities + stripe.abilities)
    return chars
