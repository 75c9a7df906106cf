"""The lesson view: a game's lessons (``content/<game>/lessons/``) in the visitor's hands.

Each step draws a prepared position with the real controls of the game's play view (the
``controls`` its :class:`ui.play.PlaySpec` names, given this view's own spec), so the visitor
taps what they will tap in a real game. A tap goes through :func:`lesson_tap` instead of being
played on at once:

* a move the rules refuse keeps the position and shows the engine's reason in one sentence,
  its clauses lit in the Basque and the translation behind "Why?"
  (:func:`ui.play.reason_html`): by the controls, where the spec says they show refusals
  themselves, else under them;
* a legal move that is not the lesson's shows the step's hint, the clauses it teaches
  behind "Why?";
* the lesson's move plays it and what follows (written in the lesson), and shows one short
  sentence (the step's ``feedback``, else its ``why``; the rest behind "Why?", :mod:`ui.why`)
  with a "Next" button.

Question steps draw their answers as buttons (the right one is the one the engine's events
bear out, :mod:`jokoak.content.lessons`), beside the outcome asked about as the game's registry entry
pictures it (:meth:`jokoak.registry.GamePlugin.asked_outcome`); guess steps embed
:func:`ui.guess.guess_step`. Nothing here names a game. Taps are
idempotent like the play views' (position tokens, debounce). Progress lives in the URL
(``?view=learn&lesson=<name>&lstep=<n>``), so a reload or a restart resumes the lesson.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from importlib import import_module
from types import ModuleType
from typing import Any

import streamlit as st

from jokoak import registry
from jokoak.engine.core import Game, GameState, refusal
from jokoak.engine.driver import Position, Seating, resume
from jokoak.engine.record import Record
from jokoak.i18n import TARGET_LANGUAGES
from jokoak.content.lessons import DEFAULT_HINT, Lesson, LessonStep, lessons
from jokoak.i18n.msgids import N_
from jokoak.content.notes import notes
from jokoak.render.howto import CHOICE_CSS, choice_note_html

from . import counters, play, progress, sound, speech, tap_manners
from .play import pace
from .common import _, bring_into_view, esc, game_drawing, html, lang, ngettext
from .params import drop, echo_of_old, query_choice, query_number, write
from .play import PlaySession, PlaySpec
from .game_views import game_spec, views_of
from .kiosk_mode import kiosk_fold
from .why import sentence_html
from .assets import script, style

log = logging.getLogger("jokoak")

#: The entry label on Home, the kiosk's attract screen and the view switch.
LEARN_LABEL = N_("Learn it in 2 minutes")
#: The end of a lesson, said (and read aloud at a kiosk) with the star.
WELL_DONE = N_("Well done: you have finished this lesson.")
VIEW = "learn"
#: Session key: the game whose "Play a real game" was just tapped (the lesson's fragment
#: then reruns the whole page, which opens the play view).
HANDOFF_KEY = "jokoak_lesson_handoff"


LESSON_CSS = style("lesson.css")


@st.cache_resource(show_spinner=False)
def _lessons(game: str) -> tuple[Lesson, ...]:
    """The game's lessons, or none when one of its files is broken (logged once, cached: a
    broken file must not take the page down, nor be re-read and replayed at every rerun)."""
    try:
        return lessons(game)
    except Exception as exc:  # also a game without an engine yet: no lessons to offer
        log.warning("lessons of %s not offered: %s", game, exc)
        return ()


def has_lessons(game: str) -> bool:
    return bool(_lessons(game))


def _named(game: str, name: str) -> Lesson | None:
    return next((lesson for lesson in _lessons(game) if lesson.name == name), None)


def first_lesson(game: str) -> str | None:
    found = _lessons(game)
    return found[0].name if found else None


def entry_params(game: str) -> dict[str, str]:
    """The query parameters that open a game's first lesson at its first step."""
    return {"lang": lang(), "view": VIEW, "lesson": first_lesson(game) or "", "lstep": "1"}


