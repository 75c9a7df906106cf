"""Golden playthroughs: one seeded game per engine, with its computer players, as text.

A change to any engine's behaviour shows up here as a readable diff of steps, events,
clause ids and amounts. Each game's golden text lives in its own folder,
``content/<key>/golden.txt`` (the toy's beside its content, ``tests/toygame_content/``).
After an intended change, regenerate and review the diff:

    JOKOAK_REGOLD=1 pytest tests/test_golden.py
"""

import difflib
import os
from pathlib import Path

import pytest

from jokoak import registry
from jokoak.content.segments import content_dir
from games_support import GAMES
from jokoak.engine.harness import playthrough_text

import toygame

TOY_GOLDEN = Path(__file__).parent / "toygame_content" / "golden.txt"
SEED = 1
REGOLD = os.environ.get("JOKOAK_REGOLD") == "1"


def compare(name, text, path):
    if REGOLD:
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"regenerated {path}")
    if not path.exists():
        pytest.fail(f"no golden file {path}: run JOKOAK_REGOLD=1 pytest tests/test_golden.py")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now",
                                    lineterm="", n=1)
        pytest.fail(f"{name} plays differently from {path.name} (JOKOAK_REGOLD=1 to accept):\n"
                    + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("name", GAMES)
def test_seeded_game_plays_as_its_golden_text(name):
    entry = registry.plugin(name)
    compare(name, playthrough_text(entry.game(), entry.policies(), seed=SEED),
            content_dir(name) / "golden.txt")


def test_toy_game_plays_as_its_golden_text():
    compare("toygame", playthrough_text(toygame.GAME, toygame.POLICIES, seed=SEED), TOY_GOLDEN)
