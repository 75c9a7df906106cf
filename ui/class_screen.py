"""The class screen: a teacher opens a class's tables in one tap and follows them, seated at none.

A set-up (game, seats at each table, how many of them people, how many tables) opens every
table at once (:func:`jokoak.service.classes.open_class`); the screen's address then names
the class (``?class=<id>``), so a reload or the projector's browser opened again finds it.
For each table it shows, in type a class reads from the back of the room, the table's code
and a QR code of its join link (the room's address: never a seat,
:mod:`jokoak.service.seat_secret`), who has joined ("2 of 3"), whose turn it is, the last
move in one line and what each player holds (the game's own words, :mod:`ui.class_summary`),
drawn for no seat: no hidden die is in this page. The teacher's device (the one that opened
the class, known by its seat secret) restarts or closes a table; on any other device the
same address shows the tables and nothing to tap. Each table's last move can be read aloud
(:mod:`ui.speech`). One tap prints the class's sheet (:mod:`jokoak.render.class_sheet`).

The tables are read again every :data:`POLL_SECONDS` (their versions first: an unchanged
table is not replayed, :func:`_summary`). Taps act once: Open carries the set-up's own
number, Restart and Close the table's version they were drawn at, so the second tap of a
double tap finds its work done and changes nothing.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from functools import partial
from typing import Any, Callable
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from jokoak.render.class_sheet import SheetTable, class_sheet_pdf
from jokoak.service.classes import (MAX_TABLES, SchoolClass, close_table, open_class,
                                    parse_class_id, read_class, restart_table)
from jokoak.service.phone_link import qr_svg
from jokoak.service.rooms import (STORE_ERRORS, BudgetSpent, Room, RoomsFull, read_room,
                                  refund_budget, spend_budget)
from jokoak.engine.driver import resume

from . import play, room, speech
from .play import pace
from .class_summary import ClassGame, TableSummary, class_game, class_game_of, class_games
from .common import _, esc, html, lang, ngettext
from .kiosk_mode import settings as booklet_settings
from .params import drop
from .assets import style

log = logging.getLogger("jokoak")

CLASS_PARAM = "class"
#: session: the game a play view's "Class screen" button chose
GAME_KEY = room.CLASS_GAME_KEY
#: session: this set-up's own number (the Open button carries it)
SETUP_KEY = "jokoak_class_setup"
#: session: every set-up number this session was given (:func:`_just_opened`)
SETUPS_KEY = "jokoak_class_setups"
#: set-up number -> (the class it opened, when): set-ups are numbered per process
_OPENED: dict[int, tuple[str, float]] = {}
#: How long a run whose address is from before Open still finds the class just opened.
JUST_SECONDS = 10.0
#: What a second tap's Open waits on while the first one opens the tables (one lock for the
#: process: opening is rare, and a lock kept in a session could be made twice at once).
_OPEN_LOCK = threading.Lock()
#: session key prefix: when this screen last restarted a table (a double tap restarts it once)
RESTARTED_KEY = "jokoak_class_restarted"
#: session: what the last Open, Restart or Close could not do
NOTE_KEY = "jokoak_class_note"
#: session: (code, version, language) -> the table's summary (an unchanged table: no replay)
SUMMARIES_KEY = "jokoak_class_summaries"
POLL_SECONDS = 2.0
#: The QR code's side on the class screen, in CSS pixels: readable by a phone from a few
#: metres on a projected screen.
QR_PX = 168
_setups = itertools.count(1)

#: The cards are read from the back of a classroom when projected: the code, and the turn and
#: last bid in words that grow with the screen (24 px at 1920 px wide; 15 px was read there).
CLASS_CSS = style("class_screen.css")


def _store() -> Any:
    return room.store()


def base_url() -> str:
    """Where pupils' devices reach this booklet: the kiosk's public address when set, else
    the address this screen was opened at (without its page)."""
    public = booklet_settings().kiosk.public_url
    if public:
        return public.rstrip("/")
    here = st.context.url or ""
    parts = urlsplit(here)
    path = parts.path.rstrip("/")
    if path.endswith("/class"):
        path = path[: -len("/class")]
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def join_url(game_key: str, code: str, class_id: str) -> str:
    """A table's join link: its game's play view and the room, never a seat. The class's
    id lets another server's booklet say the code is not its own (:func:`ui.room.restore`)."""
    query = urlencode({"view": "play", room.ROOM_PARAM: code, CLASS_PARAM: class_id})
    return f"{base_url()}/{game_key}?{query}"


