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

Rooms are bounded (issue: a loop of opens made 95,000 rooms a day): opening another room
closes the session's unplayed one (:func:`close_unplayed`), a server holds at most its
``[rooms] max_rooms`` (:class:`RoomsFull`), and a room nobody moved in for two hours is swept
(:data:`IDLE_SECONDS`). Codes cannot be guessed by trying (31^5 codes, :data:`CODE_SPACE`):
a session that typed :data:`FREE_MISSES` unknown codes waits longer and longer
(:class:`JoinGuard`), and the whole server takes at most ``[rooms]
unknown_codes_per_minute`` of them (:func:`server_guess_allowed`). The stores, and how they
survive a removed or broken file, a lock or a restarting Redis: :mod:`jokoak.service.room_stores`.
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
from .room_stores import (BUDGET_SECONDS, IDLE_SECONDS, MAX_ROOM_BYTES, STORE_ERRORS,
                          RedisRoomStore, RoomError, RoomsFull, RoomStore, SqliteRoomStore,
                          data_folder, default_sqlite_path, store_from_setting)

__all__ = ["BUDGET_SECONDS", "CODE_ALPHABET", "CODE_LENGTH", "CODE_SPACE", "IDLE_SECONDS",
           "MAX_ROOM_BYTES", "STORE_ERRORS", "JoinGuard", "RedisRoomStore", "Room", "RoomError",
           "RoomStore", "RoomsFull", "SqliteRoomStore", "close_unplayed", "data_folder",
           "default_sqlite_path", "join", "new_code", "new_device", "normalise_code",
           "count_unknown", "open_room", "parse_device", "read_room", "rejoin", "server_guess_allowed",
           "rewrite", "store_from_setting", "update"]

#: Letters and digits no one misreads or mistypes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: How many codes there are: 31^5 = 28,629,151 (the README's odds of guessing one).
CODE_SPACE = len(CODE_ALPHABET) ** CODE_LENGTH
#: What :func:`new_device` makes (``secrets.token_urlsafe``'s alphabet), with room to spare.
_DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Unknown codes a session may type before it has to wait (:class:`JoinGuard`).
FREE_MISSES = 5
#: The longest a session waits between two guesses, however many it got wrong.
MAX_WAIT_SECONDS = 120.0
#: The tally (:meth:`RoomStore.tally`) of unknown codes typed on the whole server a minute.
UNKNOWN_CODES = "unknown-codes"
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
    """A typed code in the store's form ("k7 qf2" -> "K7QF2"), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(text.split()).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
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


def open_room(store: RoomStore, record: Record, choices: Mapping[str, Any], device: str | None,
              now: float | None = None, tries: int = 20, limit: int = 0) -> Room:
    """A new room for ``record`` (which says the seats people play); the device that opens
    it sits at the first of them (``device=None``: nobody, a class's table opened from the
    class screen). A code already taken is never overwritten.
    :class:`RoomsFull` when ``limit`` (> 0) rooms are live on the server already."""
    now = time.time() if now is None else now
    first = (record.people or ())[:1] if device is not None else ()
    for _ in range(tries):
        room = Room(new_code(), 0, record, dict(choices), {s: device for s in first}, now)
        if store.create(room.code, _dump(room), limit):
            return room
    raise RoomError("no free room code found")


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


def server_guess_allowed(store: RoomStore, per_minute: int) -> bool:
    """Whether the server takes another code this minute: at most ``per_minute`` unknown
    codes a minute from everyone together (0: no limit). Past it every code waits for the
    next minute, known or not, so a guesser learns nothing."""
    return per_minute <= 0 or store.tally(UNKNOWN_CODES, 60, by=0) < per_minute


def count_unknown(store: RoomStore) -> int:
    """Count one unknown code typed on this server this minute."""
    return store.tally(UNKNOWN_CODES, 60)


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
        if store.swap(code, room.version, _dump(taken)):
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
    if store.swap(room.code, room.version, _dump(moved)):
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
