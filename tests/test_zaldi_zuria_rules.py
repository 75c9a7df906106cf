"""Zaldi zuria, clause by clause: each test is named after the clause it checks."""

from fractions import Fraction

import pytest

from jokoak.engine.core import CHANCE, SetupError, make_rules
from games_support import engine_of
from jokoak.games.zaldi_zuria.bots import POLICIES
from jokoak.engine import IllegalAction
from jokoak.games.zaldi_zuria.engine import BANK, CARDS
from jokoak.engine.record import play, replay

GAME = engine_of("zaldi_zuria")
HOLDERS = {"white_horse": 1, "inn": 2, "bell": 3, "hammer": 4, "bell_hammer": 5}


def rules(ruleset=None, **options):
    return make_rules(GAME, ruleset, **options)


def table(bank=30, inn_open=False, to_throw=0, chips=30, holders=None, ruleset=None,
          **options):
    """Six players in phase 2 (or 3), cards with seats 1-5, seat 0 the banker without cards."""
    return GAME.new_initial_state(rules(ruleset, **options), {
        "players": 6, "chips": chips, "bank": bank, "phase": "play", "auctioneer": 0,
        "holders": HOLDERS if holders is None else holders, "inn_open": inn_open,
        "to_throw": to_throw})


def throw(state, roll):
    state, first = state.apply("throw")
    state, events = state.apply(roll)
    return state, first + events


def payments(events):
    return [(e.get("payer"), e.get("payee"), e.amount("chips"))
            for e in events if e.kind == "payment"]


def cited(events):
    return {c for e in events for c in e.clauses}


def start_game(ruleset=None, **options):
    return GAME.new_initial_state(rules(ruleset, **options), GAME.default_setup(rules()))


def run(state, *actions):
    events = []
    for a in actions:
        state, evs = state.apply(a)
        events += evs
    return state, events


# ---- setup --------------------------------------------------------------------------------
def test_setup_cards_five_cards_are_sold_in_the_texts_order():
    state, events = run(start_game(), "roll:6", *["roll:blank"] * 5, *["pass"] * 30)
    opened = [e.get("card") for e in events if e.kind == "auction_open"]
    assert CARDS == ("white_horse", "inn", "bell", "hammer", "bell_hammer")
    assert opened == list(CARDS)


def test_setup_dice_one_chance_node_over_256_patterns_summing_to_one():
    state, _ = table().apply("throw")
    outcomes = state.chance_outcomes()
    assert state.current_player() == CHANCE
    assert len(outcomes) == 256
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)["roll:blank"] == Fraction(5, 6) ** 8


def test_setup_dice_each_die_shows_its_mark_with_probability_one_sixth():
    state, _ = table().apply("throw")
    for mark in ("1", "6", "bell", "hammer"):
        p = sum(prob for action, prob in state.chance_outcomes()
                if mark in action.split(":")[1].split(","))
        assert p == Fraction(1, 6)


def test_setup_players_fewer_than_six_are_refused_with_a_translatable_reason():
    with pytest.raises(SetupError) as info:
        GAME.new_initial_state(rules(), {"players": 5})
    assert info.value.params == {"field": "players", "minimum": 6, "count": 5}
    assert "%(minimum)s" in info.value.msgid


def test_setup_players_pierer_plays_with_four():
    state = GAME.new_initial_state(rules("pierer_1857"), {"players": 4})
    assert state.players == 4


def test_setup_chips_everyone_starts_with_36():
    assert start_game().chips == (36,) * 6


@pytest.mark.parametrize("setup, field", [
    ({"players": "six"}, "players"), ({"players": 6, "chips": [36, 36]}, "chips"), ({"bank": -1}, "bank"),
    ({"phase": "later"}, "phase"), ({"phase": "play"}, "auctioneer"),
    ({"phase": "play", "auctioneer": 9}, "auctioneer"),
    ({"phase": "play", "auctioneer": 0, "holders": {"joker": 1}}, "holders"),
    ({"phase": "play", "auctioneer": 0, "inn_open": "yes"}, "inn_open"),
    ({"phase": "play", "auctioneer": 0, "out": [7]}, "out"),
    ({"passes": [2, 0, 0, 0, 0, 0]}, "passes"), ({"colour": "red"}, "colour"),
])
def test_setup_errors_name_the_field(setup, field):
    with pytest.raises(SetupError) as info:
        GAME.new_initial_state(rules(), setup)
    assert info.value.params["field"] == field


