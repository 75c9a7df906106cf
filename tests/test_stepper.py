"""The step-through: next, back, start, end and jumps are recomputation of a replayed record."""

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import GAMES as SHIPPED, ROOT
from jokoak.scenarios import scenarios

GAMES = [g for g in SHIPPED if scenarios(g)]


def open_step_through(game: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = params.pop("lang", "en")
    at.query_params["view"] = "step"
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(f"app_pages/{game}.py")
    return at.run()


def current_step(at: AppTest, game: str, record: str = "") -> int:
    values = [at.session_state[k] for k in at.session_state
              if str(k).startswith(f"jokoak_step_{game}_{record}")]
    steps = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    assert len(steps) == 1, steps
    return steps[0]


def button(at: AppTest, suffix: str):
    return next(b for b in at.button if str(b.key).endswith(suffix))


@pytest.mark.parametrize("game", GAMES)
def test_next_and_back_move_one_step(game):
    at = open_step_through(game)
    assert not at.exception and current_step(at, game) == 0
    button(at, "_next").click().run()
    button(at, "_next").click().run()
    assert current_step(at, game) == 2
    button(at, "_back").click().run()
    assert current_step(at, game) == 1 and not at.exception


@pytest.mark.parametrize("game", GAMES)
def test_end_and_start_jump_to_the_ends(game):
    at = open_step_through(game)
    button(at, "_last").click().run()
    first = scenarios(game)[0]
    assert current_step(at, game) == len(first.record.actions)
    assert button(at, "_next").disabled
    button(at, "_first").click().run()
    assert current_step(at, game) == 0 and button(at, "_back").disabled


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
    button(at, "_next").click().run()
    markup = " ".join(m.value for m in at.markdown)
    assert 'lang="eu"' in markup and 'lang="fr"' in markup and "jk-hl" in markup


@pytest.mark.parametrize("game", GAMES)
def test_watching_a_whole_game_replays_a_seeded_record(game):
    at = open_step_through(game)
    at.selectbox(key=f"jokoak_scenario_{game}__en").select("__watch__").run()
    assert not at.exception
    button(at, "_last").click().run()
    assert not at.exception and current_step(at, game, "watch:") > 0
