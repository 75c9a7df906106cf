"""Zaldi zuria's computer players: bids from the exact card values, and why."""

import random

from jokoak.engine.core import make_rules
from jokoak.engine.record import play, replay
from games_support import engine_of
from jokoak.games.zaldi_zuria.bots import POLICIES, bid_reasoning, throw_reasoning
from jokoak.games.zaldi_zuria.odds import card_values

GAME = engine_of("zaldi_zuria")


def auction(**setup):
    return GAME.new_initial_state(make_rules(GAME), {"phase": "auction", "auctioneer": 0,
                                                     "bank": 24, "chips": 32, **setup})


def test_policies_include_a_careful_and_a_greedy_player():
    assert {"careful", "greedy"} <= set(POLICIES)


def test_a_bidders_value_comes_from_the_exact_card_values():
    state = auction()
    why = bid_reasoning(state, 1, POLICIES["greedy"])
    assert why["card"] == "white_horse"
    assert why["per_round_now"] == card_values(state.rules, 24, False, 6)["white_horse"] * 6
    assert why["worth"] == max(0, why["per_round"] * why["horizon"])


def test_a_bidder_bids_one_more_while_under_its_limit_and_passes_above_it():
    state = auction()
    why = bid_reasoning(state, 1, POLICIES["greedy"])
    assert why["limit"] >= 1 and why["action"] == "bid:1"
    state = auction().__class__(**{**auction().__dict__, "high_bid": why["limit"],
                                   "high_bidder": 2})
    assert bid_reasoning(state, 1, POLICIES["greedy"])["action"] == "pass"


def test_a_careful_bidder_never_risks_more_than_its_budget():
    state = auction(chips=8)
    why = bid_reasoning(state, 1, POLICIES["careful"])
    assert why["limit"] <= 8 * POLICIES["careful"].budget


def test_a_careful_player_skips_a_losing_throw_once_but_never_twice():
    state = GAME.new_initial_state(make_rules(GAME), {
        "phase": "play", "auctioneer": 0, "bank": 2, "to_throw": 1,
        "holders": {"white_horse": 3, "inn": 2}})
    why = throw_reasoning(state, 1, POLICIES["careful"])
    assert why["expected_gain"] < 0 and why["action"] == "pass"
    assert throw_reasoning(state, 1, POLICIES["greedy"])["action"] == "throw"
    state = state.__class__(**{**state.__dict__, "passes": (0, 1, 0, 0, 0, 0)})
    assert throw_reasoning(state, 1, POLICIES["careful"])["action"] == "throw"


def test_computer_players_finish_a_seeded_game():
    policies = {s: POLICIES["careful" if s % 2 else "greedy"] for s in range(6)}
    rec = play(GAME, make_rules(GAME), None, 11, policies)
    _, steps = replay(GAME, rec)
    assert steps[-1].after.is_terminal()
    assert any(e.kind == "card_sold" for s in steps for e in s.events)


def test_policies_are_deterministic_for_a_seed():
    rules = make_rules(GAME)
    assert play(GAME, rules, None, 2, POLICIES["careful"]) == \
        play(GAME, rules, None, 2, POLICIES["careful"])
    assert POLICIES["greedy"](auction(), random.Random(0)).startswith(("bid:", "pass"))
