"""Per-visitor language, translation and formatting for Streamlit pages.

The visitor's language lives in ``st.session_state`` and in ``?lang=``; translators come
from :func:`jokoak.i18n.translator` (read-only, shared), never from ``gettext.install``.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from html import escape
import json
import os
import threading
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import altair as alt
import streamlit as st

if TYPE_CHECKING:          # imported where a chart is drawn (pyarrow is slow to import)
    import pyarrow as pa

from jokoak import registry
from jokoak.i18n import (DEFAULT_LANGUAGE, LANGUAGES, Translator, format_number,
                         format_percent_value, negotiate_language, translator)
from jokoak.render import for_both_widths

from .assets import script
from .streamlit_adapter import arrow_bytes

LANG_KEY = "jokoak_lang"

#: The language of the run that drew a widget, for its format_func when it is called after
#: that run (AppTest serialises widget states outside the script run). Context-local, so
#: concurrent sessions never share it.
_RUN_LANGUAGE: ContextVar[str | None] = ContextVar("jokoak_run_language", default=None)


def lang() -> str:
    """The visitor's UI language: ``?lang=``, else their earlier choice, else the browser's."""
    pinned = _RUN_LANGUAGE.get()
    if pinned is not None:
        return pinned
    if LANG_KEY not in st.session_state:
        st.session_state[LANG_KEY] = initial_language()
    chosen: str = st.session_state[LANG_KEY]
    return chosen


def initial_language() -> str:
    from .params import query_language
    from_query = query_language()
    if from_query:
        return from_query
    try:
        browser = st.context.locale
    except Exception:  # no browser context (AppTest, scripts)
        browser = None
    return negotiate_language(browser) if browser else DEFAULT_LANGUAGE


def in_this_language(format_func: Callable[[Any], str]) -> Callable[[Any], str]:
    """Wrap a widget's ``format_func`` so it labels in this run's language whenever called."""
    code = lang()

    def labelled(value: Any) -> str:
        token = _RUN_LANGUAGE.set(code)
        try:
            return format_func(value)
        finally:
            _RUN_LANGUAGE.reset(token)

    return labelled


def pin_run_language(code: str | None) -> None:
    """Fix the language for the rest of this script run (the router calls it once the
    switch has spoken): charts ask for it hundreds of times, and session state is slow to
    read. Context-local: other sessions' runs never see it. ``None`` unpins (the router
    does so first thing, as Streamlit may rerun a session in the same thread)."""
    _RUN_LANGUAGE.set(code)


def set_lang(code: str) -> None:
    if code in LANGUAGES:
        st.session_state[LANG_KEY] = code
        st.query_params["lang"] = code


def tr() -> Translator:
    return translator(lang())


def _(message: str) -> str:
    """gettext for the visitor's language."""
    return translator(lang()).gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    return translator(lang()).ngettext(singular, plural, n)


# the core's renderers take ``_`` alone and find its plurals here (jokoak.render.plural_of)
_.ngettext = ngettext  # type: ignore[attr-defined]


def pgettext(context: str, message: str) -> str:
    return translator(lang()).pgettext(context, message)


def fmt_num(value: int | float | Fraction, digits: int = 0) -> str:
    return format_number(value, lang(), digits)


def fmt_pct(value: float | Fraction, digits: int = 1) -> str:
    return format_percent_value(value, lang(), digits)


def remembered_widget_key(state_key: str) -> str:
    """A widget key for a choice whose labels are translated, kept under ``state_key``.

    A widget whose option labels change with the language must be a new widget per language;
    the choice itself lives in ``state_key`` and is copied into the widget before it is drawn
    and back (``remember``) when the visitor changes it.
    """
    widget_key = f"{state_key}__{lang()}"
    st.session_state[widget_key] = st.session_state[state_key]
    return widget_key


def remember(widget_key: str, state_key: str) -> None:
    """``on_change`` callback for :func:`remembered_widget_key` widgets."""
    value = st.session_state.get(widget_key)
    if value is not None:
        st.session_state[state_key] = value


#: Charts are validated against the Vega-Lite schema only when asked (the chart tests ask,
#: tests/test_chart_schema.py). Validation at creation and at conversion was most of an odds
#: page's server time on every rerun; the charts are built by our code, not by visitors.
VALIDATE_CHARTS = os.environ.get("JOKOAK_VALIDATE_CHARTS") == "1"
if not VALIDATE_CHARTS:
    alt.utils.schemapi.disable_debug_mode()


