"""The play controller every play view shares: one game in progress per visitor and view.

The flow is :mod:`jokoak.engine.driver`'s (chance and computers act until a person must);
this module adds what real hands need:

* **Idempotent taps.** Every control that changes the game carries the screen it was drawn
  for (:func:`token`: the game or lesson step, and the position in it). A tap whose screen
  is stale (a double tap, a tap on a screen that has moved on: another move, a new game, the
  next lesson step) or that comes within :data:`DEBOUNCE_SECONDS` of the last accepted one
  changes nothing and says nothing.
* **Readable pace.** With a ``beat`` (a computer's bid, a cup lifted), the others' moves
  come one beat per tick of a fragment that reruns itself every ``pace`` seconds; "Pause"
  stops the ticks, "Skip" plays on to the visitor's next decision.
* **No dead ends.** An exception while drawing keeps the last good position, says so in the
  visitor's language and offers "Undo the last move" and "New game" right there.
* **A new game is a new game**: its own seed (:func:`jokoak.engine.driver.new_seed`), kept
  in its record with the seats people play; "Play again" beside every result.
* **One screen, several people.** Where a game hides something from the other seats, the
  screen is covered whenever the turn passes to another person: "Pass the screen to
  Player N", and their own view only after their tap (:func:`hand_over`, :func:`cover`).
"""

from __future__ import annotations

import itertools
import logging
import os
import time
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable

import streamlit as st

from jokoak.engine.core import Game, IllegalAction, Reason, Rules, make_rules
from jokoak.engine.driver import (Beat, Position, Table, advance, decisions, pending,
                                  person_on_turn, resume, start, submit, undo_last_decision)

from . import game_link
from .common import _, bring_into_view, esc, html, in_this_language, lang, ngettext
from .why import sentence_html

log = logging.getLogger("jokoak")

#: A second tap this soon after an accepted one is the same finger, not a new decision
#: (the double-tap tests tap again up to 500 ms later; the server may see the two taps
#: further apart than the finger made them, when it was busy drawing the first).
DEBOUNCE_SECONDS = 1.0
#: Multiplies every pace; AppTest-driven tests set it to 0 to play beats without waiting.
PACE_SCALE = float(os.environ.get("JOKOAK_PACE_SCALE", "1") or 1)


@dataclass(frozen=True)
class PlaySpec:
    """What a play view tells the controller about its game.

    ``table(choices)`` seats the people and computers for the new-game ``choices``;
    ``setup(rules, choices)`` gives the starting position's setup (``None``: the game's
    default); ``beat`` marks the moves worth a pause; ``pace`` is the seconds per beat.
    """

    game: Game
    key: str
    table: Callable[[dict[str, Any]], Table]
    setup: Callable[[Rules, dict[str, Any]], dict[str, Any] | None] = lambda rules, c: None
    beat: Beat | None = None
    pace: float = 1.6
    #: ``accept(spec, game, token, seat, action, now) -> bool`` replaces :func:`accept_tap`
    #: for a view whose taps are not played on at once (a lesson checks them first).
    accept: Callable[..., bool] | None = None
    #: ``controls(game, spec)`` draws the controls of the person to act in ``game``'s
    #: position, their taps going to ``spec`` (a lesson passes its own, whose taps it checks
    #: first): what a lesson's step offers the visitor to tap.
    controls: Callable[[PlaySession, PlaySpec], None] | None = None
    #: Whether ``controls`` show why the last tap was refused themselves (next to the control
    #: refused); if not, the view shows :func:`refusal_note` after them.
    controls_show_refusals: bool = False


