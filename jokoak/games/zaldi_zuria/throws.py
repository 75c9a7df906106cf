"""What one throw of the eight dice does: its kind, who pays whom, and whether it ends the game.

Pure functions shared by the engine (``state.apply``), the exact odds and the computer
players, so a chart or a bidder can never disagree with the game. :func:`resolve` reads a
throw under the rules and the table as it stands; :func:`settle` then moves the chips, each
payer paying what it owes or, if it holds less, all it has (documented in the notes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence, Union

from ...engine.core import Rules
from .rules import BANK, PIP_MARKS, options, pips

#: A party to a payment: a seat, the bank (:data:`BANK`), or ``None`` (a card nobody holds).
Party = Union[int, str, None]

STRAIGHT = frozenset(PIP_MARKS)     # 1-2-3-4-5-6 and two blanks (clause "ending")


@dataclass(frozen=True)
class Transfer:
    """A payment the rules ask for; ``owed`` chips from ``payer`` to ``payee``."""

    payer: Party
    payee: Party
    owed: int
    clauses: tuple[str, ...]
    card: str | None = None


@dataclass(frozen=True)
class TableAtThrow:
    """The table as a throw finds it: what :func:`resolve` needs to know (a view of the
    state: the bank, the inn, the thrower, who holds each card, who is still playing)."""

    rules: Rules
    bank: int
    inn_open: bool
    thrower: int
    holders: Mapping[str, Party]
    active: Sequence[int]             # seats still in the game


@dataclass(frozen=True)
class Resolution:
    """A throw read under the rules. ``kind`` 1-4 as the text numbers them; ``rule`` the
    sub-clause that decides it (``"phase2.throw4.a"``); ``ending`` ``"exact_hit"``,
    ``"straight"`` or ``None``; ``winner`` the seat that takes the bank, if any."""

    kind: int
    phase: int
    pips: int
    list_clause: str
    rule: str
    transfers: tuple[Transfer, ...] = ()
    ending: str | None = None
    winner: int | None = None
    opens_inn: bool = False


def throw_kind(shown: frozenset[str]) -> int:
    """1 all blank; 2 bell and/or hammer, rest blank; 3 symbol with pips; 4 pips only."""
    symbols = bool(shown & {"bell", "hammer"})
    has_pips = any(m in PIP_MARKS for m in shown)
    if not shown:
        return 1
    if symbols:
        return 3 if has_pips else 2
    return 4


def concerned_cards(shown: frozenset[str], rules: Rules) -> tuple[str, ...]:
    """The cards a bell/hammer throw concerns: bell and hammer together make "the three
    cards" in the Basque text (phase2.throw3.both), only the combined card in Pierer."""
    bell, hammer = "bell" in shown, "hammer" in shown
    if bell and hammer:
        if options(rules).bell_and_hammer == "three_cards":
            return ("bell", "hammer", "bell_hammer")
        return ("bell_hammer",)
    return ("bell",) if bell else ("hammer",)


@lru_cache(maxsize=1024)
def _kind_and_pips(shown: frozenset[str]) -> tuple[int, int]:
    """:func:`throw_kind` and the pip sum of a pattern (one of 256; odds ask each thousands
    of times)."""
    return throw_kind(shown), pips(shown)


