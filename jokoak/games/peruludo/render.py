"""Peruludo in words and pictures: event -> sentence, state -> accessible SVG.

Pure: every function takes the visitor's gettext ``_`` (English msgids, ``%(name)s``
params) and returns text or markup with every text escaped. Players are "Player 3"
(1-based seat). A bid is written "7 × 2" (seven dice showing 2).

What a viewer may see follows the engine: ``render_table_svg(..., viewer=seat)`` draws only
the dice ``state.visible_cup(seat, viewer)`` allows (own cup, lifted cups); ``viewer=None``
is the spectator and sees every die until a palero is called, then only the lifted cups, so
the cups that stay closed (``palero.cups_stay_closed``) are never drawn open (see
:func:`shown_cup`). ``describe_event(ev, _, viewer=seat)`` words a ``roll`` of another seat
without its face.
"""

from __future__ import annotations

from html import escape
from math import cos, pi, sin
from typing import Any, Callable

from jokoak.engine.core import Event
from jokoak.games.peruludo.bids import count_face
from jokoak.games.peruludo.state import PeruludoPosition
from jokoak.i18n.msgids import N_
from jokoak.render import names_text, plural_of

Gettext = Callable[[str], str]


_EVENT_KINDS: tuple[tuple[str, str], ...] = (
    ("round_start", N_("New round")), ("roll", N_("Die thrown")), ("bid", N_("Bid")),
    ("doia_pass", N_("No doia")), ("doia", N_("Doia called")),
    ("doia_count", N_("Dice counted for a doia")), ("doia_right", N_("Doia right")),
    ("doia_wrong", N_("Doia wrong")), ("die_gained", N_("Die gained")),
    ("palero", N_("Palero called")), ("cup_lifted", N_("Cup lifted")),
    ("palero_lost", N_("Bid reached: the challenger loses")),
    ("cups_stay_closed", N_("Cups stay closed")),
    ("palero_won", N_("Bid short: the bidder loses")), ("die_lost", N_("Die lost")),
    ("arrastatze_announced", N_("Arrastatze announced")),
    ("arrastatze_ended", N_("Arrastatze over")), ("eliminated", N_("Player out")),
    ("win", N_("Winner")),
)

BID_KIND_LABELS = {
    "opening": N_("opening bid"), "more": N_("more dice of the same face"),
    "higher_face": N_("same quantity, higher face"), "both": N_("more dice of a higher face"),
    "any_face": N_("more dice, any face"), "to_wild": N_("switch to the wild sixes"),
    "more_wild": N_("more sixes"), "from_wild": N_("back from the sixes to another face"),
    "arrastatze_more": N_("more dice of the fixed face"),
    "arrastatze_switch": N_("another player in arrastatze takes a higher face"),
}

START_REASONS = {
    "youngest": N_("%(player)s starts the round as the youngest player."),
    "setup": N_("%(player)s starts the round."),
    "loser": N_("%(player)s starts the round, having lost the last one."),
    "after_elimination": N_("%(player)s starts the round after the elimination."),
    "after_doia": N_("%(player)s starts the round after the doia."),
}


#: How the step-through folds (jokoak/render/reader_steps.py): a player who lets the bid stand is no step
#: of their own (said with the next bid: "Nobody calls doia."), and the dice every player
#: throws at the start of a round, one chance outcome each, are one throw.
FOLD_AHEAD = frozenset({"doia_pass"})
THROWN_TOGETHER = frozenset({"roll"})


def event_kinds() -> list[tuple[str, str]]:
    """(kind, msgid label) of every event the engine emits, for "jump to next event of kind"."""
    return list(_EVENT_KINDS)


def player_name(seat: Any, _: Gettext) -> str:
    if seat is None:
        return _("nobody")
    return _("Player %(number)s") % {"number": int(seat) + 1}


def bid_text(quantity: int, face: int, _: Gettext) -> str:
    return _("%(quantity)s × %(face)s") % {"quantity": quantity, "face": face}


def dice_text(n: int | None, _: Gettext) -> str:
    n = int(n or 0)
    ngettext = plural_of(_)
    return ngettext("%(count)s die", "%(count)s dice", n) % {"count": n}


