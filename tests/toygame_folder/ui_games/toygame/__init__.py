"""The toy's Streamlit side: what ``ui/games/<key>/`` is for a game of the booklet (an odds
view, no play view)."""

from __future__ import annotations

from ui.game_views import GameViews

from . import views

VIEWS = GameViews(odds=views.odds_view)
