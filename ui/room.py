"""Room play: several devices at one table, joined by a short code (:mod:`jokoak.service.rooms`).

One person opens a room with the new-game choices (at least two people at the table); the
others type its code on their own phone or computer and sit at the next free person's seat.
The table lives in the shared store (SQLite or Redis, the ``[rooms]`` setting), never in
this process: any replica can serve any device's next request. Each device draws the table
for its own seat only (``seat_view`` of the game's play module). Small self-rerunning
fragments poll the store for the room's version alone, every second while the table is
lively and every three while it waits on a person who is thinking (:func:`poll_seconds`,
:func:`_watch`), and draw the page again only when the version moved on or a computer seat's
beat is due: that drawing plays the computer seats at the table's pace (whichever device's
write lands first, the others' are refused by the store's version check). A device whose
person is not to act holds its poll open up to :data:`HOLD_SECONDS`, woken the moment a move
is written in this process (:mod:`jokoak.service.room_wakeups`; another replica's move is
seen within half a second): a move reaches the table's other devices within a second, where
a device waiting on a thinking person saw it up to three seconds late. A tap carries the record's length it was drawn at:
a double tap, or a tap on a table that has moved on, changes nothing. A poll replays the
room's record only when another device changed it (its version moved on and the record is
not the one drawn); otherwise the position drawn last is kept.

The visitor's place lives in the URL, the seat does not: a device's address is
``?room=<code>`` (``&watch=1`` for a spectator), and the device is known at its seat by a
secret the address bar never shows, a cookie of its browser (:mod:`jokoak.service.seat_secret`).
A reload, a tab opened again or a restarted server sends the cookie and finds the seat again
(:func:`restore`); the same address opened on another device (a shared link, a QR code) offers
that device a free seat or to watch, never someone else's seat. An old address that still
carries ``&seat=<token>`` is read once: the token becomes the device's cookie and leaves the
address. In a room the store holds the game, so the address carries no ``?game=`` (leaving
the room brings back this session's own game, if it has one). A link whose code does not fit,
or names no room of this game, changes nothing and says so; the code is filled in for
joining. Leaving drops the parameters. A spectator (``watch``) sits at no seat: the table is
drawn for no seat, so no hidden die is in its page.

Faults and abuse (:mod:`jokoak.service.room_stores`): a store that cannot be reached is never taken
for a room that is gone. The seated device keeps its table on screen under "Reconnecting…"
and the next poll tries again; a tap it cannot save says "Not saved — tap again" (the write
is one compare-and-set: whole or not at all); a link followed meanwhile waits at its seat.
The room panel chooses who plays on their own device itself (one step), opening a room
closes this session's unplayed one, a full server says so, a client (its address,
:func:`client`) that opened its hour's rooms is told how long to wait, and a session that
typed too many unknown codes, or a client that typed its minute's share of them, waits
before looking again (:class:`jokoak.service.rooms.JoinGuard`, ``[rooms]
unknown_codes_per_minute``): only the guesser waits.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import replace
from typing import Any, Callable, NoReturn, Sequence, TypeVar

import streamlit as st

from jokoak.engine.core import make_rules
from jokoak.engine.driver import Position, Seating, advance, pending, resume, start
from jokoak.service.rooms import (STORE_ERRORS, BudgetSpent, JoinGuard, Room, RoomsFull,
                                  RoomStore, close_unplayed, count_unknown, guess_wait, join,
                                  new_device, normalise_code, open_room, read_room, rejoin,
                                  store_from_setting, update)
from jokoak.service.classes import other_tables as class_tables, parse_class_id, read_class
from jokoak.service.seat_secret import cookie_script, device_from_cookies, legacy_seat
from jokoak.service.room_wakeups import moved as wake, wait_for_move
from jokoak.service.settings import RoomSettings, load_settings, settings_path

from .clients import client as _client
from .common import _, esc, html, in_this_language, lang, ngettext
from . import play
from .play import link as game_link, pace
from .play.view import page as play_page_alone
from .play.widgets import people_count
from .params import drop
from .streamlit_adapter import rerun_fragment
from .play import PlaySession, PlaySpec

log = logging.getLogger("jokoak")

ROOM = "jokoak_room"      # session: {"game": name, "code": code, "device": its token there}
DEVICE = "jokoak_device"  # session: this device's token in the rooms it opens or joins
OPENED = "jokoak_room_opened"  # session: the code of the last room it opened (any game)
GUARD = "jokoak_join_guard"    # session: its unknown codes (:class:`jokoak.service.rooms.JoinGuard`)
#: The address of a device in a room: ``?room=<code>``, and ``&watch=1`` for a spectator.
#: ``seat`` is an old address's token (read once, :func:`restore`).
ROOM_PARAM = "room"
SEAT_PARAM = "seat"
WATCH_PARAM = "watch"
#: A class screen's join link also names its class (``?class=<id>``, read once).
CLASS_PARAM = "class"
#: session: the token whose cookie this session has written (:func:`keep_secret`)
SECRET_WRITTEN = "jokoak_seat_cookie"
#: The seat a spectator's table is drawn for: no seat, so no hidden die is drawn.
SPECTATOR = -1
#: ``PlaySession.extra`` keys: the room drawn and the version of it the position is of.
_CODE = "code"
_VERSION = "room_version"
_SEAT = "room_seat"        # the seat this device was drawn at (kept through an outage)
_UNSAVED = "room_unsaved"  # the last tap could not be written: "Not saved — tap again"
#: Seconds between two polls of the store for the others' moves while the table is lively
#: (a computer's beat to play, or a move made less than :data:`LIVELY_SECONDS` ago) ...
POLL_SECONDS = 1.0
#: ... and while it waits on a person who has been thinking longer than that.
SLOW_POLL_SECONDS = 3.0
LIVELY_SECONDS = 15.0
#: The longest a poll waits for the others' move before it ends (woken at once by a move
#: written in this process, :mod:`jokoak.service.room_wakeups`): shorter than the slow
#: poll's period, so the next poll starts a moment after.
HOLD_SECONDS = 2.2
#: ``session_state`` key suffix: what the area last drew (:func:`_drawn_key`).
_DRAWN = "_drawn"
#: ``session_state`` key: the polls run inside the area's own run (which has just read the
#: room), not as the browser's timer asks.
_INLINE = "jokoak_room_polls_inline"
#: The fragment key of the room's area: a poll that finds the room changed draws it alone.
AREA_KEY = "jokoak_room_area"
#: What a poll finds when the store cannot be reached.
_AWAY = "away"

SeatView = Callable[[PlaySession, int, PlaySpec], None]
#: ``names(game, seat)``: how the page names a seat ("Player 3", "player 2 of the … team")
SeatNames = Callable[[PlaySession, int], str]
#: What a typed code finds in the store: a room and this device's seat there (joining), or
#: the room alone (watching).
Found = TypeVar("Found")


@st.cache_resource(show_spinner=False)
def _store(setting: str) -> RoomStore:
    return store_from_setting(setting)


@st.cache_resource(show_spinner=False)
def _room_settings(settings_file: str) -> RoomSettings:
    """The ``[rooms]`` settings, read once per settings file (not at every poll)."""
    return load_settings().rooms


def settings() -> RoomSettings:
    return _room_settings(str(settings_path()))


def store() -> RoomStore:
    return _store(settings().store)


def client() -> str:
    """This session's client (:mod:`jokoak.service.clients`): what its budgets of opened
    rooms and of unknown codes are counted by (pass it to ``open_room(..., client=)``)."""
    return _client(settings().trusted_proxies)


def _cookie_device() -> str | None:
    """The device token the browser sent in its cookie when it opened this connection."""
    try:
        return device_from_cookies(st.context.cookies)
    except Exception:  # no browser behind this run (AppTest, a script)
        return None


def device() -> str:
    """This device's secret: its browser's cookie, else a new one (written by
    :func:`keep_secret`)."""
    if DEVICE not in st.session_state:
        st.session_state[DEVICE] = _cookie_device() or new_device()
    return str(st.session_state[DEVICE])


def keep_secret() -> None:
    """Write this device's secret into its browser's cookie, once a session, unless the
    browser sent it already: the next connection (a reload, a restarted server) finds its
    seat by it, and the address never carries it."""
    token = device()
    if st.session_state.get(SECRET_WRITTEN) == token or _cookie_device() == token:
        return
    st.html(cookie_script(token), unsafe_allow_javascript=True)
    st.session_state[SECRET_WRITTEN] = token


def seated(spec: PlaySpec) -> str:
    """The token this session sits with in its room (the one its address carries)."""
    here = in_room(spec)
    token = here.get("device") if here is not None else None
    return token if isinstance(token, str) else device()


def closed_table(room: Room) -> bool:
    return room.closed


def other_tables(room: Room) -> tuple[str, ...]:
    """The class's other open tables, for a closed table's note (none when the store does
    not answer: the note still says the table is closed)."""
    try:
        return class_tables(store(), room)
    except STORE_ERRORS as exc:
        log.warning("class of room %s unreadable: %s", room.code, exc)
        return ()


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


def registry_key(spec: PlaySpec) -> str | None:
    """The registry's key of the spec's game (its page's address)."""
    from jokoak import registry
    return next((e.key for e in registry.games() if e.game() is spec.game), None)


def _note_key(spec: PlaySpec) -> str:
    return f"{spec.key}_room_note"


def _sit(spec: PlaySpec, code: str, token: str, watch: bool = False) -> None:
    st.session_state[ROOM] = {"game": spec.game.name, "code": code, "device": token,
                              "watch": watch}
    st.session_state.pop(_note_key(spec), None)


def watching(spec: PlaySpec) -> bool:
    """This device watches its room from no seat."""
    return bool((in_room(spec) or {}).get("watch"))


def _games(spec: PlaySpec) -> dict[str, Any]:
    return {spec.game.name: spec.game}


def room_spec(spec: PlaySpec) -> PlaySpec:
    """The game's spec, with taps written to the room's store instead of played here."""
    return replace(spec, key=f"jokoak_room_{spec.game.name}", accept=accept)


def in_room(spec: PlaySpec) -> dict[str, Any] | None:
    here = st.session_state.get(ROOM)
    return here if isinstance(here, dict) and here.get("game") == spec.game.name else None


def _read(spec: PlaySpec) -> tuple[Room | None, bool]:
    """This session's room, and whether the store answered: ``(None, True)`` is a room that
    is really not there; ``(None, False)`` a store that cannot be reached just now (the page
    keeps its table and tries again)."""
    here = in_room(spec)
    if here is None:
        return None, True
    try:
        return read_room(store(), here["code"], _games(spec)), True
    except STORE_ERRORS as exc:
        log.warning("room %s unreadable: %s", here.get("code"), exc)
        return None, False


# ---- opening, joining, leaving -------------------------------------------------------------
def open_new(spec: PlaySpec, choices: dict[str, Any]) -> None:
    """Open a room for a new game with ``choices``; this device sits at the first person's
    seat. The ruleset is the one the new-game panel shows now. A second tap (this device
    already sits in a room) opens nothing."""
    if in_room(spec):
        return
    names = [r.name for r in spec.game.rulesets]
    ruleset = st.session_state.get(f"{spec.key}_ruleset") or names[0]
    fresh = play.fresh_session(spec, ruleset if ruleset in names else names[0], choices)
    try:
        _close_opened()
        room = open_room(store(), fresh.position.record, fresh.choices, device(),
                         limit=settings().max_rooms, client=client(), purpose="table",
                         budget=settings().rooms_per_client_hour)
    except RoomsFull:
        st.session_state[_note_key(spec)] = "server_full"
        return
    except BudgetSpent as spent:
        st.session_state[_note_key(spec)] = ("budget", spent.wait_seconds)
        return
    except STORE_ERRORS as exc:
        log.warning("no room opened: %s", exc)
        st.session_state[_note_key(spec)] = "unavailable"
        return
    st.session_state[OPENED] = room.code
    _sit(spec, room.code, device())


def _close_opened() -> None:
    """One unplayed room a session: the room it opened last is closed if nobody else ever
    sat down in it (:func:`jokoak.service.rooms.close_unplayed`)."""
    code = st.session_state.pop(OPENED, None)
    if isinstance(code, str):
        close_unplayed(store(), code, device())


def _look_up_typed(spec: PlaySpec, look: Callable[[str], Found | None],
                   action: str) -> tuple[str, Found] | None:
    """The guards that joining and watching share, before ``look(code)`` asks the store for
    the room whose code the visitor typed: the code must fit, and neither this session nor
    this client (:func:`client`) may have guessed too many unknown codes lately, so a guesser
    waits without a look at the store. An unknown code counts against both. The code and what
    ``look`` found, or None when a note says why not (``action``, "joined" or "watched",
    names the step in the log) or this device already sits in the room (a second tap)."""
    if in_room(spec):
        return None
    note = _note_key(spec)
    st.session_state.pop(_from_link_key(spec), None)
    code = normalise_code(st.session_state.get(f"{spec.key}_room_code", ""))
    if code is None:
        st.session_state[note] = "bad"
        return None
    guard = st.session_state.get(GUARD)
    guard = guard if isinstance(guard, JoinGuard) else JoinGuard()
    now = time.time()
    if guard.wait(now) > 0:  # this session guessed too often: no look at the store at all
        st.session_state[note] = ("wait", guard.wait(now))
        return None
    try:
        who = client()
        wait = guess_wait(store(), who, settings().unknown_codes_per_minute, now)
        if wait > 0:  # this client guessed too often: every code waits, known or not
            st.session_state[note] = ("wait", wait)
            return None
        found = look(code)
        if found is None:
            count_unknown(store(), who)
    except STORE_ERRORS as exc:
        log.warning("room %s not %s: %s", code, action, exc)
        st.session_state[note] = "unavailable"
        return None
    if found is None:
        guard = guard.missed(now)
        st.session_state[GUARD] = guard
        st.session_state[note] = ("unknown", code) if guard.wait(now) <= 0 else \
            ("wait", guard.wait(now))
        return None
    return code, found


def join_typed(spec: PlaySpec) -> None:
    """Join the room whose code the visitor typed (a bad code changes nothing, and says so;
    a second tap finds this device seated and does nothing)."""
    typed = _look_up_typed(spec, lambda code: join(store(), code, _games(spec), device()),
                           "joined")
    if typed is None:
        return
    code, (room, seat) = typed
    if closed_table(room):
        st.session_state[_note_key(spec)] = ("closed", code, other_tables(room))
    elif seat is None:
        st.session_state[_note_key(spec)] = ("full", code)
    else:
        _sit(spec, code, device())


def watch_typed(spec: PlaySpec) -> None:
    """Watch the room whose code the visitor typed or followed, from no seat (a full table
    offers this). The same guards as joining; a second tap finds this device in the room."""
    typed = _look_up_typed(spec, lambda code: read_room(store(), code, _games(spec)),
                           "watched")
    if typed is None:
        return
    code, room = typed
    if closed_table(room):
        st.session_state[_note_key(spec)] = ("closed", code, other_tables(room))
    else:
        _sit(spec, code, device(), watch=True)


def leave(spec: PlaySpec) -> None:
    """Stand up: this session's room and its address go (the seat stays the device's, so
    the same session joining again by the code finds it)."""
    st.session_state.pop(ROOM, None)
    st.session_state.pop(room_spec(spec).key, None)
    drop(ROOM_PARAM)
    drop(SEAT_PARAM)
    drop(WATCH_PARAM)


# ---- the address: a reload finds its seat -------------------------------------------------
def restore(spec: PlaySpec) -> None:
    """Sit this session where its address and its secret say, when it is in no room of this
    game: at the seat its cookie holds in the room the address names, or watching
    (``watch=1``). A device with no seat there is invited to take a free one or to watch (a
    full table: to watch); a closed table says so and names the class's other tables. An old
    address's ``seat=`` token is taken once as this device's secret and leaves the address.
    A link that does not fit changes nothing and leaves a note (with the code filled in, the
    visitor can still join by it)."""
    raw_code, raw_token = st.query_params.get(ROOM_PARAM), st.query_params.get(SEAT_PARAM)
    wants_watch = st.query_params.get(WATCH_PARAM) == "1"
    raw_class = st.query_params.get(CLASS_PARAM)  # a class screen's join link names its class
    drop(SEAT_PARAM)  # the seat's secret never stays in an address
    drop(CLASS_PARAM)
    if (raw_code is None and raw_token is None) or in_room(spec):
        return
    note = _note_key(spec)
    code = normalise_code(raw_code)
    legacy = legacy_seat(raw_token)
    if code is not None:
        st.session_state[f"{spec.key}_room_code"] = code
    if code is None or (raw_token is not None and legacy is None):
        found: Any = "bad_link"
    else:
        token = legacy or device()
        try:
            room, seat = rejoin(store(), code, _games(spec), token)
            if room is None:
                count_unknown(store(), client())
        except STORE_ERRORS as exc:
            # the store cannot be reached: sit where the link says, "Reconnecting…" until
            # it answers (then the seat is checked, :func:`room_area`)
            log.warning("room %s not rejoined yet: %s", code, exc)
            if legacy is not None:
                st.session_state[DEVICE] = legacy
            _sit(spec, code, token, watch=wants_watch)
            st.session_state[ROOM]["unconfirmed"] = True
            return
        if room is not None and closed_table(room):
            found = ("closed", code, other_tables(room))
        elif room is not None and seat is not None:
            if legacy is not None:  # an old address: its token becomes this device's secret
                st.session_state[DEVICE] = legacy
            _sit(spec, code, token)
            return
        elif legacy is not None:  # the link claimed a seat this room does not give it
            found = ("no_seat", code)
        elif room is not None and wants_watch:
            _sit(spec, code, token, watch=True)
            return
        elif room is not None and not room.free_seats():
            found = ("full", code)
        elif room is None and raw_class is not None and not _class_here(raw_class):
            found = ("elsewhere", code)  # a QR code of another server's booklet
        else:  # no room and a free seat read alike: a link tells nobody which codes are live
            found = ("invited", code)
    st.session_state[note] = found
    st.session_state[_from_link_key(spec)] = True  # answered at the top of the page
    drop(ROOM_PARAM)
    drop(WATCH_PARAM)


def _class_here(raw: object) -> bool:
    """Whether a join link's class is one of this booklet's (else the link was made by
    another server's class screen)."""
    class_id = parse_class_id(raw)
    try:
        return class_id is not None and read_class(store(), class_id) is not None
    except STORE_ERRORS:
        return True  # cannot tell: say no more than for any unknown code


def write_address(spec: PlaySpec) -> None:
    """The address of a session in a room: its room (and ``watch=1`` for a spectator), never
    its seat's secret, and no local game (``?game=``)."""
    here = in_room(spec)
    if here is None:
        return
    code = str(here["code"])
    if st.query_params.get(ROOM_PARAM) != code:
        st.query_params[ROOM_PARAM] = code
    if here.get("watch"):
        if st.query_params.get(WATCH_PARAM) != "1":
            st.query_params[WATCH_PARAM] = "1"
    else:
        drop(WATCH_PARAM)
    drop(SEAT_PARAM)
    drop(game_link.PARAM)


def room_choices(spec: PlaySpec, chosen: dict[str, Any], names: SeatNames) -> dict[str, Any]:
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


def _naming_session(spec: PlaySpec, chosen: dict[str, Any]) -> PlaySession:
    """A table set for ``chosen``, unplayed: what the seats' names are read from. Kept in the
    session for those choices: the panel is drawn at every rerun of the play view, and a new
    table each time was a new game started for nothing."""
    key, mark = f"{spec.key}_room_naming", repr(sorted(chosen.items(), key=lambda kv: kv[0]))
    kept = st.session_state.get(key)
    if kept is not None and kept[0] == mark:
        return kept[1]
    rules = make_rules(spec.game, spec.game.rulesets[0].name)
    position = start(spec.game, rules, spec.setup(rules, chosen), 0, ())
    session: PlaySession[Any] = PlaySession(position=position, choices=dict(chosen),
                                            good=position)
    st.session_state[key] = (mark, session)
    return session


def room_panel(spec: PlaySpec, chosen: dict[str, Any], names: SeatNames) -> None:
    """"Play together on several devices": choose who plays on their own device and open a
    room in one step, or join one by its code (an empty field: nothing that looks like a
    code someone could be in)."""
    note = st.session_state.get(_note_key(spec))
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
            _panel_note(note)
        class_screen_button(registry_key(spec), f"{spec.key}_class_screen")


def _from_link_key(spec: PlaySpec) -> str:
    return f"{spec.key}_room_note_from_link"


def _link_note(spec: PlaySpec) -> Any:
    """What the page says at its top: what a followed link (a shared link, a QR code) left
    to say, and that the teacher closed this device's table. The closed table is the first
    thing a pupil must read; in the room panel it sat under the new-game form, below a
    phone's first screen."""
    note = st.session_state.get(_note_key(spec))
    closed = isinstance(note, tuple) and note[0] == "closed"
    return note if note is not None and (closed or st.session_state.get(_from_link_key(spec))) \
        else None


def invitation(spec: PlaySpec) -> None:
    """A room's link opened on a device with no seat there (a shared link, a QR code): at
    the top of the page, what the link found, with a free seat in one tap or watching (a
    full table: watching); a closed table or another server's link says so there."""
    note = _link_note(spec)
    if note is None:
        return
    with st.container(border=True, key=f"{spec.key}_invitation"):
        _panel_note(note)
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


def _other_tables_buttons(spec: PlaySpec, codes: Sequence[str]) -> None:
    """A closed table's note: the class's other tables, one tap each to join (as if the
    code were typed: the same guards, a full table says so); a second tap finds the device
    seated and does nothing."""
    row = st.container(horizontal=True)
    for code in codes:
        row.button(code, key=f"{spec.key}_join_other_{code}", icon=":material/login:",
                   on_click=_join_other, args=(spec, code))


def _join_other(spec: PlaySpec, code: str) -> None:
    st.session_state[f"{spec.key}_room_code"] = code
    join_typed(spec)


def panel_note(note: Any) -> None:
    """:func:`_panel_note`, for the class screen (the same words for the same faults)."""
    _panel_note(note)


def _panel_note(note: Any) -> None:
    """What the last open, join or link did, when it did not seat this device."""
    if note == "bad":
        st.warning(_("A room code has seven characters, letters or digits."))
    elif note == "unavailable":
        st.warning(_("Rooms are not available on this server just now."))
    elif note == "server_full":
        st.warning(_("This server has as many rooms open as it can hold. Try again in a "
                     "few minutes."))
    elif isinstance(note, tuple) and note[0] == "budget":
        minutes = max(1, math.ceil(float(note[1]) / 60))
        st.warning(ngettext("Too many rooms were opened from this network. Try again in "
                            "%(count)s minute.",
                            "Too many rooms were opened from this network. Try again in "
                            "%(count)s minutes.", minutes) % {"count": minutes})
    elif note == "bad_link":
        st.warning(_("This room link is not valid. You can still join a room with its "
                     "code."))
    elif isinstance(note, tuple) and note[0] == "wait":
        seconds = max(1, round(float(note[1])))
        st.warning(ngettext("Too many wrong codes. Wait %(count)s second, then try again.",
                            "Too many wrong codes. Wait %(count)s seconds, then try again.",
                            seconds) % {"count": seconds})
    elif isinstance(note, tuple) and note[0] == "no_seat":
        st.warning(_("This link gives no seat in room %(code)s. You can still join it "
                     "with its code.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "invited":
        st.info(_("Press “Join the room” to sit at the next free seat in room %(code)s, "
                  "or “Watch” to follow the table without a seat.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "elsewhere":
        st.warning(_("Code %(code)s is not a room of this booklet: the link or QR code was "
                     "made by another server. Ask your teacher for the class screen's "
                     "address.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "closed":
        others = ", ".join(note[2]) if len(note) > 2 else ""
        st.warning(_("Table %(code)s was closed by the teacher.") % {"code": note[1]}
                   + (" " + _("The class's other tables: %(codes)s. Tap one below to join "
                              "it.") % {"codes": others} if others else ""))
    elif isinstance(note, tuple) and note[0] == "unknown":
        st.warning(_("There is no room with the code %(code)s.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "full":
        st.warning(_("All the seats for people in room %(code)s are taken.") % {"code": note[1]}
                   + " " + _("Press “Watch” to follow the table without a seat."))


# ---- playing -------------------------------------------------------------------------------
def accept(spec: PlaySpec, game: PlaySession, token: int, seat: int, action: str,
           now: float) -> bool:
    """A tap in a room: played by :func:`ui.play.accept_tap`'s rules from the table in the
    store, only if this device sits at ``seat``, and kept only if no other device wrote
    first. A store that cannot be read or written within its budget (about 2 s,
    :data:`jokoak.service.rooms.BUDGET_SECONDS`) keeps nothing and marks the tap "Not saved — tap
    again": the write is one compare-and-set, so it happened whole or not at all (and a
    second tap of a move that did land is stale: it changes nothing)."""
    read: list[Room] = []
    game.extra.pop(_UNSAVED, None)

    def source() -> tuple[Position, Seating] | None:
        room, reachable = _read(spec)
        if not reachable:
            game.extra[_UNSAVED] = True
        if room is None or room.seat_of(seated(spec)) != seat:
            return None
        read.append(room)
        return _position(spec, game, room), spec.table(room.choices)

    def keep(position: Position) -> bool:
        room = read[0]
        try:
            written = update(store(), room, position.record)
        except STORE_ERRORS as exc:
            log.warning("room %s not written: %s", room.code, exc)
            game.extra[_UNSAVED] = True
            return False
        if written is None:
            game.extra["lost"] = True  # another device moved first: draw the table anew
            return False
        game.position = game.good = position
        game.extra[_VERSION] = written.version
        game.extra.pop("lost", None)
        wake(room.code)  # the other devices' held polls wake at once
        return True

    return play.accept_tap(spec, game, token, seat, action, now, source=source, keep=keep)


def _position(spec: PlaySpec, game: PlaySession, room: Room) -> Position:
    """The room's position: the one ``game`` holds while the room's record is the one it
    was drawn from (a poll, a tap, a device joining); replayed only when another device
    changed the record."""
    if game.extra.get(_CODE) == room.code and (game.extra.get(_VERSION) == room.version
                                               or game.position.record == room.record):
        return game.position
    return resume(spec.game, room.record, spec.table(room.choices))


def _tick(spec: PlaySpec, room: Room, game: PlaySession) -> Room:
    """The computers' next beat, once the table's pace has passed since the last move (any
    device may write it; the store takes only the first). ``game`` holds the room's
    position (:func:`_session`) and keeps the beat written, with no replay."""
    table = spec.table(room.choices)
    position = game.position
    if not pending(position, table):
        return room
    if time.time() - room.moved_at < 0.9 * spec.pace * pace.PACE_SCALE:
        return room
    moved = advance(position, table, spec.beat)
    if moved.length == position.length:
        return room
    try:
        written = update(store(), room, moved.record)
    except STORE_ERRORS as exc:  # the next poll tries again
        log.warning("room %s not written: %s", room.code, exc)
        return room
    if written is None:  # another device wrote first: the next poll draws its table
        return room
    game.position = game.good = moved
    game.extra[_VERSION] = written.version
    wake(room.code)
    return written


def _session(spec: PlaySpec, room: Room) -> PlaySession:
    """This device's drawing state for the room (kept across polls for its tap lock), at
    the room's position (:func:`_position`)."""
    key = spec.key
    game = st.session_state.get(key)
    if not isinstance(game, PlaySession) or game.extra.get(_CODE) != room.code:
        position = resume(spec.game, room.record, spec.table(room.choices))
        game = PlaySession(position=position, choices=dict(room.choices), good=position)
        game.extra[_CODE] = room.code
        st.session_state[key] = game
    else:
        position = _position(spec, game, room)
        if position is not game.position:
            game.position = game.good = position
            game.choices = dict(room.choices)
            game.extra.pop(_UNSAVED, None)  # the table moved on: that tap is of the past
    game.extra[_VERSION] = room.version
    return game


# ---- polling: a table that does not change costs nothing -----------------------------------
def _drawn_key(spec: PlaySpec) -> str:
    return spec.key + _DRAWN


def _version_now(code: str) -> int | str | None:
    """The room's version (None: no such room; :data:`_AWAY`: the store does not answer),
    read alone: no record, no replay."""
    try:
        return store().version(code)
    except STORE_ERRORS as exc:
        log.warning("room %s not polled: %s", code, exc)
        return _AWAY


def _beat_due(spec: PlaySpec, game: PlaySession, moved_at: float) -> bool:
    """A computer seat's next beat is to be played (:func:`_tick`'s own test)."""
    return (pending(game.position, spec.table(game.choices))
            and time.time() - moved_at >= 0.9 * spec.pace * pace.PACE_SCALE)


def poll_seconds(beat_pending: bool, moved_at: float | None, now: float,
                 own_turn: bool = False) -> float:
    """Seconds between two polls of the room: :data:`POLL_SECONDS` while the table is lively
    (a computer seat has a beat to play, or the last move, at ``moved_at``, is less than
    :data:`LIVELY_SECONDS` old: the next person usually answers soon), else
    :data:`SLOW_POLL_SECONDS` (a person thinking, or no table drawn yet). On a device whose
    own person is to act (``own_turn``) nobody else moves: only a teacher's restart or close,
    or a seat taken or left, can change the table, and the slow pace is soon enough (a
    class of 30 spent a poll a second on each such device). Pure, so the back-off is
    checked without a browser (tests/test_room_polls.py)."""
    if moved_at is None or (own_turn and not beat_pending):
        return SLOW_POLL_SECONDS
    lively = beat_pending or now - moved_at < LIVELY_SECONDS
    return POLL_SECONDS if lively else SLOW_POLL_SECONDS


def _poll_seconds(spec: PlaySpec) -> float:
    """:func:`poll_seconds` for the table this device drew last."""
    drawn = st.session_state.get(_drawn_key(spec))
    game = st.session_state.get(spec.key)
    if not isinstance(drawn, tuple) or not isinstance(game, PlaySession):
        return poll_seconds(False, None, time.time())
    return poll_seconds(pending(game.position, spec.table(game.choices)), drawn[1], time.time(),
                        own_turn=_own_turn(spec, game))


def _own_turn(spec: PlaySpec, game: PlaySession) -> bool:
    """This device's own person is to act: nobody else at the table moves meanwhile."""
    seat = game.extra.get(_SEAT)
    return seat is not None and seat != SPECTATOR and play.person_to_act(spec, game) == seat


def _draw_area_again() -> NoReturn:
    """Run the room's area (:data:`AREA_KEY`) again, alone: not the whole page
    (:func:`ui.streamlit_adapter.rerun_fragment`)."""
    rerun_fragment(AREA_KEY)


def _poll(spec: PlaySpec, code: str) -> None:
    """One poll: the room's version only, and the area drawn again
    (:func:`_draw_area_again`) only when it is not the one drawn, the store came back or
    went away, or a computer's beat is due. An unchanged table draws nothing: no replay,
    no table, no element sent."""
    if st.session_state.get(_INLINE):
        return
    if _changed(spec, code):
        _draw_area_again()
    hold = _hold_seconds(spec)
    if hold > 0 and wait_for_move(code, hold, lambda: _changed(spec, code)):
        _draw_area_again()


def _changed(spec: PlaySpec, code: str) -> bool:
    """The room is not the one drawn (another version, the store came back or went away),
    or a computer's beat is due."""
    drawn = st.session_state.get(_drawn_key(spec))
    version = _version_now(code)
    if isinstance(drawn, tuple):
        game = st.session_state.get(spec.key)
        return version != drawn[0] or (isinstance(game, PlaySession)
                                       and _beat_due(spec, game, drawn[1]))
    return version != drawn  # gone or away: changed when it is back


def _hold_seconds(spec: PlaySpec) -> float:
    """How long a poll may wait for the others' move (:data:`HOLD_SECONDS`, less when a
    computer's beat comes sooner): never while this device's own person is to act (a tap
    of theirs would wait behind the held poll), nor before a table is drawn."""
    game = st.session_state.get(spec.key)
    drawn = st.session_state.get(_drawn_key(spec))
    if not isinstance(game, PlaySession) or not isinstance(drawn, tuple):
        return 0.0
    if _own_turn(spec, game):
        return 0.0
    hold = HOLD_SECONDS
    if pending(game.position, spec.table(game.choices)):
        due = drawn[1] + 0.9 * spec.pace * pace.PACE_SCALE - time.time()
        hold = min(hold, max(0.0, due))
    return hold


def _watch(spec: PlaySpec, code: str) -> None:
    """The polls of the room's version. Two timers the browser keeps (``run_every``): a
    slow one, every :data:`SLOW_POLL_SECONDS`, and inside it, while the table is lively,
    a fast one every :data:`POLL_SECONDS`. A slow poll that finds the table quiet no longer
    draws the fast one, and Streamlit stops its timer: a table waiting on a person who is
    thinking costs a poll every three seconds, of a few messages each."""

    @st.fragment(run_every=SLOW_POLL_SECONDS)
    def slow_poll() -> None:
        if _poll_seconds(spec) == POLL_SECONDS:
            fast_poll()
        else:
            _poll(spec, code)

    @st.fragment(run_every=POLL_SECONDS)
    def fast_poll() -> None:
        _poll(spec, code)

    slow_poll()


def room_area(spec: PlaySpec, seat_view: SeatView, names: SeatNames) -> None:
    """The room as this device sees it: drawn when this device taps or a poll
    (:func:`_watch`) finds that the room changed, never on an unchanged one."""
    shared = room_spec(spec)
    here = in_room(spec) or {}
    code = str(here.get("code"))

    @st.fragment(key=AREA_KEY)
    def area() -> None:
        if not in_room(spec):  # "Leave the room" tapped: the whole page, with the panel
            st.rerun()
        _area(spec, shared, seat_view, names)
        st.session_state[_INLINE] = True  # the room was just read: the timers only start
        try:
            _watch(shared, code)
        finally:
            st.session_state[_INLINE] = False

    area()


def _area(spec: PlaySpec, shared: PlaySpec, seat_view: SeatView, names: SeatNames) -> None:
    """The room drawn, and what was drawn noted for the polls (:func:`_poll`)."""
    drawn = _drawn_key(shared)
    room, reachable = _read(shared)
    if not reachable:
        st.session_state[drawn] = _AWAY
        _reconnecting(spec, shared, seat_view, names)
        return
    here = in_room(spec) or {}
    if room is None:
        st.session_state[drawn] = None
        if here.get("unconfirmed"):  # a link followed while the store was away
            _unseat(spec, ("no_seat", here.get("code")))
        st.warning(_("This room is not there any more."))
        st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
                  args=(spec,), icon=":material/logout:")
        return
    unconfirmed = here.pop("unconfirmed", False)
    if room.closed:  # closed from the class screen: out, with the class's other tables
        _unseat(spec, ("closed", room.code, other_tables(room)))
    game = _session(shared, room)
    room = _tick(shared, room, game)
    st.session_state[drawn] = (room.version, room.moved_at)
    seat = room.seat_of(seated(shared))
    if seat is None and not here.get("watch"):
        _unseat(spec, ("no_seat", room.code) if unconfirmed else None)
    if seat is None:
        seat = SPECTATOR
        _watch_line(room.code)
    else:
        _room_line(room.code, seat, names(game, seat))
    game.extra[_SEAT] = seat
    waiting = [names(game, s) for s in room.free_seats()]
    if waiting:
        st.caption(_("Waiting for %(players)s to join with the code %(code)s.") % {
            "players": ", ".join(waiting), "code": room.code})
    if game.extra.pop("lost", False):
        st.info(_("Another player moved first: here is the table now."))
    _unsaved_note(game)
    seat_view(game, seat, shared)
    st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
              args=(spec,), icon=":material/logout:")


def _room_line(code: str, seat: int, player: str) -> None:
    you = _("Room %(code)s: you are %(player)s.") % {"code": code, "player": player}
    html(f'<p lang="{lang()}" class="jokoak-turn jokoak-room" data-room="{esc(code)}" '
         f'data-seat="{seat}">{esc(you)}</p>')


def _watch_line(code: str) -> None:
    line = _("Room %(code)s: you are watching (nothing a player keeps hidden is shown).") % {"code": code}
    html(f'<p lang="{lang()}" class="jokoak-turn jokoak-room" data-room="{esc(code)}" '
         f'data-seat="watch">{esc(line)}</p>')


def _unsaved_note(game: PlaySession) -> None:
    if game.extra.get(_UNSAVED):
        st.warning(_("Not saved — tap again."), icon=":material/sync_problem:")


def _reconnecting(spec: PlaySpec, shared: PlaySpec, seat_view: SeatView,
                  names: SeatNames) -> None:
    """The store cannot be reached: the table last drawn stays on screen under
    "Reconnecting…" (a tap on it says "Not saved — tap again"), and the next poll tries
    again. Never "gone": only a store that answers can say a room is not there."""
    st.info(_("Reconnecting…"), icon=":material/sync:")
    game = play.session(shared)
    here = in_room(spec) or {}
    seat = game.extra.get(_SEAT) if game is not None else None
    if game is not None and isinstance(seat, int) and game.extra.get(_CODE) == here.get("code"):
        if seat == SPECTATOR:
            _watch_line(str(here.get("code")))
        else:
            _room_line(str(here.get("code")), seat, names(game, seat))
        _unsaved_note(game)
        seat_view(game, seat, shared)
    st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
              args=(spec,), icon=":material/logout:")


def _unseat(spec: PlaySpec, note: Any) -> NoReturn:
    """This device sits in no seat of the room after all: out of it, with ``note`` for the
    room panel (the whole page is drawn again)."""
    leave(spec)
    if note is not None:
        st.session_state[_note_key(spec)] = note
    st.rerun()
    raise AssertionError("st.rerun returns only outside a script run")  # pragma: no cover


def play_page(spec: PlaySpec, intro: str, left: Callable[[PlaySession], None],
              right: Callable[[PlaySession], None], choices: Callable[[], dict[str, Any]],
              seat_view: SeatView, names: SeatNames) -> None:
    """The play view with room play: the room, when this device sits in one; else the
    one-screen game (:func:`ui.play.view.page`) and, below it, the room panel. An address
    naming this device's seat sits it there first (:func:`restore`)."""
    restore(spec)
    if in_room(spec):
        write_address(spec)
        keep_secret()
        room_area(spec, seat_view, names)
        return
    invitation(spec)
    seen: dict[str, Any] = {}

    def remembered() -> dict[str, Any]:
        picked = choices()
        seen.update(picked)
        return picked

    play_page_alone(spec, intro, left, right, remembered)
    room_panel(spec, dict(seen), names)