# ---- opening -------------------------------------------------------------------------------
def _open(setup: int, key: str, seats: int, people: int, tables: int) -> None:
    """Open the class's tables, once per set-up: a double tap opens one class.

    A second tap's run may start while the first is still in this callback (Streamlit stops
    the first run and starts another at once, and a stopped run raises at its next Streamlit
    call, session state included). So what was opened is kept in :data:`_OPENED`, written
    and read with no Streamlit call, under a lock the second run waits on; the page finds
    the class there (:func:`_just_opened`) even when its address is from before Open."""
    game = class_game(key)
    if game is None:
        return
    tables = max(1, min(MAX_TABLES, tables))
    device, conf, who, store = room.device(), room.settings(), room.client(), _store()
    with _OPEN_LOCK:
        if setup in _OPENED:
            return
        note: Any = None
        try:  # a class's tables come from the class budget, not a stranger's "Open a room"
            spend_budget(store, who, "class", conf.class_tables_per_client_hour, tables)
        except BudgetSpent as spent:
            note = ("budget", spent.wait_seconds)
        except STORE_ERRORS as exc:
            log.warning("no class opened: %s", exc)
            note = "unavailable"
        if note is None:
            note = _open_tables(game, seats, people, tables, device, conf, who, store, setup)
    if note is not None:
        st.session_state[NOTE_KEY] = note
        return
    st.session_state.pop(NOTE_KEY, None)
    st.query_params[CLASS_PARAM] = _OPENED[setup][0]


def _open_tables(game: ClassGame, seats: int, people: int, tables: int, device: str,
                 conf: Any, who: str, store: Any, setup: int) -> Any:
    """Open the tables (the budget already taken); None, or the note of what failed."""
    choices = game.choices(seats, people)
    ruleset = game.spec.game.rulesets[0].name
    made = []
    for _n in range(tables):
        fresh = play.fresh_session(game.spec, ruleset, choices)
        made.append((fresh.position.record, fresh.choices))
    try:
        school = open_class(store, game.spec.game.name, made, device, limit=conf.max_rooms)
    except STORE_ERRORS + (RoomsFull,) as exc:
        log.warning("no class opened: %s", exc)
        try:
            refund_budget(store, who, "class", conf.class_tables_per_client_hour, tables)
        except STORE_ERRORS:
            pass
        return "server_full" if isinstance(exc, RoomsFull) else "unavailable"
    _OPENED[setup] = (school.id, time.monotonic())
    return None


def _just_opened() -> str | None:
    """The class this session's set-up opened a moment ago, if any (a run whose address is
    from before Open: the second tap of a double tap)."""
    for setup in st.session_state.get(SETUPS_KEY, ()):
        found = _OPENED.get(setup)
        if found is not None and time.monotonic() - found[1] < JUST_SECONDS:
            return found[0]
    return None


