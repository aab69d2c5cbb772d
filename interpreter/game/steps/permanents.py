"""Changing permanents: tap, attach, counters, tokens and copies, becoming, getting and gaining, turning face up,
sacrificing (110, 111, 122, 701). Damage and destruction are in damage.py.
"""
from __future__ import annotations

from ...language import ast
from ..choices import Choice
from ..events import Event
from ..mana import COLOR_LETTERS
from ..state import TypeChange
from .base import PERMANENT_TYPES, Env, executes


#: What can be attached to another object or a player (701.3a).
ATTACHABLE = frozenset({"Aura", "Equipment", "Fortification"})


class PermanentSteps:
    """The executors of this family; `Steps` (base.py) gives them the game and the dispatch."""

    @executes(ast.PutCombined)
    def put_combined(self, node: ast.PutCombined, env: Env) -> list[int]:
        return [self.game.put_combined(env, self.objects(node.objects, env), self.name(node.name, env), node).id]

    @executes(ast.Becomes)
    def becomes(self, node: ast.Becomes, env: Env) -> list[int]:
        """205.1a: it gains the subtypes and the ability, for as long as it stays this object (611.2c)."""
        words = self.quality(node.quality, env).words
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            obj.added_subtypes = obj.added_subtypes + tuple(w for w in words if w not in obj.added_subtypes)
            self.state.grant(obj, (node.ability,), None)  # no duration: as long as it is this object
        return ids

    @executes(ast.Attach)
    def attach(self, node: ast.Attach, env: Env) -> list[int]:
        """701.3a: the Aura, Equipment or Fortification becomes attached to the object, with a new timestamp
        (701.3c); with nothing to attach to, nothing happens (and an unattached Aura goes to the graveyard,
        704.5m). An object of none of those subtypes doesn't move, nor does one already attached there, nor onto
        what a static ability says it can't be attached to (701.3b, 702.16c-d). What it acted on is the Aura or
        Equipment (lint reports an 'it' after it: E220)."""
        targets = [i for i in self.objects(node.to, env) if self.state.objects[i].zone == "battlefield"]
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            chars = self.game.characteristics(i)
            if not targets or obj.zone != "battlefield" or obj.attached_to == targets[0] \
                    or not ATTACHABLE & set(chars.subtypes) \
                    or self.game.limited(targets[0], ast.CantBeAttachedBy, chars):
                continue
            self.game.attach(obj, targets[0])
        return ids

    @executes(ast.Tap)
    def tap(self, node: ast.Tap, env: Env) -> list[int]:
        """701.26: tap (or untap) permanents; one already so isn't tapped (untapped) again. 'Tap or untap': the
        player chooses which for each."""
        ids = self.objects(node.objects, env)
        for i in ids:
            obj = self.state.objects[i]
            untap = node.untap if not node.either or obj.zone != "battlefield" else self.game.ask(Choice(
                "option", f"{env.action_text}: tap or untap {obj.card_name}", ["tap", "untap"], rule="701.26")) == "untap"
            if obj.zone == "battlefield" and obj.tapped == untap:
                obj.tapped = not untap
                self.game.emit(Event("untapped" if untap else "tapped", obj.controller, obj.card_name, obj.id), env)
        return ids

    @executes(ast.CreateToken)
    def create_token(self, node: ast.CreateToken, env: Env) -> list[int]:
        words = self.quality(node.quality, env).words
        abilities = (node.with_ability,) if node.with_ability is not None else ()
        supertypes = ("Legendary",) if node.legendary else ()
        power, toughness = self.number(node.power, env), self.number(node.toughness, env)
        ids = [self.game.create_token(env, words, node.colors, power, toughness, abilities, node.name, supertypes).id
               for _ in range(self.number(node.count, env))]
        for i in ids:
            self.state.objects[i].tapped = self.state.objects[i].tapped or node.tapped
        if node.attacking:
            self.game.enter_attacking(ids, env.player)
        return ids

    @executes(ast.CreateCopy)
    def create_copy(self, node: ast.CreateCopy, env: Env) -> list[int]:
        """707.2: a token copy of each object; of one that has left the battlefield since an earlier step
        acted on it, as it last existed there (608.2h: face down, a nameless 2/2)."""
        return [self.game.create_copy_token(env, i).id for i in self.as_acted_on(node.objects, env)]

    @executes(ast.Sacrifice)
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
            self.game.sacrifice(i, env)
        return chosen

    @executes(ast.Pump)
    def pump(self, node: ast.Pump, env: Env) -> list[int]:
        times = 1 if node.times is None else self.number(node.times, env)   # '... for each ...' (107.3)
        power, toughness = (self.signed(part, env, node) * times for part in node.change.split("/"))
        ids = self.objects(node.objects, env)
        until = self.game.until(node.duration, env)
        if not self.game.still_lasting(until):   # 611.2b: its duration is over before it begins
            return []
        for i in ids:
            obj = self.state.objects[i]
            obj.modifiers = obj.modifiers + ((power, toughness, until),)
        return ids

    def signed(self, part: str, env: Env, node: ast.Node, x: ast.Number | None = None) -> int:
        """'+2', '-1', '+X' (107.3: X as `x` says, '..., where X is ...', else the X chosen), or '+{n}' with a
        number slot's value (a keyword ability's 'Bushido 2')."""
        if part[1:].upper() == "X":
            value = self.number(x if x is not None else ast.XValue(span=node.span), env)
            return -value if part[0] == "-" else value
        if "{" not in part:
            return int(part)
        value = self.number(ast.Var(part[2:-1], span=node.span), env)
        return -value if part[0] == "-" else value

    @executes(ast.GrantKeyword)
    def grant_keyword(self, node: ast.GrantKeyword, env: Env) -> list[int]:
        """The objects gain the keyword for the duration; a cost given as 'its mana cost' is that object's
        mana cost, fixed as the keyword is granted."""
        ids = self.objects(node.objects, env)
        until = self.game.until(node.duration, env)
        if not self.game.still_lasting(until):   # 611.2b
            return []
        if isinstance(node.ability, (ast.TriggeredAbility, ast.ActivatedAbility)):  # a whole ability in quotes
            for i in ids:
                self.state.grant(self.state.objects[i], (node.ability,), until)
            return ids
        granted = self.with_chosen_values(node.ability, env)
        for i in ids:
            obj = self.state.objects[i]
            args = []
            for slot, value in granted.args:
                if isinstance(value, ast.ManaCostOf):
                    cost = self.game.characteristics(i).mana_cost
                    value = "".join(f"{{{symbol}}}" for symbol in cost or ())
                if value is None:
                    raise self.refuse(f"'{node.ability.name}' is granted without its {slot}", env, node)
                args.append((slot, value))
            ability = ast.KeywordAbility(node.ability.name, tuple(args), span=node.ability.span)
            self.state.grant(obj, (ability,), until)
        return ids

    @executes(ast.LoseAbilities)
    def lose_abilities(self, node: ast.LoseAbilities, env: Env) -> list[int]:
        """613.1f, 611.2a: the objects lose the abilities for the duration; what they gain later keeps (613.7b:
        the loss applies in timestamp order among the other effects of layer 6, continuous.py)."""
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        until = self.game.until(node.duration, env)
        if not self.game.still_lasting(until):   # 611.2b
            return []
        for i in ids:
            self.state.grant(self.state.objects[i], (node,), until)
        return ids

    @executes(ast.CantAttack)
    def cant_attack(self, node: ast.CantAttack, env: Env) -> list[int]:
        return self._designate_for(self.objects(node.objects, env), "can't attack", node.duration, env)

    @executes(ast.CantBlock)
    def cant_block(self, node: ast.CantBlock, env: Env) -> list[int]:
        what = "can't be blocked" if node.blocked else "can't block"
        if node.by is not None:
            what += f" by {self.describe_quality(node.by, env)}"
        return self._designate_for(self.objects(node.objects, env), what, node.duration, env)

    @executes(ast.CantAttackOrBlock)
    def cant_attack_or_block_for_good(self, node: ast.CantAttackOrBlock, env: Env) -> list[int]:
        """'Target creature can't block.' resolved with no duration: it lasts until the game ends (611.2a). The
        forms only a static ability reads ('alone', 'as long as', 'unless') are refused here."""
        if node.alone or node.condition is not None or node.block is None:
            raise self.not_run("a restriction on attacking or blocking with a condition, resolved with no duration, "
                               "isn't run by the interpreter yet", "611.2a", env, node)
        kind = ast.CantBlock if node.block else ast.CantAttack
        return self.run(kind(node.objects, None, span=node.span), env)

    @executes(ast.BlockRestriction)
    def block_restriction_for_good(self, node: ast.BlockRestriction, env: Env) -> list[int]:
        """'Target creature can't be blocked [by QUALITY].' resolved with no duration: until the game ends
        (611.2a); 'except by' forms are refused."""
        if node.only or node.at_least:
            raise self.not_run("'can't be blocked except by', resolved with no duration, isn't run by the "
                               "interpreter yet", "611.2a", env, node)
        return self.run(ast.CantBlock(node.objects, None, True, node.quality, span=node.span), env)

    def _designate_for(self, ids: list[int], designation: str, duration: str | None, env: Env) -> list[int]:
        """The objects have the designation for the duration (611.2a: it ends as `Turns.end_durations` says)."""
        until = self.game.until(duration, env)
        if not self.game.still_lasting(until):   # 611.2b
            return []
        for i in ids:
            obj = self.state.objects[i]
            obj.designations |= {designation}
            obj.lasting = obj.lasting + ((designation, until),)
        return ids

    @executes(ast.CreateNamedToken)
    def create_named_token(self, node: ast.CreateNamedToken, env: Env) -> list[int]:
        return [self.game.create_named_token(env, node.name, node).id]

    @executes(ast.AddTypes)
    def add_types(self, node: ast.AddTypes, env: Env) -> list[int]:
        words = self.quality(node.quality, env).words
        ids = self.objects(node.objects, env)
        if node.duration is not None:  # 611.2a: for a time (the characteristics read it: Statics.with_type_changes)
            types, subtypes = self.game.split_types(tuple(words))
            until = self.game.until(node.duration, env)
            if not self.game.still_lasting(until):   # 611.2b
                return []
            ids = [i for i in ids if self.state.objects[i].zone == "battlefield"]
            for i in ids:
                obj = self.state.objects[i]
                change = TypeChange(types, subtypes, node.retain, timestamp=self.state.tick())
                obj.lasting = obj.lasting + ((change, until),)
            return ids
        for i in ids:
            obj = self.state.objects[i]
            obj.added_subtypes = obj.added_subtypes + tuple(w for w in words if w not in obj.added_subtypes)
        return ids

    @executes(ast.Animate)
    def animate(self, node: ast.Animate, env: Env) -> list[int]:
        """205.1a, 611.2: each permanent becomes a creature of the types, colors and base power and toughness named
        (the characteristics read them: Statics.with_type_changes, GameState.characteristics), with the abilities,
        for the duration; for good when none is given (611.2c: as long as it is this object)."""
        until = self.game.until(node.duration, env)
        if not self.game.still_lasting(until):   # 611.2b
            return []
        types, subtypes = self.game.split_types(tuple(self.quality(node.quality, env).words))
        colors = None if node.colors is None else frozenset(COLOR_LETTERS[c] for c in node.colors)
        change = TypeChange(types, subtypes, node.retain, colors, (node.power, node.toughness), self.state.tick())
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:
            obj = self.state.objects[i]
            obj.lasting = obj.lasting + ((change, until),)
            self.state.grant(obj, node.abilities, until)
        return ids

    @executes(ast.Designate)
    def designate(self, node: ast.Designate, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        self._designate_for([i for i in ids if self.state.objects[i].zone == "battlefield"], node.designation,
                            node.duration, env)
        return ids

    @executes(ast.SkipUntap)
    def skip_untap(self, node: ast.SkipUntap, env: Env) -> list[int]:
        ids = self.objects(node.objects, env)
        for i in ids:
            if self.state.objects[i].zone == "battlefield":
                self.state.objects[i].skip_untap = env.player if node.yours else True
        return ids

    @executes(ast.PutCounters)
    def put_counters(self, node: ast.PutCounters, env: Env) -> list[int]:
        amount = self.number(node.count, env)
        ids = [i for i in self.objects(node.objects, env) if self.state.objects[i].zone == "battlefield"]
        for i in ids:  # 122.1: counters go on permanents
            self.game.add_counters(i, node.kind, amount, env)
        return ids

    @executes(ast.TurnFaceUp)
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
