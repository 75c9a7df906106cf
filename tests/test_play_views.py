"""The play views, driven as a visitor would in AppTest: only real decisions are taps,
taps are idempotent, refusals are the engine's, every new game has its own seed."""

from __future__ import annotations

import re

import pytest

from jokoak.engine.core import refusal
from jokoak.engine.record import replay
from games_support import engine_of
from view_support import PERULUDO, ZALDI, ZOHN, keys, open_view


# Beats without waiting and no double-tap window: each click is a deliberate tap.
pytestmark = pytest.mark.usefixtures("no_waiting")


def button(at, key):
    """The button whose key is ``key``, with or without its position suffix."""
    return next(b for b in at.button if b.key == key or re.sub(r"_t\d+$", "", b.key) == key)


def position(at, key):
    return at.session_state[key].position


def start(module, key, lang="en", ruleset=None):
    at = open_view(module, "play_view", lang)
    assert not at.exception and at.info  # asks to start a game
    if ruleset is not None:
        at.segmented_control(key=f"{key}_ruleset").set_value(ruleset).run()
    at.button(key=f"{key}_new").click().run()
    assert not at.exception
    return at


def tap(at, key):
    button(at, key).click().run()
    assert not at.exception, key


# ---- peruludo --------------------------------------------------------------------------
def test_peruludo_offers_no_confirmation_taps_only_decisions():
    at = start("games.peruludo.play", PERULUDO)
    offered = set()
    for _ in range(300):
        offered |= keys(at)
        if position(at, PERULUDO).state.is_terminal():
            break
        if f"{PERULUDO}_palero" in keys(at) and position(at, PERULUDO).state.bid[0] > 3:
            tap(at, f"{PERULUDO}_palero")
        elif f"{PERULUDO}_bid" in keys(at):
            tap(at, f"{PERULUDO}_bid")
        elif f"{PERULUDO}_finish" in keys(at):
            tap(at, f"{PERULUDO}_finish")
        else:
            at.run()  # a beat of the others' play
    assert position(at, PERULUDO).state.is_terminal()
    assert not {k for k in offered if k.endswith(("_nodoia", "_lift", "_next"))}
    assert f"{PERULUDO}_again" in keys(at)


def test_peruludo_doia_is_offered_exactly_when_the_engine_asks_the_visitors_seat(monkeypatch):
    import ui.play
    at = start("games.peruludo.play", PERULUDO)
    seen_doia = 0
    for _ in range(60):
        state = position(at, PERULUDO).state
        if f"{PERULUDO}_doia" in keys(at):
            seen_doia += 1
            assert refusal(state, "doia", 0) is None  # the engine asks the visitor now
        elif state.phase == "doia" and state.current_player() == 0:
            # drawn (disabled for a moment, when the visitor has just tapped)
            assert any(b.key.startswith(f"{PERULUDO}_doia_t") for b in at.button)
        if f"{PERULUDO}_bid" in keys(at):
            # the real pace and double-tap window, for this tap
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)
            monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)
            at.session_state[PERULUDO].last_tap = 0.0
            tap(at, f"{PERULUDO}_bid")
            assert f"{PERULUDO}_doia" not in keys(at)  # not under the finger that bid
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 0.0)
            monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.0)
        else:
            at.run()
    assert seen_doia > 0


def _bid_and_wait_to_be_asked(at, monkeypatch, rounds=12):
    """The visitor bids (one quick tap) at the real pace, so the moment the engine gives
    them next is drawn before any tick lets it pass; the state after each bid."""
    import ui.play
    for _ in range(rounds * 40):
        if f"{PERULUDO}_bid" in keys(at):
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)
            quick = next(b for b in at.button
                         if b.key.startswith(f"{PERULUDO}_quick") and not b.disabled)
            quick.click().run()
            assert not at.exception
            yield position(at, PERULUDO).state
            monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 0.0)
        at.run()
        if position(at, PERULUDO).state.is_terminal():
            return


