"""The expert computer player: it reads the others' bids, bluffs now and then, and says why."""

import random

import pytest

from jokoak.games.peruludo.bots import POLICIES
from jokoak.games.peruludo.bots.bayes import (CHALLENGE_BELOW, _binomial, chance_true, explain,
                                              seat_posterior)
from jokoak.engine.core import make_rules
from jokoak.engine.record import play, playout
from jokoak.games.peruludo.engine import GAME, dealt
from jokoak.i18n import translator

RULES = make_rules(GAME)


def mean(dist):
    return sum(k * p for k, p in enumerate(dist))


def test_without_bids_a_seats_dice_follow_the_exact_binomial():
    assert seat_posterior(5, 1 / 3, 0) == pytest.approx(_binomial(5, 1 / 3), rel=1e-12)


def test_a_seat_that_bid_a_face_is_believed_to_hold_more_of_it():
    assert mean(seat_posterior(5, 1 / 3, 2)) > mean(seat_posterior(5, 1 / 3, 1)) > 5 / 3


def test_the_others_bids_raise_the_chance_that_their_face_is_there():
    state = dealt(RULES, {"players": 3, "ages": [1, 2, 3]},
                  [[1, 2, 3, 5, 5], [4, 4, 4, 6, 2], [3, 3, 1, 2, 5]])
    before = chance_true(state.observation(2), (5, 4))
    state, _ = state.apply("bid:3:4")               # seat 0 (youngest) opens on fours
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    state, _ = state.apply("bid:4:4")               # seat 1 raises the fours
    assert chance_true(state.observation(2), (5, 4)) > before


def test_each_move_is_explained_in_one_translated_sentence_with_its_numbers():
    state = dealt(RULES, {"players": 2, "ages": [1, 2]}, [[1, 2, 3, 5, 5], [4, 4, 4, 6, 2]])
    state, _ = state.apply("bid:9:2")                # nine 2s among ten dice: hardly true
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    action, reason = explain(state.observation(1), RULES, random.Random(1))
    assert action == "palero" and reason.param("chance") < 100 * CHALLENGE_BELOW
    for lang in ("eu", "es", "fr", "en"):
        text = reason.text(translator(lang))
        assert "%(" not in text and str(reason.param("chance")) in text


def test_the_expert_plays_only_legal_actions_to_the_end():
    setup = {"players": 3, "dice": [5, 5, 5], "ages": [30, 31, 32]}
    policies = {0: POLICIES["expert"], 1: POLICIES["hard"], 2: POLICIES["medium"]}
    record = play(GAME, RULES, setup, 4, policies)
    state = GAME.new_initial_state(RULES, setup)
    for action in record.actions:
        if state.current_player() >= 0:
            assert action in state.legal_actions()
        state, _ = state.apply(action)
    assert state.is_terminal()


def test_the_expert_beats_the_hard_level_head_to_head_in_a_seeded_tournament():
    setup = {"players": 2, "dice": [5, 5], "ages": [30, 31]}
    wins, games = 0, 120
    for seed in range(games):
        expert = seed % 2
        policies = {expert: POLICIES["expert"], 1 - expert: POLICIES["hard"]}
        _, final = playout(GAME, RULES, setup, seed, policies)
        wins += final.winner == expert
    assert wins > games / 2, wins
