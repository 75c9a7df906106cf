"""A hint for a visitor playing against the computer: the move the strongest computer player
would make in their seat, with one sentence of why (a :class:`Reason`: msgid and numbers,
worded by the page in the visitor's language).

It reads what that player reads (the seat's observation, or the exact odds of the position)
and never bluffs: a hint is advice, not a feint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.core import Reason
from ..i18n.msgids import N_
from ..games.peruludo.bots import bayes as peruludo_bayes
from ..games.zaldi_zuria.bots import POLICIES as ZALDI_POLICIES, bid_reasoning, throw_reasoning


@dataclass(frozen=True)
class Hint:
    """``action``, and ``reason`` why; ``quoted``: the reason is the expert's own sentence
    (first person), to be shown inside :data:`EXPERT_SAYS`."""

    action: str
    reason: Reason
    quoted: bool = False


#: Around the expert's own first-person sentence.
EXPERT_SAYS = N_("The expert in your seat would say: “%(why)s”")


class _NeverBluff(random.Random):
    """A random source whose every draw is the largest: the expert's bluffs never happen."""

    def random(self) -> float:
        return 1.0


def _peruludo(state: Any, seat: int) -> Hint:
    action, why = peruludo_bayes.explain(state.observation(seat), state.rules, _NeverBluff())
    return Hint(action, why, quoted=True)


#: zaldi zuria's strongest computer player: the careful bidder (it passes a throw it expects
#: to lose by, and bids no more than the card is worth to it).
ZALDI_EXPERT = ZALDI_POLICIES["careful"]


def _chips(value: Fraction) -> Fraction:
    """A number of chips (a Fraction: the page writes it as the visitor's language does)."""
    return Fraction(value)


def _zaldi_zuria(state: Any, seat: int) -> Hint:
    if state.phase == "auction":
        data = bid_reasoning(state, seat, ZALDI_EXPERT)
        if data["action"] != "pass":
            return Hint(data["action"], Reason(
                N_("Bid %(bid)s: the card is worth about %(worth)s chips to you over the next "
                   "rounds, and this bid stays under that."),
                (("bid", data["standing_bid"] + 1), ("worth", _chips(data["worth"]))),
                ("phase1.auction",)))
        if data["decision"] == "already_highest":
            return Hint("pass", Reason(N_("Pass: the highest bid is already yours."),
                                       (), ("phase1.auction",)))
        return Hint("pass", Reason(
            N_("Pass: a higher bid would cost more than the card is worth to you (about "
               "%(worth)s chips) or more of your chips than is wise."),
            (("worth", _chips(data["worth"])),), ("phase1.auction",)))
    data = throw_reasoning(state, seat, ZALDI_EXPERT)
    gain = data["expected_gain"]
    if data["action"] == "pass":
        return Hint("pass", Reason(
            N_("Pass: on average a throw now would cost you %(loss)s chips."),
            (("loss", _chips(-gain)),)))
    return Hint("throw", Reason(
        N_("Throw: on average a throw now changes your chips by %(gain)s.")
        if gain < 0 else N_("Throw: on average a throw now wins you %(gain)s chips."),
        (("gain", _chips(gain)),), ("play.start",)))


def _zohn_ahl(state: Any, seat: int) -> Hint:
    return Hint("throw", Reason(N_("Throw the sticks: they decide how far you move, so "
                                   "throwing is always the move.")))


_HINTS = {"peruludo": _peruludo, "zaldi_zuria": _zaldi_zuria, "zohn_ahl": _zohn_ahl}


def hint(game: str, state: Any, seat: int) -> Hint | None:
    """What the expert would do in ``seat`` now (None: no hint for this game or moment)."""
    found = _HINTS.get(game)
    if found is None or seat not in _deciding(state):
        return None
    result = found(state, seat)
    return result if result.action in state.legal_actions() else None


def _deciding(state: Any) -> tuple[int, ...]:
    try:
        return (state.current_player(),)
    except Exception:  # a chance node or a finished game: nobody decides
        return ()
