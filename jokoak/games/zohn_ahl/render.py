"""zohn ahl in words and pictures: event -> sentence, state -> accessible SVG board.

Pure: every function takes the visitor's gettext ``_`` (English msgids, ``%(name)s``
params) and returns text or markup in which every text is escaped. Teams are named by their
line ("the north–south team"); places by the creeks or by the number of sites counted from
the south creek along the stick's own direction.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Callable, Sequence

from jokoak.engine.core import Event
from jokoak.games.zohn_ahl.engine import SAHE_THROWS, ZohnAhlState, circuit_length, first_site, replace
from jokoak.i18n.msgids import N_
from jokoak.render import plural_of
from jokoak.render.sticks import render_sticks_svg

Gettext = Callable[[str], str]


TEAM_NAMES = (N_("the north–south team"), N_("the west–east team"))
TEAM_COLOURS = ("#a3271b", "#1d4f91")

_EVENT_KINDS: tuple[tuple[str, str], ...] = (
    ("start", N_("Start of the game")), ("throw", N_("Throw")), ("move", N_("Move")),
    ("throw_again", N_("Another throw")), ("circuit", N_("Circuit completed")),
    ("carry_over", N_("Surplus carried over")), ("surplus_dropped", N_("Surplus dropped")),
    ("south_creek_restart", N_("South creek: restart")),
    ("north_creek", N_("North creek penalty")), ("hit", N_("Stick hit")),
    ("dry_creek", N_("Dry creek: a turn lost later")), ("turn_lost", N_("Turn lost")),
    ("next_player", N_("Next player of the team")), ("team_turn", N_("The other team throws")),
    ("win", N_("Win")), ("abandon", N_("Game abandoned")),
)


def event_kinds() -> list[tuple[str, str]]:
    """(kind, msgid label) of every event the engine emits."""
    return list(_EVENT_KINDS)


def team_name(team: Any, _: Gettext) -> str:
    return _(TEAM_NAMES[int(team)]) if team in (0, 1) else _("nobody")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sites_text(n: int, _: Gettext) -> str:
    ngettext = plural_of(_)
    return ngettext("%(count)s site", "%(count)s sites", n) % {"count": n}


def sticks_text(n: int, _: Gettext) -> str:
    ngettext = plural_of(_)
    return ngettext("%(count)s scoring stick", "%(count)s scoring sticks", n) % {"count": n}


def place_text(position: int, length: int, direction: str, _: Gettext) -> str:
    """Where a stick rests, for a stick running ``direction`` (``west`` or ``east``)."""
    position %= length
    if position == 0:
        return _("in the south creek")
    if position == length // 2:
        return _("in the north creek")
    if position in (length // 4, 3 * length // 4):
        west = (position == length // 4) == (direction == "west")
        return _("in the west dry creek") if west else _("in the east dry creek")
    return past_text(position, _)


def past_text(position: int, _: Gettext) -> str:
    ngettext = plural_of(_)
    return ngettext("%(count)s site past the south creek",
                        "%(count)s sites past the south creek", position) % {"count": position}


_THROW_SENTENCES = {
    0: N_("%(team)s throws: no marked face up, white: 10 points."),
    1: N_("%(team)s throws: one marked face up: 1 point."),
    2: N_("%(team)s throws: two marked faces up: 2 points."),
    3: N_("%(team)s throws: three marked faces up: 3 points."),
    4: N_("%(team)s throws: all four marked faces up, red: 5 points."),
}
_NEBAKUTHANA_SENTENCES = {
    0: N_("%(team)s throws: only rounded faces up: 10 points."),
    1: N_("%(team)s throws: one marked face up: 1 point."),
    2: N_("%(team)s throws: two marked faces up: 2 points."),
    3: N_("%(team)s throws: three marked faces up: 3 points."),
    4: N_("%(team)s throws: all four marked faces up: 6 points."),
}


_PLACES = {"south_creek": N_("in the south creek"), "north_creek": N_("in the north creek"),
           "west_dry_creek": N_("in the west dry creek"),
           "east_dry_creek": N_("in the east dry creek")}


def describe_event(ev: Event, _: Gettext) -> str:
    """One plain sentence for ``ev`` in the visitor's language."""
    a = ev.actors
    team = team_name(a[0], _) if a else ""
    d = dict(ev.data)
    if ev.kind == "start":
        first = (_("the team at the left edge of the south creek") if d.get("first_team") == "left"
                 else _("the team at the right edge of the south creek"))
        return _("The game begins: both sticks stand in the south creek, each team holds "
                 "%(sticks)s, and %(team)s throws first (%(which)s).") % {
            "sticks": sticks_text(ev.amount("sticks", 0), _), "team": team, "which": first}
    if ev.kind == "throw":
        table = _NEBAKUTHANA_SENTENCES if d.get("stick_set") == "nebakuthana" else _THROW_SENTENCES
        text = _cap(_(table[ev.amount("marked", 0)]) % {"team": team})
        if d.get("sahe") and ev.amount("marked", 0) in (1, 3):
            text += " " + _("The green sahe's marked face is up.")
        return text
    if ev.kind == "move":
        direction = d.get("direction", "west")
        place = _PLACES.get(d.get("to_kind", ""))
        if d.get("to_kind") == "beyond_south_creek":
            msg = (_("The stick of %(team)s moves %(sites)s westward, past the south creek.")
                   if direction == "west" else
                   _("The stick of %(team)s moves %(sites)s eastward, past the south creek."))
            return _cap(msg % {"team": team, "sites": sites_text(ev.amount("distance", 0), _)})
        place = _(place) if place else past_text(ev.amount("end", 0), _)
        west = direction == "west"
        msg = (_("The stick of %(team)s moves %(sites)s westward and rests %(place)s.") if west
               else _("The stick of %(team)s moves %(sites)s eastward and rests %(place)s."))
        return _cap(msg % {"team": team, "sites": sites_text(ev.amount("distance", 0), _),
                           "place": place})
    if ev.kind == "throw_again":
        if d.get("outcome") in SAHE_THROWS:
            return _("The sahe's marked face is up, so the same team throws again.")
        return _("A throw of %(value)s points gives another throw.") % {"value": ev.amount("value")}
    if ev.kind in ("circuit", "hit", "north_creek"):
        gainer, loser = team_name(d.get("gainer"), _), team_name(d.get("loser"), _)
        held = sticks_text(ev.amount("held", 0), _)
        if ev.kind == "circuit":
            msg = _("%(team)s completes a circuit and takes a scoring stick from %(loser)s "
                    "(now %(held)s).")
        elif ev.kind == "hit":
            msg = _("%(team)s lands on the stick of %(loser)s: that stick goes back to the start "
                    "and %(team)s takes one of its scoring sticks (now %(held)s).")
        else:
            msg = _("The stick falls into the north creek: %(loser)s gives a scoring stick to "
                    "%(gainer)s (now %(held)s) and starts again from the south creek.")
        return _cap(msg % {"team": team, "gainer": gainer, "loser": loser, "held": held})
    if ev.kind == "carry_over":
        return _("The %(sites)s beyond the south creek count on the next circuit: the stick "
                 "jumps over the creek.") % {"sites": sites_text(ev.amount("surplus", 0), _)}
    if ev.kind == "surplus_dropped":
        return _("The %(sites)s beyond the south creek are dropped: the stick stops in the "
                 "creek.") % {"sites": sites_text(ev.amount("surplus", 0), _)}
    if ev.kind == "south_creek_restart":
        return _cap(_("The stick of %(team)s lands in the south creek: under some authors' rule, "
                      "it starts again, and here its team wins no scoring stick for the "
                      "circuit.")
                    % {"team": team})
    if ev.kind == "dry_creek":
        return _cap(_("The stick rests in a dry creek: under some authors' rule, %(team)s will "
                      "lose its next turn.") % {"team": team})
    if ev.kind == "turn_lost":
        return _cap(_("%(team)s loses this turn (its stick rested in a dry creek).")
                    % {"team": team})
    if ev.kind == "next_player":
        return _("The next player of the same team throws: Player %(seat)s.") % {
            "seat": ev.amount("seat", 0) + 1}
    if ev.kind == "team_turn":
        return _cap(_("Now %(team)s throws: all players of one team throw before the other "
                      "team's players.") % {"team": team})
    if ev.kind == "win":
        return _cap(_("%(team)s holds all %(sticks)s and wins.")
                    % {"team": team, "sticks": sticks_text(ev.amount("sticks", 0), _)})
    if ev.kind == "abandon":
        a_, b_ = ev.amount("sticks_0", 0), ev.amount("sticks_1", 0)
        if d.get("winner") in (0, 1):
            return _cap(_("The game is abandoned: %(team)s wins with more scoring sticks "
                          "(%(more)s against %(fewer)s).") % {
                "team": team_name(d["winner"], _), "more": max(a_, b_), "fewer": min(a_, b_)})
        return _("The game is abandoned with as many scoring sticks on each side (%(count)s): "
                 "nobody wins.") % {"count": a_}
    return ev.kind


