"""One table, several people, in the play views (AppTest): the seat choices of each game's
new-game panel, controls named for the seat on turn, and peruludo's pass-the-screen cover."""

from __future__ import annotations

import re
import time

import pytest

from jokoak.engine.core import CHANCE, refusal
from view_support import PERULUDO, ZALDI, ZOHN, keys, open_view


pytestmark = pytest.mark.usefixtures("no_waiting")


def button(at, prefix):
    return next(b for b in at.button if b.key.startswith(prefix) and not b.disabled)


def page_text(at):
    return " ".join(m.value for m in at.markdown)


def game(at, key):
    return at.session_state[key]


def start(module, key, **choices):
    at = open_view(module, "play_view")
    for name, value in choices.items():
        widget = (at.button_group(key=f"{key}_{name}") if name == "people"
                  else at.segmented_control(key=f"{key}_{name}"))
        widget.set_value(value).run()
    at.button(key=f"{key}_new").click().run()
    assert not at.exception
    return at


# ---- peruludo: the cover -------------------------------------------------------------------
def until_cover(at, limit=80):
    for _ in range(limit):
        if any(b.key.startswith(f"{PERULUDO}_cover_") for b in at.button):
            return at
        if f"{PERULUDO}_bid" in keys(at):
            button(at, f"{PERULUDO}_quick").click().run()
        else:
            at.run()
    raise AssertionError("no cover came up")


def test_peruludo_records_which_seats_are_people():
    at = start("games.peruludo.play", PERULUDO, players=5, people=[1, 3])
    record = game(at, PERULUDO).position.record
    assert record.setup["players"] == 5 and record.people == (1, 3)


def test_peruludo_covers_the_screen_when_the_turn_passes_to_another_person():
    at = until_cover(start("games.peruludo.play", PERULUDO, players=3, people=[0, 1]))
    state = game(at, PERULUDO).position.state
    cover = next(b for b in at.button if b.key.startswith(f"{PERULUDO}_cover_"))
    seat = int(cover.key.split("_cover_")[1].split("_")[0])
    assert seat == state.turn and seat in (0, 1)
    assert f"Player {seat + 1}" in cover.label
    # no die of any cup is in the page while it is covered (only lifted cups would be)
    assert not state.revealed and "Dice:" not in page_text(at)
    assert "Your dice" not in page_text(at) and f"{PERULUDO}_bid" not in keys(at)
    cover.click().run()
    text = page_text(at)
    # one cup's dice, in each of the board's two layouts (wide, and a phone's)
    wide = text.split('<div class="jk-narrow">')[0]
    assert wide.count("Dice:") == 1 and text.count("Dice:") == 2 and "Your dice" in text
    assert f"{PERULUDO}_bid" in keys(at)


def test_peruludo_the_dice_shown_are_those_of_the_person_the_screen_was_handed_to():
    at = until_cover(start("games.peruludo.play", PERULUDO, players=3, people=[0, 1]))
    cover = next(b for b in at.button if b.key.startswith(f"{PERULUDO}_cover_"))
    cover.click().run()
    state = game(at, PERULUDO).position.state
    own = ", ".join(map(str, state.cups[state.turn]))
    assert f"Dice: {own}." in page_text(at)


def test_peruludo_a_second_tap_on_the_cover_does_nothing_and_finds_the_controls_disabled(
        monkeypatch):
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = until_cover(start("games.peruludo.play", PERULUDO, players=3, people=[0, 1]))
    session = game(at, PERULUDO)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)
    seat, token = session.position.state.turn, ui.play.token(session)
    with monkeypatch.context() as m:
        m.setattr(ui.play.controller, "session", lambda spec: session)
        ui.play.hand_over(SPEC, token, seat)
        first = session.last_tap
        ui.play.hand_over(SPEC, token, seat)
    assert session.screen == seat and session.last_tap == first
    assert ui.play.locked(session)
    bid = next(a for a in session.position.state.legal_actions() if a.startswith("bid:"))
    assert not ui.play.accept_tap(SPEC, session, token, seat, bid, time.monotonic())


def test_peruludo_each_person_the_engine_asks_about_a_bid_may_call_doia_by_name(
        monkeypatch):
    """The Basque text's rules ask every player whose turn it is not, the bidder included:
    each person asked gets the control, named, the bidder about their own bid too."""
    import ui.play
    at = start("games.peruludo.play", PERULUDO, players=3, people=[0, 1, 2])
    named, own_bid = set(), set()
    for _ in range(120):
        state = game(at, PERULUDO).position.state
        doia = [b for b in at.button if b.key.startswith(f"{PERULUDO}_doia_t")]
        if doia:
            asked = state.current_player()
            assert refusal(state, "doia", asked) is None
            assert f"(Player {asked + 1})" in doia[0].label
            named.add(asked)
            if asked == state.bidder:
                own_bid.add(asked)
        covers = [b for b in at.button if b.key.startswith(f"{PERULUDO}_cover_")]
        if covers:
            covers[0].click().run()
        elif f"{PERULUDO}_bid" in keys(at):
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)  # the real pace, for this tap
            button(at, f"{PERULUDO}_quick").click().run()
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 0.0)
        else:
            at.run()
        if len(named) == 3 and own_bid:
            break
    assert len(named) >= 2 and own_bid


