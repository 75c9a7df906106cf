"""Charts are built once per builder, language and arguments, and every draw gets its own copy.

An odds page's server time went to building the same Altair charts on every rerun; the cache in
:func:`ui.common.show_chart` must still give each language its own labels and must never let a
slider's marker, added to one draw, leak into the next.
"""

import json

from streamlit.testing.v1 import AppTest

TIMEOUT = 60


def chart_app():
    import altair as alt
    import streamlit as st

    from ui.common import _, show_chart

    calls = st.session_state.setdefault("calls", [])

    def bars(values):
        calls.append(values)
        return alt.layer(alt.Chart(alt.Data(values=[{"x": v} for v in values]))
                         .mark_bar().encode(x="x:Q"), title=_("Probability"))

    values = tuple(st.session_state.get("values", (1, 2, 3)))
    marker = st.session_state.get("marker")
    show_chart(bars, values,
               extra_layer=None if marker is None else
               {"mark": "rule", "data": {"values": [{"x": marker}]},
                "encoding": {"x": {"field": "x", "type": "quantitative"}}})


def spec(at):
    chart = [e for e in at.main if e.type == "vega_lite_chart"][0]
    return json.loads(chart.proto.spec)


def run(lang="en", **state):
    at = AppTest.from_function(chart_app, default_timeout=TIMEOUT)
    at.session_state["jokoak_lang"] = lang
    at.session_state["calls"] = []
    for key, value in state.items():
        at.session_state[key] = value
    return at.run()


def test_the_same_chart_is_built_once_however_often_it_is_drawn():
    at = run(values=(7, 8, 9))
    at.run()
    at.run()
    assert not at.exception
    assert at.session_state["calls"] == [(7, 8, 9)]   # values no other test uses


def test_other_arguments_build_another_chart():
    at = run(values=(11, 12))
    at.session_state["values"] = (11, 13)
    at.run()
    assert at.session_state["calls"] == [(11, 12), (11, 13)]


def test_each_language_gets_a_chart_with_its_own_words():
    titles = {lang: spec(run(lang, values=(21, 22)))["description"] for lang in ("en", "fr", "eu")}
    assert titles["en"] == "Probability"
    assert titles["fr"] != titles["en"] and titles["eu"] != titles["en"]


def test_a_marker_layer_is_added_to_one_draw_only():
    at = run(values=(31, 32), marker=5)
    assert len(spec(at)["layer"]) == 2
    at.session_state["marker"] = 6
    at.run()
    layers = spec(at)["layer"]
    assert len(layers) == 2 and layers[-1]["data"]["values"] == [{"x": 6}]
    at.session_state["marker"] = None
    at.run()
    assert len(spec(at)["layer"]) == 1


def rows_drawn(at):
    import io

    import pyarrow as pa
    chart = [e for e in at.main if e.type == "vega_lite_chart"][0]
    return pa.ipc.open_stream(io.BytesIO(chart.proto.data.data)).read_all().to_pylist()


def test_a_charts_data_is_converted_for_the_browser_once_however_often_it_is_drawn(
        monkeypatch):
    from streamlit import dataframe_util
    real = dataframe_util.convert_anything_to_arrow_bytes
    converted = []
    monkeypatch.setattr(dataframe_util, "convert_anything_to_arrow_bytes",
                        lambda data, *a, **k: converted.append(type(data).__name__)
                        or real(data, *a, **k))
    at = run(values=(41, 42, 43))
    at.run()
    at.run()
    assert not at.exception
    # the values once, then each of the three draws hands Streamlit the table made of them
    assert converted == ["list", "Table", "Table", "Table"]


def test_the_data_drawn_is_the_data_the_chart_was_built_with():
    at = run(values=(51, 52))
    at.run()
    assert rows_drawn(at) == [{"x": 51}, {"x": 52}]
    assert "data" not in spec(at)


def uneven_app():
    import altair as alt

    from ui.common import show_chart

    def dots(rows):
        return alt.Chart(alt.Data(values=[dict(row) for row in rows])).mark_point().encode(x="x:Q")

    show_chart(dots, (((("x", 1),)), (("x", 2.5), ("note", "second")), (("x", 3), ("hot", True))))


def test_a_charts_rows_reach_the_browser_whole_even_when_they_differ_in_fields():
    import io

    import pyarrow as pa

    at = AppTest.from_function(uneven_app, default_timeout=TIMEOUT)
    at.session_state["jokoak_lang"] = "en"
    at.run()
    assert not at.exception
    chart = [e for e in at.main if e.type == "vega_lite_chart"][0]
    assert "data" not in json.loads(chart.proto.spec)        # the rows travel apart, as Arrow
    rows = pa.ipc.open_stream(io.BytesIO(chart.proto.data.data)).read_all().to_pylist()
    assert rows == [{"x": 1.0, "note": None, "hot": None},
                    {"x": 2.5, "note": "second", "hot": None},
                    {"x": 3.0, "note": None, "hot": True}]
