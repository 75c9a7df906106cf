"""A device's seat secret: what a room knows a device by, kept off every address.

A room keeps, at each person's seat, the token of the device sitting there
(:func:`jokoak.service.rooms.new_device`). That token used to ride in the address
(``?room=<code>&seat=<token>``), and copying the address bar — what people do to share —
handed out the seat, with that player's hidden dice. Now the address, a share link and a
QR code name the room only; the token lives in a cookie of the device's browser:

* the page writes the cookie (:func:`cookie_script`) the first time it gives the device a
  token; the browser sends it back when it opens the page's connection, where the server
  reads it (Streamlit's ``st.context.cookies``, :func:`device_from_cookies`). A reload, a
  tab opened again or a restarted server therefore finds the seat again;
* another device opening the same address has its own cookie (or none): it is offered a
  free seat or to watch, never somebody else's seat;
* an old address that still carries ``seat=`` is read once (:func:`legacy_seat`): its token
  becomes the device's cookie and the parameter leaves the address.

The cookie is a random 128-bit name for a seat, nothing else: it expires after
:data:`MAX_AGE_SECONDS` (a school day; each visit renews it), it is sent only to this site
(``SameSite=Strict``, ``Secure`` on https) and it names no person.

Pure: no Streamlit (the page passes the cookies it got and draws the script).
"""

from __future__ import annotations

import json
from typing import Mapping

from .rooms import parse_device

#: The cookie's name (its value: a device token, :func:`jokoak.service.rooms.new_device`).
COOKIE = "jokoak_seat"
#: How long a device keeps its secret without a visit: a school day, longer than a room
#: lives unplayed (two hours), short enough not to follow a shared computer for days.
MAX_AGE_SECONDS = 12 * 3600


def device_from_cookies(cookies: Mapping[str, str]) -> str | None:
    """The device token the browser's cookie carries, or None (no cookie, or a value that
    cannot be a token: an edited cookie changes nothing)."""
    try:
        raw = cookies.get(COOKIE)
    except (AttributeError, TypeError):
        return None
    return parse_device(raw)


def legacy_seat(raw: object) -> str | None:
    """The token an old address's ``?seat=`` carries, if it can be one (read once, then
    dropped from the address by the page)."""
    return parse_device(raw)


def cookie_script(token: str, max_age: int = MAX_AGE_SECONDS) -> str:
    """A ``<script>`` that stores ``token`` in the browser's cookie for this site.

    Refuses anything that is not a device token: the value goes into a script, and only a
    token's alphabet (letters, digits, ``-``, ``_``) is ever written there."""
    if parse_device(token) is None or not isinstance(max_age, int) or max_age <= 0:
        raise ValueError("not a device token, or not a positive lifetime")
    cookie = json.dumps(f"{COOKIE}={token}; Max-Age={max_age}; Path=/; SameSite=Strict")
    return ("<script>(function(){var c=" + cookie + ";"
            "if(window.location.protocol==='https:'){c+='; Secure';}"
            "document.cookie=c;})();</script>")
