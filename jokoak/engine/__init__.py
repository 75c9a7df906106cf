"""The game-neutral engine API (OpenSpiel's shape), records and replay."""

from .core import (CHANCE, TERMINAL, Event, Game, GameState, Option, Rules, Ruleset,
                   RulesError, SetupError, sample_chance)
from .record import Record, ReplayError, replay

__all__ = ["CHANCE", "TERMINAL", "Event", "Game", "GameState", "Option", "Rules", "Ruleset",
           "RulesError", "SetupError", "sample_chance", "Record", "ReplayError", "replay"]