# ---- the game's side: board, picture of a throw, controls ----------------------------------

def _engine(game: str) -> Game:
    return registry.plugin(game).game()


def _spec(game: str, seat: int) -> PlaySpec[Any]:
    """The play view's spec, for this view: its own key, the lesson's seat as the one person,
    no computer nor beat (the lesson plays the others' moves), and taps checked first."""
    return dataclasses.replace(game_spec(game), key=f"jokoak_lesson_{game}",
                               table=lambda choices: Seating(humans=frozenset({seat})),
                               beat=None, accept=lesson_tap, lesson=True)


def _board(game: str, session: PlaySession[Any], shown: GameState, seat: int,
           step: LessonStep | None = None) -> None:
    """The table or board for ``shown`` (a state), drawn like the play view's, from the
    lesson's seat (the visitor's own dice and nobody else's)."""
    markup = game_drawing(game, shown, viewer=seat, highlight=_talked_about(step, session),
                          events=_step_events(step, session))
    html(LESSON_BOARD_CSS)
    play.board(markup, session)


def _talked_about(step: LessonStep | None, session: PlaySession[Any]) -> frozenset[str]:
    """The moves the step's sentence talks about ("bid", "throw"...: the verbs of its
    actions), for the drawing to ring what they concern: an action step's move; a
    question's asked move once answered (before, the picture beside shows it)."""
    if step is None:
        return frozenset()
    if step.kind == "action" and step.expect:
        return frozenset({step.expect.split(":")[0]})
    if step.kind == "question" and session.extra.get("done"):
        return frozenset(a.split(":")[0] for a in _asked_moves(step))
    return frozenset()


def _asked_moves(step: LessonStep) -> tuple[str, ...]:
    """The moves a question asks about: the last two of its record."""
    return step.record.actions[-2:]


def _step_events(step: LessonStep | None, session: PlaySession[Any]) -> tuple[Any, ...]:
    """What the step's moves made happen, as the engine told it, once the step is done (an
    action step: the visitor's move and what follows; a question: the moves asked about,
    those :func:`_talked_about` names); before, nothing (the move is still to make)."""
    if step is None or not session.extra.get("done"):
        return ()
    if step.kind == "action":
        return tuple(session.position.events(len(step.record.actions)))
    if step.kind == "question":
        return tuple(session.position.events(len(step.record.actions) - len(_asked_moves(step))))
    return ()


#: A new step brings its instruction to the top of the screen (``bring_into_view``) when its
#: table would be cut: on a landscape screen the table gets the height under the header and
#: the instruction (about 750 px at 1920×1080, where the height left under the title, 440
#: px, drew zohn ahl's and peruludo's labels at 9–10 px), with the control beside it.
#: Portrait screens and phones keep the play view's sizes.
LESSON_BOARD_CSS = style("lesson_board.css")


def _asked_picture(game: str, before: Position, after: Position) -> tuple[GameState, str]:
    """For a question: the state to draw before the asked action is shown, and a picture of
    the outcome asked about, as the game pictures it (its registry entry)."""
    events = after.moves[-1].events if after.moves else ()
    return registry.plugin(game).asked_outcome(before.state, after.state, events, _, lang())


def _controls(session: PlaySession[Any], spec: PlaySpec[Any]) -> None:
    """The play view's controls for the step's position, and why the last tap was refused
    where they do not say it themselves."""
    if spec.controls is None:
        raise LookupError(f"the play view of {spec.game.name} names no controls for a lesson")
    spec.controls(session, spec)
    if not spec.controls_show_refusals:
        play.refusal_note(spec, session)
    if session.refused is not None:
        speech.speaker(f"lesson_{spec.game.name}_refused",
                       [(session.refused.text(_, ngettext), lang())])


# ---- progress ----------------------------------------------------------------------------

