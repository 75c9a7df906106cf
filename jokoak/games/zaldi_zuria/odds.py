"""Exact odds for zaldi zuria, read off the engine's own chance node and throw rules.

The chance model (:func:`jokoak.games.zaldi_zuria.rules.chance_outcomes`) is one node over
the 2**8 patterns of which dice show their marked face; a pattern with k marks weighs
5**(8-k) over 6**8. Everything here sums those integer weights, so the figures are exact
``Fraction``s and agree with the game by construction (the payments come from
:func:`throws.resolve` and :func:`throws.settle`, the very functions ``apply`` uses).
"""

from __future__ import annotations

import bisect
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from jokoak.engine.core import Rules
from jokoak.games.zaldi_zuria.rules import (CARDS, DENOMINATOR, MARKS, MAX_PIPS, PIP_MARKS,
                                            all_patterns, marks_weight, options, pips)
from jokoak.games.zaldi_zuria.throws import STRAIGHT, TableAtThrow, Transfer, resolve, settle, throw_kind
from jokoak.i18n.msgids import N_
from jokoak.plugin.returns import OddsTable

KIND_KEYS = ("all_blank", "symbols_only", "symbols_and_pips", "pips_only")
KIND_LABELS = {"all_blank": N_("all blank (white horse)"),
               "symbols_only": N_("bell or hammer, rest blank"),
               "symbols_and_pips": N_("bell or hammer with pips"),
               "pips_only": N_("pips only")}
BANK_KEYS = ("ends", "opens_inn", "pays_thrower")
BANK_LABELS = {"ends": N_("the throw ends the game"), "opens_inn": N_("the throw opens the inn"),
               "pays_thrower": N_("the bank pays the thrower")}
#: Plenty of chips for everyone, so expectations show the rules, not empty purses.
_RICH = 10 ** 6


@lru_cache(maxsize=1)
def patterns() -> tuple[tuple[frozenset[str], int], ...]:
    """(pattern, weight over 6**8) in the chance node's order."""
    return tuple((p, marks_weight(p)) for p in all_patterns())


@lru_cache(maxsize=1)
def grouped_patterns() -> tuple[tuple[frozenset[str], int], ...]:
    """One representative per class of patterns that :func:`resolve` cannot tell apart
    (same kind, pip sum, bell, hammer, straight or not), with the class's total weight:
    about 70 classes instead of 256, the same exact sums."""
    groups: dict[tuple[int, int, bool, bool, bool], list[Any]] = {}   # key -> [pattern, weight]
    for p, w in patterns():
        key = (throw_kind(p), pips(p), "bell" in p, "hammer" in p, p == STRAIGHT)
        if key in groups:
            groups[key][1] += w
        else:
            groups[key] = [p, w]
    return tuple((p, w) for p, w in groups.values())


def throw_kinds() -> dict[str, Fraction]:
    """P(kind) for the four kinds the text lists; 390625, 171875, 341341, 775775 / 6**8."""
    weights = dict.fromkeys(KIND_KEYS, 0)
    for p, w in patterns():
        weights[KIND_KEYS[throw_kind(p) - 1]] += w
    return {k: Fraction(w, DENOMINATOR) for k, w in weights.items()}


def pip_sums() -> dict[int, Fraction]:
    """P(the six pip dice sum to s), s = 0..21 (the bell and hammer dice summed out)."""
    weights = dict.fromkeys(range(MAX_PIPS + 1), 0)
    for p, w in patterns():
        weights[pips(p)] += w
    return {s: Fraction(w, DENOMINATOR) for s, w in weights.items()}


def straight() -> Fraction:
    """P(1-2-3-4-5-6 and two blanks) = 25 / 6**8."""
    return sum((Fraction(w, DENOMINATOR) for p, w in patterns() if p == STRAIGHT), Fraction(0))


def sample_table(rules: Rules, bank: int, inn_open: bool = False, players: int = 6,
                 thrower: int = 0, holders: dict[str, Any] | None = None) -> TableAtThrow:
    """A typical table: cards held by seats 1, 2, ... (one each while seats last)."""
    if holders is None:
        holders = {c: 1 + i % (players - 1) for i, c in enumerate(CARDS)}
    return TableAtThrow(rules, bank, inn_open, thrower, holders, tuple(range(players)))


@lru_cache(maxsize=4096)
def bank_outcomes(rules: Rules, bank: int, inn_open: bool = False,
                  players: int = 6) -> dict[str, Fraction]:
    """For a bank of ``bank`` chips: P(the throw ends the game), P(it opens the inn),
    P(the bank pays the thrower under rule 4a, or 3b once the inn is open)."""
    table = sample_table(rules, bank, inn_open, players)
    counts = dict.fromkeys(BANK_KEYS, 0)
    chips = [_RICH] * players
    for p, w in grouped_patterns():
        res = resolve(table, p)
        if res.ending:
            counts["ends"] += w
            continue
        if not inn_open:
            _, _, after = settle(res.transfers, chips, bank)
            if res.opens_inn or (options(rules).inn_opens == "bank_below_21" and after < 21):
                counts["opens_inn"] += w
        if res.rule in ("phase2.throw4.a", "phase3.throw4.a", "phase3.throw3.b"):
            counts["pays_thrower"] += w
    return {k: Fraction(v, DENOMINATOR) for k, v in counts.items()}


