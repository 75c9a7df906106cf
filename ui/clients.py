"""The client a page serves, for the rooms' per-client limits (:mod:`jokoak.service.clients`).

Streamlit knows the websocket's direct peer (``st.context.ip_address``: None for loopback)
and the headers of its first request (``st.context.headers``); behind the booklet's own nginx
the peer is nginx, and the visitor's address is the one it forwarded.
"""

from __future__ import annotations

from typing import Iterable, Mapping

import streamlit as st

from jokoak.service.clients import client_address, client_key


def _peer_and_headers() -> tuple[str | None, Mapping[str, str]]:
    try:
        context = st.context
        return context.ip_address, context.headers
    except Exception:  # no browser behind this run (a test's AppTest): a loopback client
        return None, {}


def address(proxies: Iterable[str]) -> str:
    """This session's client's address (``proxies``: ``[rooms] trusted_proxies``)."""
    peer, headers = _peer_and_headers()
    return client_address(peer, headers, proxies)


def client(proxies: Iterable[str]) -> str:
    """The key of this session's client (a hash of its address): what its rate counters go
    by."""
    return client_key(address(proxies))