def set_up() -> None:
    """Choose the game and the tables, and open them in one tap."""
    games = class_games()
    if not games:
        return
    keys = [g.key for g in games]
    wanted = st.session_state.get(GAME_KEY)
    chosen = st.segmented_control(_("Game"), keys, default=wanted if wanted in keys else keys[0],
                                  format_func=lambda k: class_game(k).name,  # type: ignore[union-attr]
                                  key="jokoak_class_pick_game", required=True) or keys[0]
    game = class_game(chosen)
    assert game is not None
    seats = game.seats[0]
    if len(game.seats) > 1:
        seats = st.segmented_control(_("Seats at each table"), list(game.seats),
                                     default=min(game.seats, key=lambda s: abs(s - 3)),
                                     key=f"jokoak_class_seats_{game.key}",
                                     required=True) or seats
    people = st.segmented_control(_("People at each table"), list(range(1, seats + 1)),
                                  default=min(3, seats), key=f"jokoak_class_people_{seats}",
                                  required=True) or min(3, seats)
    computers = seats - people
    st.caption(ngettext("The computer plays %(count)s seat at each table.",
                        "The computer plays %(count)s seats at each table.", computers)
               % {"count": computers} if computers else
               _("Every seat at each table is a person's."))
    tables = st.segmented_control(_("Tables"), list(range(1, MAX_TABLES + 1)), default=2,
                                  key="jokoak_class_tables", required=True) or 2
    setup = st.session_state.get(SETUP_KEY)
    if not isinstance(setup, int) or setup in _OPENED:  # another class: another set-up
        setup = st.session_state[SETUP_KEY] = next(_setups)
        st.session_state[SETUPS_KEY] = [*st.session_state.get(SETUPS_KEY, [])[-4:], setup]
    st.button(ngettext("Open %(count)s table", "Open %(count)s tables", tables)
              % {"count": tables}, type="primary", icon=":material/co_present:",
              key=f"jokoak_class_open_{setup}", on_click=_open,
              args=(setup, game.key, seats, people, tables))
    _note()


def _note() -> None:
    note = st.session_state.get(NOTE_KEY)
    if isinstance(note, tuple) and note[0] == "budget":
        room.panel_note(note)
    elif note == "server_full":
        st.warning(_("This server has as many rooms open as it can hold. Try again in a "
                     "few minutes."))
    elif note == "unavailable":
        st.warning(_("Rooms are not available on this server just now."))
    elif note == "no_class":
        st.warning(_("There is no such class on this server: it was opened on another "
                     "server, or more than two hours ago. Open the tables again here."))


# ---- the tables ----------------------------------------------------------------------------
def _summary(game: ClassGame, table: Room) -> tuple[TableSummary, Any]:
    """The table's summary in this language, replayed only when the table changed."""
    cache: dict[tuple[str, int, str], tuple[TableSummary, Any]] = st.session_state.setdefault(
        SUMMARIES_KEY, {})
    key = (table.code, table.version, lang())
    if key not in cache:
        position = resume(game.spec.game, table.record, game.spec.table(table.choices))
        session: play.PlaySession[Any] = play.PlaySession(
            position=position, choices=dict(table.choices), good=position)
        for old in [k for k in cache if k[0] == table.code]:
            del cache[old]
        cache[key] = (game.summary(session), session)
    return cache[key]


def _led_table(class_id: str, code: str, version: int) -> tuple[ClassGame, Room] | None:
    """The class's game and its table ``code`` as a teacher's tap on it finds them, or None
    when the tap must change nothing: the class is gone or this device does not lead it
    (only the teacher restarts or closes a table), or the table is gone or has moved on
    since ``version``, the one the button was drawn at (a stale tap). A store that does not
    answer changes nothing either, and says so."""
    try:
        school = read_class(_store(), class_id)
        game = class_game_of(school.game) if school is not None else None
        if school is None or game is None or not school.led_by(room.device()):
            return None
        found = read_room(_store(), code, {game.spec.game.name: game.spec.game})
    except STORE_ERRORS as exc:
        log.warning("table %s not read for the teacher's tap: %s", code, exc)
        st.session_state[NOTE_KEY] = "unavailable"
        return None
    if found is None or found.version != version:
        return None
    return game, found


