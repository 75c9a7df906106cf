"""Starting positions: the default table and mid-game positions, validated field by field.

Setup format (a mapping; every field optional except where said)::

    players: 6                 # 2..10; default len(dice), else 6
    dice: [5, 5, 5, 5, 5, 5]   # dice per seat (0 = already out); default five each;
                               # at most 100 dice with the bag (MAX_TABLE_DICE)
    ages: [31, 24, ...]        # the youngest starts the first round (ties: lowest seat)
    bag: 0                     # dice already in the bag (lost earlier, or spare)
    starter: 2                 # who starts this round (overrides the ages)
    arrastatze: [3]            # seats already in arrastatze: every seat with one die
                               # (dropping to one die is arrastatze, clause arrastatze.announce)
    arrastatze_spent: []       # seats whose one arrastatze round is over (first_round_only);
                               # a one-die seat listed here need not be under arrastatze

Errors are :class:`SetupError` with an English msgid naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...engine.core import Rules, SetupError
from ...i18n.msgids import N_
from .rules import MAX_PLAYERS, MAX_TABLE_DICE, MIN_PLAYERS, START_DICE, options


@dataclass(frozen=True)
class StartingPosition:
    """A starting position the rules accept, read from a setup mapping by :func:`parse_setup`:
    each player's dice and age, the bag, who starts and why, who is in arrastatze and who has
    had theirs already."""

    counts: tuple[int, ...]
    ages: tuple[int, ...]
    bag: int
    starter: int
    starter_reason: str
    arrastatu: frozenset[int]
    spent: frozenset[int]


def default_setup(players: int = 6) -> dict[str, Any]:
    """Six players with five dice each (30 dice, clause ``round.facts.dice_count``)."""
    return {"players": players, "dice": [START_DICE] * players,
            "ages": [20 + 7 * i for i in range(players)], "bag": 0}


def _int_list(setup: Mapping[str, Any], name: str, length: int, default: list[int]) -> list[int]:
    value = setup.get(name, default)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              for v in value):
        raise SetupError(N_("Setup field %(field)s must be a list of whole numbers."), field=name)
    if len(value) != length:
        raise SetupError(N_("Setup field %(field)s must have one entry per player (%(players)s)."),
                         field=name, players=length)
    if any(v < 0 for v in value):
        raise SetupError(N_("Setup field %(field)s may not hold negative numbers."), field=name)
    return value


def _seat_list(setup: Mapping[str, Any], name: str, players: int) -> list[int]:
    value = setup.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, int) and 0 <= v < players
                                              for v in value):
        raise SetupError(N_("Setup field %(field)s must list seats from 0 to %(last)s."),
                         field=name, last=players - 1)
    return value


def parse_setup(rules: Rules, setup: Mapping[str, Any] | None) -> StartingPosition:
    if setup is None:
        setup = default_setup()
    if not isinstance(setup, Mapping):
        raise SetupError(N_("The setup must be a mapping of fields."))
    setup = dict(setup)
    dice = setup.get("dice")
    players = setup.get("players", len(dice) if isinstance(dice, list) else 6)
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(N_("A game needs from %(min)s to %(max)s players; got %(count)s."),
                         min=MIN_PLAYERS, max=MAX_PLAYERS, count=players)
    counts = _int_list(setup, "dice", players, [START_DICE] * players)
    if sum(1 for c in counts if c > 0) < 2:
        raise SetupError(N_("Setup field %(field)s: at least two players need dice."),
                         field="dice")
    ages = _int_list(setup, "ages", players, [20 + 7 * i for i in range(players)])
    bag = setup.get("bag", 0)
    if not isinstance(bag, int) or isinstance(bag, bool) or bag < 0:
        raise SetupError(N_("Setup field %(field)s must be a whole number, 0 or more."),
                         field="bag")
    if sum(counts) + bag > MAX_TABLE_DICE:
        raise SetupError(N_("Setup fields %(field)s: at most %(max)s dice on the table, cups "
                            "and bag together."), field="dice, bag", max=MAX_TABLE_DICE)
    alive = [s for s in range(players) if counts[s] > 0]
    if "starter" in setup and setup["starter"] is not None:
        starter = setup["starter"]
        if not isinstance(starter, int) or starter not in alive:
            raise SetupError(N_("Setup field %(field)s must be a seat that still has dice."),
                             field="starter")
        reason = "setup"
    else:
        starter = min(alive, key=lambda s: (ages[s], s))
        reason = "youngest"
    arrastatu = _seat_list(setup, "arrastatze", players)
    spent = _seat_list(setup, "arrastatze_spent", players)
    for seat in arrastatu:
        if counts[seat] == 0 or (options(rules).arrastatze_after_regain == "status_ends"
                                 and counts[seat] != 1):
            raise SetupError(N_("Setup field %(field)s: seat %(seat)s cannot be in arrastatze "
                             "with %(dice)s dice."), field="arrastatze", seat=seat,
                             dice=counts[seat])
    for seat in alive:
        if counts[seat] == 1 and seat not in arrastatu and seat not in spent:
            raise SetupError(N_("Setup field %(field)s: the player in seat %(seat)s has one die, "
                                "so they have announced arrastatze; list the seat under "
                                "arrastatze."),
                             field="arrastatze", seat=seat)
    unknown = set(setup) - {"players", "dice", "ages", "bag", "starter", "arrastatze",
                            "arrastatze_spent"}
    if unknown:
        raise SetupError(N_("Unknown setup field %(field)s."), field=sorted(unknown)[0])
    return StartingPosition(tuple(counts), tuple(ages), bag, starter, reason,
                            frozenset(arrastatu), frozenset(spent))
