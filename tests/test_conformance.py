"""Every registered game, in every ruleset, passes the conformance harness.

See jokoak/engine/harness.py for what is checked (and what a game with hidden information
must expose); every game has an engine, so a missing one fails, never skips.
The CI run plays 100 seeded games per ruleset (10 of them thorough), sized with the monkey
for CI's ten minutes; the full run plays the 200 the project promises
(``JOKOAK_CONFORMANCE_GAMES=200``, in docs/testing.md's full run), and
``JOKOAK_CONFORMANCE_GAMES=20 pytest tests/test_conformance.py`` fewer while working on an
engine.
"""

import os

import pytest

from jokoak import registry
from games_support import GAMES
from jokoak.engine import make_rules
from jokoak.engine.harness import DEFAULT_GAMES, check_game, rules_problems

#: Playouts per ruleset: half the harness's promise (DEFAULT_GAMES) unless asked for more.
PLAYOUTS = int(os.environ.get("JOKOAK_CONFORMANCE_GAMES", DEFAULT_GAMES // 2))


def cases():
    for name in GAMES:
        try:
            game = registry.plugin(name).game()
        except Exception as exc:  # a broken engine fails its own case, not the collection
            yield pytest.param(name, None, exc, id=f"{name}-import")
            continue
        for ruleset in game.rulesets:
            yield pytest.param(name, ruleset.name, None, id=f"{name}-{ruleset.name}")


@pytest.mark.parametrize("name, ruleset, import_error", list(cases()))
def test_random_playouts_keep_every_engine_promise(name, ruleset, import_error):
    if import_error is not None:
        raise import_error
    game = registry.plugin(name).game()
    policies = registry.plugin(name).policies() or None
    summary = check_game(game, games=PLAYOUTS, rulesets=[ruleset], policies=policies)
    assert summary.games == PLAYOUTS
    assert summary.longest <= game.max_actions


@pytest.mark.parametrize("name", GAMES)
def test_rules_record_names_justifies_and_sources_every_option(name):
    game = registry.plugin(name).game()
    assert rules_problems(game) == []
    assert make_rules(game).ruleset == game.rulesets[0].name
