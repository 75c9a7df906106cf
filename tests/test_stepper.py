"""The step-through: next, back, start, end, jumps and autoplay move between the reader steps
of a replayed record (jokoak/render/reader_steps.py); every tap carries the step it was drawn
for and the step it leads to, and the server takes it only if a control drawn for the step on
screen leads there. The step is one element (ui/step_controls.py): these tests read its data and
send its taps as the browser does."""

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from games_support import GAMES as SHIPPED
from jokoak.content.scenarios import scenarios
from jokoak.render.reader_steps import reader_steps
from view_support import send_to_step_element, step_data, switch_to

GAMES = [g for g in SHIPPED if scenarios(g)]


def reader_count(game: str, index: int = 0) -> int:
    return len(reader_steps(game, scenarios(game)[index].record)[2])


def open_step_through(game: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = params.pop("lang", "en")
    at.query_params["view"] = "step"
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    switch_to(at, game)
    return at.run()


def current_step(at: AppTest, game: str, record: str = "") -> int:
    values = [at.session_state[k] for k in at.session_state
              if str(k).startswith(f"jokoak_step_{game}_{record}")]
    steps = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    assert len(steps) == 1, steps
    return steps[0]


def controls(at: AppTest, game: str) -> dict:
    """What the step's one element (ui/step_controls.py) shows."""
    return step_data(at, game)


def send(at: AppTest, game: str, event: str, value) -> AppTest:
    """A tap on the step's element, as the browser sends it."""
    return send_to_step_element(at, event, value, game)


def target(at: AppTest, game: str, name: str) -> int | None:
    """Where the control ``name`` (first, back, next, last) leads; None where it is off."""
    return next(m["to"] for m in controls(at, game)["moves"] if m["name"] == name)


def press(at: AppTest, game: str, name: str) -> AppTest:
    """A tap on the control ``name`` as drawn for the step on screen."""
    to = target(at, game, name)
    assert to is not None, f"{name} is off"
    return send(at, game, "go", {"to": to, "from": controls(at, game)["step"]})


def jump(at: AppTest, game: str, kind: str, way: str) -> AppTest:
    """A tap on "Jump to…"'s button before (``back``) or after (``on``) for ``kind``."""
    found = next(k for k in controls(at, game)["jump"]["kinds"] if k["kind"] == kind)
    assert found[way] is not None, f"no {kind} {way}"
    return send(at, game, "go", {"to": found[way], "from": controls(at, game)["step"]})


@pytest.mark.parametrize("game", GAMES)
def test_next_and_back_move_one_step(game):
    at = open_step_through(game)
    assert not at.exception and current_step(at, game) == 0
    press(at, game, "next")
    press(at, game, "next")
    assert current_step(at, game) == 2 and controls(at, game)["step"] == 2
    press(at, game, "back")
    assert current_step(at, game) == 1 and not at.exception


@pytest.mark.parametrize("game", GAMES)
def test_end_and_start_jump_to_the_ends(game):
    at = open_step_through(game)
    press(at, game, "last")
    assert current_step(at, game) == reader_count(game)
    assert target(at, game, "next") is None                # "Next" is off at the end
    press(at, game, "first")
    assert current_step(at, game) == 0 and target(at, game, "back") is None


@pytest.mark.parametrize("game", GAMES)
def test_a_deep_link_opens_the_scenario_at_its_step(game):
    last = scenarios(game)[-1]
    at = open_step_through(game, scenario=last.name, step="1")
    assert not at.exception
    assert at.session_state[f"jokoak_scenario_{game}"] == last.name
    assert current_step(at, game) == 1


@pytest.mark.parametrize("game", GAMES)
def test_each_step_shows_the_clauses_it_applies_in_basque_and_translation(game):
    at = open_step_through(game, lang="fr")
    press(at, game, "next")
    markup = controls(at, game)["clauses"]
    assert 'lang="eu"' in markup and 'lang="fr"' in markup and "jk-hl" in markup


@pytest.mark.parametrize("game", GAMES)
def test_watching_a_whole_game_replays_a_seeded_record(game):
    at = open_step_through(game)
    at.selectbox(key=f"jokoak_scenario_{game}__en").select("__watch__").run()
    assert not at.exception
    press(at, game, "last")
    assert not at.exception and current_step(at, game, "watch:") > 0


def test_a_second_tap_on_next_drawn_for_the_step_before_changes_nothing():
    at = open_step_through("peruludo")
    drawn = {"to": target(at, "peruludo", "next"), "from": controls(at, "peruludo")["step"]}
    send(at, "peruludo", "go", drawn)
    assert current_step(at, "peruludo") == 1
    send(at, "peruludo", "go", drawn)      # the same finger again, on the drawing it tapped
    assert current_step(at, "peruludo") == 1 and not at.exception


def test_a_tap_for_a_step_no_control_leads_to_changes_nothing():
    at = open_step_through("peruludo")
    send(at, "peruludo", "go", {"to": 5, "from": 0})
    assert current_step(at, "peruludo") == 0 and not at.exception


@pytest.mark.parametrize("value", [None, "next", 3, {"to": "1", "from": 0}, {"to": True, "from": 0},
                                   {"to": -1, "from": 0}, {"from": 0}, [1, 0]])
def test_a_malformed_tap_changes_nothing_and_breaks_nothing(value):
    at = open_step_through("peruludo")
    send(at, "peruludo", "go", value)
    send(at, "peruludo", "play", value)
    send(at, "peruludo", "speed", value)
    assert current_step(at, "peruludo") == 0 and not at.exception
    assert not controls(at, "peruludo")["playing"]


def test_the_step_in_the_link_is_a_reader_step():
    at = open_step_through("peruludo", scenario="01_opening", step="3")
    assert current_step(at, "peruludo") == 3
    text = controls(at, "peruludo")["text"]
    assert "Nobody calls doia." in text and "Player 4 bids 5 × 3" in text


@pytest.mark.parametrize("game", GAMES)
def test_autoplay_moves_one_step_a_tick_until_paused(game, no_waiting):
    at = open_step_through(game)
    send(at, game, "play", True)
    assert current_step(at, game) == 1 and controls(at, game)["playing"]
    at.run()
    assert current_step(at, game) == 2
    send(at, game, "play", False)
    at.run()
    assert current_step(at, game) == 2 and not at.exception
    assert not controls(at, game)["playing"]


def test_autoplay_stops_at_the_last_step(no_waiting):
    last = reader_count("zaldi_zuria")
    at = open_step_through("zaldi_zuria", step=str(last - 1))
    send(at, "zaldi_zuria", "play", True)
    assert current_step(at, "zaldi_zuria") == last
    at.run()
    assert current_step(at, "zaldi_zuria") == last
    shown = controls(at, "zaldi_zuria")
    assert not shown["playing"] and not shown["can_play"] and not at.exception


def test_autoplay_has_a_speed_control_in_the_visitors_language():
    at = open_step_through("zaldi_zuria", lang="fr")
    from jokoak.i18n import translator
    french = [translator("fr").gettext(m) for m in ("Slow", "Normal", "Fast")]
    assert french != ["Slow", "Normal", "Fast"]            # French has its own words
    assert [label for _value, label in controls(at, "zaldi_zuria")["speeds"]] == french
    send(at, "zaldi_zuria", "speed", "fast")
    assert controls(at, "zaldi_zuria")["speed"] == "fast" and not at.exception


def test_the_jump_list_looks_first_for_the_kind_of_the_step_on_screen():
    at = open_step_through("peruludo", scenario="01_opening", step="3")
    assert controls(at, "peruludo")["jump"]["first"] == "bid"      # step 3 is a bid


def test_the_jump_list_never_starts_on_a_kind_with_nowhere_to_go():
    """Before the visitor chooses, the kind chosen for them has a step to jump to, not two
    "none" captions: zohn ahl's first step is the game's start, which no other step has."""
    from jokoak.render.reader_steps import watched_record
    from ui.stepper import jump_targets
    at = open_step_through("zohn_ahl", scenario="__watch__", step="1")
    steps = reader_steps("zohn_ahl", watched_record("zohn_ahl", 1))[2]
    chosen = controls(at, "zohn_ahl")["jump"]["first"]
    assert jump_targets(steps, 1, chosen) != (None, None)


def test_the_jump_list_offers_each_kind_the_record_shows_once_in_the_visitors_language():
    from jokoak import registry
    from jokoak.i18n import translator
    at = open_step_through("peruludo", lang="es", scenario="01_opening")
    shown = set().union(*(s.kinds for s in reader_steps("peruludo", scenarios("peruludo")[0].record)[2]))
    es = translator("es").gettext
    kinds = registry.plugin("peruludo").table_renderer().event_kinds()
    offered = [k["label"] for k in controls(at, "peruludo")["jump"]["kinds"]]
    assert offered == [es(label) for kind, label in kinds if kind in shown]


def test_jump_goes_back_as_well_as_forward():
    at = open_step_through("peruludo", scenario="01_opening", step="3")
    jump(at, "peruludo", "bid", "back")
    assert current_step(at, "peruludo") == 2
    jump(at, "peruludo", "bid", "on")
    assert current_step(at, "peruludo") == 3
    jump(at, "peruludo", "round_start", "back")
    assert current_step(at, "peruludo") == 1


def test_an_unavailable_jump_says_why_in_the_visitors_language():
    at = open_step_through("peruludo", lang="es", scenario="01_opening")
    menu = controls(at, "peruludo")["jump"]
    bid = next(k for k in menu["kinds"] if k["kind"] == "bid")
    assert bid["back"] is None and menu["none_earlier"] == "ninguno antes"   # none before the start
    assert "Momentos que no aparecen en esta situación: " in menu["absent"] and "Doia dicho" in menu["absent"]


def test_a_replayed_record_is_found_again_by_its_name_without_reading_the_record(monkeypatch):
    """Each step's rerun looks the replay up by the game and the record's name (a scenario,
    ``watch:<seed>``), never by hashing the whole record."""
    import ui.stepper as stepper
    from jokoak.render.reader_steps import watched_record

    replays = []
    monkeypatch.setattr(stepper, "reader_steps",
                        lambda *args: replays.append(args) or reader_steps(*args))
    game, name = GAMES[0], "watch:test-lookup"
    first = stepper._replayed(game, name, watched_record(game, 1))
    again = stepper._replayed(game, name, scenarios(game)[0].record)   # not read: same name
    assert again is first and len(replays) == 1


@pytest.mark.parametrize("game", GAMES)
def test_the_jump_targets_are_the_nearest_steps_of_that_kind_before_and_after(game):
    """Read from each kind's list of steps: the same as looking at every step."""
    from ui.stepper import jump_targets
    steps = reader_steps(game, scenarios(game)[0].record)[2]
    for kind in set().union(*(s.kinds for s in steps)):
        for index in range(len(steps) + 1):
            earlier = [s.index for s in steps if s.index < index and kind in s.kinds]
            later = [s.index for s in steps if s.index > index and kind in s.kinds]
            assert jump_targets(steps, index, kind) == (earlier[-1] if earlier else None,
                                                        later[0] if later else None)
