"""Whether an event triggers an ability (603.2): one matcher per trigger kind."""
from __future__ import annotations

from ...language import ast
from ..events import PAIRED, TRIGGER_EVENTS, Event
from ..state import Context, GameObject
from .base import Env, executes, keyword_ability

#: The step a 'beginning of' trigger's words name (501-514; 505.1: the first main phase is the precombat one).
TRIGGER_STEPS = {"upkeep": "upkeep", "draw step": "draw", "precombat main phase": "main", "first main phase": "main",
                 "combat": "beginning of combat", "postcombat main phase": "postcombat main",
                 "second main phase": "postcombat main", "end step": "end", "cleanup step": "cleanup",
                 "end of combat": "end of combat"}

#: The game event of each player event a trigger names ('whenever you discard a card').
PLAYER_EVENTS = {"discard": "discarded", "gain life": "life_gained", "dealt damage": "damage_dealt"}


class TriggerSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.EntersTrigger)
    def enters_trigger(self, node: ast.EntersTrigger, event: Event, source: GameObject) -> bool:
        return event.name == "entered" and event.object_id == source.id

    @executes(ast.TurnedFaceUpTrigger)
    def turned_face_up_trigger(self, node: ast.TurnedFaceUpTrigger, event: Event, source: GameObject) -> bool:
        return event.name == "turned_face_up" and event.object_id == source.id

    @executes(ast.BecomesTargetTrigger)
    def becomes_target_trigger(self, node: ast.BecomesTargetTrigger, event: Event, source: GameObject) -> bool:
        return (event.name == "became_target" and event.object_id == source.id
                and (not node.by_opponent or event.player != source.controller))

    def _action_event(self, action: ast.KeywordAction, event: Event) -> bool:
        definition = self.game.rulebook.keyword_actions.get(action.name)
        return definition is not None and definition.event == event.name

    @executes(ast.YouActionTrigger)
    def you_action_trigger(self, node: ast.YouActionTrigger, event: Event, source: GameObject) -> bool:
        if not self._action_event(node.action, event) or event.player != source.controller:
            return False
        if node.objects is None:
            return True
        return event.seen is not None and self.chars_match(event.seen, node.objects, self._trigger_env(source))

    @executes(ast.SubjectActionTrigger)
    def subject_action_trigger(self, node: ast.SubjectActionTrigger, event: Event, source: GameObject) -> bool:
        """'Whenever a creature you control <action>s' (what the action revealed isn't in its event yet: runs.py)."""
        if not self._action_event(node.action, event):
            return False
        if isinstance(node.subject, ast.Self):
            return event.object_id == source.id
        return self._subject_matches(node.subject, event, source)

    def _subject_matches(self, subject: ast.Subject, event: Event, source: GameObject,
                         about: int | None = None) -> bool:
        """Whether the event's object (or `about`, the permanent dealt damage) is the trigger's subject (its
        characteristics as the event saw them)."""
        object_id = event.object_id if about is None else about
        if isinstance(subject, ast.Self):
            return object_id == source.id
        if isinstance(subject, ast.AttachedSubject):  # 301.5, 303.4: what the source is (or was, 603.10a) attached to
            return object_id == source.attached_to and self._seen_is(subject.quality, event, source, about)
        if object_id == source.id:
            if subject.or_self:
                return True
            if subject.other:
                return False
        if not self._seen_is(subject.quality, event, source, about):
            return False
        controller = event.controller or event.player if about is None else self.game.last_known(about).controller
        if subject.controller == "you":
            return controller == source.controller
        if subject.controller == "an opponent":
            return controller is not None and controller != source.controller
        return True

    def _seen_is(self, quality: ast.QualityExpr, event: Event, source: GameObject, about: int | None = None) -> bool:
        """Whether the event's object had the quality as the event saw it (or has it now, if it didn't say); or
        `about`, as it is now or last existed (608.2h)."""
        if about is not None:
            seen = self.game.known_characteristics(about)
        else:
            seen = event.seen
            if seen is None and event.object_id in self.state.objects:
                seen = self.game.characteristics(event.object_id)
        return seen is not None and self.chars_match(seen, quality, self._trigger_env(source))

    def trigger_about(self, trigger: ast.Trigger, event: Event, source: GameObject) -> int | None:
        """The object a trigger's event is about, which its effect's 'it' means (603.2, 608.2c): the permanent
        dealt damage for 'is dealt damage', the other creature for 'blocks a creature' and 'becomes blocked by a
        creature' ('that creature'), else the event's object (what entered, died, dealt damage)."""
        if isinstance(trigger, ast.EitherTrigger):
            trigger = next((t for t in trigger.triggers if self.triggered_by(t, event, source)), trigger)
        if isinstance(trigger, ast.SubjectTrigger) and trigger.event == "is dealt damage":
            return event.recipient
        if isinstance(trigger, ast.SubjectTrigger) and trigger.event in PAIRED:  # 'that creature': the other one
            return event.other
        return event.object_id

    @executes(ast.SubjectTrigger)
    def subject_trigger(self, node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """Entering, becoming tapped or untapped and dealing damage are seen in the game's events (what else a
        trigger names isn't detected yet: runs.py)."""
        if node.event == "deals damage" and node.recipient is None:  # to anything: all it dealt at once, once
            if event.name != "source_dealt_damage":
                return False
        elif TRIGGER_EVENTS[node.event] != event.name:
            return False
        if node.under_your_control and event.player != source.controller:
            return False
        if node.under_opponents_control and event.player == source.controller:
            return False
        if node.event == "put into a graveyard" and not self._into_graveyard(node, event):
            return False
        if node.owner is not None and (self.game.owner_of(event.object_id) == source.controller) != (node.owner == "you"):
            return False
        if node.event == "deals damage" and not self._dealt_to(node, event, source):
            return False
        if node.event == "is dealt damage":  # the subject is the permanent dealt damage (120.3)
            return (event.recipient is not None and node.combat <= event.combat
                    and self._subject_matches(node.subject, event, source, event.recipient))
        if node.event in PAIRED and not self._seen_is(node.recipient, event, source, event.other):
            return False       # 509.3b, 509.3d: the creature it blocks, or that blocks it, has the quality
        if node.event == "attacks alone" and not self._alone(event):
            return False
        if node.event == "attacks the player with the most life" and not self._attacks_most_life(event):
            return False
        if node.event == "attacks with" and not self._attacks_with(node, event, source):
            return False
        return self._subject_matches(node.subject, event, source)

    def would_happen(self, node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """614.1a: whether an event about to happen is the one a replacement effect names: dying (700.4), or being
        put into a graveyard (whose, 404.1; from the zone it names, or anywhere). `event` is what the event would
        be, its object still where it is (`zone`)."""
        if node.event == "dies":
            if event.zone != "battlefield":
                return False
        elif node.event != "put into a graveyard" or node.from_zone not in (None, event.zone):
            return False
        if node.owner is not None and (self.game.owner_of(event.object_id) == source.controller) != (node.owner == "you"):
            return False
        return self._noun_holds(node.subject, event.object_id) and self._subject_matches(node.subject, event, source)

    def is_subject(self, subject: ast.Subject, object_id: int, source: GameObject) -> bool:
        """Whether the object, as it is or last existed (608.2h), is one the subject names as a trigger would
        ('a creature an opponent controls', '~', 'enchanted creature'); 'a spell' is one on the stack (109.2b)."""
        known = self.game.last_known(object_id)
        if not self._noun_holds(subject, object_id):
            return False
        event = Event("", known.controller, known.name, object_id, known.characteristics, controller=known.controller)
        return self._subject_matches(subject, event, source)

    def _noun_holds(self, subject: ast.Subject, object_id: int) -> bool:
        """What a subject's noun says of the object itself: 'a spell' is on the stack (109.2b), 'a card' isn't a
        token (108.2b)."""
        quality = getattr(subject, "quality", None)
        words = {str(w).lower() for w in quality.words} if isinstance(quality, ast.Quality) else set()
        obj = self.state.objects.get(object_id)
        if "spell" in words and (obj is None or obj.zone != "stack"):
            return False
        return not ("card" in words and obj is not None and obj.is_token)

    def _into_graveyard(self, node: ast.SubjectTrigger, event: Event) -> bool:
        """The object moved into a graveyard (from the zone the trigger names, or from anywhere)."""
        moved = self.state.objects.get(event.object_id)
        return moved is not None and moved.zone == "graveyard" and node.from_zone in (None, event.zone)

    @staticmethod
    def _dealt_to(node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """Whether the damage went where the trigger says: 'a player', 'an opponent' (of the ability's
        controller), 'you'; anything, when it doesn't say; 'combat damage' only combat damage (510.2)."""
        if node.combat and not event.combat:
            return False
        if node.recipient is None:
            return True
        if event.player is None:
            return False
        if node.recipient == "you":
            return event.player == source.controller
        return node.recipient == "a player" or (node.recipient == "an opponent" and event.player != source.controller)

    def _alone(self, event: Event) -> bool:
        """506.5: the creature was the only one declared as an attacker: the only 'attacked' event of its
        declare attackers step."""
        events = self.state.events
        index = next(n for n in range(len(events) - 1, -1, -1) if events[n] is event)
        start = next((n for n in range(index, -1, -1) if events[n].name == "step_began"), 0)
        end = next((n for n in range(index, len(events)) if events[n].name == "step_began"), len(events))
        return sum(e.name == "attacked" for e in events[start:end]) == 1

    def _attacks_most_life(self, event: Event) -> bool:
        """The creature attacks a player whose life total is the greatest of the players in the game, or tied."""
        obj = self.state.objects.get(event.object_id)
        attacked = obj.attacking if obj is not None else None
        lives = [p.life for p in self.state.players.values() if not p.lost]
        return isinstance(attacked, str) and self.state.players[attacked].life == max(lives)

    def _attacks_with(self, node: ast.SubjectTrigger, event: Event, source: GameObject) -> bool:
        """Another creature attacking with it has the quality ('with greater power', read against the source)."""
        if event.object_id != source.id:
            return False
        env = Env(source.controller, Context(0, source.controller, source.id), source.id)
        return any(i != source.id and self.state.objects[i].attacking is not None
                   and self.chars_match(self.game.characteristics(i), node.recipient, env, self.state.objects[i])
                   for i in self.state.battlefield)

    @executes(ast.BlocksSelfTrigger)
    def blocks_self_trigger(self, node: ast.BlocksSelfTrigger, event: Event, source: GameObject) -> bool:
        """509.1: a creature of the quality without the keyword blocks the source."""
        blocker = self.state.objects.get(event.object_id)
        if event.name != "blocked" or blocker is None or source.id not in blocker.blocking:
            return False
        chars = self.game.characteristics(blocker.id)
        return (keyword_ability(chars.abilities, node.without) is None
                and self.chars_match(chars, node.quality, self._trigger_env(source), blocker))

    @executes(ast.YouAttackTrigger)
    def you_attack_trigger(self, node: ast.YouAttackTrigger, event: Event, source: GameObject) -> bool:
        """508.3a: 'whenever you attack': its controller declared one or more attackers."""
        return event.name == "attackers_declared" and event.player == source.controller

    @executes(ast.EitherTrigger)
    def either_trigger(self, node: ast.EitherTrigger, event: Event, source: GameObject) -> bool:
        return any(self.triggered_by(t, event, source) for t in node.triggers)

    @executes(ast.CastTrigger)
    def cast_trigger(self, node: ast.CastTrigger, event: Event, source: GameObject) -> bool:
        """601.2i: a spell becomes cast. 'When you cast this spell' is the spell's own (it is on the stack)."""
        if event.name != "cast":
            return False
        if node.self_:
            return event.object_id == source.id
        if not self._player_is(node.caster, event.player, source.controller):
            return False
        if node.from_zone is not None and (event.zone == "hand" if node.from_zone == "not hand"
                                           else event.zone != node.from_zone):
            return False
        if node.during is not None and (node.during == "your") != (self.state.active == source.controller):
            return False
        if node.other and event.object_id == source.id:
            return False
        if node.nth is not None and self._spells_cast_this_turn(event) != node.nth:
            return False
        if node.targets_source and not any(source.id in group.chosen for item in self.state.stack
                                           if item.object_id == event.object_id for group in item.context.targets):
            return False
        return event.object_id in self.state.objects and self.matches(event.object_id, node.quality,
                                                                      self._trigger_env(source))

    def _spells_cast_this_turn(self, event: Event) -> int:
        """How many spells the event's player has cast this turn, up to and including the event's (500.1)."""
        count, seen = 0, False
        for earlier in reversed(self.state.events):
            if earlier.name == "turn_began":
                break
            seen = seen or earlier is event
            count += seen and earlier.name == "cast" and earlier.player == event.player
        return count

    @executes(ast.SacrificeTrigger)
    def sacrifice_trigger(self, node: ast.SacrificeTrigger, event: Event, source: GameObject) -> bool:
        """701.21a: the ability's controller sacrificed a permanent of the subject (seen as it was sacrificed)."""
        return (event.name == "sacrificed" and event.player == source.controller
                and self._subject_matches(node.subject, event, source))

    @executes(ast.PlayerEventTrigger)
    def player_event_trigger(self, node: ast.PlayerEventTrigger, event: Event, source: GameObject) -> bool:
        """'Whenever you discard a card' reads the discarded card as it is in the graveyard now."""
        wanted = PLAYER_EVENTS[node.event]
        if event.name != wanted or not self._player_is(node.who, event.player, source.controller):
            return False
        if node.objects is None or event.object_id is None:
            return node.objects is None
        return event.object_id in self.state.objects and self.matches(event.object_id, node.objects,
                                                                      self._trigger_env(source))

    @staticmethod
    def _player_is(who: str, player: str | None, controller: str) -> bool:
        """Whether the event's player is the one the trigger names, read by the ability's controller."""
        if player is None:
            return False
        return who == "a player" or (player == controller) == (who == "you")

    @executes(ast.ChapterTrigger)
    def chapter_trigger(self, node: ast.ChapterTrigger, event: Event, source: GameObject) -> int:
        """714.2b: one or more lore counters were put on this Saga and their number went from less than N to at
        least N; once for each of the ability's numbers that one event reaches (714.2c)."""
        if event.name != "counter_added" or event.kind != "lore" or event.object_id != source.id:
            return 0
        return sum(event.count - event.amount < n <= event.count for n in node.chapters)

    @executes(ast.PhaseTrigger)
    def phase_trigger(self, node: ast.PhaseTrigger, event: Event, source: GameObject) -> bool:
        return self.step_begins(node, event, source.controller)

    def step_begins(self, node: ast.PhaseTrigger, event: Event, controller: str, since_turn: int = 0) -> bool:
        """603.2b: an 'at the beginning of' ability triggers as its step begins: on each turn ('each',
        'each player's', and the delayed 'the next'), the controller's turn ('your', 'your next'), an opponent's
        ('each opponent's'), or a turn after `since_turn` ('the next turn's')."""
        if event.name != "step_began" or event.step != TRIGGER_STEPS.get(node.step):
            return False
        if node.whose in ("your", "your next"):
            return event.player == controller
        if node.whose == "each opponent's":
            return event.player != controller
        if node.whose == "the next turn's":
            return self.state.turn > since_turn
        return True

    @staticmethod
    def _trigger_env(source: GameObject) -> Env:
        """What a trigger's words are read with: its source's controller as 'you', and its source (what it chose
        as it entered, 607.2d)."""
        return Env(source.controller, Context(0, source.controller, source.id), source.id)


#: The game event each kind of trigger is seen in, where it is always the same (its matcher above asks it first).
_EVENT_OF_KIND = {ast.EntersTrigger: "entered", ast.TurnedFaceUpTrigger: "turned_face_up",
                  ast.BecomesTargetTrigger: "became_target", ast.BlocksSelfTrigger: "blocked",
                  ast.YouAttackTrigger: "attackers_declared", ast.CastTrigger: "cast", ast.SacrificeTrigger: "sacrificed",
                  ast.ChapterTrigger: "counter_added", ast.PhaseTrigger: "step_began"}


def trigger_events(trigger: ast.Node, rulebook) -> frozenset[str] | None:
    """The names of the game events that may trigger it (603.2), as its matcher reads them; None: any event may
    (a kind not listed here is asked of every event)."""
    kind = type(trigger)
    if kind in _EVENT_OF_KIND:
        return frozenset({_EVENT_OF_KIND[kind]})
    if kind is ast.EitherTrigger:
        parts = [trigger_events(t, rulebook) for t in trigger.triggers]
        return None if None in parts else frozenset().union(*parts)
    if kind in (ast.YouActionTrigger, ast.SubjectActionTrigger):
        definition = rulebook.keyword_actions.get(trigger.action.name)
        return frozenset({definition.event}) if definition is not None else frozenset()
    if kind is ast.PlayerEventTrigger:
        return frozenset({PLAYER_EVENTS[trigger.event]})
    if kind is ast.SubjectTrigger:
        if trigger.event == "deals damage" and trigger.recipient is None:
            return frozenset({"source_dealt_damage"})
        return frozenset({TRIGGER_EVENTS[trigger.event]}) if trigger.event in TRIGGER_EVENTS else None
    return None
