"""A seated device's polls back off: every second while the table is lively, every three
seconds while it waits on a person who is thinking (ui/room/polls.py, :func:`poll_seconds`).
Checked from the table's state alone, without a browser or a timer."""

from ui.room import LIVELY_SECONDS, POLL_SECONDS, SLOW_POLL_SECONDS, poll_seconds

NOW = 1_000_000.0


def test_the_back_off_polls_a_quiet_table_less_often_than_a_lively_one():
    """The tests below pin which pace each table gets; this one that the slow pace is the
    slower (their values are the module's to set)."""
    assert 0 < POLL_SECONDS < SLOW_POLL_SECONDS


def test_a_table_where_a_computer_has_a_beat_to_play_is_polled_every_second():
    long_ago = NOW - 10 * LIVELY_SECONDS
    assert poll_seconds(True, long_ago, NOW) == POLL_SECONDS


def test_a_move_made_moments_ago_keeps_the_table_polled_every_second():
    assert poll_seconds(False, NOW - 2.0, NOW) == POLL_SECONDS
    assert poll_seconds(False, NOW - (LIVELY_SECONDS - 0.1), NOW) == POLL_SECONDS


def test_a_person_thinking_longer_than_the_lively_spell_is_polled_every_three_seconds():
    assert poll_seconds(False, NOW - LIVELY_SECONDS, NOW) == SLOW_POLL_SECONDS
    assert poll_seconds(False, NOW - 600.0, NOW) == SLOW_POLL_SECONDS


def test_a_room_with_no_table_drawn_yet_is_polled_slowly():
    assert poll_seconds(False, None, NOW) == SLOW_POLL_SECONDS
    assert poll_seconds(True, None, NOW) == SLOW_POLL_SECONDS


def test_a_device_whose_own_person_is_to_act_is_polled_every_three_seconds():
    """Nobody else moves while this device's person thinks: a move made moments ago does not
    make it lively."""
    assert poll_seconds(False, NOW - 2.0, NOW, own_turn=True) == SLOW_POLL_SECONDS
    assert poll_seconds(False, NOW - 2.0, NOW, own_turn=False) == POLL_SECONDS


def test_a_computer_beat_keeps_even_the_acting_device_polled_every_second():
    assert poll_seconds(True, NOW - 2.0, NOW, own_turn=True) == POLL_SECONDS
