"""One client filling the rooms' cap: how far it gets, and how soon it is refused.

    python bench/room_cap_fill.py [--sessions 320] [--at-once 4] [--budget 30]
                                  [--max-rooms 300] [--port 8740]

The red team's loop of issue 39: ``--sessions`` fresh sessions (a new websocket each, as a
new tab or a script makes them), ``--at-once`` at a time, each loading peruludo's play view
and tapping "Open a room with these choices" once. Every session comes from this machine's
loopback: one client. Starts one server of the booklet (its rooms in an SQLite file of a
temporary folder; ``[rooms] rooms_per_client_hour = --budget``, 0: no budget, the behaviour
before issue 39; ``max_rooms = --max-rooms``). Visitors speak Streamlit's websocket protocol
as bench/class_bench.py's do (its ``Session``).

Prints the rooms opened, the taps refused by the client's budget or by the full server, when
the first refusal came and when the last session ended, and the rooms live at the end.
Never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_bench import Group, Session, connected  # noqa: E402
from browser_support import Server  # noqa: E402  (class_bench put tests/ on the path)
from streamlit.proto.Alert_pb2 import Alert  # noqa: E402

OPEN = "Open a room with these choices"
BUDGET_SPENT = "Too many rooms were opened from this network"
SERVER_FULL = "as many rooms open as it can hold"


class Opener(Session):
    """A session that keeps the warnings of its last drawing."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.warnings: list[str] = []

    async def _handle(self, fwd, kind) -> None:
        if (kind == "delta" and fwd.delta.WhichOneof("type") == "new_element"
                and fwd.delta.new_element.WhichOneof("type") == "alert"
                and fwd.delta.new_element.alert.format == Alert.WARNING):
            self.warnings.append(fwd.delta.new_element.alert.body)
        await super()._handle(fwd, kind)


def live_rooms(store_file: Path) -> int:
    with sqlite3.connect(store_file) as db:
        return int(db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0])


async def fill(url: str, sessions: int, at_once: int) -> tuple[dict[str, int], list[float]]:
    """Every session's outcome counted; when each refusal came (seconds from the start)."""
    outcomes = {"opened": 0, "budget spent": 0, "server full": 0, "other": 0}
    refused_at: list[float] = []
    gate = asyncio.Semaphore(at_once)
    start = time.monotonic()

    async def one() -> None:
        async with gate:
            session = Opener(url, "peruludo", "lang=en&view=play", Group("opener"))

            async def work(s: Opener) -> None:
                await s.load()
                button = next(b for b, (label, _off, _f) in s.buttons.items() if label == OPEN)
                s.warnings.clear()
                await s.tap(button)

            await connected(session, work)
            text = " ".join(session.warnings)
            if BUDGET_SPENT in text:
                outcomes["budget spent"] += 1
                refused_at.append(time.monotonic() - start)
            elif SERVER_FULL in text:
                outcomes["server full"] += 1
                refused_at.append(time.monotonic() - start)
            elif session.group.errors:
                outcomes["other"] += 1
            else:
                outcomes["opened"] += 1

    await asyncio.gather(*(one() for _ in range(sessions)))
    refused_at.append(time.monotonic() - start)  # the last entry: the whole run
    return outcomes, refused_at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=320)
    parser.add_argument("--at-once", type=int, default=4)
    parser.add_argument("--budget", type=int, default=30,
                        help="[rooms] rooms_per_client_hour (0: no budget, as before issue 39)")
    parser.add_argument("--max-rooms", type=int, default=300)
    parser.add_argument("--port", type=int, default=8740)
    args = parser.parse_args()
    print(f"{args.sessions} fresh sessions of one client, {args.at_once} at a time; budget "
          f"{args.budget} rooms an hour, cap {args.max_rooms}; {os.cpu_count()} cores, load "
          f"average {os.getloadavg()[0]:.2f} at "
          f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", flush=True)
    with tempfile.TemporaryDirectory(prefix="jokoak-cap-") as folder:
        store_file = Path(folder) / "rooms.sqlite3"
        settings = Path(folder) / "jokoak.toml"
        settings.write_text(f'[rooms]\nstore = "sqlite:{store_file}"\n'
                            f"max_rooms = {args.max_rooms}\n"
                            f"rooms_per_client_hour = {args.budget}\n")
        server = Server("app.py", {"JOKOAK_SETTINGS": str(settings)}, port=args.port,
                        log=Path(folder) / "booklet.log")
        try:
            server.wait(timeout=90)
            asyncio.run(fill(server.url, 1, 1))  # imports and caches warm (one room, counted)
            outcomes, times = asyncio.run(fill(server.url, args.sessions, args.at_once))
            live = live_rooms(store_file)
        finally:
            server.stop()
    whole = times.pop()
    print(f"opened {outcomes['opened']} rooms (+1 by the warm-up), refused: "
          f"{outcomes['budget spent']} by the client's budget, {outcomes['server full']} by the "
          f"full server; {outcomes['other']} sessions failed otherwise")
    if times:
        print(f"first refusal after {min(times):.1f} s; all {args.sessions} sessions in "
              f"{whole:.1f} s; rooms live at the end: {live} of {args.max_rooms}")
    else:
        print(f"no refusal; all {args.sessions} sessions in {whole:.1f} s; rooms live at the "
              f"end: {live} of {args.max_rooms}")


if __name__ == "__main__":
    main()
