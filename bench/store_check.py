"""What the rooms' store's integrity check and salvage cost on a full server's file.

    python bench/store_check.py [--rooms 300] [--room-kb 20]

Writes ``--rooms`` rooms of ``--room-kb`` kB (a whole peruludo game is about 20 kB) into an
SQLite store in a temporary folder, then times: the background check of a sound file
(``SqliteRoomStore.check``: ``PRAGMA quick_check``), reading every row back from the file's
pages (``jokoak.service.salvage.salvage``), and the check of the same file with one 4 kB page
in its middle garbled (moved aside, salvaged, the rows written into a fresh file). Prints
the rooms live afterwards. Never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from jokoak.service.room_stores import SqliteRoomStore  # noqa: E402
from jokoak.service.salvage import salvage  # noqa: E402


def timed(work) -> tuple[object, float]:
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--room-kb", type=int, default=20)
    args = parser.parse_args()
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