def describe_event(ev: Event, _: Gettext, viewer: int | None = None) -> str:
    """One plain sentence for ``ev`` in the visitor's language."""
    a = ev.actors
    who = player_name(a[0], _) if a else ""
    other = player_name(a[1], _) if len(a) > 1 else ""
    n = dict(ev.amounts)
    d = dict(ev.data)
    bid = bid_text(n.get("quantity", 0), n.get("face", 0), _) if "face" in n else ""
    k = ev.kind
    if k == "round_start":
        first = _(START_REASONS.get(d.get("reason", ""), START_REASONS["setup"])) % {"player": who}
        kind = (_("An arrastatze round: sixes are not wild, and only another player in "
                  "arrastatze may change the face.")
                if d.get("arrastatze_round") else _("Sixes are wild."))
        dice = _("Round %(round)s: %(dice)s on the table, %(bag)s in the bag.") % {
            "round": n.get("round"), "dice": dice_text(n.get("dice"), _), "bag": n.get("bag")}
        return " ".join((dice, first, kind))
    if k == "roll":
        if viewer is not None and a and viewer != a[0]:
            return _("%(player)s throws a die under the cup.") % {"player": who}
        return _("%(player)s throws a %(face)s.") % {"player": who, "face": n.get("face")}
    if k == "bid":
        label = _(BID_KIND_LABELS.get(d.get("kind", ""), "opening bid"))
        return _("%(player)s bids %(bid)s (%(kind)s).") % {"player": who, "bid": bid,
                                                         "kind": label}
    if k == "doia_pass":
        return _("%(player)s does not call doia.") % {"player": who}
    if k == "doia":
        return _("%(player)s calls doia on the bid %(bid)s: the round stops and every cup is "
                 "lifted.") % {"player": who, "bid": bid}
    if k == "doia_count":
        if d.get("wild") and n.get("face") != 6:  # a bid on sixes counts its sixes once
            return _("Dice showing %(face)s, wild sixes included: %(count)s, for a bid of "
                     "%(quantity)s.") % {"face": n.get("face"), "count": n.get("count"),
                                         "quantity": n.get("quantity")}
        return _("Dice showing %(face)s: %(count)s, for a bid of %(quantity)s.") % {
            "face": n.get("face"), "count": n.get("count"), "quantity": n.get("quantity")}
    if k == "doia_right":
        if n.get("gained"):
            return _("The bid is exactly right: %(player)s wins a die.") % {"player": who}
        return _("The bid is exactly right, but the bag is empty: %(player)s gains no die.") % {
            "player": who}
    if k == "doia_wrong":
        return _("The bid is not exact (%(count)s, not %(quantity)s): %(player)s loses a die.") % {
            "player": who, "count": n.get("count"), "quantity": n.get("quantity")}
    if k == "die_gained":
        if d.get("source") == "outside":
            return _("The bag is empty, so %(player)s takes a die from outside the table and "
                     "now has %(dice)s.") % {"player": who, "dice": dice_text(n.get("dice"), _)}
        return _("%(player)s takes a die from the bag and now has %(dice)s.") % {
            "player": who, "dice": dice_text(n.get("dice"), _)}
    if k == "palero":
        return _("%(player)s does not believe %(other)s's bid %(bid)s and calls palero.") % {
            "player": who, "other": other, "bid": bid}
    if k == "cup_lifted":
        dice = ", ".join(str(x) for x in d.get("dice", [])) or _("no dice")
        return _("%(player)s's cup is lifted: %(dice)s. It adds %(matched)s; the count is "
                 "%(count)s of %(quantity)s.") % {
            "player": who, "dice": dice, "matched": n.get("matched"), "count": n.get("count"),
            "quantity": n.get("quantity")}
    if k == "palero_lost":
        return _("The bid is reached (%(count)s): %(player)s, who called palero, loses a "
                 "die.") % {"count": n.get("count"), "player": who}
    if k == "cups_stay_closed":
        names = names_text([player_name(s, _) for s in a], _)
        return _("The other cups stay closed and their dice secret: %(players)s.") % {
            "players": names}
    if k == "palero_won":
        return _("Every cup is lifted and the count is only %(count)s, fewer than %(quantity)s: "
                 "%(player)s, who made the bid, loses a die.") % {
            "count": n.get("count"), "quantity": n.get("quantity"), "player": who}
    if k == "die_lost":
        return _("%(player)s's die goes into the bag (%(player)s has %(dice)s left; the bag "
                 "holds %(bag)s).") % {"player": who, "dice": dice_text(n.get("dice"), _),
                                       "bag": n.get("bag")}
    if k == "arrastatze_announced":
        return _("%(player)s is down to one die and announces arrastatze.") % {"player": who}
    if k == "arrastatze_ended":
        return _("%(player)s has %(dice)s again and is no longer in arrastatze.") % {
            "player": who, "dice": dice_text(n.get("dice"), _)}
    if k == "eliminated":
        return _("%(player)s has no dice left and is out of the game.") % {"player": who}
    if k == "win":
        return _("%(player)s is the last player with dice and wins.") % {"player": who}
    return k


