"""A game in progress survives as a short URL text (jokoak.engine.record_code).

Whole seeded games of every shipped game come back record-equal; every kind of damage is
refused with its own reason; the bounds hold.
"""

from __future__ import annotations

import base64
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import pytest

from jokoak import registry
from jokoak.games.peruludo.bots import POLICIES as PERULUDO
from jokoak.games.zaldi_zuria.bots import POLICIES as ZALDI_ZURIA
from jokoak.games.zohn_ahl.bots import POLICIES as ZOHN_AHL
from jokoak.engine import record_code as rc
from jokoak.engine.core import make_rules
from jokoak.engine.driver import (Seating, advance, decisions, resume, resumed, start,
                                  submit)
from jokoak.engine.record import Record, play, random_policy
from jokoak.engine.record_code import (MAX_CHARS, Packer, RecordCodeError, decode, encode,
                                       sealed, unsealed)

GAMES = {entry.key: entry.game() for entry in registry.plugins().values()}
POLICY = {"peruludo": PERULUDO["medium"], "zaldi_zuria": ZALDI_ZURIA["careful"],
          "zohn_ahl": ZOHN_AHL["thrower"]}


@lru_cache(maxsize=None)
def whole_game(key: str, ruleset: str, seed: int, policy: str = "random") -> Record:
    """A seeded whole game: random legal moves (every branch of the rules), or the
    computer players of the play views (``policy="bots"``: the games visitors make)."""
    game = GAMES[key]
    rules = make_rules(game, ruleset)
    return play(game, rules, game.default_setup(rules), seed,
                random_policy if policy == "random" else POLICY[key])


def some_code(key: str = "zohn_ahl", seed: int = 3) -> str:
    return encode(GAMES[key], whole_game(key, GAMES[key].rulesets[0].name, seed),
                  {"level": "hard"})


def refusal(code: object, expected: str | None = None) -> str:
    with pytest.raises(RecordCodeError) as caught:
        decode(code, GAMES, expected)
    return caught.value.msgid


CASES = [(key, ruleset.name, seed) for key in GAMES for ruleset in GAMES[key].rulesets
         for seed in (1, 2)]


@pytest.mark.parametrize("key,ruleset,seed", CASES)
def test_a_seeded_whole_game_comes_back_equal_with_its_choices(key, ruleset, seed):
    record = whole_game(key, ruleset, seed)
    code = encode(GAMES[key], record, {"level": "hard", "opponents": 3, "seats": [0, 1]})
    decoded = decode(code, GAMES, expected=key)
    assert decoded.record == record
    assert decoded.choices == {"level": "hard", "opponents": 3, "seats": [0, 1]}


@pytest.mark.parametrize("seed", range(2))
def test_a_long_six_player_peruludo_game_fits_a_short_link(seed):
    """Six players, five dice each, 1,600-2,400 actions: under 1,000 characters (each
    action costs log2 of its legal choices; a varint a move would need about 3,200)."""
    record = whole_game("peruludo", "basque_text", seed, "bots")
    code = encode(GAMES["peruludo"], record)
    assert len(record.actions) > 1500
    assert len(code) < 1000 < MAX_CHARS


def test_the_code_is_url_safe_text():
    code = some_code()
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_options_differing_from_the_ruleset_come_back_with_their_types():
    game = GAMES["zohn_ahl"]
    rules = make_rules(game, "basque_text", stick_probability=Fraction(2, 5), carry_over=False,
                       scoring_sticks=7, first_team="right")
    record = play(game, rules, game.default_setup(rules), 5, POLICY["zohn_ahl"])
    back = decode(encode(game, record), GAMES).record
    assert back == record
    assert back.rules["stick_probability"] == Fraction(2, 5)
    assert back.rules["carry_over"] is False


@pytest.mark.parametrize("people", [None, (), (0,), (0, 2, 5)])
def test_the_seats_people_play_come_back(people):
    record = replace(whole_game("zaldi_zuria", "basque_text", 1), people=people)
    assert decode(encode(GAMES["zaldi_zuria"], record), GAMES).record == record


def test_people_out_of_seat_order_are_damage():
    rest = (rc._text("basque_text") + rc._varint(0) + b"\x00" + rc._varint(1)
            + rc._varint(3) + rc._varint(2) + rc._varint(1) + b"\x00" + rc._varint(0))
    assert refusal(_forged(rc._text("zohn_ahl"), rest)) == rc.N_DAMAGED