def _restart(class_id: str, code: str, version: int) -> None:
    """A new game at the table, everyone in their seat. Once: a tap drawn at an older
    version does nothing, and neither does a tap within a second of a restart (the second
    tap of a double tap can land on the button drawn again for the new game)."""
    last = st.session_state.get(f"{RESTARTED_KEY}_{code}")
    if isinstance(last, float) and time.monotonic() - last < pace.DEBOUNCE_SECONDS:
        return
    led = _led_table(class_id, code, version)
    if led is None:
        return
    game, found = led
    choices = dict(found.choices)
    ruleset = str(choices.pop("ruleset", game.spec.game.rulesets[0].name))
    fresh = play.fresh_session(game.spec, ruleset, {k: v for k, v in choices.items()
                                                   if k not in ("class", "closed")})
    try:
        if restart_table(_store(), found, fresh.position.record) is not None:
            st.session_state[f"{RESTARTED_KEY}_{code}"] = time.monotonic()
    except STORE_ERRORS as exc:
        log.warning("table %s not restarted: %s", code, exc)
        st.session_state[NOTE_KEY] = "unavailable"


def _close(class_id: str, code: str, version: int) -> None:
    """Close the table (once: a closed table stays closed)."""
    led = _led_table(class_id, code, version)
    if led is None:
        return
    _game, found = led
    try:
        close_table(_store(), found)
    except STORE_ERRORS as exc:
        log.warning("table %s not closed: %s", code, exc)
        st.session_state[NOTE_KEY] = "unavailable"


def _table_card(school: SchoolClass, game: ClassGame, number: int, code: str,
                teacher: bool) -> None:
    """One table: its name, code, QR code, who joined, whose turn, the last move, counts."""
    name = _("Table %(number)s") % {"number": number}
    try:
        table = read_room(_store(), code, {game.spec.game.name: game.spec.game})
    except STORE_ERRORS as exc:
        log.warning("table %s unreadable: %s", code, exc)
        html(f'<div class="jk-class-table" lang="{lang()}"><h3>{esc(name)}</h3>'
             f'<p>{esc(_("Reconnecting…"))}</p></div>')
        return
    url = join_url(game.key, code, school.id)
    if table is None or table.closed:
        gone = (_("Table %(code)s was closed by the teacher.") % {"code": code}
                if table is not None else _("This room is not there any more."))
        html(f'<div class="jk-class-table" lang="{lang()}" data-code="{esc(code)}" '
             f'data-state="closed"><h3>{esc(name)}</h3>'
             f'<div class="jk-class-code" style="opacity:.45">{esc(code)}</div>'
             f'<p class="jk-class-closed">{esc(gone)}</p></div>')
        return
    summary, _session = _summary(game, table)
    joined, places = len(table.seats), len(table.people)
    facts = [f'<li class="jk-class-joined">{esc(_("%(joined)s of %(places)s joined") % {"joined": joined, "places": places})}</li>']
    facts += [f"<li>{esc(line)}</li>" for line in (summary.turn, summary.last, summary.counts)
              if line]
    html(f'<div class="jk-class-table" lang="{lang()}" data-code="{esc(code)}" '
         f'data-joined="{joined}" data-places="{places}" data-version="{table.version}" '
         f'data-url="{esc(url)}"><h3>{esc(name)}</h3>'
         f'<div class="jk-class-code">{esc(code)}</div>'
         f'<div class="jk-class-row">'
         + qr_svg(url, _("QR code of table %(number)s's link") % {"number": number}, QR_PX)
         + f'<ul class="jk-class-facts">{"".join(facts)}</ul></div></div>')
    row = st.container(horizontal=True)
    with row:
        told = ". ".join(line for line in (name, summary.turn, summary.last) if line)
        speech.speaker(f"class_{code}_{table.version}", [(told, lang())],
                       _("Read the last move aloud"))
    if teacher:
        row.button(_("Restart"), key=f"jokoak_class_restart_{code}_{table.version}",
                   icon=":material/replay:", on_click=_restart,
                   args=(school.id, code, table.version))
        row.button(_("Close"), key=f"jokoak_class_close_{code}_{table.version}",
                   icon=":material/close:", on_click=_close,
                   args=(school.id, code, table.version))