def describe_folded(kind: str, events: tuple[Event, ...], _: Gettext,
                    context: tuple[Event, ...] = ()) -> str | None:
    """One sentence for a run of ``events`` of one ``kind`` in a step of the step-through
    (``context``: all the step's events); ``None``: word each event on its own."""
    ngettext = plural_of(_)
    if kind == "doia_pass":
        if any(e.kind in ("bid", "palero") for e in context) and not any(
                e.kind == "doia" for e in context):
            return _("Nobody calls doia.")
        names = names_text([player_name(e.actors[0], _) for e in events if e.actors], _)
        return ngettext("%(players)s does not call doia.", "%(players)s do not call doia.",
                        len(events)) % {"players": names}
    if kind == "roll" and len(events) > 1:
        players = len({e.actors[0] for e in events if e.actors})
        return ngettext("%(count)s player throws %(dice)s under the cup.",
                        "The %(count)s players throw their dice at once, each under their own "
                        "cup: %(dice)s in all.", players) % {
            "count": players, "dice": dice_text(len(events), _)}
    return None


# ---- the table as SVG --------------------------------------------------------------------
_W, _H = 900, 640
_CX, _CY, _RX, _RY = 450, 330, 330, 225
_INK, _PAPER, _FELT, _GOLD, _RED = "#1d1d1d", "#fffdf5", "#2e5d3a", "#b8860b", "#9b1c1c"


def _text(x: float, y: float, body: str, lang: str, size: int = 18, weight: str = "normal",
          anchor: str = "middle", fill: str = _INK) -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}" lang="{escape(lang)}" '
            f'font-family="sans-serif">{escape(body)}</text>')


def _fitted(x: float, y: float, body: str, lang: str, size: int, room: float,
            weight: str = "normal", fill: str = _INK, least: int = 14) -> str:
    """A centred line that never runs past ``room``: a line too long at ``size`` (about 0.56
    em a character, 0.6 in bold) is set smaller, down to ``least``, then drawn narrower."""
    need = len(body) * (0.6 if weight == "bold" else 0.56)
    if need * size > room:
        size = max(least, int(room / need))
    text = _text(x, y, body, lang, size, weight, fill=fill)
    if need * size <= room:
        return text
    return text.replace("<text ", f'<text textLength="{room:.0f}" '
                        'lengthAdjust="spacingAndGlyphs" ', 1)


_SPOTS = {1: [(.5, .5)], 2: [(.28, .28), (.72, .72)], 3: [(.25, .25), (.5, .5), (.75, .75)],
          4: [(.28, .28), (.72, .28), (.28, .72), (.72, .72)],
          5: [(.25, .25), (.75, .25), (.5, .5), (.25, .75), (.75, .75)],
          6: [(.28, .22), (.72, .22), (.28, .5), (.72, .5), (.28, .78), (.72, .78)]}


def _die(x: float, y: float, face: int, size: float, counts: bool, order: int = 0) -> str:
    fill = "#ffe7a3" if counts else _PAPER
    out = [f'<g class="jk-die" style="animation-delay:{order * 50}ms">'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="5" fill="{fill}" '
           f'stroke="{_INK}" stroke-width="1.5"/>']
    out += [f'<circle cx="{x + size * a:.1f}" cy="{y + size * b:.1f}" r="{size * .09:.1f}" '
            f'fill="{_RED if face == 6 else _INK}"/>' for a, b in _SPOTS.get(face, [])]
    return "".join(out) + "</g>"


