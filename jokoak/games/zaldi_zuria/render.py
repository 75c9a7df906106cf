"""Zaldi zuria in words and pictures: event -> sentence, state -> accessible SVG.

Pure: every function takes the visitor's gettext ``_`` (English msgids, ``%(name)s``
params) and returns text or markup in which every text is escaped. Sentences name players
by seat number ("Player 3", 1-based) and amounts as "1 chip" / "N chips".
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any, Callable

from jokoak.engine.core import Event
from jokoak.games.zaldi_zuria.rules import BANK, CARD_LABELS, CARDS, MARKS
from jokoak.games.zaldi_zuria.state import ZaldiState
from jokoak.i18n.msgids import N_
from jokoak.render import names_text, plural_of

Gettext = Callable[[str], str]


KIND_LABELS = {1: N_("all blank: the white horse"), 2: N_("bell or hammer, the rest blank"),
               3: N_("bell or hammer with pips"), 4: N_("pips and blanks only")}
MARK_LABELS = {"bell": N_("bell"), "hammer": N_("hammer")}
#: The symbols a throw shows, as a phrase after its pips ("Player 5 throws 0 pips, with the
#: bell."): whole phrases, so that no language has to build one from a bare label.
MARK_PHRASES = {(): N_("with no bell and no hammer"), ("bell",): N_("with the bell"),
                ("hammer",): N_("with the hammer"),
                ("bell", "hammer"): N_("with the bell and the hammer")}
PHASE_LABELS = {"start": N_("Opening throws: who will be the auctioneer?"),
                "auction": N_("Phase 1: the auction of the cards"),
                "phase2": N_("Phase 2: throws (the inn is closed)"),
                "phase3": N_("Phase 3: throws (the inn is open)"),
                "over": N_("The game is over")}
ENDING_LABELS = {"exact_hit": N_("as many pips as the bank holds"),
                 "straight": N_("1, 2, 3, 4, 5, 6 and two blanks")}

_EVENT_KINDS: tuple[tuple[str, str], ...] = (
    ("table_set", N_("Table set")), ("start_throw", N_("Opening throw")),
    ("start_tie", N_("Tie in the opening throws")),
    ("auctioneer_chosen", N_("Auctioneer chosen")), ("auction_open", N_("Card put up for sale")),
    ("bid", N_("Auction bid")), ("auction_pass", N_("No bid")), ("card_sold", N_("Card sold")),
    ("card_unsold", N_("Card unsold")), ("play_begins", N_("Throws begin")),
    ("takes_dice", N_("Turn taken")), ("throw", N_("Throw")), ("payment", N_("Payment")),
    ("no_payment", N_("No payment")),
    ("turn_pass", N_("Turn passed")), ("eliminated", N_("Player out")),
    ("card_released", N_("Card given up")), ("inn_opens", N_("Inn opens")),
    ("game_end", N_("End of the game")),
)


#: How the step-through folds (jokoak/render/reader_steps.py): a player who does not bid, or who lets a turn
#: pass the first time, is no step of their own (said with the next bid, sale or throw), nor
#: is taking the dice (said with the throw). A second pass in a row, which puts the player
#: out, comes with other events and stays a step.
FOLD_AHEAD = frozenset({"auction_pass", "takes_dice", "turn_pass"})


def event_kinds() -> list[tuple[str, str]]:
    """(kind, msgid label) of every event the engine emits, for "jump to next event of kind"."""
    return list(_EVENT_KINDS)


def player_name(seat: Any, _: Gettext) -> str:
    if seat == BANK:
        return _("the bank")
    if seat is None:
        return _("nobody")
    return _("Player %(number)s") % {"number": int(seat) + 1}


def chips_text(n: int | None, _: Gettext) -> str:
    n = int(n or 0)
    ngettext = plural_of(_)
    return ngettext("%(count)s chip", "%(count)s chips", n) % {"count": n}


def pips_text(n: int | None, _: Gettext) -> str:
    n = int(n or 0)
    ngettext = plural_of(_)
    return ngettext("%(count)s pip", "%(count)s pips", n) % {"count": n}


def card_name(card: str | None, _: Gettext) -> str:
    return _(CARD_LABELS[card]) if card in CARD_LABELS else ""


def marks_text(marks: list[str], _: Gettext) -> str:
    if not marks:
        return _("all blank")
    return ", ".join(_(MARK_LABELS[m]) if m in MARK_LABELS else m for m in marks)


def marks_phrase(marks: list[str], _: Gettext) -> str:
    """The bell and the hammer of a throw as one phrase ("with the bell"), in any order; its pip
    faces are said by its pips."""
    return _(MARK_PHRASES[tuple(m for m in ("bell", "hammer") if m in marks)])


def describe_event(ev: Event, _: Gettext) -> str:
    """One plain sentence for ``ev`` in the visitor's language."""
    a = ev.actors
    who = player_name(a[0], _) if a else ""
    d = dict(ev.data)
    k = ev.kind
    if k == "table_set":
        text = _table_set(ev, d, _)
    elif k == "start_throw":
        text = _("%(player)s throws %(pips)s, %(marks)s.") % {
            "player": who, "marks": marks_phrase(d.get("marks", []), _),
            "pips": pips_text(ev.amount("pips"), _)}
    elif k == "start_tie":
        text = _("%(players)s tie with %(pips)s and throw again.") % {
            "players": names_text([player_name(s, _) for s in a], _),
            "pips": pips_text(ev.amount("pips"), _)}
    elif k == "auctioneer_chosen":
        text = _("%(player)s has the most pips (%(pips)s) and becomes auctioneer and banker.") % {
            "player": who, "pips": ev.amount("pips")}
    elif k == "auction_open":
        text = _("The auctioneer puts the %(card)s card up for sale.") % {
            "card": card_name(d.get("card"), _)}
    elif k == "bid":
        text = _("%(player)s bids %(amount)s for the %(card)s card.") % {
            "player": who, "amount": chips_text(ev.amount("bid"), _),
            "card": card_name(d.get("card"), _)}
    elif k == "auction_pass":
        text = _("%(player)s does not bid for the %(card)s card.") % {
            "player": who, "card": card_name(d.get("card"), _)}
    elif k == "card_sold":
        text = _("%(player)s buys the %(card)s card for %(amount)s.") % {
            "player": who, "card": card_name(d.get("card"), _),
            "amount": chips_text(ev.amount("price"), _)}
    elif k == "card_unsold":
        text = _("Nobody bids for the %(card)s card: it stays unsold.") % {
            "card": card_name(d.get("card"), _)}
    elif k == "play_begins":
        text = _("The auction is over; the throws begin with %(player)s.") % {"player": who}
    elif k == "takes_dice":
        text = _("%(player)s takes the dice.") % {"player": who}
    elif k == "throw":
        text = _("%(player)s throws %(pips)s, %(marks)s; kind of throw: %(kind)s (the bank "
                 "holds %(bank)s).") % {
            "player": who, "marks": marks_phrase(d.get("marks", []), _),
            "pips": pips_text(ev.amount("pips"), _), "kind": _(KIND_LABELS[d.get("throw_kind", 1)]),
            "bank": chips_text(ev.amount("bank"), _)}
    elif k == "payment":
        text = _describe_payment(ev, d, _)
    elif k == "no_payment":
        text = _describe_no_payment(ev, d, _)
    elif k == "turn_pass":
        text = (_("%(player)s passes and does not throw (they did not pass on their previous "
                  "turn).")
                if ev.amount("passes") == 1 else
                _("%(player)s passes again: two turns in a row without taking part.")) % {
            "player": who}
    elif k == "eliminated":
        text = _("%(player)s leaves the game, and the bank takes their %(amount)s.") % {
            "player": who, "amount": chips_text(ev.amount("chips"), _)}
    elif k == "card_released":
        text = _("%(player)s gives up the %(card)s card; it now belongs to %(holder)s.") % {
            "player": who, "card": card_name(d.get("card"), _),
            "holder": player_name(d.get("to"), _)}
    elif k == "inn_opens" and d.get("reason") == "bank_below_21":
        text = (_("The bank holds fewer than 21 chips, so %(player)s, the innkeeper, opens the "
                  "inn (Pierer's rule): from now on the phase 3 rules apply.")
                % {"player": player_name(d.get("innkeeper"), _)})
    elif k == "inn_opens":
        text = (_("%(player)s, the innkeeper, opens the inn: from now on the phase 3 rules "
                  "apply.") % {"player": player_name(d.get("innkeeper"), _)})
    elif k == "game_end":
        text = _describe_end(ev, d, _)
    else:
        text = k
    return text[:1].upper() + text[1:]


