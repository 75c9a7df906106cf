"""The guess-first questions: each exact chance agrees with a count over every way the dice or
sticks can fall (written here, apart from the module) and with the odds modules' own figure,
and the throws shown to the visitor come from the engine's own chance node."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from jokoak.engine.core import make_rules, sample_chance
from games_support import GAMES, engine_of, games_with
from jokoak.games.peruludo import odds as peruludo_odds
from jokoak.games.zaldi_zuria import odds as zaldi_zuria_odds
from jokoak.games.zohn_ahl import odds as zohn_ahl_odds
from jokoak.odds.guesses import Question, questions


def exact(game: str, question_id: str) -> Fraction:
    return questions(game)[question_id].exact


# ---- zaldi zuria: eight dice, each with five blank faces and one marked face (setup.dice) --
ZALDI_MARKS = ("1", "2", "3", "4", "5", "6", "bell", "hammer")


@pytest.fixture(scope="module")
def zaldi_counts():
    """One pass over the 6**8 falls, counting the three questions' events (every fall a
    column of an array: face 0 of a die is its marked face)."""
    shown = np.indices((6,) * 8, dtype=np.int8).reshape(8, -1) == 0
    symbols = shown[ZALDI_MARKS.index("bell")] | shown[ZALDI_MARKS.index("hammer")]
    marked = shown.any(axis=0)
    counts = {"all_blank": int((~marked).sum()), "bell_or_hammer": int(symbols.sum()),
              "pips_only": int((marked & ~symbols).sum())}
    return {k: Fraction(v, 6 ** 8) for k, v in counts.items()}


@pytest.mark.parametrize("question_id", ["all_blank", "bell_or_hammer", "pips_only"])
def test_zaldi_zuria_chances_match_every_fall_of_the_eight_dice(zaldi_counts, question_id):
    assert exact("zaldi_zuria", question_id) == zaldi_counts[question_id]


# ---- peruludo: five dice of six faces, sixes wild (setup.wild) ----------------------------
def test_peruludo_two_of_five_counting_fours_with_sixes_wild_matches_every_throw():
    falls = list(itertools.product(range(1, 7), repeat=5))
    wins = sum(sum(d in (4, 6) for d in dice) >= 2 for dice in falls)
    assert exact("peruludo", "two_of_five") == Fraction(wins, len(falls))


def test_peruludo_no_six_among_five_dice_matches_every_throw():
    falls = list(itertools.product(range(1, 7), repeat=5))
    wins = sum(6 not in dice for dice in falls)
    assert exact("peruludo", "no_six_of_five") == Fraction(wins, len(falls))


def test_peruludo_ten_of_thirty_for_twos_counts_the_sequences_of_thirty_dice():
    # sequences of 30 dice with exactly k dice showing 2 or 6: choose the k places, 2 faces
    # each, and one of the other 4 faces everywhere else
    ways = sum(math.comb(30, k) * 2 ** k * 4 ** (30 - k) for k in range(10, 31))
    assert exact("peruludo", "ten_of_thirty") == Fraction(ways, 6 ** 30)


# ---- zohn ahl: four sticks, each marked side up one time in two (sticks.dice) -------------
#: Marked faces up -> points, as the text lists them (throw.one .. throw.white).
ZOHN_POINTS = {0: 10, 1: 1, 2: 2, 3: 3, 4: 5}


@pytest.mark.parametrize("question_id,hit", [
    ("ten", lambda points: points == 10),
    ("two", lambda points: points == 2),
    ("again", lambda points: points in (5, 10)),   # throw.again
])
def test_zohn_ahl_chances_match_every_fall_of_the_four_sticks(question_id, hit):
    falls = list(itertools.product((True, False), repeat=4))
    wins = sum(hit(ZOHN_POINTS[sum(sticks)]) for sticks in falls)
    assert exact("zohn_ahl", question_id) == Fraction(wins, len(falls))


# ---- the throws ---------------------------------------------------------------------------
ALL = [(g, q) for g in GAMES for q in questions(g)]


@pytest.mark.parametrize("game,question_id", ALL)
def test_seeded_throws_land_within_four_standard_errors_of_the_exact_chance(game, question_id):
    question = questions(game)[question_id]
    n = 3000
    p = question.exact
    hits = question.simulate(random.Random(f"{game}:{question_id}"), n)
    error = math.sqrt(float(p * (1 - p)) / n)
    assert abs(hits / n - float(p)) < 4 * error


def test_a_throw_is_a_draw_from_the_engines_chance_node():
    """The same seed gives the same throws as the games' driver drawing from the node."""
    rules = make_rules(engine_of("zohn_ahl"), "basque_text")
    state, _ = engine_of("zohn_ahl").new_initial_state(rules).apply("throw")
    engine = random.Random(7)
    drawn = [sample_chance(state.chance_outcomes(), engine) for _ in range(200)]
    question = questions("zohn_ahl")["ten"]
    assert question.throws(random.Random(7), 200) == [a == "up:0" for a in drawn]