@dataclass
class PlaySession:
    """One visitor's game in this view: kept in ``st.session_state[spec.key]``."""

    position: Position
    choices: dict[str, Any]
    good: Position
    paused: bool = False
    last_tap: float = 0.0
    refused: Reason | None = None
    failed: bool = False
    autoplay: bool = False
    seen: int = 0          # moves already shown when the visitor last acted
    moved_at: float = 0.0  # when the position last changed (ticks keep the pace from it)
    #: pass-and-play: the person the screen was last handed to (their tap on the cover)
    screen: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: This game's (or lesson step's) own number, unique in the process: part of every
    #: control's :func:`token`, so a control drawn for another game never fits this one.
    epoch: int = field(default_factory=lambda: next(_EPOCHS))


_EPOCHS = itertools.count(1)
#: A token is its session's epoch times this, plus the position's length (no game runs to a
#: million moves; a record that long is refused far earlier).
TOKEN_STRIDE = 1_000_000


def game_spec(key: str) -> PlaySpec:
    """Game ``key``'s play view spec: ``SPEC`` of ``ui/games/<key>/play.py``, the play views'
    convention (``LookupError`` for a game without one)."""
    try:
        module = import_module(f"ui.games.{key}.play")
    except ModuleNotFoundError as exc:
        if exc.name != f"ui.games.{key}.play":
            raise
        raise LookupError(f"game {key!r} has no play view (ui/games/{key}/play.py)") from None
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, PlaySpec):
        raise LookupError(f"ui/games/{key}/play.py has no PlaySpec called SPEC")
    return spec


def session(spec: PlaySpec) -> PlaySession | None:
    value = st.session_state.get(spec.key)
    return value if isinstance(value, PlaySession) else None


def table_of(spec: PlaySpec, game: PlaySession) -> Table:
    return spec.table({**game.choices, "autoplay": game.autoplay})


def fresh_session(spec: PlaySpec, ruleset: str, choices: dict[str, Any],
                  seed: int | None = None) -> PlaySession:
    """A game with a fresh seed (or ``seed``, for benches and shared links), the others
    played up to the visitor's first decision."""
    rules = make_rules(spec.game, ruleset)
    table = spec.table({**choices, "autoplay": False})
    position = start(spec.game, rules, spec.setup(rules, choices), seed, table.people)
    game = PlaySession(position=position, choices={**choices, "ruleset": ruleset},
                       good=position)
    game.position = game.good = advance(position, table_of(spec, game), spec.beat)
    return game


def again(spec: PlaySpec, game: PlaySession) -> PlaySession:
    """The same choices, a new seed."""
    choices = dict(game.choices)
    return fresh_session(spec, choices.pop("ruleset"), choices)


def _current_seed(spec: PlaySpec) -> int | None:
    game = session(spec)
    return game.position.record.seed if game is not None else None


def new_game(spec: PlaySpec, ruleset: str, choices: dict[str, Any],
             drawn_for: int | None = None) -> None:
    """Start a game; a second tap of the same button (drawn for the game that has just been
    replaced) changes nothing."""
    if _current_seed(spec) != drawn_for:
        return
    game = fresh_session(spec, ruleset, choices)
    game.extra["scroll"] = True  # bring the table to the top of the screen, once
    st.session_state[spec.key] = game
    from . import counters   # here: ui.counters reaches the lessons, which read this module
    counters.count(spec.game.name, "games_played")


def play_again(spec: PlaySpec, drawn_for: int | None = None) -> None:
    game = session(spec)
    if game is not None and game.position.record.seed == drawn_for:
        fresh = again(spec, game)
        fresh.extra["scroll"] = True
        st.session_state[spec.key] = fresh


def tap(spec: PlaySpec, token: int, seat: int, action: str) -> None:
    """A visitor's tap on a control drawn for screen ``token`` (a button's callback)."""
    game = session(spec)
    if game is not None:
        (spec.accept or accept_tap)(spec, game, token, seat, action, time.monotonic())


#: Where a tap is played from, asked only for a tap past the debounce: the position and its
#: table, or ``None`` when there is nowhere to play it (the tap then changes nothing).
TapSource = Callable[[], tuple[Position, Table] | None]
#: Keeps the position a tap led to; ``False`` when it could not be kept (nothing changes).
TapKeep = Callable[[Position], bool]


