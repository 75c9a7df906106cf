"""Small pictures of each game for the home page: pure SVG, no external assets.

Each game's entry in :mod:`jokoak.registry` names its icon here
(``icon="jokoak.render.icons:<key>_icon"``).
"""

from __future__ import annotations

from html import escape


def _svg(body: str, title: str, lang: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" role="img" '
            f'width="100%" style="max-width:240px" lang="{lang}"><title>{escape(title)}</title>'
            f"{body}</svg>")


def _die(x: float, y: float, face: str) -> str:
    out = [f'<rect x="{x}" y="{y}" width="30" height="30" rx="5" fill="#fffdf5" stroke="#333" '
           f'stroke-width="2"/>']
    if face == "bell":
        out.append(f'<path d="M{x+8},{y+22} Q{x+8},{y+8} {x+15},{y+7} Q{x+22},{y+8} {x+22},{y+22} Z" '
                   f'fill="#c99a00" stroke="#333"/><circle cx="{x+15}" cy="{y+24}" r="2.5" fill="#333"/>')
    elif face == "hammer":
        out.append(f'<rect x="{x+7}" y="{y+7}" width="16" height="7" fill="#555"/>'
                   f'<rect x="{x+13}" y="{y+13}" width="4" height="12" fill="#8b5a2b"/>')
    elif face.isdigit():
        spots = {1: [(15, 15)], 2: [(9, 9), (21, 21)], 3: [(8, 8), (15, 15), (22, 22)],
                 4: [(9, 9), (21, 9), (9, 21), (21, 21)],
                 5: [(8, 8), (22, 8), (15, 15), (8, 22), (22, 22)],
                 6: [(9, 7), (21, 7), (9, 15), (21, 15), (9, 23), (21, 23)]}[int(face)]
        out += [f'<circle cx="{x+a}" cy="{y+b}" r="2.6" fill="#222"/>' for a, b in spots]
    return "".join(out)


def zaldi_zuria_icon(title: str, lang: str) -> str:
    body = (_die(8, 35, "blank") + _die(44, 35, "bell") + _die(80, 35, "hammer")
            + _die(116, 35, "5") + '<rect x="50" y="72" width="60" height="22" rx="3" fill="#fff" '
            'stroke="#333"/><path d="M62,90 l6,-12 l10,0 l4,-6 l6,6 l-4,4 l0,8" fill="none" '
            'stroke="#333" stroke-width="2"/>')
    return _svg(body, title, lang)


def peruludo_icon(title: str, lang: str) -> str:
    cups = "".join(f'<path d="M{x},80 L{x+8},30 L{x+32},30 L{x+40},80 Z" fill="#6b3e26" '
                   f'stroke="#2b1a10" stroke-width="2"/>' for x in (10, 110))
    return _svg(cups + _die(58, 50, "6") + _die(76, 62, "2"), title, lang)


def zohn_ahl_icon(title: str, lang: str) -> str:
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
    return _svg(body, title, lang)

