"""Jokoak: the pure core of the booklet (engines, odds, content, i18n). Never imports streamlit."""

from pathlib import Path

#: The project folder: content/, locales/ and seeds/ live beside the package.
ROOT = Path(__file__).resolve().parent.parent

GAMES: tuple[str, ...] = ("zaldi_zuria", "peruludo", "zohn_ahl")
