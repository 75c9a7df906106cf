"""Peruludo's rules, clause by clause (ids from content/peruludo/segments.yaml)."""

from fractions import Fraction

import pytest

from jokoak.engine.core import CHANCE, SetupError, make_rules
from jokoak.games.peruludo.engine import GAME, dealt
from jokoak.games.peruludo.bids import BidContext, bid_kind, legal_bids

BASQUE = make_rules(GAME)
STANDARD = make_rules(GAME, "perudo_standard")


def three(cups, rules=BASQUE, **setup):
    """Three players (seat 1 youngest unless told) with the given cups."""
    base = {"players": 3, "dice": [len(c) for c in cups], "ages": [30, 25, 40]}
    base.update(setup)
    return dealt(rules, base, cups)


def play(state, *actions):
    """Apply actions, answering every doia question with no_doia unless it is listed."""
    events = []
    for action in actions:
        while state.phase == "doia" and action not in ("doia", "no_doia"):
            state, ev = state.apply("no_doia")
            events += ev
        state, ev = state.apply(action)
        events += ev
    return state, events


def kinds(events):
    return [e.kind for e in events]


def ctx(total=30, **kw):
    return BidContext(total_dice=total, **kw)


# --- setup -------------------------------------------------------------------------------
def test_setup_dice_five_each_thirty_on_the_default_table():
    state = GAME.new_initial_state(BASQUE, GAME.default_setup(BASQUE))
    assert state.counts == (5,) * 6 and state.totals() == {"dice": 30}


def test_setup_bag_starts_empty_and_dice_are_conserved():
    state = GAME.new_initial_state(BASQUE, None)
    assert state.bag == 0
    state = three([[2, 2, 3, 4, 5], [1, 1, 1, 1, 1], [6, 6, 6, 6, 6]])
    after, _ = play(state, "bid:3:2", "palero", "lift", "lift", "lift")
    assert after.bag == 1 and after.totals() == state.totals() == {"dice": 15}


@pytest.mark.parametrize("players", [1, 11])
def test_setup_two_to_ten_players_else_setup_error_with_msgid(players):
    with pytest.raises(SetupError) as info:
        GAME.new_initial_state(BASQUE, {"players": players, "dice": [5] * players,
                                        "ages": [20] * players})
    assert info.value.msgid == "A game needs from %(min)s to %(max)s players; got %(count)s."
    assert info.value.params == {"min": 2, "max": 10, "count": players}


@pytest.mark.parametrize("setup, field", [
    ({"players": 3, "dice": [5, 5]}, "dice"),
    ({"players": 3, "ages": [1, 2]}, "ages"),
    ({"players": 3, "bag": -1}, "bag"),
    ({"players": 3, "starter": 7}, "starter"),
    ({"players": 3, "dice": [5, 1, 5], "arrastatze": [0]}, "arrastatze"),
    ({"players": 3, "colour": "red"}, "colour"),
])
def test_setup_errors_name_the_field(setup, field):
    with pytest.raises(SetupError) as info:
        GAME.new_initial_state(BASQUE, setup)
    assert info.value.params["field"] == field


def test_setup_wild_sixes_count_for_every_other_face():
    state = three([[6, 6, 1], [2, 3, 4], [5, 5, 5]], starter=0)
    state, events = play(state, "bid:3:1", "palero", "lift")
    lifted = [e for e in events if e.kind == "cup_lifted"]
    assert lifted[0].actors == (0,) and lifted[0].amount("matched") == 3


def test_setup_goal_the_last_player_with_dice_wins():
    state = dealt(BASQUE, {"players": 2, "dice": [1, 1], "ages": [1, 2], "bag": 28,
                           "arrastatze": [0, 1]}, [[3], [5]])
    state, events = play(state, "bid:1:3", "bid:2:3", "palero", "lift", "lift")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert kinds(events)[-2:] == ["eliminated", "win"]