def percent_axis(**kwargs: Any) -> "alt.Axis":
    """A probability axis labelled as Babel writes percents in the visitor's locale.

    Vega's own ``format="%"`` is English only (``50%``); the expression rebuilds the locale's
    pattern (Basque ``%\u00a050``, French ``50\u00a0%``) and decimal sign around the number.
    """
    from babel.numbers import get_decimal_symbol
    code = lang()
    prefix, suffix = format_percent_value(0.5, code, 0).split("50")
    number = f"replace(format(datum.value * 100, '.3~f'), '.', '{get_decimal_symbol(code)}')"
    return alt.Axis(labelExpr=f"'{prefix}' + {number} + '{suffix}'", **kwargs)


#: Vega-Lite specs already built, as JSON, and their top-level data (an Arrow table, or None),
#: by (builder, language, arguments); bounded.
_SPECS: "OrderedDict[tuple[str, str, str], tuple[str, pa.Table | None]]" = OrderedDict()
_SPECS_LOCK = threading.Lock()
SPEC_CACHE_SIZE = 256


def number_axis(**kwargs: Any) -> "alt.Axis":
    """A plain number axis with the locale's decimal sign (Vega's own is always ``.``)."""
    from babel.numbers import get_decimal_symbol
    number = f"replace(format(datum.value, '.3~f'), '.', '{get_decimal_symbol(lang())}')"
    return alt.Axis(labelExpr=number, **kwargs)


def wrap_label(text: str, width: int = 12) -> str:
    """A category label cut into lines (``\\n``) of about ``width`` characters, at spaces:
    with :func:`category_axis` every label is shown whole, even on a 390 px phone."""
    import textwrap
    return "\n".join(textwrap.wrap(text, width, break_long_words=False)) or text


def title_lines(text: str, width: int = 40) -> list[str]:
    """An axis title as lines (Vega-Lite draws a list as lines): a long one fits a phone."""
    import textwrap
    return textwrap.wrap(text, width, break_long_words=False) or [text]


def category_axis(**kwargs: Any) -> "alt.Axis":
    """An axis of word labels made by :func:`wrap_label`: upright, never cut, never hidden."""
    return alt.Axis(labelExpr="split(datum.label, '\\n')", labelAngle=0, labelLimit=0,
                    labelOverlap=False, labelPadding=4, **kwargs)


def wrapped_legend(**kwargs: Any) -> "alt.Legend":
    """A legend of one entry a line, under the chart: at every width each entry is shown and
    the plot keeps its width (a legend beside the plot squeezed it on the kiosk)."""
    return alt.Legend(orient="bottom", direction="vertical", columns=1, labelLimit=0,
                      labelExpr="split(datum.label, '\\n')", **kwargs)


#: What a chart builder of :func:`show_chart` returns: any top-level Altair chart (one chart,
#: layers, facets), whose ``to_dict`` is the Vega-Lite spec.
TopLevelChart = alt.TopLevelMixin


#: Altair's ``Data``, as mypy is to see it: its constructor has no annotations.
_DATA: Callable[..., alt.Data] = alt.Data


def chart_data(values: Sequence[Mapping[str, Any]]) -> alt.Data:
    """A chart's inline rows as Altair's ``Data`` (typed here: Altair's own constructor is
    not, so mypy --strict would see every chart built on it as ``Any``)."""
    return _DATA(values=values)


