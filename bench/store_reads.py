"""What a poll's read of a room's version costs the server, pooled and unpooled.

    python bench/store_reads.py [--reads 2000]

A waiting device reads its room's version several times a second, so a class of 30 makes
dozens of reads a second. Opens one room in an SQLite store in a temporary folder and times
``--reads`` version reads (CPU of this process per read): through the store, whose reads use
its pool of read-only connections (:class:`jokoak.service.room_stores.SqliteRoomStore`), and
the way the store read before the pool: a fresh connection per read that ensures the journal
mode and the schema, then reads. Never asserts.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from jokoak.service import room_stores  # noqa: E402
from jokoak.service.room_stores import SqliteRoomStore  # noqa: E402

CODE = "ABCDEFG"


def cpu_ms_per_call(work: Callable[[], object], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        work()
    return (time.process_time() - start) * 1000 / calls


def fresh_connection_read(path: Path) -> object:
    """One read as the store made it before its pool (a connection per call, the folder and
    the schema ensured by each)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=room_stores.BUDGET_SECONDS, isolation_level=None)
    try:
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode=WAL")
        for statement in room_stores._SCHEMA:
            db.execute(statement)
        room_stores._add_columns(db)
        return db.execute("SELECT version FROM rooms WHERE code = ?", (CODE,)).fetchone()
    finally:
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jokoak-reads-") as folder:
        path = Path(folder) / "rooms.sqlite3"
        store = SqliteRoomStore(path, check_seconds=0)
        store.create(CODE, "{}")
        pooled = cpu_ms_per_call(lambda: store.version(CODE), args.reads)
        fresh = cpu_ms_per_call(lambda: fresh_connection_read(path), args.reads)
    print(f"a room's version, CPU per read over {args.reads} reads:")
    print(f"  pooled read-only connection (the store)   {pooled:.3f} ms")
    print(f"  fresh connection, schema ensured, as before {fresh:.3f} ms  ({fresh / pooled:.0f}x)")


if __name__ == "__main__":
    main()
