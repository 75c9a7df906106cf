"""Who a request comes from, for the rooms' per-client limits (issue 39).

A client is its address: the direct peer of the connection, or, when that peer is one of the
booklet's own proxies (``[rooms] trusted_proxies``: the nginx of ``deploy/``, on loopback by
default), the address that proxy says it serves (the last entry of ``X-Forwarded-For``: the one
nginx itself appended, entries before it are whatever the client wrote; else ``X-Real-IP``). Headers from anyone else are never believed: a client cannot make itself a stranger.

An IPv6 client is its /64 network: one home or phone is given a whole /64, and would
otherwise be 2^64 clients. Nobody is stored or logged by address: the key is a short hash,
used only as the name of a rate counter that vanishes with its window.

Pure: the page passes what Streamlit knows (``st.context.ip_address``, which is None for a
loopback peer, and ``st.context.headers``). Streamlit's own server (uvicorn, in 1.67) already
takes the address from ``X-Forwarded-For`` when the peer is 127.0.0.1, so behind a loopback
nginx ``ip_address`` is the visitor's already; for a proxy elsewhere (compose's nginx) this
module reads the header itself. Either way the header must be the proxy's own work:
``deploy/nginx.conf`` sets it in every location, the websocket's too (tests/test_client_address.py
spoofs it through nginx).
"""

from __future__ import annotations

import hashlib
import ipaddress
from typing import Iterable, Mapping

__all__ = ["LOOPBACK", "client_address", "client_key"]

#: The peer Streamlit reports as None (``st.context.ip_address`` hides loopback).
LOOPBACK = "127.0.0.1"
_Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _address(text: object) -> _Address | None:
    if not isinstance(text, str) or len(text) > 64:
        return None
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def _trusted(peer: _Address, proxies: Iterable[str]) -> bool:
    for proxy in proxies:
        try:
            if peer in ipaddress.ip_network(proxy, strict=False):
                return True
        except ValueError:
            continue
    return False


def client_address(peer: str | None, headers: Mapping[str, str],
                   proxies: Iterable[str]) -> str:
    """The client's address: ``peer`` (None: loopback), or what a trusted proxy forwarded.
    A trusted proxy that forwards nothing readable is its own client (the kiosk's browser
    on the same machine, a health check)."""
    direct = _address(peer if peer is not None else LOOPBACK)
    if direct is None:
        return "unknown"
    if not _trusted(direct, proxies):
        return str(direct)
    forwarded = (_header(headers, "X-Forwarded-For") or "").split(",")
    real = _address(forwarded[-1])
    if real is None:  # only where the proxy sets it itself (deploy/nginx.conf does)
        real = _address(_header(headers, "X-Real-IP"))
    return str(real if real is not None else direct)


def client_key(address: str) -> str:
    """The name a client's counters go by: its address (an IPv6 one by its /64), hashed."""
    found = _address(address)
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        found = found.ipv4_mapped
    if isinstance(found, ipaddress.IPv6Address):
        text = str(ipaddress.ip_network(f"{found}/64", strict=False))
    else:
        text = str(found) if found is not None else address[:64]
    return hashlib.blake2s(text.encode(), digest_size=9).hexdigest()


def _header(headers: Mapping[str, str], name: str) -> str | None:
    """A header by name, whatever its case (Streamlit's headers are case-insensitive already;
    a plain dict in tests is not)."""
    value = headers.get(name)
    if value is None:
        lowered = name.lower()
        value = next((v for k, v in headers.items() if k.lower() == lowered), None)
    return value if isinstance(value, str) else None