# ---------------------------------------------------------------- board geometry

SIZE = 600
LOW, HIGH = 90, 510          # the rectangle
RADIUS = 40                  # the knees (corner arcs)
SLOTS = [LOW + RADIUS + i * (HIGH - LOW - 2 * RADIUS) / 9 for i in range(10)]


def _side_slots(side: str) -> list[tuple[float, float]]:
    """Ten slots of a side (knee end, 3 points, 2 lines, 3 points, knee end) in travel order
    of the west-running stick: south right-to-left is split, see :func:`site_points`."""
    if side == "south":
        return [(x, HIGH) for x in SLOTS]            # west to east
    if side == "west":
        return [(LOW, y) for y in reversed(SLOTS)]   # south to north
    if side == "north":
        return [(x, LOW) for x in SLOTS]             # west to east
    return [(HIGH, y) for y in SLOTS]                # east side, north to south


def site_points(sites_per_side: int) -> list[tuple[float, float, str, str]]:
    """Every site in the west-running order from the south creek: (x, y, kind, side).

    ``kind`` is ``knee``, ``point`` or ``line``. Site k (1-based) is item k-1.
    """
    kinds = ["knee", "point", "point", "point", "line", "line", "point", "point", "point", "knee"]
    keep = range(10) if sites_per_side == 10 else range(1, 9)
    south = _side_slots("south")
    out = [(south[i][0], south[i][1], kinds[i], "south") for i in (4, 3, 2, 1, 0) if i in keep]
    for side in ("west", "north", "east"):
        slots = _side_slots(side)
        out += [(slots[i][0], slots[i][1], kinds[i], side) for i in range(10) if i in keep]
    out += [(south[i][0], south[i][1], kinds[i], "south") for i in (9, 8, 7, 6, 5) if i in keep]
    return out


