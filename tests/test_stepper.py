"""The step-through: next, back, start, end, jumps and autoplay move between the reader steps
of a replayed record (jokoak/render/reader_steps.py); every control carries the step it was drawn for."""

import re

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import GAMES as SHIPPED, ROOT
from jokoak.content.scenarios import scenarios
from jokoak.render.reader_steps import reader_steps
from view_support import switch_to

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


def button(at: AppTest, name: str):
    """The control ``name`` (next, back, first, last, play, pause, jump_<kind>_back/on) on
    screen (its key ends ``_<name>_goto<target>``; Play's ``_play_steps``)."""
    return next(b for b in at.button if re.search(rf"_{name}(_goto-?\d+|_steps)?$", str(b.key)))


@pytest.mark.parametrize("game", GAMES)
def test_next_and_back_move_one_step(game):
    at = open_step_through(game)
    assert not at.exception and current_step(at, game) == 0
    button(at, "next").click().run()
    button(at, "next").click().run()
    assert current_step(at, game) == 2
    button(at, "back").click().run()
    assert current_step(at, game) == 1 and not at.exception


@pytest.mark.parametrize("game", GAMES)
def test_end_and_start_jump_to_the_ends(game):
    at = open_step_through(game)
    button(at, "last").click().run()
    assert current_step(at, game) == reader_count(game)
    assert button(at, "next").disabled
    button(at, "first").click().run()
    assert current_step(at, game) == 0 and button(at, "back").disabled


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
    button(at, "next").click().run()
    markup = " ".join(m.value for m in at.markdown)
    assert 'lang="eu"' in markup and 'lang="fr"' in markup and "jk-hl" in markup


@pytest.mark.parametrize("game", GAMES)
def test_watching_a_whole_game_replays_a_seeded_record(game):
    at = open_step_through(game)
    at.selectbox(key=f"jokoak_scenario_{game}__en").select("__watch__").run()
    assert not at.exception
    button(at, "last").click().run()
    assert not at.exception and current_step(at, game, "watch:") > 0


def test_a_second_tap_on_next_drawn_for_the_step_before_changes_nothing():
    at = open_step_through("peruludo")
    drawn = button(at, "next")
    drawn.click().run()
    assert current_step(at, "peruludo") == 1
    drawn.click().run()             # the same finger again, on the drawing it tapped
    assert current_step(at, "peruludo") == 1 and not at.exception


def test_the_step_in_the_link_is_a_reader_step():
    at = open_step_through("peruludo", scenario="01_opening", step="3")
    assert current_step(at, "peruludo") == 3
    text = " ".join(m.value for m in at.markdown)
    assert "Nobody calls doia." in text and "Player 4 bids 5 × 3" in text


@pytest.mark.parametrize("game", GAMES)
def test_autoplay_moves_one_step_a_tick_until_paused(game, no_waiting):
    at = open_step_through(game)
    button(at, "play").click().run()
    assert current_step(at, game) == 1
    at.run()
    assert current_step(at, game) == 2
    button(at, "pause").click().run()
    at.run()
    assert current_step(at, game) == 2 and not at.exception
    assert button(at, "play")


def test_autoplay_stops_at_the_last_step(no_waiting):
    last = reader_count("zaldi_zuria")
    at = open_step_through("zaldi_zuria", step=str(last - 1))
    button(at, "play").click().run()
    assert current_step(at, "zaldi_zuria") == last
    at.run()
    assert current_step(at, "zaldi_zuria") == last
    assert button(at, "play").disabled and not at.exception


def test_autoplay_has_a_speed_control_in_the_visitors_language():
    at = open_step_through("zaldi_zuria", lang="fr")
    speed = next(w for w in at.get("button_group") if "autospeed" in str(w.key))
    from jokoak.i18n import translator
    french = [translator("fr").gettext(m) for m in ("Slow", "Normal", "Fast")]
    assert french != ["Slow", "Normal", "Fast"]            # French has its own words
    assert [str(o) for o in speed.options] == french and not at.exception


