"""The zohn ahl board SVG and event sentences: accessible, escaped, translated, complete."""

import math
import xml.etree.ElementTree as ET

from jokoak.engine.core import event
from jokoak.engine.record import play, replay
from jokoak.games.zohn_ahl.bots import thrower
from jokoak.games.zohn_ahl.engine import GAME, default_rules
from jokoak.games.zohn_ahl.render import (describe_event, event_kinds, render_board_svg,
                                    site_points)
from jokoak.content.scenarios import scenarios

SVG = "{http://www.w3.org/2000/svg}"


def identity(message):
    return message


def sample_state():
    """A mid-game position."""
    return GAME.new_initial_state(default_rules(), {"players": [1, 1], "positions": [12, 31],
                                                    "scoring": [5, 3]})


def test_board_svg_has_title_desc_and_language():
    root = ET.fromstring(render_board_svg(sample_state(), identity, "fr"))
    assert root.get("lang") == "fr"
    assert root.find(SVG + "title").text and root.find(SVG + "desc").text
    assert "12 sites past the south creek" in root.find(SVG + "desc").text


def test_board_svg_without_a_state_is_an_empty_board():
    root = ET.fromstring(render_board_svg(None, identity, "eu"))
    assert root.find(SVG + "title").text == "zohn ahl board"


def svg_texts(svg):
    return [t.text for t in ET.fromstring(svg).iter(SVG + "text")]


def test_board_svg_numbers_every_site_on_demand():
    texts = svg_texts(render_board_svg(None, identity, "en", numbered=True))
    assert all(str(n) in texts for n in range(1, 33)) and "33" not in texts
    assert "32" not in svg_texts(render_board_svg(None, identity, "en"))
    forty = svg_texts(render_board_svg(None, identity, "en", numbered=True, sites_per_side=10))
    assert all(str(n) in forty for n in range(1, 41))


def test_board_svg_numbers_count_the_way_the_east_running_stick_runs():
    west = ET.fromstring(render_board_svg(None, identity, "en", numbered="west"))
    east = ET.fromstring(render_board_svg(None, identity, "en", numbered="east"))
    where = {t.text: (t.get("x"), t.get("y")) for t in west.iter(SVG + "text")}
    where_east = {t.text: (t.get("x"), t.get("y")) for t in east.iter(SVG + "text")}
    assert where_east["1"] == where["32"] and where_east["32"] == where["1"]


def test_board_svg_resting_sticks_lie_across_the_track_and_cover_no_counting_site():
    from jokoak.games.zohn_ahl.engine import GAME, default_rules
    from jokoak.games.zohn_ahl.render import STICK_LENGTH, stick_pose
    sites = site_points(8)
    for positions in ([1, 2], [3, 7], [12, 7], [5, 30], [15, 14], [0, 0]):
        state = GAME.new_initial_state(default_rules(), {"positions": positions,
                                                         "scoring": [4, 4]})
        for team in (0, 1):
            x, y, nx, ny = stick_pose(state, team)
            for sx, sy, _, _ in sites:       # the nearest point of the stick to each site
                t = max(-STICK_LENGTH - 3, min(STICK_LENGTH + 3, (sx - x) * nx + (sy - y) * ny))
                assert math.hypot(x + t * nx - sx, y + t * ny - sy) > 6 + 6, (positions, team)


def test_board_svg_legend_names_the_way_round_not_left_or_right():
    state = GAME.new_initial_state(default_rules(), None)
    texts = " ".join(svg_texts(render_board_svg(state, identity, "en")))
    assert "↻ Clockwise" in texts and "↺ Anticlockwise" in texts and "←" not in texts


def test_board_svg_explains_the_hollow_knee_circles_on_the_forty_site_board():
    texts = " ".join(svg_texts(render_board_svg(None, identity, "en", sites_per_side=10)))
    assert "The knees' ends" in texts
    assert "The knees' ends" not in " ".join(svg_texts(render_board_svg(None, identity, "en")))


def test_board_svg_dry_creek_labels_run_along_their_side_away_from_the_stone():
    root = ET.fromstring(render_board_svg(None, identity, "eu"))
    rotated = [g for g in root.iter(SVG + "g") if "rotate" in (g.get("transform") or "")]
    assert len(rotated) == 2


def test_board_sites_forty_or_thirty_two():
    assert len(site_points(10)) == 40 and len(site_points(8)) == 32


def test_board_svg_escapes_translated_text():
    svg = render_board_svg(sample_state(), lambda m: "<b>&" + m, "en")
    ET.fromstring(svg)          # still well-formed
    assert "<b>" not in svg


def test_board_svg_uses_the_translator():
    def shout(message):
        return message.replace("ahl stone", "AHL STONE").replace("south creek", "SOUTH CREEK")
    svg = render_board_svg(sample_state(), shout, "en")
    assert "AHL STONE" in svg and "SOUTH CREEK" in svg


def test_event_kinds_cover_every_event_the_engine_emits():
    known = {k for k, _ in event_kinds()}
    seen = set()
    for sc in scenarios("zohn_ahl"):
        _, steps = sc.replay()
        seen |= {e.kind for s in steps for e in s.events}
    for ruleset in ("basque_text", "some_authors"):
        record = play(GAME, default_rules(ruleset), {"players": [2, 1], "positions": [0, 0],
                                                     "scoring": [4, 4]}, 3, thrower)
        _, steps = replay(GAME, record)
        seen |= {e.kind for s in steps for e in s.events}
    assert seen == known


def test_describe_event_gives_a_translated_sentence_for_every_kind():
    for sc in scenarios("zohn_ahl"):
        _, steps = sc.replay()
        for step in steps:
            for ev in step.events:
                text = describe_event(ev, identity)
                assert text and text != ev.kind and "%(" not in text
                assert describe_event(ev, lambda m: "X" + m).count("X") >= 1


def test_describe_event_abandoned_draw():
    ev = event("abandon", "win.abandoned", (0,), {"winner": -1}, sticks_0=4, sticks_1=4)
    assert "nobody wins" in describe_event(ev, identity)


def _throw_again_sentence(ruleset, outcome):
    """The 'another throw' sentence after the sticks show ``outcome`` under ``ruleset``."""
    state = GAME.new_initial_state(default_rules(ruleset), None)
    state, events = state.apply("throw")
    state, more = state.apply(outcome)
    again = [e for e in events + more if e.kind == "throw_again"]
    assert len(again) == 1
    return describe_event(again[0], identity)


def test_another_throw_is_credited_to_the_sahe_only_for_one_or_three_marked_faces_with_it():
    """nebakuthana.one / nebakuthana.three: the sahe up with one or three marked faces earns
    another throw; zohn ahl's red (throw.red, 5) and Nebäkuthana's all four up
    (nebakuthana.all, 6) earn it by their own value, and zohn ahl has no sahe at all."""
    sahe = "The sahe's marked face is up, so the same team throws again."
    assert _throw_again_sentence("basque_text", "up:4") == "A throw of 5 points gives another throw."
    assert _throw_again_sentence("basque_text", "up:0") == "A throw of 10 points gives another throw."
    assert _throw_again_sentence("nebakuthana", "up:4") == "A throw of 6 points gives another throw."
    assert _throw_again_sentence("nebakuthana", "up:1s") == sahe
    assert _throw_again_sentence("nebakuthana", "up:3s") == sahe