def _bid_until_asked_about_own_bid(at, monkeypatch):
    """Bid until the engine asks the visitor (seat 0) whether to call doia on their own bid;
    a computer may call doia first (then the round ends): bid again."""
    for state in _bid_and_wait_to_be_asked(at, monkeypatch):
        if state.phase == "doia" and state.bidder == 0 and state.current_player() == 0:
            return
    raise AssertionError("the engine never asked the visitor about their own bid")


def test_peruludo_under_the_basque_text_the_visitor_who_just_bid_may_call_doia_on_it(
        monkeypatch):
    """The text lets anyone whose turn it is not call doia, the player who has just bid
    included: the engine asks that seat, so the view offers the visitor the control."""
    at = start("games.peruludo.play", PERULUDO)
    assert position(at, PERULUDO).record.rules.ruleset == "basque_text"
    _bid_until_asked_about_own_bid(at, monkeypatch)
    assert f"{PERULUDO}_doia" in keys(at)
    text = " ".join(m.value for m in at.markdown)
    assert "You bid" in text and "with your dice, the chance is" in text
    tap(at, f"{PERULUDO}_doia")
    moves = position(at, PERULUDO).moves
    called = next(m for m in reversed(moves) if m.action == "doia")
    assert called.actor == 0 and called.by_person


def test_peruludo_the_bidders_moment_to_call_doia_lasts_a_beat_after_it_is_drawn_live(
        monkeypatch):
    """The moment starts when the view draws the Doia control live (after the lock of the
    bid's tap), not at the tap: a whole beat with the control live before "no doia" is
    answered for them (a clock set by hand)."""
    import ui.play.controller
    from ui.games.peruludo.play import SPEC
    at = start("games.peruludo.play", PERULUDO)
    _bid_until_asked_about_own_bid(at, monkeypatch)
    game = at.session_state[PERULUDO]
    monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)
    monkeypatch.setattr(ui.play.controller, "session", lambda spec: game)
    game.last_tap = game.moved_at = 100.0
    asked = game.position.length
    game.extra.pop(ui.play.sessions.DRAWN_LIVE, None)  # not drawn live since the tap
    monkeypatch.setattr(ui.play.controller.time, "monotonic", lambda: 200.0)
    ui.play.controller.tick(SPEC)
    assert game.position.length == asked  # never let pass before the control is drawn live
    game.extra[ui.play.sessions.DRAWN_LIVE] = (ui.play.token(game), 101.0)  # drawn live
    beat = 0.9 * SPEC.pace
    for now, still_asked in ((100.0 + beat + 0.01, True), (101.0 + beat - 0.01, True),
                             (101.0 + beat + 0.01, False)):
        monkeypatch.setattr(ui.play.controller.time, "monotonic", lambda now=now: now)
        ui.play.controller.tick(SPEC)
        assert (game.position.length == asked) == still_asked, now
    assert game.position.moves[asked].action == "no_doia"  # let pass: the bid stands


def test_peruludo_under_common_calza_the_visitor_is_never_offered_doia_on_their_own_bid(
        monkeypatch):
    at = start("games.peruludo.play", PERULUDO, ruleset="perudo_standard")
    bids = 0
    for state in _bid_and_wait_to_be_asked(at, monkeypatch, rounds=4):
        bids += 1
        assert 0 not in state.asking  # the engine does not ask the bidder
        assert f"{PERULUDO}_doia" not in keys(at)
    assert bids > 0


