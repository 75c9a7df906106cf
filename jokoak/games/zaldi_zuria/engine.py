"""Zaldi zuria (the German *Schimmel*): eight dice, five auctioned cards, a bank and an inn.

``GAME`` is the engine (:mod:`.state` documents phases, actions and the setup format). The
exact odds are :mod:`jokoak.games.zaldi_zuria.odds`, the computer players
:mod:`jokoak.games.zaldi_zuria.bots`: both import the engine, never the reverse.

The dice are modelled as one chance node over the 2**8 patterns of which dice show their
marked face (:func:`.rules.chance_outcomes`): exact, and it sums to 1.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from jokoak.engine.core import Game, Option, Rules, Ruleset
from jokoak.games.zaldi_zuria.rules import (BANK, CARD_LABELS, CARDS, MARKS, OPTIONS, RULESETS,
                                            ZaldiZuriaOptions)
from jokoak.games.zaldi_zuria.state import ZaldiState, action_sort_key, initial_state


class ZaldiZuriGame:
    """The registered game (see :class:`jokoak.engine.core.Game`)."""

    name = "zaldi_zuria"
    options: tuple[Option, ...] = OPTIONS
    rulesets: tuple[Ruleset, ...] = RULESETS
    options_view: ClassVar[type[ZaldiZuriaOptions]] = ZaldiZuriaOptions
    #: Opening throws + auction + throws: a seeded game between computer players rarely
    #: passes a thousand actions; the harness stops there.
    max_actions = 5000

    def longest_game(self, initial: ZaldiState) -> int:
        """The most actions a real game from ``initial`` takes (a longer link is refused):
        100 a player (opening throws and ties, passes, a long play's throws) and 3 a chip
        on the table (an auction's bids go up a chip at a time; payments move chips a few at
        a throw). Seeded games of random and computer players from 4 to 300 chips a seat
        take at most half of it (tests/test_record_code.py); a forged link of index-0 moves
        (a forced move costs no bits) may no longer carry 5,000 of them."""
        return 100 * initial.players + 3 * (sum(initial.chips) + initial.bank)

    def new_initial_state(self, rules: Rules, setup: Mapping[str, Any] | None = None) -> ZaldiState:
        return initial_state(rules, setup)

    def default_setup(self, rules: Rules) -> dict[str, Any]:
        return {"players": 6, "chips": 36}

    @staticmethod
    def action_sort_key(action: str) -> Any:
        return action_sort_key(action)


GAME = ZaldiZuriGame()

#: Read by mypy: the game keeps :class:`jokoak.engine.Game`, and so its states keep
#: :class:`jokoak.engine.GameState` (``new_initial_state`` returns one). The protocols are
#: structural, so nothing else would notice the game drifting from them (a missing
#: ``why_not``, another ``apply``); this line fails to type-check the moment it does.
KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME


__all__ = ["GAME", "ZaldiState", "BANK", "CARDS", "CARD_LABELS", "MARKS"]
