"""Choices and the players who make them.

The interpreter describes each choice as a `Choice`; a Chooser answers it.
`ScriptedChooser` takes a scenario's answers in order, `InteractiveChooser`
asks at the terminal, `RandomChooser` picks at random from a seed (fuzzing).
Forced choices (one legal answer) never reach a chooser: the interpreter
makes them.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from ..diagnostics import MtgError, error, nearest

_REF = re.compile(r"^(?:(?P<player>[a-z][a-z0-9_]*)\.)?(?:(?P<zone>[a-z]+):)?(?P<name>.+?)(?:#(?P<k>\d+))?$")


@dataclass(frozen=True)
class Ref:
    """An object reference: [player.][zone:]Name[#K]."""

    name: str
    zone: str | None = None
    player: str | None = None
    index: int | None = None

    @classmethod
    def parse(cls, text: str) -> "Ref":
        match = _REF.match(str(text).strip())
        if not match:
            raise error("E404", f"not an object reference: '{text}'", help="write NAME, zone:NAME, or player.zone:NAME#K")
        k = match.group("k")
        return cls(match.group("name").strip(), match.group("zone"), match.group("player"), int(k) if k else None)


@dataclass
class Choice:
    """One decision: pick `count` objects (or up to `count`), one named option, or yes/no."""

    kind: str                       # "objects" | "option" | "yes_no" | "order" (all the options, in order)
    #                                 | "division" (an amount for each option, `count` in all: a mapping)
    prompt: str
    options: list = field(default_factory=list)   # object ids, or option names
    count: int = 1
    up_to: bool = False
    rule: str | None = None
    labels: list[str] = field(default_factory=list)   # how each object option reads ('hand:Forest')
    player: str | None = None   # who decides: set by the game (the player whose step asks) where not given

    def answers(self) -> list[str]:
        """The named answers of a 'yes_no' or 'option' choice (a 'yes_no' with no options lists both)."""
        if self.kind == "yes_no" and not self.options:
            return ["yes", "no"]
        return [str(o) for o in self.options]


def option_labels(descriptions: Sequence[str]) -> list[str]:
    """How a player names each option among effects or costs: its first word ('pay' for 'pay {1}'),
    or its whole wording where two options share a first word."""
    labels = [d.split()[0].lower() if d.split() else d for d in descriptions]
    return labels if len(set(labels)) == len(labels) else list(descriptions)


def one_of(descriptions: Sequence[str]) -> str:
    """A choice among effects or costs, each written out: 'choose one: A, B, or C'."""
    *rest, last = descriptions
    return "choose one: " + (", ".join(rest) + ", or " if rest else "") + last


class Chooser(Protocol):
    def answer(self, choice: Choice, match: Callable[[Ref, list[int]], list[int]]) -> list[int] | str:
        """The chosen object ids (for 'objects') or the option name."""


def _option_answer(choice: Choice, raw: object) -> str:
    text = str(raw).strip().lower()
    for option in choice.options:
        if str(option).lower() == text:
            return option
    guess = nearest(text, [str(o) for o in choice.options])
    raise error("E405", f"answer '{raw}' is not an option for {choice.prompt}; options: "
                + ", ".join(str(o) for o in choice.options), rule=choice.rule,
                help=f"did you mean '{guess}'?" if guess else None)


def _objects_answer(choice: Choice, raw: object, match: Callable[[Ref, list[int]], list[int]]) -> list[int]:
    refs = raw if isinstance(raw, list) else [raw]
    chosen: list[int] = []
    for ref in refs:
        found = match(Ref.parse(str(ref)), choice.options)
        if not found:
            names = [label.split(":", 1)[-1] for label in choice.labels]
            guess = nearest(Ref.parse(str(ref)).name, names) if names else None
            raise error("E405", f"'{ref}' is not an option for {choice.prompt}", rule=choice.rule,
                        help=f"did you mean '{guess}'?" if guess else None)
        if found[0] in chosen:
            raise error("E406", f"'{ref}' was chosen more than once for {choice.prompt}", rule=choice.rule)
        chosen.append(found[0])
    if choice.up_to and len(chosen) > choice.count or not choice.up_to and len(chosen) != choice.count:
        wanted = f"up to {choice.count}" if choice.up_to else str(choice.count)
        raise error("E407", f"{choice.prompt} needs {wanted} object(s), the answer gives {len(chosen)}",
                    rule=choice.rule)
    return chosen


def _division_answer(choice: Choice, raw: object, match: Callable[[Ref, list], list]) -> dict:
    """A mapping from object reference or player name to a whole amount (510.1c); options left out get 0.
    Whether the amounts are legal is the game's to check."""
    if not isinstance(raw, dict):
        raise error("E405", f"{choice.prompt}: the answer is a mapping from each recipient to an amount, such as "
                    "{NAME: 2, player: 1}", rule=choice.rule)
    division: dict = {}
    for ref, amount in raw.items():
        found = match(Ref.parse(str(ref)), choice.options)
        if not found:
            raise error("E405", f"'{ref}' is not an option for {choice.prompt}", rule=choice.rule)
        if not isinstance(amount, int) or isinstance(amount, bool) or found[0] in division:
            raise error("E405", f"'{ref}: {amount}' for {choice.prompt}: each recipient once, with a whole amount",
                        rule=choice.rule)
        division[found[0]] = amount
    return division


def _order_answer(choice: Choice, raw: object) -> list[str]:
    """Every option once, in the order given; an option named without its '#K' is the first of that name
    not given yet."""
    remaining = [str(o) for o in choice.options]
    chosen: list[str] = []
    for entry in raw if isinstance(raw, list) else [raw]:
        text = str(entry).strip().lower()
        found = next((o for o in remaining if text in (o.lower(), o.lower().split("#")[0])), None)
        if found is None:
            raise error("E405", f"'{entry}' is not an option for {choice.prompt}; options: {', '.join(remaining)}",
                        rule=choice.rule)
        remaining.remove(found)
        chosen.append(found)
    if remaining:
        raise error("E407", f"{choice.prompt} needs all {len(choice.options)} in order; the answer leaves out "
                    f"{', '.join(remaining)}", rule=choice.rule)
    return chosen


class ScriptedChooser:
    """Answers from a list, in the order the choices are asked (scenario `choose:`); when the list
    runs out, the `then` chooser answers (the terminal, with `mtgrules test --ask`) or the step fails."""

    def __init__(self, answers: Sequence[object], then: "Chooser | None" = None):
        self.answers = list(answers)
        self.used = 0
        self.then = then

    def answer(self, choice: Choice, match):
        if self.used >= len(self.answers) and self.then is not None:
            return self.then.answer(choice, match)
        if self.used >= len(self.answers):
            named = ("" if choice.kind == "objects" else f" (answer them all in order: {', '.join(choice.answers())})"
                     if choice.kind == "order" else f" (answer {' or '.join(choice.answers())})")
            raise error("E403", f"the step needs an answer for {choice.prompt}, but none is left{named}",
                        rule=choice.rule, help="add the answer to the step's choose: list")
        raw = self.answers[self.used]
        self.used += 1
        if choice.kind == "objects":
            return _objects_answer(choice, raw, match)
        if choice.kind == "order":
            return _order_answer(choice, raw)
        if choice.kind == "division":
            return _division_answer(choice, raw, match)
        return _option_answer(Choice("option", choice.prompt, choice.answers(), rule=choice.rule), raw)

    def unused(self) -> list[object]:
        return self.answers[self.used:]


class RandomChooser:
    """Legal answers at random from a seed: the same seed gives the same game."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def answer(self, choice: Choice, match):
        if choice.kind == "order":
            return self.rng.sample(list(choice.options), len(choice.options))
        if choice.kind == "division":
            cuts = sorted(self.rng.randint(0, choice.count) for _ in choice.options[1:])
            bounds = [0, *cuts, choice.count]
            return {o: bounds[n + 1] - bounds[n] for n, o in enumerate(choice.options)}
        if choice.kind == "objects":
            low = 0 if choice.up_to else choice.count
            n = self.rng.randint(low, min(choice.count, len(choice.options)))
            return self.rng.sample(list(choice.options), n)
        return self.rng.choice(choice.answers())


class InteractiveChooser:
    """Asks at the terminal (or any `ask` function), showing each option by its label."""

    def __init__(self, ask: Callable[[str], str] = input):
        self.ask = ask

    def answer(self, choice: Choice, match):
        try:
            return self._answer(choice)
        except EOFError:
            raise error("E403", f"no answer given at the terminal for {choice.prompt}", rule=choice.rule) from None

    def _answer(self, choice: Choice):
        if choice.kind == "division":
            return {option: self._amount(choice, label) for option, label in zip(choice.options, choice.labels)}
        while True:
            if choice.kind in ("objects", "order"):
                for n, option in enumerate(choice.options, 1):
                    print(f"  {n}. {choice.labels[n - 1] if n <= len(choice.labels) else option}")
                reply = self.ask(f"{choice.prompt} (numbers, comma-separated): ")
                try:
                    picks = [choice.options[int(p) - 1] for p in reply.replace(",", " ").split()]
                except (ValueError, IndexError):
                    print("  please give option numbers")
                    continue
                if len(set(picks)) == len(picks) and (len(picks) == choice.count or
                                                      choice.up_to and len(picks) <= choice.count):
                    return picks
                print(f"  choose {'up to ' if choice.up_to else ''}{choice.count}, each once")
                continue
            options = choice.answers()
            reply = self.ask(f"{choice.prompt} [{' / '.join(options)}]: ").strip().lower()
            for option in options:
                if option.lower() == reply:
                    return option
            print(f"  one of: {', '.join(options)}")

    def _amount(self, choice: Choice, label: str) -> int:
        """One recipient's share of a division, asked until it is a whole number."""
        while True:
            reply = self.ask(f"{choice.prompt}: how much to {label}? ").strip()
            if reply.isdigit():
                return int(reply)
            print("  a whole number")


def is_user_error(exc: BaseException) -> bool:
    return isinstance(exc, MtgError)
