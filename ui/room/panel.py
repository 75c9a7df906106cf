"""The room panel under a play view ("Play together on several devices": who plays on
their own device, open, join or watch by a code), the invitation a followed link leaves at
the top of the page, and the way to the class screen."""

from __future__ import annotations

from typing import Any, Sequence

import streamlit as st

from jokoak.engine.core import make_rules
from jokoak.engine.driver import start

from ..common import _, in_this_language
from ..play import PlaySession, PlaySpec
from ..play.page import SeatNames
from ..play.widgets import people_count
from .access import from_link_key, note_key
from .joining import join_typed, open_new, watch_typed
from .notes import panel_note


#: session: the game a "Class screen" button chose for the class screen's set-up
CLASS_GAME_KEY = "jokoak_class_game"
#: The class screen's page (ui/class_screen.py), as the router lists it.
CLASS_SCREEN_SCRIPT = "app_pages/class_screen.py"


def class_screen_button(game_key: str | None, key: str) -> None:
    """The way to the class screen from Home or a game's play view (its game chosen)."""
    if st.button(_("Class screen: open tables for a class"), key=key,
                 icon=":material/co_present:"):
        if game_key is not None:
            st.session_state[CLASS_GAME_KEY] = game_key
        st.switch_page(CLASS_SCREEN_SCRIPT)


def registry_key(spec: PlaySpec[Any]) -> str | None:
    """The registry's key of the spec's game (its page's address)."""
    from jokoak import registry
    return next((e.key for e in registry.plugins().values() if e.game() is spec.game), None)


def room_choices(spec: PlaySpec[Any], chosen: dict[str, Any],
                 names: SeatNames) -> dict[str, Any]:
    """Who plays on their own device, chosen in the room panel itself (one step: no need to
    pick people in "New game" first): the new-game ``chosen`` with those seats as the
    people (``people``, every play view's table seats them); by default the people chosen in
    "New game", or the first two seats."""
    table = spec.table({**chosen, "autoplay": False})
    seats = len(table.humans) + len(table.policies)
    names_of = _naming_session(spec, chosen)
    default = list(table.people) if len(table.people) >= 2 else list(range(min(2, seats)))
    picked = st.pills(_("Who plays on their own device?"), list(range(seats)),
                      selection_mode="multi", default=default,
                      format_func=in_this_language(lambda seat: names(names_of, seat)),
                      key=f"{spec.key}_room_people") or []
    people = sorted({int(s) for s in picked if 0 <= int(s) < seats})
    people_count(len(people), seats)
    return {**chosen, "people": people}


def _naming_session(spec: PlaySpec[Any], chosen: dict[str, Any]) -> PlaySession[Any]:
    """A table set for ``chosen``, unplayed: what the seats' names are read from. Kept in the
    session for those choices: the panel is drawn at every rerun of the play view, and a new
    table each time was a new game started for nothing."""
    key, mark = f"{spec.key}_room_naming", repr(sorted(chosen.items(), key=lambda kv: kv[0]))
    kept = st.session_state.get(key)
    if kept is not None and kept[0] == mark:
        naming: PlaySession[Any] = kept[1]
        return naming
    rules = make_rules(spec.game, spec.game.rulesets[0].name)
    position = start(spec.game, rules, spec.setup(rules, chosen), 0, ())
    session: PlaySession[Any] = PlaySession(position=position, choices=dict(chosen),
                                            good=position)
    st.session_state[key] = (mark, session)
    return session


def room_panel(spec: PlaySpec[Any], chosen: dict[str, Any], names: SeatNames) -> None:
    """"Play together on several devices": choose who plays on their own device and open a
    room in one step, or join one by its code (an empty field: nothing that looks like a
    code someone could be in)."""
    note = st.session_state.get(note_key(spec))
    invited = _link_note(spec) is not None  # answered at the top of the page
    with st.expander(_("Play together on several devices"),
                     expanded=note is not None and not invited):
        st.caption(_("Each person plays on their own phone or computer and sees only their "
                     "own hand. One opens a room; the others type its code."))
        choices = room_choices(spec, chosen, names)
        people = len(choices["people"])
        st.button(_("Open a room with these choices"), key=f"{spec.key}_room_open",
                  disabled=people < 2, on_click=open_new, args=(spec, choices),
                  icon=":material/groups:")
        if people < 2:
            st.caption(_("Choose at least two people to open a room."))
        row = st.container(horizontal=True, vertical_alignment="bottom")
        row.text_input(_("Room code"), key=f"{spec.key}_room_code", max_chars=12)
        row.button(_("Join the room"), key=f"{spec.key}_room_join", on_click=join_typed,
                   args=(spec,), icon=":material/login:")
        row.button(_("Watch"), key=f"{spec.key}_room_watch", on_click=watch_typed,
                   args=(spec,), icon=":material/visibility:",
                   help=_("Watch the table without a seat: you never see what a player keeps hidden."))
        if not invited:
            panel_note(note)
        class_screen_button(registry_key(spec), f"{spec.key}_class_screen")


def _link_note(spec: PlaySpec[Any]) -> Any:
    """What the page says at its top: what a followed link (a shared link, a QR code) left
    to say, and that the teacher closed this device's table. The closed table is the first
    thing a pupil must read; in the room panel it sat under the new-game form, below a
    phone's first screen."""
    note = st.session_state.get(note_key(spec))
    closed = isinstance(note, tuple) and note[0] == "closed"
    return note if note is not None and (closed or st.session_state.get(from_link_key(spec))) \
        else None


def invitation(spec: PlaySpec[Any]) -> None:
    """A room's link opened on a device with no seat there (a shared link, a QR code): at
    the top of the page, what the link found, with a free seat in one tap or watching (a
    full table: watching); a closed table or another server's link says so there."""
    note = _link_note(spec)
    if note is None:
        return
    with st.container(border=True, key=f"{spec.key}_invitation"):
        panel_note(note)
        if isinstance(note, tuple) and note[0] == "closed" and len(note) > 2 and note[2]:
            _other_tables_buttons(spec, note[2])
        if not (isinstance(note, tuple) and note[0] in ("invited", "full")):
            return
        row = st.container(horizontal=True)
        if note[0] == "invited":
            row.button(_("Join the room"), key=f"{spec.key}_invite_join", type="primary",
                       on_click=join_typed, args=(spec,), icon=":material/login:")
        row.button(_("Watch"), key=f"{spec.key}_invite_watch", on_click=watch_typed,
                   args=(spec,), icon=":material/visibility:")


def _other_tables_buttons(spec: PlaySpec[Any], codes: Sequence[str]) -> None:
    """A closed table's note: the class's other tables, one tap each to join (as if the
    code were typed: the same guards, a full table says so); a second tap finds the device
    seated and does nothing."""
    row = st.container(horizontal=True)
    for code in codes:
        row.button(code, key=f"{spec.key}_join_other_{code}", icon=":material/login:",
                   on_click=_join_other, args=(spec, code))


def _join_other(spec: PlaySpec[Any], code: str) -> None:
    st.session_state[f"{spec.key}_room_code"] = code
    join_typed(spec)
