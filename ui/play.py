"""What the three play views share: the "New game" panel and replaying a game's record.

A game in progress is a :class:`~jokoak.engine.record.Record` in ``st.session_state`` and is
replayed on every rerun, so the page never holds a state object that could drift from it.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from jokoak.engine.record import Record

from .common import _, in_this_language


def new_game_panel(game: Any, play_key: str, prefix: str, start: Callable[..., None],
                   choices: Callable[[], dict[str, Any]] = dict) -> None:
    """The "New game" expander: the game's own ``choices``, the rules and one big button.

    Open while no game is under way. The button calls ``start(ruleset=..., seed=...,
    **choices())`` with a fresh seed per press, so each game is a new, replayable record.
    """
    with st.expander(_("New game"), expanded=play_key not in st.session_state):
        extra = choices()
        titles = {r.name: r.title for r in game.rulesets}
        names = list(titles)
        ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                       format_func=in_this_language(lambda n: _(titles[n])),
                                       key=f"{prefix}_ruleset") or names[0]
        if st.button(_("Start a new game"), type="primary", key=f"{prefix}_new",
                     width="stretch"):
            seed = st.session_state.get(f"{prefix}_seed", 0) + 1
            st.session_state[f"{prefix}_seed"] = seed
            start(ruleset=ruleset, seed=seed, **extra)


def replayed(game: Any, record: Record) -> tuple[Any, list[Any]]:
    """The current state and every event so far, from the record.

    Unlike :func:`jokoak.engine.record.replay` it does not re-check each action's legality:
    the record was built by this page from legal actions, and listing peruludo's legal bids
    at every step would cost more than the replay itself.
    """
    state = game.new_initial_state(record.rules, record.setup)
    events: list[Any] = []
    for action in record.actions:
        state, step_events = state.apply(action)
        events.extend(step_events)
    return state, events
