"""Rooms: one table shared by several devices, joined by a short code.

A room is a game's record (:class:`jokoak.engine.record.Record`: rules, setup, seed, every
action, the seats people play), the new-game choices, which device sits at which person's
seat, and when the table last moved. It lives in a store every replica of the booklet shares,
never in one process's memory: SQLite for one machine (a file), Redis where there are
replicas behind a load balancer. Any replica may serve any device's next request.

Every change is a compare-and-set on the room's *version*: a writer says which version it
read, and the store takes the write only if the room is still at that version. Two devices
tapping at once both read version 7; the first write makes it 8, the second is refused, so
they can never both move. Whoever lost reads the room again and draws it anew.

Pure: no Streamlit. What a device may see is its seat's business: the page draws the table
for its own seat (the engine's observation), the record itself never leaves the server.

A device is known by a token (:func:`new_device`, 128 random bits) that the room keeps at
its seat. The page puts the room's code and that token in its address, so a reload, a tab
opened again or a restarted server finds the seat again (:func:`rejoin`); nobody takes a
seat by editing an address, as nobody can guess another device's token.

Rooms are bounded, so that one client's loop of fresh sessions can neither grow the store
without end nor fill the server's cap for everyone (issue 39): opening another room closes the session's unplayed
one (:func:`close_unplayed`), a server holds at most its ``[rooms] max_rooms``
(:class:`RoomsFull`), a room nobody joined is swept ten minutes after it was opened
(:data:`UNJOINED_SECONDS`) and a room nobody moved in for two hours
(:data:`IDLE_SECONDS`), and each client (its address, :mod:`jokoak.service.clients`) opens at
most ``[rooms] rooms_per_client_hour`` rooms an hour (:class:`BudgetSpent`, which says how
long to wait). A class screen's tables (``purpose="class"``) spend a budget of their own,
``class_tables_per_client_hour``: nobody's "Open a room" ever uses it up.

Codes cannot be guessed by trying (31^7 codes, :data:`CODE_SPACE`; docs/rooms.md works out why
seven): a client that typed ``[rooms] unknown_codes_per_minute`` unknown codes this minute
has every code wait for the next minute, known or not (:func:`guess_wait`), and a session
that typed :data:`FREE_MISSES` of them waits longer and longer (:class:`JoinGuard`). Both
are the guesser's own: a pupil elsewhere with the right code joins at once. Rooms opened
before codes grew to seven characters keep their five-character codes until they are swept
(:data:`OLD_CODE_LENGTH`). The stores, and how they survive a removed or broken file, a lock
or a restarting Redis: :mod:`jokoak.service.room_stores`.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..engine.core import Game
from ..engine.record import Record
from ..errors import UnavailableError
from .room_stores import (BUDGET_SECONDS, IDLE_SECONDS, MAX_ROOM_BYTES, STORE_ERRORS,
                          UNJOINED_SECONDS, RedisRoomStore, RoomError, RoomsFull, RoomStore,
                          SqliteRoomStore, data_folder, default_sqlite_path, store_from_setting)

__all__ = ["BUDGET_SECONDS", "BUDGET_WINDOW", "CLOSED", "CODE_ALPHABET", "CODE_LENGTH", "CODE_SPACE",
           "IDLE_SECONDS", "MAX_ROOM_BYTES", "OLD_CODE_LENGTH", "PURPOSES", "STORE_ERRORS",
           "UNJOINED_SECONDS", "BudgetSpent", "JoinGuard", "RedisRoomStore", "Room", "RoomError",
           "RoomStore", "RoomsFull", "SqliteRoomStore", "budget_left", "close_unplayed",
           "count_unknown", "data_folder", "default_sqlite_path", "guess_wait", "join",
           "new_code", "new_device", "normalise_code", "open_room", "parse_device", "read_room",
           "rejoin", "rewrite", "spend_budget", "store_from_setting", "update"]

#: Letters and digits no one misreads or mistypes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: Seven: a guesser at the per-client limit of unknown codes (20 a minute) among a full
#: server's 300 rooms needs about 8.7 years on average to find one (docs/rooms.md, "Why
#: seven characters").
CODE_LENGTH = 7
#: The codes' length before issue 39: a link to such a room still finds it until the room
#: is swept (two hours after its last move at most); no new room gets one.
OLD_CODE_LENGTH = 5
#: How many codes there are: 31^7 = 27,512,614,111 (docs/rooms.md: the odds of guessing one).
CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH
#: What a client's budgets of opened rooms are counted over (an hour, from the full hour).
BUDGET_WINDOW = 3600
#: What a room is opened for: ``"table"`` (anyone's "Open a room") or ``"class"`` (a class
#: screen's tables, each purpose with its own budget per client).
PURPOSES = ("table", "class")
#: What :func:`new_device` makes (``secrets.token_urlsafe``'s alphabet), with room to spare.
_DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Unknown codes a session may type before it has to wait (:class:`JoinGuard`).
FREE_MISSES = 5
#: The longest a session waits between two guesses, however many it got wrong.
MAX_WAIT_SECONDS = 120.0
#: The tally (:meth:`RoomStore.tally`) of unknown codes one client typed a minute
#: (``unknown-codes:<client key>``).
UNKNOWN_CODES = "unknown-codes"
#: The window of that tally.
GUESS_WINDOW = 60


class BudgetSpent(UnavailableError):
    """This client opened as many rooms (of this purpose) as its hour allows; the page says
    how long to wait (:attr:`wait_seconds`, until the next full hour)."""

    def __init__(self, purpose: str, budget: int, wait_seconds: float) -> None:
        super().__init__("%(budget)s %(purpose)s rooms opened by one client this hour",
                         budget=budget, purpose=purpose)
        self.purpose = purpose
        self.budget = budget
        self.wait_seconds = wait_seconds
#: The choices' key of a closed table (:attr:`Room.closed`).
CLOSED = "closed"


@dataclass(frozen=True)
class Room:
    code: str
    version: int
    record: Record
    choices: dict[str, Any]
    #: person's seat -> the device sitting there
    seats: dict[int, str] = field(default_factory=dict)
    #: wall-clock time of the last move (replicas share no monotonic clock)
    moved_at: float = 0.0

    @property
    def people(self) -> tuple[int, ...]:
        return self.record.people or ()

    def seat_of(self, device: str) -> int | None:
        """The seat ``device`` sits at (compared in constant time: the token is a secret)."""
        wanted = device.encode()
        return next((s for s, d in sorted(self.seats.items())
                     if secrets.compare_digest(d.encode(), wanted)), None)

    def free_seats(self) -> tuple[int, ...]:
        return tuple(s for s in self.people if s not in self.seats)

    @property
    def closed(self) -> bool:
        """A class's table closed from the class screen: kept (its code says "closed" and
        names the class's other tables), nobody sits or moves there any more."""
        return bool(self.choices.get(CLOSED))


