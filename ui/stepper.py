"""The step-through, shared by the three games.

A scenario (or a seeded "watch a game") is a Record; each step is recomputed by replay, so
"back" and "jump" are recomputation, never undo. The game's pure renderer
(``jokoak.render.<game>``) draws the state and words the events; this module only wires
controls, the clause highlight and the interpretation notes.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import streamlit as st

from jokoak import registry
from jokoak.engine.core import make_rules
from jokoak.engine.record import Record, Step, play, replay
from jokoak.games import available_games
from jokoak.notes import notes_for
from jokoak.render.source import clause_excerpt_html
from jokoak.scenarios import Scenario, scenarios
from jokoak.msgids import N_

from .common import (_, esc, html, in_this_language, lang, ngettext, pin_run_language,
                     remember, remembered_widget_key)
from .params import query_choice, query_number

WATCH = "__watch__"


def _renderer(game: str) -> ModuleType | None:
    module = registry.entry(game).renderer_module()
    return module if hasattr(module, "describe_event") else None


def has_step_through(game: str) -> bool:
    return game in available_games() and _renderer(game) is not None and bool(_scenarios(game))


@st.cache_resource(show_spinner=False)
def _scenarios(game: str) -> tuple[Scenario, ...]:
    try:
        return scenarios(game)
    except Exception:  # a broken scenario file must not take the page down
        return ()


@st.cache_resource(show_spinner=False, max_entries=64)
def _replayed(game: str, key: str, record: Record) -> tuple[Any, tuple[Step, ...]]:
    initial, steps = replay(available_games()[game], record)
    return initial, tuple(steps)


@st.cache_resource(show_spinner=False, max_entries=32)
def _watch_record(game: str, seed: int) -> Record:
    engine = available_games()[game]
    policies = registry.entry(game).policies()
    rules = make_rules(engine)
    setup = engine.default_setup(rules)
    policy = next(iter(policies.values())) if policies else None
    if policy is None:
        from jokoak.engine.record import random_policy
        policy = random_policy
    return play(engine, rules, setup, seed, policy)


def _draw_state(game: str, state: Any, viewer: int | None = None) -> str:
    module = _renderer(game)
    draw = getattr(module, "render_table_svg", None) or getattr(module, "render_board_svg")
    return draw(state, _, lang())


def _translation_target() -> str | None:
    code = lang()
    return code if code != "eu" else st.session_state.get("jokoak_translation_lang", "es")


def _arrival_step(game: str, total: int) -> int:
    """The first step shown of a scenario: ``?step=`` for the one a link opened, else 0.

    The URL's step belongs to the scenario the visitor arrived at; a scenario chosen
    afterwards (or a new dealt game) starts at its beginning, not at the previous one's step.
    """
    arrived = f"jokoak_step_arrived_{game}"
    if st.session_state.get(arrived):
        return 0
    st.session_state[arrived] = True
    return query_number("step", total) or 0


def _go(step_key: str, target: int | None) -> None:
    if target is not None:
        st.session_state[step_key] = target


def step_through_view(game: str) -> None:
    module = _renderer(game)
    items = {sc.name: sc for sc in _scenarios(game)}
    options = list(items) + [WATCH]
    key = f"jokoak_scenario_{game}"
    if st.session_state.get(key) not in options:
        st.session_state[key] = query_choice("scenario", options) or options[0]
    # The widget's key carries the language: its labels are translated, so a new language is
    # a new widget, initialised from the remembered choice.
    widget_key = remembered_widget_key(key)
    st.selectbox(_("Scenario"), options, key=widget_key, on_change=remember,
                 args=(widget_key, key),
                 format_func=in_this_language(lambda n: _("Watch a whole game") if n == WATCH
                                              else _(items[n].title)))
    name = st.session_state[key]
    st.query_params["scenario"] = name
    if name == WATCH:
        seed_key = f"jokoak_seed_{game}"
        st.session_state.setdefault(seed_key, 1)
        if st.button(_("Deal a new game"), key=f"jokoak_newgame_{game}"):
            st.session_state[seed_key] += 1
        record = _watch_record(game, st.session_state[seed_key])
        rkey = f"watch:{st.session_state[seed_key]}"
    else:
        scenario = items[name]
        html(f'<p lang="{lang()}">{esc(_(scenario.caption))}</p>')
        record = scenario.record
        rkey = name
    _step_panel(game, rkey, record)


STEP_CSS = """<style>
.jokoak-board svg{display:block;margin:0 auto;max-width:100%;height:auto;max-height:min(64vh,calc(100vh - 300px))}
@media (orientation:portrait){.jokoak-board svg{max-height:40vh}}
@media (max-height:820px) and (orientation:landscape){*:has(> h1[lang="eu"]) > p[lang]{display:none}
 h1[lang="eu"]{font-size:2rem !important;padding:0 !important}
 .jokoak-board svg{max-height:calc(100vh - 360px)}}