def test_peruludo_computer_players_answer_doia_by_their_policy_when_the_engine_asks_them(
        monkeypatch):
    """A computer bidder asked about its own bid (the Basque text's rules) answers as its
    policy says, never a "no doia" the view decides for it."""
    from jokoak.games.peruludo import bots
    from jokoak.engine.core import make_rules
    from jokoak.engine.driver import advance, automatic_action, start as start_game, submit
    from jokoak.games.peruludo.engine import GAME
    from ui.games.peruludo.play import SPEC

    medium = bots.POLICIES["medium"]
    monkeypatch.setitem(bots.POLICIES, "medium",
                        lambda state, rng: "doia" if state.phase == "doia"
                        else medium(state, rng))
    choices = {"players": 3, "people": [0], "level": "medium"}
    table = SPEC.table(choices)
    rules = make_rules(GAME, "basque_text")
    game = advance(start_game(GAME, rules, SPEC.setup(rules, choices), seed=4), table)
    for _ in range(200):
        state = game.state
        if state.phase == "doia" and state.current_player() == state.bidder != 0:
            assert automatic_action(game, table) == "doia"
            return
        action = automatic_action(game, table)
        if action is None:  # the visitor's turn: they bid the lowest bid
            action = state.legal_actions()[0]
        game = submit(game, state.current_player(), action)
    raise AssertionError("no computer bidder was asked about its own bid")


def test_peruludo_a_refused_bid_says_the_engines_reason_in_words_its_clauses_behind_why():
    at = start("games.peruludo.play", PERULUDO)
    game = _visitors_turn(at)
    state = game.position.state
    # opening on sixes, or repeating the standing bid: both refused by the engine
    quantity, face = (1, 6) if state.bid is None else state.bid
    at.session_state[f"{PERULUDO}_q"], at.session_state[f"{PERULUDO}_f"] = quantity, face
    at.run()
    why = refusal(game.position.state, f"bid:{quantity}:{face}")
    assert why is not None and button(at, f"{PERULUDO}_bid").disabled
    page = " ".join(m.value for m in at.markdown)
    from html import escape
    assert escape(why.text(lambda m: m)) in page
    behind = page[page.index('class="jokoak-why"'):]
    assert all(f'data-segment="{clause}"' in behind for clause in why.clauses)
    assert 'class="jk-id"' not in page   # clause ids only for staff


def _visitors_turn(at):
    for _ in range(40):
        if f"{PERULUDO}_bid" in keys(at):
            return at.session_state[PERULUDO]
        at.run()
    raise AssertionError("the visitor never had a turn")


@pytest.mark.parametrize("delay", [0.03, 0.08, 0.15, 0.3, 0.5])
def test_a_double_tap_plays_the_move_once(delay, monkeypatch):
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = start("games.peruludo.play", PERULUDO)
    game = _visitors_turn(at)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.7)
    token = ui.play.token(game)
    action = next(a for a in game.position.state.legal_actions() if a.startswith("bid:"))
    made = ui.play.decisions_made(game)
    assert ui.play.accept_tap(SPEC, game, token, 0, action, now=100.0)
    # the second tap: either the same (stale) control, or whatever is drawn there now
    assert not ui.play.accept_tap(SPEC, game, token, 0, action, now=100.0 + delay)
    current = ui.play.token(game)
    legal = game.position.state.legal_actions()
    if legal and game.position.state.current_player() == 0:
        assert not ui.play.accept_tap(SPEC, game, current, 0, legal[0], now=100.0 + delay)
    assert ui.play.decisions_made(game) == made + 1


def test_pause_and_skip_are_disabled_just_after_a_tap_so_a_double_taps_second_half_pauses_nothing(
        monkeypatch):
    """The pace row is drawn where the bid buttons stood: a finger's second tap on a bid
    would land on Pause (seen in CI: a game paused by a double tap, the visitor waiting)."""
    import ui.play
    at = start("games.peruludo.play", PERULUDO)
    _visitors_turn(at)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 60.0)
    quick = next(b.key for b in at.button if f"{PERULUDO}_quick" in b.key and not b.disabled)
    tap(at, quick)
    game = at.session_state[PERULUDO]
    assert not game.paused and ui.play.locked(game)
    pace_row = [b for b in at.button if b.key in (f"{PERULUDO}_pause", f"{PERULUDO}_skip")]
    assert len(pace_row) == 2 and all(b.disabled for b in pace_row)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.0)   # the moment has passed
    at.run()
    assert not button(at, f"{PERULUDO}_pause").disabled


