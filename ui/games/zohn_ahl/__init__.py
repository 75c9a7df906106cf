"""The Streamlit views of zohn ahl: ``views`` (odds) and ``play`` (play against the computer or
in a room), declared in :data:`VIEWS` (:class:`ui.game_views.GameViews`). Its core is
:mod:`jokoak.games.zohn_ahl`."""

from __future__ import annotations

from ui.game_views import ClassHooks, GameViews, PlayViews

from . import play, views

VIEWS = GameViews(
    odds=views.odds_view,
    play=PlayViews(spec=play.SPEC, view=play.play_view, control_name=play.control_name,
                   class_hooks=ClassHooks(seats=play.CLASS_SEATS, choices=play.class_choices,
                                          summary=play.class_summary)),
)
