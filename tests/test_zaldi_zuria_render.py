"""Zaldi zuria's sentences and table picture: every event worded, every text escaped."""

import re

from jokoak.engine.core import make_rules
from jokoak.engine.record import play, replay
from games_support import engine_of
from jokoak.games.zaldi_zuria.bots import POLICIES
from jokoak.i18n import translator
from jokoak.games.zaldi_zuria.render import describe_event, event_kinds, render_table_svg
from jokoak.content.scenarios import scenarios

GAME = engine_of("zaldi_zuria")


def all_events():
    events, states = [], []
    for sc in scenarios("zaldi_zuria"):
        initial, steps = sc.replay()
        states.append(initial)
        for step in steps:
            events += step.events
            states.append(step.after)
    return events, states


def identity(message):
    return message


def test_every_event_kind_the_engine_emits_is_listed_with_a_label():
    events, _ = all_events()
    listed = dict(event_kinds())
    assert {e.kind for e in events} <= set(listed)
    assert all(label.strip() for label in listed.values())


def test_the_scenarios_show_every_listed_event_kind():
    events, _ = all_events()
    assert set(dict(event_kinds())) <= {e.kind for e in events}


def test_every_event_becomes_a_sentence_through_the_translator():
    events, _ = all_events()
    seen = []

    def spy(message):
        seen.append(message)
        return message
    for ev in events:
        text = describe_event(ev, spy)
        assert text and not text[0].islower() and "%(" not in text, (ev.kind, text)
    assert seen


def test_sentences_read_well_in_every_language():
    events, _ = all_events()
    for lang in ("eu", "es", "fr", "en"):
        _ = translator(lang).gettext
        for ev in events:
            assert describe_event(ev, _)


def test_table_svg_is_accessible_and_carries_its_language():
    _, states = all_events()
    for state in states[::7]:
        svg = render_table_svg(state, identity, "fr", viewer=0)
        assert svg.startswith("<svg") and 'role="img"' in svg
        assert re.search(r"<title[^>]*>.+</title>", svg) and "<desc" in svg
        assert all('lang="fr"' in tag for tag in re.findall(r"<text[^>]*>", svg))


def test_table_svg_escapes_every_text():
    _, states = all_events()
    hostile = lambda message: "<script>&" + message   # noqa: E731
    svg = render_table_svg(states[-1], hostile, "en")
    assert "<script>" not in svg and "&lt;script&gt;&amp;" in svg


def test_table_svg_shows_dice_chips_and_bank_of_a_seeded_game():
    rules = make_rules(GAME)
    rec = play(GAME, rules, None, 5, POLICIES["careful"])
    _, steps = replay(GAME, rec)
    state = steps[-1].after
    svg = render_table_svg(state, identity, "en")
    assert f"Bank: {state.bank} chips" in svg or "Bank: 1 chip" in svg
    for seat in range(6):
        assert f"Player {seat + 1}" in svg
    assert svg.count("<circle") >= 1 or state.last_roll == frozenset()


def test_an_auction_bid_is_not_worded_as_a_liars_dice_wager():
    """Basque says eskaintza for an offer in the auction and apustua for peruludo's wager."""
    from jokoak.games.peruludo.render import event_kinds as peruludo_kinds
    auction = dict(event_kinds())["bid"]
    wager = dict(peruludo_kinds())["bid"]
    assert auction != wager
    for lang in ("eu", "es", "fr"):
        _ = translator(lang).gettext
        assert _(auction) != _(wager), lang
    assert translator("eu").gettext(auction) == "Eskaintza"
    assert translator("eu").gettext(wager) == "Apustua"


def test_table_set_sentence_says_what_is_on_the_table_mid_game():
    from jokoak.engine.core import event as make_event
    ev = make_event("table_set", ("setup.chips",), (), {"purses": [30, 28, 2],
                                                       "same_purses": False},
                    players=3, chips=60, bank=28, dice=8)
    text = describe_event(ev, lambda m: m)
    assert "30, 28, 2" in text and "28 chips" in text and "36" not in text


def test_bid_reasoning_says_which_limit_stops_the_bid():
    from jokoak.games.zaldi_zuria.bots import POLICIES, bid_reasoning
    from games_support import engine_of
    from jokoak.engine.core import make_rules
    game = engine_of("zaldi_zuria")
    state = game.new_initial_state(make_rules(game), {
        "players": 6, "chips": 30, "bank": 24, "phase": "auction", "auctioneer": 0})
    why = bid_reasoning(state, state.current_player(), POLICIES["careful"])
    assert why["binding"] in ("worth", "chips")
    assert why["limit"] == min(why["limit_by_worth"], why["limit_by_chips"])
    assert why["binding"] == ("worth" if why["limit_by_worth"] <= why["limit_by_chips"]
                              else "chips")


def test_no_line_of_a_seats_box_runs_past_the_box_in_any_language():
    """The longest role line ("commissaire-priseur et banquier, au tour de jouer") is drawn
    narrower to fit the box's 268 units, as is any other line estimated longer than that."""
    from jokoak.games.zaldi_zuria.render import _seat_box
    _, states = all_events()
    squeezed = 0
    for lang in ("eu", "es", "fr", "en"):
        _t = translator(lang).gettext
        for state in states:
            for seat in range(len(state.chips)):
                box = _seat_box(state, seat, 0, 0, _t, lang, seat == 0, seat == 1)
                for attrs, size, body in re.findall(
                        r'<text ([^>]*?)font-size="(\d+)"[^>]*>([^<]*)</text>', box):
                    if len(body) * int(size) * 0.56 > 268:
                        assert 'textLength="268"' in attrs, (lang, body)
                        squeezed += 1
    assert squeezed  # the French auctioneer on turn at least


def test_a_throw_names_its_symbols_as_a_phrase_after_its_pips():
    """phase2.throw1-throw4: the kind of a throw hangs on the bell and the hammer; the sentence
    says which came up in words, never as a bare label ("throws bell: 0 pips")."""
    from jokoak.engine.core import event
    said = {}
    for marks in ([], ["bell"], ["hammer"], ["bell", "hammer"], ["hammer", "bell"]):
        ev = event("start_throw", "start.auctioneer", (4,), {"marks": marks}, pips=0)
        said[tuple(marks)] = describe_event(ev, identity)
    assert said[()] == "Player 5 throws 0 pips, with no bell and no hammer."
    assert said[("bell",)] == "Player 5 throws 0 pips, with the bell."
    assert said[("hammer",)] == "Player 5 throws 0 pips, with the hammer."
    assert said[("bell", "hammer")] == said[("hammer", "bell")] == (
        "Player 5 throws 0 pips, with the bell and the hammer.")