def _key(game: str) -> str:
    return f"jokoak_lesson_{game}"


def _position(engine: Game, record: Record) -> Position:
    return resume(engine, record)


def _before(record: Record) -> Record:
    return Record(record.game, record.rules, record.setup, record.seed, record.actions[:-1])


def _open_step(game: str, lesson: Lesson, index: int) -> PlaySession[Any]:
    """A fresh session at step ``index`` (0-based; ``len(steps)``: the lesson is over)."""
    engine = _engine(game)
    if index >= len(lesson.steps):
        last = lesson.steps[-1]
        position = _position(engine, last.end)
    else:
        step = lesson.steps[index]
        record = _before(step.record) if step.kind == "question" else step.record
        position = _position(engine, record)
    session: PlaySession[Any] = PlaySession(position=position, choices={}, good=position)
    if index < len(lesson.steps):
        counters.step_count(game, "started", lesson.name, index)
    session.extra.update(lesson=lesson.name, index=index, done=index >= len(lesson.steps),
                         hint=False, wrong=None, drawn=None, drawn_at=time.monotonic())
    st.session_state[_key(game)] = session
    return session


def _set_step(game: str, lesson: Lesson, index: int) -> None:
    write("lesson", lesson.name, scope=_key(game))
    write("lstep", str(index + 1), scope=_key(game))
    _open_step(game, lesson, index)


def _current(game: str) -> tuple[Lesson, PlaySession[Any]] | None:
    """The lesson and step the URL asks for (default: the first lesson, step 1)."""
    found = _lessons(game)
    if not found:
        return None
    name = query_choice("lesson", [x.name for x in found]) or found[0].name
    lesson = _named(game, name)
    assert lesson is not None
    session = st.session_state.get(_key(game))
    if (isinstance(session, PlaySession) and session.extra.get("lesson") == name
            and echo_of_old("lstep", scope=_key(game)) is not None):
        # the step this session left, carried back by a double tap's second tap: not a
        # place the visitor went to (a step is no entry of the browser's history)
        st.query_params["lstep"] = str(session.extra.get("index", 0) + 1)
    number = query_number("lstep", len(lesson.steps) + 1, minimum=1) or 1
    if st.query_params.get("lesson") != name:
        st.query_params["lesson"] = name
    if st.query_params.get("lstep") != str(number):
        st.query_params["lstep"] = str(number)
    if (not isinstance(session, PlaySession) or session.extra.get("lesson") != name
            or session.extra.get("index") != number - 1):
        session = _open_step(game, lesson, number - 1)
    return lesson, session


def _step_of(game: str, session: PlaySession[Any]) -> tuple[Lesson, LessonStep] | None:
    lesson = _named(game, session.extra.get("lesson", ""))
    index = session.extra.get("index", 0)
    if lesson is None or index >= len(lesson.steps):
        return None
    return lesson, lesson.steps[index]


# ---- taps ----------------------------------------------------------------------------------

#: A tap this soon after the screen changed (a new step, or a step just done) is the second
#: half of a double tap landing on what was drawn in place of the control first tapped.
FRESH_SCREEN_SECONDS = 0.6


def _too_soon(session: PlaySession[Any], now: float) -> bool:
    drawn_at: float = session.extra.get("drawn_at", 0.0)
    return now - drawn_at < FRESH_SCREEN_SECONDS


def _mark_drawn(session: PlaySession[Any]) -> None:
    """Note when this screen (step and done state) was first drawn."""
    shown = (session.extra.get("index"), bool(session.extra.get("done")))
    if session.extra.get("drawn") != shown:
        session.extra["drawn"], session.extra["drawn_at"] = shown, time.monotonic()


def _same_wrong_tap(session: PlaySession[Any], action: str, now: float) -> bool:
    """Is this the same move as the last tap, within a double tap's time (for the curators'
    counts: one stumble, not two)?"""
    last: tuple[str, float] | None = session.extra.get("last_try")
    session.extra["last_try"] = (action, now)
    return last is not None and last[0] == action and now - last[1] < pace.DEBOUNCE_SECONDS