def describe_folded(kind: str, events: tuple[Event, ...], _: Gettext,
                    context: tuple[Event, ...] = ()) -> str | None:
    """One sentence for a run of ``events`` of one ``kind`` in a step of the step-through
    (``context``: all the step's events), ``""`` when another event of the step says it
    already, ``None``: word each event on its own."""
    ngettext = plural_of(_)
    if kind == "auction_pass":
        card = events[0].get("card")
        if any(e.kind == "card_unsold" and e.get("card") == card for e in context):
            return ""       # "Nobody bids for the ... card: it stays unsold." says it
        names = names_text([player_name(e.actors[0], _) for e in events if e.actors], _)
        return ngettext("%(players)s does not bid for the %(card)s card.",
                        "%(players)s do not bid for the %(card)s card.", len(events)) % {
            "players": names, "card": card_name(card, _)}
    if kind == "turn_pass":
        if not all(e.amount("passes") == 1 for e in events):
            return None
        names = names_text([player_name(e.actors[0], _) for e in events if e.actors], _)
        return ngettext("%(players)s passes and does not throw (they did not pass on their "
                        "previous turn).",
                        "%(players)s pass and do not throw (none of them passed on their "
                        "previous turn).",
                        len(events)) % {"players": names}
    if kind == "payment" and len(events) > 1:
        return _payments_together(events, _)
    return None


