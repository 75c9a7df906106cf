"""What the rooms' store's integrity check and salvage cost on a full server's file.

    python bench/store_check.py [--rooms 300] [--room-kb 20]
    python bench/store_check.py --reads 2000


Writes ``--rooms`` rooms of ``--room-kb`` kB (a whole peruludo game is about 20 kB) into an
SQLite store in a temporary folder, then times: the background check of a sound file
(``SqliteRoomStore.check``: ``PRAGMA quick_check``), reading every row back from the file's
pages (``jokoak.service.salvage.salvage``), and the check of the same file with one 4 kB page
in its middle garbled (moved aside, salvaged, the rows written into a fresh file). Prints
the rooms live afterwards. Never asserts.

``--reads N``: instead, the CPU a room's version read costs (what every waiting device
polls), N reads through the store's pool of read-only connections against N reads each on a
fresh connection that ensures the journal mode and the schema first (every read before the
pool, README.md "The store mends itself").
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from jokoak.service.room_stores import _SCHEMA, SqliteRoomStore, _add_columns  # noqa: E402
from jokoak.service.salvage import salvage  # noqa: E402


def timed(work) -> tuple[object, float]:
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def reads(count: int) -> None:
    """CPU milliseconds a version read costs, pooled and on a fresh connection each."""
    with tempfile.TemporaryDirectory(prefix="jokoak-reads-") as folder:
        path = Path(folder) / "rooms.sqlite3"
        store = SqliteRoomStore(path, check_seconds=0)
        store.create("R000001", json.dumps({"record": "x", "seats": {"0": "a"}}))

        def fresh() -> None:
            with closing(sqlite3.connect(path, isolation_level=None)) as db:
                if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    db.execute("PRAGMA journal_mode=WAL")
                for statement in _SCHEMA:
                    db.execute(statement)
                _add_columns(db)
                db.execute("SELECT version FROM rooms WHERE code = ?", ("R000001",)).fetchone()

        for name, read in (("pooled", lambda: store.version("R000001")), ("fresh", fresh)):
            read()   # the pool's first connection, the file's pages cached
            start = time.process_time()
            for _ in range(count):
                read()
            print(f"a version read, {name}: {(time.process_time() - start) * 1000 / count:.3f} "
                  f"ms of CPU ({count:,} reads; load average {os.getloadavg()[0]:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--room-kb", type=int, default=20)
    parser.add_argument("--reads", type=int, default=0)
    args = parser.parse_args()
    if args.reads:
        reads(args.reads)
        return
    with tempfile.TemporaryDirectory(prefix="jokoak-check-") as folder:
        path = Path(folder) / "rooms.sqlite3"
        store = SqliteRoomStore(path, check_seconds=0)
        for n in range(args.rooms):
            store.create(f"R{n:06d}", json.dumps({"record": "x" * (args.room_kb * 1000),
                                                  "seats": {"0": "a", "1": "b"}}))
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        print(f"{args.rooms} rooms of {args.room_kb} kB: a file of "
              f"{path.stat().st_size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.2f}")
        sound, ms = timed(store.check)
        print(f"check of the sound file: {ms:.1f} ms (sound: {sound})")
        found, ms = timed(lambda: salvage(path))
        print(f"every row read back from the pages: {ms:.1f} ms ({len(found.rooms)} rooms)")
        raw = bytearray(path.read_bytes())
        middle = len(raw) // 2 // 4096 * 4096
        raw[middle:middle + 4096] = os.urandom(4096)
        path.write_bytes(raw)
        _sound, ms = timed(store.check)
        print(f"check of the file with a garbled middle page, moved aside and salvaged: "
              f"{ms:.1f} ms; rooms live afterwards: {store.count()} of {args.rooms}")


if __name__ == "__main__":
    main()