# ---- start --------------------------------------------------------------------------------
def test_start_auctioneer_the_most_pips_becomes_auctioneer_and_banker():
    state, events = run(start_game(), "roll:1", "roll:2", "roll:3,4", "roll:blank",
                        "roll:bell", "roll:6")
    assert state.auctioneer == 2
    assert [e.actors for e in events if e.kind == "auctioneer_chosen"] == [(2,)]
    assert state.phase == "auction"


def test_start_auctioneer_a_tie_is_thrown_again_by_the_tied_only():
    state, events = run(start_game(), "roll:6", "roll:1", "roll:2,4", "roll:blank",
                        "roll:blank", "roll:blank")
    assert state.contenders == (0, 2) and state.auctioneer is None
    state, events = run(state, "roll:1", "roll:2")
    assert state.auctioneer == 2


def test_start_stakes_everyone_puts_four_chips_into_the_bank():
    state, events = run(start_game(), "roll:6", *["roll:blank"] * 5)
    assert state.bank == 24
    assert state.chips == (32,) * 6
    assert "start.stakes" in cited(events)


def test_start_stakes_young_folks_collects_them_after_the_auction():
    state, _ = run(start_game("young_folks_1890"), "roll:6", *["roll:blank"] * 5)
    assert state.bank == 0
    state, _ = run(state, *["pass"] * 30)
    assert state.phase == "play" and state.bank == 24


# ---- phase 1 ------------------------------------------------------------------------------
def auction(**setup):
    return GAME.new_initial_state(rules(), {"phase": "auction", "auctioneer": 0, **setup})


def test_phase1_auction_the_highest_bid_wins_and_the_price_goes_to_the_bank():
    state, events = run(auction(bank=24), "bid:3", "bid:5", "pass", "pass", "pass", "pass",
                        "pass")
    assert state.holder("white_horse") == 2
    assert state.chips[2] == 31 and state.bank == 29
    assert ("payment" in {e.kind for e in events} and
            (2, BANK, 5) in payments(events))


def test_phase1_auction_bidding_starts_left_of_the_auctioneer():
    assert auction().current_player() == 1


def test_phase1_buyers_a_bid_beyond_ones_chips_is_refused():
    state = auction(chips=[36, 7, 36, 36, 36, 36])
    assert "bid:7" in state.legal_actions() and "bid:8" not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply("bid:8")
    assert info.value.reason.param("count") == 7 and info.value.reason.param("bid") == 8
    assert info.value.reason.clauses == ("phase1.buyers",)


def test_phase1_buyers_a_player_may_buy_several_cards():
    state = auction()
    for _ in CARDS:
        state, _ = run(state, "bid:1", *["pass"] * 5)
    assert state.phase == "play"
    assert state.cards_of(1) == CARDS


def test_phase1_auction_an_unsold_card_stays_with_the_bank_by_default():
    state, events = run(auction(), *["pass"] * 30)
    assert all(state.holder(c) == BANK for c in CARDS)
    assert sum(e.kind == "card_unsold" for e in events) == 5


def test_phase1_auction_option_nobody_holds_an_unsold_card():
    state = table(holders={"inn": 2}, unsold_cards="nobody")
    state, events = throw(state, "roll:blank")
    assert payments(events) == []
    assert [e.get("reason") for e in events if e.kind == "no_payment"] == ["no_holder"]


def test_phase1_throw_without_cards_a_player_without_cards_throws_and_wins_from_the_bank():
    state, events = throw(table(bank=30, to_throw=0), "roll:2,3")
    assert "phase1.throw_without_cards" in cited(events)
    assert state.chips[0] == 35 and state.bank == 25


