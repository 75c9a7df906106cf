"""The address a page serves, as the rooms' per-client limits see it, through the shipped
nginx (deploy/nginx.conf): what a visitor writes in X-Forwarded-For is never believed.

Starts a tiny page (tests/client_address_app.py) and Debian's nginx on free loopback ports
and speaks Streamlit's websocket protocol, as a browser does, through nginx."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from browser_support import Server
from replicas_support import Nginx, nginx_binary

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from replicas_load import rerun_message  # noqa: E402


async def shown_address(url: str, headers: dict[str, str], source: str) -> str:
    """What the page shows to a visitor connecting from ``source`` with ``headers``."""
    import websockets
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    async with websockets.connect(url.replace("http://", "ws://") + "/_stcore/stream",
                                  subprotocols=["streamlit"], additional_headers=headers,
                                  open_timeout=30, local_addr=(source, 0)) as ws:
        await ws.send(rerun_message(url, "", ""))
        async for raw in ws:
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            if (msg.WhichOneof("type") == "delta"
                    and msg.delta.WhichOneof("type") == "new_element"
                    and msg.delta.new_element.WhichOneof("type") == "markdown"):
                body = msg.delta.new_element.markdown.body
                if body.startswith("client-address:"):
                    return body.split(":", 1)[1]
    raise AssertionError("the page showed no address")


@pytest.fixture(scope="module")
def behind_nginx():
    nginx_binary()
    server = Server("tests/client_address_app.py")
    try:
        server.wait()
        proxy = Nginx([server.port])
        try:
            proxy.wait()
            yield proxy.url
        finally:
            proxy.stop()
    finally:
        server.stop()


def test_through_the_shipped_nginx_a_spoofed_forwarded_address_is_not_believed(behind_nginx):
    # A visitor at 127.0.0.2 (not the proxy's 127.0.0.1: a visitor on the proxy's own
    # address is the machine itself, whose headers Streamlit's server believes anyway)
    # says it is someone else: its own address is what the limits count.
    spoof = {"X-Forwarded-For": "203.0.113.66", "X-Real-IP": "203.0.113.67"}
    assert asyncio.run(shown_address(behind_nginx, spoof, "127.0.0.2")) == "127.0.0.2"
    assert asyncio.run(shown_address(behind_nginx, {}, "127.0.0.3")) == "127.0.0.3"
