"""Zohn ahl's pictures: Home's icon, the kiosk's moving scene and the navigation's
small drawing (named by the plug-in, :class:`jokoak.plugin.Pictures`)."""

from __future__ import annotations

from ...render.attract import moving, nav_svg, scene_svg
from ...render.icons import icon_svg


def icon(title: str, lang: str) -> str:
    """Home's picture of the game, titled ``title``."""
    pts = []
    for i in range(6):
        x = 30 + i * 20 + (10 if i >= 3 else 0)
        pts.append(f'<circle cx="{x}" cy="12" r="3" fill="#333"/><circle cx="{x}" cy="88" r="3" '
                   f'fill="#333"/>')
    body = ('<rect x="15" y="12" width="130" height="76" rx="14" fill="none" stroke="#777" '
            'stroke-dasharray="4 3"/>' + "".join(pts)
            + '<line x1="85" y1="4" x2="85" y2="20" stroke="#2a6fb0" stroke-width="3"/>'
              '<line x1="91" y1="4" x2="91" y2="20" stroke="#2a6fb0" stroke-width="3"/>'
              '<line x1="85" y1="80" x2="85" y2="96" stroke="#2a6fb0" stroke-width="3"/>'
              '<line x1="91" y1="80" x2="91" y2="96" stroke="#2a6fb0" stroke-width="3"/>'
              '<ellipse cx="80" cy="50" rx="14" ry="10" fill="#999" stroke="#333"/>')
    return icon_svg(body, title, lang)


def _stick(x: float, y: float, turn: float, marked: bool, red: bool) -> str:
    """One throw stick lying at (x, y), turned ``turn`` degrees: a long flat stick, its
    marked face up or not (the red one counts apart)."""
    fill = "#a3271b" if red else ("#e9d3a6" if marked else "#8b5a2b")
    marks = "".join(f'<line x1="{-20 + 10 * i}" y1="-3" x2="{-16 + 10 * i}" y2="3" '
                    f'stroke="#2b1a10" stroke-width="1.6"/>' for i in range(5)) if marked else ""
    return (f'<g transform="translate({x},{y}) rotate({turn})">'
            f'<rect x="-32" y="-5" width="64" height="10" rx="5" fill="{fill}" stroke="#2b1a10" '
            f'stroke-width="1.5"/>{marks}</g>')


def scene(title: str, lang: str) -> str:
    """Four throw sticks falling, one after another, onto the ground by the ahl stone."""
    stone = '<ellipse cx="100" cy="116" rx="16" ry="8" fill="#999" stroke="#333"/>'
    sticks = [(48, 96, -14, True, False, 140), (90, 90, 8, False, False, -120),
              (130, 98, -4, True, False, 100), (160, 84, 22, False, True, -150)]
    falling = [moving("fall", 0.35 * i, _stick(x, y, turn, marked, red), spin)
               for i, (x, y, turn, marked, red, spin) in enumerate(sticks)]
    ground = '<rect x="4" y="104" width="192" height="30" rx="6" fill="#e8dcc0"/>'
    return scene_svg(ground + stone + "".join(falling), title, lang)


def nav() -> str:
    """Four throw sticks, fanned, the red one among them."""
    sticks = "".join(f'<line x1="{x1}" y1="21" x2="{x2}" y2="3" stroke="{colour}" '
                     f'stroke-width="2.8" stroke-linecap="round"/>'
                     for x1, x2, colour in ((3, 8, "#8b5a2b"), (8, 11, "#d2b27a"),
                                            (13, 14, "#a3271b"), (18, 20, "#8b5a2b")))
    return nav_svg(sticks)
