"""Hidden information: a seat sees its own dice and lifted cups, nothing else; computer
players decide from the observation alone (clauses round.throw, raise.hidden_note,
palero.cups_stay_closed)."""

import json
import random

import pytest

from jokoak.engine.core import CHANCE, make_rules, sample_chance
from jokoak.games.peruludo.bots import POLICIES, decide
from jokoak.games.peruludo.bots.bayes import decide as bayes_decide
from jokoak.games.peruludo.engine import GAME, dealt
from jokoak.games.peruludo.render import render_table_svg, table_summary

BASQUE = make_rules(GAME)


def bot_game_states(seed, rules=BASQUE, players=4, limit=400):
    """Every state of a seeded game between computer players (first ``limit`` actions)."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(rules, {"players": players, "ages": list(range(players))})
    levels = list(POLICIES)
    states = [state]
    while not state.is_terminal() and len(states) < limit:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            action = POLICIES[levels[player % 3]](state, rng)
        state, _ = state.apply(action)
        states.append(state)
    return states


def test_round_throw_each_seat_sees_only_its_own_dice():
    state = dealt(BASQUE, {"players": 3, "ages": [1, 2, 3]},
                  [[1, 2, 3, 4, 5], [2, 2, 2, 2, 2], [6, 6, 6, 6, 6]])
    view = state.observation(1)
    assert view["own_dice"] == [2, 2, 2, 2, 2]
    assert view["cups"] == [None, [2, 2, 2, 2, 2], None]
    assert view["dice_counts"] == [5, 5, 5] and view["bag"] == 0


def test_observation_none_is_the_spectator_who_sees_every_die():
    state = dealt(BASQUE, {"players": 2, "ages": [1, 2]}, [[1, 2, 3, 4, 5], [6, 6, 6, 6, 6]])
    assert state.observation(None)["cups"] == [[1, 2, 3, 4, 5], [6, 6, 6, 6, 6]]


@pytest.mark.parametrize("seed", [3, 4])
def test_hidden_dice_never_appear_in_a_seats_observation(seed):
    """Turning every die a seat may not see to another face leaves its observation
    unchanged, at every state of a game, so no trace of those dice is in it."""
    for state in bot_game_states(seed):
        for seat in range(state.players):
            for variant in GAME.hidden_variants(state, seat):
                assert variant.observation(seat) == state.observation(seat)
                assert variant.observation(None) != state.observation(None)


def test_palero_cups_stay_closed_hidden_in_observation_svg_and_next_round():
    cups = [[1, 4, 4, 5, 2], [2, 2, 5, 1, 4], [3, 2, 2, 4, 5], [3, 3, 6, 1, 5]]
    state = dealt(BASQUE, {"players": 4, "ages": [30, 25, 40, 33]}, cups)
    for action in ["bid:3:2", "bid:4:2", "bid:4:3", "palero", "lift", "lift"]:
        while state.phase == "doia":
            state, _ = state.apply("no_doia")
        state, _ = state.apply(action)
    assert state.phase == "roll"  # the round is over; cups 0 and 1 were never lifted
    for viewer in (2, 3):
        view = state.observation(viewer)
        assert view["cups"][0] is None and view["cups"][1] is None
        assert view["cups"][2] == cups[2] and view["cups"][3] == cups[3]
        summary = table_summary(state, str, viewer)
        assert "1, 4, 4, 5, 2" not in summary and "2, 2, 5, 1, 4" not in summary
        svg = render_table_svg(state, str, "en", viewer=viewer)
        assert "1, 4, 4, 5, 2" not in svg and "2, 2, 5, 1, 4" not in svg
    spectator = render_table_svg(state, str, "en")  # the step-through's picture
    assert "1, 4, 4, 5, 2" not in spectator and "2, 2, 5, 1, 4" not in spectator
    assert "3, 3, 6, 1, 5" in table_summary(state, str, None)  # lifted cups are shown


def test_observation_is_json_data():
    for state in bot_game_states(5, limit=80):
        json.dumps(state.observation(0))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_decide_the_same_whatever_the_hidden_dice(level):
    checked = 0
    for state in bot_game_states(7, rules=make_rules(GAME, "perudo_standard"), limit=600):
        seat = state.current_player()
        if seat < 0:
            continue
        for variant in GAME.hidden_variants(state, seat):
            a = POLICIES[level](state, random.Random(11))
            b = POLICIES[level](variant, random.Random(11))
            assert a == b
            checked += 1
    assert checked > 50


class ObservationOnly:
    """A state that offers nothing but what the seat may see."""

    def __init__(self, state):
        self.rules = state.rules
        self._seat = state.current_player()
        self._view = state.observation(self._seat)

    def current_player(self):
        return self._seat

    def observation(self, player):
        assert player == self._seat, "a computer player asked for another seat's view"
        return self._view


def test_bots_need_nothing_but_their_own_observation():
    for state in bot_game_states(9, limit=300):
        seat = state.current_player()
        if seat < 0:
            continue
        for level, policy in POLICIES.items():
            action = policy(ObservationOnly(state), random.Random(1))
            assert action in state.legal_actions()
            # the same move from the observation alone (the expert decides in its own module)
            chooser = (bayes_decide if level == "expert"
                       else lambda obs, rules, rng, level=level: decide(obs, rules, level, rng))
            assert action == chooser(state.observation(seat), state.rules, random.Random(1))
