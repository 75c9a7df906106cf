"""One table, several people: any seat a person or the computer, in the driver and the record."""

from __future__ import annotations

import pytest

from jokoak.games.peruludo.bots import POLICIES as PERULUDO_POLICIES
from jokoak.games.zaldi_zuria.bots import POLICIES as ZALDI_POLICIES
from jokoak.engine.core import CHANCE, IllegalAction, make_rules
from jokoak.engine.driver import (Position, Seating, advance, person_on_turn, resume, start,
                                  submit, undo_last_decision)
from jokoak.engine.record import Record, RecordError
from jokoak.games.peruludo.engine import GAME as PERULUDO
from jokoak.games.zaldi_zuria.engine import GAME as ZALDI

PERULUDO_SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}


def who_decides(position: Position, seating: Seating) -> int | None:
    """The person's seat that must decide now, or ``None`` (chance, computer, game over)."""
    state = position.state
    if state.is_terminal():
        return None
    seat = state.current_player()
    if seat == CHANCE or not seating.is_human(seat):
        return None
    if seating.defaults is not None and seating.defaults(state, seat) is not None:
        return None
    return seat


def medium(seat):
    return PERULUDO_POLICIES["medium"]


def lets_bids_stand(state, seat):
    return "no_doia" if state.phase == "doia" else ("lift" if state.phase == "reveal" else None)


def asked_about_anothers_bid(state, seat):
    return state.phase == "doia" and seat != state.bidder


def computer_bids(state, seat, action):
    return seat != CHANCE and action.startswith("bid:")


def test_seating_gives_every_seat_that_is_not_a_person_a_computer_policy():
    table = Seating.for_seats(6, [1, 4], lambda seat: ZALDI_POLICIES["careful"])
    assert table.people == (1, 4)
    assert set(table.policies) == {0, 2, 3, 5}
    assert all(table.is_human(s) for s in (1, 4)) and not table.is_human(0)


def test_seating_refuses_a_person_at_a_seat_the_table_does_not_have():
    with pytest.raises(ValueError):
        Seating.for_seats(3, [0, 3], medium)


def test_a_table_of_people_only_waits_for_whoever_is_on_turn_and_refuses_the_others():
    table = Seating.for_seats(6, range(6), lambda seat: ZALDI_POLICIES["careful"])
    position = advance(start(ZALDI, make_rules(ZALDI), seed=4, people=table.people), table)
    seen = set()
    for _ in range(30):
        seat = who_decides(position, table)
        assert seat is not None and seat == position.state.current_player()
        seen.add(seat)
        other = (seat + 1) % 6
        with pytest.raises(IllegalAction):
            submit(position, other, position.state.legal_actions()[0])
        position = advance(submit(position, seat, position.state.legal_actions()[0]), table)
        if position.state.is_terminal():
            break
    assert len(seen) > 1
    assert all(m.by_person for m in position.moves if m.actor != CHANCE)


def test_a_table_without_people_plays_the_whole_game_by_itself():
    table = Seating.for_seats(3, [], medium, defaults=lets_bids_stand)
    position = advance(start(PERULUDO, make_rules(PERULUDO), PERULUDO_SETUP, seed=9), table)
    assert position.state.is_terminal()
    assert person_on_turn(position, table) is None


#: Four players: two people besides the bidder and the next to bid are asked about a bid,
#: so one beat each and one beat for all differ (with three, only one person is ever asked).
FOUR = {"players": 4, "dice": [5] * 4, "ages": [20, 23, 26, 29], "bag": 0}


def test_each_person_asked_about_anothers_bid_gets_a_beat_of_their_own():
    table = Seating.for_seats(4, [0, 1, 2, 3], medium, defaults=lets_bids_stand,
                          waits=asked_about_anothers_bid)
    position = advance(start(PERULUDO, make_rules(PERULUDO), FOUR, seed=5), table,
                       computer_bids)
    bidder = who_decides(position, table)
    assert bidder is not None
    bid = next(a for a in position.state.legal_actions() if a.startswith("bid:"))
    position = advance(submit(position, bidder, bid), table, computer_bids, held=True)
    asked = []
    while position.state.phase == "doia":
        seat = person_on_turn(position, table)
        assert seat is not None and seat != bidder  # each one stands, alone, for a beat
        asked.append(seat)
        position = advance(position, table, computer_bids)
    # every person with dice but the bidder and the next to bid was asked in turn
    assert len(asked) == len(set(asked)) == 2


def test_without_waits_one_tick_lets_every_persons_moment_pass_at_once():
    table = Seating.for_seats(4, [0, 1, 2, 3], medium, defaults=lets_bids_stand)
    position = advance(start(PERULUDO, make_rules(PERULUDO), FOUR, seed=5), table,
                       computer_bids)
    bidder = who_decides(position, table)
    bid = next(a for a in position.state.legal_actions() if a.startswith("bid:"))
    position = advance(submit(position, bidder, bid), table, computer_bids, held=True)
    position = advance(position, table, computer_bids)
    assert position.state.phase == "bid"


def test_the_record_keeps_the_people_through_moves_undo_resume_and_json():
    table = Seating.for_seats(3, [0, 2], medium, defaults=lets_bids_stand)
    position = advance(start(PERULUDO, make_rules(PERULUDO), PERULUDO_SETUP, seed=3,
                             people=table.people), table)
    seat = who_decides(position, table)
    position = advance(submit(position, seat, position.state.legal_actions()[0]), table)
    record = position.record
    assert record.people == (0, 2)
    assert resume(PERULUDO, record).record == record
    assert undo_last_decision(PERULUDO, record, table).people == (0, 2)
    back = Record.from_json(record.to_json(), {PERULUDO.name: PERULUDO})
    assert back == record


def test_a_record_that_does_not_say_who_played_still_reads_and_writes_the_same():
    record = start(PERULUDO, make_rules(PERULUDO), PERULUDO_SETUP, seed=3).record
    assert record.people is None and '"people"' not in record.to_json()


@pytest.mark.parametrize("people", ['"0"', '[0, 0]', '[-1]', '[true]', '[99]', '{"a": 1}'])
def test_a_record_whose_people_are_not_distinct_seats_is_refused(people):
    text = start(PERULUDO, make_rules(PERULUDO), PERULUDO_SETUP, seed=3).record.to_json()
    text = text[:-2] + f',\n "people": {people}\n}}'
    with pytest.raises(RecordError, match="people"):
        Record.from_json(text, {PERULUDO.name: PERULUDO})
