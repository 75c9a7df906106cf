"""Where rooms live: a SQLite file on one machine, or Redis shared by replicas.

The store is the only shared state of the booklet, so it has to outlive the faults a museum
or a school meets, and to keep working through them by itself:

* **The file goes** (a temporary-file cleaner, a tidy-up): every connection ensures the
  schema, so the next request starts a fresh file and new rooms open at once.
* **The file is damaged** (overwritten, truncated, a garbled page or header): it is moved
  aside as ``<name>.broken-<UTC time>`` (kept for a look), a fresh one is started, and every
  room and counter row that still reads in the damaged file is copied into the fresh one, one
  row at a time (:mod:`jokoak.service.salvage`); the log says how many were saved and about
  how many lost. A lock file makes sure only one process does it, and only while the file is
  still damaged. An integrity check (``PRAGMA quick_check``) runs every
  :data:`CHECK_SECONDS` in the background, so damage is mended before a teacher's tap finds it.
* **Something holds a lock, Redis is down or restarting**: every call waits at most
  :data:`BUDGET_SECONDS` and then raises one of :data:`STORE_ERRORS`; the page keeps what it
  has, says "Reconnecting…" or "Not saved — tap again", and tries again later. Nothing
  half-happens: each write is one atomic statement or one server-side script.
* **Abuse**: a cap on live rooms (``create(..., limit=)`` raises :class:`RoomsFull`), rooms
  nobody moved in for :data:`IDLE_SECONDS` are swept, and :meth:`RoomStore.tally` counts
  events per time window for rate limits (shared by every process, like the rooms).

Where the default SQLite file lives: :func:`data_folder` (``JOKOAK_DATA``, systemd's
``STATE_DIRECTORY``, ``XDG_STATE_HOME/jokoak`` or ``~/.local/state/jokoak``), never the
system's temporary folder, which is cleaned at boot and by timers.

Pure: no Streamlit. Other parts of the booklet may keep small shared counters here
(:meth:`RoomStore.tally`); rooms themselves go through :mod:`jokoak.service.rooms`.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import weakref
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, TypeVar

try:  # fcntl is POSIX; elsewhere only one process is expected to recover the file
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

from ..errors import UnavailableError
from .salvage import salvage

try:  # redis is a dependency; guarded so a store on SQLite never needs it to import
    from redis import RedisError as _RedisError
except ImportError:  # pragma: no cover
    class _RedisError(Exception):  # type: ignore[no-redef]
        """Stands in for redis's base error where redis is not installed."""

log = logging.getLogger("jokoak")

#: The longest a store call may wait (a lock, a slow or restarting server) before it gives up
#: and says so: a tap that cannot be saved says "Not saved — tap again" within this.
BUDGET_SECONDS = 2.0
#: A room nobody moved in for two hours is gone (Redis expiry; SQLite rows are swept and
#: never read back). An abandoned room costs nothing after that.
IDLE_SECONDS = 2 * 3600
#: A room nobody but its opener ever sat down in is gone ten minutes after it was opened,
#: however its opener plays alone in it: opening rooms nobody joins fills no cap for long.
UNJOINED_SECONDS = 10 * 60
#: The longest room data a store accepts (a whole peruludo game is about 20 kB).
MAX_ROOM_BYTES = 512_000
#: How often each SQLite store checks its file in the background (``PRAGMA quick_check``:
#: every page read once, about 10 ms for a full server's 300 rooms).
CHECK_SECONDS = 300
#: The counters' table (:mod:`jokoak.service.counters`), beside the rooms in the same file.
COUNTERS_SCHEMA = ("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, "
                   "count INTEGER NOT NULL)")
#: The file's name in :func:`data_folder` when the setting names no store.
DEFAULT_FILE = "rooms.sqlite3"
#: SQLite's result codes for a file that is not (or no longer) a database.
_BROKEN_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class RoomError(UnavailableError, ValueError):
    """A stored room that cannot be read back (a store shared with something else)."""


class RoomsFull(UnavailableError):
    """The server holds as many live rooms as its setting allows (``[rooms] max_rooms``); the
    page says so in its own words, the message is for logs."""

    def __init__(self, limit: int) -> None:
        super().__init__("%(limit)s rooms are live, as many as [rooms] max_rooms allows",
                         limit=limit)
        self.limit = limit