_CORNERS = {("south", "west"): (LOW + RADIUS, HIGH - RADIUS, -1, 1),
            ("west", "north"): (LOW + RADIUS, LOW + RADIUS, -1, -1),
            ("north", "east"): (HIGH - RADIUS, LOW + RADIUS, 1, -1),
            ("east", "south"): (HIGH - RADIUS, HIGH - RADIUS, 1, 1)}


def gap_point(gap: int, sites_per_side: int) -> tuple[float, float]:
    """Where a stick resting in the gap after west-running site ``gap`` is drawn."""
    sites = site_points(sites_per_side)
    length = len(sites)
    here = sites[(gap - 1) % length]
    there = sites[gap % length]
    if here[3] != there[3] and (here[3], there[3]) in _CORNERS:
        cx, cy, sx, sy = _CORNERS[(here[3], there[3])]
        r = RADIUS / math.sqrt(2)
        return cx + sx * r, cy + sy * r
    return (here[0] + there[0]) / 2, (here[1] + there[1]) / 2


def physical_gap(state: ZohnAhlState, team: int) -> int:
    """The gap index in west-running order of a team's stick (the text's sticks rest in
    gaps; with Ludii's start on the creek lines, see :func:`stick_site`)."""
    length = 4 * state.options.sites_per_side
    pos = state.positions[team]
    return pos if state.direction(team) == "west" else (length - pos) % length


def stick_site(state: ZohnAhlState, team: int) -> int:
    """With Ludii's start, the site (1-based, west-running order) a team's stick stands on:
    the west-running stick starts on site 1 (its creek line), the east-running one on the
    last site (the other line), and each step moves one site."""
    sites = 4 * state.options.sites_per_side
    pos = state.positions[team]
    return pos + 1 if state.direction(team) == "west" else sites - pos


def _track_normal(before: tuple[float, float], after: tuple[float, float]
                  ) -> tuple[float, float]:
    """The unit vector across the track (pointing out of the board) between two sites."""
    dx, dy = after[0] - before[0], after[1] - before[1]
    norm = math.hypot(dx, dy) or 1.0
    nx, ny = dy / norm, -dx / norm
    if (nx * (before[0] + after[0] - SIZE) + ny * (before[1] + after[1] - SIZE)) < 0:
        nx, ny = -nx, -ny
    return nx, ny