@pytest.mark.parametrize("seed", [None, 0, -7, 2 ** 53 - 1])
def test_any_seed_comes_back(seed):
    game = GAMES["zohn_ahl"]
    position = start(game, make_rules(game), seed=seed if seed is not None else 1)
    record = Record(game.name, position.record.rules, position.record.setup, seed)
    assert decode(encode(game, record), GAMES).record == record


def test_a_growing_record_packs_only_its_new_actions_and_an_undo_starts_over():
    game, record = GAMES["peruludo"], whole_game("peruludo", "basque_text", 1, "bots")
    packer = Packer(game)
    for length in (10, 200, 201, 900, 40, len(record.actions)):
        cut = Record(record.game, record.rules, record.setup, record.seed,
                     record.actions[:length])
        assert encode(game, cut, packer=packer) == encode(game, cut)


def _zohn_ahl_after_twelve_throws():
    """A zohn ahl game, a person's twelve throws against the computer: (game, table, position)."""
    game = GAMES["zohn_ahl"]
    table = Seating(humans=frozenset({0}), policies={1: POLICY["zohn_ahl"]})
    position = advance(start(game, make_rules(game), seed=11), table)
    for _ in range(12):
        if position.state.is_terminal():
            break
        position = advance(submit(position, 0, "throw"), table)
    return game, table, position


def test_a_resumed_link_counts_the_persons_decisions_as_played():
    game, table, position = _zohn_ahl_after_twelve_throws()
    back = resume(game, decode(encode(game, position.record), GAMES).record, table)
    assert back.record == position.record
    assert decisions(back) == decisions(position) > 0


def test_a_decoded_links_own_replay_resumes_the_same_position_as_replaying_it():
    game, table, position = _zohn_ahl_after_twelve_throws()
    decoded = decode(encode(game, position.record), GAMES)
    back = resumed(decoded.record, decoded.initial, decoded.steps, table)
    assert back == resume(game, decoded.record, table)
    assert decisions(back) == decisions(position) > 0


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_decoded_link_writes_the_same_code_back_without_replaying_a_move(key, monkeypatch):
    record = whole_game(key, GAMES[key].rulesets[0].name, 2)
    code = encode(GAMES[key], record, {"level": "hard"})
    decoded = decode(code, GAMES)

    def replayed(*args, **kwargs):
        raise AssertionError("the record was replayed to pack it")

    monkeypatch.setattr(type(decoded.initial), "apply", replayed)
    assert encode(GAMES[key], decoded.record, decoded.choices, decoded.packer) == code


def test_steps_of_another_record_resume_nothing():
    game = GAMES["zohn_ahl"]
    decoded = decode(some_code(), GAMES)
    shorter = replace(decoded.record, actions=decoded.record.actions[:-1])
    with pytest.raises(ValueError):
        resumed(shorter, decoded.initial, decoded.steps)
    assert resumed(decoded.record, decoded.initial, decoded.steps).state == \
        resume(game, decoded.record).state


# ---- refusals ------------------------------------------------------------------------------
def test_a_code_longer_than_the_bound_is_refused_unread():
    assert refusal("A" * (MAX_CHARS + 1)) == rc.N_TOO_LONG


@pytest.mark.parametrize("bad", ["", "abc def", "%%%%", "é" * 8, "A", 12345, None])
def test_text_that_is_not_base64url_is_refused(bad):
    assert refusal(bad) == rc.N_NOT_A_CODE


@pytest.mark.parametrize("cut", [1, 2, 3, 4, 8, 40])
def test_a_code_cut_short_is_refused(cut):
    """Whole base64 groups cut: the check does not match; a cut inside a group leaves text
    that is not base64 at all (both say part of the link is missing or changed)."""
    expected = rc.N_ALTERED if cut % 4 == 0 else (rc.N_NOT_A_CODE, rc.N_ALTERED)
    assert refusal(some_code()[:-cut]) in (expected if isinstance(expected, tuple)
                                            else (expected,))


def test_one_changed_character_is_refused_by_its_check():
    code = some_code()
    middle = len(code) // 2
    changed = code[:middle] + ("B" if code[middle] != "B" else "C") + code[middle + 1:]
    assert refusal(changed) == rc.N_ALTERED


def test_another_version_is_refused_as_such():
    body = bytearray(unsealed(some_code()))
    body[0] = rc.VERSION + 1
    assert refusal(sealed(bytes(body))) == rc.N_VERSION


