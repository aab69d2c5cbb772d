"""The step interpreter: one executor per AST node kind, in one module per family of what the game does.

A node's executor is `EXECUTORS[type(node)]`, registered by `@executes(ast.NodeName)` beside it.
"""
from .base import (
    EXECUTORS,
    MAX_COUNT,
    Env,
    Loops,
    NoLegalTarget,
    Steps,
    keyword_abilities,
)
from .casting import CastingSteps
from .chosen import ChosenSteps
from .combat import CombatSteps
from .actions import ActionSteps
from .conditions import ConditionSteps
from .control import ControlSteps
from .copies import CopySteps
from .damage import DamageSteps
from .game_designations import GameDesignationSteps
from .keywords import KeywordSteps
from .objects import ObjectSteps
from .others import OtherPlayerSteps
from .payments import PaymentSteps
from .permanents import PermanentSteps
from .phasing import PhasingSteps
from .results import ResultSteps
from .player_actions import PlayerActionSteps
from .player_rules import PlayerRuleSteps
from .rooms import RoomSteps
from .targets import TargetSteps
from .triggers import TriggerSteps
from .zones import ZoneSteps

__all__ = ["EXECUTORS", "MAX_COUNT", "Env", "Loops", "NoLegalTarget", "StepInterpreter", "keyword_abilities"]


class StepInterpreter(CastingSteps, CopySteps, TriggerSteps, ObjectSteps, TargetSteps, ConditionSteps, RoomSteps, ControlSteps,
                      ZoneSteps, PermanentSteps, PhasingSteps, PlayerActionSteps, PlayerRuleSteps, DamageSteps, PaymentSteps, KeywordSteps,
                      CombatSteps, ActionSteps, ResultSteps, OtherPlayerSteps, ChosenSteps, GameDesignationSteps, Steps):
    """Runs effects, objects and conditions of the AST for one game: one object, every family."""
