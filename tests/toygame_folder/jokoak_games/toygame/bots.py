"""The toy's computer players (``POLICIES``), from ``tests/toygame.py``."""

from toygame import POLICIES

__all__ = ["POLICIES"]