def normalise_code(text: object) -> str | None:
    """A typed code in the store's form ("k7q f2m9" -> "K7QF2M9"), or None if it cannot be
    one (seven characters; five for a room opened before codes grew)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(text.split()).upper().replace("-", "")
    if len(code) not in (CODE_LENGTH, OLD_CODE_LENGTH) or any(c not in CODE_ALPHABET
                                                              for c in code):
        return None
    return code


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_device() -> str:
    """A device's token: what its seat is known by, and what its address carries."""
    return secrets.token_urlsafe(16)


def parse_device(text: object) -> str | None:
    """A device token as an address carries it, or None if it cannot be one."""
    return text if isinstance(text, str) and _DEVICE_TOKEN.fullmatch(text) else None


def _dump(room: Room) -> str:
    return json.dumps({"record": room.record.to_json(), "choices": room.choices,
                       "seats": {str(s): d for s, d in room.seats.items()},
                       "moved_at": room.moved_at}, ensure_ascii=False)


def _load(code: str, version: int, data: str, games: Mapping[str, Game]) -> Room:
    try:
        raw = json.loads(data)
        record = Record.from_json(raw["record"], games)
        seats = {int(s): str(d) for s, d in dict(raw.get("seats", {})).items()}
        choices = dict(raw.get("choices", {}))
        moved_at = float(raw.get("moved_at", 0.0))
    except (ValueError, KeyError, TypeError) as exc:   # a RecordError is a ValueError
        raise RoomError(f"room {code}: {exc}") from None
    return Room(code, version, record, choices, seats, moved_at)