def open_jumps(at: AppTest, game: str) -> AppTest:
    """Open "Jump to…", as a tap on it does (its rows are drawn only while it is open)."""
    from ui.stepper import jumps_key
    at.session_state[jumps_key(game)] = True
    return at.run()


def look_for(at: AppTest, game: str, kind: str) -> AppTest:
    """Choose the kind of moment "Jump to…" looks for, as a tap on its chip does."""
    from ui.stepper import jump_kind_key
    at.session_state[jump_kind_key(game)] = kind
    return at.run()


def test_the_jump_list_is_drawn_only_while_it_is_open():
    """A closed "Jump to…" costs a step nothing: none of its rows is sent."""
    at = open_step_through("peruludo", scenario="01_opening", step="3")
    assert not [b for b in at.button if "_jump_" in str(b.key)] and not at.pills
    open_jumps(at, "peruludo")
    assert [b for b in at.button if "_jump_" in str(b.key)] and not at.exception


def test_the_jump_list_looks_first_for_the_kind_of_the_step_on_screen():
    at = open_jumps(open_step_through("peruludo", scenario="01_opening", step="3"), "peruludo")
    assert at.pills[0].value == "bid"              # step 3 is a bid
    assert button(at, "jump_bid_back")


def test_the_jump_list_never_starts_on_a_kind_with_nowhere_to_go():
    """Before the visitor chooses, the kind chosen for them has a step to jump to, not two
    "none" captions: zohn ahl's first step is the game's start, which no other step has."""
    from jokoak.render.reader_steps import watched_record
    from ui.stepper import jump_kind_key, jump_targets
    at = open_step_through("zohn_ahl", scenario="__watch__", step="1")
    at = open_jumps(at, "zohn_ahl")
    steps = reader_steps("zohn_ahl", watched_record("zohn_ahl", 1))[2]
    chosen = at.session_state[jump_kind_key("zohn_ahl")]
    assert jump_targets(steps, 1, chosen) != (None, None)
    assert [b for b in at.button if "_jump_" in str(b.key)]


def test_the_jump_list_offers_each_kind_the_record_shows_once_in_the_visitors_language():
    from jokoak import registry
    from jokoak.i18n import translator
    at = open_jumps(open_step_through("peruludo", lang="es", scenario="01_opening"), "peruludo")
    shown = set().union(*(s.kinds for s in reader_steps("peruludo", scenarios("peruludo")[0].record)[2]))
    es = translator("es").gettext
    kinds = registry.entry("peruludo").renderer_module().event_kinds()
    assert at.pills[0].options == [es(label) for kind, label in kinds if kind in shown]


def test_the_jump_list_stays_open_from_step_to_step():
    at = open_jumps(open_step_through("peruludo", scenario="01_opening", step="3"), "peruludo")
    button(at, "jump_bid_back").click().run()
    assert current_step(at, "peruludo") == 2
    assert button(at, "jump_bid_on")          # drawn for the new step, still open


def test_jump_goes_back_as_well_as_forward():
    at = open_jumps(open_step_through("peruludo", scenario="01_opening", step="3"), "peruludo")
    button(at, "jump_bid_back").click().run()
    assert current_step(at, "peruludo") == 2
    button(at, "jump_bid_on").click().run()
    assert current_step(at, "peruludo") == 3
    look_for(at, "peruludo", "round_start")
    button(at, "jump_round_start_back").click().run()
    assert current_step(at, "peruludo") == 1


def test_an_unavailable_jump_says_why_in_the_visitors_language():
    at = open_jumps(open_step_through("peruludo", lang="es", scenario="01_opening"), "peruludo")
    look_for(at, "peruludo", "bid")
    notes = " ".join(c.value for c in at.caption)
    assert "ninguno antes" in notes                      # no bid before the start
    assert "No está en esta situación: " in notes and "Doia dicho" in notes
    assert not [b for b in at.button if re.search(r"_jump_bid_back_goto\d+$", str(b.key))]


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
