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

import pytest

from browser_support import free_port


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
