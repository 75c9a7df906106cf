"""The play controller every play view shares: one game in progress per visitor and view.

The flow is :mod:`jokoak.engine.driver`'s (chance and computers act until a person must);
this package adds what real hands need, one concern a module, each importing only those
below it:

* :mod:`.pace` — how fast the others' moves come, how long a second tap is the same tap;
* :mod:`.sessions` — the game under way (:class:`PlaySession`) and what a view says of its
  game (:class:`PlaySpec`); whose decision it is, asked of the driver; the token every
  control carries, so a stale or repeated tap changes nothing;
* :mod:`.controller` — taps, ticks, skip, pause, undo, new game, the cover's hand-over;
* :mod:`.link` — the game in the URL (``?game=``), read back after a reload;
* :mod:`.widgets` — the shared pieces every play view draws;
* :mod:`.coach` — against the computer: Undo and Hint;
* :mod:`.view` — a whole play view, composing the rest (imported by the views that draw one,
  not here).

The names below are the ones the game views, the lessons and the rooms use.
"""

from __future__ import annotations

from .controller import (TapKeep, TapSource, accept_tap, hand_over, new_game, play_again,
                         set_autoplay, set_paused, skip, start_at_once, tap, tick, ticking,
                         undo)
from .sessions import (TOKEN_STRIDE, PlaySession, PlaySpec, action_key, again, chosen_people,
                       current_seed, decisions_made, for_child, fresh_session, locked, people,
                       person_to_act, session, table_of, token, token_at)
from .widgets import (COVER_CSS, KIOSK_START_CSS, PLAY_CSS, board, cover, failure_panel,
                      kiosk_start, new_game_panel, pace_controls, people_choice,
                      play_again_button, reason_html, refusal_note, result_note,
                      scroll_to_board, seat_table, turn_line, turn_of)

__all__ = [
    "COVER_CSS", "KIOSK_START_CSS", "PLAY_CSS", "TOKEN_STRIDE", "PlaySession", "PlaySpec",
    "TapKeep", "TapSource", "accept_tap", "action_key", "again", "board", "chosen_people",
    "cover", "current_seed", "decisions_made", "failure_panel", "for_child", "fresh_session",
    "hand_over", "kiosk_start", "locked", "new_game", "new_game_panel", "pace_controls",
    "people", "people_choice", "person_to_act", "play_again", "play_again_button",
    "reason_html", "refusal_note", "result_note", "scroll_to_board", "seat_table", "session",
    "set_autoplay", "set_paused", "skip", "start_at_once", "table_of", "tap", "tick",
    "ticking", "token", "token_at", "turn_line", "turn_of", "undo",
]