def _payments_together(events: tuple[Event, ...], _: Gettext) -> str | None:
    """Several players paying the same amount to the same party: the stakes, or everybody
    paying the owner of a card, in one sentence (``None`` if they differ)."""
    ngettext = plural_of(_)
    same = {(e.amount("chips"), e.get("payee"), e.get("card"), "start.stakes" in e.clauses)
            for e in events}
    if len(same) != 1 or any(e.get("short") for e in events):
        return None
    chips, payee, card, stakes = same.pop()
    params = {"count": len(events), "amount": chips_text(chips, _),
              "payers": names_text([player_name(e.get("payer"), _) for e in events], _),
              "payee": player_name(payee, _), "card": card_name(card, _)}
    if stakes:
        return ngettext("%(count)s player puts %(amount)s into the bank.",
                        "The %(count)s players each put %(amount)s into the bank.",
                        len(events)) % params
    if card:
        return ngettext("%(payers)s pays %(amount)s to %(payee)s (%(card)s card).",
                        "%(payers)s each pay %(amount)s to %(payee)s (%(card)s card).",
                        len(events)) % params
    return ngettext("%(payers)s pays %(amount)s to %(payee)s.",
                    "%(payers)s each pay %(amount)s to %(payee)s.", len(events)) % params


def _table_set(ev: Event, d: dict[str, Any], _: Gettext) -> str:
    """What is on the table when the scenario or game starts: the purses as they are (a
    scenario may start mid-game), the bank, the cards and the dice."""
    players = ev.amount("players")
    if d.get("same_purses", True):
        seats = _("%(players)s players sit down with %(chips)s each.") % {
            "players": players, "chips": chips_text(ev.amount("chips"), _)}
    else:
        seats = _("%(players)s players sit down holding %(chips)s in all: %(purses)s.") % {
            "players": players, "chips": chips_text(ev.amount("chips"), _),
            "purses": ", ".join(str(c) for c in d.get("purses", []))}
    bank = ev.amount("bank", 0)
    table = (_("The bank holds %(amount)s; five cards and eight dice are on the table.")
             % {"amount": chips_text(bank, _)} if bank else
             _("The bank is empty; five cards and eight dice are on the table."))
    return seats + " " + table


def _describe_payment(ev: Event, d: dict[str, Any], _: Gettext) -> str:
    params = {"payer": player_name(d.get("payer"), _), "payee": player_name(d.get("payee"), _),
              "amount": chips_text(ev.amount("chips"), _),
              "owed": chips_text(ev.amount("owed"), _), "card": card_name(d.get("card"), _)}
    if d.get("short"):
        return _("%(payer)s owes %(owed)s to %(payee)s but has only %(amount)s, and pays all "
                 "of it.") % params
    if "start.stakes" in ev.clauses:
        return _("%(payer)s puts %(amount)s into the bank.") % params
    if d.get("card"):
        return _("%(payer)s pays %(amount)s to %(payee)s (%(card)s card).") % params
    return _("%(payer)s pays %(amount)s to %(payee)s.") % params


def _describe_no_payment(ev: Event, d: dict[str, Any], _: Gettext) -> str:
    reason = d.get("reason")
    params = {"payer": player_name(d.get("payer"), _), "payee": player_name(d.get("payee"), _),
              "card": card_name(d.get("card"), _), "amount": chips_text(ev.amount("owed"), _)}
    if reason == "self" and d.get("payer") == BANK:
        return _("The bank holds the %(card)s card itself: no chips move.") % params
    if reason == "self":
        return _("%(payer)s would pay %(amount)s to themselves: nothing changes hands.") % params
    if reason == "no_holder":
        return _("Nobody holds the card this payment concerns (%(card)s): no chips move.") % params
    return _("The text names no payment for this throw: no chips move.")


def _describe_end(ev: Event, d: dict[str, Any], _: Gettext) -> str:
    params = {"player": player_name(ev.actors[0] if ev.actors else None, _),
              "ending": _(ENDING_LABELS.get(d.get("ending", ""), "")),
              "next": player_name(d.get("next_auctioneer"), _)}
    if d.get("winner") is None:
        return _("The game ends (%(ending)s) with no winner; %(next)s will be the auctioneer "
                 "of the next game.") % params
    return _("The game ends (%(ending)s): %(player)s wins and will be the auctioneer of the next game.") % params


