"""The kiosk's attract screen: a moving picture of each game, to draw a child who does not
read the greetings (dice tumbling onto the table, a cup lifted off its dice, throw sticks
falling), and the small drawings of the games in the navigation bar.

Pure SVG and CSS, no script: each moving part is an outer ``<g class="jk-anim …">`` that the
CSS of :data:`ATTRACT_CSS` moves, around an inner drawing placed where it rests; so the
unmoved picture (before an animation starts, and under ``prefers-reduced-motion``, which
stops every animation) is the game at rest. Each game's entry in :mod:`jokoak.registry` names
its scene here (``attract="jokoak.render.attract:<key>_scene"``); a game without one gets its
home picture, gently rocking.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from .icons import _die

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


def _scene(body: str, title: str, lang: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 140" role="img" '
            f'width="100%" lang="{escape(lang)}"><title>{escape(title)}</title>{body}</svg>')


def _moving(kind: str, delay: float, inner: str, turn: int | None = None) -> str:
    """``inner`` (drawn where it rests) moved by the ``jk-<kind>`` animation."""
    extra = "" if turn is None else f";--r:{turn}deg"
    return f'<g class="jk-anim jk-{kind}" style="--d:{delay:.2f}s{extra}">{inner}</g>'


_TABLE = '<rect x="4" y="112" width="192" height="22" rx="6" fill="#d9c7a3"/>'


def zaldi_zuria_scene(title: str, lang: str) -> str:
    """The eight dice of zaldi zuria tumbling onto the table one after another."""
    faces = ("blank", "bell", "5", "hammer", "blank", "2", "bell", "blank")
    dice = [_moving("roll", 0.15 * i, _die(10 + 46 * (i % 4), 30 + 40 * (i // 4), face))
            for i, face in enumerate(faces)]
    return _scene(_TABLE + "".join(dice), title, lang)


def _cup(x: float, y: float, width: float = 50) -> str:
    return (f'<path d="M{x},{y + 56} L{x + 10},{y} L{x + width - 10},{y} L{x + width},{y + 56} '
            f'Z" fill="#6b3e26" stroke="#2b1a10" stroke-width="2"/>')


def peruludo_scene(title: str, lang: str) -> str:
    """A cup lifted off its hidden dice (a six among them: sixes are wild), and a die
    rolling out beside the other cup."""
    hidden = _die(114, 84, "6") + _die(146, 84, "3")
    body = (_TABLE + _cup(14, 58) + hidden + _moving("lift", 0.4, _cup(106, 58, 76))
            + _moving("roll", 1.2, _die(70, 84, "6")))
    return _scene(body, title, lang)


def _stick(x: float, y: float, turn: float, marked: bool, red: bool) -> str:
    """One throw stick lying at (x, y), turned ``turn`` degrees: a long flat stick, its
    marked face up or not (the red one counts apart)."""
    fill = "#a3271b" if red else ("#e9d3a6" if marked else "#8b5a2b")
    marks = "".join(f'<line x1="{-20 + 10 * i}" y1="-3" x2="{-16 + 10 * i}" y2="3" '
                    f'stroke="#2b1a10" stroke-width="1.6"/>' for i in range(5)) if marked else ""
    return (f'<g transform="translate({x},{y}) rotate({turn})">'
            f'<rect x="-32" y="-5" width="64" height="10" rx="5" fill="{fill}" stroke="#2b1a10" '
            f'stroke-width="1.5"/>{marks}</g>')


def zohn_ahl_scene(title: str, lang: str) -> str:
    """Four throw sticks falling, one after another, onto the ground by the ahl stone."""
    stone = '<ellipse cx="100" cy="116" rx="16" ry="8" fill="#999" stroke="#333"/>'
    sticks = [(48, 96, -14, True, False, 140), (90, 90, 8, False, False, -120),
              (130, 98, -4, True, False, 100), (160, 84, 22, False, True, -150)]
    falling = [_moving("fall", 0.35 * i, _stick(x, y, turn, marked, red), spin)
               for i, (x, y, turn, marked, red, spin) in enumerate(sticks)]
    ground = '<rect x="4" y="104" width="192" height="30" rx="6" fill="#e8dcc0"/>'
    return _scene(ground + stone + "".join(falling), title, lang)


def rocking(icon_svg: str) -> str:
    """A game without a scene of its own: its home picture, gently rocking."""
    return _moving("rock", 0.0, icon_svg)


# --- the navigation bar's drawings ---------------------------------------------------------

_INK = "#2F2D2B"


def _nav(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{body}</svg>'


def zaldi_zuria_nav() -> str:
    """A die showing the bell."""
    return _nav(f'<rect x="2.5" y="2.5" width="19" height="19" rx="4" fill="#fffdf5" '
                f'stroke="{_INK}" stroke-width="2"/><path d="M7.5 16 Q7.5 7.5 12 7 Q16.5 7.5 '
                f'16.5 16 Z" fill="#c99a00" stroke="{_INK}" stroke-width="1.2"/>'
                f'<circle cx="12" cy="17.6" r="1.5" fill="{_INK}"/>')


def peruludo_nav() -> str:
    """A dice cup, and beside it a six (the wild face)."""
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="0.85" fill="#a3271b"/>'
                   for x in (16.4, 19.6) for y in (14.6, 17, 19.4))
    return _nav(f'<path d="M2 21 L5 4 H12.5 L15.5 21 Z" fill="#6b3e26" stroke="{_INK}" '
                f'stroke-width="1.3"/><rect x="13.5" y="12.5" width="9" height="9" rx="1.6" '
                f'fill="#fffdf5" stroke="{_INK}" stroke-width="1.3"/>{pips}')


def zohn_ahl_nav() -> str:
    """Four throw sticks, fanned, the red one among them."""
    sticks = "".join(f'<line x1="{x1}" y1="21" x2="{x2}" y2="3" stroke="{colour}" '
                     f'stroke-width="2.8" stroke-linecap="round"/>'
                     for x1, x2, colour in ((3, 8, "#8b5a2b"), (8, 11, "#d2b27a"),
                                            (13, 14, "#a3271b"), (18, 20, "#8b5a2b")))
    return _nav(sticks)


def data_url(svg: str) -> str:
    """``svg`` as a CSS ``url()`` value (percent-encoded, so no quote or bracket breaks out)."""
    return f'url("data:image/svg+xml,{quote(svg, safe="")}")'
