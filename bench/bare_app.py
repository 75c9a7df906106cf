"""The yardstick: a bare Streamlit app with one button and one chart, measured beside the
booklet in the same run (bench/web_bench.py)."""

import altair as alt
import streamlit as st

if "n" not in st.session_state:
    st.session_state.n = 0
if st.button("Next", type="primary"):
    st.session_state.n += 1
st.markdown(f"step={st.session_state.n}")
st.altair_chart(alt.Chart(alt.Data(values=[{"x": i, "y": i * i} for i in range(8)]))
                .mark_bar().encode(x="x:O", y="y:Q"))
