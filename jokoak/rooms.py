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
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol

from .engine.core import Game
from .engine.record import Record, RecordError

#: Letters and digits no one misreads or mistypes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: A room nobody touched for a day is gone (Redis expiry; SQLite rows are swept on create).
ROOM_SECONDS = 24 * 3600
#: The longest room data a store accepts (a whole peruludo game is about 20 kB).
MAX_ROOM_BYTES = 512_000
#: What :func:`new_device` makes (``secrets.token_urlsafe``'s alphabet), with room to spare.
_DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class RoomError(ValueError):
    """A stored room that cannot be read back (a store shared with something else)."""


try:  # redis is a dependency; guarded so a store on SQLite never needs it to import
    from redis import RedisError as _RedisError
except ImportError:  # pragma: no cover
    class _RedisError(Exception):  # type: ignore[no-redef]
        """Stands in for redis's base error where redis is not installed."""

#: What a store may raise when a room cannot be read or written (a missing room's code,
#: a locked SQLite file, a Redis server gone): a page catches these, keeps the table it has
#: and says so; redis's and sqlite3's errors are not ``OSError``s.
STORE_ERRORS: tuple[type[BaseException], ...] = (RoomError, OSError, sqlite3.Error, _RedisError)


class RoomStore(Protocol):
    """Where rooms live: three operations, each atomic in the store itself."""

    def create(self, code: str, data: str) -> bool:
        """Store a new room at version 0; False if ``code`` is taken."""

    def read(self, code: str) -> tuple[int, str] | None:
        """The room's version and data, or None."""

    def swap(self, code: str, version: int, data: str) -> bool:
        """Replace the data if the room is still at ``version`` (it becomes version + 1)."""


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
    except (ValueError, KeyError, TypeError, RecordError) as exc:
        raise RoomError(f"room {code}: {exc}") from None
    return Room(code, version, record, choices, seats, moved_at)


def open_room(store: RoomStore, record: Record, choices: Mapping[str, Any], device: str,
              now: float | None = None, tries: int = 20) -> Room:
    """A new room for ``record`` (which says the seats people play); the device that opens
    it sits at the first of them. A code already taken is never overwritten."""
    now = time.time() if now is None else now
    first = (record.people or ())[:1]
    for _ in range(tries):
        room = Room(new_code(), 0, record, dict(choices), {s: device for s in first}, now)
        if store.create(room.code, _dump(room)):
            return room
    raise RoomError("no free room code found")


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
        if seat is not None or not room.free_seats():
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


# ---- the stores ----------------------------------------------------------------------------
class SqliteRoomStore:
    """Rooms in one SQLite file: every process of one machine shares it (WAL journal)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, "
                       "version INTEGER NOT NULL, data TEXT NOT NULL, updated REAL NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        # one connection per call: Streamlit runs each session's script in its own thread
        return sqlite3.connect(self.path, timeout=10, isolation_level=None)

    def create(self, code: str, data: str) -> bool:
        _check_size(data)
        now = time.time()
        with self._connect() as db:
            db.execute("DELETE FROM rooms WHERE updated < ?", (now - ROOM_SECONDS,))
            done = db.execute("INSERT OR IGNORE INTO rooms VALUES (?, 0, ?, ?)",
                              (code, data, now))
            return done.rowcount == 1

    def read(self, code: str) -> tuple[int, str] | None:
        with self._connect() as db:
            row = db.execute("SELECT version, data FROM rooms WHERE code = ? AND updated >= ?",
                             (code, time.time() - ROOM_SECONDS)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def swap(self, code: str, version: int, data: str) -> bool:
        _check_size(data)
        with self._connect() as db:
            done = db.execute("UPDATE rooms SET version = version + 1, data = ?, updated = ? "
                              "WHERE code = ? AND version = ?", (data, time.time(), code, version))
            return done.rowcount == 1


_CREATE = """if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 0, 'data', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1"""
_SWAP = """if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', tonumber(ARGV[1]) + 1, 'data', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1"""


class RedisRoomStore:
    """Rooms in Redis, shared by every replica: each operation one server-side script, so the
    version check and the write cannot be split by another replica's write."""

    def __init__(self, url: str, prefix: str = "jokoak:room:") -> None:
        import redis  # only where rooms live in Redis

        self.client = redis.Redis.from_url(url, socket_timeout=5, decode_responses=True)
        self.prefix = prefix
        self._create: Callable[..., Any] = self.client.register_script(_CREATE)
        self._swap: Callable[..., Any] = self.client.register_script(_SWAP)

    def create(self, code: str, data: str) -> bool:
        _check_size(data)
        return bool(self._create(keys=[self.prefix + code], args=[data, ROOM_SECONDS]))

    def read(self, code: str) -> tuple[int, str] | None:
        version, data = self.client.hmget(self.prefix + code, ["version", "data"])
        return None if version is None or data is None else (int(version), str(data))

    def swap(self, code: str, version: int, data: str) -> bool:
        _check_size(data)
        return bool(self._swap(keys=[self.prefix + code], args=[version, data, ROOM_SECONDS]))


def _check_size(data: str) -> None:
    if len(data.encode()) > MAX_ROOM_BYTES:
        raise RoomError("a room larger than any game")


def default_sqlite_path() -> Path:
    return Path(tempfile.gettempdir()) / "jokoak-rooms.sqlite3"


def store_from_setting(value: str) -> RoomStore:
    """``""`` (SQLite in the system's temporary folder), ``sqlite:<file>`` or a
    ``redis://`` / ``rediss://`` address."""
    if value.startswith(("redis://", "rediss://")):
        return RedisRoomStore(value)
    if value.startswith("sqlite:"):
        return SqliteRoomStore(value[len("sqlite:"):])
    return SqliteRoomStore(default_sqlite_path())
