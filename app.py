"""Jokoak — the booklet's entry point: `streamlit run app.py`."""

from ui.shell import run

run()
