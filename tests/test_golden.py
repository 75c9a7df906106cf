"""Golden playthroughs: one seeded game per engine, with its computer players, as text.

A change to any engine's behaviour shows up here as a readable diff of steps, events,
clause ids and amounts. After an intended change, regenerate and review the diff:

    JOKOAK_REGOLD=1 pytest tests/test_golden.py
"""

import difflib
import os
from pathlib import Path

import pytest

from jokoak import registry
from games_support import GAMES
from jokoak.engine.harness import playthrough_text

import toygame

GOLDEN = Path(__file__).parent / "golden"
SEED = 1
REGOLD = os.environ.get("JOKOAK_REGOLD") == "1"


def compare(name, text):
    path = GOLDEN / f"{name}.txt"
    if REGOLD:
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"regenerated {path.name}")
    if not path.exists():
        pytest.fail(f"no golden file {path.name}: run JOKOAK_REGOLD=1 pytest tests/test_golden.py")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now",
                                    lineterm="", n=1)
        pytest.fail(f"{name} plays differently from {path.name} (JOKOAK_REGOLD=1 to accept):\n"
                    + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("name", GAMES)
def test_seeded_game_plays_as_its_golden_text(name):
    entry = registry.plugin(name)
    compare(name, playthrough_text(entry.game(), entry.policies(), seed=SEED))


def test_toy_game_plays_as_its_golden_text():
    compare("toygame", playthrough_text(toygame.GAME, toygame.POLICIES, seed=SEED))