def lesson_tap(spec: PlaySpec[Any], session: PlaySession[Any], token: int, seat: int, action: str,
               now: float) -> bool:
    """A tap on a play control drawn for the step: refused with the engine's reason, hinted
    at when legal but not the lesson's, played (with what follows it) when it is. A stale or
    repeated tap changes nothing. True if the lesson moved on."""
    if (token != play.token(session) or now - session.last_tap < pace.DEBOUNCE_SECONDS
            or _too_soon(session, now)):
        return False
    found = _step_of(spec.game.name, session)
    if found is None or session.extra.get("done"):
        return False
    lesson, step = found
    index = session.extra.get("index", 0)
    why = refusal(session.position.state, action, seat)
    again = _same_wrong_tap(session, action, now)   # a double tap's second half: not counted
    if why is not None:
        session.refused, session.extra["hint"] = why, False
        if not again:
            counters.step_count(spec.game.name, "refused", lesson.name, index, why.clauses)
        return False
    if action != step.expect:
        session.refused, session.extra["hint"] = None, True
        if not again:
            counters.step_count(spec.game.name, "hint", lesson.name, index)
        return False
    counters.step_count(spec.game.name, "finished", lesson.name, index)
    session.position = session.good = _position(spec.game, step.end)
    session.refused, session.extra["hint"], session.extra["done"] = None, False, True
    session.last_tap = now
    return True


def answer(game: str, token: int, index: int, choice: int) -> None:
    """A tap on an answer button (drawn for screen ``token``, :func:`ui.play.token`, of step ``index``)."""
    session = st.session_state.get(_key(game))
    if not isinstance(session, PlaySession):
        return
    now = time.monotonic()
    if (token != play.token(session) or session.extra.get("index") != index
            or session.extra.get("done") or _too_soon(session, now)):
        return
    found = _step_of(game, session)
    if found is None:
        return
    lesson, step = found
    if step.choices[choice].right:
        counters.step_count(game, "finished", lesson.name, index)
        session.position = session.good = _position(_engine(game), step.record)
        session.extra.update(done=True, wrong=None)
        session.last_tap = now
    else:
        if session.extra.get("wrong") != choice:
            counters.step_count(game, "hint", lesson.name, index)
        session.extra["wrong"] = choice


def next_step(game: str, name: str, index: int) -> None:
    """"Next": from step ``index`` (once done) to the following one; a second tap is stale."""
    session = st.session_state.get(_key(game))
    lesson = _named(game, name)
    if (lesson is None or not isinstance(session, PlaySession)
            or session.extra.get("lesson") != name or session.extra.get("index") != index
            or _too_soon(session, time.monotonic())):
        return
    if index + 1 == len(lesson.steps):   # the lesson is finished: its star
        names = [x.name for x in _lessons(game)]
        progress.earn(game, names.index(name) + 1, len(names))
        counters.count(game, "lessons_finished")
    _set_step(game, lesson, index + 1)


def go_to(game: str, name: str, index: int) -> None:
    """A lesson's step from its start ("Again", another lesson, this one again); a tap
    just after the screen changed is the second half of a double tap, and changes nothing."""
    lesson = _named(game, name)
    session = st.session_state.get(_key(game))
    if isinstance(session, PlaySession) and _too_soon(session, time.monotonic()):
        return
    if lesson is not None:
        _set_step(game, lesson, min(index, len(lesson.steps)))


