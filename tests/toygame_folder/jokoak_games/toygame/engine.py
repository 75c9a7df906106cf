"""The toy's engine (``GAME``): the dice race of ``tests/toygame.py``."""

from toygame import GAME

__all__ = ["GAME"]