def show_chart(build: Callable[..., TopLevelChart], *args: Any,
               extra_layer: dict[str, Any] | None = None, name: str | None = None,
               title: str | None = None,
               rows: pa.Table | Sequence[Mapping[str, object]] | None = None) -> None:
    """Draw the Altair chart ``build(*args)`` returns, building it once per language and args.

    Building an Altair chart (shorthand parsing, deep copies, conversion to a dict) was most of
    an odds page's server time on every rerun, though the same sliders give the same chart. So
    ``build`` must be a pure function of its arguments and the run's language (it may call
    ``_`` and the formatters); its spec is kept as JSON, bounded to
    :data:`SPEC_CACHE_SIZE` charts, and each draw gets a fresh copy (Streamlit edits the spec
    it is given). ``extra_layer``, a Vega-Lite layer dict, is added to that copy: a marker that
    follows a slider (built by ``build`` as a layered chart) then costs nothing to move. Charts
    are validated only under the tests, see :data:`VALIDATE_CHARTS`.

    ``name`` is the chart's accessible name, by default its title. A chart whose title carries
    figures that change with a control (an average, a share) should be named without them: the
    browser draws a chart anew (Vega-Lite compiled again, every mark rebuilt) whenever its spec
    changes, and changes only the data of one whose spec stayed the same, several times faster.
    The spec is the same from draw to draw when ``build`` puts everything that changes in the
    top-level data (Streamlit sends that apart from the spec) and the name stays.

    ``rows`` (an Arrow table from :func:`chart_rows`, or a list of row dicts) and ``title``
    take the place of the top-level data and the title of the spec ``build`` returns: then
    ``build(*args)`` is the same for all the chart's data and built once per language, and
    new figures cost no Altair build at all.
    """
    key = (f"{build.__module__}.{build.__qualname__}", lang(), repr(args))
    with _SPECS_LOCK:
        cached = _SPECS.get(key)
        if cached is not None:
            _SPECS.move_to_end(key)
    if cached is None:
        cached = _spec_and_data(build(*args).to_dict(validate=VALIDATE_CHARTS))
        with _SPECS_LOCK:
            _SPECS[key] = cached
            while len(_SPECS) > SPEC_CACHE_SIZE:
                _SPECS.popitem(last=False)
    text, data = cached
    spec = json.loads(text)
    if rows is not None:
        import pyarrow as pa
        data = rows if isinstance(rows, pa.Table) else chart_rows(rows)
    if extra_layer is not None:
        spec["layer"].append(extra_layer)
    built_title = _title_text(spec.pop("title", None))
    title = title or built_title
    if title:
        # The title as HTML above the chart: it wraps at any width and in any language,
        # where Vega cuts a long title with "…" and may draw it above its own frame.
        spec["description"] = name or title          # the chart's accessible name
        html(f'<p class="jk-chart-title" lang="{lang()}" style="font-weight:600;'
             f'margin:0.9rem 0 0.2rem;line-height:1.35">{esc(title)}</p>')
    # SVG, not canvas: text stays text (crisp on a kiosk, and the browser tests can check
    # that no label is cut or hidden)
    spec.setdefault("usermeta", {})["embedOptions"] = {"renderer": "svg"}
    # no English descriptions generated by Vega-Lite ("X-axis titled ... for a linear scale",
    # "bar", "legend", raw numbers): the accessible name is the translated title above
    config = spec.setdefault("config", {})
    config["aria"] = False
    config["mark"] = {**config.get("mark", {}), "aria": False}
    # room for the outer labels' glyphs inside the frame (Streamlit needs the object form)
    spec.setdefault("padding", {"left": 8, "right": 8, "top": 5, "bottom": 5})
    if VALIDATE_CHARTS:     # the data goes beside the spec, but is part of what is drawn
        validate_spec(spec if data is None else {**spec, "data": {"values": data.to_pylist()}})
    st.vega_lite_chart(data=data, spec=spec, width="stretch")


def _spec_and_data(spec: dict[str, Any]) -> tuple[str, pa.Table | None]:
    """The spec as JSON without its top-level data, and that data as the Arrow table
    Streamlit makes of it (None if the spec has none). Streamlit converts a chart's data on
    every draw through pandas (about 1.3 ms a chart, four charts on an odds view); the
    table, made by the same conversion, goes through at once and gives the same bytes."""
    top = spec.get("data")
    values = top.get("values") if isinstance(top, dict) else None
    if not isinstance(values, list):
        return json.dumps(spec), None
    import pyarrow as pa
    table = pa.ipc.open_stream(arrow_bytes(values)).read_all()
    rest = {k: v for k, v in spec.items() if k != "data"}
    return json.dumps(rest), table


def chart_rows(rows: Sequence[Mapping[str, object]]) -> pa.Table:
    """A chart's data rows as the Arrow table Streamlit would make of them (the conversion of
    :func:`_spec_and_data`), for :func:`show_chart`'s ``rows``: made once, drawn many times."""
    import pyarrow as pa
    return pa.ipc.open_stream(arrow_bytes(rows)).read_all()


def _title_text(title: Any) -> str:
    """A Vega-Lite title (text, lines, or a title object) as one line of text."""
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        return " ".join(str(t) for t in title)
    return str(title) if title else ""


