"""Computer players: legal, deterministic under a seed, and stronger at higher levels."""

import itertools

import pytest

from jokoak.engine.core import make_rules
from jokoak.engine.record import play, playout
from jokoak.games.peruludo.bots import POLICIES
from jokoak.games.peruludo.engine import GAME

LEVELS = ("easy", "medium", "hard")
SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [30, 31, 32]}


def tournament(ruleset, games=60):
    """Seeded games of three players, one per level, every seating order equally often."""
    rules = make_rules(GAME, ruleset)
    orders = list(itertools.permutations(LEVELS))
    wins = dict.fromkeys(LEVELS, 0)
    for seed in range(games):
        seats = orders[seed % len(orders)]
        _, final = playout(GAME, rules, SETUP, seed, {i: POLICIES[seats[i]] for i in range(3)})
        assert final.is_terminal()
        wins[seats[final.winner]] += 1
    return wins


@pytest.mark.parametrize("ruleset", ["basque_text", "perudo_standard"])
def test_higher_levels_win_more_in_a_seeded_tournament(ruleset):
    wins = tournament(ruleset)
    assert wins["hard"] > wins["medium"] > wins["easy"], wins


def test_policies_are_the_three_levels_and_the_expert():
    assert set(POLICIES) == set(LEVELS) | {"expert"}


def test_a_seeded_bot_game_is_reproducible():
    rules = make_rules(GAME)
    policies = {i: POLICIES[LEVELS[i]] for i in range(3)}
    assert play(GAME, rules, SETUP, 5, policies) == play(GAME, rules, SETUP, 5, policies)


def test_bots_only_choose_legal_actions():
    rules = make_rules(GAME)
    record = play(GAME, rules, SETUP, 2, {i: POLICIES[LEVELS[i]] for i in range(3)})
    state = GAME.new_initial_state(rules, SETUP)
    for action in record.actions:
        if state.current_player() >= 0:
            assert action in state.legal_actions()
        state, _ = state.apply(action)
    assert state.is_terminal()
