"""The game-neutral engine API (OpenSpiel's shape), records and replay."""

from .core import (CHANCE, TERMINAL, Event, Game, GameState, IllegalAction, Option, Reason,
                   Rules, Ruleset, RulesError, SetupError, event, game_over, make_rules,
                   not_legal, not_your_turn, reason, refusal, sample_chance)
from .record import (Policy, Record, RecordError, ReplayError, PlayedAction, legal_here, play,
                     playout, random_policy, replay, replay_states)

__all__ = ["CHANCE", "TERMINAL", "Event", "Game", "GameState", "IllegalAction", "Option",
           "Reason", "reason", "refusal", "game_over", "not_legal", "not_your_turn", "Rules",
           "Ruleset",
           "RulesError", "SetupError", "event", "make_rules", "sample_chance", "Policy",
           "Record", "RecordError", "ReplayError", "PlayedAction", "legal_here", "play", "playout",
           "random_policy", "replay", "replay_states"]