def resolve(table: TableAtThrow, shown: frozenset[str]) -> Resolution:
    """The kind of throw and the payments it calls for, before anyone's purse is checked."""
    rules, bank, thrower = table.rules, table.bank, table.thrower
    kind, total = _kind_and_pips(shown)
    phase = 3 if table.inn_open else 2
    p = f"phase{phase}."
    list_clause = f"{p}throw{kind}"
    both = {"bell", "hammer"} <= shown
    holder = table.holders.get

    def ending(rule: str, how: str, clauses: tuple[str, ...]) -> Resolution:
        takes = True
        if how == "straight":
            takes = options(rules).straight_ending == "thrower_takes_bank"
        elif phase == 2:     # pips-only or, as an ending, with bell or hammer
            takes = options(rules).phase2_exact_hit == "thrower_takes_bank"
        transfers = (Transfer(BANK, thrower, bank, clauses),) if takes else ()
        return Resolution(kind, phase, total, list_clause, rule, transfers, how,
                          thrower if takes else None)

    if shown == STRAIGHT and options(rules).straight_ending != "ordinary_throw":
        return ending("ending", "straight", ("ending",))
    if kind in (3, 4) and total == bank and (
            kind == 4 or options(rules).exact_hit_with_symbol == "ends_game"):
        if kind == 4 and phase == 3:
            return ending("phase3.throw4.b", "exact_hit",
                          ("phase3.throw4.b", "phase3.throw4.b.next", "ending"))
        if kind == 4:
            return ending("phase2.throw4.b", "exact_hit", ("phase2.throw4.b", "ending"))
        return ending("ending", "exact_hit", ("ending",))

    innkeeper = holder("inn")
    horse = holder("white_horse")
    cards = concerned_cards(shown, rules) if kind in (2, 3) else ()
    out: list[Transfer] = []
    if kind == 1 and phase == 2:
        how = options(rules).all_blank_payment
        if how == "everyone_pays" or (how == "text" and thrower == horse):
            clause = ("phase2.throw1.owner",)
            out += [Transfer(s, horse, 1, clause, "white_horse")
                    for s in table.active if s != horse]
        else:
            out.append(Transfer(thrower, horse, 1, ("phase2.throw1.other",), "white_horse"))
        return Resolution(kind, phase, total, list_clause, out[0].clauses[0] if out else
                          "phase2.throw1.other", tuple(out))
    if kind == 1:
        out.append(Transfer(horse, innkeeper, 1, ("phase3.throw1.pay",), "white_horse"))
        return Resolution(kind, phase, total, list_clause, "phase3.throw1.pay", tuple(out))
    if kind == 2:
        payee, rule = (horse, "phase2.throw2.pay") if phase == 2 else (innkeeper, "phase3.throw2.pay")
        out += [Transfer(holder(c), payee, 1, (rule,), c) for c in cards]
        return Resolution(kind, phase, total, list_clause, rule, tuple(out))
    if kind == 3 and phase == 2:
        clauses = ("phase2.throw3.pay",) + (("phase2.throw3.both",) if both else ())
        share = total if options(rules).symbol_payout == "each_full_sum" else total // len(cards)
        out += [Transfer(BANK, holder(c), share, clauses, c) for c in cards]
        return Resolution(kind, phase, total, list_clause, "phase2.throw3.pay", tuple(out))
    if kind == 3:
        if total > bank:
            clauses = ("phase3.throw3.a",) + (("phase3.throw3.a.both",) if both else ())
            out += [Transfer(holder(c), innkeeper, total - bank, clauses, c) for c in cards]
            return Resolution(kind, phase, total, list_clause, "phase3.throw3.a", tuple(out))
        if total < bank:
            out.append(Transfer(BANK, thrower, total, ("phase3.throw3.b",)))
            return Resolution(kind, phase, total, list_clause, "phase3.throw3.b", tuple(out))
        # equal pips with a symbol, when that is not an ending: the text names no payment
        return Resolution(kind, phase, total, list_clause, list_clause)
    # kind 4, not an ending
    if total < bank:
        rule = f"{p}throw4.a"
        return Resolution(kind, phase, total, list_clause, rule,
                          (Transfer(BANK, thrower, total, (rule,)),))
    owed = total if options(rules).inn_payment == "whole_sum" else total - bank
    rule = f"{p}throw4.c"
    if phase == 3 and thrower == innkeeper:
        return Resolution(kind, phase, total, list_clause, "phase3.throw4.c.innkeeper",
                          (Transfer(thrower, BANK, owed, (rule, "phase3.throw4.c.innkeeper"), "inn"),))
    opens = phase == 2 and options(rules).inn_opens == "first_throw_over_bank"
    return Resolution(kind, phase, total, list_clause, rule,
                      (Transfer(thrower, innkeeper, owed, (rule,), "inn"),), opens_inn=opens)


@dataclass(frozen=True)
class Paid:
    """A transfer as it happened: ``paid`` may be less than ``owed`` (the payer ran short);
    ``skipped`` says why nothing moved (``"self"``, ``"no_holder"``) or is ``None``."""

    transfer: Transfer
    paid: int
    skipped: str | None = None


def settle(transfers: Sequence[Transfer], chips: Sequence[int], bank: int
           ) -> tuple[list[Paid], list[int], int]:
    """Move the chips in order; whoever holds less than they owe pays all they have."""
    purse = list(chips)
    done: list[Paid] = []
    for t in transfers:
        if t.payer is None or t.payee is None:
            done.append(Paid(t, 0, "no_holder"))
            continue
        if t.payer == t.payee:
            done.append(Paid(t, 0, "self"))
            continue
        # a party is a seat (int) or the bank (the one str, BANK)
        have = purse[t.payer] if isinstance(t.payer, int) else bank
        paid = min(have, t.owed)
        if isinstance(t.payer, int):
            purse[t.payer] -= paid
        else:
            bank -= paid
        if isinstance(t.payee, int):
            purse[t.payee] += paid
        else:
            bank += paid
        done.append(Paid(t, paid))
    return done, purse, bank