#: The dice of a round roll as they are first drawn (the page's CSS, ui/shell.py): the
#: cup's group takes one of these by the round's parity, so a new round rolls anew and a
#: redraw within the round does not; a lifted cup's dice do not roll.
ROLL_CLASS = ("jk-roll-a", "jk-roll-b")


def _seat_xy(seat: int, players: int) -> tuple[float, float]:
    # Seat 0 at the bottom, seat 1 to its left (screen left): seen from above, play passes
    # to each player's left, clockwise round the table (bottom, left, top, right).
    angle = pi / 2 + 2 * pi * seat / players
    return _CX + _RX * cos(angle), _CY + _RY * sin(angle)


def shown_cup(state: PeruludoPosition, seat: int, viewer: int | None) -> tuple[int, ...] | None:
    """The dice of ``seat`` the picture may show ``viewer``.

    As the engine's observation, except that once a palero is called the spectator too sees
    only the lifted cups: the step-through shows the reveal cup by cup, and the cups left
    closed (clause ``palero.cups_stay_closed``) stay closed in the picture for everyone but
    their owner.
    """
    if state.reveal_order and seat not in state.revealed and viewer != seat:
        return None
    return state.visible_cup(seat, viewer)


def table_summary(state: PeruludoPosition, _: Gettext, viewer: int | None = None) -> str:
    """The table in sentences (the SVG's <desc>, and a text alternative for pages)."""
    parts = [_("Round %(round)s.") % {"round": state.round_no},
             _("The bag holds %(dice)s.") % {"dice": dice_text(state.bag, _)},
             (_("Sixes are not wild in this arrastatze round.") if state.arrastatze_round
              else _("Sixes are wild."))]
    if state.bid is not None:
        parts.append(_("Current bid: %(bid)s by %(player)s.") % {
            "bid": bid_text(state.bid[0], state.bid[1], _), "player": player_name(state.bidder, _)})
    if state.phase == "reveal":
        parts.append(_("Palero: %(count)s counted so far.") % {"count": state.running})
    for seat in range(state.players):
        count = state.counts[seat]
        if count == 0:
            parts.append(_("%(player)s is out.") % {"player": player_name(seat, _)})
            continue
        line = _("%(player)s has %(dice)s.") % {"player": player_name(seat, _),
                                                "dice": dice_text(count, _)}
        cup = shown_cup(state, seat, viewer)
        if cup:
            line += " " + _("Dice: %(faces)s.") % {"faces": ", ".join(map(str, cup))}
        elif state.cups[seat]:
            line += " " + _("Cup closed.")
        if seat in state.arrastatu:
            line += " " + _("In arrastatze.")
        parts.append(line)
    if state.winner is not None:
        parts.append(_("%(player)s wins.") % {"player": player_name(state.winner, _)})
    return " ".join(parts)


#: The moves whose sentence talks about the bid standing (a lesson's ``highlight``).
BID_MOVES = frozenset({"bid", "palero", "doia"})


def _centre_line(state: PeruludoPosition, _: Gettext) -> str:
    """The table's centre line, in both layouts: the standing bid, else the winner, else
    that nobody has bid yet."""
    if state.bid is not None:
        return _("Bid: %(bid)s") % {"bid": bid_text(state.bid[0], state.bid[1], _)}
    if state.winner is not None:
        return _("%(player)s wins") % {"player": player_name(state.winner, _)}
    return _("No bid yet")