def play_real_game(game: str) -> None:
    """Leave the lesson for the play view, with a new game under way (the same seat: the
    play views seat the visitor as Player 1, like the lessons). The button sits in the
    lesson's fragment, whose rerun alone would draw the lesson again: this callback notes
    the handoff, and the fragment then reruns the whole page (:func:`_hand_over`)."""
    lesson_session = st.session_state.get(_key(game))
    if isinstance(lesson_session, PlaySession) and _too_soon(lesson_session, time.monotonic()):
        return  # the second half of a double tap on the last "Next"
    if not isinstance(lesson_session, PlaySession) or not lesson_session.extra.get("done"):
        return  # a stale tap: the lesson is not at its end
    spec = game_spec(game)
    current = play.session(spec)
    play.new_game(spec, spec.game.rulesets[0].name, {},
                  current.position.record.seed if current is not None else None)
    game_now = play.session(spec)
    if game_now is not None:   # its controls wait a moment: a double tap's second tap
        game_now.last_tap = time.monotonic()
    st.session_state[f"jokoak_view_{game}"] = "play"
    write("view", "play", scope=f"jokoak_view_{game}")
    drop("lesson")
    drop("lstep")
    st.session_state.pop(_key(game), None)   # the lesson is left: a way back starts it anew
    st.session_state[HANDOFF_KEY] = game


def _hand_over(game: str) -> None:
    """After "Play a real game": the whole page runs again (not only the lesson's
    fragment), and the game page, whose address now says ``view=play``, draws the game."""
    if st.session_state.get(HANDOFF_KEY) == game:
        del st.session_state[HANDOFF_KEY]
        st.rerun(scope="app")


# ---- drawing -------------------------------------------------------------------------------

#: Brings the step's feedback (why, hint, refusal) and the button after it into view: on a
#: phone they sit under the table, below the fold, where a tap would seem to do nothing.
SHOW_FEEDBACK_JS = script("show_feedback.js")


def _choice_html(game: str, choice: str | None) -> str:
    """The booklet's-choice mark of a step that teaches a reading the booklet chose, with
    its note one tap away, as the how-to card marks such a line."""
    note = next((n for n in notes(game) if n.id == choice), None) if choice else None
    if note is None:
        return ""
    return CHOICE_CSS + choice_note_html(note.id, note.title, note.body, _, lang())


def _note(kind: str, text: str, game: str, clauses: tuple[str, ...], more: str = "",
          choice: str | None = None) -> None:
    """One sentence after a tap; the booklet's-choice mark of a step that teaches a reading
    the booklet chose (its note one tap away); ``more`` (a longer explanation) and the
    clauses it teaches behind "Why?" (:mod:`ui.why`)."""
    html(sentence_html(f"jokoak-lesson-{kind}", text, game, clauses, more,
                       after=_choice_html(game, choice)))
    with speech.beside():
        speech.speaker(f"lesson_{game}_{kind}", [(text, lang())])
        if clauses:
            speech.clause_speaker(f"lesson_{game}_{kind}_clauses", game, clauses,
                                  lang() if lang() in TARGET_LANGUAGES else None)
    st.html(SHOW_FEEDBACK_JS, unsafe_allow_javascript=True)


def _header(game: str, lesson: Lesson, index: int) -> None:
    found = _lessons(game)
    if len(found) > 1:
        # folded: on a phone the step's instruction and controls stay near the top
        earned = progress.stars(game, len(found))
        with st.container(key="jokoak_lesson_list"), st.expander(
                _("All the lessons of this game"), icon=":material/school:"):
            for number, other in enumerate(found, 1):
                st.button(("★ " if number in earned else "☆ ") + _(other.title),
                          key=f"jokoak_lesson_pick_{game}_{other.name}",
                          type="primary" if other.name == lesson.name else "secondary",
                          width="stretch", on_click=go_to, args=(game, other.name, 0))
    total = len(lesson.steps)
    caption = (f'<p lang="{lang()}" style="margin:0">{esc(_(lesson.caption))}</p>'
               if index == 0 or index >= total else "")   # said once, at the start
    html(f'<h2 lang="{lang()}" style="margin:.2rem 0;font-size:1.6rem">{esc(_(lesson.title))}'
         f'{_star_line(game)}</h2>' + caption)
    if index < total:
        st.progress(index / total, text=_("Step %(number)s of %(total)s") % {
            "number": index + 1, "total": total})