def stick_pose(state: ZohnAhlState, team: int) -> tuple[float, float, float, float]:
    """Where a team's stick is drawn: its centre on the track and the unit vector across the
    track. Sticks are drawn across the track, never along it, so a stick resting in a gap
    covers no counting site."""
    sites = site_points(state.options.sites_per_side)
    n = len(sites)
    if first_site(state.rules):
        k = stick_site(state, team) - 1
        x, y = sites[k][0], sites[k][1]
        before, after = sites[(k - 1) % n], sites[(k + 1) % n]
    else:
        gap = physical_gap(state, team)
        x, y = gap_point(gap, state.options.sites_per_side)
        before, after = sites[(gap - 1) % n], sites[gap % n]
    nx, ny = _track_normal((before[0], before[1]), (after[0], after[1]))
    return x, y, nx, ny


# ---------------------------------------------------------------- SVG

def _text(x: float, y: float, body: str, lang: str, size: int = 18, anchor: str = "middle",
          weight: str = "normal", fill: str = "#1b1b1b") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}" lang="{escape(lang)}" '
            f'font-family="sans-serif">{escape(body)}</text>')


def board_summary(state: ZohnAhlState | None, _: Gettext) -> str:
    """A plain-text description of the position for screen readers and text views."""
    if state is None:
        return _("An empty zohn ahl board: a rectangle with rounded corners (the knees), points "
                 "and creek lines on each side, and the ahl stone in the middle.")
    length = circuit_length(state.rules)
    parts = []
    for team in (0, 1):
        place = place_text(state.positions[team], length, state.direction(team), _)
        parts.append(_cap(_("%(team)s (running %(direction)s): stick %(place)s, %(sticks)s.") % {
            "team": team_name(team, _), "place": place,
            "direction": _("west") if state.direction(team) == "west" else _("east"),
            "sticks": sticks_text(state.scoring[team], _)}))
    if state.over:
        parts.append(_("The game is over.") if state.winner not in (0, 1) else
                     _cap(_("%(team)s has won.") % {"team": team_name(state.winner, _)}))
    else:
        parts.append(_cap(_("%(team)s throws next.") % {"team": team_name(state.team, _)}))
    return " ".join(parts)


def render_board_svg(state: ZohnAhlState | None, _: Gettext, lang: str,
                     numbered: bool | str = False, sites_per_side: int | None = None,
                     id_prefix: str = "za", highlight: frozenset[str] = frozenset(),
                     events: Sequence[Event] = (), narrow: bool = False) -> str:
    """The board as a standalone, accessible SVG (``<title>``, ``<desc>``, ``lang``).

    ``numbered`` writes each site's number, so "31 sites past the south creek" can be
    checked by eye: ``"west"`` (or ``True``) counts as the west-running stick does, ``"east"``
    as the east-running one. ``id_prefix`` keeps the title/desc ids unique when a page shows
    several boards. ``highlight`` (the moves a lesson's sentence talks about) and ``events``
    (what the step's moves made happen) ring on the board what the sentence is about
    (:func:`_rings`). ``narrow``: for a phone's width, the same board with its words set at
    :data:`NARROW_LEAST` units or more (:data:`WIDE_SIZES`, :data:`NARROW_SIZES`) and the
    legend in wrapped lines (the board is drawn at 0.6 px a unit on a 390 px phone: its
    words, at 14–18 units, came out at 5–8 px).
    """
    per_side = sites_per_side or (state.options.sites_per_side if state is not None else 8)
    sizes = NARROW_SIZES if narrow else WIDE_SIZES
    if narrow:
        id_prefix += "n"
    lg, ident = escape(lang), escape(id_prefix)
    legend = (_narrow_legend(state, _, lang, SIZE + 26) if narrow and state is not None
              else ("", 2 * TEAM_LEGEND, []) if state is not None else ("", 0, []))
    knees = (_knee_lines(_, sizes["knee"]) if per_side == 10 else [])
    height = SIZE + legend[1] + LEGEND_ROW * len(knees) + 14
    if not narrow:   # the wide board keeps its height, with or without a legend
        height = SIZE + 2 * TEAM_LEGEND + (LEGEND_ROW if per_side == 10 else 0) + 14
    left, width = (NARROW_CROP, SIZE - 2 * NARROW_CROP) if narrow else (0, SIZE)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} 0 {width} {height}" '
           f'role="img" lang="{lg}" xml:lang="{lg}" '
           f'aria-labelledby="{ident}-title {ident}-desc" style="max-width:100%;height:auto">',
           f'<title id="{ident}-title">{escape(_("zohn ahl board"))}</title>',
           f'<desc id="{ident}-desc">{escape(board_summary(state, _))}</desc>',
           f'<rect x="{left}" y="0" width="{width}" height="{height}" fill="#f6efe1"/>']
    out.append(_creeks(_, lang, sizes))
    out.append(_outline())
    direction = "east" if numbered == "east" else "west"
    out.append(_sites(per_side, bool(numbered), lang, direction, sizes["number"]))
    out.append(f'<circle cx="{SIZE / 2}" cy="{SIZE / 2 - 10}" r="34" fill="#8a8a84" '
               f'stroke="#4a4a44" stroke-width="3"/>')
    out.append(_text(SIZE / 2, SIZE / 2 + 50 + (sizes["stone"] - 18) / 2, _("ahl stone"),
                     lang, sizes["stone"]))
    rows = 0
    if state is not None:
        if highlight & THROW_MOVES:
            out.append(_rings(state, tuple(events), legend[2]))
        out.append(_sticks(state, _, lang))
        out.append(legend[0] if narrow else _legend(state, _, lang))
        rows = 1
    if per_side == 10 and narrow:
        out.append(_knee_legend_lines(SIZE + legend[1] + 22, knees, lang, sizes["knee"]))
    elif per_side == 10:
        out.append(_knee_legend(SIZE + 22 + 2 * TEAM_LEGEND * rows, _, lang))
    out.append("</svg>")
    return "".join(out)