# ---- the table as SVG --------------------------------------------------------------------
_W, _DIE, _GAP, _BOX = 960, 78, 14, 150
_INK, _PAPER, _GOLD, _GREEN = "#1d1d1d", "#fffdf5", "#b8860b", "#1f6f43"


def _text(x: float, y: float, body: str, lang: str, size: int = 22, weight: str = "normal",
          anchor: str = "start", fill: str = _INK) -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}" lang="{escape(lang)}" '
            f'font-family="sans-serif">{escape(body)}</text>')


def _die_face(x: float, y: float, mark: str | None, label: str, order: int = 0,
              s: float = _DIE) -> str:
    """One die of side ``s``: blank, 1-6 pips, a bell or a hammer; ``label`` names the face
    (the picture as a whole carries the accessible description). ``order``: its place in the
    row, which staggers the roll (see :data:`ROLL_CLASS`)."""
    out = [f'<g class="jk-die" style="animation-delay:{order * 40}ms" '
           f'data-face="{escape(label, quote=True)}"><rect x="{x}" y="{y}" width="{s}" '
           f'height="{s}" rx="{s * 12 / _DIE:.0f}" fill="{_PAPER}" stroke="{_INK}" '
           f'stroke-width="{3 if s >= 60 else 2}"/>']
    if mark == "bell":
        out.append(f'<path d="M{x+s*.25},{y+s*.72} Q{x+s*.25},{y+s*.22} {x+s*.5},{y+s*.2} '
                   f'Q{x+s*.75},{y+s*.22} {x+s*.75},{y+s*.72} Z" fill="{_GOLD}" stroke="{_INK}" '
                   f'stroke-width="2"/><circle cx="{x+s*.5}" cy="{y+s*.8}" r="{s*.07}" '
                   f'fill="{_INK}"/>')
    elif mark == "hammer":
        out.append(f'<rect x="{x+s*.2}" y="{y+s*.2}" width="{s*.6}" height="{s*.22}" '
                   f'fill="#555"/><rect x="{x+s*.44}" y="{y+s*.42}" width="{s*.12}" '
                   f'height="{s*.4}" fill="#8b5a2b"/>')
    elif mark and mark.isdigit():
        spots = {1: [(.5, .5)], 2: [(.28, .28), (.72, .72)],
                 3: [(.25, .25), (.5, .5), (.75, .75)],
                 4: [(.28, .28), (.72, .28), (.28, .72), (.72, .72)],
                 5: [(.25, .25), (.75, .25), (.5, .5), (.25, .75), (.75, .75)],
                 6: [(.28, .22), (.72, .22), (.28, .5), (.72, .5), (.28, .78), (.72, .78)]}
        out += [f'<circle cx="{x+s*a:.1f}" cy="{y+s*b:.1f}" r="{s*.08:.1f}" fill="{_INK}"/>'
                for a, b in spots[int(mark)]]
    out.append("</g>")
    return "".join(out)


def table_summary(state: ZaldiState, _: Gettext) -> str:
    """The whole table in sentences: the SVG's <desc>, and a text alternative for pages."""
    parts = [_phase_label(state, _) + ".",  # a heading on the picture, a sentence here
             _("The bank holds %(amount)s.") % {"amount": chips_text(state.bank, _)},
             _("The inn is open.") if state.inn_open else _("The inn is closed.")]
    if state.auctioneer is not None:
        parts.append(_("%(player)s is auctioneer and banker.") % {
            "player": player_name(state.auctioneer, _)})
    if state.last_roll is not None:
        parts.append(_("Last throw: %(marks)s.") % {
            "marks": marks_text([m for m in MARKS if m in state.last_roll], _)})
    for seat in range(state.players):
        cards = ", ".join(card_name(c, _) for c in state.cards_of(seat)) or _("no cards")
        line = _("%(player)s: %(amount)s; cards: %(cards)s.") % {
            "player": player_name(seat, _), "amount": chips_text(state.chips[seat], _),
            "cards": cards}
        if seat in state.out:
            line += " " + _("Out of the game.")
        parts.append(line)
    held = [card_name(c, _) for c in CARDS if state.holder(c) == BANK]
    if held:
        parts.append(_("Cards held by the bank: %(cards)s.") % {"cards": ", ".join(held)})
    return " ".join(parts)