def test_phase1_absence_two_passes_in_a_row_put_a_player_out_and_their_chips_to_the_bank():
    state, events = run(table(to_throw=3), "pass")
    assert 3 not in state.out
    for _ in range(5):
        state, evs = throw(state, "roll:1")
    state, events = run(state, "pass")
    assert 3 in state.out and state.chips[3] == 0
    assert state.holder("bell") == BANK
    assert state.totals()["chips"] == 6 * 30 + 30
    assert state.to_throw == 4


def test_phase1_absence_throwing_in_between_resets_the_count():
    state, _ = run(table(to_throw=3), "pass")
    for _ in range(5):
        state, _ = throw(state, "roll:1")
    state, _ = throw(state, "roll:1")          # seat 3 takes part this time
    for _ in range(5):
        state, _ = throw(state, "roll:1")
    state, _ = run(state, "pass")
    assert 3 not in state.out


def test_phase1_absence_the_last_player_cannot_pass():
    state = GAME.new_initial_state(rules(), {"phase": "play", "auctioneer": 0, "bank": 50,
                                             "out": [1, 2, 3, 4, 5], "to_throw": 0})
    assert state.legal_actions() == ["throw"]


def test_play_start_the_banker_throws_first_by_default():
    state, events = run(auction(), *["pass"] * 30)
    assert state.to_throw == 0
    assert "play.start" in cited(events)


def test_play_start_pierer_lets_the_white_horse_holder_throw_first():
    state = GAME.new_initial_state(rules("pierer_1857"), {"phase": "auction", "auctioneer": 0})
    state, _ = run(state, "pass", "pass", "bid:2", *["pass"] * 3, *["pass"] * 24)
    assert state.holder("white_horse") == 3 and state.to_throw == 3


# ---- phase 2 ------------------------------------------------------------------------------
def test_phase2_throw1_owner_collects_one_chip_from_every_other_player():
    state, events = throw(table(to_throw=1), "roll:blank")
    assert state.chips == (29, 35, 29, 29, 29, 29)
    assert "phase2.throw1.owner" in cited(events) and "phase2.throw1" in cited(events)


def test_phase2_throw1_other_only_the_thrower_pays_the_owner():
    state, events = throw(table(to_throw=2), "roll:blank")
    assert payments(events) == [(2, 1, 1)]
    assert "phase2.throw1.other" in cited(events)


def test_phase2_throw1_young_folks_everyone_pays_whoever_threw():
    state, events = throw(table(to_throw=2, ruleset="young_folks_1890"), "roll:blank")
    assert sorted(payments(events)) == [(s, 1, 1) for s in (0, 2, 3, 4, 5)]


def test_phase2_throw1_pierer_only_the_thrower_pays():
    _, events = throw(table(to_throw=1, ruleset="pierer_1857"), "roll:blank")
    assert payments(events) == []          # the holder would pay themselves


def test_phase2_throw2_pay_a_symbols_holder_pays_the_white_horse_one_chip():
    _, events = throw(table(), "roll:hammer")
    assert payments(events) == [(4, 1, 1)]
    assert {"phase2.throw2", "phase2.throw2.pay"} <= cited(events)


def test_phase2_throw2_pay_bell_and_hammer_make_three_cards_pay():
    _, events = throw(table(), "roll:bell,hammer")
    assert payments(events) == [(3, 1, 1), (4, 1, 1), (5, 1, 1)]


def test_phase2_throw3_pay_the_bank_pays_the_pip_sum_to_the_symbols_holder():
    state, events = throw(table(bank=30), "roll:2,6,bell")
    assert payments(events) == [(BANK, 3, 8)]
    assert state.bank == 22
    assert {"phase2.throw3", "phase2.throw3.pay"} <= cited(events)


def test_phase2_throw3_both_pays_the_holders_of_the_three_cards():
    _, events = throw(table(bank=30), "roll:1,bell,hammer")
    assert payments(events) == [(BANK, 3, 1), (BANK, 4, 1), (BANK, 5, 1)]
    assert "phase2.throw3.both" in cited(events)


def test_phase2_throw3_both_pierer_pays_only_the_combined_card():
    _, events = throw(table(bank=30, ruleset="pierer_1857"), "roll:1,bell,hammer")
    assert payments(events) == [(BANK, 5, 1)]