def _outline() -> str:
    r, lo, hi = RADIUS, LOW, HIGH
    path = (f"M{lo + r},{hi} L{hi - r},{hi} A{r},{r} 0 0 0 {hi},{hi - r} L{hi},{lo + r} "
            f"A{r},{r} 0 0 0 {hi - r},{lo} L{lo + r},{lo} A{r},{r} 0 0 0 {lo},{lo + r} "
            f"L{lo},{hi - r} A{r},{r} 0 0 0 {lo + r},{hi} Z")
    return f'<path d="{path}" fill="none" stroke="#6b4b2a" stroke-width="3"/>'


#: The words' sizes on the board (units): the wide board's, and the phone's, drawn at about
#: 0.6 px a unit there, so that none is under 11 px.
WIDE_SIZES = {"creek": 18, "dry": 16, "number": 14, "stone": 18, "knee": 16}
NARROW_LEAST = 20
#: The phone's board leaves out this much of the wide board's margin on either side (no
#: word is there), so the board is drawn larger.
NARROW_CROP = 30
#: Where the phone's legend lines start and end.
_NARROW_LEFT, _NARROW_RIGHT = NARROW_CROP + 32, SIZE - NARROW_CROP - 12
NARROW_SIZES = {"creek": 24, "dry": 21, "number": 20, "stone": 22, "knee": NARROW_LEAST}


def _creeks(_: Gettext, lang: str, sizes: dict[str, int] = WIDE_SIZES) -> str:
    mid = (SLOTS[4] + SLOTS[5]) / 2
    half = (SLOTS[5] - SLOTS[4]) / 2 - 4
    parts = []
    grow = sizes["creek"] - WIDE_SIZES["creek"]
    for y, label, ly in ((HIGH, _("south creek"), HIGH + 72 + grow / 2),
                         (LOW, _("north creek"), LOW - 52 + grow / 4)):
        parts.append(f'<rect x="{mid - half:.1f}" y="{y - 26}" width="{2 * half:.1f}" '
                     f'height="52" fill="#8cc3e8"/>')
        parts.append(_text(mid, ly, label, lang, sizes["creek"], weight="bold",
                           fill="#0b4f7a"))
    # The dry creeks' labels run along their sides, so a long label (Basque, Spanish,
    # French) never reaches the ahl stone in the middle.
    # on the phone's cropped board a long label stands further in, so that it stays inside
    # the drawing before it is turned too (a browser measures it there)
    inset = [44 if sizes is WIDE_SIZES else
             min(80, max(44, NARROW_CROP + 4 + len(label) * 0.28 * sizes["dry"] - LOW))
             for label in (_("west dry creek"), _("east dry creek"))]
    for x, label, angle, lx in ((LOW, _("west dry creek"), -90, LOW + inset[0]),
                                (HIGH, _("east dry creek"), 90, HIGH - inset[1])):
        parts.append(f'<rect x="{x - 26}" y="{mid - half:.1f}" width="52" '
                     f'height="{2 * half:.1f}" fill="#e2cf9e"/>')
        parts.append(f'<g transform="rotate({angle} {lx} {mid:.1f})">'
                     + _text(lx, mid + 6, label, lang, sizes["dry"], fill="#6b4b2a") + "</g>")
    return "".join(parts)


