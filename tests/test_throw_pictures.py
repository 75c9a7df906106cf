"""Every throw visibly changes the table: the drawings mark the dice (and zohn ahl's sticks)
of each new throw so the page rolls them, zaldi zuria's eight blank dice are named "White
horse!", and a lesson's throw of the sticks has a picture, as in play. The motion itself is
the page's CSS (ui/shell.py ``ROLL_CSS``), off under ``prefers-reduced-motion``."""

import re
from dataclasses import replace

from jokoak import registry
from jokoak.engine.core import make_rules
from jokoak.games.peruludo.engine import GAME as PERULUDO, dealt
from jokoak.games.zaldi_zuria.engine import GAME as ZALDI
from jokoak.games.zohn_ahl.engine import GAME as ZOHN_AHL
from jokoak.i18n import translator
from jokoak.games.peruludo import render as peruludo
from jokoak.games.zaldi_zuria import render as zaldi_zuria
from jokoak.games.zohn_ahl import render as zohn_ahl
from jokoak.render.sticks import render_sticks_svg

from ui.shell import ROLL_CSS


def identity(message):
    return message


def zaldi_on_turn():
    """Six players in phase 2, Player 1 to throw (the first lesson's table)."""
    return ZALDI.new_initial_state(make_rules(ZALDI), {
        "players": 6, "chips": 28, "bank": 40, "phase": "play", "auctioneer": 1,
        "holders": {"white_horse": 0, "inn": 2, "bell": 3, "hammer": 4, "bell_hammer": 5},
        "to_throw": 0})


def thrown(state, roll):
    for action in ("throw", roll):
        state, _events = state.apply(action)
    return state


def dice_class(svg):
    return re.search(r'<g class="(jk-dice[^"]*)"', svg).group(1)


def test_zaldi_zuria_dice_roll_with_each_new_throw_and_not_before_the_first():
    before = zaldi_on_turn()
    first = thrown(before, "roll:bell")
    second = thrown(first, "roll:3,hammer")
    assert dice_class(zaldi_zuria.render_table_svg(before, identity, "en")) == "jk-dice"
    one = dice_class(zaldi_zuria.render_table_svg(first, identity, "en"))
    two = dice_class(zaldi_zuria.render_table_svg(second, identity, "en"))
    assert {one, two} == {"jk-dice jk-roll-a", "jk-dice jk-roll-b"}   # a new throw rolls anew
    # the same throw drawn again keeps its class: a redraw does not roll the dice again
    assert dice_class(zaldi_zuria.render_table_svg(first, identity, "en", viewer=0)) == one
    assert zaldi_zuria.render_table_svg(first, identity, "en").count('class="jk-die"') == 8


def test_eight_blank_dice_are_named_the_white_horse_in_every_language():
    horse = thrown(zaldi_on_turn(), "roll:blank")
    for lang in ("eu", "es", "fr", "en"):
        svg = zaldi_zuria.render_table_svg(horse, translator(lang).gettext, lang)
        words = translator(lang).gettext("White horse!")
        assert f">{words}</text>" in svg and 'class="jk-badge"' in svg, lang
    assert "White horse!" in zaldi_zuria.render_table_svg(horse, identity, "en")


def test_no_white_horse_badge_before_a_throw_nor_on_a_throw_with_marks():
    assert "jk-badge" not in zaldi_zuria.render_table_svg(zaldi_on_turn(), identity, "en")
    bell = thrown(zaldi_on_turn(), "roll:bell")
    assert "jk-badge" not in zaldi_zuria.render_table_svg(bell, identity, "en")


def test_a_blank_opening_throw_is_no_white_horse():
    """Who auctions is thrown for by pips: eight blanks there are no pips, not the white
    horse of play (its dice still roll)."""
    state = ZALDI.new_initial_state(make_rules(ZALDI), {"players": 6, "chips": 30})
    assert state.phase == "start"
    state, _events = state.apply("roll:blank")
    svg = zaldi_zuria.render_table_svg(state, identity, "en")
    assert state.last_roll == frozenset() and "jk-badge" not in svg and "jk-roll-" in svg


def estimated_too_long(svg, left, room):
    """Texts starting at x = ``left`` estimated wider than ``room`` and not fitted to it."""
    found = []
    for attrs, size, body in re.findall(
            r'<text ([^>]*?)font-size="(\d+)"[^>]*>([^<]*)</text>', svg):
        if f'x="{left}"' in attrs and len(body) * int(size) * 0.56 > room \
                and f'textLength="{room}"' not in attrs:
            found.append(body)
    return found