def _star_line(game: str) -> str:
    """★ per lesson of the game finished, ☆ per lesson to do (where it has several)."""
    found = _lessons(game)
    if len(found) < 2:
        return ""
    earned = progress.stars(game, len(found))
    label = ngettext("%(done)s of %(total)s lesson finished",
                     "%(done)s of %(total)s lessons finished", len(found)) % {
        "done": len(earned), "total": len(found)}
    return (f' <span class="jokoak-stars" role="img" aria-label="{esc(label)}" '
            f'title="{esc(label)}" data-stars="{len(earned)}" style="color:#b36b00;'
            f'white-space:nowrap">{progress.star_line(earned, len(found))}</span>')


def _finished(game: str, lesson: Lesson, session: PlaySession[Any]) -> None:
    """The lesson's end as a moment: a star that flies in (a glow under reduced motion), a
    chime, the sentence read aloud at a kiosk; then, in the answer bar under the thumb,
    "Play a real game" (the lesson built toward it), the next lesson, this one again."""
    first = not session.extra.get("celebrated")
    session.extra["celebrated"] = True
    sound.celebration(_(WELL_DONE), f"{lesson.name}{session.epoch}",
                      chime=first and not sound.muted())
    if first:
        sound.read_aloud(f"{game}_{lesson.name}_done", [(_(WELL_DONE), lang())])
    found = _lessons(game)
    names = [x.name for x in found]
    at = names.index(lesson.name)
    with st.container(key=f"jokoak_answer_bar_{game}_end"):   # new buttons, not Next's
        st.button(_("Play a real game"), type="primary", key=f"jokoak_lesson_real_{game}",
                  width="stretch", icon=":material/play_arrow:", on_click=play_real_game,
                  args=(game,))
        row = st.container(horizontal=True)
        if at + 1 < len(found):
            row.button(_("Next lesson: %(title)s") % {"title": _(found[at + 1].title)},
                       key=f"jokoak_lesson_nextlesson_{game}", on_click=go_to,
                       args=(game, names[at + 1], 0), icon=":material/school:")
        row.button(_("Start this lesson again"), key=f"jokoak_lesson_again_{game}",
                   on_click=go_to, args=(game, lesson.name, 0), icon=":material/replay:")


