"""The engine explains refusals: every illegal action gets a true reason citing its clause.

``refusal(state, action)`` is ``None`` exactly for the legal actions; otherwise it is the
game's own ``why_not``, whose numbers are checked against ``legal_actions`` here.
"""

from __future__ import annotations

import random

import pytest

from jokoak.engine import CHANCE, IllegalAction, make_rules, refusal, sample_chance
from jokoak.games.peruludo import GAME as PERULUDO, dealt
from jokoak.games.peruludo import refusals as pr
from jokoak.games.peruludo.bids import parse_bid
from jokoak.i18n import translator

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
        text = found.text(translator(lang))
        assert "4" in text and text != found.english()


# --- fuzz: reasons agree with legal_actions, and their numbers are true ----------------------
OPTION_VALUES = [{}] + [{opt.name: value} for opt in PERULUDO.options
                        if opt.name in ("raise_rule", "from_wild_rule", "forbid_repeated_bids",
                                        "arrastatze_rounds")
                        for value in (opt.choices or (True, False)) if value != opt.default]
SETUPS = [None, {"dice": [1, 2, 1], "arrastatze": [0, 2]}, {"dice": [1, 1, 3], "arrastatze": [0, 1], "starter": 0}]


def walk(state, rng, steps):
    """Random legal play, yielding every position on the way."""
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = "palero" if "palero" in legal and rng.random() < 0.15 else rng.choice(legal)
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
    for setup in SETUPS:
        for state in walk(PERULUDO.new_initial_state(rules, setup), rng, 400):
            legal = set(state.legal_actions()) | {a for a, _ in state.chance_outcomes()}
            total = state.dice_in_play()
            bids = [(q, f) for q in range(0, total + 2) for f in range(0, 8)]
            others = ["palero", "doia", "no_doia", "lift", "roll:1", "roll:7", "bid:x", ""]
            for action in [f"bid:{q}:{f}" for q, f in bids] + others:
                found = refusal(state, action)
                assert (found is None) == (action in legal), (action, state.phase)
                assert (state.why_not(action) is None) == (action in legal)
                if found is not None:
                    assert found.clauses or found.msgid == "%(action)s is not allowed now."
                    found.english()  # every placeholder has its parameter
                    if state.phase == "bid" and (bid := parse_bid(action)):
                        check_bid_reason(state, bid, found)
