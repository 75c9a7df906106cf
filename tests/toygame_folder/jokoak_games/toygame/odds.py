"""The toy's exact odds (``odds_tables``), from ``tests/toygame.py``."""

from toygame import odds_tables

__all__ = ["odds_tables"]