def _status_lines(state: ZaldiState, _: Gettext) -> list[str]:
    """The top-right box: the card for sale and the standing bid, or who is on turn."""
    if state.phase == "auction":
        bid = (_("Highest bid: %(amount)s") % {"amount": chips_text(state.high_bid, _)}
               if state.high_bidder is not None else _("No bid yet in the auction"))
        return [_("For sale: %(card)s") % {"card": card_name(state.card_on_sale, _)}, bid]
    if state.phase == "play":
        return [_("On turn: %(player)s") % {"player": player_name(state.to_throw, _)}]
    if state.phase == "over":
        return [_("Next auctioneer: %(player)s") % {
            "player": player_name(state.next_auctioneer, _)}]
    return [_("Opening throws")]


def _phase_label(state: ZaldiState, _: Gettext) -> str:
    if state.phase == "play":
        return _(PHASE_LABELS["phase3" if state.inn_open else "phase2"])
    return _(PHASE_LABELS[state.phase])


def render_table_svg(state: ZaldiState, _: Gettext, lang: str, viewer: int | None = None,
                     highlight: frozenset[str] = frozenset(), narrow: bool = False) -> str:
    """The table: phase, bank, inn, the eight dice as they fell, every player's chips and
    cards. ``viewer`` (a seat) is outlined as "you"; nothing is hidden in this game.
    ``narrow``: laid out for a phone's width (:func:`_narrow_table_svg`)."""
    if narrow:
        return _narrow_table_svg(state, _, lang, viewer, highlight)
    rows = (state.players + 2) // 3
    height = 280 + rows * (_BOX + 14)
    title = _("zaldi zuria: the table")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {height}" width="100%" '
           f'role="img" aria-labelledby="zz-title zz-desc" lang="{escape(lang)}" '
           f'xml:lang="{escape(lang)}" style="max-width:{_W}px">',
           f'<title id="zz-title" lang="{escape(lang)}">{escape(title)}</title>',
           f'<desc id="zz-desc" lang="{escape(lang)}">{escape(table_summary(state, _))}</desc>',
           f'<rect x="0" y="0" width="{_W}" height="{height}" rx="18" fill="#2e5d3a"/>']
    out.append(_fitted(24, 44, _phase_label(state, _), lang, 28, _W - 48, "bold", fill="#ffffff"))
    bank = _("Bank: %(amount)s") % {"amount": chips_text(state.bank, _)}
    out.append(f'<rect x="24" y="62" width="300" height="56" rx="10" fill="{_PAPER}" '
               f'stroke="{_GOLD}" stroke-width="4"/>')
    held = [card_name(c, _) for c in CARDS if state.holder(c) == BANK]
    if held:
        out.append(_fitted(40, 88, bank, lang, 24, 300 - 32, "bold"))
        out.append(_fitted(40, 111, _("Cards: %(cards)s") % {"cards": ", ".join(held)}, lang,
                           17, 300 - 32))
    else:
        out.append(_fitted(40, 100, bank, lang, 26, 300 - 32, "bold"))
    inn = _("The inn is open.") if state.inn_open else _("The inn is closed.")
    out.append(f'<rect x="340" y="62" width="300" height="56" rx="10" '
               f'fill="{"#ffe7a3" if state.inn_open else "#d9d9d9"}" stroke="{_INK}" '
               f'stroke-width="2"/>')
    out.append(_fitted(356, 100, inn, lang, 24, 300 - 28))
    status = _status_lines(state, _)
    out.append(f'<rect x="656" y="62" width="280" height="56" rx="10" fill="{_PAPER}" '
               f'stroke="{_INK}" stroke-width="2"/>')
    top = 84 if len(status) > 1 else 96
    for i, line in enumerate(status[:2]):
        # "Eskaintzarik altuena: 12 txanpon" ran past the box's right edge and the table's
        out.append(_fitted(668, top + 24 * i, line, lang, 20, 280 - 24))
    marks = state.last_roll or frozenset()
    x0 = (_W - (8 * _DIE + 7 * _GAP)) / 2
    rolled = (f' class="jk-dice {ROLL_CLASS[roll_number(state) % 2]}"'
              if state.last_roll is not None else ' class="jk-dice"')
    if "throw" in highlight and state.last_roll is not None:   # a lesson's sentence on a throw
        out.append(f'<rect class="jk-highlight" x="{x0 - 12}" y="128" '
                   f'width="{8 * _DIE + 7 * _GAP + 24}" height="{_DIE + 24}" rx="14" '
                   'fill="none" stroke="#f2b100" stroke-width="7"/>')
    out.append(f"<g{rolled}>")
    for i, mark in enumerate(MARKS):
        shown = mark if mark in marks else None
        label = (_(MARK_LABELS[mark]) if mark in MARK_LABELS else mark) if shown else _("blank")
        out.append(_die_face(x0 + i * (_DIE + _GAP), 140, shown, label, i))
    out.append("</g>")
    if state.last_roll is None:
        out.append(_text(_W / 2, 250, _("No throw yet."), lang, 20, anchor="middle",
                         fill="#ffffff"))
    elif not state.last_roll and state.phase in ("play", "over"):
        # a blank opening throw is only no pips: the white horse is a throw of play
        out.append(_white_horse_badge(_, lang))
    on_turn = state.current_player() if state.phase != "over" else None
    if state.phase == "play":
        on_turn = state.to_throw
    for seat in range(state.players):
        col, row = seat % 3, seat // 3
        x, y = 24 + col * 312, 270 + row * (_BOX + 14)
        out.append(_seat_box(state, seat, x, y, _, lang, seat == viewer, seat == on_turn))
    out.append("</svg>")
    return "".join(out)


