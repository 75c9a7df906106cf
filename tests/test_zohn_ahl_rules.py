"""zohn ahl and Nebäkuthana, clause by clause: each test is named after the clause it checks."""

from fractions import Fraction

import pytest

from jokoak.engine.core import CHANCE, RulesError, SetupError
from games_support import engine_of
from jokoak.games.zohn_ahl.engine import GAME, circuit_length, default_rules

TEAM_NS, TEAM_WE = 0, 1


def start(ruleset=None, setup=None, **options):
    return GAME.new_initial_state(default_rules(ruleset, **options), setup)


def throw(state, outcome):
    """The seat on turn throws and the sticks show ``outcome``: (state, events)."""
    events = []
    state, ev = state.apply("throw")
    events += ev
    state, ev = state.apply(outcome)
    return state, events + ev


def kinds(events):
    return [e.kind for e in events]


def cites(events):
    return {c for e in events for c in e.clauses}


def test_registry_returns_the_zohn_ahl_game():
    assert engine_of("zohn_ahl") is GAME


def test_rulesets_start_with_the_basque_text():
    assert [r.name for r in GAME.rulesets][:3] == ["basque_text", "ludii", "nebakuthana"]


# --- board.sites / board.sides / board.knees: 32 sites, creeks at quarters ---------------

def test_board_sites_points_and_lines_count_thirty_two_a_circuit():
    assert circuit_length(default_rules()) == 32
    state, events = throw(start(setup={"positions": [14, 0], "scoring": [4, 4]}), "up:2")
    assert "north_creek" in kinds(events)


def test_board_sites_forty_option_counts_the_knees_ends_and_moves_the_north_creek_to_twenty():
    assert circuit_length(default_rules(sites_per_side=10)) == 40
    state, events = throw(start(sites_per_side=10, setup={"positions": [18, 0],
                                                          "scoring": [4, 4]}), "up:2")
    assert "north_creek" in kinds(events)


def test_board_knees_are_never_counted_in_the_basque_reading():
    _, events = throw(start(setup={"positions": [3, 0], "scoring": [4, 4]}), "up:3")
    assert "board.knees" not in cites(events)


def test_board_knees_ends_are_counted_when_a_move_passes_a_corner_on_forty_sites():
    _, events = throw(start(sites_per_side=10, setup={"positions": [3, 0], "scoring": [4, 4]}),
                      "up:3")
    assert "board.knees" in cites(events)


# --- teams.sticks_start in Ludii's code: each stick on its own creek line -----------------

def test_teams_sticks_start_ludii_on_its_own_line_makes_a_circuit_of_thirty_nine():
    assert circuit_length(default_rules("ludii")) == 39
    assert circuit_length(default_rules()) == 32


def test_teams_sticks_start_ludii_north_creek_is_the_nineteenth_step():
    state, events = throw(start("ludii", setup={"positions": [16, 0], "scoring": [10, 10]},
                                first_team="left"), "up:3")
    assert "north_creek" in kinds(events)


def test_teams_sticks_start_ludii_sticks_meet_when_their_steps_add_up_to_thirty_nine():
    state, events = throw(start("ludii", setup={"positions": [10, 26], "scoring": [10, 10]},
                                first_team="left"), "up:3")
    assert "hit" in kinds(events) and state.positions == (13, 0)


# --- teams.lines / teams.sticks_start / start.left_edge ----------------------------------

def test_teams_sticks_start_both_in_the_south_creek():
    assert start().positions == (0, 0)


def test_start_left_edge_team_throws_first():
    state = start()
    assert state.current_player() == 0 and state.direction(TEAM_NS) == "west"


def test_start_left_edge_ludii_option_starts_with_the_right_edge_team():
    state = start("ludii")
    assert state.team == TEAM_WE and state.direction(TEAM_WE) == "east"


def test_start_event_cites_the_setup_clauses():
    _, events = throw(start(), "up:1")
    assert {"teams.lines", "teams.sticks_start", "scoring.count",
            "start.left_edge"} <= cites(events)


# --- sticks.dice / throw.* --------------------------------------------------------------