#: What a store may raise when a room cannot be read or written (a locked SQLite file, a
#: Redis server gone, a stored room that does not parse): a page catches these, keeps the
#: table it has and says so; redis's and sqlite3's errors are not ``OSError``s.
STORE_ERRORS: tuple[type[BaseException], ...] = (RoomError, OSError, sqlite3.Error, _RedisError)


class RoomStore(Protocol):
    """Where rooms live. Every operation is atomic in the store itself, waits at most
    :data:`BUDGET_SECONDS`, and raises one of :data:`STORE_ERRORS` when the store cannot be
    reached (never returns a made-up answer)."""

    def create(self, code: str, data: str, limit: int = 0) -> bool:
        """Store a new room at version 0, not joined yet (it lives :data:`UNJOINED_SECONDS`
        unless a :meth:`swap` says somebody joined); False if ``code`` is taken.
        :class:`RoomsFull` if ``limit`` (> 0) live rooms exist already."""

    def read(self, code: str) -> tuple[int, str] | None:
        """The room's version and data, or None if there is no such live room."""

    def version(self, code: str) -> int | None:
        """Only the room's version (cheap: what a device polls to see whether anyone moved),
        or None if there is no such live room."""

    def swap(self, code: str, version: int, data: str, joined: bool = True) -> bool:
        """Replace the data if the room is still at ``version`` (it becomes version + 1).
        ``joined``: somebody besides the opener sits in it (for good: a room once joined
        stays joined), so it lives :data:`IDLE_SECONDS` from each write."""

    def delete(self, code: str, version: int) -> bool:
        """Remove the room if it is still at ``version`` (nobody changed it since it was read)."""

    def count(self) -> int:
        """How many live rooms there are."""

    def tally(self, name: str, seconds: int, by: int = 1) -> int:
        """Add ``by`` to the counter ``name`` of the current ``seconds``-long window (windows
        start at multiples of ``seconds`` since the epoch) and return its count; ``by=0``
        only reads it. Counters vanish after their window. Shared by every process that
        shares the store (a rate limit for all replicas)."""