# --- rounds ------------------------------------------------------------------------------
def test_round_starter_the_youngest_starts_the_first_round():
    state = GAME.new_initial_state(BASQUE, {"players": 4, "ages": [30, 12, 40, 12]})
    assert state.starter == 1 and state.starter_reason == "youngest"


def test_round_starter_the_loser_starts_the_next_round():
    state = three([[2, 2, 3, 4, 5], [1, 1, 1, 1, 1], [3, 3, 3, 3, 3]])
    state, _ = play(state, "bid:3:2", "palero", "lift", "lift", "lift")  # 2 twos: bidder loses
    assert state.starter == 1 and state.starter_reason == "loser"


def test_round_throw_every_die_is_a_chance_node_with_six_faces_at_one_sixth():
    state = GAME.new_initial_state(BASQUE, None)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [Fraction(1, 6)] * 6 and sum(p for _, p in outcomes) == 1


def test_round_opening_bid_any_quantity_of_an_ordinary_face():
    bids = legal_bids(None, ctx(10))
    assert (1, 1) in bids and (10, 5) in bids and len(bids) == 50


def test_round_no_six_opening_outside_arrastatze():
    assert all(face != 6 for _, face in legal_bids(None, ctx(30)))
    assert bid_kind(None, (3, 6), ctx(30)) is None


def test_round_facts_dice_count_caps_bids_at_the_dice_on_the_table():
    state = three([[2, 2], [1, 1, 1], [3, 3, 3, 3]])
    assert max(int(a.split(":")[1]) for a in state.legal_actions()) == 9


def test_round_facts_wild_in_the_round_start_event():
    state = GAME.new_initial_state(BASQUE, None)
    _, events = state.apply("roll:1")
    start = events[0]
    assert start.kind == "round_start" and "round.facts.wild" in start.clauses
    assert start.get("wild") is True and start.amount("dice") == 30


def test_turn_raise_or_challenge_no_palero_before_a_bid_then_palero_or_a_raise():
    state = three([[2, 2, 3, 4, 5], [1, 1, 1, 1, 1], [3, 3, 3, 3, 3]])
    assert "palero" not in state.legal_actions()
    state, _ = play(state, "bid:3:2")
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    legal = state.legal_actions()
    assert "palero" in legal and "bid:3:2" not in legal and "bid:2:2" not in legal


# --- raising -----------------------------------------------------------------------------
def test_raise_higher_more_of_the_same_face_or_same_quantity_of_a_higher_face():
    after = [b for b in legal_bids((7, 2), ctx()) if b[1] != 6]
    assert (8, 2) in after and (7, 3) in after and (7, 5) in after
    assert (8, 3) not in after and (7, 1) not in after and (9, 1) not in after


def test_raise_higher_example_bids_are_legal():
    # raise.higher.example: after seven 2s: eight 2s, nine 2s, ... or seven 3s, seven 4s, ...
    for bid in [(8, 2), (9, 2), (7, 3), (7, 4)]:
        assert bid_kind((7, 2), bid, ctx()) is not None


def test_raise_rule_options_allow_more_dice_of_other_faces():
    assert bid_kind((7, 2), (8, 3), ctx(raise_rule="both_may_rise")) == "both"
    assert bid_kind((7, 2), (8, 1), ctx(raise_rule="both_may_rise")) is None
    assert bid_kind((7, 2), (8, 1), ctx(raise_rule="any_face_with_more")) == "any_face"


def test_raise_to_wild_at_least_half_rounded_up():
    assert bid_kind((7, 2), (4, 6), ctx()) == "to_wild"
    assert bid_kind((7, 2), (3, 6), ctx()) is None
    assert bid_kind((8, 5), (4, 6), ctx()) == "to_wild"


def test_raise_to_wild_example_minimum_is_four_sixes():
    sixes = [q for q, f in legal_bids((7, 2), ctx()) if f == 6]
    assert min(sixes) == 4


def test_raise_from_wild_more_sixes():
    assert bid_kind((4, 6), (5, 6), ctx()) == "more_wild"
    assert bid_kind((4, 6), (4, 6), ctx(forbid_repeated=False)) is None


