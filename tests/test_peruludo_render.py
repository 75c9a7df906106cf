"""Peruludo's sentences and table picture: every event kind worded, the SVG accessible,
escaped and honest about hidden dice."""

import re
from xml.etree import ElementTree

from jokoak.engine.core import event, make_rules
from jokoak.games.peruludo.engine import GAME, dealt
from jokoak.games.peruludo.render import describe_event, event_kinds, render_table_svg
from jokoak.content.scenarios import scenarios

SVG = "{http://www.w3.org/2000/svg}"


def all_scenario_events():
    out = []
    for sc in scenarios("peruludo"):
        _, steps = sc.replay()
        out += [ev for step in steps for ev in step.events]
    return out


def test_every_event_kind_is_listed_and_worded():
    events = all_scenario_events()
    listed = dict(event_kinds())
    assert {ev.kind for ev in events} <= set(listed)
    for ev in events:
        text = describe_event(ev, lambda s: s)
        assert text and text != ev.kind and "%(" not in text
    for kind in listed:
        ev = event(kind, "doia.right", (0, 1), dice=2, bag=1, count=3, quantity=4, face=2,
                   matched=1, gained=1, round=2, closed=1, left=2)
        assert describe_event(ev, lambda s: s) != kind


def test_sentences_go_through_the_translator():
    events = all_scenario_events()
    for ev in events:
        assert "XX" in describe_event(ev, lambda s: "XX")


def test_a_roll_is_worded_without_its_face_for_another_viewer():
    ev = next(e for e in all_scenario_events() if e.kind == "roll")
    seen = describe_event(ev, lambda s: s)
    hidden = describe_event(ev, lambda s: s, viewer=ev.actors[0] + 1)
    assert seen.endswith(f"throws a {ev.amount('face')}.")
    assert hidden == f"Player {ev.actors[0] + 1} throws a die under the cup."


def state():
    return dealt(make_rules(GAME), {"players": 3, "ages": [1, 2, 3], "dice": [2, 3, 1],
                                    "bag": 9, "arrastatze": [2]},
                 [[1, 2], [3, 4, 5], [6]])


def test_table_svg_is_an_accessible_image_with_lang_on_every_text():
    svg = render_table_svg(state(), lambda s: s, "eu")
    root = ElementTree.fromstring(svg)
    assert root.get("role") == "img" and root.get("lang") == "eu"
    assert root.find(f"{SVG}title").text == "peruludo: the table"
    assert "bag holds 9 dice" in root.find(f"{SVG}desc").text
    assert all(t.get("lang") == "eu" for t in root.iter(f"{SVG}text"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Bag: 9 dice" in texts and any("arrastatze" in t for t in texts)


def test_table_svg_escapes_every_text():
    svg = render_table_svg(state(), lambda s: s + "<b>&", "en")
    ElementTree.fromstring(svg)
    assert "<b>" not in svg


def test_table_svg_draws_only_the_viewers_dice():
    def count(svg: str) -> int:
        return len(re.findall(r'<rect [^>]*rx="5"', svg))  # one rect per die
    assert count(render_table_svg(state(), lambda s: s, "en")) == 6
    assert count(render_table_svg(state(), lambda s: s, "en", viewer=1)) == 3


def test_the_doia_count_names_the_face_as_the_dice_showing_it_for_every_face():
    """doia.right: the dice showing the bid's face are counted, wild sixes too
    (setup.wild); a face inserted bare ("Counting the 4") would not read as dice."""
    for face in range(1, 7):
        for wild in (True, False):
            ev = event("doia_count", ["doia.right"], (0, 1), {"wild": wild, "cups": {}},
                       count=1, quantity=2, face=face)
            text = describe_event(ev, lambda s: s)
            assert text.startswith(f"Dice showing {face}")
            assert text.endswith(": 1, for a bid of 2.")
            assert ("wild sixes included" in text) == (wild and face != 6)