def accept_tap(spec: PlaySpec, game: PlaySession, token: int, seat: int, action: str,
               now: float, *, source: TapSource | None = None,
               keep: TapKeep | None = None) -> bool:
    """Play the tap once, or ignore it: a stale position (the screen had moved on, or this is
    the second tap of a double tap) or a tap within :data:`DEBOUNCE_SECONDS` of the last
    accepted one changes nothing. A move the rules refuse keeps the position and records
    the engine's reason for the page to show. True if the game moved.

    The game is this session's, unless ``source`` and ``keep`` say where it lives (a room's
    table is in a shared store: :func:`ui.room.accept`); these rules stay the same for both.
    """
    if now - game.last_tap < DEBOUNCE_SECONDS:
        return False
    found = (game.position, table_of(spec, game)) if source is None else source()
    if found is None or token != token_at(game, found[0]):
        return False
    position, table = found
    try:
        position = submit(position, seat, action)
    except IllegalAction as exc:
        game.refused = exc.reason
        return False
    position = advance(position, table, spec.beat, held=True)
    if keep is None:
        game.moved_at = now
        game.seen = game.position.length
        game.position = position
    elif not keep(position):
        return False
    game.last_tap = now
    game.refused = None
    return True


def tick(spec: PlaySpec) -> None:
    """One beat of the others' play (called by the ticking fragment), at most one a
    ``pace``: a rerun caused by a tap is not a tick."""
    game = session(spec)
    now = time.monotonic()
    if (game is not None and not game.paused and not game.failed
            and now - game.moved_at >= 0.9 * spec.pace * PACE_SCALE):
        before = game.position.length
        game.position = advance(game.position, table_of(spec, game), spec.beat)
        if game.position.length != before:
            game.moved_at = now


def skip(spec: PlaySpec, token: int) -> None:
    """Play on without pauses to the visitor's next decision (or to the end)."""
    game = session(spec)
    if game is None or token != token_at(game, game.position):
        return
    game.position = advance(game.position, table_of(spec, game), None)
    game.moved_at = time.monotonic()


def set_paused(spec: PlaySpec, paused: bool) -> None:
    game = session(spec)
    if game is not None:
        game.paused = paused


def set_autoplay(spec: PlaySpec, on: bool) -> None:
    game = session(spec)
    if game is not None:
        game.autoplay = on
        game.paused = False


def undo(spec: PlaySpec) -> None:
    """Back to just before the visitor's last decision (after an error, or by choice)."""
    game = session(spec)
    if game is None:
        return
    table = table_of(spec, game)
    record = undo_last_decision(spec.game, game.good.record, table)
    game.position = game.good = resume(spec.game, record, table)
    game.failed = False
    game.refused = None
    game.seen = min(game.seen, game.position.length)


def locked(game: PlaySession) -> bool:
    """Just after an accepted tap the decision controls are drawn disabled, so a second tap
    of the same finger lands on nothing (they come back at the next tick)."""
    return time.monotonic() - game.last_tap < DEBOUNCE_SECONDS


def ticking(spec: PlaySpec, game: PlaySession | None) -> bool:
    """Does the view need the self-rerunning fragment (others still to play at pace, or
    controls to unlock after a tap)?"""
    if game is None or game.failed:
        return False
    if locked(game):
        return True
    if game.paused or spec.beat is None:
        return False
    return pending(game.position, table_of(spec, game))


def token_at(game: PlaySession, position: Position) -> int:
    """The token of the screen ``game`` draws at ``position`` (a room's position comes from
    its store, so it is passed in)."""
    return game.epoch * TOKEN_STRIDE + position.length