def _window(seconds: int, now: float) -> int:
    return int(now // max(1, seconds))


def _check_size(data: str) -> None:
    if len(data.encode()) > MAX_ROOM_BYTES:
        raise RoomError("a room larger than any game")


# ---- SQLite --------------------------------------------------------------------------------
_SCHEMA = ("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, version INTEGER NOT NULL, "
           "data TEXT NOT NULL, updated REAL NOT NULL, joined INTEGER NOT NULL DEFAULT 1, "
           "created REAL NOT NULL DEFAULT 0)",
           "CREATE TABLE IF NOT EXISTS tallies (name TEXT NOT NULL, slot INTEGER NOT NULL, "
           "count INTEGER NOT NULL, expires REAL NOT NULL, PRIMARY KEY (name, slot))")

_T = TypeVar("_T")
#: Connections a SQLite store keeps open between calls: about as many as run at once.
POOL_SIZE = 8


#: Columns a file written before issue 39 lacks (its rooms count as joined: none is swept
#: early by an upgrade).
_NEW_COLUMNS = {"joined": "INTEGER NOT NULL DEFAULT 1", "created": "REAL NOT NULL DEFAULT 0"}
#: A live room: moved in lately, and joined or opened lately (parameters: oldest write,
#: oldest opening of a room nobody joined).
_LIVE = "updated >= ? AND (joined = 1 OR created >= ?)"


def _add_columns(db: sqlite3.Connection) -> None:
    have = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
    for name, kind in _NEW_COLUMNS.items():
        if name not in have:
            try:
                db.execute(f"ALTER TABLE rooms ADD COLUMN {name} {kind}")
            except sqlite3.OperationalError as exc:  # another process added it first
                if "duplicate column" not in str(exc):
                    raise


def _broken(exc: BaseException) -> bool:
    """Is this the error of a file that is not (or no longer) a SQLite database?"""
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BROKEN_CODES
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


class SqliteRoomStore:
    """Rooms in one SQLite file: every process of one machine shares it (WAL journal).

    A connection per call, taken from a small pool (Streamlit runs each session's script in
    its own thread); the first connection to a file ensures the folder and the schema: a
    file removed under a running server is simply started again. A file that is not a database is moved aside and started again
    (:meth:`_recover`).
    """

    def __init__(self, path: str | os.PathLike[str], idle_seconds: int = IDLE_SECONDS,
                 unjoined_seconds: int = UNJOINED_SECONDS,
                 check_seconds: float = CHECK_SECONDS) -> None:
        self.path = Path(path)
        self.idle_seconds = idle_seconds
        self.unjoined_seconds = unjoined_seconds
        self.check_seconds = check_seconds
        #: The file whose schema this store has ensured, and connections to it kept for the
        #: next call (:meth:`_connection`).
        self._ensured: tuple[int, ...] | None = None
        self._pool: list[sqlite3.Connection] = []
        self._pool_lock = threading.Lock()
        self._run(lambda db: None)  # a bad folder or file is reported (and mended) at once
        if check_seconds > 0:
            _CHECKS.watch(self)

    def check(self) -> bool:
        """Check the whole file (``PRAGMA quick_check``) and mend it if it is damaged, as a
        request finding it damaged would. True if it was sound (or is not there yet)."""
        if not self.path.exists():
            return True
        try:
            db = sqlite3.connect(self.path, timeout=BUDGET_SECONDS, isolation_level=None)
            try:
                result = db.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                db.close()
        except sqlite3.DatabaseError as exc:
            if not _broken(exc):
                return True  # a lock, a busy disk: not damage
            self._recover(exc)
            return False
        if result == "ok":
            return True
        self._recover(sqlite3.DatabaseError(str(result)))
        return False

    @contextmanager
    def _connection(self, reading: bool = False) -> Iterator[sqlite3.Connection]:
        """A connection to the file; the first one to a file ensures its journal mode and
        schema. The file is known by its identity (:meth:`_file_identity`): a file removed,
        replaced, written over or moved aside under a running server is a new one.

        ``reading``: a read-only connection from a small pool. A poll reads a room's version
        several times a second for each waiting device, and opening a connection (schema
        read, log index mapped) costs thirty times the read. Only readers are kept: a
        closing connection that may write puts its log back into the file, and one kept
        across a file written over would write old pages over it. A pooled reader of another
        file, or one that saw an error, is closed."""
        identity = self._file_identity()
        if identity is None or identity != self._ensured:
            self._drop_readers()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(self._open()) as db:
                if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    db.execute("PRAGMA journal_mode=WAL")
                for statement in _SCHEMA:
                    db.execute(statement)
                _add_columns(db)
                identity = self._ensured = self._file_identity()
        if not reading:
            with closing(self._open()) as db:
                yield db
            return
        db = self._take_reader() or self._open(reading=True)
        try:
            yield db
        except BaseException:
            db.close()
            raise
        self._give_back(db, identity)

    def _open(self, reading: bool = False) -> sqlite3.Connection:
        if reading:
            return sqlite3.connect(f"{self.path.absolute().as_uri()}?mode=ro", uri=True,
                                   timeout=BUDGET_SECONDS, isolation_level=None,
                                   check_same_thread=False)
        return sqlite3.connect(self.path, timeout=BUDGET_SECONDS, isolation_level=None)

    def _take_reader(self) -> sqlite3.Connection | None:
        with self._pool_lock:
            return self._pool.pop() if self._pool else None

    def _drop_readers(self) -> None:
        with self._pool_lock:
            stale, self._pool = self._pool, []
        for db in stale:
            db.close()

    def _give_back(self, db: sqlite3.Connection, identity: tuple[int, ...] | None) -> None:
        with self._pool_lock:
            if identity == self._ensured and len(self._pool) < POOL_SIZE:
                self._pool.append(db)
                return
        db.close()

    def _file_identity(self) -> tuple[int, ...] | None:
        """The file as it is now: device, inode and last change of the database, and the
        inode of its write-ahead log. A file written over in place or a log removed under
        the pool's connections (which would go on reading the old log) is another file."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        try:
            log_inode = os.stat(f"{self.path}-wal").st_ino
        except OSError:
            log_inode = -1
        return (found.st_dev, found.st_ino, found.st_mtime_ns, log_inode)

    def _run(self, work: Callable[[sqlite3.Connection], _T], reading: bool = False) -> _T:
        """``work`` on a connection (``reading``: a pooled read-only one); once more on a
        fresh file if this one is broken."""
        try:
            with self._connection(reading) as db:
                return work(db)
        except sqlite3.DatabaseError as exc:
            if not _broken(exc):
                raise
            self._recover(exc)
        with self._connection(reading) as db:
            return work(db)

    def _recover(self, exc: BaseException) -> None:
        """Move a broken file (and its journal) aside, keeping it, so the next connection
        starts a fresh one. Under a lock file, and only if it is still broken: another
        process may have mended it already."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                if not self._still_broken():
                    return
                stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
                aside = self.path.with_name(f"{self.path.name}.broken-{stamp}")
                for suffix in ("", "-wal", "-shm"):
                    here = Path(str(self.path) + suffix)
                    if here.exists():
                        here.replace(Path(str(aside) + suffix))
                log.error("the rooms' store %s is broken (%s): moved aside to %s, a fresh "
                          "one started", self.path, exc, aside)
                self._restore(aside)
            finally:
                if fcntl is not None:
                    fcntl.flock(lock, fcntl.LOCK_UN)

    def _restore(self, aside: Path) -> None:
        """Copy every room and counter row that still reads in the damaged file ``aside``
        into the fresh one, one row at a time, and log how many were saved and lost."""
        try:
            found = salvage(aside)
        except (OSError, MemoryError) as exc:
            log.error("nothing salvaged from %s: %s", aside, exc)
            return
        rooms = counters = 0
        try:
            with self._connection() as db:
                db.execute(COUNTERS_SCHEMA)
                db.execute("BEGIN IMMEDIATE")
                for code, row in found.rooms.items():
                    rooms += db.execute(
                        "INSERT OR IGNORE INTO rooms (code, version, data, updated, joined, "
                        "created) VALUES (?, ?, ?, ?, ?, ?)", (code, *row)).rowcount
                for name, count in found.counters.items():
                    counters += db.execute(
                        "INSERT INTO counters VALUES (?, ?) ON CONFLICT (name) "
                        "DO UPDATE SET count = count + excluded.count", (name, count)).rowcount
                db.execute("COMMIT")
        except sqlite3.Error as exc:
            log.error("the rows salvaged from %s could not be written: %s", aside, exc)
            return
        log.error("salvaged from %s: %s rooms and %s counters saved into the fresh file; about "
                  "%s rooms and %s counters lost", aside, rooms, counters, found.rooms_lost,
                  found.counters_lost)

    def _still_broken(self) -> bool:
        if not self.path.exists():
            return False
        try:
            db = sqlite3.connect(self.path, timeout=BUDGET_SECONDS)
            try:
                verdict: str = db.execute("PRAGMA quick_check").fetchone()[0]
                return verdict != "ok"
            finally:
                db.close()
        except sqlite3.DatabaseError as exc:
            return _broken(exc)

    def _live(self) -> tuple[float, float]:
        """The parameters of :data:`_LIVE` now."""
        now = time.time()
        return now - self.idle_seconds, now - self.unjoined_seconds

    def create(self, code: str, data: str, limit: int = 0) -> bool:
        _check_size(data)

        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(f"DELETE FROM rooms WHERE NOT ({_LIVE})", self._live())
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone():
                    return False
                if limit > 0 and db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0] >= limit:
                    raise RoomsFull(limit)
                now = time.time()
                db.execute("INSERT INTO rooms (code, version, data, updated, joined, created) "
                           "VALUES (?, 0, ?, ?, 0, ?)", (code, data, now, now))
                return True
            finally:
                db.execute("COMMIT")
        return self._run(work)

    def read(self, code: str) -> tuple[int, str] | None:
        row = self._run(lambda db: db.execute(
            f"SELECT version, data FROM rooms WHERE code = ? AND {_LIVE}",
            (code, *self._live())).fetchone(), reading=True)
        return None if row is None else (int(row[0]), str(row[1]))

    def version(self, code: str) -> int | None:
        row = self._run(lambda db: db.execute(
            f"SELECT version FROM rooms WHERE code = ? AND {_LIVE}",
            (code, *self._live())).fetchone(), reading=True)
        return None if row is None else int(row[0])

    def swap(self, code: str, version: int, data: str, joined: bool = True) -> bool:
        _check_size(data)
        return self._run(lambda db: db.execute(
            "UPDATE rooms SET version = version + 1, data = ?, updated = ?, "
            f"joined = MAX(joined, ?) WHERE code = ? AND version = ? AND {_LIVE}",
            (data, time.time(), int(joined), code, version, *self._live())).rowcount == 1)

    def delete(self, code: str, version: int) -> bool:
        return self._run(lambda db: db.execute(
            "DELETE FROM rooms WHERE code = ? AND version = ?", (code, version)).rowcount == 1)

    def count(self) -> int:
        return int(self._run(lambda db: db.execute(
            f"SELECT COUNT(*) FROM rooms WHERE {_LIVE}", self._live()).fetchone()[0]))

    def tally(self, name: str, seconds: int, by: int = 1) -> int:
        now = time.time()
        window = _window(seconds, now)

        def work(db: sqlite3.Connection) -> int:
            if by:
                db.execute("DELETE FROM tallies WHERE expires < ?", (now,))
                db.execute("INSERT INTO tallies VALUES (?, ?, ?, ?) ON CONFLICT (name, slot) "
                           "DO UPDATE SET count = count + excluded.count",
                           (name, window, by, (window + 1) * max(1, seconds)))
            row = db.execute("SELECT count FROM tallies WHERE name = ? AND slot = ?",
                             (name, window)).fetchone()
            return 0 if row is None else int(row[0])
        return self._run(work)


