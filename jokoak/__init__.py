"""Jokoak: the pure core of the booklet (engines, odds, content, i18n). Never imports streamlit."""

from pathlib import Path

#: The project folder: content/, locales/ and seeds/ live beside the package.
ROOT = Path(__file__).resolve().parent.parent

# The shipped games' keys, from the one description of each game (jokoak/registry.py).
from .registry import GAMES  # noqa: E402

__all__ = ["GAMES", "ROOT"]