def token(game: PlaySession) -> int:
    """What every control that changes the game carries: the screen it was drawn for. Two
    screens never share one, even at the same number of moves (a new game, the next lesson
    step): a late tap on a control of an earlier screen is known as late, and changes
    nothing, quietly (never a refusal of a move the visitor did not mean to make here)."""
    return token_at(game, game.position)


def action_key(spec: PlaySpec, name: str, game: PlaySession) -> str:
    """The widget key of a control that changes the game: it carries the position, so a
    click sent for an earlier drawing of the control can never pick up the callback of a
    later one (Streamlit keeps one callback per key: the last drawn)."""
    return f"{spec.key}_{name}_t{token(game)}"


def decisions_made(game: PlaySession) -> int:
    return decisions(game.position)


def people(spec: PlaySpec, game: PlaySession) -> tuple[int, ...]:
    """The seats people play at this game's table."""
    return table_of(spec, game).people


def person_to_act(spec: PlaySpec, game: PlaySession) -> int | None:
    """The person whose controls the screen shows now (``None``: chance or a computer)."""
    return person_on_turn(game.position, table_of(spec, game))


def hand_over(spec: PlaySpec, token: int, seat: int) -> None:
    """The cover's tap: the screen is now ``seat``'s. Drawn for screen ``token``; a stale
    or repeated tap changes nothing, and the controls under the finger stay disabled for
    :data:`DEBOUNCE_SECONDS` (the second tap of a double tap lands on nothing)."""
    game = session(spec)
    now = time.monotonic()
    if (game is None or token != token_at(game, game.position) or game.screen == seat
            or now - game.last_tap < DEBOUNCE_SECONDS):
        return
    game.screen = seat
    game.last_tap = now


# ---- drawing -------------------------------------------------------------------------------
def new_game_panel(spec: PlaySpec, choices: Callable[[], dict[str, Any]] = dict, *,
                   kiosk: bool = False) -> None:
    """The "New game" expander: the game's ``choices``, the rules and one big button.

    Open while no game is under way, folded once one is (it stays one line high). On a
    kiosk it is "Change the game", always folded: the big Start (:func:`kiosk_start`)
    comes first.
    """
    game = session(spec)
    label = _("Change the game") if kiosk else _("New game")
    with st.expander(label, expanded=game is None and not kiosk):
        extra = choices()
        titles = {r.name: r.title for r in spec.game.rulesets}
        names = list(titles)
        ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                       format_func=in_this_language(lambda n: _(titles[n])),
                                       key=f"{spec.key}_ruleset") or names[0]
        st.button(_("Start a new game"), type="primary", key=f"{spec.key}_new",
                  width="stretch", on_click=new_game,
                  args=(spec, ruleset, extra, _current_seed(spec)))


def start_at_once(spec: PlaySpec, drawn_for: int | None = None) -> None:
    """The kiosk's Start: one person (Player 1, the visitor) against the computer, on the
    first ruleset (the Basque text's, read literally), every other choice at its default.
    The controls under the finger stay disabled a moment (a double tap's second tap)."""
    if _current_seed(spec) != drawn_for:
        return
    new_game(spec, spec.game.rulesets[0].name, {}, drawn_for)
    game = session(spec)
    if game is not None:
        game.last_tap = time.monotonic()


KIOSK_START_CSS = """<style>
[class*='_kiosk_start'] button{min-height:7rem !important}
[class*='_kiosk_start'] button p{font-size:2rem !important;font-weight:700}
[class*='_kiosk_start'] button [data-testid='stIconMaterial']{font-size:2.4rem !important}
.jokoak-kiosk-start{font-size:1.5rem;text-align:center;margin:.6rem 0}
</style>"""


def kiosk_start(spec: PlaySpec) -> None:
    """A kiosk's play view before any game: who plays and on which rules, in one sentence,
    and one big Start (:func:`start_at_once`); every choice waits behind "Change the
    game"."""
    html(KIOSK_START_CSS + f'<p lang="{lang()}" class="jokoak-kiosk-start">'
         f'{esc(_("You against the computer, with the rules of the Basque text."))}</p>')
    st.button(_("Start playing"), type="primary", key=f"{spec.key}_kiosk_start",
              width="stretch", icon=":material/play_arrow:", on_click=start_at_once,
              args=(spec, _current_seed(spec)))