def _step_view(game: str, lesson: Lesson, session: PlaySession[Any], spec: PlaySpec[Any]) -> None:
    index = session.extra["index"]
    step = lesson.steps[index]
    if step.kind == "guess" and _guess_seen(game, index):
        session.extra["done"] = True
    done = bool(session.extra.get("done"))
    picture = ""
    shown = session.position.state
    if step.kind == "question" and not done:
        after = _position(spec.game, step.record)
        shown, picture = _asked_picture(game, session.position, after)
    elif step.kind == "action" and done:   # the visitor's throw, drawn as in play
        picture = registry.plugin(game).throw_picture(
            session.position.events(len(step.record.actions)), _, lang(),
            session.position.length, highlight=_talked_about(step, session))
    # the instruction above the table and the controls: first on a phone's screen too
    with speech.beside():   # the instruction, and its speaker button at its end
        html(f'<p lang="{lang()}" class="jokoak-lesson-instruction" data-lesson-step="{index + 1}"'
             f' data-kind="{esc(step.kind)}" data-done="{int(done)}">{esc(_(step.instruction))}</p>')
        speech.speaker(f"lesson_{game}_instruction", [(_(step.instruction), lang())])
    # a new step whose table runs under the fold (a phone, a laptop): its instruction
    # comes to the top, with the table and the controls to tap right under it
    new_step = session.extra.get("placed") != (lesson.name, index)
    session.extra["placed"] = (lesson.name, index)
    bring_into_view(".jokoak-lesson-instruction", ".jokoak-board svg", f"{lesson.name}{index}",
                    when=new_step)
    if new_step:
        sound.read_aloud(f"{game}_{lesson.name}_{index}", [(_(step.instruction), lang())])
    table, side = st.columns([3, 2], vertical_alignment="top")
    with side:
        if picture:   # its caption waits (the drawing keeps its title for screen readers):
            # the instruction says the throw asked about, the answer bar the throw made
            html(f'<div class="jk-lesson-picture">{picture}</div>')
        if step.kind == "guess":   # the answer stays on screen beside the why
            done = _guess(game, session, step, index) or done
        if done:
            # in the answer bar at the bottom, away from the control just tapped; nothing
            # tappable is drawn in that control's place
            with st.container(key=f"jokoak_answer_bar_{game}", horizontal=True,
                              vertical_alignment="center"):
                with st.container(key="jokoak_answer_said"):
                    _note("why", _(step.said), game, step.teaches,
                          _(step.behind_why) if step.behind_why else "", step.choice)
                    _read_once(session, f"{game}_{lesson.name}_{index}_said", _(step.said))
                st.button(_("Next"), type="primary", key=f"jokoak_lesson_next_{game}_{index}",
                          width="stretch", icon=":material/arrow_forward:",
                          on_click=next_step, args=(game, lesson.name, index))
            return _board_beside(table, game, session, shown, lesson.seat, step)
        if step.kind == "action":
            _draw_the_eye(game, session, step)
            _controls(session, spec)
            if session.extra.get("hint"):
                # by the controls, which the child taps again (the bar would cover them)
                _note("hint", _(step.hint or DEFAULT_HINT), game, step.teaches)
                _read_once(session, f"{game}_{lesson.name}_{index}_hint",
                           _(step.hint or DEFAULT_HINT))
        elif step.kind == "question":
            token = play.token(session)
            wrong = session.extra.get("wrong")
            for n, choice in enumerate(step.choices):
                label = _(choice.label)
                if n == wrong:   # the wrong choice marked, in words for a screen reader too
                    label = "✗ " + label
                st.button(label, key=f"jokoak_lesson_choice_{game}_{index}_{n}_t{token}",
                          width="stretch", on_click=answer, args=(game, token, index, n),
                          type="secondary")
                if n == wrong:   # under it, why THAT answer is not what happened
                    html(WRONG_CSS % {"game": game, "index": index, "n": wrong, "token": token})
                    assert choice.why is not None   # the loader gives each wrong answer one
                    said = _(choice.why)
                    _note("hint", said, game, step.teaches)
                    _read_once(session, f"{game}_{lesson.name}_{index}_wrong{wrong}", said)
        # this step from its start again (one tap: the step's position, as first drawn)
        st.button(_("Again"), key=f"jokoak_lesson_redo_{game}_{index}", type="tertiary",
                  icon=":material/replay:", on_click=go_to, args=(game, lesson.name, index))
    _board_beside(table, game, session, shown, lesson.seat, step)


#: The one control a step asks for, drawn to the eye: a gold ring that pulses three times
#: (a ring that stays, for a visitor who asked for less motion).
EYE_CSS = """<style>[class*="st-key-jokoak_lesson_%(game)s_%(name)s_t"] button{
outline:4px solid #f2b100;outline-offset:3px}
@media (prefers-reduced-motion:no-preference){[class*="st-key-jokoak_lesson_%(game)s_%(name)s_t"] button{
animation:jk-next-glow 1.6s .6s ease-in-out 3}}</style>"""


def _draw_the_eye(game: str, session: PlaySession[Any], step: LessonStep) -> None:
    """A ring around the control an action step asks for (named by the game's play view,
    ``VIEWS.play.control_name`` of ``ui/games/<game>/``); nothing where it names none."""
    play_views = views_of(game).play
    namer = play_views.control_name if play_views is not None else None
    name = namer(session.position.state, step.expect) if namer and step.expect else None
    html(EYE_CSS % {"game": game, "name": name} if name else "<style></style>")


