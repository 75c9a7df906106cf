"""The toy's Streamlit side: what ``ui/games/<key>/`` is for a game of the booklet."""