def _kiosk() -> bool:
    from .kiosk import is_kiosk   # here: ui.kiosk imports the lesson view, which imports this

    return is_kiosk()


def people_choice(spec: PlaySpec, seats: int, name: Callable[[int], str]) -> list[int]:
    """Per seat, a person or the computer: one pill a seat, lit for a person (Player 1 by
    default), and the count in words below. Seats beyond ``seats`` are dropped."""
    picked = st.pills(_("Who is playing here? Tap your seats; the computer plays the rest."),
                      list(range(seats)), selection_mode="multi", default=[0],
                      format_func=in_this_language(name), key=f"{spec.key}_people") or []
    chosen = sorted(int(s) for s in picked if 0 <= int(s) < seats)
    computers = seats - len(chosen)
    st.caption(_("%(people)s and %(computers)s.") % {
        "people": ngettext("%(count)s person", "%(count)s people", len(chosen))
        % {"count": len(chosen)},
        "computers": ngettext("%(count)s computer player", "%(count)s computer players",
                              computers) % {"count": computers}})
    return chosen


def chosen_people(choices: dict[str, Any], seats: int,
                  default: tuple[int, ...] = (0,)) -> tuple[int, ...]:
    """The seats the new-game ``choices`` give to people (:func:`people_choice`; ``default``
    when they name none), sorted and each once; a seat beyond ``seats`` is dropped (the
    choice was made for a larger table)."""
    return tuple(sorted({int(s) for s in choices.get("people", default) if 0 <= int(s) < seats}))


def turn_line(text: str, style: str = "") -> None:
    """The line that says whose turn it is (or what the table waits for), in the turn's
    large type; ``style`` is the view's own inline CSS, if any."""
    styled = f' style="{style}"' if style else ""
    html(f'<p lang="{lang()}" class="jokoak-turn"{styled}>{esc(text)}</p>')


def turn_of(name: str) -> None:
    """"Player 3’s turn.": another person's turn, the player named as the game names them."""
    turn_line(_("%(player)s’s turn.") % {"player": name})


def result_note(winner: int | None, people: tuple[int, ...], name: Callable[[int], str], *,
                own_win: str | None = None, no_winner: str = "") -> None:
    """How the game ended, in one note: ``own_win`` when the one person at the table won;
    else the winner named, as a success when a person at the table won; ``no_winner`` when
    nobody did. A room's seat view passes no ``people``: every device reads the same note."""
    if winner is None:
        st.info(no_winner)
    elif own_win is not None and len(people) == 1 and winner == people[0]:
        st.success(own_win)
    elif winner in people:
        st.success(_("%(player)s wins the game.") % {"player": name(winner)})
    else:
        st.info(_("%(player)s wins the game.") % {"player": name(winner)})


def seat_table(game: PlaySession, markup: str) -> Any:
    """A room device's screen: the table drawn (:func:`board`) in the wide column; the narrow
    one beside it is returned for the seat's own controls."""
    table, side = st.columns([3, 2], vertical_alignment="top")
    with table:
        board(markup, game)
    return side


def play_again_button(spec: PlaySpec) -> None:
    st.button(_("Play again"), type="primary", key=f"{spec.key}_again", width="stretch",
              on_click=play_again, args=(spec, _current_seed(spec)), icon=":material/replay:")


def reason_html(game_name: str, why: Reason, kind: str = "jokoak-refused") -> str:
    """The engine's reason in the visitor's language, one sentence in words; the clauses it
    rests on, lit in the Basque and the translation, behind "Why?" (:mod:`ui.why`).
    ``kind`` is the box's class: a refusal (red) or ``jokoak-rule-note``, a rule said before
    any tap (why a control is missing), in calm colours."""
    return sentence_html(kind, why.text(_, ngettext), game_name, why.clauses)