class _Checks:
    """One background thread per process checks every SQLite store's file in turn
    (:meth:`SqliteRoomStore.check`), each every ``check_seconds``; a store that is gone is
    forgotten."""

    def __init__(self) -> None:
        self._stores: weakref.WeakKeyDictionary[SqliteRoomStore, float] = \
            weakref.WeakKeyDictionary()
        self._lock = threading.Lock()
        self._wake = threading.Event()  # a store added: its first check may be due sooner
        self._thread: threading.Thread | None = None

    def watch(self, store: SqliteRoomStore) -> None:
        with self._lock:
            self._stores[store] = time.monotonic() + store.check_seconds
            self._wake.set()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="jokoak-store-check",
                                                daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            now = time.monotonic()
            with self._lock:
                due = [s for s, at in self._stores.items() if at <= now]
                for store in due:
                    self._stores[store] = now + store.check_seconds
                upcoming = min(self._stores.values(), default=now + 60)
            for store in due:
                try:
                    store.check()
                except Exception as exc:  # a check never takes the server down
                    log.warning("the rooms' store %s not checked: %s", store.path, exc)
            del due
            self._wake.wait(min(60.0, max(0.2, upcoming - time.monotonic())))
            self._wake.clear()


_CHECKS = _Checks()


# ---- Redis ---------------------------------------------------------------------------------
# KEYS[1] the room, KEYS[2] the live rooms' index (code -> when it expires, server time).
# A room not joined yet (field joined = 0) keeps the expiry it was opened with; a room
# written before issue 39 has no such field and counts as joined.
_NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) + tonumber(t[2]) / 1e6 "
_CREATE = _NOW + """redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local limit = tonumber(ARGV[3])
if limit > 0 and redis.call('ZCARD', KEYS[2]) >= limit then return -1 end
redis.call('HSET', KEYS[1], 'version', 0, 'data', ARGV[1], 'joined', 0)
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[4])
return 1"""
_SWAP = _NOW + """if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', tonumber(ARGV[1]) + 1, 'data', ARGV[2])
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'joined', 1) end
if redis.call('HGET', KEYS[1], 'joined') ~= '0' then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[4])
end
return 1"""
_DELETE = """if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1"""
_COUNT = _NOW + """redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])"""