def _sites(per_side: int, numbered: bool, lang: str, direction: str = "west",
           size: int = 14) -> str:
    parts = []
    points = site_points(per_side)
    for index, (x, y, kind, side) in enumerate(points):
        horizontal = side in ("south", "north")
        if kind == "line":
            if horizontal:
                parts.append(f'<line x1="{x:.1f}" y1="{y - 24}" x2="{x:.1f}" y2="{y + 24}" '
                             f'stroke="#3b2a18" stroke-width="4"/>')
            else:
                parts.append(f'<line x1="{x - 24}" y1="{y:.1f}" x2="{x + 24}" y2="{y:.1f}" '
                             f'stroke="#3b2a18" stroke-width="4"/>')
        elif kind == "point":
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="#3b2a18"/>')
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#f6efe1" '
                         f'stroke="#3b2a18" stroke-width="2"/>')
        if numbered:
            number = index + 1 if direction == "west" else len(points) - index
            offsets: dict[str, tuple[float, float]] = {
                "south": (0, 30), "north": (0, -20), "west": (-30, 5), "east": (30, 5)}
            dx, dy = offsets[side]
            if kind == "line":
                dx, dy = dx * 1.4, dy * 1.4
            parts.append(_text(x + dx, y + dy, str(number), lang, size, fill="#444"))
    return "".join(parts)


#: a stick's length across the track, and its distance from the track's middle line
STICK_LENGTH, STICK_GAP = 30, 3

#: The moves whose sentence talks about the sticks on the board (a lesson's ``highlight``).
THROW_MOVES = frozenset({"throw"})
#: Events that move a scoring stick from one team to the other (its ``gainer``).
SCORING_EVENTS = frozenset({"circuit", "hit", "north_creek"})
_GOLD = "#f2b100"


def _stick_ends(state: ZohnAhlState, team: int) -> tuple[float, float, float, float]:
    """The two ends of a team's stick as drawn (:func:`_sticks`)."""
    x, y, nx, ny = stick_pose(state, team)
    side = 1 if team == 0 else -1
    near, far = STICK_GAP * side, (STICK_GAP + STICK_LENGTH) * side
    return x + nx * near, y + ny * near, x + nx * far, y + ny * far


def _ring_stick(state: ZohnAhlState, team: int) -> str:
    x1, y1, x2, y2 = _stick_ends(state, team)
    return (f'<line class="jk-highlight" data-highlight="stick" data-team="{team}" '
            f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{_GOLD}" '
            f'stroke-width="28" stroke-linecap="round"/>')


def _ring_site(state: ZohnAhlState, team: int, position: int) -> str:
    """A ring where ``team``'s stick rests at ``position`` (counted its own way round)."""
    length = circuit_length(state.rules)
    positions = list(state.positions)
    positions[team] = position % length
    x, y, _nx, _ny = stick_pose(replace(state, positions=(positions[0], positions[1])), team)
    return (f'<circle class="jk-highlight" data-highlight="landing" data-team="{team}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="24" fill="none" stroke="{_GOLD}" '
            f'stroke-width="6"/>')


def _ring_scoring(team: int, spans: Sequence[tuple[float, float]] = ()) -> str:
    """A ring round ``team``'s legend lines: the wide board's, or those of ``spans`` (where
    each team's lines start and end on the phone's board, :func:`_narrow_legend`)."""
    if spans:
        top, bottom = spans[team]
        return (f'<rect class="jk-highlight" data-highlight="scoring" data-team="{team}" '
                f'x="{NARROW_CROP + 4}" y="{top:.0f}" width="{SIZE - 2 * NARROW_CROP - 8}" '
                f'height="{bottom - top:.0f}" rx="10" fill="none" stroke="{_GOLD}" '
                f'stroke-width="5"/>')
    y = SIZE + 22 + TEAM_LEGEND * team
    return (f'<rect class="jk-highlight" data-highlight="scoring" data-team="{team}" x="10" '
            f'y="{y - 22}" width="{SIZE - 20}" height="{TEAM_LEGEND - 2}" rx="10" '
            f'fill="none" stroke="{_GOLD}" stroke-width="5"/>')


