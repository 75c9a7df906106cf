"""Exact peruludo odds: how many dice show a face, given your own dice and N unknown dice.

Every unknown die counts for a face with probability 1/3 when sixes are wild (the face or a
six) and 1/6 otherwise (sixes themselves, or any face in an arrastatze round), so the count
among the unknown dice is binomial; your own matching dice are added as a sure amount.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Iterable, Sequence

from jokoak.engine.core import Rules, RulesError
from jokoak.games.peruludo.bids import Bid, BidContext, count_face, legal_bids
from jokoak.games.peruludo.rules import MAX_TABLE_DICE, WILD_FACE, options
from jokoak.plugin.returns import OddsTable
from jokoak.i18n.msgids import N_


def face_probability(face: int, wild: bool) -> Fraction:
    """Chance that one unknown die counts for ``face``."""
    return _THIRD if wild and face != WILD_FACE else _SIXTH


#: the two chances, made once (the computer players ask for them at every bid)
_THIRD, _SIXTH = Fraction(1, 3), Fraction(1, 6)


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(exactly k successes) for k = 0..n."""
    q = 1 - p
    return tuple(comb(n, k) * p ** k * q ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=4096)
def _tail(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(at least k) for k = 0..n+1."""
    probs = binomial(n, p)
    out = [Fraction(0)] * (n + 2)
    for k in range(n, -1, -1):
        out[k] = out[k + 1] + probs[k]
    return tuple(out)


def count_distribution(face: int, own: Sequence[int], unknown: int, wild: bool
                       ) -> list[tuple[int, Fraction]]:
    """(total count of ``face`` on the table, probability), for every possible total."""
    sure = count_face(own, face, wild)
    return [(sure + k, p) for k, p in enumerate(binomial(unknown, face_probability(face, wild)))]


def p_bid_true(bid: Bid, own: Sequence[int], unknown: int, wild: bool) -> Fraction:
    """P(at least ``quantity`` dice count for ``face``): the bid survives a palero."""
    quantity, face = bid
    need = quantity - count_face(own, face, wild)
    if need <= 0:
        return Fraction(1)
    if need > unknown:
        return Fraction(0)
    return _tail(unknown, face_probability(face, wild))[need]


def p_bid_exact(bid: Bid, own: Sequence[int], unknown: int, wild: bool) -> Fraction:
    """P(exactly ``quantity`` dice count for ``face``): a doia on it is right."""
    quantity, face = bid
    need = quantity - count_face(own, face, wild)
    if not 0 <= need <= unknown:
        return Fraction(0)
    return binomial(unknown, face_probability(face, wild))[need]


def ranked_bids(bids: Iterable[Bid], own: Sequence[int], unknown: int, wild: bool
                ) -> list[tuple[Bid, Fraction]]:
    """Bids with their chance of being true, safest first (ties: the smaller bid)."""
    scored = [(b, p_bid_true(b, own, unknown, wild)) for b in bids]
    return sorted(scored, key=lambda item: (-item[1], item[0]))


def safest_next_bids(previous: Bid | None, ctx: BidContext, own: Sequence[int],
                     limit: int = 5) -> list[tuple[Bid, Fraction]]:
    """The legal raises most likely to be true, for the player holding ``own``."""
    unknown = ctx.total_dice - len(own)
    return ranked_bids(legal_bids(previous, ctx), own, unknown, ctx.wild)[:limit]


def _dice_param(value: Any) -> tuple[int, ...]:
    """``own`` as given by a page (a sequence) or the command line (``"2,2,3"``, ``5``)."""
    if isinstance(value, int):
        value = (value,)
    elif isinstance(value, str):
        value = tuple(int(v) for v in value.replace(" ", "").split(",") if v)
    if len(value) > MAX_TABLE_DICE:
        raise RulesError(N_("Parameter %(param)s: at most %(maximum)s dice, not %(count)s."),
                         param="own", maximum=MAX_TABLE_DICE, count=len(value))
    dice = tuple(int(v) for v in value)
    if any(d not in range(1, 7) for d in dice):
        raise ValueError(f"own dice must show faces 1 to 6, got {list(dice)}")
    return dice


def _bid_param(value: Any) -> Bid | None:
    """``previous`` as ``(7, 2)``, ``"7:2"`` or ``None`` / ``"none"``."""
    if value is None or (isinstance(value, str) and value.lower() in ("", "none")):
        return None
    if isinstance(value, str):
        value = value.split(":")
    quantity, face = (int(v) for v in value)
    if quantity < 1 or face not in range(1, 7):
        raise ValueError(f"previous bid must be quantity:face, got {value}")
    return quantity, face


def odds_tables(rules: Rules, unknown: int = 25, own: Any = (2, 2, 3, 5, 6),
                face: int = 2, wild: bool = True, previous: Any = (7, 2),
                limit: int = 5) -> list[OddsTable]:
    """Four tables for one situation: count distribution, P(true) and P(exact) per
    quantity, and the safest legal raises of ``previous`` (if given).

    ``unknown`` dice are hidden from the player holding ``own``; ``wild`` false means an
    arrastatze round. From the command line: ``--param own=2,2,3 --param previous=7:2``.
    """
    own = _dice_param(own)
    previous = _bid_param(previous)
    if not isinstance(unknown, int) or not 0 <= unknown <= MAX_TABLE_DICE - len(own):
        raise ValueError(f"unknown must be a number of dice from 0 to "
                         f"{MAX_TABLE_DICE - len(own)} (at most {MAX_TABLE_DICE} on the "
                         f"table), got {unknown!r}")
    if face not in range(1, 7):
        raise ValueError(f"face must be 1 to 6, got {face!r}")
    if not isinstance(wild, bool):
        raise ValueError(f"wild must be true or false, got {wild!r}")
    total = unknown + len(own)
    params = (("unknown", str(unknown)), ("own", ",".join(map(str, own))), ("face", str(face)),
              ("wild", str(wild).lower()),
              ("previous", f"{previous[0]}:{previous[1]}" if previous else ""))
    dist = count_distribution(face, own, unknown, wild)
    tables = [
        OddsTable("count_distribution", N_("How many dice count for the face"),
                  tuple((str(k), p) for k, p in dist), True, params),
        OddsTable("bid_true", N_("Chance that a bid of this many is true"),
                  tuple((str(q), p_bid_true((q, face), own, unknown, wild))
                        for q in range(1, total + 1)), False, params),
        OddsTable("bid_exact", N_("Chance that a bid of this many is exact (doia)"),
                  tuple((str(q), p_bid_exact((q, face), own, unknown, wild))
                        for q in range(1, total + 1)), False, params),
    ]
    # Sixes not wild means an arrastatze round: the face is fixed for the player asking.
    chosen = options(rules)
    ctx = BidContext(total_dice=total, wild=wild, arrastatze_round=not wild,
                     raise_rule=chosen.raise_rule, from_wild_rule=chosen.from_wild_rule,
                     forbid_repeated=False)
    safest = safest_next_bids(tuple(previous) if previous else None, ctx, own, limit)
    tables.append(OddsTable("safest_bids", N_("Safest next legal bids"),
                            tuple((f"{q}:{f}", p) for (q, f), p in safest), False, params))
    return tables