@pytest.mark.parametrize("outcome, value, clause", [
    ("up:1", 1, "throw.one"), ("up:2", 2, "throw.two"), ("up:3", 3, "throw.three"),
    ("up:4", 5, "throw.red"), ("up:0", 10, "throw.white")])
def test_throw_values_marked_faces_up(outcome, value, clause):
    _, events = throw(start(setup={"positions": [1, 0], "scoring": [4, 4]}), outcome)
    ev = next(e for e in events if e.kind == "throw")
    assert ev.amount("value") == value and clause in ev.clauses


def test_sticks_dice_chance_outcomes_are_exact_and_sum_to_one():
    for p in (Fraction(1, 2), Fraction(1, 3), Fraction(9, 10)):
        for ruleset in ("basque_text", "nebakuthana"):
            state, _ = start(ruleset, stick_probability=p).apply("throw")
            outcomes = state.chance_outcomes()
            assert state.current_player() == CHANCE
            assert all(isinstance(q, Fraction) for _, q in outcomes)
            assert sum(q for _, q in outcomes) == 1


def test_throw_again_after_red_same_seat_throws():
    state, events = throw(start(), "up:4")
    assert "throw.again" in cites(events) and state.team == TEAM_NS


def test_throw_again_after_white_same_seat_throws():
    state, events = throw(start(), "up:0")
    assert "throw.again" in cites(events) and state.team == TEAM_NS


def test_throw_value_one_two_three_pass_the_turn():
    state, _ = throw(start(), "up:3")
    assert state.team == TEAM_WE


# --- move.directions / move.west_east / move.distance ------------------------------------

def test_move_distance_stick_rests_after_the_counted_sites():
    state, events = throw(start(), "up:3")
    assert state.positions == (3, 0)
    assert "move.distance" in cites(events)


def test_move_directions_the_sticks_run_opposite_ways():
    state, _ = throw(start(), "up:2")
    state, events = throw(state, "up:3")
    move = next(e for e in events if e.kind == "move")
    assert move.get("direction") == "east" and state.positions == (2, 3)


# --- turn.team_order --------------------------------------------------------------------

def test_turn_team_order_every_player_of_a_team_throws_before_the_other_team():
    state = start(setup={"players": [2, 3], "positions": [0, 0], "scoring": [4, 4]})
    seats = []
    for _ in range(6):
        seats.append(state.current_player())
        state, _ = throw(state, "up:1")
    assert seats == [0, 1, 2, 3, 4, 0]


# --- penalty.north_creek / capture.hit / circuit.* --------------------------------------

def test_penalty_north_creek_gives_a_scoring_stick_and_restarts():
    state, events = throw(start(setup={"positions": [13, 5], "scoring": [4, 4]}), "up:3")
    assert state.scoring == (3, 5) and state.positions == (0, 5)
    assert "penalty.north_creek" in cites(events)


def test_capture_hit_sends_the_other_stick_back_and_takes_a_scoring_stick():
    state, events = throw(start(setup={"positions": [12, 17], "scoring": [4, 4]}), "up:3")
    assert state.positions == (15, 0) and state.scoring == (5, 3)
    assert "capture.hit" in cites(events)


def test_capture_hit_not_on_a_stick_waiting_in_the_south_creek():
    state, events = throw(start(setup={"positions": [30, 0], "scoring": [4, 4]}), "up:2")
    assert "hit" not in kinds(events) and state.scoring == (5, 3)


def test_circuit_complete_takes_a_scoring_stick():
    state, events = throw(start(setup={"positions": [30, 5], "scoring": [4, 4]}), "up:2")
    assert state.scoring == (5, 3) and state.positions == (0, 5)
    assert "circuit.complete" in cites(events)


def test_circuit_carry_over_surplus_counts_on_the_next_circuit():
    state, events = throw(start(setup={"positions": [29, 10], "scoring": [4, 4]}), "up:0")
    assert state.positions == (7, 10) and "carry_over" in kinds(events)


def test_circuit_carry_over_ludii_option_drops_the_surplus():
    state, events = throw(start("ludii", setup={"positions": [37, 10], "scoring": [10, 10]},
                                first_team="left"), "up:0")
    assert state.positions == (0, 10) and "surplus_dropped" in kinds(events)


