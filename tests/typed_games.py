"""Read by mypy (``tests/test_static_checks.py``), not by pytest: every registered game's
``GAME`` is a :class:`jokoak.engine.Game` and its states are :class:`jokoak.engine.GameState`s.

The protocols are structural, so nothing else would notice a game drifting from them (a
missing ``why_not``, a different ``new_initial_state`` signature); these functions fail to
type-check the moment one does.
"""

from __future__ import annotations

from jokoak.engine.core import Game, GameState
from jokoak.games.peruludo.engine import GAME as PERULUDO
from jokoak.games.peruludo.engine import PeruludoState
from jokoak.games.zaldi_zuria.engine import GAME as ZALDI_ZURIA
from jokoak.games.zaldi_zuria.state import ZaldiState
from jokoak.games.zohn_ahl.engine import GAME as ZOHN_AHL
from jokoak.games.zohn_ahl.engine import ZohnAhlState

GAMES: tuple[Game, ...] = (PERULUDO, ZALDI_ZURIA, ZOHN_AHL)


def peruludo_state(state: PeruludoState) -> GameState:
    return state


def zaldi_zuria_state(state: ZaldiState) -> GameState:
    return state


def zohn_ahl_state(state: ZohnAhlState) -> GameState:
    return state