def render_table_svg(state: PeruludoPosition, _: Gettext, lang: str, viewer: int | None = None,
                     highlight: frozenset[str] = frozenset(), narrow: bool = False) -> str:
    """The table seen from above: each cup with its dice count, the dice ``viewer`` may see
    (lifted cups numbered in lifting order, with the running count), the bag, the bid, and
    who is in arrastatze. The player on turn is outlined in gold. ``highlight`` names the
    moves a lesson's sentence talks about: a bid, palero or doia ring the bid standing.
    ``narrow``: laid out for a phone's width (:func:`_narrow_table_svg`)."""
    if narrow:
        return _narrow_table_svg(state, _, lang, viewer, highlight)
    la = escape(lang)
    uid = f"pl{state.round_no}-{len(state.history)}-{len(state.revealed)}"
    title = _("peruludo: the table")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="100%" '
           f'role="img" aria-labelledby="{uid}-t {uid}-d" lang="{la}" xml:lang="{la}" '
           f'style="max-width:{_W}px">',
           f'<title id="{uid}-t" lang="{la}">{escape(title)}</title>',
           f'<desc id="{uid}-d" lang="{la}">{escape(table_summary(state, _, viewer))}</desc>',
           f'<rect x="0" y="0" width="{_W}" height="{_H}" rx="18" fill="{_FELT}"/>',
           f'<ellipse cx="{_CX}" cy="{_CY}" rx="{_RX - 120}" ry="{_RY - 95}" fill="#3d7a4c" '
           f'stroke="#23472c" stroke-width="4"/>']
    # centre: bid, bag, kind of round
    centre = _centre_line(state, _)
    if state.bid is not None and highlight & BID_MOVES:
        out.append(f'<ellipse class="jk-highlight" cx="{_CX}" cy="{_CY}" rx="{_RX - 108}" '
                   f'ry="{_RY - 83}" fill="none" stroke="#f2b100" stroke-width="8"/>')
    out.append(_text(_CX, _CY - 30, centre, lang, 30, "bold", fill="#ffffff"))
    out.append(_text(_CX, _CY + 6, _("Bag: %(dice)s") % {"dice": dice_text(state.bag, _)},
                     lang, 20, fill="#ffffff"))
    mode = (_("Arrastatze round: sixes not wild") if state.arrastatze_round
            else _("Sixes are wild"))
    out.append(_text(_CX, _CY + 36, mode, lang, 18, fill="#ffe7a3"))
    if state.phase == "reveal" or (state.revealed and state.stale):
        out.append(_text(_CX, _CY + 64, _("Count: %(count)s") % {"count": state.running},
                         lang, 20, "bold", fill="#ffffff"))
    for seat in range(state.players):
        out.append(_seat(state, seat, _, lang, viewer))
    out.append("</svg>")
    return "".join(out)


def _seat(state: PeruludoPosition, seat: int, _: Gettext, lang: str, viewer: int | None) -> str:
    x, y = _seat_xy(seat, state.players)
    # up to six seats, cards large enough that a kiosk's or a laptop's lesson reads them
    # (at 196 × 104 and 16/15 units their words came out at 9–10 px)
    w, h, big = (220, 112, True) if state.players <= 6 else (150, 96, False)
    on_turn = state.current_player() == seat
    out = [f'<rect x="{x - w / 2:.0f}" y="{y - h / 2:.0f}" width="{w}" height="{h}" rx="12" '
           f'fill="{_PAPER if state.counts[seat] else "#bbbbbb"}" '
           f'stroke="{_GOLD if on_turn else _INK}" stroke-width="{5 if on_turn else 2}"/>']
    name = player_name(seat, _) + (" · " + _("you") if viewer == seat else "")
    # a lifted cup's order and count stand in the top right corner: the centred lines keep
    # clear of them
    room = w - (90 if seat in state.revealed and state.bid is not None else 14)
    out.append(_fitted(x, y - h / 2 + (23 if big else 20), name, lang, 19 if big else 16,
                       room, "bold"))
    status = (dice_text(state.counts[seat], _) if state.counts[seat] else _("out"))
    if seat in state.arrastatu:
        status += " · " + _("arrastatze")
    out.append(_fitted(x, y - h / 2 + (45 if big else 40), status, lang, 17 if big else 15,
                       room, fill=_RED if seat in state.arrastatu else _INK))
    cup = shown_cup(state, seat, viewer)
    if cup:
        face = state.bid[1] if state.bid else None
        size = min(34.0 if big else 32.0, (w - 12) / max(len(cup), 1) - 3)
        left = x - (len(cup) * (size + 3) - 3) / 2
        rolling = not state.revealed and state.phase != "reveal"
        out.append(f'<g class="{ROLL_CLASS[state.round_no % 2]}">' if rolling else "<g>")
        for i, d in enumerate(cup):
            counts = face is not None and (d == face or (state.wild and d == 6))
            out.append(_die(left + i * (size + 3), y + 2, d, size, counts, i))
        out.append("</g>")
    elif state.cups[seat] and state.counts[seat]:
        out.append(f'<path d="M{x - 28:.0f},{y + 34:.0f} L{x - 20:.0f},{y + 4:.0f} '
                   f'L{x + 20:.0f},{y + 4:.0f} L{x + 28:.0f},{y + 34:.0f} Z" fill="#6b3e1f" '
                   f'stroke="{_INK}"/>')
    if seat in state.revealed and state.bid is not None:
        # lifted: its place in the lifting order and the running count after it
        order = state.revealed.index(seat) + 1
        face = state.bid[1]
        running = sum(count_face(state.cups[s], face, state.wild)
                      for s in state.revealed[:order])
        out.append(_text(x + w / 2 - 6, y - h / 2 + 20, f"#{order}", lang, 16, "bold",
                         anchor="end", fill=_RED))
        out.append(_text(x + w / 2 - 6, y - h / 2 + 42, f"= {running}", lang, 16, "bold",
                         anchor="end", fill=_RED))
    return "".join(out)