def test_the_same_seed_gives_the_same_throws():
    question = questions("peruludo")["two_of_five"]
    assert question.throws(random.Random(3), 50) == question.throws(random.Random(3), 50)


def test_a_negative_number_of_throws_is_refused():
    with pytest.raises(ValueError):
        questions("zohn_ahl")["ten"].throws(random.Random(1), -1)


# ---- the questions ------------------------------------------------------------------------
@pytest.mark.parametrize("game", games_with("guesses"))
def test_every_game_with_guesses_has_questions_keyed_by_their_ids(game):
    found = questions(game)
    assert found and all(q.id == key and q.game == game for key, q in found.items())


@pytest.mark.parametrize("game,question_id", ALL)
def test_every_question_is_a_real_chance(game, question_id):
    assert 0 < questions(game)[question_id].exact < 1


@pytest.mark.parametrize("game,question_id", ALL)
def test_every_question_names_clauses_of_its_game(game, question_id):
    from jokoak.content.segments import segment_map
    ids = set(segment_map(game))
    assert set(questions(game)[question_id].clauses) <= ids


@pytest.mark.parametrize("game,question_id", ALL)
def test_every_answer_says_the_chance(game, question_id):
    assert "%(chance)s" in questions(game)[question_id].answer


def test_a_game_without_questions_has_none():
    assert questions("no_such_game") == {}


# ---- the same chances, as the odds pages give them ----------------------------------------
def _zohn_rules():
    return make_rules(engine_of("zohn_ahl"), "basque_text")


#: Each question's chance worked out by the odds module of its game (jokoak/games/<game>/odds.py),
#: which sums the engine's chance model its own way (patterns, a binomial, the sticks' kinds).
ODDS_FIGURES = {
    ("zaldi_zuria", "all_blank"): lambda: zaldi_zuria_odds.throw_kinds()["all_blank"],
    ("zaldi_zuria", "bell_or_hammer"): lambda: (zaldi_zuria_odds.throw_kinds()["symbols_only"]
                                                + zaldi_zuria_odds.throw_kinds()["symbols_and_pips"]),
    ("zaldi_zuria", "pips_only"): lambda: zaldi_zuria_odds.throw_kinds()["pips_only"],
    ("peruludo", "two_of_five"): lambda: peruludo_odds.p_bid_true((2, 4), (), 5, wild=True),
    ("peruludo", "no_six_of_five"): lambda: peruludo_odds.p_bid_exact((0, 6), (), 5, wild=False),
    ("peruludo", "ten_of_thirty"): lambda: peruludo_odds.p_bid_true((10, 2), (), 30, wild=True),
    ("zohn_ahl", "ten"): lambda: zohn_ahl_odds.throw_values(_zohn_rules())[10],
    ("zohn_ahl", "again"): lambda: zohn_ahl_odds.rethrow_probability(_zohn_rules()),
    ("zohn_ahl", "two"): lambda: zohn_ahl_odds.throw_values(_zohn_rules())[2],
}


@pytest.mark.parametrize("game,question_id", ALL)
def test_every_questions_chance_is_the_odds_modules_figure(game, question_id):
    assert (game, question_id) in ODDS_FIGURES, "say which odds figure this question is"
    assert exact(game, question_id) == ODDS_FIGURES[game, question_id]()


class CountedAction(str):
    """An action that counts how often it is hashed (a cache keyed by its node hashes it)."""

    hashed = [0]

    def __hash__(self) -> int:
        self.hashed[0] += 1
        return str.__hash__(self)


def test_reading_a_questions_chance_again_neither_recomputes_nor_hashes_its_node():
    node = ((CountedAction("hit"), Fraction(1, 3)), (CountedAction("miss"), Fraction(2, 3)))
    calls = []
    question = Question("toy", "toy", "q", "a", "h", (), node, 2,
                        lambda action: calls.append(action) or action == "hit")
    CountedAction.hashed[0] = 0
    assert question.exact == question.exact == 1 - Fraction(2, 3) ** 2
    assert CountedAction.hashed[0] == 0 and len(calls) == len(node)