def validate_spec(spec: dict[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``spec`` (as drawn) is valid Vega-Lite."""
    import jsonschema
    schema = alt.vegalite.v6.schema.core.load_schema()
    jsonschema.validators.validator_for(schema)(schema).validate(spec)


def html(markup: str) -> None:
    """Show markup that the caller built with every text escaped (see :func:`esc`).

    Rendered as one raw HTML block of ``st.markdown`` (``st.html`` drops inline SVG, and the
    game pictures must keep their ``<title>``/``<desc>`` for screen readers). Blank lines would
    end the HTML block and let markdown parse the rest, so they are removed.
    """
    body = "\n".join(line for line in markup.splitlines() if line.strip())
    st.markdown(body, unsafe_allow_html=True)


def esc(text: Any) -> str:
    return escape(str(text), quote=True)


def error(msgid: str, **params: Any) -> None:
    """A clear, translated message for bad input; nothing else changes."""
    text = _(msgid)
    st.warning(text % params if params else text, icon="⚠️")


#: Scrolls a target (selector ``T``) to just under Streamlit's header bar (which stays over the
#: top of the page), placing it again while the run goes on and ``idle`` times after it, for at
#: most 4 s: what a run removes above the target (the previous drawing's leftovers) would
#: otherwise pull it under the bar. With ``C``, only when an element ``C`` selects is cut by the
#: header or the bottom of the screen. Shared by :data:`_INTO_VIEW_JS` and :data:`_PLACER_JS`.
#: The target lands 6 px under the header bar, not flush with it: a few pixels that the page
#: gives back after the placement (seen: zohn ahl's phone board, 2-4 px) do not slide it under.
#: No less-than sign in it: Streamlit drops a script that has one.
_PLACE_JS = "place.js"

#: One placement, as a script element of its own (:func:`bring_into_view`), 250 ms after it
#: is drawn.
_INTO_VIEW_JS = "into_view.js"

#: Installed once a page (:func:`install_placer`): whenever the app draws an element marked
#: ``data-jk-place`` (:func:`place_mark`) with a mark it has not handled, it places that mark's
#: target (:data:`_PLACE_JS`), from the next frame. Unlike :func:`bring_into_view` it adds no
#: element to the step it serves: a script element a step was drawn, mounted and run after the
#: step's own elements, the last change of the page after every "Next".
_PLACER_JS = "placer.js"


def install_placer() -> None:
    """Send the placer (:data:`_PLACER_JS`) with the page: once, outside any fragment."""
    import streamlit as st

    st.html(script(_PLACE_JS, _PLACER_JS), unsafe_allow_javascript=True)


def place_mark(target: str, cut: str, token: object) -> str:
    """The attribute that asks the placer to bring ``target`` (a CSS selector) under the header
    bar, if an element ``cut`` selects is off screen; ``token`` tells one request from the
    next (a request is carried out once)."""
    return f' data-jk-place="{esc(json.dumps([str(token), target, cut]))}"'


def bring_into_view(target: str, cut: str = "", token: object = "", when: bool = True) -> None:
    """Scroll the page so ``target`` (a CSS selector) starts just under the header bar; with
    ``cut``, only if an element it selects is off screen. ``token`` makes each call's script
    new, so it runs again for each step.

    Without ``when`` an empty placeholder takes the script's place: an element that comes and
    goes would shift every element after it, and Streamlit then draws those anew — an open
    expander below (peruludo's "Another bid") would close at the next tap."""
    import streamlit as st

    if not when:
        st.empty()
        return
    st.html(script(_PLACE_JS, _INTO_VIEW_JS, data={"token": str(token), "target": target,
                                                   "cut": cut}), unsafe_allow_javascript=True)


def game_drawing(game: str, state: Any, viewer: int | None = None,
                 highlight: frozenset[str] = frozenset(), events: Sequence[Any] = ()) -> str:
    """The game's drawing of ``state`` in the visitor's language, laid out for wide screens
    and, beside it, for a phone's width where the game has such a layout (the page's style
    shows one: :func:`jokoak.render.for_both_widths`); ``""`` for a game without a drawing."""
    entry = registry.plugin(game)
    wide = entry.draw_state(state, _, lang(), viewer=viewer, highlight=highlight, events=events)
    if wide is None:
        return ""
    phone = entry.draw_state(state, _, lang(), viewer=viewer, highlight=highlight, events=events,
                             narrow=True)
    return wide if phone in (None, wide) else for_both_widths(wide, phone)