def test_raise_from_wild_switch_needs_double():
    assert bid_kind((4, 6), (8, 1), ctx()) == "from_wild"
    assert bid_kind((4, 6), (7, 5), ctx()) is None


def test_raise_from_wild_switch_double_plus_one_option():
    common = ctx(from_wild_rule="double_plus_one")
    assert bid_kind((4, 6), (8, 1), common) is None and bid_kind((4, 6), (9, 1), common)


def test_raise_from_wild_example_bids_are_legal():
    # raise.from_wild.example: after four 6s: five 6s, six 6s, ... or eight 1s, eight 2s, ...
    for bid in [(5, 6), (6, 6), (8, 1), (8, 2)]:
        assert bid_kind((4, 6), bid, ctx()) is not None


def test_forbid_repeated_bids_stops_the_cycle_through_the_sixes():
    seen = frozenset({(8, 1), (4, 6)})
    assert bid_kind((8, 1), (4, 6), ctx(earlier_bids=seen)) is None
    assert bid_kind((8, 1), (4, 6), ctx(earlier_bids=seen, forbid_repeated=False)) == "to_wild"


# --- palero ------------------------------------------------------------------------------
CUPS4 = [[1, 4, 4, 5, 2], [2, 2, 5, 1, 4], [3, 2, 2, 4, 5], [3, 3, 6, 1, 5]]


def four(rules=BASQUE):
    return dealt(rules, {"players": 4, "ages": [30, 25, 40, 33]}, CUPS4)


def test_palero_option_the_player_on_turn_challenges_the_last_bid():
    state, events = play(four(), "bid:3:2", "bid:4:2", "bid:4:3", "palero")
    assert events[-1].kind == "palero" and events[-1].actors == (0, 3)
    assert state.phase == "reveal" and state.current_player() == 0


def test_palero_reveal_starts_at_the_challengers_right_the_bidder():
    state, _ = play(four(), "bid:3:2", "bid:4:2", "bid:4:3", "palero")
    assert state.reveal_order == (3, 2, 1, 0)


def test_palero_reveal_one_event_per_cup_with_the_running_count():
    _, events = play(four(), "bid:3:2", "bid:4:2", "bid:4:3", "palero", "lift", "lift")
    lifted = [e for e in events if e.kind == "cup_lifted"]
    assert [(e.actors[0], e.amount("count")) for e in lifted] == [(3, 3), (2, 4)]


def test_palero_challenger_loses_as_soon_as_the_bid_is_reached():
    state, events = play(four(), "bid:3:2", "bid:4:2", "bid:4:3", "palero", "lift", "lift")
    assert "palero_lost" in kinds(events) and state.counts == (4, 5, 5, 5)


def test_palero_cups_stay_closed_once_the_bid_is_reached():
    state, events = play(four(), "bid:3:2", "bid:4:2", "bid:4:3", "palero", "lift", "lift")
    closed = next(e for e in events if e.kind == "cups_stay_closed")
    assert closed.actors == (1, 0)
    assert state.observation(2)["cups"][1] is None and state.observation(3)["cups"][0] is None


def test_palero_full_reveal_option_lifts_every_cup():
    state, events = play(four(STANDARD), "bid:3:2", "bid:4:2", "bid:4:3", "palero",
                         "lift", "lift", "lift", "lift")
    assert len([e for e in events if e.kind == "cup_lifted"]) == 4
    assert "cups_stay_closed" not in kinds(events) and state.counts[0] == 4


def test_palero_bidder_loses_when_every_cup_is_lifted_and_the_count_is_short():
    state, events = play(four(), "bid:3:2", "bid:7:2", "palero", "lift", "lift", "lift", "lift")
    short = next(e for e in events if e.kind == "palero_won")
    assert short.amount("count") == 6 and state.counts == (5, 5, 4, 5)


def test_palero_bag_the_lost_die_goes_into_the_bag():
    state, events = play(four(), "bid:3:2", "bid:7:2", "palero", "lift", "lift", "lift", "lift")
    lost = next(e for e in events if e.kind == "die_lost")
    assert lost.amount("bag") == 1 == state.bag and "palero.bag" in lost.clauses


