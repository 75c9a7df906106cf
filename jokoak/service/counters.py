"""Where visitors stumble: privacy-safe counts for curators.

Only counts, keyed by what the booklet itself names (a game, a lesson, a step number, a kind
of moment, a clause id the engine cited): no visitor identity, no time of day, no free text.
Per lesson step: how many started it, moves refused (under each clause the engine cited),
hints shown, visits that left it idle until the kiosk started again ("gave up"), and
finished; per game: lessons finished and games played.

They live in the rooms' store (``[rooms] store``: the SQLite file, or Redis where replicas
serve the booklet, so every replica's counts add up), in a table or hash of their own beside
the rooms. Counting never holds up a tap: :class:`Recorder` queues each count and a
background thread writes them in batches; a store that cannot be reached loses those counts
(logged), never a visitor's tap.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import logging
import queue
import secrets
import sqlite3
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol

from ..i18n.msgids import N_
from .room_stores import BUDGET_SECONDS, COUNTERS_SCHEMA, default_sqlite_path

log = logging.getLogger("jokoak")

#: The moments counted per lesson step, in the order the operator page shows them.
STEP_KINDS = ("started", "refused", "hint", "gave_up", "finished")
#: The moments counted per game.
GAME_KINDS = ("lessons_finished", "games_played")
KIND_LABELS = {
    "started": N_("Started"), "refused": N_("Refused moves"), "hint": N_("Hints"),
    "gave_up": N_("Gave up"), "finished": N_("Finished"),
    "lessons_finished": N_("Lessons finished"), "games_played": N_("Games played"),
}
_SEP = "\t"


@dataclass(frozen=True)
class Key:
    """One counter: ``kind`` at ``game`` (lesson ``lesson``, step ``step`` 1-based; empty
    and 0 for the game's own counts), under ``clause`` for a refused move."""

    game: str
    kind: str
    lesson: str = ""
    step: int = 0
    clause: str = ""

    def name(self) -> str:
        parts = (self.game, self.kind, self.lesson, str(self.step), self.clause)
        if any(_SEP in p or "\n" in p for p in parts):
            raise ValueError("a counter name part holds a separator")
        return _SEP.join(parts)

    @classmethod
    def parse(cls, name: str) -> "Key | None":
        parts = name.split(_SEP)
        if len(parts) != 5 or not parts[3].isdigit():
            return None
        return cls(parts[0], parts[1], parts[2], int(parts[3]), parts[4])


class CounterStore(Protocol):
    def add(self, counts: Mapping[str, int]) -> None:
        """Add each count to its counter, all at once."""

    def read(self) -> dict[str, int]:
        """Every counter."""


_SCHEMA = COUNTERS_SCHEMA


class SqliteCounters:
    """A ``counters`` table in the rooms' SQLite file (every process of the machine adds to
    it)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=BUDGET_SECONDS, isolation_level=None)
        db.execute(_SCHEMA)
        return db

    def add(self, counts: Mapping[str, int]) -> None:
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT INTO counters VALUES (?, ?) ON CONFLICT (name) "
                           "DO UPDATE SET count = count + excluded.count", list(counts.items()))
            db.execute("COMMIT")
        finally:
            db.close()

    def read(self) -> dict[str, int]:
        db = self._connect()
        try:
            return {name: int(count) for name, count in db.execute(
                "SELECT name, count FROM counters")}
        finally:
            db.close()


class RedisCounters:
    """One Redis hash (``jokoak:counters``) beside the rooms: every replica adds to it."""

    def __init__(self, url: str, key: str = "jokoak:counters") -> None:
        import redis

        self.client = redis.Redis.from_url(url, socket_timeout=BUDGET_SECONDS,
                                           socket_connect_timeout=BUDGET_SECONDS / 2,
                                           decode_responses=True)
        self.key = key

    def add(self, counts: Mapping[str, int]) -> None:
        pipe = self.client.pipeline(transaction=True)
        for name, count in counts.items():
            pipe.hincrby(self.key, name, count)
        pipe.execute()

    def read(self) -> dict[str, int]:
        found: Mapping[Any, Any] = self.client.hgetall(self.key)
        return {str(name): int(count) for name, count in found.items()}


def counters_from_setting(value: str) -> CounterStore:
    """The counters beside the rooms of ``[rooms] store`` (same forms as
    :func:`jokoak.service.room_stores.store_from_setting`)."""
    if value.startswith(("redis://", "rediss://")):
        return RedisCounters(value)
    if value.startswith("sqlite:"):
        return SqliteCounters(value[len("sqlite:"):])
    return SqliteCounters(default_sqlite_path())


class Recorder:
    """Counts queued at once, written by a background thread in batches.

    A full queue (a store far behind) or a store that fails drops counts; both are logged at
    most once a minute. ``store`` is made on first use, in the thread."""

    def __init__(self, store: Callable[[], CounterStore], limit: int = 10_000) -> None:
        self._make = store
        self._store: CounterStore | None = None
        self._queue: queue.Queue[str] = queue.Queue(maxsize=limit)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.lost = 0
        self._warned = 0.0

    def count(self, key: Key) -> None:
        try:
            self._queue.put_nowait(key.name())
        except (queue.Full, ValueError):
            self._lose(1, "the queue is full")
            return
        self._start()

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="jokoak-counters",
                                                daemon=True)
                self._thread.start()

    def _lose(self, n: int, why: str) -> None:
        self.lost += n
        now = time.monotonic()
        if now - self._warned > 60:
            self._warned = now
            log.warning("counts lost (%s so far): %s", self.lost, why)

    def _work(self) -> None:
        while True:
            first = self._queue.get()
            names = [first]
            while len(names) < 500:
                try:
                    names.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            try:
                if self._store is None:
                    self._store = self._make()
                self._store.add(Counter(names))
            except Exception as exc:  # any store error: a count lost, never a tap
                self._store = None
                self._lose(len(names), f"{type(exc).__name__}: {exc}")
            finally:
                for _ in names:
                    self._queue.task_done()

    def flush(self) -> None:
        """Wait until every queued count has been written or lost (tests, shutdown)."""
        self._queue.join()


class LeftTokens:
    """What makes a kiosk's own idle reset the only ``?left=`` that counts as "gave up"
    (otherwise every load of an address carrying ``?left=``, a bookmark or a shared link,
    would count one more).

    The kiosk's idle watcher carries a token this process issued to its session
    (:meth:`issue`: a random nonce and its HMAC under a key only this process knows); the
    visit the reset starts counts the step left only if the token is genuine and was never
    redeemed before (:meth:`redeem`): one count per kiosk session, however often its reset
    address is loaded again. A reset that reaches another process (a restart, another
    replica) is not counted: a count lost, never a count made up."""

    def __init__(self, key: bytes | None = None, remember: int = 100_000) -> None:
        self._key = key if key is not None else secrets.token_bytes(32)
        self._used: OrderedDict[str, None] = OrderedDict()
        self._remember = remember
        self._lock = threading.Lock()

    def _mac(self, nonce: str) -> str:
        return hmac.new(self._key, nonce.encode(), hashlib.sha256).hexdigest()[:24]

    def issue(self) -> str:
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._mac(nonce)}"

    def redeem(self, token: object) -> bool:
        """True the first time a genuine token is shown, False ever after (and for any
        other text)."""
        if not isinstance(token, str) or len(token) > 80 or token.count(".") != 1:
            return False
        nonce, mac = token.split(".")
        if not hmac.compare_digest(mac.encode(), self._mac(nonce).encode()):
            return False
        with self._lock:
            if nonce in self._used:
                return False
            self._used[nonce] = None
            while len(self._used) > self._remember:
                self._used.popitem(last=False)
        return True


# ---- for the operator page ------------------------------------------------------------------

def tables(counts: Mapping[str, int], game: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """``game``'s rows, one per (lesson, step, kind, clause) with a count, in lesson and step
    order; and its own counts by kind."""
    rows = []
    own: dict[str, int] = {kind: 0 for kind in GAME_KINDS}
    for name, count in counts.items():
        key = Key.parse(name)
        if key is None or key.game != game:
            continue
        if key.kind in GAME_KINDS:
            own[key.kind] += count
        elif key.kind in STEP_KINDS:
            rows.append({"lesson": key.lesson, "step": key.step, "kind": key.kind,
                         "clause": key.clause, "count": count})
    rows.sort(key=lambda r: (r["lesson"], r["step"], STEP_KINDS.index(r["kind"]), r["clause"]))
    return rows, own


def csv_text(counts: Mapping[str, int], games: Iterable[str]) -> str:
    """Every counter as CSV: game, lesson, step, kind, clause, count."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "lesson", "step", "kind", "clause", "count"])
    for game in games:
        rows, own = tables(counts, game)
        for kind, count in own.items():
            writer.writerow([game, "", "", kind, "", count])
        for row in rows:
            writer.writerow([game, row["lesson"], row["step"], row["kind"], row["clause"],
                             row["count"]])
    return out.getvalue()
