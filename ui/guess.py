"""Guess first, then see: a chance to guess with a slider, then throws before the eyes.

The visitor reads a question (:mod:`jokoak.odds.guesses`), sets a slider to their guess and
taps "Throw 300 times". The throws land in batches, one per tick of a self-rerunning
fragment (as the others' moves in :mod:`ui.play`, paced by ``JOKOAK_PACE_SCALE``), filling
a grid of dots; then their guess, the share seen and the exact chance stand side by side,
the exact fraction one tap away. Each run has its own seed
(:func:`jokoak.engine.driver.new_seed`) and its batches are drawn with
:func:`jokoak.engine.driver.chance_rng`, as a game's chance moves. The throw button carries
the number of runs it was drawn for, and a tap within :data:`ui.play.pace.DEBOUNCE_SECONDS` of
the last accepted one changes nothing: a double tap is one run.

:func:`guess_step` is one step of a lesson (``ui.lesson`` embeds it) and the "Guess first"
section of each game's odds view (:func:`guess_section`).
"""

from __future__ import annotations

import math
import logging
import time
from dataclasses import dataclass, field
from fractions import Fraction

import streamlit as st

from jokoak.engine.driver import chance_rng, new_seed
from jokoak.i18n import format_percent_value
from jokoak.odds.guesses import Question, questions
from jokoak.odds.plain import one_in

from .play import pace
from .common import _, esc, fmt_num, fmt_pct, html, in_this_language, lang, ngettext, tr
from .assets import style

log = logging.getLogger("jokoak")

#: Throws in one run: a few hundred, enough for the share to settle near the exact chance.
THROWS = 300
#: Throws landing at each tick, and the seconds between ticks (times the pace scale).
BATCH = 30
TICK_SECONDS = 0.25
#: The dot grid: one dot a throw.
COLUMNS = 20
HIT, MISS, WAITING = "#2e5d3a", "#d9cfb8", "#f3efe6"
GUESS_COLOUR, EXACT_COLOUR = "#b8860b", "#8a3b12"
#: At or below this chance, "about 1 in N" says it better than the percent alone.
ONE_IN_BELOW = Fraction(1, 4)


@dataclass
class GuessRun:
    """One visitor's question, kept in ``st.session_state[key]``."""

    runs: int = 0                 # runs started: the token every throw button carries
    seed: int | None = None
    guess: int | None = None      # the percent they had set when they tapped
    landed: list[bool] = field(default_factory=list)
    last_tap: float = 0.0
    seen: bool = False            # they have seen an answer (sticky, for a lesson)

    @property
    def running(self) -> bool:
        return self.seed is not None and len(self.landed) < THROWS

    @property
    def done(self) -> bool:
        return self.seed is not None and len(self.landed) >= THROWS


def run_of(key: str) -> GuessRun:
    value = st.session_state.get(key)
    if not isinstance(value, GuessRun):
        value = GuessRun()
        st.session_state[key] = value
    return value


def throw_batch(question: Question, run: GuessRun) -> None:
    """The next batch of throws lands (batch ``b`` drawn from ``chance_rng(seed, b)``)."""
    if not run.running:
        return
    batch = len(run.landed) // BATCH
    count = min(BATCH, THROWS - len(run.landed))
    run.landed.extend(question.throws(chance_rng(run.seed, batch), count))
    if run.done:
        run.seen = True


def accept_throw(run: GuessRun, question: Question, drawn_for: int, guess: int,
                 now: float) -> bool:
    """Start one run, or ignore the tap: a button drawn for an earlier run (the second tap
    of a double tap), a run still landing, or a tap within the debounce window change
    nothing. With no pace (tests) every throw lands at once. True if a run started."""
    if drawn_for != run.runs or run.running or now - run.last_tap < pace.DEBOUNCE_SECONDS:
        return False
    run.runs += 1
    run.seed = new_seed()
    run.guess = max(0, min(100, int(guess)))
    run.landed = []
    run.last_tap = now
    if pace.PACE_SCALE <= 0:
        while run.running:
            throw_batch(question, run)
    return True


def accept_again(run: GuessRun, drawn_for: int, now: float) -> bool:
    """Back to the slider for a new guess and a new run (the answer stays seen); a stale or
    too quick tap changes nothing."""
    if drawn_for != run.runs or not run.done or now - run.last_tap < pace.DEBOUNCE_SECONDS:
        return False
    run.seed, run.guess, run.landed, run.last_tap = None, None, [], now
    return True


def start_run(key: str, question: Question, drawn_for: int) -> None:
    """The throw button's callback, with the guess the slider holds."""
    guess = st.session_state.get(f"{key}_slider", 50)
    accept_throw(run_of(key), question, drawn_for, guess, time.monotonic())


def guess_again(key: str, drawn_for: int) -> None:
    """The "Guess again" button's callback."""
    accept_again(run_of(key), drawn_for, time.monotonic())