def _forged(*fields: bytes) -> str:
    return sealed(bytes([rc.VERSION]) + b"".join(fields))


def _rest(ruleset="basque_text", overrides=(), setup=b"\x00", seed=1, choices=b"\x00",
          count=0, packed=b""):
    """The fields after the game's name, as encode writes them (no people named)."""
    return (rc._text(ruleset) + rc._varint(len(overrides))
            + b"".join(rc._text(n) + rc._text(v) for n, v in overrides)
            + setup + rc._varint(seed) + rc._varint(0) + choices + rc._varint(count) + packed)


def test_a_forged_code_of_an_empty_game_is_read():
    """The forging helpers below write what encode writes (so the refusals are real)."""
    decoded = decode(_forged(rc._text("zohn_ahl"), _rest()), GAMES)
    assert decoded.record.actions == () and decoded.record.seed == 0


def test_an_unknown_game_is_refused():
    assert refusal(_forged(rc._text("chess"), _rest())) == rc.N_UNKNOWN_GAME


def test_another_pages_game_is_refused_naming_it():
    with pytest.raises(RecordCodeError) as caught:
        decode(some_code("zohn_ahl"), GAMES, expected="peruludo")
    assert caught.value.msgid == rc.N_OTHER_GAME
    assert caught.value.params == {"game": "zohn_ahl"}


@pytest.mark.parametrize("rest", [
    _rest(ruleset="no_such_rules"),
    _rest(overrides=[("no_such_option", "1")]),
    _rest(overrides=[("scoring_sticks", "100000")]),
    _rest(overrides=[("stick_probability", "-1/2")]),
    _rest(overrides=[("carry_over", "perhaps")]),
    _rest(overrides=[("scoring_sticks", "5"), ("scoring_sticks", "6")]),
])
def test_rules_the_game_does_not_have_are_refused(rest):
    assert refusal(_forged(rc._text("zohn_ahl"), rest)) == rc.N_RULES


@pytest.mark.parametrize("setup", ['{"players":[0,0]}', '{"players":"many"}',
                                   '{"scoring":[1]}', '{"positions":[999,999]}'])
def test_a_setup_the_rules_refuse_is_refused(setup):
    assert refusal(_forged(rc._text("zohn_ahl"), _rest(setup=rc._text(setup)))) == rc.N_SETUP


@pytest.mark.parametrize("setup,choices", [
    (rc._text("[1,2]"), b"\x00"), (rc._text("{not json"), b"\x00"),
    (b"\x00", rc._text('{"level":{"deep":1}}')), (b"\xff" * 11, b"\x00"),
    (rc._varint(5000), b"\x00"),
    # a forged choice that would make the view build a table of a hundred million seats
    (b"\x00", rc._text('{"players":100000000}')), (b"\x00", rc._text('{"players":Infinity}')),
    (b"\x00", rc._text('{"players":-1e300}')),
])
def test_damaged_fields_are_refused(setup, choices):
    assert refusal(_forged(rc._text("zohn_ahl"), _rest(setup=setup, choices=choices))) \
        == rc.N_DAMAGED


def test_a_code_ending_inside_a_field_is_damaged():
    assert refusal(_forged(rc._text("zohn_ahl"), rc._text("basque_text"))) == rc.N_DAMAGED


def test_moves_after_the_end_of_the_game_are_refused():
    record = whole_game("zohn_ahl", "basque_text", 3)
    body = bytearray(unsealed(encode(GAMES["zohn_ahl"], record)))
    more = _forged(rc._text("zohn_ahl"),
                   _rest(seed=0, count=len(record.actions) + 1,
                         packed=bytes(body[-(len(body) - _packed_at(body)):])))
    assert refusal(more) == rc.N_MOVES


def _packed_at(body: bytes) -> int:
    """Where the packed moves start in a zohn ahl code of the default setup and no choices."""
    reader = rc._Reader(body)
    reader.take(1)
    reader.text(), reader.text()
    for _ in range(reader.varint()):
        reader.text(), reader.text()
    reader.text(), reader.varint(), reader.varint(), reader.text(), reader.varint()
    return reader.at


def test_a_packed_number_left_over_after_the_moves_is_refused():
    assert refusal(_forged(rc._text("zohn_ahl"), _rest(count=1, packed=b"\x07"))) == rc.N_MOVES


