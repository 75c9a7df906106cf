"""The "continue on your phone" link of a kiosk: its address and its QR code, drawn locally.

The address is the booklet's public base URL, the page the visitor is on and the query
string the page keeps its position in (language, view, step, the game in progress), minus
``kiosk`` (the phone is not a kiosk) and a room seat's token (the seat stays the kiosk's). The QR code is SVG made by ``segno`` on the server, so
nothing is fetched from another host and nothing is held as a media file by one process.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Mapping
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno

#: Parameters that belong to the kiosk, never to the phone that continues the visit: the
#: kiosk flag, and the kiosk's seat in a room (``seat``: the token that is the seat; with
#: only ``room`` the phone is invited to join the room, as any other device).
KIOSK_ONLY = ("kiosk", "seat")
#: Side of the code on screen, in CSS pixels: about 6 cm on a 24-inch 1080p kiosk screen,
#: which a phone camera reads from an arm's length or more.
QR_SIDE_PX = 240
#: The longest address the code carries: at 240 px a longer one (a version-25 code and up)
#: has modules under 2 px, too fine for a phone camera, and past about 2,300 bytes no QR
#: code can hold it at all. A longer address leaves the game in progress out.
QR_MAX_CHARS = 1000


def continue_url(base: str, page: str, params: Mapping[str, str]) -> str:
    """``base`` + ``page`` + the query string of ``params`` without the kiosk's own ones."""
    parts = urlsplit(base)
    path = parts.path.rstrip("/") + "/" + page.strip("/")
    query = urlencode([(k, v) for k, v in params.items() if k not in KIOSK_ONLY])
    return urlunsplit((parts.scheme, parts.netloc, path, query, ""))


def phone_url(base: str, page: str, params: Mapping[str, str]) -> tuple[str, bool]:
    """The address the code carries, and whether it keeps the game in progress: without the
    game when the whole address would be longer than :data:`QR_MAX_CHARS`."""
    url = continue_url(base, page, params)
    if len(url) <= QR_MAX_CHARS or "game" not in params:
        return url, True
    return continue_url(base, page, {k: v for k, v in params.items() if k != "game"}), False


@lru_cache(maxsize=16)
def qr_svg(url: str, title: str, side_px: int = QR_SIDE_PX) -> str:
    """An inline SVG QR code of ``url`` with an accessible ``title`` (escaped here).

    Kept for a few addresses: the kiosk draws it only while its popover is open, and every
    rerun while it stays open asks for the same address (a game's code is some 20 kB).

    Error correction M and a four-module quiet zone (the standard's) keep it readable on a
    glossy screen; dark modules on white whatever the page's theme.
    """
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(border=4, dark="#000", light="#fff", omitsize=True)
    label = escape(title, quote=True)
    return svg.replace(
        "<svg ", f'<svg role="img" aria-label="{label}" width="{side_px}" '
                 f'height="{side_px}" style="display:block" ', 1)