def _sheet(game_key: str, language: str, tables: tuple[SheetTable, ...],
           still_open: Callable[[str], bool]) -> bytes:
    """The class sheet, built when its button is pressed (outside the run: everything it
    needs is passed in, the language too). A table the teacher closed since is left out (a
    printed sheet would send pupils to it); all of them if none is open."""
    kept = tuple(table for table in tables if still_open(table.code))
    return class_sheet_pdf(game_key, language, kept or tables)


def _still_open(store: Any, games: dict[str, Any], code: str) -> bool:
    """Whether table ``code`` is open now (a store that does not answer: as far as we know)."""
    try:
        found = read_room(store, code, games)
    except STORE_ERRORS as exc:
        log.warning("table %s not read for the class sheet: %s", code, exc)
        return True
    return found is not None and not found.closed


def dashboard(school: SchoolClass) -> None:
    """The class's tables, read again every :data:`POLL_SECONDS`."""
    game = class_game_of(school.game)
    if game is None:
        st.session_state[NOTE_KEY] = "no_class"
        return
    teacher = school.led_by(room.device())
    html(CLASS_CSS + speech.SPEAKER_CSS)
    html(f'<h1 lang="{lang()}" style="font-size:1.8rem;margin:0">'
         + esc(_("Class: %(game)s")) % {"game": f'<span lang="eu">{esc(game.name)}</span>'}
         + "</h1>"
         + f'<p lang="{lang()}">{esc(_("Each pupil opens the link of a table or scans its QR code on their own phone, or types the code of the table as the room code in “Play together on several devices”. This screen takes no seat at any table and never shows what a player keeps hidden."))}</p>')
    top = st.container(horizontal=True)
    sheet = tuple(SheetTable(n, code, join_url(game.key, code, school.id))
                  for n, code in enumerate(school.tables, 1))
    top.download_button(_("Print the class sheet (PDF)"),
                        data=partial(_sheet, game.key, lang(), sheet,
                                     partial(_still_open, _store(),
                                             {game.spec.game.name: game.spec.game})),
                        file_name=f"{game.key}-class-{lang()}.pdf", mime="application/pdf",
                        on_click="ignore", icon=":material/print:",
                        key=f"jokoak_class_sheet_{school.id}_{lang()}")
    if not teacher:
        st.caption(_("Only the device that opened these tables can restart or close them."))

    @st.fragment(run_every=POLL_SECONDS)
    def tables() -> None:
        columns = 3 if len(school.tables) > 4 else 2 if len(school.tables) > 1 else 1
        for start in range(0, len(school.tables), columns):
            cells = st.columns(columns, gap="medium")
            for cell, (number, code) in zip(
                    cells, list(enumerate(school.tables, 1))[start:start + columns]):
                with cell:
                    _table_card(school, game, number, code, teacher)
        _note()

    tables()


def class_page() -> None:
    """The class screen: the class its address names, else the set-up."""
    room.keep_secret()  # the teacher's device is known by its secret, never by the address
    raw = st.query_params.get(CLASS_PARAM)
    opened = _just_opened() if raw is None else None
    if opened is not None:  # a double tap's second run carries the address from before Open
        raw = st.query_params[CLASS_PARAM] = opened
    class_id = parse_class_id(raw)
    school = None
    if raw is not None and class_id is None:
        drop(CLASS_PARAM)
        st.session_state[NOTE_KEY] = "no_class"
    elif class_id is not None:
        try:
            school = read_class(_store(), class_id)
        except STORE_ERRORS as exc:
            log.warning("class %s unreadable: %s", class_id, exc)
            st.info(_("Reconnecting…"), icon=":material/sync:")
            return
        if school is None:
            drop(CLASS_PARAM)
            st.session_state[NOTE_KEY] = "no_class"
    if school is not None:
        dashboard(school)
        with st.expander(_("Open other tables")):
            set_up()
        return
    html(f'<h1 lang="{lang()}" style="font-size:1.8rem;margin:0 0 .4rem">'
         f'{esc(_("Class screen"))}</h1>')
    st.write(_("Open a table for each group of pupils in one tap. Each pupil plays on their "
               "own phone; this screen shows every table's code, QR code and moves."))
    set_up()