# --- arrastatze --------------------------------------------------------------------------
def test_arrastatze_announce_when_the_fourth_die_is_lost():
    state = three([[3, 5], [2, 2, 6, 1], [4, 4, 1, 5, 3]], starter=1, bag=4)
    state, events = play(state, "bid:3:2", "bid:3:4", "palero", "lift", "lift")
    assert "arrastatze_announced" in kinds(events) and state.arrastatu == {0}
    assert state.starter == 0 and state.arrastatze_round


def test_arrastatze_no_wilds_sixes_are_an_ordinary_face_from_the_start():
    state = three([[6], [6, 3, 6, 2], [6, 1, 5, 4, 6]], dice=[1, 4, 5], starter=0,
                  arrastatze=[0], bag=5)
    assert state.observation(0)["wild"] is False
    assert "bid:1:6" in state.legal_actions()
    state, events = play(state, "bid:2:3", "bid:3:3", "palero", "lift", "lift", "lift")
    # sixes do not count for the 3s: only the one 3 is there
    assert next(e for e in events if e.kind == "palero_won").amount("count") == 1


def test_arrastatze_fixed_face_only_the_quantity_rises():
    state = three([[6], [6, 3, 6, 2], [6, 1, 5, 4, 6]], dice=[1, 4, 5], starter=0,
                  arrastatze=[0], bag=5)
    state, _ = play(state, "bid:2:3")
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    bids = [a for a in state.legal_actions() if a.startswith("bid:")]
    assert bids and all(a.endswith(":3") for a in bids)


def test_arrastatze_others_switch_to_a_higher_face():
    state = dealt(BASQUE, {"players": 4, "dice": [1, 3, 1, 4], "ages": [1, 2, 3, 4],
                           "bag": 11, "starter": 0, "arrastatze": [0, 2]},
                  [[2], [2, 6, 3], [3], [2, 2, 4, 5]])
    state, _ = play(state, "bid:3:2", "bid:4:2")
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    legal = state.legal_actions()
    assert state.turn == 2 and "bid:4:3" in legal and "bid:4:1" not in legal
    assert "bid:5:3" not in legal  # text reading: same quantity when the face changes


def test_arrastatze_example_bids_are_legal():
    # arrastatze.example: after six 2s, another arrastatu may say 7 2s, 8 2s, or 6 3s, 6 4s
    switch = BidContext(total_dice=12, wild=False, arrastatze_round=True, may_switch_face=True)
    for bid in [(7, 2), (8, 2), (6, 3), (6, 4)]:
        assert bid_kind((6, 2), bid, switch) is not None
    fixed = BidContext(total_dice=12, wild=False, arrastatze_round=True)
    assert bid_kind((6, 2), (6, 3), fixed) is None


def test_arrastatze_rounds_every_round_they_start_in_the_basque_ruleset():
    state = three([[6], [3, 3, 1, 2], [1, 1, 5, 4, 2]], dice=[1, 4, 5], starter=0,
                  arrastatze=[0], bag=5)
    state, _ = play(state, "bid:2:3", "bid:3:3", "palero", "lift", "lift", "lift")
    assert state.arrastatu == {0}  # still in arrastatze for a later round it starts


def test_arrastatze_rounds_first_round_only_in_common_perudo():
    state = three([[6], [3, 3, 1, 2], [1, 1, 5, 4, 2]], rules=STANDARD, dice=[1, 4, 5],
                  starter=0, arrastatze=[0], bag=5)
    state, _ = play(state, "bid:2:3", "bid:3:3", "palero", "lift", "lift", "lift")
    assert state.arrastatu == frozenset() and state.spent == {0}


def test_notes_six_opening_only_in_arrastatze():
    normal = three([[6, 2], [3, 3, 1, 2], [1, 1, 5, 4, 2]], dice=[2, 4, 5], starter=0, bag=4)
    special = three([[6], [3, 3, 1, 2], [1, 1, 5, 4, 2]], dice=[1, 4, 5], starter=0, bag=5,
                    arrastatze=[0])
    assert "bid:1:6" not in normal.legal_actions() and "bid:1:6" in special.legal_actions()


