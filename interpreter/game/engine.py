"""The step interpreter: executes AST nodes against a game state.

One method per node kind, an explicit environment (`Env`), no hidden
globals. It knows primitives only — moving, looking, revealing, choosing,
counters, face-down status, paying mana, events — and runs a keyword action
by running the steps its definition in rules/ gives.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

from ..language import ast
from . import runs
from .characteristics import Characteristics
from .choices import Choice, one_of, option_labels
from ..diagnostics import MtgError, error
from .events import TRIGGER_EVENTS, Event
from .costs import keyword_changes, total_changes
from .mana import NO_CHANGES, CostChanges, can_pay, parse_cost, parse_pool
from .state import Context, GameObject, Targets

if TYPE_CHECKING:
    from .game import Game

MAX_COUNT = 10_000   # the most a number in a step may be: draw, create, repeat ...
MAX_DEPTH = 100      # keyword actions inside keyword actions: deeper is a definition that loops
PERMANENT_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
VALUE_SLOTS = {"number", "quality", "subtype", "name"}   # slot types whose value is no object
#: What an effect holds whose targets are not its own: chosen as they trigger or are activated (603.3d,
#: 603.12), or, for 'A or B', in the option chosen as it resolves.
LATER_ABILITIES = (ast.TriggeredAbility, ast.ActivatedAbility, ast.DelayedTrigger, ast.ReflexiveTrigger,
                   ast.EffectChoice)


class _NotYet:
    """The value of an object slot while targets are announced: found as the effect resolves (608.2c)."""

    def __deepcopy__(self, memo: dict) -> "_NotYet":
        return self   # one value, whatever copies the state


NOT_YET = _NotYet()


class NoLegalTarget(MtgError):
    """A target that can't be chosen (115.1): casting or activating is refused; a triggered ability is
    removed from the stack instead (603.3d)."""


class Loops(MtgError):
    """A definition that uses itself without end. No trial run judges an option by it (trying each
    level's 'you may' or 'A or B' out would double the work per level): the action is refused."""


@dataclass
class Env:
    """What a running piece of text needs: who 'you' is, its source, its variables."""

    player: str
    context: Context
    source_id: int | None = None
    vars: dict[str, object] = field(default_factory=dict)
    definition: ast.Definition | None = None
    action_text: str = ""
    target_index: int = 0
    did: bool = False          # whether the last 'you may' action was done ('if you do')

    @property
    def rule(self) -> str | None:
        return self.definition.rule if self.definition else None


class StepInterpreter:
    """Runs effects, objects and conditions of the AST for one game."""

    def __init__(self, game: "Game"):
        self.game = game
        self._depth = 0   # keyword actions now running inside one another
        self._effects: dict[type, Callable] = {
            ast.Draw: self.draw, ast.Mill: self.mill, ast.Shuffle: self.shuffle,
            ast.PutCounters: self.put_counters, ast.PutIntoZone: self.put_into_zone,
            ast.PutOntoBattlefield: self.put_onto_battlefield, ast.Look: self.look, ast.Choose: self.choose,
            ast.Reveal: self.reveal, ast.TurnFaceUp: self.turn_face_up, ast.PayMana: self.pay_mana,
            ast.PayManaCostOf: self.pay_mana_cost_of, ast.Require: self.require,
            ast.RecordEvent: self.record_event, ast.KeywordAction: self.keyword_action,
            ast.Sequence: self.sequence, ast.Conditional: self.conditional, ast.Optional: self.optional,
            ast.Discard: self.discard, ast.Scry: self.scry, ast.CreateToken: self.create_token,
            ast.CreateNamedToken: self.create_named_token, ast.AddTypes: self.add_types,
            ast.Designate: self.designate, ast.SkipUntap: self.skip_untap, ast.PayKeywordCost: self.pay_keyword_cost,
            ast.GainLife: self.gain_life, ast.LoseLife: self.lose_life, ast.Sacrifice: self.sacrifice,
            ast.Pump: self.pump, ast.GrantKeyword: self.grant_keyword, ast.CantAttack: self.cant_attack,
            ast.Search: self.search, ast.MayPlay: self.may_play, ast.CastFree: self.cast_free,
            ast.PutFromAmong: self.put_from_among, ast.EnterRoomCard: self.enter_room_card,
            ast.CompleteRoomCard: self.complete_room_card, ast.AdvanceMarker: self.advance_marker,
            ast.EffectChoice: self.effect_choice, ast.ExileFromZone: self.exile_from_zone,
            ast.ExileTotalManaValue: self.exile_total_mana_value, ast.AddMana: self.add_mana,
            ast.CounterUnlessPays: self.counter_unless_pays, ast.Modal: self.modal,
            ast.CreateCopy: self.create_copy, ast.PutCombined: self.put_combined,
            ast.Tap: self.tap, ast.Return: self.return_,
            ast.CantBlock: self.cant_block, ast.Counter: self.counter,
            ast.DealDamage: self.deal_damage, ast.Repeat: self.repeat, ast.Attach: self.attach,
            ast.KeywordCostIs: self.keyword_cost_is,
            ast.WhereX: self.where_x, ast.Instead: self.instead,
            ast.ShuffleInto: self.shuffle_into, ast.Becomes: self.becomes,
        }
        self._objects: dict[type, Callable] = {
            ast.Var: self.var_objects, ast.TopCards: self.top_cards, ast.Self: self.self_object,
            ast.Target: self.target, ast.CardsInZone: self.cards_in_zone,
            ast.PermanentsYouControl: self.permanents_you_control, ast.CardOf: self.card_of,
            ast.Except: self.except_, ast.Union_: self.union, ast.UpToTargets: self.up_to_targets,
            ast.It: self.it, ast.CardsOutsideGame: self.cards_outside_game, ast.NamedObject: self.named_object,
            ast.AllPermanents: self.all_permanents, ast.NamedPermanent: self.named_permanent,
        }
        self._triggers: dict[type, Callable] = {
            ast.EntersTrigger: self.enters_trigger, ast.TurnedFaceUpTrigger: self.turned_face_up_trigger,
            ast.BecomesTargetTrigger: self.becomes_target_trigger, ast.YouActionTrigger: self.you_action_trigger,
            ast.SubjectActionTrigger: self.subject_action_trigger, ast.SubjectTrigger: self.subject_trigger,
            ast.EitherTrigger: self.either_trigger, ast.CastTrigger: self.cast_trigger,
            ast.PlayerEventTrigger: self.player_event_trigger,
        }
        self._conditions: dict[type, Callable] = {
            ast.WasEvent: self.was_event, ast.IsFaceDownAs: self.is_face_down_as, ast.IsQuality: self.is_quality,
            ast.HasManaCost: self.has_mana_cost, ast.YouControl: self.you_control, ast.YouDid: self.you_did,
            ast.YouControlNone: self.you_control_none, ast.HasNoCounters: self.has_no_counters,
            ast.IsPermanent: self.is_permanent, ast.HasKeyword: self.has_keyword, ast.IsInZone: self.is_in_zone,
            ast.YourTurn: self.your_turn, ast.IsStatus: self.is_status, ast.WasQuality: self.was_quality, ast.OwnAndControl: self.own_and_control,
            ast.IsPairFor: self.is_pair_for, ast.NoRoomCard: self.no_room_card, ast.MarkerAtBottom: self.marker_at_bottom,
        }

    @property
    def state(self):
        return self.game.state

    # ------------------------------------------------------------ entry points
    def run(self, node: ast.Effect, env: Env) -> None:
        """Run an effect. The executor of a step that acts on objects returns them (as they were when it
        acted: a moved object is followed to where the effect put it, 400.7); they are what 'it', 'them'
        and 'that card' mean in the steps after it (608.2c). Other executors return None."""
        self.check_runs(node, env)
        acted = self._effects[type(node)](node, env)
        if acted is not None:
            env.vars["_it"] = acted

    def objects(self, node: ast.Objects, env: Env) -> list[int]:
        self.check_runs(node, env)
        return self._objects[type(node)](node, env)

    def holds(self, node: ast.Condition, env: Env) -> bool:
        self.check_runs(node, env)
        return self._conditions[type(node)](node, env)

    def triggered_by(self, trigger: ast.Trigger, event: Event, source: GameObject) -> bool:
        """Whether the event triggers the ability of `source` (603.2): one method per trigger kind. A trigger
        with a part the interpreter doesn't detect yet (runs.py) never triggers; coverage and lint report it."""
        if runs.parts_not_run(trigger, self.game.rulebook):
            return False
        return self._triggers[type(trigger)](trigger, event, source)

    def check_runs(self, node: ast.Node, env: Env) -> None:
        """Refuse a node the interpreter doesn't run yet, as its declaration in runs.py says."""
        found = runs.gap(node, self.game.rulebook, chosen=False)
        if found is not None:
            raise self.gap_refusal(found, env, node)

    def gap_refusal(self, found: runs.Gap, env: Env, node: ast.Node) -> MtgError:
        _, message, rule = found.describe(node, self.game.rulebook)
        return self.not_run(message, rule, env, node)

    def not_run(self, message: str, rule: str | None, env: Env, node: ast.Node) -> MtgError:
        """E409, naming the action and the words of the part that isn't run."""
        what = f"{env.action_text}: " if env.action_text else ""
        words = self.game.words_of(node) if node.span and node.span.source_line else None
        return error(runs.NOT_RUN, f"{what}'{words}': {message}" if words else what + message, node.span, rule)

    def refuse(self, message: str, env: Env, node: ast.Node | None = None, rule: str | None = None) -> MtgError:
        what = f"{env.action_text}: " if env.action_text else ""
        return error("E402", what + message, node.span if node is not None else None, rule or env.rule)

    # ------------------------------------------------------------ triggers (603.2)
    def enters_trigger(self, node: ast.EntersTrigger, event: Event, source: GameObject) -> bool:
        return event.name == "entered" and event.object_id == source.id

    def turned_face_up_trigger(self, node: ast.TurnedFaceUpTrigger, event: Event, source: GameObject) -> bool:
        return event.name == "turned_face_up" and event.object_id == source.id

    def becomes_target_trigger(self, node: ast.BecomesTargetTrigger, event: Event, source: GameObject) -> bool:
        return (event.name == "became_target" and event.object_id == source.id
                and (not node.by_opponent or event.player != source.controller))

    def _action_event(self, action: ast.KeywordAction, event: Event) -> bool:
        definition = self.game.rulebook.keyword_actions.get(action.name)
        return definition is not None and definition.event == event.name

    def you_action_trigger(self, node: ast.YouActionTrigger, event: Event, source: GameObject) -> bool:
        if not self._action_event(node.action, event) or event.player != source.controller:
            return False
        if node.objects is None:
            return True
        return event.seen is not None and self.chars_match(event.seen, node.objects, self._trigger_env(source))

    def subject_action_trigger(self, node: ast.SubjectActionTrigger, event: Event, source: GameObject) -> bool:
        """'Whenever a creature you control <action>s' (what the action revealed isn't in its event yet: runs.py)."""
        if not self._action_event(node.action, event):
            return False
        if isinstance(node.subject, ast.Self):
            return event.object_id == source.id
        return self._subject_matches(node.subject, event, source)

    def _subject_matches(self, subject: ast.Subject, event: Event, source: GameObject) -> bool:
        """Whether the event's object is the trigger's subject (its characteristics as the event saw them)."""
        if isinstance(subject, ast.Self):
            return event.object_id == source.id
        if event.object_id == source.id:
            if subject.or_self:
                return True
            if subject.other:
                return False
        seen = event.seen
        if seen is None and event.object_id in self.state.objects:
            seen = self.game.characteristics(event.object_id)
        if seen is None or not self.chars_match(seen, subject.quality, self._trigger_env(source)):
            return False
        controller = event.controller or event.player
        if subject.controller == "you":
            return controller == source.controller
        if subject.controller == "an opponent":
            return controller is not None and controller != source.controller
        return True

    def subject_trigger(self, node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """Entering, becoming tapped or untapped and dealing damage are seen in the game's events (what else a
        trigger names isn't detected yet: runs.py)."""
        if TRIGGER_EVENTS[node.event] != event.name:
            return False
        if node.under_your_control and event.player != source.controller:
            return False
        if node.event == "deals damage" and not self._dealt_to(node, event, source):
            return False
        return self._subject_matches(node.subject, event, source)

    @staticmethod
    def _dealt_to(node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """Whether the damage went where the trigger says: 'a player', 'an opponent' (of the ability's
        controller). Only players are dealt damage yet (120.3a), and none of it is combat damage (510)."""
        if node.combat or event.player is None:
            return False
        return node.recipient == "a player" or (node.recipient == "an opponent" and event.player != source.controller)

    def either_trigger(self, node: ast.EitherTrigger, event: Event, source: GameObject) -> bool:
        return any(self.triggered_by(t, event, source) for t in node.triggers)

    def cast_trigger(self, node: ast.CastTrigger, event: Event, source: GameObject) -> bool:
        """601.2i: a spell becomes cast. 'When you cast this spell' is the spell's own (it is on the stack)."""
        if event.name != "cast":
            return False
        if node.self_:
            return event.object_id == source.id
        if (node.caster == "you") != (event.player == source.controller):
            return False
        return event.object_id in self.state.objects and self.matches(event.object_id, node.quality,
                                                                      self._trigger_env(source))

    def player_event_trigger(self, node: ast.PlayerEventTrigger, event: Event, source: GameObject) -> bool:
        """'Whenever you discard a card' reads the discarded card as it is in the graveyard now."""
        wanted = {"discard": "discarded", "gain life": "life_gained"}[node.event]
        if event.name != wanted or event.player != source.controller:
            return False
        if node.objects is None or event.object_id is None:
            return node.objects is None
        return event.object_id in self.state.objects and self.matches(event.object_id, node.objects,
                                                                      self._trigger_env(source))

    @staticmethod
    def _trigger_env(source: GameObject) -> Env:
        """What a trigger's words are read with: its source's controller as 'you'."""
        return Env(source.controller, Context(0, source.controller, source.id))

    def has_quality(self, chars: Characteristics, words: tuple[str, ...], obj: GameObject | None = None) -> bool:
        """The object has every quality word: a type, supertype or subtype, a color (105.2), 'colorless',
        'nonX' / 'non-X' (it isn't X, 205.4b), 'tapped' / 'untapped' (110.5) and 'token' / 'nontoken' (111.1)
        of the object itself; 'spell', 'card' and 'source' say what it is. Nothing is attacking or blocking: the
        interpreter runs no combat yet (506.4)."""
        kept = []
        for word in words:
            lowered = word.lower()
            negated = lowered[4:] if lowered.startswith("non-") else lowered[3:] if lowered.startswith("non") else ""
            if lowered in ("spell", "card", "source"):
                holds = True
            elif lowered in COLOR_LETTERS:
                holds = COLOR_LETTERS[lowered] in chars.colors
            elif lowered == "colorless":
                holds = not chars.colors
            elif lowered == "multicolored":
                holds = len(chars.colors) > 1
            elif lowered in ("tapped", "untapped"):
                holds = obj is not None and obj.zone == "battlefield" and obj.tapped == (lowered == "tapped")
            elif lowered in ("attacking", "blocking"):
                holds = False
            elif lowered in ("token", "nontoken"):
                holds = obj is not None and obj.is_token == (lowered == "token")
            elif lowered in ("face-down", "face-up"):  # 708
                holds = obj is not None and bool(obj.face_down) == (lowered == "face-down")
            elif negated and lowered != "nonland":
                holds = not self.has_quality(chars, (negated,), obj)
            else:
                kept.append(word)
                continue
            if not holds:
                return False
        return chars.has_quality(tuple(kept))

    # ------------------------------------------------------------ values
    def number(self, node: ast.Number, env: Env) -> int:
        """A number's value; one above MAX_COUNT is refused (no step may do unbounded work)."""
        if isinstance(node, ast.IntValue):
            value = node.value
        elif isinstance(node, ast.XValue):
            value = int(env.vars.get("X", 0))
        else:
            value = env.vars.get(node.name, 1)
            if not isinstance(value, int):
                raise self.refuse(f"{{{node.name}}} is not a number", env, node)
        if value > MAX_COUNT:
            raise self.refuse(f"{value} is more than the interpreter does in one step ({MAX_COUNT})", env, node)
        return value

    def quality(self, node: ast.QualityExpr, env: Env) -> ast.Quality:
        if isinstance(node, (ast.QualityChoice, ast.QualityWith)):  # where one quality is needed
            _, message, rule = runs.ONE_QUALITY
            raise self.not_run(message, rule, env, node)
        if isinstance(node, ast.Var):
            value = env.vars.get(node.name)
            if not isinstance(value, ast.Quality):
                raise self.refuse(f"{{{node.name}}} is not a quality", env, node)
            return value
        if any(isinstance(w, ast.Var) for w in node.words):
            words: list[str] = []
            for word in node.words:
                words.extend(self.quality(word, env).words if isinstance(word, ast.Var) else [word])
            return ast.Quality(tuple(words), node.card, span=node.span)
        return node

    def describe_quality(self, node: ast.QualityExpr | None, env: Env) -> str:
        if isinstance(node, ast.QualityChoice):
            return " or ".join(self.describe_quality(q, env) for q in node.options)
        if isinstance(node, ast.QualityWith):
            what = node.keyword or f"{node.stat} {self.number(node.value, env)} or {'less' if node.at_most else 'greater'}"
            return f"{self.describe_quality(node.quality, env)} with {what}"
        return " ".join(self.quality(node, env).words) if node is not None else ""

    def matches(self, object_id: int, node: ast.QualityExpr | None, env: Env) -> bool:
        """Whether the object has the quality (any one of a choice of qualities)."""
        return self.chars_match(self.game.characteristics(object_id), node, env, self.state.objects[object_id])

    def chars_match(self, chars: Characteristics, node: ast.QualityExpr | None, env: Env,
                    obj: GameObject | None = None) -> bool:
        """Whether these characteristics (of `obj`, if it is an object now) have the quality."""
        if node is None:
            return True
        if isinstance(node, ast.QualityChoice):
            return any(self.chars_match(chars, q, env, obj) for q in node.options)
        if isinstance(node, ast.QualityWith):
            if not self.chars_match(chars, node.quality, env, obj):
                return False
            if node.keyword is not None:
                return keyword_ability(chars.abilities, node.keyword) is not None
            value = chars.mana_value if node.stat == "mana value" else getattr(chars, node.stat, None)
            if value is None:
                return False
            limit = self.number(node.value, env)
            return value <= limit if node.at_most else value >= limit
        return self.has_quality(chars, self.quality(node, env).words, obj)

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

    # ------------------------------------------------------------ objects
    def _live(self, ids: list[int]) -> list[int]:
        """Follow objects to where the current effect moved them (400.7); drop ones gone."""
        out = []
        for i in ids:
            while i in self.state.moved:
                i = self.state.moved[i]
            if i in self.state.objects and i not in out:
                out.append(i)
        return out

    def var_objects(self, node: ast.Var, env: Env) -> list[int]:
        value = env.vars.get(node.name)
        if value is None:
            return []  # bound by a step that didn't happen ('you may ... as {x}' answered no)
        if value is NOT_YET:
            raise self.refuse(f"{{{node.name}}} isn't known until the effect resolves", env, node, "608.2c")
        if not isinstance(value, list):
            raise self.refuse(f"{{{node.name}}} does not name objects", env, node)
        return self._live(value)

    def top_cards(self, node: ast.TopCards, env: Env) -> list[int]:
        return list(self.state.players[env.player].zones["library"][: self.number(node.count, env)])

    def self_object(self, node: ast.Self, env: Env) -> list[int]:
        """The source itself; once it has changed zones it is a new object, not this one (400.7)."""
        return [env.source_id] if env.source_id in self.state.objects else []

    def target(self, node: ast.Target, env: Env) -> list[int]:
        """A target: announced as the spell was cast or the ability put on the stack (601.2c, 603.3d)."""
        def choose() -> list[int]:
            legal = self.target_options(node, env)
            count = self.number(node.count, env) if node.count is not None else 1
            if len(legal) < max(count, 1):
                raise NoLegalTarget(self.refuse(f"there is no legal {self.describe(node, env)}" if not legal else
                                                f"needs {count} targets, and there are {len(legal)}", env, node,
                                                "115.1").diagnostic)
            return self.ask_objects(Choice("objects", self.describe(node, env), legal, count, rule="115.1"))
        return self._announced(node, env, choose)

    def any_target(self, node: ast.AnyTarget, env: Env) -> list[int | str]:
        """'any target' (115.4): a creature, planeswalker or battle, or a player, answered by name."""
        def choose() -> list[int | str]:
            legal = self.any_target_options(env)
            if not legal:
                raise NoLegalTarget(self.refuse("there is no legal target for 'any target'", env, node,
                                                "115.4").diagnostic)
            return self.ask_objects(Choice("objects", f"{env.action_text}: any target", legal, rule="115.4"))
        return self._announced(node, env, choose)

    def any_target_options(self, env: Env) -> list[int | str]:
        """115.4: creatures, planeswalkers and battles that can be targeted, then the players."""
        permanents = [i for i in self.state.battlefield if not self._hexproof_from(i, env.player)
                      and {"Creature", "Planeswalker", "Battle"} & set(self.game.characteristics(i).types)]
        return [*permanents, *self.state.order]

    def target_players(self, node: ast.Players, env: Env) -> list[str]:
        """'target player' / 'target opponent', announced like any target (601.2c)."""
        def choose() -> list[str]:
            options = self.player_options(node, env)
            if not options:
                raise NoLegalTarget(self.refuse(f"there is no legal {node.who}", env, node, "115.1").diagnostic)
            if len(options) == 1:
                return options
            return [self.game.ask(Choice("option", f"{env.action_text}: {node.who}", options, rule="115.1"))]
        return self._announced(node, env, choose)

    def player_options(self, node: ast.Players, env: Env) -> list[str]:
        """The players 'target player' or 'target opponent' may be, in turn order."""
        return [p for p in self.state.order if node.who == "target player" or p != env.player]

    def _announced(self, node: ast.Node, env: Env, choose: Callable[[], list]) -> list:
        """The next announced target group of this spell or ability (object ids, or players by name);
        chosen now if it wasn't yet, and kept with the words that say what is legal (608.2b)."""
        index = env.target_index
        env.target_index += 1
        if index < len(env.context.targets):
            chosen = env.context.targets[index].chosen
            return [t for t in chosen if isinstance(t, str)] + self._live([t for t in chosen if isinstance(t, int)])
        chosen = choose()
        env.context.targets.append(Targets(chosen, node, dict(env.vars)))
        for target in chosen:  # 115.1: it becomes a target (ward and the like trigger on this)
            if isinstance(target, int):
                self.game.emit(Event("became_target", env.player, self.game.name_of(target), target,
                                     cause=env.context.id), env)
        return chosen

    def drop_illegal_targets(self, context: Context) -> bool:
        """608.2b: as a spell or ability resolves, each target that is no longer legal is dropped (one that
        changed zones is a new object, 400.7); False when it had targets and none of them is legal."""
        had = any(group.chosen for group in context.targets)
        for group in context.targets:
            env = Env(context.controller, context, context.source_id, dict(group.vars))
            if isinstance(group.node, ast.AnyTarget):
                legal = self.any_target_options(env)
            elif isinstance(group.node, ast.Players):
                legal = self.player_options(group.node, env)
            else:
                legal = self.target_options(group.node, env)
            group.chosen = [t for t in group.chosen if t in legal]
        return not had or any(group.chosen for group in context.targets)

    def _hexproof_from(self, object_id: int, player: str) -> bool:
        """702.11b: hexproof — it can't be the target of spells or abilities its controller's opponents control."""
        obj = self.state.objects[object_id]
        return obj.controller != player and keyword_ability(self.game.characteristics(object_id).abilities,
                                                             "hexproof") is not None

    def target_options(self, node: ast.Target | ast.UpToTargets, env: Env) -> list[int]:
        """Legal targets (115): permanents of that quality, or cards in the zone named, or spells on the
        stack other than this one (115.5); 'you control' / 'an opponent controls' read the permanent's or
        the spell's controller; 'other' leaves out the source."""
        you_control = getattr(node, "you_control", False)
        opponent_controls = getattr(node, "opponent_controls", False)
        if node.zone in (None, "stack"):
            controllers = ({i: self.state.objects[i].controller for i in self.state.battlefield} if node.zone is None
                           else {item.object_id: item.controller for item in self.state.stack
                                 if item.object_id is not None and item.object_id != env.source_id})
            ids = [i for i, controller in controllers.items() if (not you_control or controller == env.player)
                   and (not opponent_controls or controller != env.player)]
        else:
            players = {"you": [env.player], "an opponent": [p for p in self.state.order if p != env.player]}.get(
                node.whose or "any", list(self.state.order))
            ids = [i for p in players for i in self.state.players[p].zones[node.zone]]
        return [i for i in ids if self.matches(i, node.quality, env) and not (node.other and i == env.source_id)
                and not (node.zone is None and self._hexproof_from(i, env.player))]

    def up_to_targets(self, node: ast.UpToTargets, env: Env) -> list[int]:
        count = self.number(node.count, env)
        return self._announced(node, env, lambda: self.game.ask(Choice(
            "objects", f"{env.action_text}: up to {count} target {self.describe_quality(node.quality, env)}",
            self.target_options(node, env), count, True, "115.1")))

    def it(self, node: ast.It, env: Env) -> list[int]:
        """'it', 'them', 'that card': the objects the step before acted on (608.2c), followed to where
        the effect moved them (400.7)."""
        return self._live(self._referent(node, env))

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
            out += [i] if i not in self.state.objects and i in self.state.last_known else self._live([i])
        return out

    def named_object(self, node: ast.NamedObject, env: Env) -> list[int]:
        """The permanent of that name you control, if any: card text naming a card means that permanent."""
        mine = [i for i in self.state.battlefield if self.state.objects[i].card_name == node.name
                and self.state.objects[i].controller == env.player]
        return mine[:1]

    def cards_outside_game(self, node: ast.CardsOutsideGame, env: Env) -> list[int]:
        return self.cards_in_zone(ast.CardsInZone(node.quality, "sideboard"), env)

    def cards_in_zone(self, node: ast.CardsInZone, env: Env) -> list[int]:
        players = self.state.order if node.all_players else [env.player]
        ids = [i for p in players for i in self.state.players[p].zones[node.zone] if self.matches(i, node.quality, env)]
        return self._counted(ids, node.count, self.describe(node, env), env, node)

    def permanents_you_control(self, node: ast.PermanentsYouControl, env: Env) -> list[int]:
        ids = [i for i in self.state.battlefield if self.state.objects[i].controller == env.player
               and not (node.other and i == env.source_id) and self.matches(i, node.quality, env)]
        return self._counted(ids, node.count, self.describe(node, env), env, node)

    def named_permanent(self, node: ast.NamedPermanent, env: Env) -> list[int]:
        name = self.name(node.name, env)
        return [i for i in self.state.battlefield if self.state.objects[i].card_name == name
                and self.matches(i, node.quality, env)][:1]

    def all_permanents(self, node: ast.AllPermanents, env: Env) -> list[int]:
        return [i for i in self.state.battlefield if self.matches(i, node.quality, env)
                and (not node.you_control or self.state.objects[i].controller == env.player)
                and not (node.other and i == env.source_id)]

    def _counted(self, ids: list[int], count: ast.Number | None, what: str, env: Env, node: ast.Node) -> list[int]:
        """All of them, or with a count ('two Islands you control') that many, chosen by the player."""
        if count is None:
            return ids
        n = self.number(count, env)
        if len(ids) < n:
            raise self.refuse(f"needs {n} of {what}, and there {'is' if len(ids) == 1 else 'are'} {len(ids)}",
                              env, node)
        return self.ask_objects(Choice("objects", f"{env.action_text or 'a choice'}: choose {n} of {what}", ids, n,
                                       rule=env.rule))

    def card_of(self, node: ast.CardOf, env: Env) -> list[int]:
        return self.objects(node.objects, env)

    def except_(self, node: ast.Except, env: Env) -> list[int]:
        removed = set(self.objects(node.removed, env))
        return [i for i in self.objects(node.base, env) if i not in removed]

    def union(self, node: ast.Union_, env: Env) -> list[int]:
        out: list[int] = []
        for part in node.parts:
            out.extend(i for i in self.objects(part, env) if i not in out)
        return out

    def printed_or_current(self, node: ast.Objects, env: Env) -> list[Characteristics]:
        """Characteristics of objects; of their cards, ignoring face-down status, for 'the card representing'."""
        ids = self.objects(node, env)
        if isinstance(node, ast.CardOf):
            return [self.state.objects[i].card.front.characteristics() for i in ids]
        return [self.game.characteristics(i) for i in ids]

    # ------------------------------------------------------------ choosing
    def ask_objects(self, choice: Choice) -> list[int]:
        """A choice of objects; one with a single legal answer is made at once, 'up to N' only when
        there is nothing to choose."""
        if not choice.options or not choice.up_to and len(choice.options) <= choice.count:
            return list(choice.options)  # forced: exactly one legal answer
        return self.game.ask(choice)

    # ------------------------------------------------------------ conditions
    def was_event(self, node: ast.WasEvent, env: Env) -> bool:
        """701.4b: whether objects of the quality were part of the event as it happened: in this spell or
        ability, or, where it recorded no such event, as the spell its source was was cast (an additional
        cost read by the permanent's ability)."""
        events = [e for e in env.context.events if e.name == node.event] or [
            e for e in env.context.cast_events if e.name == node.event]
        seen = [e for e in events if e.seen is not None and self.chars_match(e.seen, node.quality, env)]
        return len(seen) >= self.number(node.count, env)

    def is_face_down_as(self, node: ast.IsFaceDownAs, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].face_down and (not node.ways or self.state.objects[i].face_down in node.ways) for i in ids)

    def is_quality(self, node: ast.IsQuality, env: Env) -> bool:
        found = self.printed_or_current(node.objects, env)
        return bool(found) and all(self.chars_match(c, node.quality, env) for c in found)

    def has_mana_cost(self, node: ast.HasManaCost, env: Env) -> bool:
        found = self.printed_or_current(node.objects, env)
        return bool(found) and all(c.mana_cost is not None and len(c.mana_cost) > 0 for c in found)

    def you_control(self, node: ast.YouControl, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].controller == env.player for i in ids)

    def you_did(self, node: ast.YouDid, env: Env) -> bool:
        return env.did != node.negated

    def you_control_none(self, node: ast.YouControlNone, env: Env) -> bool:
        return not self.permanents_you_control(ast.PermanentsYouControl(node.quality), env)

    def has_no_counters(self, node: ast.HasNoCounters, env: Env) -> bool:
        return all(not self.state.objects[i].counters.get(node.kind) for i in self.objects(node.objects, env))

    def is_permanent(self, node: ast.IsPermanent, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].zone == "battlefield" for i in ids)

    def has_keyword(self, node: ast.HasKeyword, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.keyword_of(i, node.keyword, node.objects) is not None for i in ids)

    def keyword_of(self, object_id: int, keyword: str, node: ast.Objects) -> ast.KeywordAbility | None:
        """The object's keyword ability of that name (of its card, for 'the card representing')."""
        obj = self.state.objects[object_id]
        chars = obj.card.front.characteristics() if isinstance(node, ast.CardOf) else self.game.characteristics(object_id)
        return keyword_ability(chars.abilities, keyword)

    def is_in_zone(self, node: ast.IsInZone, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].zone == node.zone and self.state.objects[i].owner == env.player
                                 for i in ids)

    def own_and_control(self, node: ast.OwnAndControl, env: Env) -> bool:
        """Each is a permanent you own and control; then 'them' means these objects."""
        found: list[int] = []
        for part in node.objects:
            ids = self.objects(part, env)
            if not ids or not all(self.state.objects[i].zone == "battlefield" and self.state.objects[i].owner == env.player
                                  and self.state.objects[i].controller == env.player for i in ids):
                return False
            found += [i for i in ids if i not in found]
        env.vars["_it"] = found
        return True

    def was_quality(self, node: ast.WasQuality, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.matches(i, node.quality, env) for i in ids)

    def is_status(self, node: ast.IsStatus, env: Env) -> bool:
        ids = self.objects(node.objects, env)
        return bool(ids) and all(self.state.objects[i].zone == "battlefield"
                                 and self.state.objects[i].tapped == (node.status == "tapped") for i in ids)

    def your_turn(self, node: ast.YourTurn, env: Env) -> bool:
        return self.state.active == env.player

    def is_pair_for(self, node: ast.IsPairFor, env: Env) -> bool:
        """701.42b: exactly two cards, not tokens, each naming the other as its partner and the same result."""
        ids = self.objects(node.objects, env)
        if len(ids) != 2:
            return False
        a, b = (self.state.objects[i] for i in ids)
        name = self.name(node.name, env)
        return (not a.is_token and not b.is_token and a.owner == b.owner
                and a.card.partner == (b.card_name, name) and b.card.partner == (a.card_name, name))

    def put_combined(self, node: ast.PutCombined, env: Env) -> list[int]:
        return [self.game.put_combined(env, self.objects(node.objects, env), self.name(node.name, env), node).id]

    @staticmethod
    def name(node: "str | ast.Var", env: Env) -> str:
        return str(env.vars.get(node.name, "")) if isinstance(node, ast.Var) else node

    def no_room_card(self, node: ast.NoRoomCard, env: Env) -> bool:
        return self.state.players[env.player].marker is None

    def marker_at_bottom(self, node: ast.MarkerAtBottom, env: Env) -> bool:
        marker = self.state.players[env.player].marker
        return marker is not None and not self.game.room_card_of(marker[0]).room(marker[1]).leads_to

    # ------------------------------------------------------------ cards with rooms (309)
    def enter_room_card(self, node: ast.EnterRoomCard, env: Env) -> None:
        """309.2a, 309.4a: bring one in from outside the game; the marker goes on its topmost room."""
        if self.state.players[env.player].marker is not None:
            raise self.refuse("you already have one in the command zone", env, node, "309.3")
        words = self.quality(node.quality, env).words if node.quality is not None else None
        cards = self.game.rulebook.room_cards.values()
        if words is None:
            options = [c.name for c in cards if not c.only_by_quality]
        else:
            options = [c.name for c in cards if all(w in c.subtypes or w == c.name for w in words)]
        if not options:
            raise self.refuse(f"there is none to choose{' with the quality ' + ' '.join(words) if words else ''}",
                              env, node, "701.49d" if words else "701.49a")
        name = options[0] if len(options) == 1 else self.game.ask(
            Choice("option", f"{env.action_text}: which one", options, rule="309.2a"))
        card = self.game.rulebook.room_cards[name]
        obj = self.game.bring_room_card(env.player, card)
        self.game.move_marker(env.player, obj.id, card.rooms[0].name, env)

    def complete_room_card(self, node: ast.CompleteRoomCard, env: Env) -> None:
        self.game.complete_room_card(env.player, env)

    def advance_marker(self, node: ast.AdvanceMarker, env: Env) -> None:
        """309.5a: follow an arrow pointing away from the current room; the player picks among several."""
        marker = self.state.players[env.player].marker
        if marker is None:
            raise self.refuse("your marker is on no room", env, node, "309.5a")
        card = self.game.room_card_of(marker[0])
        options = list(card.room(marker[1]).leads_to)
        if not options:
            raise self.refuse(f"{marker[1]} is the bottommost room", env, node, "309.5b")
        room = options[0] if len(options) == 1 else self.game.ask(
            Choice("option", f"{env.action_text}: which room", options, rule="309.5a"))
        self.game.move_marker(env.player, marker[0], room, env)

    # ------------------------------------------------------------ effects
    def sequence(self, node: ast.Sequence, env: Env) -> None:
        for effect in node.effects:
            self.run(effect, env)

    def conditional(self, node: ast.Conditional, env: Env) -> None:
        if self.holds(node.condition, env):
            self.run(node.effect, env)
        elif node.otherwise is not None:
            self.run(node.otherwise, env)

    def optional(self, node: ast.Optional, env: Env) -> None:
        """'You may ...' is always answered yes or no first (608.2d); 'if you do' reads whether it happened.

        'yes' is legal only when the action can be done in a way that does something (608.2d: an
        impossible option can't be chosen); otherwise only 'no' is.
        """
        env.did = False
        words = self.fill(self.game.words_of(node.effect), env)
        if self.game.ask_yes(f"{env.action_text}: you may {words}", self.can_do(node.effect, env, True),
                             "608.2d"):
            before, found = len(self.state.events), dict(env.vars)
            self.run(node.effect, env)
            env.did = self._changed(node.effect, found, env, before)

    def counter(self, node: ast.Counter, env: Env) -> list[int]:
        """701.6a: each spell leaves the stack (to its owner's graveyard, or where a rule says)."""
        ids = self.objects(node.objects, env)
        for i in ids:
            item = next((item for item in self.state.stack if item.object_id == i), None)
            if item is None:
                raise self.refuse(f"{self.game.name_of(i)} isn't a spell on the stack", env, node, "701.6a")
            self.game.counter(item, env)
        return ids

    def deal_damage(self, node: ast.DealDamage, env: Env) -> None:
        """120.3a: damage dealt to a player makes them lose that much life; the event names the source and
        its controller, as it is or last existed (608.2h), and the player (damage to permanents isn't run
        yet: runs.py)."""
        sources = self.as_acted_on(node.source, env)
        source = sources[0] if sources else env.source_id if isinstance(node.source, ast.Self) else None
        name, chars, controller = self.game.last_known(source)[:3]
        if chars is None:
            raise self.refuse(f"'{self.game.words_of(node.source)}' is no object that could deal damage", env,
                              node, "120.1")
        amount = max(0, chars.power or 0) if node.amount is None else self.number(node.amount, env)
        if isinstance(node.recipients, ast.AnyTarget):
            players = self.any_target(node.recipients, env)
            if any(isinstance(chosen, int) for chosen in players):
                raise self.gap_refusal(runs.DAMAGE_TO_CHOSEN_PERMANENT, env, node)
        else:
            players = self.players(node.recipients, env)
        for player in players:
            if amount > 0:
                self.state.players[player].life -= amount
                self.game.emit(Event("damage_dealt", player, name, source, chars, controller=controller), env)
                self.game.emit(Event("life_lost", player), env)

    def shuffle_into(self, node: ast.ShuffleInto, env: Env) -> list[int]:
        """701.24: each object goes into its owner's library, then each such library is shuffled, even
        when the object had already left (the shuffle still happens)."""
        owners = []
        ids = self.objects(node.objects, env)
        for i in ids:
            owner = self.state.objects[i].owner
            self.game.move(i, node.zone, env=env)
            owners.append(owner)
        for owner in dict.fromkeys(owners or [self.game.owner_of(env.source_id) or env.player]):
            self.state.rng.shuffle(self.state.players[owner].zones["library"])
            self.game.emit(Event("shuffled", owner), env)
        return ids

    def becomes(self, node: ast.Becomes, env: Env) -> list[int]:
        """205.1a: it gains the subtypes and the ability, for as long as it stays this object (611.2c)."""
        words = self.quality(node.quality, env).words
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            obj.added_subtypes = obj.added_subtypes + tuple(w for w in words if w not in obj.added_subtypes)
            obj.granted = obj.granted + ((node.ability, "for as long as it is this object"),)
        return ids

    def where_x(self, node: ast.WhereX, env: Env) -> None:
        """X is the value as the effect starts (107.3c)."""
        self._define_x(node, env)
        self.run(node.effect, env)

    def _define_x(self, node: ast.WhereX, env: Env) -> None:
        env.vars["X"] = len(self.objects(node.value.objects, env))

    def instead(self, node: ast.Instead, env: Env) -> None:
        raise self.refuse("'... instead' follows no sentence it could replace", env, node, "614.1a")

    def repeat(self, node: ast.Repeat, env: Env) -> None:
        for _ in range(self.number(node.count, env)):
            self.run(node.effect, env)

    def attach(self, node: ast.Attach, env: Env) -> list[int]:
        """701.3a: the Aura (or Equipment) becomes attached to the object; with nothing to attach to,
        nothing happens (and an unattached Aura goes to the graveyard, 704.5m). What it acted on is the
        Aura or Equipment (lint reports an 'it' after it: E220)."""
        targets = [i for i in self.objects(node.to, env) if self.state.objects[i].zone == "battlefield"]
        ids = self.objects(node.objects, env)
        for i in ids:
            if targets and self.state.objects[i].zone == "battlefield":
                self.state.objects[i].attached_to = targets[0]
                self.state.attachments += 1
        return ids

    def keyword_cost_is(self, node: ast.KeywordCostIs, env: Env) -> None:
        raise self.refuse(f"'the {node.keyword} cost' follows no grant of {node.keyword}", env, node)

    def tap(self, node: ast.Tap, env: Env) -> list[int]:
        """701.26: tap (or untap) permanents; one already so isn't tapped (untapped) again."""
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            if obj.zone == "battlefield" and obj.tapped == node.untap:
                obj.tapped = not node.untap
                self.game.emit(Event("untapped" if node.untap else "tapped", obj.controller, obj.card_name, obj.id),
                               env)
        return ids

    def return_(self, node: ast.Return, env: Env) -> list[int]:
        """Return objects to a zone (their owner's, 400.3) or to the battlefield under your control (110.2)."""
        ids = self.objects(node.objects, env)
        for i in ids:
            self.game.move(i, node.zone, controller=env.player if node.zone == "battlefield" else None, env=env)
        return ids

    def pay_cost(self, cost: ast.CostItem, env: Env) -> None:
        """Pay one part of a cost (118, 602.2h): mana, life, loyalty, sacrificing the source, or an action.

        An action paid as a cost must be done in full (118.3): one that can't is refused.
        """
        self.check_runs(cost, env)
        if cost.kind == "mana":
            self.game.pay_mana(env.player, parse_cost(cost.mana), env.action_text or "the cost")
        elif cost.kind == "life":
            self.game.pay_life(env.player, self.number(cost.amount, env), env.action_text or "the cost")
        elif cost.kind == "sacrifice self":
            if env.source_id not in self.state.battlefield:
                raise self.refuse("the source can't be sacrificed: it isn't on the battlefield", env, cost, "701.21a")
            self.game.move(env.source_id, "graveyard", env=env)
        else:  # an action
            before = len(self.state.events)
            self.run(cost.effect, env)
            if len(self.state.events) == before and not self._changes_state(cost.effect):
                raise self.refuse(f"the cost '{self.game.words_of(cost)}' can't be paid", env, cost, "118.3")

    def check_activation(self, ability: ast.ActivatedAbility, env: Env) -> None:
        """602.5b: refuse the activation when a limit the ability states isn't met (or, like a change to its
        cost, isn't run yet)."""
        for change in ability.cost_changes:
            self.check_runs(change, env)
        for limit in ability.limits:
            self.check_runs(limit, env)
            if limit.kind == "as a sorcery":  # 307.1: your main phase, with an empty stack
                if self.state.active != env.player or self.state.stack:
                    raise self.refuse("it can be activated only as a sorcery", env, limit, "602.5b")
            elif limit.kind == "during your turn":
                if self.state.active != env.player:
                    raise self.refuse("it can be activated only during your turn", env, limit, "602.5b")
            elif not self.holds(limit.condition, env):  # 'activate only if ...'
                raise self.refuse(f"it can be activated only if {self.game.words_of(limit.condition)}", env,
                                  limit, "602.5b")

    def discard(self, node: ast.Discard, env: Env) -> list[int]:
        hand = list(self.state.players[env.player].zones["hand"])
        if node.objects is not None:
            chosen = [i for i in self.objects(node.objects, env) if i in hand]
            if not chosen:
                raise self.refuse("it isn't in your hand to discard", env, node, "701.9a")
        else:
            hand = [i for i in hand if self.matches(i, node.quality, env)]
            count = self.number(node.count, env)
            chosen = self.ask_objects(Choice("objects", f"{env.action_text}: discard {count}", hand,
                                             min(count, len(hand)), rule="701.9a"))
        for i in chosen:
            new = self.game.move(i, "graveyard")
            self.game.emit(Event("discarded", env.player, new.card_name, new.id), env)
        return chosen

    def scry(self, node: ast.Scry, env: Env) -> None:
        """701.22a: look at the top N; any number go to the bottom in the order given, the rest stay on top."""
        library = self.state.players[env.player].zones["library"]
        looked = library[: self.number(node.count, env)]
        if not looked:
            return
        bottom = self.game.ask(Choice("objects", f"{env.action_text}: cards to put on the bottom", looked,
                                      len(looked), True, "701.22a"))
        for i in bottom:
            library.remove(i)
            library.append(i)

    def create_token(self, node: ast.CreateToken, env: Env) -> list[int]:
        words = self.quality(node.quality, env).words
        abilities = (node.with_ability,) if node.with_ability is not None else ()
        supertypes = ("Legendary",) if node.legendary else ()
        power, toughness = self.number(node.power, env), self.number(node.toughness, env)
        return [self.game.create_token(env, words, node.colors, power, toughness, abilities, node.name, supertypes).id
                for _ in range(self.number(node.count, env))]

    def choose_modes(self, node: ast.Modal, env: Env) -> list[int]:
        """700.2: the modes, chosen as the spell is cast (named 'mode 1', 'mode 2', ... in printed order)."""
        names = [f"mode {n}" for n in range(1, len(node.modes) + 1)]
        count = self.number(node.count, env)
        # 700.2a, 601.2c: a mode whose targets can't be chosen can't be chosen.
        legal = [name for name, mode in zip(names, node.modes)
                 if self.game.try_out(lambda m=mode: self.announce_targets(m, self._copy(env))) is None]
        chosen = []
        for _ in range(len(node.modes) if node.or_both else count):
            options = [n for n in legal if n not in chosen]
            if not options and not chosen:
                raise self.refuse("no mode can be chosen: none has legal targets", env, node, "700.2a")
            if node.or_both and chosen:
                options.append("done")
            modes = "; ".join(f"{n}: {self.game.words_of(node.modes[names.index(n)])}"
                              for n in options if n != "done")
            answer = options[0] if len(options) == 1 else self.game.ask(
                Choice("option", f"{env.action_text}: the mode ({modes})", options, rule="700.2a"))
            if answer == "done":
                break
            chosen.append(answer)
        return [names.index(n) for n in chosen]

    def modal(self, node: ast.Modal, env: Env) -> None:
        modes = env.vars.get("_modes")
        if modes is None:
            modes = self.choose_modes(node, env)
        for index in sorted(modes):
            self.run(node.modes[index], env)

    def create_copy(self, node: ast.CreateCopy, env: Env) -> list[int]:
        """707.2: a token copy of each object; of one that has left the battlefield since an earlier step
        acted on it, as it last existed there (608.2h: face down, a nameless 2/2)."""
        return [self.game.create_copy_token(env, i).id for i in self.as_acted_on(node.objects, env)]

    def effect_choice(self, node: ast.EffectChoice, env: Env) -> None:
        """'A or B': only options that can be carried out (and do something) are legal; one legal
        option is taken at once (608.2d)."""
        names = [self.game.words_of(option) for option in node.options]
        legal = [(name, option) for name, option in zip(names, node.options) if self.can_do(option, env)]
        if not legal:
            raise self.refuse(f"none of {' / '.join(names)} can be done", env, node)
        if len(legal) == 1:
            self.run(legal[0][1], env)
            return
        labels = option_labels([name for name, _ in legal])
        answer = self.game.ask(Choice("option", f"{env.action_text}: {one_of([name for name, _ in legal])}", labels,
                                      rule=env.rule))
        self.run(legal[labels.index(answer)][1], env)

    def can_do(self, effect: ast.Effect, env: Env, not_run: bool | None = None) -> bool:
        """Whether the effect can be carried out in at least one legal way that changes something: an
        event, something found or chosen, or a change without an event (tried on copies of the game).
        Drawing (608.2d, 121.3) and searching (701.23b) are possible even when they find nothing.

        A trial that reaches a part not run yet (runs.py) can't tell: `not_run` is then the answer (a
        'yes' that will be refused if given), or, None, that refusal is the caller's."""
        possible = any(isinstance(n, (ast.Draw, ast.Search)) for n in ast.walk(effect))

        def attempt() -> None:
            before, trial = len(self.state.events), self._copy(env)
            self.run(effect, trial)
            if not (possible or self._changed(effect, env.vars, trial, before)):
                raise self.refuse(f"'{self.game.words_of(effect)}' would do nothing", env, effect, "608.2d")

        try:
            return self.game.try_out(attempt) is None
        except MtgError as exc:
            if not_run is None or isinstance(exc, Loops) or exc.diagnostic.code != runs.NOT_RUN:
                raise
            return not_run

    def _changed(self, effect: ast.Effect, found: dict[str, object], env: Env, events: int) -> bool:
        """Whether running the effect changed something: an event since `events`, objects found or
        chosen that `found` didn't hold, or a change without an event of its own."""
        chosen = any(isinstance(v, list) and v and v != found.get(k) for k, v in env.vars.items())
        return chosen or len(self.state.events) > events or self._changes_state(effect)

    @staticmethod
    def _changes_state(effect: ast.Effect) -> bool:
        """Effects that change the game without an event of their own."""
        return any(isinstance(n, (ast.Designate, ast.SkipUntap, ast.AddTypes, ast.Pump, ast.GrantKeyword,
                                  ast.CantAttack, ast.CantBlock, ast.Tap, ast.DealDamage, ast.MayPlay, ast.GainLife, ast.LoseLife, ast.Shuffle))
                   for n in ast.walk(effect))

    @staticmethod
    def _copy(env: Env) -> Env:
        """An environment for trying an effect out: nothing it records reaches the real one."""
        return Env(env.player, env.context.clone(), env.source_id, dict(env.vars), env.definition, env.action_text,
                   env.target_index, env.did)

    def exile_from_zone(self, node: ast.ExileFromZone, env: Env) -> list[int]:
        options = self.cards_in_zone(ast.CardsInZone(node.quality, node.zone), env)
        count = self.number(node.count, env)
        if len(options) < count:
            raise self.refuse(f"needs {count} cards in your {node.zone}, there {'is' if len(options) == 1 else 'are'}"
                              f" {len(options)}", env, node)
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: exile {count} from your {node.zone}",
                                         options, count, rule=env.rule))
        for i in chosen:
            self.game.move(i, "exile", env=env)
        return chosen

    def exile_total_mana_value(self, node: ast.ExileTotalManaValue, env: Env) -> list[int]:
        """Any number of cards whose mana values add up to at least N; impossible when all of them don't."""
        options = self.cards_in_zone(ast.CardsInZone(None, node.zone), env)
        total = self.number(node.total, env)
        value = lambda ids: sum(self.state.objects[i].card.front.characteristics().mana_value for i in ids)
        if value(options) < total:
            raise self.refuse(f"the cards in your {node.zone} have total mana value {value(options)}, "
                              f"less than {total}", env, node)
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: exile cards with total mana value {total} "
                                         "or greater", options, len(options), True, env.rule))
        if value(chosen) < total:
            raise self.refuse(f"the chosen cards have total mana value {value(chosen)}, less than {total}",
                              env, node)
        for i in chosen:
            self.game.move(i, "exile", env=env)
        return chosen

    def counter_unless_pays(self, node: ast.CounterUnlessPays, env: Env) -> list[int] | None:
        """701.6a, 118.12: its controller may pay; if they don't, it is countered (removed from the stack)."""
        spells = None  # 'that spell or ability' (ward's) acts on no object the text names
        if node.objects is not None:  # 'counter target spell unless ...'
            spells = self.objects(node.objects, env)
            item = next((i for i in self.state.stack if i.object_id is not None and i.object_id in spells), None)
        else:
            cause = env.vars.get("_cause")
            item = next((i for i in self.state.stack if i.context.id == cause), None)
        if item is None:
            return spells  # it already left the stack
        cost = parse_cost(str(env.vars.get(node.cost.name) if isinstance(node.cost, ast.Var) else node.cost))
        payer = item.controller
        if can_pay(self.state.players[payer].pool, cost):
            answer = self.game.ask(Choice("yes_no", f"{payer}: pay {''.join(f'{{{c}}}' for c in cost)} so that "
                                          f"{item.source_name} isn't countered?", rule="118.12"))
            if answer == "yes":
                self.game.pay_mana(payer, cost, f"{item.source_name}")
                return spells
        self.game.counter(item, env)
        return spells

    def add_mana(self, node: ast.AddMana, env: Env) -> None:
        """106.1, 605: mana goes into the player's pool at once."""
        pool = self.state.players[env.player].pool
        if node.mana is not None:
            pool.update(parse_pool(node.mana))
            return
        colors = list("WUBRG") if node.any_color else self.game.land_mana_types(env.player)
        chosen = None
        for _ in range(self.number(node.count, env)):
            if not colors:
                return  # 106.5: mana of an undefined type is no mana
            color = chosen or (colors[0] if len(colors) == 1 else self.game.ask(
                Choice("option", f"{env.action_text}: which mana", colors, rule="106.1")))
            if node.one_color:  # '... of any one color': the same color each time
                chosen = color
            pool[color] += 1

    # ------------------------------------------------------------ players and life
    def players(self, node: ast.Players, env: Env) -> list[str]:
        order = self.state.order
        if node.who == "you":
            return [env.player]
        if node.who == "each player":
            start = order.index(self.state.active)
            return order[start:] + order[:start]  # APNAP order (101.4)
        if node.who == "each opponent":
            return [p for p in order if p != env.player]
        return self.target_players(node, env)

    def gain_life(self, node: ast.GainLife, env: Env) -> None:
        amount = self.number(node.amount, env)
        for player in self.players(node.players, env):
            self.state.players[player].life += amount
            self.game.emit(Event("life_gained", player), env)

    def lose_life(self, node: ast.LoseLife, env: Env) -> None:
        """'... loses N life unless they EFFECT': each player in turn order may do it instead (101.4), if able
        (608.2d)."""
        amount = self.number(node.amount, env)
        for player in self.players(node.players, env):
            if node.unless is not None:
                inner = Env(player, env.context, env.source_id, dict(env.vars), env.definition, env.action_text)
                if self.game.ask_yes(f"{env.action_text}: {player}, {self.game.words_of(node.unless)} instead of "
                                     f"losing {amount} life?", self.can_do(node.unless, inner, True), "608.2d"):
                    before = len(self.state.events)
                    self.run(node.unless, inner)
                    if len(self.state.events) > before:
                        continue
            self.state.players[player].life -= amount
            self.game.emit(Event("life_lost", player), env)

    def sacrifice(self, node: ast.Sacrifice, env: Env) -> list[int]:
        """701.21a: the player chooses permanents they control of each quality and puts them into the graveyard."""
        items = node.items
        if node.any_one:
            legal = [(n, q) for n, q in items if self.permanents_you_control(ast.PermanentsYouControl(q), env)]
            if not legal:
                return []
            names = [self.describe_quality(q, env) for _, q in legal]
            name = names[0] if len(names) == 1 else self.game.ask(
                Choice("option", f"{env.action_text}: which to sacrifice", names, rule="701.21a"))
            items = (legal[names.index(name)],)
        chosen: list[int] = []
        for count, quality in items:
            options = [i for i in self.permanents_you_control(ast.PermanentsYouControl(quality), env)
                       if i not in chosen and not (node.other and i == env.source_id)]
            n = min(self.number(count, env), len(options))
            chosen += self.ask_objects(Choice("objects", f"{env.action_text}: sacrifice "
                                              f"{self.describe_quality(quality, env)}", options, n,
                                              rule="701.21a"))
        for i in chosen:
            self.game.move(i, "graveyard", env=env)
        return chosen

    # ------------------------------------------------------------ continuous effects
    def pump(self, node: ast.Pump, env: Env) -> list[int]:
        power, toughness = (int(x) for x in node.change.split("/"))
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            obj.modifiers = obj.modifiers + ((power, toughness, node.duration),)
        return ids

    def grant_keyword(self, node: ast.GrantKeyword, env: Env) -> list[int]:
        """The objects gain the keyword for the duration; a cost given as 'its mana cost' is that object's
        mana cost, fixed as the keyword is granted."""
        ids = self.objects(node.objects, env)
        if isinstance(node.ability, ast.TriggeredAbility):  # a whole ability in quotation marks
            for i in ids:
                obj = self.state.objects[i]
                obj.granted = obj.granted + ((node.ability, node.duration),)
            return ids
        for i in ids:
            obj = self.state.objects[i]
            args = []
            for slot, value in node.ability.args:
                if isinstance(value, ast.ManaCostOf):
                    cost = self.game.characteristics(i).mana_cost
                    value = "".join(f"{{{symbol}}}" for symbol in cost or ())
                if value is None:
                    raise self.refuse(f"'{node.ability.name}' is granted without its {slot}", env, node)
                args.append((slot, value))
            ability = ast.KeywordAbility(node.ability.name, tuple(args), span=node.ability.span)
            obj.granted = obj.granted + ((ability, node.duration),)
        return ids

    def cant_attack(self, node: ast.CantAttack, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            self.state.objects[i].designations.add("can't attack")
        return ids

    def cant_block(self, node: ast.CantBlock, env: Env) -> list[int]:
        what = "can't be blocked" if node.blocked else "can't block"
        if node.by is not None:
            what += f" by {self.describe_quality(node.by, env)}"
        ids = self.objects(node.objects, env)
        for i in ids:
            self.state.objects[i].designations.add(what)
        return ids

    # ------------------------------------------------------------ libraries and permissions
    def search(self, node: ast.Search, env: Env) -> list[int]:
        """701.23: find up to N cards of that quality in your library (a search may fail to find)."""
        library = self.state.players[env.player].zones["library"]
        options = [i for i in library
                   if self.chars_match(self.state.objects[i].card.front.characteristics(), node.quality, env)]
        count = self.number(node.count, env)
        found = self.game.ask(Choice("objects", f"{env.action_text}: search for {count} "
                                     f"{self.describe_quality(node.quality, env)}",
                                     options, count, True, "701.23a")) if options else []
        if node.bind:
            env.vars[node.bind] = found
        return found

    def may_play(self, node: ast.MayPlay, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            self.state.objects[i].playable_by = env.player
        return ids

    def cast_free(self, node: ast.CastFree, env: Env) -> list[int]:
        """'cast one of them without paying its mana cost' — cast now, during resolution (608.2g, 118.9).
        Only cards that can be cast are options (601.2: not a land, its targets can be chosen ...)."""
        options = [i for i in self.objects(node.objects, env)
                   if "land" not in {t.lower() for t in self.state.objects[i].card.front.types}
                   and self.game.try_out(lambda i=i: self.game.cast_now(env.player, i)) is None]
        count = min(self.number(node.count, env), len(options))
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: cast {count} without paying its mana cost",
                                         options, count, rule="118.9"))
        for i in chosen:
            self.game.cast_now(env.player, i)
        return chosen

    def put_from_among(self, node: ast.PutFromAmong, env: Env) -> list[int]:
        options = [i for i in self.objects(node.objects, env)
                   if self.chars_match(self.state.objects[i].card.front.characteristics(), node.quality, env)]
        count = min(self.number(node.count, env), len(options))
        chosen = self.ask_objects(Choice("objects", f"{env.action_text}: put "
                                         f"{self.describe_quality(node.quality, env)} onto the battlefield",
                                         options, count))
        for i in chosen:
            new = self.game.move(i, "battlefield", controller=env.player, env=env)
            new.counters[node.kind] = new.counters.get(node.kind, 0) + self.number(node.counters, env)
        return chosen

    def create_named_token(self, node: ast.CreateNamedToken, env: Env) -> list[int]:
        return [self.game.create_named_token(env, node.name, node).id]

    def add_types(self, node: ast.AddTypes, env: Env) -> list[int]:
        words = self.quality(node.quality, env).words
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            obj.added_subtypes = obj.added_subtypes + tuple(w for w in words if w not in obj.added_subtypes)
        return ids

    def designate(self, node: ast.Designate, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            if self.state.objects[i].zone == "battlefield":
                self.state.objects[i].designations.add(node.designation)
        return ids

    def skip_untap(self, node: ast.SkipUntap, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            if self.state.objects[i].zone == "battlefield":
                self.state.objects[i].skip_untap = True
        return ids

    def pay_keyword_cost(self, node: ast.PayKeywordCost, env: Env) -> None:
        for i in self.objects(node.objects, env):
            ability = self.keyword_of(i, node.keyword, node.objects)
            if ability is None:
                raise self.refuse(f"{self.game.name_of(i)} has no {node.keyword} cost", env, node)
            cost = dict(ability.args).get("cost") or ""
            lines = self.state.objects[i].card.front.abilities + self.game.characteristics(i).abilities
            self._pay(parse_cost(str(cost)), env, node,
                      total_changes(self, [(c, env) for c in keyword_changes(lines, ability)]))  # 601.2f

    def draw(self, node: ast.Draw, env: Env) -> list[int]:
        drawn = []
        for _ in range(self.number(node.count, env)):
            library = self.state.players[env.player].zones["library"]
            if not library:
                break  # 121.4: drawing from an empty library draws nothing
            drawn.append(library[0])
            new = self.game.move(library[0], "hand")
            self.game.emit(Event("drew", env.player, new.card_name, new.id), env)
        return drawn

    def mill(self, node: ast.Mill, env: Env) -> list[int]:
        milled = list(self.state.players[env.player].zones["library"][: self.number(node.count, env)])
        for card_id in milled:
            new = self.game.move(card_id, "graveyard")
            self.game.emit(Event("milled", env.player, new.card_name, new.id), env)
        return milled

    def shuffle(self, node: ast.Shuffle, env: Env) -> None:
        self.state.rng.shuffle(self.state.players[env.player].zones["library"])
        self.game.emit(Event("shuffled", env.player), env)

    def put_counters(self, node: ast.PutCounters, env: Env) -> list[int]:
        amount = self.number(node.count, env)
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:  # 122.1: counters go on permanents
            obj = self.state.objects[i]
            if amount > 0:
                obj.counters[node.kind] = obj.counters.get(node.kind, 0) + amount
                self.game.emit(Event("counter_added", obj.controller, obj.card_name, obj.id), env)
        return ids

    def put_into_zone(self, node: ast.PutIntoZone, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            self.game.move(i, node.zone, face_down=node.face_down_as, env=env)  # 400.3: owner's zone
        return ids

    def put_onto_battlefield(self, node: ast.PutOntoBattlefield, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:  # one at a time (701.40e)
            if node.face_down_as and self.state.objects[i].face_down:
                continue  # 708.2b: a face-down object can't be turned face down
            new = self.game.move(i, "battlefield", controller=env.player, face_down=node.face_down_as, env=env)
            if node.with_ability is not None:
                new.extra_abilities = (node.with_ability,)
            if node.tapped:  # 110.5b: it enters tapped
                new.tapped = True
        return ids

    def look(self, node: ast.Look, env: Env) -> list[int]:
        found = self.objects(node.objects, env)
        if node.bind:
            env.vars[node.bind] = found
        return found

    def choose(self, node: ast.Choose, env: Env) -> list[int]:
        options = self.objects(node.objects, env)
        count = self.number(node.count, env)
        if not node.up_to and len(options) < count and not node.if_able:
            have = "none" if not options else f"only {len(options)}"
            raise self.refuse(f"needs {count} of {self.describe(node.objects, env)}, and there {'is' if len(options) == 1 else 'are'} {have}",
                              env, node)
        choice = Choice("objects", f"{env.action_text or 'a choice'}: choose {'up to ' if node.up_to else ''}{count} "
                        f"of {self.describe(node.objects, env)}", options, count, node.up_to, env.rule)
        chosen = self.ask_objects(choice)
        if node.bind:
            env.vars[node.bind] = chosen
        return chosen

    def reveal(self, node: ast.Reveal, env: Env) -> list[int]:
        found = self.objects(node.objects, env)
        for i in found:
            obj = self.state.objects[i]
            if obj.zone in ("hand", "library", "sideboard") or obj.face_down:  # only hidden objects are revealed
                self.state.reveal(obj, env.context.id)
                self.game.emit(Event("revealed", obj.owner, obj.card_name, obj.id), env)
        if node.bind:
            env.vars[node.bind] = found
        return found

    def turn_face_up(self, node: ast.TurnFaceUp, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            if not obj.face_down:
                continue
            printed = obj.card.front.characteristics()
            if not {t.lower() for t in printed.types} & PERMANENT_TYPES:
                # 701.40g: a face-down instant or sorcery is revealed and stays face down.
                self.state.reveal(obj, env.context.id)
                self.game.emit(Event("revealed", obj.owner, obj.card_name, obj.id), env)
                continue
            obj.face_down = None
            obj.face_down_at = None
            obj.extra_abilities = ()
            self.game.emit(Event("turned_face_up", obj.controller, obj.card_name, obj.id), env)
        return ids

    def pay_mana(self, node: ast.PayMana, env: Env) -> None:
        self._pay(parse_cost(node.cost), env, node)

    def pay_mana_cost_of(self, node: ast.PayManaCostOf, env: Env) -> None:
        for chars in self.printed_or_current(node.objects, env):  # 107.3h: its X is 0
            self._pay(tuple(s for s in chars.mana_cost or () if s != "X"), env, node)

    def _pay(self, cost: tuple[str, ...], env: Env, node: ast.Node, changes: CostChanges = NO_CHANGES) -> None:
        """A step pays a mana cost the way casting does (hybrid, Phyrexian, X: 118.13b-c; its changes,
        601.2f); a cost that can't be paid is refused at the step, citing the definition it belongs to."""
        try:
            self.game.pay_announced(cost, env, changes, env.rule or "601.2h")
        except MtgError as exc:
            d = exc.diagnostic
            if d.code != "E401" or d.span is not None:
                raise
            raise error(d.code, d.message, node.span, d.rule, d.help) from None

    def require(self, node: ast.Require, env: Env) -> None:
        if not self.holds(node.condition, env):
            raise self.refuse(f"requires that {self.fill(node.text, env)}", env, node, node.rule)

    def fill(self, text: str, env: Env) -> str:
        """A step's wording with its slot values written in."""
        for name, value in env.vars.items():
            if isinstance(value, list):
                words = ", ".join(self.game.name_of(i) for i in value) or "nothing"
            elif isinstance(value, ast.Quality):
                words = " ".join(value.words)
            else:
                words = str(value)
            text = text.replace(f"{{{name}}}", words)
        return text

    def record_event(self, node: ast.RecordEvent, env: Env) -> list[int] | None:
        """An event for each object is what a keyword action is about: kept as '_recorded' (see _acted_on)."""
        if node.objects is None:
            self.game.emit(Event(node.name, env.player), env)
            return None
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            self.game.emit(Event(node.name, env.player, obj.card_name, obj.id, self.game.characteristics(i)), env)
        env.vars["_recorded"] = ids
        return ids

    def keyword_action(self, node: ast.KeywordAction, env: Env) -> list[int] | None:
        """Run a keyword action's definition with its slots bound (701.1); returns what it acted on.

        Its event (if it declares one) happens once the steps are done, even if
        some were impossible; it is about the subject ('{permanent} scouts')
        or else the source, and the player who did it.
        """
        definition, inner = self.bind(node, env)
        slots = [p for p in definition.pattern.parts if isinstance(p, ast.Slot)]
        subject = inner.vars.get(slots[0].name) if slots and definition.pattern.parts[0] == slots[0] else None
        about = subject[0] if isinstance(subject, list) and subject else env.source_id
        known = self.game.last_known(about)  # it may have left: last known information (701.44c)
        with self._inside(definition, env):
            self.run(definition.steps, inner)
        env.target_index = inner.target_index
        if definition.event:
            self.game.emit(Event(definition.event, known[2] or env.player, known[0], about, known[1]), env)
        acted_on = self._acted_on(inner, subject)
        if isinstance(subject, list) or "_recorded" in inner.vars:
            env.vars["_recorded"] = acted_on
        return acted_on

    @staticmethod
    def _acted_on(inner: Env, subject: object) -> list[int] | None:
        """What 'it' / 'that creature' means after a keyword action (608.2c): its subject ('target creature
        <action>s'), else the objects it last recorded an event for, in its own steps or in an action they
        use (an action that puts a card onto the battlefield, then others into a graveyard, is about the
        permanent), else what its last step acted on."""
        if isinstance(subject, list):
            return subject
        return inner.vars.get("_recorded", inner.vars.get("_it"))

    @contextlib.contextmanager
    def _inside(self, definition: ast.Definition, env: Env) -> Iterator[None]:
        """One level deeper into keyword actions, on every path into a definition (running it, announcing
        its targets, trying it out); a definition that loops stops at MAX_DEPTH, or where Python's own
        stack ends first (each level of 'you may' and 'A or B' nests a trial run), named."""
        if self._depth >= MAX_DEPTH:
            raise self._loops(definition, env, f"more than {MAX_DEPTH} deep")
        self._depth += 1
        try:
            yield
        except RecursionError:
            raise self._loops(definition, env, "deeper than the interpreter can follow") from None
        finally:
            self._depth -= 1

    def _loops(self, definition: ast.Definition, env: Env, how: str) -> Loops:
        return Loops(self.refuse(f"'{definition.name}' uses keyword actions {how}: its definition loops", env,
                                 definition, definition.rule).diagnostic)

    def bind(self, node: ast.KeywordAction, env: Env, announcing: bool = False) -> tuple[ast.Definition, Env]:
        """The definition of a keyword action and an environment with its slots bound.

        While targets are announced (601.2c), an object slot is bound only when it is a target: its
        other words ('a card from your hand') are chosen as the effect resolves (608.2c), so they
        announce their targets, if any, and stay unknown.
        """
        definition = self.game.rulebook.keyword_actions[node.name]
        if definition.excluded:
            raise self.refuse(f"'{definition.name}' is not part of these rules", env, node, definition.rule)
        given = dict(node.args)
        defaults = dict(definition.defaults)
        values = {}
        for slot in (p for p in definition.pattern.parts if isinstance(p, ast.Slot)):
            value = given.get(slot.name)
            if announcing and value is not None and slot.type not in VALUE_SLOTS and not isinstance(
                    value, (ast.Target, ast.UpToTargets)):
                self.announce_targets(value, env)
                values[slot.name] = NOT_YET
                continue
            values[slot.name] = self.slot_value(slot, defaults.get(slot.name) if value is None else value, env)
        return definition, Env(env.player, env.context, env.source_id, values, definition,
                               env.action_text or self.game.action_words(node, env), env.target_index)

    def announce_targets(self, node: ast.Node, env: Env) -> None:
        """601.2c, 603.3d: choose every target the effect will need, in the order the text names them,
        inside the definitions it uses too (not those of abilities it only creates or grants).

        Conditions are read now to know which branch will need targets; a branch
        that depends on something not yet known announces none.
        """
        if isinstance(node, ast.Conditional):
            try:
                branch = node.effect if self.holds(node.condition, env) else node.otherwise
            except MtgError:
                return
            if branch is not None:
                self.announce_targets(branch, env)
        elif isinstance(node, ast.Modal):  # only the chosen modes' targets (700.2c)
            chosen = env.vars.get("_modes", env.context.vars.get("_modes"))
            for index in sorted(chosen if chosen is not None else range(len(node.modes))):
                self.announce_targets(node.modes[index], env)
        elif isinstance(node, ast.WhereX):  # 107.3c: the value its text defines, for the targets too
            self._define_x(node, env)
            self.announce_targets(node.effect, env)
        elif isinstance(node, ast.KeywordAction):
            definition, inner = self.bind(node, env, announcing=True)
            if definition.steps is not None:
                with self._inside(definition, env):
                    self.announce_targets(definition.steps, inner)
            env.target_index = inner.target_index
        elif isinstance(node, (ast.Target, ast.UpToTargets)):
            self.objects(node, env)
        elif isinstance(node, ast.AnyTarget):
            self.any_target(node, env)
        elif isinstance(node, ast.Players):
            if node.who in ("target player", "target opponent"):
                self.target_players(node, env)
        elif not isinstance(node, LATER_ABILITIES):
            for child in ast.children(node):
                self.announce_targets(child, env)

    def slot_value(self, slot: ast.Slot, value: object, env: Env) -> object:
        if value is None:
            return 1 if slot.type == "number" else None
        if slot.type == "number":
            return self.number(value, env)
        if slot.type in ("quality", "subtype"):
            return self.quality(value, env)
        if slot.type == "name":
            return self.name(value, env)
        return self.objects(value, env)


def keyword_abilities(abilities: tuple) -> list[ast.KeywordAbility]:
    """The keyword abilities among abilities (a line may hold several: 'Flying, lifelink')."""
    out = []
    for ability in abilities:
        for item in ability.abilities if isinstance(ability, ast.KeywordAbilities) else (ability,):
            if isinstance(item, ast.KeywordAbility):
                out.append(item)
    return out


def keyword_ability(abilities: tuple, name: str) -> ast.KeywordAbility | None:
    """The keyword ability of that name among abilities, if any."""
    return next((a for a in keyword_abilities(abilities) if a.name == name), None)