def test_circuit_carry_over_can_land_on_the_other_stick():
    state, events = throw(start(setup={"positions": [29, 25], "scoring": [4, 4]}), "up:0")
    assert "hit" in kinds(events) and state.scoring == (6, 2)


# --- scoring.count / win.* --------------------------------------------------------------

def test_scoring_count_four_each_eight_in_all():
    assert start().totals()["scoring_sticks"] == 8
    assert start("ludii").totals()["scoring_sticks"] == 20


def test_win_all_sticks_ends_the_game():
    state, events = throw(start(setup={"positions": [30, 5], "scoring": [7, 1]}), "up:2")
    assert state.is_terminal() and state.winner == TEAM_NS
    assert "win.all_sticks" in cites(events) and state.returns() == [1.0, -1.0]


def test_win_abandoned_most_scoring_sticks_wins():
    state = start(setup={"positions": [3, 4], "scoring": [3, 5]})
    state, events = state.apply("abandon")
    assert state.winner == TEAM_WE and "win.abandoned" in cites(events)


def test_win_abandoned_with_equal_sticks_is_a_draw():
    state, _ = start().apply("abandon")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


# --- variant.some_authors ---------------------------------------------------------------

def test_variant_some_authors_south_creek_restarts_without_a_scoring_stick():
    state, events = throw(start("some_authors", setup={"positions": [29, 5], "scoring": [4, 4]}),
                          "up:3")
    assert state.positions == (0, 5) and state.scoring == (4, 4)
    assert "variant.some_authors" in cites(events)


def test_variant_some_authors_dry_creek_costs_the_next_turn():
    state = start("some_authors", setup={"positions": [5, 4], "scoring": [4, 4]})
    state, events = throw(state, "up:3")        # north–south rests in the west dry creek
    assert "dry_creek" in kinds(events)
    state, events = throw(state, "up:1")        # west–east throws; north–south's turn is lost
    assert "turn_lost" in kinds(events) and state.team == TEAM_WE


# --- Nebäkuthana ------------------------------------------------------------------------

@pytest.mark.parametrize("outcome, value, again", [
    ("up:1", 1, False), ("up:1s", 1, True), ("up:2", 2, False), ("up:3", 3, False),
    ("up:3s", 3, True), ("up:4", 6, True), ("up:0", 10, True)])
def test_nebakuthana_values_and_rethrows(outcome, value, again):
    state, events = throw(start("nebakuthana"), outcome)
    ev = next(e for e in events if e.kind == "throw")
    assert ev.amount("value") == value
    assert ("throw_again" in kinds(events)) == again
    assert "nebakuthana.gates" in cites(events)


# --- setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("setup, field", [
    ({"positions": [16, 0], "scoring": [4, 4]}, "positions"),
    ({"positions": [10, 22], "scoring": [4, 4]}, "positions"),
    ({"positions": [32, 0], "scoring": [4, 4]}, "positions"),
    ({"positions": [0, 0], "scoring": [5, 4]}, "scoring"),
    ({"players": [0, 1]}, "players"),
    ({"left_team": 2}, "left_team"),
    ({"colour": "red"}, "colour"),
    ({"positions": [1]}, "positions"),
])
def test_setup_errors_name_the_field(setup, field):
    with pytest.raises(SetupError) as info:
        start(setup=setup)
    assert info.value.params["field"] == field


def test_sticks_dice_a_stick_probability_of_0_or_1_is_refused():
    # The option's bounds (1/100 to 99/100) refuse it before any position is set up.
    for p in (Fraction(0), Fraction(1)):
        with pytest.raises(RulesError) as info:
            start(stick_probability=p)
        assert info.value.params["option"] == "stick_probability"


def test_totals_scoring_sticks_are_conserved_through_a_game():
    import random
    from jokoak.engine.core import sample_chance
    rng = random.Random(5)
    state = start(setup={"players": [2, 1], "positions": [0, 0], "scoring": [4, 4]})
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state, _ = state.apply(sample_chance(state.chance_outcomes(), rng))
        else:
            state, _ = state.apply("throw")
        assert state.totals() == {"scoring_sticks": 8, "team_sticks": 2}