def _read_once(session: PlaySession[Any], key: str, text: str) -> None:
    """At a kiosk that reads aloud: ``text`` read as it first appears (not at each rerun)."""
    read: set[str] = session.extra.setdefault("read", set())
    if key not in read:
        read.add(key)
        sound.read_aloud(key, [(text, lang())])


#: The wrong choice tapped: red, crossed (its label starts with ✗).
WRONG_CSS = ("<style>.st-key-jokoak_lesson_choice_%(game)s_%(index)s_%(n)s_t%(token)s button"
             "{border:2px solid #b3261e !important;background:#fdf0ef !important;"
             "color:#8c1d18 !important}</style>")


def _board_beside(table: Any, game: str, session: PlaySession[Any], shown: GameState, seat: int,
                  step: LessonStep) -> None:
    with table:
        _board(game, session, shown, seat, step)


def _guess_key(game: str, index: int) -> str:
    return f"jokoak_lesson_guess_{game}_{index}"


def _guess_module() -> ModuleType | None:
    try:
        return import_module("ui.guess")
    except ModuleNotFoundError as exc:
        if exc.name != "ui.guess":
            raise
        return None


def _guess_seen(game: str, index: int) -> bool:
    """Has the visitor seen the answer of this step's guess (in an earlier run)?"""
    module = _guess_module()
    return module is not None and bool(module.run_of(_guess_key(game, index)).seen)


def _guess(game: str, session: PlaySession[Any], step: LessonStep, index: int) -> bool:
    """A guess step: ui.guess draws the slider, the throws and the exact answer; once the
    visitor has seen the answer the step is done. Until ui.guess exists, the step only asks
    to go on (a skip the lead is told about)."""
    guess_module = _guess_module()
    seen = True
    if guess_module is not None:
        seen = bool(guess_module.guess_step(game, step.guess, _guess_key(game, index)))
    if seen:
        if not session.extra.get("done"):
            counters.step_count(game, "finished", session.extra.get("lesson", ""), index)
        session.extra["done"] = True
    return seen


def lesson_view(game: str) -> None:
    """The lesson view of game ``game`` (the game page's "learn" view)."""
    html(LESSON_CSS)
    found = _current(game)
    if found is None:
        st.info(_("This game has no lessons yet."))
        return
    lesson, _session = found
    spec = _spec(game, lesson.seat)

    tap_manners.install()
    kiosk_fold()
    if sound.reads_aloud():   # what a lesson says besides its steps, made ahead too
        speech.prewarm_lessons((WELL_DONE,))

    @st.fragment
    def area() -> None:
        _hand_over(game)
        current = _current(game)
        if current is None:
            return
        lesson, session = current
        _mark_drawn(session)
        _header(game, lesson, session.extra["index"])
        if session.extra["index"] >= len(lesson.steps):
            _finished(game, lesson, session)
            return
        try:
            _step_view(game, lesson, session, spec)
        except Exception as exc:  # a visitor never sees a traceback
            log.warning("lesson %s/%s step %s failed: %s: %s", game, lesson.name,
                        session.extra["index"], type(exc).__name__, exc)
            st.error(_("Something went wrong with this lesson step."))
            st.button(_("Start this lesson again"), key=f"jokoak_lesson_reset_{game}",
                      on_click=go_to, args=(game, lesson.name, 0))

    area()


#: Session key of the game whose lesson the attract screen asked for (the shell opens it
#: once the navigation exists).
LESSON_GOTO_KEY = "jokoak_lesson_goto"


def _start_from_attract(started_key: str, game: str) -> None:
    st.session_state[started_key] = True
    st.session_state[LESSON_GOTO_KEY] = game
    st.session_state.pop(_key(game), None)   # a fresh lesson, from its first step