def _rings(state: ZohnAhlState, events: tuple[Event, ...],
           legend: Sequence[tuple[float, float]] = ()) -> str:
    """Gold rings (``class="jk-highlight"``) under what a lesson's sentence on a throw talks
    about, read off the step's ``events`` as the engine made them: the stick a ``move``
    moved and the site it landed on (its ``end``; the south creek where a
    ``surplus_dropped`` stopped it there), a stick a ``hit`` sent back, the scoring
    sticks of the team a ``circuit``, ``hit`` or ``north_creek`` made gain one. Before the
    throw (no events yet): the stick of the team about to throw."""
    if not events:
        return "" if state.over else _ring_stick(state, int(state.team))
    parts = []
    dropped = any(ev.kind == "surplus_dropped" for ev in events)   # it stopped in the creek
    for ev in events:
        if ev.kind == "move" and ev.actors:
            parts.append(_ring_site(state, ev.actors[0], 0 if dropped else ev.amount("end", 0)))
            parts.append(_ring_stick(state, ev.actors[0]))
        elif ev.kind == "hit" and ev.get("loser") in (0, 1):
            parts.append(_ring_stick(state, int(ev.get("loser"))))
        if ev.kind in SCORING_EVENTS and ev.get("gainer") in (0, 1):
            parts.append(_ring_scoring(int(ev.get("gainer")), legend))
    return "".join(parts)


def _sticks(state: ZohnAhlState, _: Gettext, lang: str) -> str:
    """Each stick across the track, the north–south team's on the outer side of the line and
    the west–east team's on the inner side, so two sticks in one gap never hide each other."""
    parts = []
    for team in (0, 1):
        x, y, nx, ny = stick_pose(state, team)
        side = 1 if team == 0 else -1
        near, far = STICK_GAP * side, (STICK_GAP + STICK_LENGTH) * side
        x1, y1, x2, y2 = x + nx * near, y + ny * near, x + nx * far, y + ny * far
        colour = TEAM_COLOURS[team]
        label = escape(team_name(team, _))
        parts.append(f'<g><title>{label}</title>'
                     f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'stroke="#fff" stroke-width="16" stroke-linecap="round"/>'
                     f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'stroke="{colour}" stroke-width="12" stroke-linecap="round"/></g>')
    return "".join(parts)


LEGEND_ROW = 28
#: A team's two legend lines and the gap under them.
TEAM_LEGEND = 50


def direction_text(direction: str, _: Gettext) -> str:
    """How a stick runs, true on every side of the drawing: west from the south creek is
    clockwise as the board is drawn (south at the bottom)."""
    return _("clockwise") if direction == "west" else _("anticlockwise")


def _legend(state: ZohnAhlState, _: Gettext, lang: str) -> str:
    """Two lines per team: its colour and name, then the way it runs round the board (the
    word, and an arrow that turns, so it is right on every side) and its scoring sticks. On
    one line the French and Basque rows ran past the board's right edge."""
    parts = []
    for team in (0, 1):
        y = SIZE + 22 + TEAM_LEGEND * team
        colour = TEAM_COLOURS[team]
        arrow = "↻" if state.direction(team) == "west" else "↺"
        mark = " ●" if not state.over and state.team == team else ""
        parts.append(f'<rect x="20" y="{y - 16}" width="12" height="40" rx="3" fill="{colour}"/>')
        parts.append(_fitted(42, y, _cap(team_name(team, _)) + mark, lang, 16, weight="bold"))
        parts.append(_fitted(42, y + 22, f"{arrow} " + _cap(_("%(direction)s: %(sticks)s") % {
            "direction": direction_text(state.direction(team), _),
            "sticks": sticks_text(state.scoring[team], _)}), lang, 15))
    return "".join(parts)


def _fitted(x: float, y: float, body: str, lang: str, size: int, weight: str = "normal",
            right: float = SIZE - 12) -> str:
    """A left-aligned legend line that never runs past ``right`` (the board's right edge): a
    line longer than the room left (at about 0.56 em a character) is drawn narrower to fit."""
    room = right - x
    text = _text(x, y, body, lang, size, anchor="start", weight=weight)
    if len(body) * size * 0.56 <= room:
        return text
    return text.replace("<text ", f'<text textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs" ', 1)