def test_phase2_throw3_pay_option_split_shares_the_sum():
    _, events = throw(table(bank=30, symbol_payout="split_sum"), "roll:3,4,bell,hammer")
    assert payments(events) == [(BANK, 3, 2), (BANK, 4, 2), (BANK, 5, 2)]


def test_phase2_throw4_a_fewer_pips_than_the_bank_the_banker_pays_the_thrower():
    state, events = throw(table(bank=30, to_throw=2), "roll:4,5")
    assert payments(events) == [(BANK, 2, 9)]
    assert "phase2.throw4.a" in cited(events)


def test_phase2_throw4_b_pips_equal_to_the_bank_end_the_game():
    state, events = throw(table(bank=9, to_throw=2), "roll:4,5")
    assert state.is_terminal() and state.ending == "exact_hit"
    assert state.winner == 2 and state.chips[2] == 39 and state.bank == 0
    assert {"phase2.throw4.b", "ending"} <= cited(events)


def test_phase2_throw4_b_literal_option_ends_without_taking_the_bank():
    state, _ = throw(table(bank=9, to_throw=2, phase2_exact_hit="bank_untouched"), "roll:4,5")
    assert state.is_terminal() and state.winner is None and state.bank == 9
    assert state.next_auctioneer == 0


def test_phase2_exact_hit_literal_option_also_leaves_the_bank_on_a_bell_or_hammer_hit():
    state, _ = throw(table(bank=7, to_throw=1, phase2_exact_hit="bank_untouched"),
                     "roll:3,4,bell")
    assert state.is_terminal() and state.winner is None and state.bank == 7
    assert state.chips[1] == 30


def test_ending_straight_ordinary_throw_option_pays_it_as_21_pips():
    state, events = throw(table(bank=30, to_throw=1, straight_ending="ordinary_throw"),
                          "roll:1,2,3,4,5,6")
    assert not state.is_terminal() and payments(events) == [(BANK, 1, 21)]


def test_setup_chips_table_set_says_what_is_on_the_table():
    _, events = throw(table(bank=28, chips=[30, 28, 28, 2, 30, 30]), "roll:blank")
    table_set = next(e for e in events if e.kind == "table_set")
    assert table_set.amount("bank") == 28 and dict(table_set.data)["purses"] == [
        30, 28, 28, 2, 30, 30]
    _, events = throw(table(bank=30, chips=28), "roll:blank")
    table_set = next(e for e in events if e.kind == "table_set")
    assert table_set.amount("chips") == 28 and dict(table_set.data)["same_purses"]


def test_rulesets_pierer_and_young_folks_name_what_they_carry_over_from_the_basque_text():
    for name in ("pierer_1857", "young_folks_1890"):
        ruleset = next(r for r in GAME.rulesets if r.name == name)
        assert "Everything else follows the Basque text" in ruleset.provenance
        assert "1-2-3-4-5-6" in ruleset.provenance and "highest throw" in ruleset.provenance


def test_phase2_throw4_c_pays_whole_sum_to_inn():
    state, events = throw(table(bank=5, to_throw=3), "roll:4,5")
    assert payments(events) == [(3, 2, 9)]
    assert "phase2.throw4.c" in cited(events)


def test_phase2_throw4_c_older_sources_pay_only_the_excess():
    _, events = throw(table(bank=5, to_throw=3, ruleset="young_folks_1890"), "roll:4,5")
    assert payments(events) == [(3, 2, 4)]


# ---- phase 3 ------------------------------------------------------------------------------
def test_phase3_inn_opens_on_the_first_throw_over_the_bank():
    state, events = throw(table(bank=5, to_throw=3), "roll:4,5")
    assert state.inn_open
    assert [e.get("innkeeper") for e in events if e.kind == "inn_opens"] == [2]


def test_phase3_inn_opens_even_when_the_innkeeper_throws_over_the_bank():
    state, events = throw(table(bank=5, to_throw=2), "roll:4,5")
    assert state.inn_open and payments(events) == []


def test_phase3_inn_opens_pierer_as_soon_as_the_bank_is_below_21():
    state, events = throw(table(bank=25, ruleset="pierer_1857"), "roll:1,4")
    assert state.bank == 20 and state.inn_open
    opens = next(e for e in events if e.kind == "inn_opens")
    assert dict(opens.data)["reason"] == "bank_below_21"