#: The dice's group takes one of these classes by the parity of the throws so far: the page's
#: CSS (ui/shell.py, ``ROLL_CSS``) rolls the dice under either, with two animations of the
#: same motion, so each new throw changes the class and the browser rolls the dice again,
#: while a redraw of the same throw does not (no motion under ``prefers-reduced-motion``).
ROLL_CLASS = ("jk-roll-a", "jk-roll-b")


def roll_number(state: ZaldiState) -> int:
    """How many throws have been made on this table (the opening throws included)."""
    return int(state.throws) + len(state.start_pips)


def _white_horse_badge(_: Gettext, lang: str) -> str:
    """All eight dice blank: the white horse itself, named over the blank dice, so a throw
    that shows nothing still visibly changes the table."""
    words = _("White horse!")
    width = min(_W - 80, max(260, len(words) * 34 * 0.62 + 60))
    x = (_W - width) / 2
    return (f'<g class="jk-badge"><rect x="{x:.0f}" y="152" width="{width:.0f}" height="54" '
            f'rx="27" fill="{_GOLD}" stroke="#ffffff" stroke-width="4"/>'
            + _text(_W / 2, 191, words, lang, 34, "bold", anchor="middle", fill="#ffffff")
            + "</g>")


def _fitted(x: float, y: float, body: str, lang: str, size: int, room: float,
            weight: str = "normal", least: int = 17, fill: str = _INK) -> str:
    """A left-aligned line that never runs past ``room``: a line too long at ``size`` (about
    0.56 em a character, 0.6 in bold) is set smaller, down to ``least``, and if still too
    long is drawn narrower to fit."""
    per_char = 0.6 if weight == "bold" else 0.56
    need = len(body) * per_char
    if need * size > room:
        size = max(least, int(room / need)) if need else size
    text = _text(x, y, body, lang, size, weight, fill=fill)
    if need * size <= room:
        return text
    return text.replace("<text ", f'<text textLength="{room:.0f}" '
                        'lengthAdjust="spacingAndGlyphs" ', 1)


def render_asked_outcome(before: Any, after: Any, events: tuple[Event, ...], _: Gettext,
                         lang: str) -> tuple[Any, str]:
    """A question about a throw ("who pays whom?"): the table as it was, with the eight dice
    as they fell on it; the payments stay unshown until the answer (no picture beside it)."""
    return replace(before, last_roll=after.last_roll), ""


def _seat_box(state: ZaldiState, seat: int, x: float, y: float, _: Gettext, lang: str,
              is_viewer: bool, on_turn: bool) -> str:
    out_of_game = seat in state.out
    fill = "#bdbdbd" if out_of_game else _PAPER
    stroke = _GOLD if on_turn else (_GREEN if is_viewer else _INK)
    width = 6 if on_turn or is_viewer else 2
    parts = [f'<rect x="{x}" y="{y}" width="296" height="{_BOX}" rx="12" fill="{fill}" '
             f'stroke="{stroke}" stroke-width="{width}"/>']
    name = player_name(seat, _)
    if is_viewer:
        name = _("%(player)s (you)") % {"player": name}
    parts.append(_in_box(x + 14, y + 30, name, lang, 22, "bold"))
    parts.append(_text(x + 14, y + 60, chips_text(state.chips[seat], _), lang, 26, "bold"))
    roles = []
    if seat == state.auctioneer:
        roles.append(_("auctioneer and banker"))
    if out_of_game:
        roles.append(_("out of the game"))
    elif on_turn:
        roles.append(_("on turn"))
    if roles:
        parts.append(_in_box(x + 14, y + 88, ", ".join(roles), lang, 19))
    cards = [card_name(c, _) for c in state.cards_of(seat)]
    for i, line in enumerate(_wrap(", ".join(cards), 24)[:2] if cards else [_("no cards")]):
        parts.append(_fitted(x + 14, y + 116 + 24 * i, line, lang, 21, _BOX_ROOM,
                             fill=_INK if cards else "#666666"))
    return "".join(parts)


