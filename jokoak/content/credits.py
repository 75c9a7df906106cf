"""Provenance of the Basque texts and the booklet's credits, as msgids for the Sources page.

Each game's older sources are part of its entry in :mod:`jokoak.registry`.
"""

from __future__ import annotations

from ..i18n.msgids import N_


PROVENANCE = N_(
    "The three Basque texts match the games pages of Jokoenea (jokoenea.eus), a Basque-language "
    "games website and museum in Donostia founded in 2018. They are reproduced here byte for "
    "byte, including the leftovers of the web pages they were taken from, which are shown "
    "greyed and never translated.")

CREDITS = N_(
    "Jokoak is free software. Charts are drawn with Vega-Altair, numbers and languages are "
    "formatted with Babel, the app runs on Streamlit. Translations, glossary and interpretation "
    "notes are the project's own work and cite their sources.")