def test_a_double_tap_on_pause_pauses_the_game_and_the_go_on_under_the_finger_waits(monkeypatch):
    """"Go on" is drawn where "Pause" stood: the second half of a double tap must not undo
    the first."""
    import ui.play
    at = start("games.peruludo.play", PERULUDO)
    _visitors_turn(at)
    quick = next(b.key for b in at.button if f"{PERULUDO}_quick" in b.key and not b.disabled)
    tap(at, quick)                          # the computers answer: the pace row is drawn
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 60.0)
    at.session_state[PERULUDO].last_tap = 0.0   # the bid was long ago
    tap(at, f"{PERULUDO}_pause")
    game = at.session_state[PERULUDO]
    assert game.paused and button(at, f"{PERULUDO}_resume").disabled
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.0)   # the moment has passed
    at.run()
    tap(at, f"{PERULUDO}_resume")           # a deliberate tap goes on
    assert not at.session_state[PERULUDO].paused


def test_a_tap_drawn_at_an_earlier_position_changes_nothing():
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = start("games.peruludo.play", PERULUDO)
    game = _visitors_turn(at)
    before = game.position.record
    assert not ui.play.accept_tap(SPEC, game, ui.play.token(game) - 1, 0, "palero", 0.0)
    assert game.position.record == before


def test_a_refused_move_keeps_the_position_and_says_why():
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = start("games.peruludo.play", PERULUDO)
    game = _visitors_turn(at)
    before = game.position.record
    assert not ui.play.accept_tap(SPEC, game, ui.play.token(game), 0, "bid:999:2", 0.0)
    assert game.position.record == before and game.refused is not None


def test_every_new_game_gets_its_own_seed_kept_in_its_record():
    first = start("games.peruludo.play", PERULUDO)
    second = start("games.peruludo.play", PERULUDO)
    a, b = position(first, PERULUDO).record, position(second, PERULUDO).record
    assert a.seed != b.seed
    _initial, steps = replay(engine_of("peruludo"), a)  # the record replays as played
    assert len(steps) == len(a.actions)


def test_play_again_starts_a_new_game_with_the_same_choices():
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = open_view("games.peruludo.play", "play_view")
    at.segmented_control(key=f"{PERULUDO}_players").set_value(3).run()
    at.button_group(key=f"{PERULUDO}_people").set_value([0, 2]).run()
    at.button(key=f"{PERULUDO}_new").click().run()
    game = at.session_state[PERULUDO]
    again = ui.play.again(SPEC, game)
    assert again.position.record.seed != game.position.record.seed
    assert again.position.record.setup["players"] == 3
    assert again.position.record.people == (0, 2)


def test_an_error_while_drawing_keeps_the_last_good_position_and_offers_a_way_on(monkeypatch):
    import ui.games.peruludo.play
    at = start("games.peruludo.play", PERULUDO)
    good = position(at, PERULUDO).record

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    with monkeypatch.context() as patch:
        patch.setattr(ui.games.peruludo.play, "render_table_svg", broken)
        at.run()
        assert not at.exception  # no traceback for the visitor
        assert at.error and {f"{PERULUDO}_undo", f"{PERULUDO}_fresh"} <= keys(at)
        assert position(at, PERULUDO).record.actions[:len(good.actions)] == good.actions
    tap(at, f"{PERULUDO}_fresh")
    assert not at.error and position(at, PERULUDO).record.seed != good.seed


# ---- zaldi zuria -----------------------------------------------------------------------
def test_zaldi_zuria_a_bid_reaches_the_record_and_the_auction_plays_on():
    at = start("games.zaldi_zuria.play", ZALDI)
    assert {f"{ZALDI}_nobid", f"{ZALDI}_bid0"} <= keys(at)
    before = position(at, ZALDI).length
    tap(at, f"{ZALDI}_bid0")
    actions = position(at, ZALDI).record.actions[before:]
    assert actions[0].startswith("bid:")