def test_phase3_inn_opens_the_4c_clause_is_cited_only_when_a_4c_throw_opens_the_inn():
    _, pierer = throw(table(bank=25, ruleset="pierer_1857"), "roll:1,4")
    _, basque = throw(table(bank=5, to_throw=3), "roll:4,5")
    assert "phase3.inn_opens" not in cited(pierer) and "phase3.heading" in cited(pierer)
    assert "phase3.inn_opens" in cited(basque)


def test_phase3_throw1_pay_the_white_horse_holder_pays_the_innkeeper():
    _, events = throw(table(inn_open=True), "roll:blank")
    assert payments(events) == [(1, 2, 1)]
    assert {"phase3.throw1", "phase3.throw1.pay"} <= cited(events)


def test_phase3_throw2_pay_the_symbols_holders_pay_the_innkeeper():
    _, events = throw(table(inn_open=True), "roll:bell")
    assert payments(events) == [(3, 2, 1)]
    assert {"phase3.throw2", "phase3.throw2.pay"} <= cited(events)


def test_phase3_throw3_a_the_holders_pay_the_difference_to_the_innkeeper():
    _, events = throw(table(bank=4, inn_open=True), "roll:3,6,hammer")
    assert payments(events) == [(4, 2, 5)]
    assert {"phase3.throw3", "phase3.throw3.a"} <= cited(events)


def test_phase3_throw3_a_both_the_three_cards_holders_pay():
    _, events = throw(table(bank=4, inn_open=True), "roll:3,6,bell,hammer")
    assert payments(events) == [(3, 2, 5), (4, 2, 5), (5, 2, 5)]
    assert "phase3.throw3.a.both" in cited(events)


def test_phase3_throw3_b_fewer_pips_the_banker_pays_the_thrower():
    _, events = throw(table(bank=10, inn_open=True, to_throw=1), "roll:3,bell")
    assert payments(events) == [(BANK, 1, 3)]
    assert "phase3.throw3.b" in cited(events)


def test_phase3_throw4_a_fewer_pips_the_banker_pays_the_thrower():
    _, events = throw(table(bank=10, inn_open=True, to_throw=1), "roll:3")
    assert payments(events) == [(BANK, 1, 3)]
    assert "phase3.throw4.a" in cited(events)


def test_phase3_throw4_b_the_thrower_takes_the_bank_and_wins():
    state, events = throw(table(bank=10, inn_open=True, to_throw=4), "roll:4,6")
    assert state.is_terminal() and state.winner == 4 and state.chips[4] == 40
    assert "phase3.throw4.b" in cited(events)


def test_phase3_throw4_b_next_the_winner_auctions_the_next_game():
    state, events = throw(table(bank=10, inn_open=True, to_throw=4), "roll:4,6")
    end = [e for e in events if e.kind == "game_end"][0]
    assert end.get("next_auctioneer") == 4 == state.next_auctioneer
    assert "phase3.throw4.b.next" in end.clauses


def test_phase3_throw4_c_more_pips_the_thrower_pays_the_inn():
    _, events = throw(table(bank=3, inn_open=True, to_throw=5), "roll:1,5")
    assert payments(events) == [(5, 2, 6)]
    assert "phase3.throw4.c" in cited(events)


def test_phase3_throw4_c_innkeeper_throwing_over_the_bank_pays_the_bank():
    state, events = throw(table(bank=3, inn_open=True, to_throw=2), "roll:1,5")
    assert payments(events) == [(2, BANK, 6)]
    assert state.bank == 9
    assert "phase3.throw4.c.innkeeper" in cited(events)


# ---- endings ------------------------------------------------------------------------------
def test_ending_one_to_six_with_two_blanks_ends_the_game_whatever_the_bank():
    state, events = throw(table(bank=40, to_throw=1), "roll:1,2,3,4,5,6")
    assert state.is_terminal() and state.ending == "straight" and state.winner == 1
    assert "ending" in cited(events)


