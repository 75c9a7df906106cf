"""Streamlit-side helpers shared by the pages (the core in jokoak/ never imports streamlit)."""