def refusal_note(spec: PlaySpec, game: PlaySession) -> None:
    """Why the last tap was refused, if it was."""
    if game.refused is not None:
        html(reason_html(spec.game.name, game.refused))


def cover(spec: PlaySpec, game: PlaySession, seat: int, label: str) -> None:
    """The pass-the-screen cover: one big button naming the person (``label``) that hands
    the screen to ``seat``. Until it is tapped nothing of ``seat``'s is drawn."""
    html(COVER_CSS)
    # disabled for a moment after the last person's tap: the second tap of their double tap
    # must not show the next person's hand
    st.button(label, key=f"{spec.key}_cover_{seat}_t{token(game)}", type="primary",
              width="stretch", icon=":material/visibility:", disabled=locked(game),
              on_click=hand_over, args=(spec, token(game), seat))


COVER_CSS = """<style>[class*='_cover_'] button{min-height:9rem;font-size:1.35rem}
[class*='_cover_'] button p{font-size:1.35rem !important}</style>"""


def pace_controls(spec: PlaySpec, game: PlaySession) -> None:
    """Pause / go on and Skip, while the others play at pace."""
    row = st.container(horizontal=True)
    if game.paused:
        row.button(_("Go on"), key=f"{spec.key}_resume", icon=":material/play_arrow:",
                   on_click=set_paused, args=(spec, False))
    else:
        row.button(_("Pause"), key=f"{spec.key}_pause", icon=":material/pause:",
                   on_click=set_paused, args=(spec, True))
    label = (_("Skip to my turn") if len(people(spec, game)) <= 1
             else _("Skip to the next person's turn"))
    row.button(label, key=f"{spec.key}_skip", icon=":material/fast_forward:",
               on_click=skip, args=(spec, token(game)))


def failure_panel(spec: PlaySpec) -> None:
    """What a visitor sees if drawing the game failed: the way on, in their language."""
    st.error(_("Something went wrong with this game. The last good position is kept: undo "
               "the last move, or start a new game."))
    row = st.container(horizontal=True)
    row.button(_("Undo the last move"), key=f"{spec.key}_undo", on_click=undo, args=(spec,),
               icon=":material/undo:")
    row.button(_("New game"), key=f"{spec.key}_fresh", on_click=play_again,
               args=(spec, _current_seed(spec)),
               icon=":material/restart_alt:")


def guarded(spec: PlaySpec, draw: Callable[[PlaySession], None]) -> None:
    """Draw the game; on any exception keep the last good position and offer a way on."""
    game = session(spec)
    if game is None:
        return
    if game.failed:
        failure_panel(spec)
        return
    try:
        draw(game)
    except Exception as exc:  # a visitor never sees a traceback
        log.warning("play view %s failed at move %s: %s: %s", spec.key,
                    game.position.length, type(exc).__name__, exc)
        game.position = game.good
        game.failed = True
        failure_panel(spec)
    else:
        game.good = game.position
        game_link.write(spec, game)  # the URL carries the game: a reload resumes it
        if game.extra.pop("scroll", False):
            scroll_to_board()


def scroll_to_board() -> None:
    """The table at the top of the screen, just under the header bar: on a kiosk or a phone
    the table and the control to press next then fit together."""
    bring_into_view(".jokoak-board")


def play_area(spec: PlaySpec, draw: Callable[[PlaySession], None]) -> None:
    """The game area: a fragment (taps rerun only it) that ticks while others play."""
    game = session(spec)
    declared = ticking(spec, game)
    every = spec.pace * PACE_SCALE
    if game is not None and locked(game):
        every = min(every, DEBOUNCE_SECONDS / 2) or DEBOUNCE_SECONDS / 2

    @st.fragment(run_every=every if declared else None)
    def area() -> None:
        game = session(spec)
        if declared:
            tick(spec)
        if ticking(spec, game) != declared:
            st.rerun()  # start or stop the ticks: the whole page declares them anew
        guarded(spec, draw)

    area()


