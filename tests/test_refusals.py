"""The engine explains refusals: every illegal action gets a true reason citing its clause.

``refusal(state, action)`` is ``None`` exactly for the legal actions; otherwise it is the
game's own ``why_not``, whose numbers are checked against ``legal_actions`` here.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

import toygame
from jokoak.engine import CHANCE, IllegalAction, make_rules, reason, refusal, sample_chance
from jokoak.engine.harness import ConformanceError, check_game
from jokoak.games.peruludo.engine import GAME as PERULUDO, dealt
from jokoak.games.peruludo import refusals as pr
from jokoak.games.peruludo.bids import parse_bid
from jokoak.games.zaldi_zuria.engine import GAME as ZALDI
from jokoak.games.zohn_ahl.engine import GAME as ZOHN
from jokoak.i18n import translator
from toygame import GAME as TOY, RaceState, ToyRace

SIX_TABLE = [[1, 2, 3, 4, 5]] * 6


def peruludo(bids: list[str], setup: dict | None = None, cups=None, **options):
    """A peruludo position after ``bids`` (nobody calls doia in between)."""
    state = dealt(make_rules(PERULUDO, **options), setup, cups or SIX_TABLE)
    for action in bids:
        state, _ = state.apply(action)
        while state.phase == "doia":
            state, _ = state.apply("no_doia")
    return state


def legal_quantities(state, face: int) -> list[int]:
    return [b[0] for b in map(parse_bid, state.legal_actions()) if b and b[1] == face]


def why(state, action, seat=None):
    found = refusal(state, action, seat)
    assert found is not None, f"{action} should be refused"
    return found


# --- peruludo: every kind of refused bid ----------------------------------------------------
def test_a_round_cannot_open_on_sixes():
    found = why(peruludo([]), "bid:3:6")
    assert found.msgid == pr.NO_SIX_OPENING
    assert "round.no_six_opening" in found.clauses


def test_an_arrastatze_round_may_open_on_sixes():
    state = peruludo([], {"dice": [1, 5], "arrastatze": [0], "starter": 0}, [[6], [1, 2, 3, 4, 5]])
    assert refusal(state, "bid:1:6") is None


def test_more_sixes_after_sixes_not_half_of_them():
    """After 2 x 6 the ladder needs three sixes (the old page said one would do)."""
    state = peruludo(["bid:4:2", "bid:2:6"])
    found = why(state, "bid:1:6")
    assert found.param("count") == 3 == min(legal_quantities(state, 6))
    assert found.clauses == ("raise.from_wild.more",)


def test_going_to_sixes_needs_half_the_quantity_rounded_up():
    state = peruludo(["bid:7:2"])
    found = why(state, "bid:3:6")
    assert found.param("count") == 4 == min(legal_quantities(state, 6))
    assert found.clauses == ("raise.to_wild",)


@pytest.mark.parametrize("rule, least", [("double", 8), ("double_plus_one", 9)])
def test_leaving_the_sixes_needs_double_them_per_from_wild_rule(rule, least):
    state = peruludo(["bid:7:2", "bid:4:6"], from_wild_rule=rule)
    found = why(state, f"bid:{least - 1}:3")
    assert found.param("count") == least == min(legal_quantities(state, 3))
    assert found.clauses == ("raise.from_wild.switch",)


def test_staying_on_a_face_needs_more_dice():
    state = peruludo(["bid:7:2"])
    found = why(state, "bid:7:2")
    assert found.param("count") == 8 and found.clauses == ("raise.higher",)


def test_a_higher_face_keeps_the_quantity_by_default():
    state = peruludo(["bid:7:2"])
    for action in ("bid:6:3", "bid:8:3"):
        found = why(state, action)
        assert found.msgid == pr.EXACTLY[0] and found.param("count") == 7
    assert legal_quantities(state, 3) == [7]


@pytest.mark.parametrize("rule", ["both_may_rise", "any_face_with_more"])
def test_a_higher_face_may_also_rise_under_looser_raise_rules(rule):
    state = peruludo(["bid:7:2"], raise_rule=rule)
    found = why(state, "bid:6:3")
    assert found.msgid == pr.AT_LEAST["higher_face"][0] and found.param("count") == 7
    assert refusal(state, "bid:8:3") is None


@pytest.mark.parametrize("rule", ["same_face_or_same_quantity", "both_may_rise"])
def test_the_face_cannot_go_down(rule):
    found = why(peruludo(["bid:7:3"], raise_rule=rule), "bid:9:2")
    assert found.msgid == pr.NO_LOWER_FACE and found.param("face") == 3
    assert found.clauses == ("raise.higher",)


def test_common_perudo_lets_a_lower_face_follow_with_more_dice():
    state = peruludo(["bid:7:3"], raise_rule="any_face_with_more")
    found = why(state, "bid:7:2")
    assert found.msgid == pr.AT_LEAST["any_face"][0] and found.param("count") == 8


def test_a_bid_already_made_in_the_round_is_refused():
    bids = ["bid:8:1", "bid:4:6"]
    state = peruludo(bids)
    found = why(state, "bid:8:1")
    assert found.msgid == pr.REPEATED and "raise.from_wild.switch" in found.clauses
    assert refusal(peruludo(bids, forbid_repeated_bids=False), "bid:8:1") is None


def test_no_bid_above_the_dice_on_the_table():
    found = why(peruludo([]), "bid:31:2")
    assert found.param("count") == 30 and "round.facts.dice_count" in found.clauses
    assert found.english() == "There are only 30 dice on the table."


def test_an_arrastatze_round_keeps_its_face():
    table = {"dice": [1, 5, 5], "arrastatze": [0], "starter": 0}
    state = peruludo(["bid:1:2"], table, [[2], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]])
    found = why(state, "bid:1:3")
    assert found.msgid == pr.FIXED_FACE and found.clauses == ("arrastatze.fixed_face",)
    assert found.param("face") == 2


def test_another_arrastatu_may_switch_only_to_a_higher_face():
    table = {"dice": [1, 1, 5], "arrastatze": [0, 1], "starter": 0}
    state = peruludo(["bid:1:3"], table, [[2], [4], [1, 2, 3, 4, 5]])
    assert state.turn == 1
    found = why(state, "bid:2:2")
    assert found.msgid == pr.ONLY_HIGHER_FACE and found.clauses == ("arrastatze.others_switch",)
    assert refusal(state, "bid:1:4") is None


def test_every_bid_of_a_face_allowed_here_may_already_be_used_up():
    """4 x 3, 2 x 6, 4 x 2: a higher face keeps four dice, and four 3s were bid already."""
    state = peruludo(["bid:4:3", "bid:2:6", "bid:4:2"])
    found = why(state, "bid:5:3")
    assert found.msgid == pr.ALL_USED and legal_quantities(state, 3) == []
    assert found.clauses == ("raise.higher", "raise.to_wild", "raise.from_wild.switch")


def test_refusals_that_name_a_face_name_the_dice_showing_it():
    """arrastatze.fixed_face and raise.higher refusals insert the face as a bare number: each
    reads as dice showing that face ("bid more 3." would not)."""
    table = {"dice": [1, 5, 5], "arrastatze": [0], "starter": 0}
    fixed = why(peruludo(["bid:1:2"], table, [[2], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]]), "bid:1:3")
    assert fixed.english() == ("In an arrastatze round the face cannot change: bid more dice "
                               "showing 2.")
    used = why(peruludo(["bid:4:3", "bid:2:6", "bid:4:2"]), "bid:5:3")
    assert used.english() == ("Every bid on dice showing 3 that is allowed here was already made "
                              "in this round.")
    for face in range(1, 7):
        for msgid in (pr.FIXED_FACE, pr.ALL_USED):
            assert f"dice showing {face}" in reason(msgid, face=face).english()


# --- peruludo: actions out of their phase ---------------------------------------------------
def test_palero_needs_a_bid_to_challenge():
    assert "palero.option" in why(peruludo([]), "palero").clauses


def test_doia_is_not_called_on_ones_own_turn():
    state = peruludo(["bid:3:2"])
    assert why(state, "doia").clauses == ("doia.call",)


def test_the_doia_questions_come_before_the_next_bid():
    state = dealt(make_rules(PERULUDO), None, SIX_TABLE).apply("bid:3:2")[0]
    assert state.phase == "doia"
    found = why(state, "bid:4:2", seat=state.turn)
    assert found.clauses == ("doia.call",)


def test_common_calza_the_last_bidder_may_not_call_doia():
    state = dealt(make_rules(PERULUDO, "perudo_standard"), None, SIX_TABLE).apply("bid:3:2")[0]
    assert state.phase == "doia" and state.bidder not in state.asking
    found = why(state, "doia", seat=state.bidder)
    assert found.english() == "Under these rules the last bidder may not call doia."


def test_a_seat_that_is_not_on_turn_is_told_so():
    state = peruludo(["bid:3:2"])
    other = (state.turn + 1) % state.players
    assert refusal(state, "bid:4:2", seat=state.turn) is None
    assert why(state, "bid:4:2", seat=other).msgid == "It is not your turn."


def test_illegal_apply_raises_illegal_action_with_the_reason():
    state = peruludo(["bid:4:2", "bid:2:6"])
    with pytest.raises(IllegalAction) as info:
        state.apply("bid:1:6")
    assert info.value.reason == refusal(state, "bid:1:6")


def test_nothing_is_legal_after_the_game_is_over():
    state = peruludo(["bid:2:2"], {"dice": [1, 1], "arrastatze": [0, 1], "starter": 0},
                     [[2], [3]])
    state = state.apply("palero")[0]
    while not state.is_terminal():
        state = state.apply("lift")[0]
    for action in ("roll:1", "bid:1:1", "palero", "lift"):
        assert why(state, action).clauses == ("setup.goal",)


def test_counted_reasons_are_translated_with_their_plural():
    found = why(peruludo(["bid:7:2"]), "bid:3:6")
    for lang in ("eu", "es", "fr"):
        tr = translator(lang)
        text = found.text(tr)
        assert "4" in text and text != found.english()
        assert found.text(tr.gettext, tr.ngettext) == text
    basque = translator("eu")
    one, many = (basque.ngettext(found.msgid, found.plural, n) for n in (1, 4))
    assert one != many and found.text(basque) == many % {"count": 4}


# --- fuzz: reasons agree with legal_actions, and their numbers are true ----------------------
OPTION_VALUES = [{}] + [{opt.name: value} for opt in PERULUDO.options
                        if opt.name in ("raise_rule", "from_wild_rule", "forbid_repeated_bids",
                                        "arrastatze_rounds")
                        for value in (opt.choices or (True, False)) if value != opt.default]
SETUPS = [None, {"dice": [3, 2, 4]}, {"dice": [1, 2, 1], "arrastatze": [0, 2]},
          {"dice": [1, 1, 3], "arrastatze": [0, 1], "starter": 0}]


def table_move(legal: list[str], rng: random.Random) -> str:
    """Like a table: mostly a low raise; rarely a challenge or a stop that ends things."""
    rare = [a for a in ("palero", "doia", "abandon") if a in legal]
    if rare and rng.random() < 0.08:
        return rng.choice(rare)
    usual = [a for a in legal if a not in rare] or legal
    return rng.choice(usual[:8]) if rng.random() < 0.9 else rng.choice(usual)


def walk(state, rng, steps):
    """Random legal play, yielding every position on the way."""
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            action = table_move(state.legal_actions(), rng)
        state = state.apply(action)[0]


def check_bid_reason(state, bid, found):
    quantity, face = bid
    legal = legal_quantities(state, face) if 1 <= face <= 6 else []
    if found.msgid in {p[0] for p in pr.AT_LEAST.values()} | {pr.AT_LEAST_UNUSED[0]}:
        assert found.param("count") == min(legal) and quantity < min(legal)
    elif found.msgid == pr.EXACTLY[0]:
        assert legal == [found.param("count")] != [quantity]
    elif found.msgid == pr.ONLY_ON_TABLE[0]:
        assert found.param("count") == state.dice_in_play() < quantity
    elif found.msgid in (pr.FIXED_FACE, pr.ONLY_HIGHER_FACE, pr.NO_LOWER_FACE, pr.ALL_USED,
                         pr.OVER_THE_TABLE[0], pr.NO_SIX_OPENING):
        assert legal == []
    elif found.msgid == pr.REPEATED:
        assert bid in [(q, f) for _, q, f in state.history]
    else:
        assert found.msgid == pr.NOT_A_BID and not (1 <= face <= 6 and quantity >= 1)


@pytest.mark.parametrize("options", OPTION_VALUES, ids=lambda o: ",".join(map(str, o.values())))
def test_peruludo_refuses_exactly_the_illegal_actions_with_true_numbers(options):
    rng = random.Random(13)
    rules = make_rules(PERULUDO, **options)
    others = ["palero", "doia", "no_doia", "lift", "roll:1", "roll:7", "bid:x", ""]
    for setup in SETUPS:
        for state in walk(PERULUDO.new_initial_state(rules, setup), rng, 300):
            legal = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
            total = state.dice_in_play()
            bids = ([f"bid:{q}:{f}" for q in range(0, total + 2) for f in range(0, 8)]
                    if state.phase == "bid" else ["bid:1:1", "bid:2:6"])
            actions = bids + others
            for action in actions:
                found = state.why_not(action)
                assert (found is None) == (action in legal), (action, state.phase)
                if found is not None:
                    assert found.clauses or found.msgid == "%(action)s is not allowed now."
                    found.english()  # every placeholder has its parameter
                    if state.phase == "bid" and (bid := parse_bid(action)):
                        check_bid_reason(state, bid, found)
            for action in rng.sample(actions, 3):
                assert refusal(state, action) == state.why_not(action)
            player = state.current_player()
            if player >= 0:
                action = rng.choice(sorted(legal))
                assert refusal(state, action, seat=player) is None
                for seat in range(state.players):
                    if seat != player:
                        assert refusal(state, action, seat=seat).clauses


# --- zaldi zuria ------------------------------------------------------------------------------
def zaldi(**setup):
    rules = make_rules(ZALDI)
    return ZALDI.new_initial_state(rules, {"players": 6, "chips": 20, **setup})


def test_zaldi_zuria_phase1_auction_a_bid_must_beat_the_standing_bid():
    state = zaldi(phase="auction", auctioneer=0).apply("bid:5")[0]
    found = why(state, "bid:5")
    assert found.param("count") == 5 and found.clauses == ("phase1.auction",)
    assert found.english() == "A bid must be more than the standing bid of 5 chips."


def test_zaldi_zuria_phase1_buyers_bid_no_more_than_ones_chips():
    state = zaldi(phase="auction", auctioneer=0, chips=[20, 1, 20, 20, 20, 20])
    found = why(state, "bid:2")
    assert (found.param("count"), found.param("bid")) == (1, 2)
    assert found.clauses == ("phase1.buyers",)
    assert found.english() == "You hold only 1 chip: a bid of 2 is too much."


def test_zaldi_zuria_phase1_buyers_a_seat_that_passed_is_out_of_the_bidding():
    state = zaldi(phase="auction", auctioneer=0).apply("pass")[0]
    assert why(state, "bid:3", seat=1).clauses == ("phase1.buyers",)


def test_zaldi_zuria_phase1_absence_the_last_player_cannot_pass():
    state = zaldi(phase="play", auctioneer=0, out=[1, 2, 3, 4, 5], to_throw=0)
    assert why(state, "pass").clauses == ("phase1.absence",)


def test_zaldi_zuria_phase1_absence_a_seat_that_is_out_is_told_so():
    state = zaldi(phase="play", auctioneer=0, out=[2], to_throw=0)
    assert why(state, "throw", seat=2).clauses == ("phase1.absence",)
    assert why(state, "throw", seat=1).msgid == "It is not your turn."


def test_zaldi_zuria_throws_wait_for_the_auction_and_the_player_on_turn():
    assert "play.start" in why(zaldi(phase="auction", auctioneer=0), "throw").clauses
    assert why(zaldi(phase="play", auctioneer=0), "roll:blank").clauses == ("play.start",)


def test_zaldi_zuria_nothing_is_legal_after_the_ending():
    rng = random.Random(3)
    state = zaldi()
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()) if state.current_player() != CHANCE
                            else sample_chance(state.chance_outcomes(), rng))[0]
    with pytest.raises(IllegalAction) as info:
        state.apply("throw")
    assert info.value.reason.clauses == ("ending",)


# --- zohn ahl ---------------------------------------------------------------------------------
def zohn(ruleset=None, **options):
    return ZOHN.new_initial_state(make_rules(ZOHN, ruleset, **options), None)


def test_zohn_ahl_the_sticks_land_before_anything_else():
    state = zohn().apply("throw")[0]
    for action in ("throw", "abandon"):
        assert why(state, action).clauses == ("sticks.dice", "sticks.marks")


def test_zohn_ahl_sahe_throws_exist_only_with_nebakuthanas_sticks():
    assert why(zohn().apply("throw")[0], "up:1s").msgid == "These throw sticks cannot show that throw."
    assert refusal(zohn("nebakuthana").apply("throw")[0], "up:1s") is None


def test_zohn_ahl_turn_team_order_the_other_team_waits():
    state = zohn()
    assert why(state, "throw", seat=1).clauses == ("turn.team_order",)
    assert "turn.team_order" in why(state, "up:2").clauses


def test_zohn_ahl_nothing_is_legal_after_an_abandoned_game():
    state = zohn().apply("abandon")[0]
    assert why(state, "throw").clauses == ("win.abandoned",)
    with pytest.raises(IllegalAction):
        state.apply("throw")


# --- every game: reasons agree with legal_actions ---------------------------------------------
def candidates(state) -> list[str]:
    return ["pass", "throw", "abandon", "bid:0", "bid:1", "bid:5", "bid:37", "bid:x",
            "roll:blank", "roll:1", "roll:7", "up:0", "up:1s", "up:4", "step:1", "step:6",
            "palero", "doia", "lift", ""]


GAMES = [(ZALDI, {"players": 6, "chips": 20}, None), (ZOHN, None, None),
         (ZOHN, None, "nebakuthana"), (TOY, None, None), (TOY, None, "short")]


@pytest.mark.parametrize("game, setup, ruleset", GAMES,
                         ids=["zaldi_zuria", "zohn_ahl", "nebakuthana", "toy", "toy_short"])
def test_every_game_refuses_exactly_the_illegal_actions(game, setup, ruleset):
    rng = random.Random(7)
    rules = make_rules(game, ruleset)
    for _ in range(2):
        for state in walk(game.new_initial_state(rules, setup), rng, 250):
            player = state.current_player()
            legal = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
            for action in candidates(state) + rng.sample(sorted(legal), min(4, len(legal))):
                found = refusal(state, action)
                assert (found is None) == (action in legal), action
                assert (state.why_not(action) is None) == (action in legal), action
                if found is not None:
                    assert found.clauses or found.msgid == "%(action)s is not allowed now."
                    found.english()
                    with pytest.raises(IllegalAction) as info:
                        state.apply(action)
                    assert info.value.reason == found
                if player >= 0 and action in legal:
                    other = (player + 1) % len(state.returns())
                    assert refusal(state, action, seat=player) is None
                    assert refusal(state, action, seat=other) is not None


# --- the harness holds every game (a fourth one too) to this ----------------------------------
def toy_with(state_class):
    class Variant(ToyRace):
        def new_initial_state(self, rules, setup=None):
            state = super().new_initial_state(rules, setup)
            return state_class(**{f.name: getattr(state, f.name) for f in fields(state)})
    return Variant()


def test_the_harness_catches_a_game_that_refuses_with_a_bare_value_error():
    class Bare(RaceState):
        def apply(self, action):
            if action not in self.legal_actions():
                raise ValueError(action)
            return super().apply(action)

    with pytest.raises(ConformanceError, match="not IllegalAction"):
        check_game(toy_with(Bare), games=2, clauses=toygame.CLAUSES)


def test_the_harness_catches_a_why_not_that_refuses_a_legal_action():
    class Grumpy(RaceState):
        def why_not(self, action, seat=None):
            return super().why_not(action, seat) or reason("No.", "toy.move")

    with pytest.raises(ConformanceError, match="refuses an action that was played"):
        check_game(toy_with(Grumpy), games=2, clauses=toygame.CLAUSES)
