"""Several booklet replicas behind Debian's nginx, on free loopback ports, without root.

nginx runs from a temporary prefix with the repository's own ``deploy/nginx.conf`` (only
its listen address and the temp paths change; the upstream list is written beside it), so
the tests and the load bench exercise the configuration docs/setups.md deploys.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from browser_support import ROOT, Server, free_port

NGINX_CONF = ROOT / "deploy" / "nginx.conf"
LISTEN = "listen 8080;"
PID = "pid /run/nginx.pid;"
TEMP_PATHS = ("client_body_temp_path", "proxy_temp_path", "fastcgi_temp_path",
              "uwsgi_temp_path", "scgi_temp_path")


def nginx_binary() -> str:
    """Debian's nginx (``apt-get install nginx``); skip or fail like Chromium where missing."""
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None)
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail("CI is set but nginx is missing (apt-get install nginx)")
    pytest.skip("nginx not installed (apt-get install nginx): skipped")


def nginx_conf(port: int, prefix: Path) -> str:
    """``deploy/nginx.conf`` listening on loopback ``port``, its pid and temp files under
    ``prefix`` (no root needed)."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    assert LISTEN in text and PID in text and "http {" in text, "deploy/nginx.conf changed shape"
    temps = "".join(f"    {name} {prefix / name};\n" for name in TEMP_PATHS)
    return (text.replace(LISTEN, f"listen 127.0.0.1:{port};")
            .replace(PID, f"pid {prefix / 'nginx.pid'};")
            .replace("http {", "http {\n" + temps, 1))


class Nginx:
    def __init__(self, upstream_ports: list[int]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.prefix = Path(tempfile.mkdtemp(prefix="jokoak-nginx-"))
        conf = self.prefix / "nginx.conf"
        conf.write_text(nginx_conf(self.port, self.prefix), encoding="utf-8")
        (self.prefix / "jokoak-upstream.conf").write_text(
            "".join(f"server 127.0.0.1:{p};\n" for p in upstream_ports), encoding="utf-8")
        self.proc = subprocess.Popen(
            [nginx_binary(), "-p", str(self.prefix), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def wait(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("nginx exited: " + self.proc.stderr.read().decode()[-2000:])
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise TimeoutError("nginx did not answer in time")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.prefix, ignore_errors=True)


class Replicas:
    """``n`` booklet servers sharing one cookie secret (as deploy/compose.yaml sets), and
    nginx in front of them; ``script`` is the app each replica runs."""

    def __init__(self, n: int = 2, script: str = "app.py",
                 env: dict[str, str] | None = None) -> None:
        shared = {"STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(16), **(env or {})}
        self.servers = [Server(script, env=shared) for _ in range(n)]
        self.nginx: Nginx | None = None

    def __enter__(self) -> "Replicas":
        try:
            for server in self.servers:
                server.wait()
            self.nginx = Nginx([s.port for s in self.servers])
            self.nginx.wait()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        for server in self.servers:
            if server.proc.poll() is None:
                server.stop()

    @property
    def url(self) -> str:
        assert self.nginx is not None
        return self.nginx.url

    def serving(self) -> list[Server]:
        """The replicas holding an open connection (a visitor's websocket) right now.

        Read from the kernel's table of TCP connections: a replica's port as the local end
        of an established connection. nginx keeps no idle upstream connections, so with one
        page open that is the replica serving it.
        """
        established: set[int] = set()
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            try:
                lines = Path(table).read_text().splitlines()[1:]
            except OSError:
                continue
            for line in lines:
                fields = line.split()
                if fields[3] == "01":   # ESTABLISHED
                    established.add(int(fields[1].rsplit(":", 1)[1], 16))
        return [s for s in self.servers if s.port in established and s.proc.poll() is None]
