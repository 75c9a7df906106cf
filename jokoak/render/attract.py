"""The kiosk's attract screen: a moving picture of each game, to draw a child who does not
read the greetings (dice tumbling onto the table, a cup lifted off its dice, throw sticks
falling), and the small drawings of the games in the navigation bar.

Pure SVG and CSS, no script: each moving part is an outer ``<g class="jk-anim …">`` that the
CSS of :data:`ATTRACT_CSS` moves, around an inner drawing placed where it rests; so the
unmoved picture (before an animation starts, and under ``prefers-reduced-motion``, which
stops every animation) is the game at rest. Each game draws its own scene (``scene`` in
``jokoak/games/<key>/pictures.py``) with the frame and moving parts here; a game without one
gets its home picture, gently rocking.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote


#: Every moving part's rules; the reduced-motion rule stops them all, and the "Touch to
#: play" line's pulse with them.
ATTRACT_CSS = """<style>
.jk-attract .jk-anim{transform-box:fill-box;transform-origin:center;animation-duration:4.8s;
  animation-iteration-count:infinite;animation-timing-function:ease-out;
  animation-delay:var(--d,0s)}
.jk-attract .jk-roll{animation-name:jk-roll}
.jk-attract .jk-lift{animation-name:jk-lift;animation-timing-function:ease-in-out}
.jk-attract .jk-fall{animation-name:jk-fall}
.jk-attract .jk-rock{animation-name:jk-rock;animation-timing-function:ease-in-out}
.jk-attract .jk-pulse{animation:jk-pulse 2.4s ease-in-out infinite}
@keyframes jk-roll{0%{transform:translate(-70px,-40px) rotate(-320deg);opacity:0}
  8%{opacity:1}30%{transform:translate(0,0) rotate(0)}36%{transform:translate(0,-7px) rotate(8deg)}
  42%,100%{transform:none}}
@keyframes jk-lift{0%,25%{transform:none}38%,68%{transform:translate(0,-34px) rotate(-8deg)}
  80%,100%{transform:none}}
@keyframes jk-fall{0%{transform:translate(0,-130px) rotate(var(--r,90deg));opacity:0}
  6%{opacity:1}28%{transform:translate(0,0) rotate(0)}33%{transform:translate(0,-8px) rotate(4deg)}
  38%,100%{transform:none}}
@keyframes jk-rock{0%,100%{transform:rotate(-4deg)}50%{transform:rotate(4deg)}}
@keyframes jk-pulse{0%,100%{transform:scale(1)}50%{transform:scale(1.06)}}
@media (prefers-reduced-motion: reduce){
  .jk-attract .jk-anim,.jk-attract .jk-pulse{animation:none !important}}
</style>"""


def scene_svg(body: str, title: str, lang: str) -> str:
    """``body`` in the frame of every game's attract scene (200 × 140, on :data:`TABLE`)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 140" role="img" '
            f'width="100%" lang="{escape(lang)}"><title>{escape(title)}</title>{body}</svg>')


def moving(kind: str, delay: float, inner: str, turn: int | None = None) -> str:
    """``inner`` (drawn where it rests) moved by the ``jk-<kind>`` animation."""
    extra = "" if turn is None else f";--r:{turn}deg"
    return f'<g class="jk-anim jk-{kind}" style="--d:{delay:.2f}s{extra}">{inner}</g>'


TABLE = '<rect x="4" y="112" width="192" height="22" rx="6" fill="#d9c7a3"/>'


def rocking(icon_svg: str) -> str:
    """A game without a scene of its own: its home picture, gently rocking."""
    return moving("rock", 0.0, icon_svg)


# --- the navigation bar's drawings ---------------------------------------------------------

INK = "#2F2D2B"


def nav_svg(body: str) -> str:
    """``body`` in the frame of a navigation drawing (24 × 24)."""
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{body}</svg>'


def data_url(svg: str) -> str:
    """``svg`` as a CSS ``url()`` value (percent-encoded, so no quote or bracket breaks out)."""
    return f'url("data:image/svg+xml,{quote(svg, safe="")}")'
