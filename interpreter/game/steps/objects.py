"""What a phrase of objects or players means now: qualities, numbers, named and described objects (109, 608.2c)."""
from __future__ import annotations

import functools

from ...language import ast
from .. import runs
from ..characteristics import Characteristics
from ..choices import Choice
from ..mana import COLOR_LETTERS
from ..state import GameObject
from .base import MAX_COUNT, NOT_YET, Env, executes, keyword_ability


#: The words `has_quality` reads of the object itself (or of what it is: 'spell', 'card', 'source'), besides 'nonX'.
_OWN_WORDS = frozenset({"spell", "card", "source", "colorless", "multicolored", "monocolored", "tapped", "untapped",
                        "attacking", "blocking", "token", "nontoken", "face-down", "face-up", *COLOR_LETTERS})


def _own_word(lowered: str) -> bool:
    """Whether `has_quality` reads a word (lowercased) itself: one of `_OWN_WORDS`, or 'nonX' / 'non-X' but
    'nonland'; any other names a type, supertype or subtype (`Characteristics.has_quality`)."""
    return lowered in _OWN_WORDS or lowered.startswith("non") and lowered != "nonland"


@functools.lru_cache(maxsize=4096)
def _types_only(words: tuple) -> bool:
    """Whether a quality's words are all written words naming types, supertypes or subtypes (no slot, no word
    `has_quality` reads itself, `_own_word`): what `Characteristics.has_quality` reads alone."""
    return all(isinstance(w, str) and not _own_word(w.lower()) for w in words)


class ObjectSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    def has_quality(self, chars: Characteristics, words: tuple[str, ...], obj: GameObject | None = None) -> bool:
        """The object has every quality word: a type, supertype or subtype, a color (105.2), 'colorless',
        'nonX' / 'non-X' (it isn't X, 205.4b), 'tapped' / 'untapped' (110.5) and 'token' / 'nontoken' (111.1)
        of the object itself; 'attacking' / 'blocking' (506.4); 'spell', 'card' and 'source' say what it is."""
        kept = []
        for word in words:
            lowered = word.lower()
            if not _own_word(lowered):   # a type, supertype or subtype, read with the others at once
                kept.append(word)
                continue
            if lowered in ("spell", "card", "source"):
                holds = True
            elif lowered in COLOR_LETTERS:
                holds = COLOR_LETTERS[lowered] in chars.colors
            elif lowered == "colorless":
                holds = not chars.colors
            elif lowered == "multicolored":
                holds = len(chars.colors) > 1
            elif lowered == "monocolored":
                holds = len(chars.colors) == 1
            elif lowered in ("tapped", "untapped"):
                holds = obj is not None and obj.zone == "battlefield" and obj.tapped == (lowered == "tapped")
            elif lowered == "attacking":  # 506.4: from its declaration until it leaves combat
                holds = obj is not None and obj.zone == "battlefield" and obj.attacking is not None
            elif lowered == "blocking":
                holds = obj is not None and obj.zone == "battlefield" and bool(obj.blocking)
            elif lowered in ("token", "nontoken"):
                holds = obj is not None and obj.is_token == (lowered == "token")
            elif lowered in ("face-down", "face-up"):  # 708
                holds = obj is not None and bool(obj.face_down) == (lowered == "face-down")
            else:   # 205.4b: 'nonX' / 'non-X'
                holds = not self.has_quality(chars, (lowered[4:] if lowered.startswith("non-") else lowered[3:],), obj)
            if not holds:
                return False
        return chars.has_quality(tuple(kept))

    def number(self, node: ast.Number, env: Env) -> int:
        """A number's value; one above MAX_COUNT is refused (no step may do unbounded work)."""
        if isinstance(node, ast.IntValue):
            value = node.value
        elif isinstance(node, ast.XValue):
            value = self.x_value(env)
        elif isinstance(node, ast.SourceStat):
            chars = self.game.known_characteristics(env.source_id)
            if chars is None:   # 608.2h: kept only for what left the battlefield
                raise self.not_run(f"the source's {node.stat} as it last existed off the battlefield isn't kept "
                                   "yet", "608.2h", env, node)
            stat = node.stat.replace(" ", "_")
            if getattr(chars, stat, None) is None:
                raise self.refuse(f"the source has no {node.stat}", env, node)
            return getattr(chars, stat) + node.offset
        elif isinstance(node, ast.EventAmount):
            if "_amount" not in env.vars:
                raise self.refuse("'that much' names no amount here: no event with an amount (damage dealt, life "
                                  "gained) triggered it", env, node, "603.2")
            value = env.vars["_amount"]
        elif not isinstance(node, ast.Var):
            value = max(0, self.amount(node, env))   # 107.1b: a negative result counts as 0
        else:
            if node.name not in env.vars:
                raise self.refuse(f"{{{node.name}}} is bound to no number here", env, node)
            value = env.vars[node.name]
            if isinstance(value, ast.IntValue):  # a keyword ability's number ('Afterlife 2') as written
                value = value.value
            if not isinstance(value, int):
                raise self.refuse(f"{{{node.name}}} is not a number", env, node)
        if value > MAX_COUNT:
            raise self.refuse(f"{value} is more than the interpreter does in one step ({MAX_COUNT})", env, node)
        return value

    def amount(self, node: ast.Amount, env: Env) -> int:
        """107.3, 608.2h: an amount worked out now, from the objects as they are or as they last existed."""
        if isinstance(node, ast.CountOf):
            return len(self.objects(node.objects, env))
        if isinstance(node, (ast.StatOf, ast.Greatest, ast.CountersOn)):
            ids = self.objects(node.objects, env) if isinstance(node, ast.Greatest) else self.as_acted_on(node.objects, env)
            if isinstance(node.objects, ast.Self) and not ids and env.source_id is not None:
                ids = [env.source_id]   # 608.2h: the source as it last existed
            if isinstance(node, ast.CountersOn):  # 122.1: on them together, as they are or last existed
                return sum((self.state.objects[i].counters if i in self.state.objects
                            else dict(self.game.last_known(i).counters)).get(node.kind, 0) for i in ids)
            values = [self.stat_value(i, node.stat) for i in ids]
            return max(values, default=0) if isinstance(node, ast.Greatest) else (values[0] if values else 0)
        if isinstance(node, ast.Distinct):
            return len(self.distinct(self.objects(node.objects, env), node.kind))
        if isinstance(node, ast.Sum):
            return self.number(node.left, env) + self.number(node.right, env)
        if isinstance(node, ast.Product):
            return self.number(node.left, env) * self.number(node.right, env)
        value = self.number(node.value, env)
        return (value + 1) // 2 if node.up else value // 2   # 107.1a: rounded down unless it says up

    def distinct(self, ids: list[int], kind: str) -> set[str]:
        """The different card types (205.2a) or basic land types (305.6: the land types with an intrinsic mana
        ability) the objects have, as they are or as they last existed."""
        found: set[str] = set()
        for object_id in ids:
            chars = self.game.known_characteristics(object_id)
            if chars is None:
                continue
            if kind == "card types":
                found.update(t.lower() for t in chars.types)
            else:
                found.update(t for t in chars.subtypes if t in self.game.rulebook.subtype_abilities)
        return found

    def stat_value(self, object_id: int, stat: str) -> int:
        """An object's power, toughness or mana value, as it is or as it last existed (608.2h); none is 0."""
        chars = self.game.known_characteristics(object_id)
        if chars is None:
            return 0
        return chars.mana_value if stat == "mana value" else (getattr(chars, stat) or 0)

    def quality(self, node: ast.QualityExpr, env: Env) -> ast.Quality:
        if isinstance(node, (ast.QualityChoice, ast.QualityWith)):  # where one quality is needed
            _, message, rule = runs.ONE_QUALITY
            raise self.not_run(message, rule, env, node)
        if isinstance(node, ast.Var):
            value = env.vars.get(node.name)
            if not isinstance(value, ast.Quality):
                raise self.refuse(f"{{{node.name}}} is not a quality", env, node)
            return self.quality(value, env)
        if any(isinstance(w, (ast.Var, ast.Chosen)) for w in node.words):
            words: list[str] = []
            for word in node.words:
                if isinstance(word, ast.Chosen):   # 607.2d: no choice made, no object has it
                    value = self.chosen_value(word, env)
                    words.append(value if value is not None else f"the chosen {word.kind} (none chosen)")
                else:
                    words.extend(self.quality(word, env).words if isinstance(word, ast.Var) else [word])
            return ast.Quality(tuple(words), node.card, span=node.span)
        return node

    def describe_quality(self, node: ast.QualityExpr | None, env: Env) -> str:
        if isinstance(node, ast.QualityChoice):
            return " or ".join(self.describe_quality(q, env) for q in node.options)
        if isinstance(node, ast.QualityWith):
            if node.name is not None:
                return f"{self.describe_quality(node.quality, env)} named {self.name(node.name, env)}"
            what = (f"out {node.keyword}" if node.without else node.keyword) or (
                f"a {node.ability} ability" if node.ability else None) or (f"a {node.counter} counter" if node.counter else None) or f"{node.stat} {self.number(node.value, env)} or {'less' if node.at_most else 'greater'}"
            return f"{self.describe_quality(node.quality, env)} with{'' if node.without else ' '}{what}"
        if isinstance(node, ast.SharesColor):
            return f"{self.describe_quality(node.quality, env)} that shares a color with it"
        if isinstance(node, ast.GreaterStat):
            return f"{self.describe_quality(node.quality, env)} with greater {node.stat}"
        return " ".join(self.quality(node, env).words) if node is not None else ""

    def matches(self, object_id: int, node: ast.QualityExpr | None, env: Env) -> bool:
        """Whether the object has the quality (any one of a choice of qualities)."""
        return self.chars_match(self.game.characteristics(object_id), node, env, self.state.objects[object_id])

    def chars_match(self, chars: Characteristics, node: ast.QualityExpr | None, env: Env,
                    obj: GameObject | None = None) -> bool:
        """Whether these characteristics (of `obj`, if it is an object now) have the quality."""
        if node is None:
            return True
        if type(node) is ast.Quality and _types_only(node.words):
            return chars.has_quality(node.words)
        if isinstance(node, ast.QualityChoice):
            return any(self.chars_match(chars, q, env, obj) for q in node.options)
        if isinstance(node, (ast.SharesColor, ast.GreaterStat)):
            return self.chars_match(chars, node.quality, env, obj) and self._relative(chars, node, env)
        if isinstance(node, ast.QualityWith):
            if not self.chars_match(chars, node.quality, env, obj):
                return False
            if node.keyword is not None:
                return (keyword_ability(chars.abilities, node.keyword) is not None) != node.without
            if node.name is not None:  # 201.2: an object with no name (face down, 708.2) has no name to match
                return chars.name is not None and chars.name == self.name(node.name, env)
            if node.ability is not None:  # 714.2: a chapter symbol is a triggered ability's trigger
                return any(isinstance(a, ast.TriggeredAbility) and isinstance(a.trigger, ast.ChapterTrigger)
                           for a in chars.abilities)
            if node.counter is not None:  # 'with a time counter on it': a counter is on the object now
                return obj is not None and obj.counters.get(node.counter, 0) > 0
            value = chars.mana_value if node.stat == "mana value" else getattr(chars, node.stat, None)
            if value is None:
                return False
            limit = self.number(node.value, env)
            return value <= limit if node.at_most else value >= limit
        return self.has_quality(chars, self.quality(node, env).words, obj)

    def _relative(self, chars: Characteristics, node: ast.SharesColor | ast.GreaterStat, env: Env) -> bool:
        """A quality relative to the object whose ability it is, as that object is or last existed: sharing a
        color with it (105.2), a greater power or toughness than its (702.118b)."""
        mine = self.game.known_characteristics(env.source_id) if env.source_id is not None else None
        if mine is None:
            raise self.refuse("a quality relative to the ability's object needs that object", env, node)
        if isinstance(node, ast.SharesColor):
            return bool(chars.colors & mine.colors)
        theirs, own = getattr(chars, node.stat, None), getattr(mine, node.stat, None)
        if own is None:
            raise self.refuse(f"'with greater {node.stat}' compares with the ability's object, which has no "
                              f"{node.stat}", env, node)
        return theirs is not None and theirs > own

    def describe(self, node: ast.Objects, env: Env) -> str:
        """Objects in words, slot values filled in: 'Dragon cards in your hand'."""
        if isinstance(node, ast.Var):
            value = env.vars.get(node.name)
            if isinstance(value, list):
                return ", ".join(self.game.name_of(i) for i in value) or "nothing"
            return f"{{{node.name}}}"
        if isinstance(node, ast.CardsInZone):
            return f"{self.describe_quality(node.quality, env)} cards in your {node.zone}".strip()
        if isinstance(node, ast.PermanentsYouControl):
            return f"{self.describe_quality(node.quality, env)} permanents you control".strip()
        if isinstance(node, ast.Union_):
            return " or ".join(self.describe(p, env) for p in node.parts)
        if isinstance(node, ast.Target):
            what = self.describe_quality(node.quality, env)
            return f"target {what}{' spell' if node.zone == 'stack' and not what.endswith('spell') else ''}"
        if isinstance(node, ast.TopCards):
            return f"the top {self.number(node.count, env)} card(s) of your library"
        if isinstance(node, ast.CardOf):
            return f"the card representing {self.describe(node.objects, env)}"
        if isinstance(node, ast.Except):
            return f"{self.describe(node.base, env)} except {self.describe(node.removed, env)}"
        return "this object"

    def _live(self, ids: list[int], env: Env) -> list[int]:
        """Follow objects to where the current effect moved them (400.7), or where its trigger event put
        them (603.10a); drop ones gone. A move made by anything else makes a new object this text can't
        find: 'return it' doesn't follow a dead creature's card from the graveyard to exile."""
        state = self.state
        moved, moved_by, objects = state.moved, state.moved_by, state.objects
        own, follows = env.context.id, env.context.follows
        out = []
        for i in ids:
            while i in moved and (moved_by.get(i) == own or i in follows):
                i = moved[i]
            if i in objects and i not in out:
                out.append(i)
        return out

    @executes(ast.Var)
    def var_objects(self, node: ast.Var, env: Env) -> list[int]:
        value = env.vars.get(node.name)
        if value is None:
            return []  # bound by a step that didn't happen ('you may ... as {x}' answered no)
        if value is NOT_YET:
            raise self.refuse(f"{{{node.name}}} isn't known until the effect resolves", env, node, "608.2c")
        if not isinstance(value, list):
            raise self.refuse(f"{{{node.name}}} does not name objects", env, node)
        return self._live(value, env)

    @executes(ast.TopCards)
    def top_cards(self, node: ast.TopCards, env: Env) -> list[int]:
        """The top cards of your library, or of an opponent's (the player chooses which opponent, 102.3)."""
        player = env.player
        if node.whose == "an opponent":
            opponents = [p for p in self.state.order if p != env.player and not self.state.players[p].lost]
            if not opponents:
                return []
            player = opponents[0] if len(opponents) == 1 else str(self.game.ask(Choice(
                "option", f"{env.action_text}: which opponent's library", opponents, rule=env.rule)))
        return list(self.state.players[player].zones["library"][: self.number(node.count, env)])

    @executes(ast.Self)
    def self_object(self, node: ast.Self, env: Env) -> list[int]:
        """The source itself; once it has changed zones it is a new object, not this one (400.7)."""
        return [env.source_id] if env.source_id in self.state.objects else []

    @executes(ast.AttachedSubject)
    def attached_object(self, node: ast.AttachedSubject, env: Env) -> list[int]:
        """'enchanted creature', 'equipped creature': the permanent the source is attached to (301.5, 303.4), if
        it has the quality; a source that has left the battlefield is read as it last existed (608.2h)."""
        attached = self.game.last_known(env.source_id).attached_to if env.source_id is not None else None
        if attached is None or attached not in self.state.battlefield:
            return []
        return [attached] if self.matches(attached, node.quality, env) else []

    @executes(ast.It)
    def it(self, node: ast.It, env: Env) -> list[int]:
        """'it', 'them', 'that card': the objects the step before acted on (608.2c), followed to where
        the effect moved them (400.7)."""
        return self._live(self._referent(node, env), env)

    def _referent(self, node: ast.It, env: Env) -> list[int]:
        """What a pronoun refers to, as the step before acted on it; in card text with no such step, the
        ability's source. A definition has no source to fall back on: there that is refused (and lint
        reports it, E220)."""
        if "_it" in env.vars:
            return env.vars["_it"]
        if env.definition is not None:
            raise self.refuse(f"'{self.game.words_of(node)}' refers to nothing an earlier step acted on", env,
                              node, "608.2c")
        return [env.source_id] if env.source_id is not None else []

    def as_acted_on(self, node: ast.Objects, env: Env) -> list[int]:
        """Objects as the step that named them acted on them: one that has left the battlefield since is
        that permanent as it last existed (608.2h); the others are followed to where the effect moved
        them (400.7)."""
        if isinstance(node, ast.It):
            found = self._referent(node, env)
        elif isinstance(node, ast.Var) and isinstance(env.vars.get(node.name), list):
            found = env.vars[node.name]
        else:
            return self.objects(node, env)
        out: list[int] = []
        for i in found:
            out += [i] if i not in self.state.objects and i in self.state.last_known else self._live([i], env)
        return out

    @executes(ast.NamedObject)
    def named_object(self, node: ast.NamedObject, env: Env) -> list[int]:
        """The permanent of that name you control, if any: card text naming a card means that permanent."""
        mine = [i for i in self.state.battlefield if self.state.objects[i].card_name == node.name
                and self.state.objects[i].controller == env.player]
        return mine[:1]

    @executes(ast.CardsOutsideGame)
    def cards_outside_game(self, node: ast.CardsOutsideGame, env: Env) -> list[int]:
        return self.cards_in_zone(ast.CardsInZone(node.quality, "sideboard"), env)

    @executes(ast.CardsInZone)
    def cards_in_zone(self, node: ast.CardsInZone, env: Env) -> list[int]:
        players = (self.state.order if node.all_players else [env.player] if node.whose is None
                   else self.players(node.whose, env))
        ids = [i for p in players for i in self.state.players[p].zones[node.zone] if self.matches(i, node.quality, env)]
        return self._counted(ids, node.count, env, node)

    @executes(ast.PermanentsYouControl)
    def permanents_you_control(self, node: ast.PermanentsYouControl, env: Env) -> list[int]:
        state = self.state
        ids = self._permanents_with([i for i in state.battlefield if state.objects[i].controller == env.player
                                     and not (node.other and i == env.source_id)], node.quality, env)
        return self._counted(ids, node.count, env, node)

    @executes(ast.NamedPermanent)
    def named_permanent(self, node: ast.NamedPermanent, env: Env) -> list[int]:
        name, state = self.name(node.name, env), self.state
        return self._permanents_with([i for i in state.battlefield if state.objects[i].card_name == name],
                                     node.quality, env)[:1]

    @executes(ast.AllPermanents)
    def all_permanents(self, node: ast.AllPermanents, env: Env) -> list[int]:
        named = None if node.controller is None else set(self.players(node.controller, env))
        objects = self.state.objects
        return [i for i in self._permanents_with(list(self.state.battlefield), node.quality, env)
                if (named is None or objects[i].controller in named)
                and (not node.you_control or objects[i].controller == env.player)
                and not (node.opponents and objects[i].controller == env.player)
                and not (node.other and i == env.source_id)]

    def _permanents_with(self, ids: list[int], node: ast.QualityExpr | None, env: Env) -> list[int]:
        """Those of these permanents with the quality, each as the game's permanents are now (`Game.permanents`,
        read once for them all: what `matches` reads of each). None has a quality 'with' a chapter ability
        (714.2) where no text in this game has one (`may_have`)."""
        if not ids:
            return ids
        if type(node) is ast.QualityWith and node.ability is not None and not self.game.may_have(ast.ChapterTrigger):
            return []
        permanents, objects = self.game.permanents(), self.state.objects
        return [i for i in ids if self.chars_match(permanents[i], node, env, objects[i])]

    def _counted(self, ids: list[int], count: ast.Number | None, env: Env, node: ast.Node) -> list[int]:
        """All of them, or with a count ('two Islands you control') that many, chosen by the player."""
        if count is None:
            return ids
        what = self.describe(node, env)
        n = self.number(count, env)
        if len(ids) < n:
            raise self.refuse(f"needs {n} of {what}, and there {'is' if len(ids) == 1 else 'are'} {len(ids)}",
                              env, node)
        return self.ask_objects(Choice("objects", f"{env.action_text or 'a choice'}: choose {n} of {what}", ids, n,
                                       rule=env.rule))

    @executes(ast.CardOf)
    def card_of(self, node: ast.CardOf, env: Env) -> list[int]:
        return self.objects(node.objects, env)

    @executes(ast.Except)
    def except_(self, node: ast.Except, env: Env) -> list[int]:
        removed = set(self.objects(node.removed, env))
        return [i for i in self.objects(node.base, env) if i not in removed]

    @executes(ast.Union_)
    def union(self, node: ast.Union_, env: Env) -> list[int]:
        out: list[int] = []
        for part in node.parts:
            out.extend(i for i in self.objects(part, env) if i not in out)
        return out

    def printed_or_current(self, node: ast.Objects, env: Env) -> list[Characteristics]:
        """Characteristics of objects; of their cards, ignoring face-down status, for 'the card representing'."""
        ids = self.objects(node, env)
        if isinstance(node, ast.CardOf):
            objects = self.state.objects
            return [objects[i].card.front.characteristics() for i in ids]
        return [self.game.characteristics(i) for i in ids]

    def ask_objects(self, choice: Choice) -> list[int]:
        """A choice of objects; one with a single legal answer is made at once, 'up to N' only when
        there is nothing to choose."""
        if not choice.options or not choice.up_to and len(choice.options) <= choice.count:
            return list(choice.options)  # forced: exactly one legal answer
        return self.game.ask(choice)

    @staticmethod
    def name(node: "str | ast.Var", env: Env) -> str:
        return str(env.vars.get(node.name, "")) if isinstance(node, ast.Var) else node

    def players(self, node: ast.Players, env: Env) -> list[str]:
        """The players the words name, among those still in the game (800.4a: one who left is in no set)."""
        order = [p for p in self.state.order if not self.state.players[p].lost]
        if node.who == "you":
            return [env.player]
        if node.who == "each player":
            start = next((n for n, p in enumerate(order) if p == self.state.active), 0)
            return order[start:] + order[:start]  # APNAP order (101.4)
        if node.who == "each opponent":
            return [p for p in order if p != env.player]
        if node.who == "defending player":
            return self._defending_player(node, env, order)
        if node.who == "that player":  # 603.2: the player the trigger event is about
            named = [p for group in env.context.targets if isinstance(group.node, ast.Players) for p in group.chosen]
            if "_that_player" not in env.vars and named:  # else the target player the text named before (608.2c)
                return [p for p in named[-1:] if p in order]
            if "_that_player" not in env.vars:
                raise self.refuse("'that player' refers to no player here: no event about a player triggered it "
                                  "and no target player was named before it (one of the players an earlier 'each "
                                  "player' or 'each opponent' names, in turn, isn't read as 'that player' yet)",
                                  env, node, "608.2c")
            return [p for p in env.vars["_that_player"] if p in order]
        if node.who in ("its controller", "its owner"):  # of what the step before acted on (608.2h)
            found = [self.game.last_known(i).controller if node.who == "its controller" else self.game.owner_of(i)
                     for i in self.as_acted_on(ast.It(span=node.span), env)]
            return [p for p in dict.fromkeys(found) if p in order]
        return self.target_players(node, env)

    def _defending_player(self, node: ast.Players, env: Env, order: list[str]) -> list[str]:
        """508.5: the player the attacking creature the ability refers to (its source, or the creature it
        triggered on) attacks, or who controls or protects what it attacks. Once that creature has left combat
        it is the player it was attacking, which the game doesn't keep yet (refused, E409). While an attack is
        declared, it is the player the creature would attack (`_defending`: Combat.attack_group_problem)."""
        if "_defending" in env.vars:
            return [p for p in env.vars["_defending"] if p in order]
        ids = [env.source_id, *(env.vars.get("_it") or ())]
        for i in ids:
            obj = self.state.objects.get(i) if i is not None else None
            if obj is not None and obj.zone == "battlefield" and obj.attacking is not None:
                defending = self.game.defending(i)
                return [defending] if defending in order else []
        if any(e.name == "attacked" and e.object_id in ids for e in self.state.events):
            _, message, rule = runs.NO_LONGER_ATTACKING
            raise self.not_run(message, rule, env, node)
        raise self.refuse("there is no defending player: no creature the ability refers to attacked", env, node,
                          "508.5")