def test_zaldi_zuria_a_throw_is_rolled_at_once_and_the_log_says_it_in_words():
    at = start("games.zaldi_zuria.play", ZALDI)
    for _ in range(8):
        if f"{ZALDI}_throw" in keys(at):
            break
        tap(at, f"{ZALDI}_nobid")
    tap(at, f"{ZALDI}_throw")
    actions = position(at, ZALDI).record.actions
    assert "throw" in actions and actions[actions.index("throw") + 1].startswith("roll:")
    page = " ".join(m.value for m in at.markdown)
    log = page[page.index('class="jokoak-log"'):]
    assert "(phase" not in log and "jk-clause-ids" not in log  # no clause id after a line


def test_zaldi_zuria_two_passes_put_the_visitor_out_and_play_again_is_offered():
    at = start("games.zaldi_zuria.play", ZALDI)
    for _ in range(40):
        if position(at, ZALDI).state.is_terminal() or f"{ZALDI}_again" in keys(at):
            break
        tap(at, f"{ZALDI}_pass" if f"{ZALDI}_pass" in keys(at) else f"{ZALDI}_nobid")
    assert 0 in position(at, ZALDI).state.out
    assert f"{ZALDI}_again" in keys(at)


# ---- zohn ahl --------------------------------------------------------------------------
def test_zohn_ahl_draws_the_thrown_sticks_and_names_the_visitors_team():
    at = start("games.zohn_ahl.play", ZOHN)
    for _ in range(10):
        if f"{ZOHN}_throw" in keys(at):
            tap(at, f"{ZOHN}_throw")
        else:
            at.run()
    page = " ".join(m.value for m in at.markdown)
    assert "Your team:" in page and page.count("<svg") >= 2


def test_zohn_ahl_throw_for_me_plays_the_game_to_its_end():
    at = start("games.zohn_ahl.play", ZOHN)
    tap(at, f"{ZOHN}_auto")
    for _ in range(3000):
        if position(at, ZOHN).state.is_terminal():
            break
        at.run()
    assert position(at, ZOHN).state.is_terminal()
    assert f"{ZOHN}_again" in keys(at)


def test_zohn_ahl_stopping_the_game_ends_it_and_a_late_throw_changes_nothing():
    at = start("games.zohn_ahl.play", ZOHN)
    for _ in range(10):
        if f"{ZOHN}_abandon" in keys(at):
            break
        at.run()
    tap(at, f"{ZOHN}_abandon")
    assert position(at, ZOHN).state.is_terminal()
    assert f"{ZOHN}_throw" not in keys(at)


def test_peruludo_expert_players_explain_their_moves_once_the_cups_are_lifted():
    at = open_view("games.peruludo.play", "play_view")
    at.segmented_control(key=f"{PERULUDO}_level").set_value("expert").run()
    at.button(key=f"{PERULUDO}_new").click().run()
    for _ in range(200):
        state = position(at, PERULUDO).state
        if state.revealed and any(e.label == "Why the computer players did that"
                                  for e in at.expander):
            break
        if f"{PERULUDO}_palero" in keys(at):
            tap(at, f"{PERULUDO}_palero")
        elif f"{PERULUDO}_bid" in keys(at):
            tap(at, f"{PERULUDO}_bid")
        else:
            at.run()
    page = " ".join(m.value for m in at.markdown)
    assert "Why the computer players did that" in [e.label for e in at.expander]
    assert "%" in page and "Player 2:" in page


def test_a_second_tap_on_start_or_play_again_makes_no_second_game():
    import ui.play
    from ui.games.peruludo.play import SPEC
    at = start("games.peruludo.play", PERULUDO)
    first = position(at, PERULUDO).record.seed
    store = {PERULUDO: at.session_state[PERULUDO]}
    real = ui.play.sessions.st.session_state
    try:
        ui.play.sessions.st.session_state = store
        ui.play.new_game(SPEC, "basque_text", {"opponents": 3, "level": "medium"}, None)
        assert store[PERULUDO].position.record.seed == first  # drawn before this game: stale
        ui.play.play_again(SPEC, first)
        second = store[PERULUDO].position.record.seed
        ui.play.play_again(SPEC, first)  # the same finger again
        assert second != first and store[PERULUDO].position.record.seed == second
    finally:
        ui.play.sessions.st.session_state = real