def test_the_auction_box_holds_its_lines_in_every_language():
    """"Salgai … / Eskaintzarik altuena …" ran past the box's right edge (eu, 1920×1080)."""
    state = ZALDI.new_initial_state(make_rules(ZALDI), {
        "players": 6, "chips": 30, "bank": 24, "phase": "auction", "auctioneer": 0})
    for action in state.legal_actions():
        if action.startswith("bid:"):
            state, _events = state.apply(action)
            break
    assert state.high_bidder is not None
    for lang in ("eu", "es", "fr", "en"):
        svg = zaldi_zuria.render_table_svg(state, translator(lang).gettext, lang)
        assert not estimated_too_long(svg, 668, 256), lang


def cup_classes(svg):
    return re.findall(r'<g class="(jk-roll-[ab])">', svg)


def peruludo_dealt():
    return dealt(make_rules(PERULUDO), {"players": 3, "ages": [1, 2, 3], "dice": [2, 3, 2],
                                        "bag": 9}, [[1, 2], [3, 4, 5], [6, 6]])


def test_peruludo_dice_roll_with_each_new_round():
    state = peruludo_dealt()
    svg = peruludo.render_table_svg(state, identity, "en")
    assert cup_classes(svg) == ["jk-roll-b"] * 3 and svg.count('class="jk-die"') == 7
    next_round = replace(state, round_no=state.round_no + 1)
    assert cup_classes(peruludo.render_table_svg(next_round, identity, "en")) == ["jk-roll-a"] * 3


def test_peruludo_dice_shown_by_a_palero_do_not_roll():
    state, _events = peruludo_dealt().apply("bid:7:1")     # three count: a palero wins
    while "palero" not in state.legal_actions():
        state, _events = state.apply("no_doia")
    state, _events = state.apply("palero")
    state, _events = state.apply("lift")                    # the first cup comes up
    assert state.phase == "reveal" and len(state.revealed) == 1
    svg = peruludo.render_table_svg(state, identity, "en")
    assert 'class="jk-die"' in svg and cup_classes(svg) == []


def first_throw():
    """Zohn ahl's first throw: the team throws, chance turns three marked faces up."""
    state = ZOHN_AHL.new_initial_state(make_rules(ZOHN_AHL), None)
    state, _events = state.apply("throw")
    state, events = state.apply("up:3")
    return events


def test_sticks_fall_only_when_a_throw_is_drawn_with_its_number():
    throw = next(e for e in first_throw() if e.kind == "throw")
    still = render_sticks_svg(throw, identity, "en", "caption")
    assert "jk-roll" not in still and still.count('class="jk-stick"') == 4
    assert '<g class="jk-roll-a">' in render_sticks_svg(throw, identity, "en", "c", roll=2)
    assert '<g class="jk-roll-b">' in render_sticks_svg(throw, identity, "en", "c", roll=3)
    assert "jk-roll" not in render_sticks_svg(None, identity, "en", "c", roll=3)


def test_a_lessons_throw_of_the_sticks_has_its_picture_and_the_dice_games_none():
    events = first_throw()
    picture = registry.plugin("zohn_ahl").throw_picture(events, identity, "en", 2)
    assert picture.count('class="jk-stick"') == 4 and "jk-roll-a" in picture
    assert picture.count("<path ") == 3 * 4          # three marked faces up, four chevrons each
    throw = next(e for e in events if e.kind == "throw")
    assert zohn_ahl.describe_event(throw, identity) in picture
    assert registry.plugin("zohn_ahl").throw_picture((), identity, "en", 2) == ""
    assert registry.plugin("zaldi_zuria").throw_picture(events, identity, "en", 2) == ""


def test_the_rolls_stop_for_visitors_who_ask_for_less_motion():
    """Every animation of the throws is declared inside the reduced-motion guard."""
    guarded = ROLL_CSS.split("@media (prefers-reduced-motion:no-preference){", 1)
    assert len(guarded) == 2
    before, inside = guarded[0], guarded[1].split("}}", 1)[0]
    assert "animation:" not in before
    for name in ("jk-roll-a", "jk-roll-b", "jk-fall-a", "jk-fall-b", "jk-pop"):
        assert f"animation:{name}" in inside, name