# ---- the table laid out for a phone ------------------------------------------------------
#: The phone's table: 360 units wide, drawn at about one pixel a unit on a 390 px phone, so
#: no word is set under :data:`_NARROW_LEAST` units (11 px and more there); the wide table
#: (900 units) came out at 0.4 px a unit, its words at 6–7 px. The bid, the bag and the kind
#: of round head the drawing; the seats go round an upright oval under it, in the same
#: order as on the wide table (bottom, left, top, right: clockwise seen from above).
_NW, _NARROW_LEAST = 360, 13


def _narrow_card(players: int) -> tuple[int, int]:
    """A seat's card on the phone (width, height): two side by side up to six players,
    narrower beyond."""
    return (150, 80) if players <= 6 else (116, 74)


def narrow_seat_centres(players: int) -> list[tuple[float, float]]:
    """Where each seat's card is centred on the phone's table (below its heading): round an
    oval pressed against the table's sides (a card never leaves the table), as tall as
    keeps every two cards 6 units apart."""
    w, h = _narrow_card(players)
    edge = w / 2 + 6
    ry = float(h)
    while True:
        centres = [(min(_NW - edge, max(edge, _NW / 2 + 200 * cos(pi / 2 + 2 * pi * s / players))),
                    ry * sin(pi / 2 + 2 * pi * s / players)) for s in range(players)]
        clear = all(abs(a[0] - b[0]) >= w + 6 or abs(a[1] - b[1]) >= h + 6
                    for i, a in enumerate(centres) for b in centres[i + 1:])
        if clear or ry > 40 * h:
            return centres
        ry += 4


def _narrow_table_svg(state: PeruludoPosition, _: Gettext, lang: str, viewer: int | None,
                      highlight: frozenset[str]) -> str:
    la = escape(lang)
    uid = f"pln{state.round_no}-{len(state.history)}-{len(state.revealed)}"
    least = _NARROW_LEAST
    counting = state.phase == "reveal" or bool(state.revealed and state.stale)
    head = 98 if counting else 78
    w, h = _narrow_card(state.players)
    centres = narrow_seat_centres(state.players)
    top = min(y for _x, y in centres)
    ring_h = max(y for _x, y in centres) - top + h
    height = head + ring_h + 16
    dy = head + 8 + h / 2 - top
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_NW} {height:.0f}" '
           f'width="100%" role="img" aria-labelledby="{uid}-t {uid}-d" lang="{la}" '
           f'xml:lang="{la}" style="max-width:{_NW * 2}px">',
           f'<title id="{uid}-t" lang="{la}">{escape(_("peruludo: the table"))}</title>',
           f'<desc id="{uid}-d" lang="{la}">{escape(table_summary(state, _, viewer))}</desc>',
           f'<rect x="0" y="0" width="{_NW}" height="{height:.0f}" rx="14" fill="{_FELT}"/>',
           f'<rect x="8" y="8" width="{_NW - 16}" height="{head - 12}" rx="10" fill="#3d7a4c" '
           f'stroke="#23472c" stroke-width="3"/>']
    centre = _centre_line(state, _)
    if state.bid is not None and highlight & BID_MOVES:
        out.append(f'<rect class="jk-highlight" x="5" y="5" width="{_NW - 10}" '
                   f'height="{head - 6}" rx="12" fill="none" stroke="#f2b100" '
                   'stroke-width="5"/>')
    room = _NW - 36
    out.append(_fitted(_NW / 2, 32, centre, lang, 22, room, "bold", "#ffffff", least))
    out.append(_fitted(_NW / 2, 54, _("Bag: %(dice)s") % {"dice": dice_text(state.bag, _)} +
                       " · " + (_("Arrastatze round: sixes not wild") if state.arrastatze_round
                                else _("Sixes are wild")),
                       lang, 15, room, fill="#ffe7a3", least=least))
    if counting:
        out.append(_fitted(_NW / 2, 80, _("Count: %(count)s") % {"count": state.running},
                           lang, 17, room, "bold", "#ffffff", least))
    for seat, (x, y) in enumerate(centres):
        out.append(_narrow_seat(state, seat, x, y + dy, w, h, _, lang, viewer))
    out.append("</svg>")
    return "".join(out)