#: The room for a line inside a seat's box (296 wide, 14 of margin each side).
_BOX_ROOM = 296 - 28


def _in_box(x: float, y: float, body: str, lang: str, size: int, weight: str = "normal") -> str:
    """A line of a seat's box that never runs past the box: a line longer than its room is
    set smaller, then drawn narrower (:func:`_fitted`). French "commissaire-priseur et
    banquier, au tour de jouer" ran past the right-hand seats' boxes and off the table."""
    return _fitted(x, y, body, lang, size, _BOX_ROOM, weight, least=16)


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


# ---- the table laid out for a phone ------------------------------------------------------
#: The phone's table: 360 units wide, drawn at about one pixel a unit on a 390 px phone
#: (358 px of content), so no word is set under :data:`_NARROW_LEAST` units (11 px and more
#: there). The wide table (960 units) came out at 0.37 px a unit: its words at 6–10 px.
_NW, _NARROW_LEAST = 360, 13
#: A seat's card on the phone: two a row, and the room for a line in it.
_NSEAT_W, _NSEAT_ROOM = 168, 168 - 20


def _narrow_lines(text: str, size: int, room: float, most: int = 2) -> list[str]:
    """``text`` in at most ``most`` lines of ``room`` units at ``size`` (about 0.56 em a
    character); the last line keeps what is left (:func:`_fitted` then narrows it)."""
    width = max(1, int(room / (0.56 * size)))
    lines = _wrap(text, width)
    if len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    return lines


def _narrow_seat_lines(state: ZaldiState, seat: int, _: Gettext, on_turn: bool) -> list[str]:
    """The words of a seat's card under its name and chips: its role (being on turn is the
    card's gold outline here, as the status line says it), then its cards."""
    lines: list[str] = []
    roles = []
    if seat == state.auctioneer:
        roles.append(_("auctioneer and banker"))
    if seat in state.out:
        roles.append(_("out of the game"))
    if roles:
        lines += _narrow_lines(", ".join(roles), _NARROW_LEAST, _NSEAT_ROOM)
    cards = [card_name(c, _) for c in state.cards_of(seat)]
    lines += _narrow_lines(", ".join(cards) if cards else _("no cards"), _NARROW_LEAST,
                           _NSEAT_ROOM)
    return lines