def test_more_moves_than_a_link_carries_are_refused_before_any_replay():
    assert refusal(_forged(rc._text("zohn_ahl"), _rest(count=rc.MAX_ACTIONS + 1))) \
        == rc.N_MOVES


def test_a_record_too_long_for_a_link_is_not_encoded():
    game = GAMES["zohn_ahl"]
    record = whole_game("zohn_ahl", "basque_text", 3)
    huge = Record(record.game, record.rules, record.setup, record.seed,
                  record.actions + ("throw",) * (rc.MAX_ACTIONS + 1))
    with pytest.raises(ValueError):
        encode(game, huge)


def test_an_illegal_action_is_not_encoded():
    record = whole_game("zohn_ahl", "basque_text", 3)
    broken = Record(record.game, record.rules, record.setup, record.seed, ("castle",))
    with pytest.raises(ValueError):
        encode(GAMES["zohn_ahl"], broken)


@pytest.mark.parametrize("at", [0, 1, 7, -2, -1])
def test_every_other_last_character_is_refused_even_where_only_spare_bits_change(at):
    """The last base64 character has spare bits: a text that decodes to the same bytes but
    is not the one written is still a changed link."""
    code = some_code()
    for other in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_":
        if other != code[at]:
            changed = code[:at % len(code)] + other + code[at % len(code) + 1:]
            assert refusal(changed) in (rc.N_ALTERED, rc.N_VERSION), (at, other)


def test_base64_padding_is_not_needed_nor_written():
    code = some_code()
    assert "=" not in code
    assert base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


# ---- a link costs what a real game costs ----------------------------------------------------
def _zaldi_forced_link(count: int) -> str:
    """A zaldi zuria link of ``count`` index-0 moves (every player passes out, the last one
    throws blanks): the packed number is 0, so the link stays a few dozen characters."""
    return _forged(rc._text("zaldi_zuria"), _rest(count=count))


def _longest(key: str, setup: dict | None = None) -> int:
    game = GAMES[key]
    rules = make_rules(game, game.rulesets[0].name)
    return game.longest_game(game.new_initial_state(rules, setup))


def test_a_short_link_of_more_moves_than_a_real_game_takes_is_refused_before_any_replay(
        monkeypatch):
    """86 characters used to carry 5,000 forced zaldi zuria moves (a forced move costs no
    bits), a quarter to half a second of replay for every new session."""
    longest = _longest("zaldi_zuria")
    assert longest < GAMES["zaldi_zuria"].max_actions
    link = _zaldi_forced_link(GAMES["zaldi_zuria"].max_actions)
    assert len(link) < 100

    def replayed(*args, **kwargs):
        raise AssertionError("the moves were replayed")

    monkeypatch.setattr(rc, "_unpack", replayed)
    assert refusal(link) == rc.N_MOVES
    assert refusal(_zaldi_forced_link(longest + 1)) == rc.N_MOVES


def test_a_link_of_as_many_moves_as_a_real_game_may_take_is_replayed():
    """The bound refuses only what no real game reaches: at the bound the moves are read
    (and these forced ones fit the rules)."""
    longest = _longest("zaldi_zuria")
    assert len(decode(_zaldi_forced_link(longest), GAMES).record.actions) == longest


def _playouts(key: str, setup: dict, policies: dict, seeds: range) -> int:
    game = GAMES[key]
    rules = make_rules(game, game.rulesets[0].name)
    return max(len(play(game, rules, setup, seed, policy, 100_000).actions)
               for policy in policies.values() for seed in seeds)


@pytest.mark.parametrize("setup", [{"players": 6, "chips": 4}, {"players": 6, "chips": 36},
                                   {"players": 12, "chips": 36}, {"players": 6, "chips": 300}])
def test_seeded_zaldi_zuria_games_take_at_most_half_the_moves_a_link_may_carry(setup):
    longest = _playouts("zaldi_zuria", setup, {"random": random_policy, **ZALDI_ZURIA},
                        range(5))
    assert 2 * longest <= _longest("zaldi_zuria", setup)


@pytest.mark.parametrize("setup", [{"players": 2, "dice": [5, 5]},
                                   {"players": 3, "dice": [3, 4, 5]},
                                   {"players": 4, "dice": [5, 5, 5, 5]}])
def test_seeded_peruludo_games_take_at_most_half_the_moves_a_link_may_carry(setup):
    longest = _playouts("peruludo", setup, {"random": random_policy, **PERULUDO}, range(3))
    assert 2 * longest <= _longest("peruludo", setup)