def test_peruludo_one_person_alone_sees_no_cover_as_before():
    at = start("games.peruludo.play", PERULUDO, players=3, people=[0])
    for _ in range(30):
        assert not any(b.key.startswith(f"{PERULUDO}_cover_") for b in at.button)
        if f"{PERULUDO}_bid" in keys(at):
            break
        at.run()
    assert "Your dice" in page_text(at)


def test_peruludo_with_no_person_the_computer_plays_the_whole_table():
    at = start("games.peruludo.play", PERULUDO, players=3, people=[])
    for _ in range(400):
        if game(at, PERULUDO).position.state.is_terminal():
            break
        at.run()
    assert game(at, PERULUDO).position.state.is_terminal()
    assert game(at, PERULUDO).position.record.people == ()


# ---- zaldi zuria: six seats ----------------------------------------------------------------
def test_zaldi_zuria_the_controls_are_those_of_the_named_person_on_turn():
    at = start("games.zaldi_zuria.play", ZALDI, people=[0, 3])
    turns = set()
    for _ in range(40):
        session = game(at, ZALDI)
        state = session.position.state
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat in (0, 3)
        assert f"Player {seat + 1}’s turn." in page_text(at)
        turns.add(seat)
        control = button(at, f"{ZALDI}_nobid") if state.phase == "auction" else button(
            at, f"{ZALDI}_throw")
        control.click().run()
        last = [m for m in game(at, ZALDI).position.moves if m.by_person][-1]
        assert last.actor == seat
    assert turns == {0, 3}
    assert game(at, ZALDI).position.record.people == (0, 3)


def test_zaldi_zuria_six_people_at_one_table_have_no_computer_player():
    at = start("games.zaldi_zuria.play", ZALDI, people=[0, 1, 2, 3, 4, 5])
    import ui.play
    from ui.games.zaldi_zuria.play import SPEC
    session = game(at, ZALDI)
    assert not ui.play.table_of(SPEC, session).policies
    assert all(m.actor == CHANCE for m in session.position.moves)  # nobody moved for them
    assert session.position.record.people == (0, 1, 2, 3, 4, 5)
    on_turn = session.position.state.current_player()
    assert f"Player {on_turn + 1}’s turn." in page_text(at)


# ---- zohn ahl: teams -----------------------------------------------------------------------
def test_zohn_ahl_teams_of_people_take_turns_by_team_each_player_named():
    at = start("games.zohn_ahl.play", ZOHN, team_size=2, team1="people")
    session = game(at, ZOHN)
    assert session.position.record.setup["players"] == [2, 2]
    assert session.position.record.people == (0, 1, 2, 3)
    said = []
    for _ in range(60):
        state = game(at, ZOHN).position.state
        if state.is_terminal():
            break
        text = page_text(at)
        found = re.search(r"Turn: player (\d) of (the [a-z–]+ team)", text)
        assert found, text
        said.append((int(found.group(1)), found.group(2)))
        assert state.seat(state.team, int(found.group(1)) - 1) == state.current_player()
        button(at, f"{ZOHN}_throw").click().run()
        if len(set(said)) == 4:
            break
    assert len(set(said)) == 4


def test_zohn_ahl_a_computer_team_of_two_throws_by_itself():
    at = start("games.zohn_ahl.play", ZOHN, team_size=2)
    for _ in range(30):
        state = game(at, ZOHN).position.state
        if state.is_terminal():
            break
        if f"{ZOHN}_throw" in keys(at):
            assert state.team_of_seat(state.current_player()) == 0
            button(at, f"{ZOHN}_throw").click().run()
        else:
            at.run()
    computer = [m for m in game(at, ZOHN).position.moves
                if m.actor not in (CHANCE,) and not m.by_person]
    assert computer and all(m.actor in (2, 3) for m in computer)


def test_peruludo_the_cover_is_disabled_a_moment_after_the_last_persons_tap(monkeypatch):
    """Common calza's rules, where the bidder is not asked about their own bid: the turn can
    pass from one person's bid straight to another person (under the Basque text's, the
    bidder's own moment to call doia comes first)."""
    import ui.play
    at = start("games.peruludo.play", PERULUDO, players=3, people=[0, 1],
               ruleset="perudo_standard")
    for _ in range(60):
        covers = [b for b in at.button if b.key.startswith(f"{PERULUDO}_cover_")]
        if covers and not covers[0].disabled:
            covers[0].click().run()
        elif f"{PERULUDO}_bid" in keys(at) and game(at, PERULUDO).position.state.turn == 0:
            monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 5.0)
            game(at, PERULUDO).last_tap = 0.0  # the cover's tap was long ago
            button(at, f"{PERULUDO}_quick").click().run()
            state = game(at, PERULUDO).position.state
            covers = [b for b in at.button if b.key.startswith(f"{PERULUDO}_cover_")]
            if state.phase == "bid" and state.turn == 1:  # straight to the other person
                assert covers and covers[0].disabled  # the bidder's second tap lands on nothing
                return
            monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.0)
        elif f"{PERULUDO}_bid" in keys(at):
            button(at, f"{PERULUDO}_quick").click().run()  # Player 2 bids on
        else:
            at.run()
    raise AssertionError("the turn never passed straight from Player 1 to Player 2")