def _wrapped(text: str, size: int, room: float) -> list[str]:
    """``text`` in lines of ``room`` units at ``size`` (about 0.56 em a character)."""
    width = max(1, int(room / (0.56 * size)))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _narrow_legend(state: ZohnAhlState, _: Gettext, lang: str, top: float
                   ) -> tuple[str, float, list[tuple[float, float]]]:
    """The phone's legend under the board, its height, and where each team's lines start
    and end: per team its colour and name, then the way it runs and its scoring sticks in as
    many lines as they take."""
    parts = []
    spans = []
    y = top
    size = NARROW_LEAST
    for team in (0, 1):
        mark = " ●" if not state.over and state.team == team else ""
        arrow = "↻" if state.direction(team) == "west" else "↺"
        lines = [_cap(team_name(team, _)) + mark] + _wrapped(
            f"{arrow} " + _cap(_("%(direction)s: %(sticks)s") % {
                "direction": direction_text(state.direction(team), _),
                "sticks": sticks_text(state.scoring[team], _)}), size,
            _NARROW_RIGHT - _NARROW_LEFT)
        parts.append(f'<rect x="{_NARROW_LEFT - 24}" y="{y - 20}" width="14" '
                     f'height="{26 * len(lines) + 2}" rx="3" fill="{TEAM_COLOURS[team]}"/>')
        for i, line in enumerate(lines):
            parts.append(_fitted(_NARROW_LEFT, y + 26 * i, line, lang,
                                 size + (2 if i == 0 else 0),
                                 weight="bold" if i == 0 else "normal", right=_NARROW_RIGHT))
        spans.append((y - 24, y + 26 * (len(lines) - 1) + 8))
        y += 26 * len(lines) + 14
    return "".join(parts), y - top + 8, spans


def _knee_lines(_: Gettext, size: int) -> list[str]:
    return _wrapped(_("The knees' ends: sites on the 40-site board only"), size,
                    _NARROW_RIGHT - _NARROW_LEFT) if size > WIDE_SIZES["knee"] else [""]


def _knee_legend_lines(y: float, lines: list[str], lang: str, size: int) -> str:
    """The knee legend in lines (the phone's board)."""
    return (f'<circle cx="{_NARROW_LEFT - 17}" cy="{y - 7}" r="7" fill="#f6efe1" '
            f'stroke="#3b2a18" stroke-width="2"/>'
            + "".join(_text(_NARROW_LEFT, y + LEGEND_ROW * i, line, lang, size,
                            anchor="start")
                      for i, line in enumerate(lines)))


def _knee_legend(y: float, _: Gettext, lang: str) -> str:
    """What the hollow circles are: drawn only on the 40-site board, which counts them."""
    return (f'<circle cx="26" cy="{y - 5}" r="5" fill="#f6efe1" stroke="#3b2a18" '
            f'stroke-width="2"/>'
            + _text(42, y, _("The knees' ends: sites on the 40-site board only"), lang, 16,
                    anchor="start"))


def render_asked_outcome(before: ZohnAhlState, after: ZohnAhlState, events: tuple[Event, ...],
                         _: Gettext, lang: str) -> tuple[ZohnAhlState, str]:
    """A question about a throw ("where does the stick land?"): the board before the move,
    and beside it the sticks as they fell, with the throw in words."""
    throws = [ev for ev in events if ev.kind == "throw"]
    if not throws:
        return before, ""
    caption = describe_event(throws[0], _)
    return before, (f'<div lang="{escape(lang)}">'
                    f'{render_sticks_svg(throws[0], _, lang, caption, roll=0, counted=True)}'
                    f'<p style="margin:.1rem 0 .3rem">{escape(caption)}</p></div>')


def render_last_throw(events: Sequence[Event], _: Gettext, lang: str, roll: int,
                      highlight: frozenset[str] = frozenset()) -> str:
    """The sticks of the last throw among ``events`` as they fell, with the throw in words
    (``""`` without a throw): a lesson's throw is drawn as the play view draws it. ``roll``,
    the throws so far, lets each new throw fall anew; ``highlight`` (the moves a lesson's
    sentence talks about) naming a throw rings the faces it counts."""
    throws = [ev for ev in events if ev.kind == "throw"]
    if not throws:
        return ""
    caption = describe_event(throws[-1], _)
    return (f'<div lang="{escape(lang)}">'
            f'{render_sticks_svg(throws[-1], _, lang, caption, roll=roll, counted=bool(highlight & THROW_MOVES))}'
            f'<p style="margin:.1rem 0 .3rem">{escape(caption)}</p></div>')


