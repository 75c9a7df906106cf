"""Peruludo's pictures: Home's icon, the kiosk's moving scene and the navigation's
small drawing (named by the plug-in, :class:`jokoak.plugin.Pictures`)."""

from __future__ import annotations

from ...render.attract import INK, TABLE, moving, nav_svg, scene_svg
from ...render.icons import die, icon_svg


def icon(title: str, lang: str) -> str:
    """Home's picture of the game, titled ``title``."""
    cups = "".join(f'<path d="M{x},80 L{x+8},30 L{x+32},30 L{x+40},80 Z" fill="#6b3e26" '
                   f'stroke="#2b1a10" stroke-width="2"/>' for x in (10, 110))
    return icon_svg(cups + die(58, 50, "6") + die(76, 62, "2"), title, lang)


def _cup(x: float, y: float, width: float = 50) -> str:
    return (f'<path d="M{x},{y + 56} L{x + 10},{y} L{x + width - 10},{y} L{x + width},{y + 56} '
            f'Z" fill="#6b3e26" stroke="#2b1a10" stroke-width="2"/>')


def scene(title: str, lang: str) -> str:
    """A cup lifted off its hidden dice (a six among them: sixes are wild), and a die
    rolling out beside the other cup."""
    hidden = die(114, 84, "6") + die(146, 84, "3")
    body = (TABLE + _cup(14, 58) + hidden + moving("lift", 0.4, _cup(106, 58, 76))
            + moving("roll", 1.2, die(70, 84, "6")))
    return scene_svg(body, title, lang)


def nav() -> str:
    """A dice cup, and beside it a six (the wild face)."""
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="0.85" fill="#a3271b"/>'
                   for x in (16.4, 19.6) for y in (14.6, 17, 19.4))
    return nav_svg(f'<path d="M2 21 L5 4 H12.5 L15.5 21 Z" fill="#6b3e26" stroke="{INK}" '
                   f'stroke-width="1.3"/><rect x="13.5" y="12.5" width="9" height="9" rx="1.6" '
                   f'fill="#fffdf5" stroke="{INK}" stroke-width="1.3"/>{pips}')
