"""Card rarities (206.2: the colour of the expansion symbol) as the set formats write them, mapped to the
project's set format (`rarity:` of a card: common, uncommon, rare, mythic, special or bonus)."""
from __future__ import annotations

RARITIES = ("common", "uncommon", "rare", "mythic", "special", "bonus")
#: Other spellings: MTGJSON and Cockatrice write `mythic`, Magic Set Editor `mythic rare`, `basic land`
#: (a basic land is opened like a common) and `masterpiece`; Cockatrice also writes `C`, `U`, `R`, `M`, `S`.
_ALIASES = {"mythic rare": "mythic", "basic land": "common", "land": "common", "masterpiece": "special",
            "timeshifted": "special", "c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special"}


def rarity_of(text: str | None) -> str | None:
    """The project's rarity for a format's spelling, or None when the text is empty or not a rarity."""
    word = " ".join((text or "").lower().split())
    word = _ALIASES.get(word, word)
    return word if word in RARITIES else None
