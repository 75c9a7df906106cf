"""What the games' small pictures for the home page share: pure SVG, no external assets.

Each game draws its own picture (``icon`` in ``jokoak/games/<key>/pictures.py``) in the frame
:func:`icon_svg` gives it, with the dice of :func:`die` where it shows dice.
"""

from __future__ import annotations

from html import escape


def icon_svg(body: str, title: str, lang: str) -> str:
    """``body`` in the frame of every game's picture (160 × 100, titled ``title``)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" role="img" '
            f'width="100%" style="max-width:240px" lang="{lang}"><title>{escape(title)}</title>'
            f"{body}</svg>")


def die(x: float, y: float, face: str) -> str:
    """A die at (x, y) showing ``face``: ``blank``, ``bell``, ``hammer`` or ``1``–``6``."""
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
