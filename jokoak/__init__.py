"""Jokoak: the pure core of the booklet. Never imports streamlit.

One package per concern (the map: CONTRIBUTING.md, "Layout"): ``engine`` and ``games`` (the
rules), ``odds``, ``bots`` and ``render`` (analysis and presentation), ``content`` (the
``content/`` files), ``i18n`` (languages and catalogs), ``review`` (the translators' checks),
``service`` (settings, rooms, read-aloud), ``cli``; ``plugin`` is the shape of a game,
``registry`` finds the games and ``errors`` is the one exception tree.
"""

from pathlib import Path

#: The project folder: content/ (a folder per game) and locales/ live beside the package.
ROOT = Path(__file__).resolve().parent.parent

__all__ = ["ROOT"]