# ---- drawing -------------------------------------------------------------------------------
def _percent_format() -> str:
    """The slider's printf format: the locale's percent pattern around ``%d`` (Basque
    ``% 30``, French ``30 %``)."""
    prefix, suffix = format_percent_value(0.5, lang(), 0).split("50")
    return prefix.replace("%", "%%") + "%d" + suffix.replace("%", "%%")


def dots_svg(landed: list[bool], title: str, total: int = THROWS) -> str:
    """One dot a throw, filled as the throws land: dark for a hit, pale for a miss.

    Each colour is one path of zero-length round-capped strokes (a dot is ``M7 7h0``): a
    tenth of the markup of 300 circles, sent again at every tick."""
    rows = math.ceil(total / COLUMNS)
    cell = 14
    paths: dict[str, list[str]] = {HIT: [], MISS: [], WAITING: []}
    for i in range(total):
        x, y = (i % COLUMNS) * cell + cell // 2, (i // COLUMNS) * cell + cell // 2
        colour = WAITING if i >= len(landed) else HIT if landed[i] else MISS
        paths[colour].append(f"M{x} {y}h0")
    strokes = "".join(f'<path d="{"".join(d)}" stroke="{c}" stroke-width="10.4" '
                      f'stroke-linecap="round" fill="none"/>' for c, d in paths.items() if d)
    return (f'<svg role="img" viewBox="0 0 {COLUMNS * cell} {rows * cell}" '
            f'xmlns="http://www.w3.org/2000/svg" aria-label="{esc(title)}" '
            f'style="width:100%;max-width:22rem;height:auto;display:block">'
            f'<title>{esc(title)}</title>{strokes}</svg>')


def share_svg(observed: Fraction, guess: int | None, exact: Fraction | None) -> str:
    """A bar from 0 to 100 %: the share seen so far filled, the guess (and at the end the
    exact chance) as marks."""
    width, height = 280, 30
    parts = [f'<rect x="0" y="8" width="{width}" height="14" rx="3" fill="{WAITING}"/>',
             f'<rect x="0" y="8" width="{float(observed) * width:.1f}" height="14" rx="3" '
             f'fill="{HIT}"/>']
    if guess is not None:
        gx = guess / 100 * width
        parts.append(f'<path d="M{gx:.1f} 7 l-6 -7 h12 z" fill="{GUESS_COLOUR}"/>')
    if exact is not None:
        ex = float(exact) * width
        parts.append(f'<rect x="{ex - 1.5:.1f}" y="4" width="3" height="22" fill="{EXACT_COLOUR}"/>')
    return (f'<svg viewBox="-7 0 {width + 14} {height}" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg" style="width:100%;max-width:22rem;'
            f'height:auto;display:block">{"".join(parts)}</svg>')


GUESS_CSS = style("guess.css")


def _tally_html(question: Question, run: GuessRun) -> str:
    n, hits = len(run.landed), sum(run.landed)
    if run.done:
        tally = ngettext("%(hits)s of %(n)s throw", "%(hits)s of %(n)s throws", n)
    else:
        tally = ngettext("%(hits)s of %(n)s throw so far", "%(hits)s of %(n)s throws so far",
                         n)
    tally = tally % {"hits": fmt_num(hits), "n": fmt_num(n)}
    observed = Fraction(hits, n) if n else Fraction(0)
    items = [(f"background:{HIT}", _(question.hit)), (f"background:{MISS}", _("not")),
             ("border-radius:0;width:0;height:0;border:.4rem solid transparent;border-bottom:0;"
              f"border-top:.65rem solid {GUESS_COLOUR}", _("your guess"))]
    if run.done:
        items.append((f"background:{EXACT_COLOUR};border-radius:0;width:.22rem;height:1rem",
                      _("the exact chance")))
    key = (f'<p class="jokoak-guess-key" lang="{lang()}">'
           + "".join(f'<span class="i"><span class="m" style="{style}"></span>{esc(label)}</span>'
                     for style, label in items) + "</p>")
    return (f'<div class="jokoak-guess-dots" data-run="{run.runs}" data-landed="{n}" '
            f'data-hits="{hits}">'
            f'<p class="jokoak-guess-tally" lang="{lang()}">'
            f'{esc(tally)}: <strong>{esc(fmt_pct(observed, 1))}</strong></p>'
            f'{dots_svg(run.landed, tally)}'
            f'{share_svg(observed, run.guess, question.exact if run.done else None)}'
            f'{key}</div>')


def percent_digits(p: Fraction) -> int:
    """One decimal, or two when that makes the percent exact (1/16 is 6.25 %, not 6.2 %)."""
    return 2 if (p * 10_000).denominator == 1 and (p * 1000).denominator != 1 else 1


def exact_words(p: Fraction) -> tuple[str, str]:
    """The exact chance for people: its percent, and "about 1 in N" when that reads better."""
    return fmt_pct(p, percent_digits(p)), one_in(p, tr()) if 0 < p <= ONE_IN_BELOW else ""