def _budget_name(purpose: str, client: str) -> str:
    if purpose not in PURPOSES:
        raise ValueError(f"a room is opened for one of {PURPOSES}, not {purpose!r}")
    return f"opened:{purpose}:{client}"


def _wait_for_window(window: int, now: float) -> float:
    return window - now % window


def budget_left(store: RoomStore, client: str, purpose: str, budget: int,
                now: float | None = None) -> int | None:
    """How many more rooms of ``purpose`` ``client`` may open this hour (None: no budget,
    ``budget`` <= 0). Only reads."""
    if budget <= 0:
        return None
    return max(0, budget - store.tally(_budget_name(purpose, client), BUDGET_WINDOW, by=0))


def spend_budget(store: RoomStore, client: str, purpose: str, budget: int, rooms: int = 1,
                 now: float | None = None) -> None:
    """Take ``rooms`` from ``client``'s hourly budget of ``purpose`` (``budget`` <= 0: no
    budget), all or nothing: :class:`BudgetSpent` (nothing taken) when fewer are left. For a
    class screen opening several tables in one tap; :func:`open_room` takes one itself."""
    if budget <= 0 or rooms <= 0:
        return
    name = _budget_name(purpose, client)
    if store.tally(name, BUDGET_WINDOW, by=rooms) > budget:
        store.tally(name, BUDGET_WINDOW, by=-rooms)
        now = time.time() if now is None else now
        raise BudgetSpent(purpose, budget, _wait_for_window(BUDGET_WINDOW, now))


def refund_budget(store: RoomStore, client: str, purpose: str, budget: int,
                  rooms: int = 1) -> None:
    """Give back rooms taken by :func:`spend_budget` that were not opened after all."""
    if budget > 0 and rooms > 0:
        store.tally(_budget_name(purpose, client), BUDGET_WINDOW, by=-rooms)


def open_room(store: RoomStore, record: Record, choices: Mapping[str, Any], device: str | None,
              now: float | None = None, tries: int = 20, limit: int = 0, *,
              client: str = "", purpose: str = "table", budget: int = 0) -> Room:
    """A new room for ``record`` (which says the seats people play); the device that opens
    it sits at the first of them (``device=None``: nobody, a class's table opened from the
    class screen). A code already taken is never overwritten.
    :class:`RoomsFull` when ``limit`` (> 0) rooms are live on the server already.

    ``client`` (:func:`jokoak.service.clients.client_key`) opens it from its hourly
    ``budget`` (> 0) of ``purpose`` rooms: ``"table"`` for anyone's "Open a room", ``"class"``
    for a class screen's tables (a budget of its own). :class:`BudgetSpent` when it is
    spent; a room refused for another reason costs nothing."""
    now = time.time() if now is None else now
    spend_budget(store, client, purpose, budget, 1, now)
    seats = {s: device for s in (record.people or ())[:1]} if device is not None else {}
    try:
        for _ in range(tries):
            room = Room(new_code(), 0, record, dict(choices), dict(seats), now)
            if store.create(room.code, _dump(room), limit):
                return room
        raise RoomError("no free room code found")
    except BaseException:
        try:
            refund_budget(store, client, purpose, budget)
        except STORE_ERRORS:
            pass
        raise


def close_unplayed(store: RoomStore, code: str, device: str) -> bool:
    """Close the room ``device`` opened if nobody else ever sat down in it (what opening
    another room does: one unplayed room a session). A room someone joined is left alone,
    also when they join between the read and the delete (the delete checks the version).
    True if it was closed. Reads only the seats: any game's room."""
    found = store.read(code)
    if found is None:
        return False
    version, data = found
    try:
        seats = [str(d) for d in dict(json.loads(data).get("seats", {})).values()]
    except (ValueError, TypeError, AttributeError):
        return False
    wanted = device.encode()
    if not seats or not all(secrets.compare_digest(d.encode(), wanted) for d in seats):
        return False
    return store.delete(code, version)