def expected_gain(table: TableAtThrow, seat: int, chips: list[int] | tuple[int, ...]) -> Fraction:
    """E[chips ``seat`` gains on the next throw] at this table, purses as given."""
    total = 0
    resolved = _payments(table.rules, table.bank, table.inn_open, table.thrower,
                         tuple(table.holders.items()), tuple(table.active))
    for transfers, w in resolved:
        _, after, _ = settle(transfers, chips, table.bank)
        total += w * (after[seat] - chips[seat])
    return Fraction(total, DENOMINATOR)


@lru_cache(maxsize=4096)
def _payments(rules: Rules, bank: int, inn_open: bool, thrower: int,
              holders: tuple[tuple[str, Any], ...], active: tuple[int, ...]
              ) -> tuple[tuple[tuple[Transfer, ...], int], ...]:
    """The payments each class of throws calls for at a table (every field of
    :class:`TableAtThrow`), with the class's weight: the computer players ask the same table
    again and again in a game, the purses alone having changed."""
    table = TableAtThrow(rules, bank, inn_open, thrower, dict(holders), active)
    return tuple((resolve(table, p).transfers, w) for p, w in grouped_patterns())


@lru_cache(maxsize=4096)
def card_values(rules: Rules, bank: int, inn_open: bool = False,
                players: int = 6) -> dict[str, Fraction]:
    """Expected chips a card earns its holder per throw, averaged over who throws.

    The card's worth is a difference: seat 0's expected gain holding the card, minus its gain
    when another player holds it (the other cards sit with other players). Everyone has plenty
    of chips; the bank only what it holds.
    """
    chips = [_RICH] * players
    others = list(range(1, players))
    out: dict[str, Fraction] = {}
    for card in CARDS:
        rest = [c for c in CARDS if c != card]
        base = {c: others[i % len(others)] for i, c in enumerate(rest)}
        total = Fraction(0)
        for thrower in range(players):
            with_card = sample_table(rules, bank, inn_open, players, thrower, {**base, card: 0})
            without = sample_table(rules, bank, inn_open, players, thrower,
                                   {**base, card: others[-1]})
            total += expected_gain(with_card, 0, chips) - expected_gain(without, 0, chips)
        out[card] = total / players
    return out


def simulate_throws(n: int, seed: int) -> dict[str, dict[Any, int]]:
    """Counts of kinds and pip sums over ``n`` seeded throws (``n`` up to 100,000).

    Draws exactly as :func:`jokoak.engine.core.sample_chance` does on the engine's node (one
    ``randrange(6**8)`` ticket per throw, outcomes in node order), but by bisection over the
    cumulative weights, so 100,000 throws take a fraction of a second.
    """
    if not 0 <= n <= 100_000:
        raise ValueError("n must be between 0 and 100000")
    cumulative, running = [], 0
    for _, w in patterns():
        running += w
        cumulative.append(running)
    rng = random.Random(seed)
    hits = [0] * len(cumulative)
    for _ in range(n):
        hits[bisect.bisect_right(cumulative, rng.randrange(DENOMINATOR))] += 1
    kinds = dict.fromkeys(KIND_KEYS, 0)
    sums = dict.fromkeys(range(MAX_PIPS + 1), 0)
    for (p, _), count in zip(patterns(), hits):
        kinds[KIND_KEYS[throw_kind(p) - 1]] += count
        sums[pips(p)] += count
    return {"kinds": kinds, "pip_sums": sums,
            "straight": {"straight": hits[[p for p, _ in patterns()].index(STRAIGHT)]}}


def observed_frequencies(n: int, seed: int) -> dict[str, dict[Any, Fraction]]:
    """:func:`simulate_throws` as exact observed frequencies (count / n), for chart overlays."""
    counts = simulate_throws(n, seed)
    return {name: {k: Fraction(c, n or 1) for k, c in table.items()}
            for name, table in counts.items()}


def odds_tables(rules: Rules, bank: int = 24, players: int = 6,
                inn_open: bool = False) -> list[OddsTable]:
    """Every table the odds page and ``jokoak odds zaldi_zuria`` show."""
    if not isinstance(bank, int) or isinstance(bank, bool) or not 0 <= bank <= 10_000:
        raise ValueError("bank must be a whole number of chips from 0 to 10000")
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 12:
        raise ValueError("players must be a whole number from 3 to 12")
    if not isinstance(inn_open, bool):
        raise ValueError("inn_open must be true or false")
    params = (("bank", str(bank)), ("players", str(players)), ("inn_open", str(inn_open)))
    return [
        OddsTable("throw_kinds", N_("Kind of throw"),
                  tuple((k, v) for k, v in throw_kinds().items())),
        OddsTable("pip_sum", N_("Sum of the pips"),
                  tuple((str(s), v) for s, v in pip_sums().items())),
        OddsTable("straight", N_("1-2-3-4-5-6 and two blanks"),
                  (("straight", straight()),), is_distribution=False),
        OddsTable("bank_outcomes", N_("What the next throw does, for this bank"),
                  tuple(bank_outcomes(rules, bank, inn_open, players).items()),
                  is_distribution=False, params=params),
        OddsTable("card_values", N_("Expected chips per throw for each card"),
                  tuple(card_values(rules, bank, inn_open, players).items()),
                  is_distribution=False, params=params),
    ]


__all__ = ["throw_kinds", "pip_sums", "straight", "bank_outcomes", "card_values",
           "expected_gain", "simulate_throws", "observed_frequencies", "odds_tables", "MARKS", "PIP_MARKS"]