def test_arrastatze_announce_a_seat_with_one_die_is_in_arrastatze_else_setup_error():
    with pytest.raises(SetupError) as err:
        three([[4], [4, 1], [5, 6, 2]], starter=2, bag=9)
    assert err.value.params["field"] == "arrastatze" and err.value.params["seat"] == 0


def test_arrastatze_announce_a_spent_palifico_seat_may_hold_one_die():
    state = three([[4], [4, 1], [5, 6, 2]], rules=STANDARD, starter=2, bag=9,
                  arrastatze_spent=[0])
    assert state.counts[0] == 1 and 0 not in state.arrastatu


# --- doia --------------------------------------------------------------------------------
DOIA_CUPS = [[4, 6, 1], [4, 4, 2, 3, 5], [6, 1, 2, 4, 3]]


def doia_table(rules=BASQUE):
    return dealt(rules, {"players": 3, "dice": [3, 5, 5], "ages": [30, 25, 40], "bag": 2,
                         "starter": 1}, DOIA_CUPS)


def test_doia_call_every_player_but_the_one_on_turn_is_asked_after_each_bid():
    state, _ = doia_table().apply("bid:4:4")
    assert state.turn == 2 and state.asking == (0, 1)


def test_doia_call_common_calza_excludes_the_bidder_and_the_player_on_turn():
    state, _ = doia_table(STANDARD).apply("bid:4:4")
    assert state.asking == (0,)


def test_doia_right_the_caller_wins_a_die_from_the_bag_even_above_five():
    state, events = play(doia_table(), "bid:4:4", "bid:6:4", "doia")
    assert ["doia_right", "die_gained"] == [k for k in kinds(events) if k.startswith("d")
                                            and k not in ("doia", "doia_pass", "doia_count")]
    assert state.counts == (3, 6, 5) and state.bag == 1


def test_doia_right_counts_the_wild_sixes():
    _, events = play(doia_table(), "bid:4:4", "bid:6:4", "doia")
    count = next(e for e in events if e.kind == "doia_count")
    assert count.amount("count") == 6


def empty_bag_doia(rules=BASQUE):
    """The first round's bag is empty: a right doia there."""
    state = dealt(rules, {"players": 3, "dice": [3, 5, 5], "ages": [30, 25, 40],
                          "starter": 1}, DOIA_CUPS)
    return play(state, "bid:4:4", "bid:6:4", "doia")


def test_doia_right_wins_a_die_even_when_the_bag_is_empty():
    state, events = empty_bag_doia()
    gained = next(e for e in events if e.kind == "die_gained")
    assert dict(gained.data)["source"] == "outside" and state.counts == (3, 6, 5)
    assert state.bag == 0 and state.outside == 1


def test_doia_right_from_outside_the_table_keeps_the_dice_total_conserved():
    before = dealt(BASQUE, {"players": 3, "dice": [3, 5, 5], "ages": [30, 25, 40],
                            "starter": 1}, DOIA_CUPS)
    after, _ = empty_bag_doia()
    assert after.totals() == before.totals() == {"dice": 13}


def test_doia_die_source_bag_only_option_with_an_empty_bag_gains_nothing():
    state, events = empty_bag_doia(make_rules(GAME, doia_die_source="bag_only"))
    assert next(e for e in events if e.kind == "doia_right").amount("gained") == 0
    assert "die_gained" not in kinds(events) and state.counts == (3, 5, 5)


def test_doia_die_source_common_perudo_takes_only_dice_from_the_bag():
    assert STANDARD["doia_die_source"] == "bag_only"
    assert BASQUE["doia_die_source"] == "bag_else_outside"


def test_doia_wrong_the_caller_loses_a_die_and_starts():
    state, events = play(doia_table(), "bid:4:4", "doia")
    assert "doia_wrong" in kinds(events) and state.counts == (2, 5, 5) and state.starter == 0