def _narrow_seat(state: PeruludoPosition, seat: int, x: float, y: float, w: int, h: int,
                 _: Gettext, lang: str, viewer: int | None) -> str:
    """A seat's card on the phone: name, dice count (and arrastatze), and its cup."""
    least = _NARROW_LEAST
    on_turn = state.current_player() == seat
    left, top = x - w / 2, y - h / 2
    out = [f'<rect x="{left:.0f}" y="{top:.0f}" width="{w}" height="{h}" rx="10" '
           f'fill="{_PAPER if state.counts[seat] else "#bbbbbb"}" '
           f'stroke="{_GOLD if on_turn else _INK}" stroke-width="{4 if on_turn else 2}"/>']
    lifted = seat in state.revealed and state.bid is not None
    room = w - (44 if lifted else 12)
    centre = x - (16 if lifted else 0)
    name = player_name(seat, _) + (" · " + _("you") if viewer == seat else "")
    out.append(_fitted(centre, top + 17, name, lang, 15, room, "bold", least=least))
    status = (dice_text(state.counts[seat], _) if state.counts[seat] else _("out"))
    if seat in state.arrastatu:
        status += " · " + _("arrastatze")
    out.append(_fitted(centre, top + 34, status, lang, 14, room, least=least,
                       fill=_RED if seat in state.arrastatu else _INK))
    cup = shown_cup(state, seat, viewer)
    if cup:
        face = state.bid[1] if state.bid else None
        size = min(28.0, (w - 10) / max(len(cup), 1) - 3)
        start = x - (len(cup) * (size + 3) - 3) / 2
        rolling = not state.revealed and state.phase != "reveal"
        out.append(f'<g class="{ROLL_CLASS[state.round_no % 2]}">' if rolling else "<g>")
        for i, d in enumerate(cup):
            counts = face is not None and (d == face or (state.wild and d == 6))
            out.append(_die(start + i * (size + 3), top + h - size - 6, d, size, counts, i))
        out.append("</g>")
    elif state.cups[seat] and state.counts[seat]:
        base = top + h - 6
        out.append(f'<path d="M{x - 22:.0f},{base:.0f} L{x - 15:.0f},{base - 24:.0f} '
                   f'L{x + 15:.0f},{base - 24:.0f} L{x + 22:.0f},{base:.0f} Z" fill="#6b3e1f" '
                   f'stroke="{_INK}"/>')
    if lifted:
        assert state.bid is not None
        order = state.revealed.index(seat) + 1
        running = sum(count_face(state.cups[s], state.bid[1], state.wild)
                      for s in state.revealed[:order])
        out.append(_text(left + w - 6, top + 17, f"#{order}", lang, 14, "bold", anchor="end",
                         fill=_RED))
        out.append(_text(left + w - 6, top + 34, f"= {running}", lang, 14, "bold",
                         anchor="end", fill=_RED))
    return "".join(out)
