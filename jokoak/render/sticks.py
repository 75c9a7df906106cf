"""The four thrown stick-dice of zohn ahl, drawn as they fell (pure: event -> SVG).

Each stick is flat on one side and marked on the other; a throw is the number of marked
faces up (the engine's ``throw`` event: ``marked`` and, with the Kiowa set, whether the
green ``sahe`` is among them). Marked faces show their chevrons; the sahe is green.
"""

from __future__ import annotations

from html import escape
from typing import Callable

from ..engine.core import Event

_W, _H = 360, 150


#: The sticks' group takes one of these by the parity of ``roll`` (the throws so far): the
#: page's CSS lets the sticks fall under either, so each new throw falls anew (ui/shell.py).
ROLL_CLASS = ("jk-roll-a", "jk-roll-b")


def counted_sticks(ev: Event) -> range:
    """The sticks whose faces the throw ``ev`` counts, as they are drawn: its ``marked``
    sticks (drawn first), or all four when none is marked (white: only blank faces up)."""
    marked = ev.amount("marked", 0)
    return range(marked) if marked else range(4)


def render_sticks_svg(ev: Event | None, gettext: Callable[[str], str], lang: str,
                      caption: str, roll: int | None = None, counted: bool = False) -> str:
    """The sticks of throw event ``ev`` (``None``: four sticks not yet thrown); ``roll``,
    the number of throws so far, makes them fall as they are drawn (``None``: still).
    ``counted``: a lesson's sentence talks about this throw, so the faces it counts
    (:func:`counted_sticks`) are ringed in gold (``class="jk-highlight"``)."""
    rung = counted_sticks(ev) if counted and ev is not None else range(0)
    marked = ev.amount("marked", 0) if ev is not None else 0
    sahe = bool(ev.get("sahe")) if ev is not None else False
    la = escape(lang)
    falling = f' class="{ROLL_CLASS[roll % 2]}"' if roll is not None and ev is not None else ""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" role="img" '
           f'class="jk-sticks" '
           f'lang="{la}" xml:lang="{la}" style="max-width:{_W}px;width:100%;height:auto">',
           f'<title lang="{la}">{escape(caption)}</title>', f"<g{falling}>"]
    for i in range(4):
        x = 30 + i * 82
        up = ev is not None and i < (marked or 0)
        green = up and sahe and i == 0
        fill = "#2e7d32" if green else ("#f3e2bf" if up else "#c9a36b")
        # the falling motion on an outer group: a CSS transform would replace the tilt
        out.append(f'<g class="jk-stick" style="animation-delay:{i * 60}ms">'
                   f'<g transform="rotate({(-8, 5, -3, 9)[i]} {x + 26} 75)">'
                   f'<rect x="{x}" y="12" width="52" height="126" rx="14" fill="{fill}" '
                   f'stroke="#4a2d12" stroke-width="3"/>')
        if i in rung:
            out.append(f'<rect class="jk-highlight" data-highlight="counted" x="{x - 6}" y="6" '
                       'width="64" height="138" rx="18" fill="none" stroke="#f2b100" '
                       'stroke-width="6"/>')
        if up:
            ink = "#ffffff" if green else "#7a1f12"
            for k in range(4):
                y = 30 + k * 26
                out.append(f'<path d="M{x + 10},{y + 12} L{x + 26},{y} L{x + 42},{y + 12}" '
                           f'fill="none" stroke="{ink}" stroke-width="5" stroke-linecap="round"/>')
        out.append("</g></g>")
    out.append("</g></svg>")
    return "".join(out)