def test_starter_after_doia_options():
    basque, _ = play(doia_table(), "bid:4:4", "bid:6:4", "doia")
    common = doia_table(make_rules(GAME, starter_after_doia="caller"))
    common, _ = play(common, "bid:4:4", "bid:6:4", "doia")
    assert basque.starter == 0 and common.starter == 1  # player on turn / the caller


def test_arrastatze_after_regain_status_ends_or_stays():
    cups = [[4], [4, 4, 2, 3, 5], [6, 1, 2, 4, 3]]
    setup = {"players": 3, "dice": [1, 5, 5], "ages": [1, 2, 3], "bag": 3, "starter": 1,
             "arrastatze": [0]}
    ends = dealt(BASQUE, setup, cups)
    ends, events = play(ends, "bid:5:4", "doia")
    assert "arrastatze_ended" in kinds(events) and ends.arrastatu == frozenset()
    stays = dealt(make_rules(GAME, arrastatze_after_regain="status_stays"), setup, cups)
    stays, _ = play(stays, "bid:5:4", "doia")
    assert stays.counts[0] == 2 and stays.arrastatu == {0}


def test_starter_after_elimination_the_next_player_to_the_left():
    state = three([[4], [4, 1], [5, 6, 2]], starter=2, bag=9, arrastatze=[0])
    state, events = play(state, "bid:2:5", "palero", "lift")
    assert "eliminated" in kinds(events) and state.starter == 1
    other = three([[4], [4, 1], [5, 6, 2]],
                  rules=make_rules(GAME, starter_after_elimination="round_winner"),
                  starter=2, bag=9, arrastatze=[0])
    other, _ = play(other, "bid:2:5", "palero", "lift")
    assert other.starter == 2


# --- the rule switches of the lesson replay (rule_switches.yaml) --------------------------
NO_WILDS = make_rules(GAME, None, wild_sixes=False)
FREE_NUMBER = make_rules(GAME, None, arrastatze_fixed_face=False)


def bids(state, *actions):
    """Play the bids, then answer the doia question with no_doia: the next player's turn."""
    state, _ = play(state, *actions)
    while state.phase == "doia":
        state, _ = state.apply("no_doia")
    return state


def test_wild_sixes_off_a_six_no_longer_counts_for_another_face():
    state = three([[6, 6, 1], [2, 3, 4], [5, 5, 5]], NO_WILDS, starter=0)
    state, events = play(state, "bid:3:1", "palero", "lift")
    lifted = [e for e in events if e.kind == "cup_lifted"]
    assert lifted[0].amount("matched") == 1          # with the text's rules: 3 (test above)


def test_wild_sixes_off_sixes_are_an_ordinary_face_to_open_and_raise_on():
    state = three([[6, 6, 1], [2, 3, 4], [5, 5, 5]], NO_WILDS, starter=0)
    assert "bid:1:6" in state.legal_actions()
    state = bids(state, "bid:3:5")
    assert "bid:3:6" in state.legal_actions() and "bid:2:6" not in state.legal_actions()


def test_fixed_number_off_the_arrastatu_who_starts_may_move_to_a_higher_face():
    cups = [[3], [5]]
    setup = {"players": 2, "dice": [1, 1], "ages": [1, 2], "bag": 28, "arrastatze": [0, 1],
             "starter": 1}
    fixed = bids(dealt(BASQUE, setup, cups), "bid:1:3")
    free = bids(dealt(FREE_NUMBER, setup, cups), "bid:1:3")
    # seat 0 is an arrastatu who did not start: it may switch either way (others_switch)
    assert "bid:1:4" in fixed.legal_actions() and "bid:1:4" in free.legal_actions()
    back_fixed = bids(fixed, "bid:2:3")
    back_free = bids(free, "bid:2:3")
    assert "bid:2:4" not in back_fixed.legal_actions()   # the starter keeps the number
    assert "bid:2:4" in back_free.legal_actions()