.st-key-jokoak_step_clauses_narrow{display:none}
@media (max-width:640px){.st-key-jokoak_step_body [data-testid='stColumn']:last-child{order:-1}
 .jokoak-board svg{max-height:30vh}
 .st-key-jokoak_step_clauses_wide{display:none} .st-key-jokoak_step_clauses_narrow{display:block}}
</style>"""


@st.fragment
def _step_panel(game: str, rkey: str, record: Record) -> None:
    """The controls, the picture and the explanation of one step.

    A fragment: "next", "back" and the jumps rerun only this panel, not the page around it
    (router, language switch, view tabs, scenario picker), so a step costs about what a bare
    one-button app costs. A new scenario or language reruns the whole page as before.
    """
    pin_run_language(None)         # a fragment rerun skips the router: read it afresh
    pin_run_language(lang())
    module = _renderer(game)
    initial, steps = _replayed(game, rkey, record)
    total = len(steps)

    step_key = f"jokoak_step_{game}_{rkey}"
    if step_key not in st.session_state:
        st.session_state[step_key] = _arrival_step(game, total)
    index = min(st.session_state[step_key], total)

    controls = [
        ("first", N_("Start"), ":material/first_page:", "left", index > 0, 0),
        ("back", N_("Back"), ":material/chevron_left:", "left", index > 0, index - 1),
        ("next", N_("Next"), ":material/chevron_right:", "right", index < total, index + 1),
        ("last", N_("End"), ":material/last_page:", "right", index < total, total),
    ]
    # Callbacks move the step before the rerun draws anything, so every control is drawn
    # for the step the visitor now sees.
    # The picture beside "Next" and the sentence it produces; on a phone the controls and
    # the sentence come first and the picture, sized to stay on screen, right under them.
    html(STEP_CSS)
    left, right = st.container(key="jokoak_step_body").columns([3, 2])
    state = steps[index - 1].after if index else initial
    with left:
        html(f'<div class="jokoak-board">{_draw_state(game, state)}</div>')
    with right:
        # One row that wraps rather than stacks (columns stack on a phone).
        row = st.container(horizontal=True, key="jokoak_step_controls")
        for name, label, icon, side, enabled, target in controls:
            row.button(_(label), icon=icon, icon_position=side, key=f"{step_key}_{name}",
                       disabled=not enabled, on_click=_go, args=(step_key, target),
                       type="primary" if name == "next" else "secondary")
        with row.popover(_("Jump to…")):
            for kind, label in module.event_kinds():
                target = next((s.index for s in steps[index:]
                               if any(e.kind == kind for e in s.events)), None)
                st.button(_(label), key=f"{step_key}_jump_{kind}", disabled=target is None,
                          on_click=_go, args=(step_key, target))
        st.query_params["step"] = str(index)
        st.progress(index / total if total else 1.0,
                    text=_("Step %(n)s of %(total)s") % {"n": index, "total": total})
        if index == 0:
            st.info(_("The starting position. Press “Next” to play the first step."))
            cited: list[str] = []
        else:
            step = steps[index - 1]
            cited = []
            sentences = []
            for ev in step.events:
                sentences.append(f'<li lang="{lang()}">{esc(module.describe_event(ev, _))}</li>')
                cited.extend(ev.clauses)
            if sentences:
                html(f'<ul style="font-size:1.1rem">{"".join(sentences)}</ul>')
        if cited:
            with st.container(key="jokoak_step_clauses_wide"):
                _clauses(game, cited)
    if cited:
        # On a phone the clauses come after the picture, so the picture stays under "Next".
        with st.container(key="jokoak_step_clauses_narrow"):
            _clauses(game, cited)


def _clauses(game: str, cited: list[str]) -> None:
    st.caption(ngettext("The clause this step applies:",
                        "The clauses this step applies:", len(set(cited))))
    html(clause_excerpt_html(game, cited, _translation_target(), _, ui_lang=lang()))
    for note in notes_for(game, set(cited)):
        with st.expander(_("Interpretation note: %(title)s") % {"title": _(note.title)}):
            html(f'<p lang="{lang()}">{esc(_(note.body))}</p>')
