"""A throwaway redis-server for the rooms' tests: a free loopback port, and the compose
file's persistence (an append-only file in its own folder), so a restart finds what was
written, as `docker compose restart redis` would."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest

from browser_support import free_port
from jokoak.service.rooms import RedisRoomStore, RoomStore, SqliteRoomStore


def redis_binary() -> str:
    """Debian's redis-server (CI installs it; elsewhere the test is skipped without it)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but redis-server is missing (apt-get install redis-server)")
        pytest.skip("redis-server not installed and CI is unset")
    return binary


class RedisServer:
    """``start()`` and ``stop()`` as often as a test likes: the same port and folder each
    time, so the same address finds the same rooms again. ``persistent=False``: nothing is
    written to disk (a store's own tests, which never restart it, run faster)."""

    def __init__(self, folder: Path, persistent: bool = True) -> None:
        self.binary = redis_binary()
        self.folder = folder
        self.persistent = persistent
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        keep = ["--appendonly", "yes", "--appendfsync", "always"] if self.persistent else \
            ["--appendonly", "no"]
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
             str(self.folder), *keep, "--save", ""],
            stdout=subprocess.DEVNULL)
        import redis
        client = redis.Redis.from_url(self.url)
        try:
            for _ in range(200):
                try:
                    client.ping()
                    return
                except redis.ConnectionError:
                    time.sleep(0.05)
        finally:
            client.close()
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        """A graceful stop (SIGTERM, as a restart does): the append-only file is complete."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=20)
            self.proc = None


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway redis-server on a free port, one for a test module (Debian's package; CI
    installs it); nothing written to disk."""
    server = RedisServer(tmp_path_factory.mktemp("redis"), persistent=False)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def either_store(request: pytest.FixtureRequest, tmp_path: Path) -> RoomStore:
    """The same test against both room stores: a fresh SQLite file, or a fresh key prefix on
    the module's redis-server."""
    if request.param == "sqlite":
        return SqliteRoomStore(tmp_path / "rooms.sqlite3")
    return RedisRoomStore(request.getfixturevalue("redis_url"), prefix=f"test:{time.time()}:")