def page(spec: PlaySpec, intro: str, left: Callable[[PlaySession], None],
         right: Callable[[PlaySession], None],
         choices: Callable[[], dict[str, Any]] = dict) -> None:
    """A whole play view: the "New game" panel, ``intro`` until a game starts, then the
    table (``left``, which calls :func:`board`) beside the controls (``right``). A kiosk
    shows a big Start first (one person against the computer on the Basque text's rules),
    the panel folded as "Change the game"."""
    game_link.restore(spec)  # a game the URL carries, when this session has none
    game_link.refusal_notice(spec)
    kiosk = _kiosk()
    if kiosk and session(spec) is None:
        kiosk_start(spec)      # a kiosk starts at once; the choices wait behind it
    new_game_panel(spec, choices, kiosk=kiosk)
    if session(spec) is None:
        if not kiosk:
            st.info(intro)
        return

    def draw(game: PlaySession) -> None:
        table, controls = st.columns([3, 2], vertical_alignment="top")
        with table:
            left(game)
        with controls:
            right(game)
            from . import coach   # here: ui.coach reads this module
            coach.panel(spec, game)   # against the computer: Undo and Hint

    play_area(spec, draw)


PLAY_CSS = """<style>
.jokoak-board svg{display:block;margin:0 auto;max-width:100%;height:auto;max-height:var(--jokoak-board-h,min(60vh,calc(100vh - 400px)))}
@media (max-height:820px) and (orientation:landscape){*:has(> h1[lang="eu"]) > p[lang]{display:none}
 h1[lang="eu"]{font-size:2rem !important;padding:0 !important}}
@media (orientation:portrait){.jokoak-board{--jokoak-board-h:42vh}}
@media (max-width:640px){.jokoak-board{--jokoak-board-h:26vh}
 *:has(> h1[lang="eu"]) > p[lang]{display:none} h1[lang="eu"]{font-size:1.9rem !important;padding:0 !important}
 [data-testid='stMainBlockContainer'] [data-testid='stVerticalBlock']{gap:.55rem}
 .jokoak-dice span:last-child{font-size:2rem !important}
 .jokoak-turn{font-size:1.1rem}
 [class*='st-key-jokoak_peruludo_play_face'] button{min-width:0;padding:0 .45rem}}
.jokoak-refused{border-left:4px solid #b3261e;padding:.2rem .8rem;margin:.3rem 0;background:#fdf0ef}
.jokoak-rule-note{border-left:4px solid #5a6b85;padding:.2rem .8rem;margin:.3rem 0;background:#f1f4f8}
.jokoak-said{margin:.3rem 0}
.jokoak-turn{font-size:1.35rem;font-weight:600;margin:.2rem 0}
.jokoak-log{font-size:1.05rem;max-height:14rem;overflow-y:auto;margin:.2rem 0}
div[data-testid='stButton'] button p{white-space:normal;overflow-wrap:anywhere;text-overflow:clip}
[data-testid='stMainBlockContainer'] label p, [data-testid='stMainBlockContainer'] summary p{white-space:normal;text-overflow:clip;overflow:visible}
</style>"""


def board(markup: str, game: PlaySession) -> None:
    """The table or board drawing, sized so the next control stays on screen. It carries
    the position and the visitor's decision count (for the real-browser tap tests), and
    whether this session resumed the game from the URL (the reload and restart tests)."""
    resumed = ' data-resumed="1"' if game.extra.get(game_link.RESUMED) else ""
    html(PLAY_CSS + f'<div class="jokoak-board" data-moves="{game.position.length}" '
         f'data-decisions="{decisions_made(game)}"{resumed}>{markup}</div>')