class RedisRoomStore:
    """Rooms in Redis, shared by every replica: each operation one server-side script, so the
    version check and the write cannot be split by another replica's write.

    Keys: ``<prefix><code>`` (a hash: version, data, joined; expires after
    :data:`IDLE_SECONDS` without a write, or :data:`UNJOINED_SECONDS` after it was opened
    while nobody joined), ``<prefix>~expiry`` (the live rooms and when each expires, for the
    cap) and
    ``<prefix>~tally:<name>:<window>`` (counters). Run Redis with append-only persistence
    (``deploy/compose.yaml``) so a restart keeps the rooms. A connection dropped by a restart
    is retried once; a server that does not answer within :data:`BUDGET_SECONDS` is an error.
    """

    def __init__(self, url: str, prefix: str = "jokoak:room:",
                 idle_seconds: int = IDLE_SECONDS,
                 unjoined_seconds: int = UNJOINED_SECONDS) -> None:
        import redis  # only where rooms live in Redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.client = redis.Redis.from_url(
            url, socket_timeout=BUDGET_SECONDS, socket_connect_timeout=BUDGET_SECONDS / 2,
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
            decode_responses=True)
        self.prefix = prefix
        self.idle_seconds = idle_seconds
        self.unjoined_seconds = unjoined_seconds
        # "~live" (scored by the last write) before issue 39: its rooms live on, uncounted
        self._live = prefix + "~expiry"
        self._create: Callable[..., Any] = self.client.register_script(_CREATE)
        self._swap: Callable[..., Any] = self.client.register_script(_SWAP)
        self._delete: Callable[..., Any] = self.client.register_script(_DELETE)
        self._count: Callable[..., Any] = self.client.register_script(_COUNT)

    def create(self, code: str, data: str, limit: int = 0) -> bool:
        _check_size(data)
        done = int(self._create(keys=[self.prefix + code, self._live],
                                args=[data, min(self.unjoined_seconds, self.idle_seconds),
                                      max(0, limit), code]))
        if done < 0:
            raise RoomsFull(limit)
        return done == 1

    def read(self, code: str) -> tuple[int, str] | None:
        version, data = self.client.hmget(self.prefix + code, ["version", "data"])
        return None if version is None or data is None else (int(version), str(data))

    def version(self, code: str) -> int | None:
        version = self.client.hget(self.prefix + code, "version")
        return None if version is None else int(version)

    def swap(self, code: str, version: int, data: str, joined: bool = True) -> bool:
        _check_size(data)
        return bool(self._swap(keys=[self.prefix + code, self._live],
                               args=[version, data, self.idle_seconds, code, int(joined)]))

    def delete(self, code: str, version: int) -> bool:
        return bool(self._delete(keys=[self.prefix + code, self._live], args=[version, code]))

    def count(self) -> int:
        return int(self._count(keys=[self._live], args=[self.idle_seconds]))

    def tally(self, name: str, seconds: int, by: int = 1) -> int:
        key = f"{self.prefix}~tally:{name}:{_window(seconds, time.time())}"
        if not by:
            return int(self.client.get(key) or 0)
        pipe = self.client.pipeline(transaction=True)
        pipe.incrby(key, by)
        pipe.expire(key, 2 * max(1, seconds))
        count, _ = pipe.execute()
        return int(count)


# ---- which store ---------------------------------------------------------------------------
def data_folder() -> Path:
    """Where the booklet keeps what must survive a reboot (the default rooms' file):
    ``JOKOAK_DATA``; else systemd's ``STATE_DIRECTORY`` (``StateDirectory=jokoak`` in
    ``deploy/``: ``/var/lib/jokoak``); else ``$XDG_STATE_HOME/jokoak``; else
    ``~/.local/state/jokoak``. Never the temporary folder: it is emptied at boot and by
    cleaners."""
    for variable in ("JOKOAK_DATA", "STATE_DIRECTORY"):
        value = os.environ.get(variable, "").split(":")[0]
        if value:
            return Path(value)
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "jokoak"


def default_sqlite_path() -> Path:
    return data_folder() / DEFAULT_FILE


def store_from_setting(value: str) -> RoomStore:
    """``""`` (SQLite in :func:`data_folder`), ``sqlite:<file>`` or a ``redis://`` /
    ``rediss://`` address."""
    if value.startswith(("redis://", "rediss://")):
        return RedisRoomStore(value)
    if value.startswith("sqlite:"):
        return SqliteRoomStore(value[len("sqlite:"):])
    return SqliteRoomStore(default_sqlite_path())