def _narrow_table_svg(state: ZaldiState, _: Gettext, lang: str, viewer: int | None,
                      highlight: frozenset[str]) -> str:
    """The table for a phone: the same things as the wide table, stacked for a narrow
    screen (the phase; the bank and the inn side by side; the sale or the turn; the dice;
    the seats two a row), every word at :data:`_NARROW_LEAST` units or more."""
    la = escape(lang)
    least = _NARROW_LEAST
    on_turn = state.current_player() if state.phase != "over" else None
    if state.phase == "play":
        on_turn = state.to_throw
    seat_lines = [_narrow_seat_lines(state, seat, _, seat == on_turn)
                  for seat in range(state.players)]
    seat_h = 50 + 17 * max((len(lines) for lines in seat_lines), default=1)
    top_seats = 214
    rows = (state.players + 1) // 2
    height = top_seats + rows * (seat_h + 8) + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_NW} {height}" width="100%" '
           f'role="img" aria-labelledby="zzn-title zzn-desc" lang="{la}" xml:lang="{la}" '
           f'style="max-width:{_NW * 2}px">',
           f'<title id="zzn-title" lang="{la}">{escape(_("zaldi zuria: the table"))}</title>',
           f'<desc id="zzn-desc" lang="{la}">{escape(table_summary(state, _))}</desc>',
           f'<rect x="0" y="0" width="{_NW}" height="{height}" rx="14" fill="#2e5d3a"/>']
    out.append(_fitted(10, 24, _phase_label(state, _), lang, 17, _NW - 20, "bold", least,
                       fill="#ffffff"))
    # the bank and the inn, side by side
    out.append(f'<rect x="8" y="34" width="170" height="48" rx="8" fill="{_PAPER}" '
               f'stroke="{_GOLD}" stroke-width="3"/>')
    bank = _("Bank: %(amount)s") % {"amount": chips_text(state.bank, _)}
    held = [card_name(c, _) for c in CARDS if state.holder(c) == BANK]
    if held:
        out.append(_fitted(16, 53, bank, lang, 15, 154, "bold", least))
        out.append(_fitted(16, 73, _("Cards: %(cards)s") % {"cards": ", ".join(held)}, lang,
                           least, 154, least=least))
    else:
        out.append(_fitted(16, 64, bank, lang, 16, 154, "bold", least))
    inn = _("The inn is open.") if state.inn_open else _("The inn is closed.")
    out.append(f'<rect x="182" y="34" width="170" height="48" rx="8" '
               f'fill="{"#ffe7a3" if state.inn_open else "#d9d9d9"}" stroke="{_INK}" '
               f'stroke-width="2"/>')
    inn_lines = _narrow_lines(inn, 15, 154)
    for i, line in enumerate(inn_lines):
        y = (64 if len(inn_lines) == 1 else 54) + 19 * i
        out.append(_fitted(190, y, line, lang, 15, 154, least=least))
    # the sale and the highest bid, or who is on turn
    status = _status_lines(state, _)[:2]
    out.append(f'<rect x="8" y="88" width="{_NW - 16}" height="46" rx="8" fill="{_PAPER}" '
               f'stroke="{_INK}" stroke-width="2"/>')
    for i, line in enumerate(status):
        y = (117 if len(status) == 1 else 107) + 20 * i
        out.append(_fitted(18, y, line, lang, 15, _NW - 36, least=least))
    # the eight dice
    die, gap = 38, 5
    x0 = (_NW - (8 * die + 7 * gap)) / 2
    dice_y = 142
    marks = state.last_roll or frozenset()
    if "throw" in highlight and state.last_roll is not None:
        out.append(f'<rect class="jk-highlight" x="{x0 - 5}" y="{dice_y - 5}" '
                   f'width="{8 * die + 7 * gap + 10}" height="{die + 10}" rx="8" '
                   'fill="none" stroke="#f2b100" stroke-width="4"/>')
    rolled = (f' class="jk-dice {ROLL_CLASS[roll_number(state) % 2]}"'
              if state.last_roll is not None else ' class="jk-dice"')
    out.append(f"<g{rolled}>")
    for i, mark in enumerate(MARKS):
        shown = mark if mark in marks else None
        label = (_(MARK_LABELS[mark]) if mark in MARK_LABELS else mark) if shown else _("blank")
        out.append(_die_face(x0 + i * (die + gap), dice_y, shown, label, i, die))
    out.append("</g>")
    if state.last_roll is None:
        out.append(_text(_NW / 2, dice_y + die + 22, _("No throw yet."), lang, 15,
                         anchor="middle", fill="#ffffff"))
    elif not state.last_roll and state.phase in ("play", "over"):
        words = _("White horse!")
        width = min(_NW - 40, max(160, len(words) * 22 * 0.62 + 40))
        out.append(f'<g class="jk-badge"><rect x="{(_NW - width) / 2:.0f}" y="{dice_y + 2}" '
                   f'width="{width:.0f}" height="34" rx="17" fill="{_GOLD}" stroke="#ffffff" '
                   'stroke-width="3"/>'
                   + _text(_NW / 2, dice_y + 27, words, lang, 22, "bold", anchor="middle",
                           fill="#ffffff") + "</g>")
    for seat in range(state.players):
        x = 8 + (seat % 2) * (_NSEAT_W + 8)
        y = top_seats + (seat // 2) * (seat_h + 8)
        out.append(_narrow_seat(state, seat, x, y, seat_h, seat_lines[seat], _, lang,
                                seat == viewer, seat == on_turn))
    out.append("</svg>")
    return "".join(out)


def _narrow_seat(state: ZaldiState, seat: int, x: float, y: float, h: float,
                 lines: list[str], _: Gettext, lang: str, is_viewer: bool,
                 on_turn: bool) -> str:
    """A seat's card on the phone: name, chips, then its role and cards in lines."""
    out_of_game = seat in state.out
    stroke = _GOLD if on_turn else (_GREEN if is_viewer else _INK)
    parts = [f'<rect x="{x}" y="{y}" width="{_NSEAT_W}" height="{h}" rx="10" '
             f'fill="{"#bdbdbd" if out_of_game else _PAPER}" stroke="{stroke}" '
             f'stroke-width="{5 if on_turn or is_viewer else 2}"/>']
    name = player_name(seat, _)
    if is_viewer:
        name = _("%(player)s (you)") % {"player": name}
    parts.append(_fitted(x + 10, y + 20, name, lang, 15, _NSEAT_ROOM, "bold", _NARROW_LEAST))
    parts.append(_fitted(x + 10, y + 40, chips_text(state.chips[seat], _), lang, 17,
                         _NSEAT_ROOM, "bold", _NARROW_LEAST))
    has_cards = bool(state.cards_of(seat))
    for i, line in enumerate(lines):
        parts.append(_fitted(x + 10, y + 58 + 17 * i, line, lang, _NARROW_LEAST, _NSEAT_ROOM,
                             least=_NARROW_LEAST,
                             fill=_INK if has_cards or i < len(lines) - 1 else "#555555"))
    return "".join(parts)
