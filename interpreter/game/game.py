"""A game: its state, the rulebook, and the player actions the rules allow.

Every action is all-or-nothing: `perform` opens a mark in the state's undo journal, runs the action, puts
waiting triggers on the stack and checks state-based actions; if anything is refused, the journal rolls back
to the mark and nothing happened. `Game` is one object made of parts, one module each: `core` (queries,
asking, all-or-nothing), `moves`, `casting`, `optional_costs`, `activating`, `resolving`, `bookkeeping`, `turns`
(steps, passing priority, lands), `durations` (durations that follow a permanent or combat), `attaching` (Auras),
`phasing`, `combat`, `damage`, `statics` (targeting, blocking, defining and stack-locking static abilities), `continuous` (the continuous
effects of static abilities, 613),
`paying` (paying for mana with objects instead), `player_rules` (what players can't do, 101.2), `state_based`, `entering` (counters a permanent enters with),
`replacing` (replacement effects of static abilities, 614).
"""
from __future__ import annotations

from .activating import Activating
from .attaching import Attaching
from .bookkeeping import Bookkeeping
from .casting import Casting
from .combat import Combat
from .continuous import Continuous
from .core import GameCore
from .damage import Damage
from .durations import Durations
from .entering import Entering
from .game_designations import GameDesignations
from .moves import Moves
from .optional_costs import OptionalCosts
from .paying import Paying
from .phasing import Phasing
from .player_rules import PlayerRules
from .replacing import Replacing
from .resolving import Resolving
from .state_based import StateBasedActions
from .statics import Statics
from .turns import Turns


class Game(Combat, Turns, Durations, Attaching, Phasing, Casting, Paying, Activating, Resolving, Bookkeeping,
           StateBasedActions, Statics, Continuous, PlayerRules, Damage, Entering, Replacing, Moves, OptionalCosts,
           GameDesignations, GameCore):
    """One game: the state, the rulebook it runs by, and who answers choices."""