@dataclass(frozen=True)
class JoinGuard:
    """One session's unknown codes: the first :data:`FREE_MISSES` cost nothing, each one
    after makes the session wait twice as long before it may try again (2 s, 4 s, 8 s, …
    up to :data:`MAX_WAIT_SECONDS`). Kept in the session, never in the address."""

    misses: int = 0
    #: wall-clock time before which this session may not try a code
    until: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds left before the next try (0: try now)."""
        return max(0.0, self.until - now)

    def missed(self, now: float) -> JoinGuard:
        misses = self.misses + 1
        over = misses - FREE_MISSES + 1
        delay = 0.0 if over <= 0 else min(MAX_WAIT_SECONDS, 2.0 ** over)
        return JoinGuard(misses, now + delay)


def guess_wait(store: RoomStore, client: str, per_minute: int,
               now: float | None = None) -> float:
    """Seconds ``client`` waits before it may try any code (0: try now): once it typed
    ``per_minute`` unknown codes this minute (0: no limit), every code it types waits for
    the next minute, known or not, so a guesser learns nothing. Only that client's own
    unknown codes count: a pupil elsewhere with the right code is never held up."""
    if per_minute <= 0 or store.tally(f"{UNKNOWN_CODES}:{client}", GUESS_WINDOW,
                                       by=0) < per_minute:
        return 0.0
    return _wait_for_window(GUESS_WINDOW, time.time() if now is None else now)


def count_unknown(store: RoomStore, client: str) -> int:
    """Count one unknown code ``client`` typed this minute."""
    return store.tally(f"{UNKNOWN_CODES}:{client}", GUESS_WINDOW)


def _joined(room: Room) -> bool:
    """Two devices sit in the room: somebody besides the opener (it lives its two hours, not
    ten minutes: :data:`UNJOINED_SECONDS`). :func:`join` marks a room joined by itself."""
    return len(set(room.seats.values())) > 1


def read_room(store: RoomStore, code: str, games: Mapping[str, Game]) -> Room | None:
    found = store.read(code)
    return None if found is None else _load(code, found[0], found[1], games)


def join(store: RoomStore, code: str, games: Mapping[str, Game], device: str,
         tries: int = 20) -> tuple[Room, int | None] | None:
    """Sit ``device`` at the first free person's seat (or find the seat it already has).
    None if there is no such room; the seat is None when every person's seat is taken."""
    for _ in range(tries):
        room = read_room(store, code, games)
        if room is None:
            return None
        seat = room.seat_of(device)
        if seat is not None or not room.free_seats() or room.closed:
            return room, seat
        seat = room.free_seats()[0]
        taken = replace(room, seats={**room.seats, seat: device})
        # somebody who was not seated at the opening sat down: joined (a class screen's
        # table has no opener, its first pupil joins it)
        if store.swap(code, room.version, _dump(taken), joined=True):
            return replace(taken, version=room.version + 1), seat
    return None


def rejoin(store: RoomStore, code: str, games: Mapping[str, Game],
           device: str) -> tuple[Room | None, int | None]:
    """The room and the seat ``device`` already sits at (a reload finding its seat again):
    ``(None, None)`` if there is no such room (or it is another game's), ``(room, None)`` if
    the device sits at none of its seats. Reads only: a seat is never taken here."""
    try:
        room = read_room(store, code, games)
    except RoomError:
        return None, None
    return (None, None) if room is None else (room, room.seat_of(device))


def update(store: RoomStore, room: Room, record: Record, now: float | None = None) -> Room | None:
    """The room with ``record``, if nobody changed it since ``room`` was read (else None:
    another device moved first)."""
    moved = replace(room, record=record, moved_at=time.time() if now is None else now)
    if store.swap(room.code, room.version, _dump(moved), joined=_joined(moved)):
        return replace(moved, version=room.version + 1)
    return None


def rewrite(store: RoomStore, room: Room, *, record: Record | None = None,
            choices: Mapping[str, Any] | None = None, seats: Mapping[int, str] | None = None,
            now: float | None = None) -> Room | None:
    """The room with a new record, choices or seats (a class's table restarted or closed),
    if nobody changed it since ``room`` was read (else None: read it again)."""
    changed = replace(room, record=room.record if record is None else record,
                      choices=dict(room.choices if choices is None else choices),
                      seats=dict(room.seats if seats is None else seats),
                      moved_at=time.time() if now is None else now)
    if store.swap(room.code, room.version, _dump(changed)):
        return replace(changed, version=room.version + 1)
    return None