def test_ending_option_no_winner_on_one_to_six():
    state, _ = throw(table(bank=40, straight_ending="no_winner"), "roll:1,2,3,4,5,6")
    assert state.is_terminal() and state.winner is None and state.bank == 40


def test_ending_pips_equal_to_the_bank_with_a_symbol_end_the_game_by_default():
    state, events = throw(table(bank=7, to_throw=1), "roll:3,4,bell")
    assert state.is_terminal() and state.winner == 1
    assert "ending" in cited(events)


def test_ending_option_symbol_throw_equal_to_the_bank_is_paid_by_its_kind():
    state, events = throw(table(bank=7, exact_hit_with_symbol="throw_kind_rules"),
                          "roll:3,4,bell")
    assert not state.is_terminal() and payments(events) == [(BANK, 3, 7)]
    state, events = throw(table(bank=7, inn_open=True, exact_hit_with_symbol="throw_kind_rules"),
                          "roll:3,4,bell")
    assert payments(events) == [] and "no_payment" in {e.kind for e in events}


# ---- purses -------------------------------------------------------------------------------
def test_a_player_who_cannot_pay_pays_everything_they_have():
    state, events = throw(table(bank=5, to_throw=3, chips=[30, 30, 30, 2, 30, 30]), "roll:4,5")
    pay = [e for e in events if e.kind == "payment"][0]
    assert (pay.amount("chips"), pay.amount("owed"), pay.get("short")) == (2, 9, True)
    assert state.chips[3] == 0 and state.chips[2] == 32


def test_a_bank_that_cannot_pay_pays_what_it_holds():
    state, events = throw(table(bank=5), "roll:4,bell,hammer")
    assert payments(events) == [(BANK, 3, 4), (BANK, 4, 1), (BANK, 5, 0)]
    assert state.bank == 0


@pytest.mark.parametrize("seed", [3, 4])
def test_chips_are_conserved_through_a_whole_game(seed):
    rec = play(GAME, rules(), None, seed, POLICIES["greedy"])
    initial, steps = replay(GAME, rec)
    assert {s.after.totals()["chips"] for s in steps} == {6 * 36}
    assert steps[-1].after.is_terminal()


def test_returns_are_the_chips_won_or_lost():
    state, _ = throw(table(bank=9, to_throw=2), "roll:4,5")
    assert state.returns() == [0.0, 0.0, 9.0, 0.0, 0.0, 0.0]


def test_observation_nothing_is_hidden_every_seat_sees_what_a_spectator_sees():
    state, _ = run(start_game(), "roll:6", *["roll:blank"] * 5, "bid:2")
    assert all(state.observation(s) == state.observation(None) for s in range(6))


def test_illegal_actions_are_refused():
    with pytest.raises(IllegalAction):
        table().apply("bid:3")
    with pytest.raises(IllegalAction):
        table().apply("roll:1")


# ---- properties ---------------------------------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402

from jokoak.games.zaldi_zuria.rules import chance_outcomes  # noqa: E402

ROLLS = [a for a, _ in chance_outcomes()]


@settings(max_examples=100, deadline=None)
@given(bank=st.integers(0, 60), chips=st.lists(st.integers(0, 40), min_size=6, max_size=6),
       inn_open=st.booleans(), thrower=st.integers(0, 5), roll=st.sampled_from(ROLLS),
       ruleset=st.sampled_from([r.name for r in GAME.rulesets]),
       unsold=st.sampled_from(["bank", "nobody"]), sold=st.sets(st.sampled_from(CARDS)))
def test_any_throw_on_any_table_conserves_chips_and_leaves_no_purse_negative(
        bank, chips, inn_open, thrower, roll, ruleset, unsold, sold):
    holders = {c: HOLDERS[c] for c in sold}
    state = table(bank=bank, chips=chips, inn_open=inn_open, to_throw=thrower,
                  holders=holders, ruleset=ruleset, unsold_cards=unsold)
    after, events = throw(state, roll)
    assert after.totals() == state.totals()
    assert after.bank >= 0 and min(after.chips) >= 0
    paid = sum(e.amount("chips") for e in events if e.kind == "payment")
    owed = sum(e.amount("owed") for e in events if e.kind == "payment")
    assert paid <= owed
