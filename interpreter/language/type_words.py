"""How a card's type words are spelled (205): the regular plurals a quality may use ('Dragons'), the folded
spelling they are looked up by, and a type line's subtypes of several words ('Time Lord', 205.3m) told apart."""
from __future__ import annotations


def regular_plurals(word: str) -> list[str]:
    """The plurals of a type word made by the English rule ('Elemental' -> 'Elementals', 'Fox' -> 'Foxes')."""
    if word.endswith(("s", "x", "ch", "sh")):
        return [word + "es"]
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return [word[:-1] + "ies", word + "s"]
    return [word + "s"]


def folded(word: str) -> str:
    """A type word as it is looked up: any case, a typeset apostrophe as a plain one."""
    return word.lower().replace("\u2019", "'")


def joined_runs(words: list[str], known: dict[str, str], longest: int) -> list[str]:
    """`words` with each run of them whose `folded` spelling is in `known` (of at most `longest` words) made one
    word, the longest run first: ('Time', 'Lord', 'Doctor') -> ('Time Lord', 'Doctor')."""
    out, at = [], 0
    while at < len(words):
        size = next((n for n in range(min(longest, len(words) - at), 1, -1)
                     if folded(" ".join(words[at:at + n])) in known), 1)
        out.append(" ".join(words[at:at + size]))
        at += size
    return out
