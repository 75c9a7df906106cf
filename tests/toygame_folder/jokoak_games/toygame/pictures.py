"""The toy's picture for Home (``icon``); it has no kiosk scene and no navigation drawing, so
the kiosk rocks this picture and the navigation shows the ``nav_icon`` symbol."""

from __future__ import annotations

from html import escape


def icon(title: str, lang: str) -> str:
    """The toy's picture: a die on a track of squares."""
    squares = "".join(f'<rect x="{10 + 24 * i}" y="60" width="20" height="20" fill="none" '
                      f'stroke="#333" stroke-width="2"/>' for i in range(6))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" role="img" '
            f'width="100%" style="max-width:240px" lang="{lang}"><title>{escape(title)}</title>'
            f'{squares}<rect x="60" y="15" width="30" height="30" rx="5" fill="#fffdf5" '
            f'stroke="#333" stroke-width="2"/><circle cx="75" cy="30" r="3" fill="#222"/></svg>')