def _answer_html(question: Question, run: GuessRun) -> str:
    hits = sum(run.landed)
    observed = Fraction(hits, len(run.landed))
    exact = question.exact
    pct, plain = exact_words(exact)
    guess = run.guess if run.guess is not None else 0
    boxes = [
        (_("Your guess"), fmt_pct(Fraction(guess, 100), 0), ""),
        (ngettext("Seen in %(n)s throw", "Seen in %(n)s throws", len(run.landed))
         % {"n": fmt_num(len(run.landed))}, fmt_pct(observed, 1),
         ngettext("%(hits)s hit", "%(hits)s hits", hits) % {"hits": fmt_num(hits)}),
        (_("The exact chance"), pct, plain),
    ]
    cells = "".join(f'<div><p class="k">{esc(k)}</p><p class="v">{esc(v)}</p>'
                    f'<p class="s">{esc(s)}</p></div>' for k, v, s in boxes)
    points = round(abs(guess - exact * 100))
    if points == 0:
        closeness = _("Spot on: your guess is the exact chance, rounded.")
    else:
        closeness = ngettext(
            "Your guess was %(points)s percentage point away from the exact chance.",
            "Your guess was %(points)s percentage points away from the exact chance.",
            points) % {"points": fmt_num(points)}
    answer = _(question.answer) % {"chance": pct}
    return (f'<div class="jokoak-guess-answer" lang="{lang()}" role="status">'
            f'<div class="jokoak-guess-row">{cells}</div>'
            f'<p><strong>{esc(answer)}</strong> {esc(closeness)}</p></div>')


def _exact_fraction(question: Question) -> None:
    exact = question.exact
    with st.expander(_("The exact fraction")):
        text = ngettext("%(count)s throw in %(total)s: %(pct)s.",
                        "%(count)s throws in %(total)s: %(pct)s.", exact.numerator) % {
            "count": fmt_num(exact.numerator), "total": fmt_num(exact.denominator),
            "pct": fmt_pct(exact, 4)}
        how = _("Worked out from the same chances the game uses, under the Basque text's rules.")
        html(f'<p lang="{lang()}">{esc(text)}</p><p lang="{lang()}">{esc(how)}</p>')


def _draw(question: Question, run: GuessRun, key: str) -> None:
    html(GUESS_CSS + f'<p class="jokoak-guess-q" lang="{lang()}">{esc(_(question.question))}</p>')
    if run.seed is None:
        st.slider(_("Your guess: in how many throws out of 100?"), 0, 100, 50, 1,
                  format=_percent_format(), key=f"{key}_slider")
        n = THROWS
        st.button(ngettext("Throw %(n)s time", "Throw %(n)s times", n) % {"n": fmt_num(n)},
                  type="primary", key=f"{key}_throw_r{run.runs}", width="stretch",
                  icon=":material/casino:", on_click=start_run,
                  args=(key, question, run.runs))
        return
    if not run.done:
        guess = _("Your guess: %(pct)s") % {"pct": fmt_pct(Fraction(run.guess or 0, 100), 0)}
        html(f'<p lang="{lang()}">{esc(guess)}</p>{_tally_html(question, run)}')
        return
    html(f'<div class="jokoak-guess-stage">{_tally_html(question, run)}'
         f'{_answer_html(question, run)}</div>')
    _exact_fraction(question)
    st.button(_("Guess again"), key=f"{key}_again_r{run.runs}",
              icon=":material/replay:", on_click=guess_again, args=(key, run.runs))


def guess_step(game: str, question_id: str, key: str) -> bool:
    """Ask ``question_id`` of ``game`` under widget key ``key``; True once the visitor has
    seen the answer (a lesson may then move on). An unknown question is said, not raised."""
    question = questions(game).get(question_id)
    if question is None:
        st.warning(_("This question is not available."), icon="⚠️")
        return False
    run = run_of(key)
    declared, declared_seen = run.running, run.seen
    every = TICK_SECONDS * pace.PACE_SCALE

    @st.fragment(run_every=every if declared and every > 0 else None)
    def area() -> None:
        run = run_of(key)
        if declared:
            throw_batch(question, run)
        if run.running != declared or run.seen != declared_seen:
            st.rerun()  # start or stop the ticks, or tell the page the answer was seen
        try:
            _draw(question, run, key)
        except Exception as exc:  # a visitor never sees a traceback
            log.warning("guess %s/%s failed: %s: %s", game, question_id,
                             type(exc).__name__, exc)
            st.error(_("Something went wrong with the throws. Try again."))
            st.session_state[key] = GuessRun(seen=run.seen)

    area()
    return run_of(key).seen


def guess_section(game: str) -> None:
    """The "Guess first" section of an odds view: pick a question, guess, throw, see."""
    found = questions(game)
    if not found:
        return
    with st.expander(_("Guess first, then see"), expanded=True, icon=":material/psychology:"):
        ids = list(found)
        chosen = st.segmented_control(_("Question"), ids, default=ids[0],
                                      key=f"jokoak_{game}_guess_question",
                                      format_func=in_this_language(lambda i: _(found[i].hit))
                                      ) or ids[0]
        guess_step(game, chosen, f"jokoak_{game}_guess_{chosen}")
