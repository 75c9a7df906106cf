"""Who pays whom for each clause, as the engine plays it, and whether a rendering says so.

The roles are not written by hand: :func:`payment_roles` plays every throw of zaldi zuria on a
table where each card has its own owner (under every ruleset, every seat as thrower, the inn
closed and open, a small and a large bank) and reads the engine's ``payment`` events: the
payer and the payee of each clause, as roles (the bank, a card's owner, the innkeeper, the
thrower, every player). :func:`who_pays_problems` then checks that a rendering names the payer
as the one who pays and the payee as the one paid, wherever the Basque names them (Basque marks
the payer with the ergative ``-k`` and the payee with the dative ``-i``; a clause such as
``phase2.throw3.both`` leaves the payer to the verb, and so may its translations).

The words of each role per language are a short list (``ROLE_WORDS``); the position of the
one paid is a preposition or a direct object after the verb "pay" (``RECIPIENT``).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Iterable

from jokoak.engine.core import Event, make_rules
from jokoak.games.zaldi_zuria.engine import GAME
from jokoak.games.zaldi_zuria.rules import BANK as BANK_PARTY, CARDS, chance_outcomes
from jokoak.i18n.msgids import N_

BANK, OWNER, INNKEEPER, THROWER, EVERY_PLAYER = ("bank", "owner", "innkeeper", "thrower",
                                                 "every_player")
#: How a flag names a role, in the visitor's language.
ROLE_LABELS = {BANK: N_("the bank"), OWNER: N_("card owner"), INNKEEPER: N_("innkeeper"),
               THROWER: N_("thrower"), EVERY_PLAYER: N_("every other player")}
_ORDER = (BANK, INNKEEPER, OWNER, THROWER, EVERY_PLAYER)

_PLAYER: dict[str, tuple[str, ...]] = {"eu": ("jokalari",), "es": ("jugador",), "fr": ("joueur",),
                                        "en": ("player",)}
#: Stems that name each role (matched at the start of a word, case-insensitive).
ROLE_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    BANK: {"eu": ("banku", "bankari"), "es": ("banca", "banquero"),
           "fr": ("banque", "banquier"), "en": ("bank",)},
    OWNER: {"eu": ("jabe",), "es": ("dueño",), "fr": ("propriétaire",), "en": ("owner", "owns")},
    INNKEEPER: {"eu": ("ostalari", "ostatuaren jabe"), "es": ("posadero", "dueño de la posada"),
                "fr": ("aubergiste", "propriétaire de l’auberge"),
                "en": ("innkeeper", "owner of the inn")},
    THROWER: {lg: ({"eu": "jaurtitzaile", "es": "lanzador", "fr": "lanceur",
                    "en": "thrower"}[lg],) + words for lg, words in _PLAYER.items()},
    EVERY_PLAYER: _PLAYER,
}
#: What stands just before the one who is paid (``al posadero``, ``à l’aubergiste``, ``pays
#: the thrower``); Basque marks the payee after the word (dative) and the payer with ``-k``.
RECIPIENT = {
    "es": r"\b(?:a|al|le)\s+(?:(?:la|los|las|el|cada)\s+)?(?:(?:\w+)\s+){0,1}$",
    "fr": r"(?:\b(?:à|au|aux)\s+(?:(?:la|le|les|chaque)\s+|l’)?|\b(?:paie|paient)\s+"
          r"(?:chacun\s+)?(?:(?:la|le|les)\s+|l’)?)$",
    "en": r"\b(?:to|pays?)\s+(?:each\s+)?(?:the\s+)?$",
}


def _norm(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text.replace("'", "’")).casefold()


def _mentions(text: str, role: str, lang: str) -> list[int]:
    """Where the role's words start in ``text`` (already normalised)."""
    out = []
    for stem in ROLE_WORDS[role][lang]:
        out += [m.start() for m in re.finditer(r"(?<!\w)" + re.escape(stem.casefold()), text)]
    return out


def _paid_at(text: str, pos: int, lang: str) -> bool:
    return re.search(RECIPIENT[lang], text[:pos]) is not None


def _eu_case(text: str, pos: int, role: str) -> str | None:
    """``payer`` (ergative ``-k``: ``bankariak``, ``jabeek``, ``jokalari bakoitzak``), ``payee``
    (dative ``-i``: ``jabeari``, ``ostalariari``) or None for the Basque role word at ``pos``.
    No role word of a payment clause is an absolutive plural, so every ``-k`` is the ergative."""
    rest = text[pos:]
    for stem in sorted(ROLE_WORDS[role]["eu"], key=len, reverse=True):
        if rest.startswith(stem):
            tail = re.match(r"\w*(?:\s+(?:bakoitzak|berak)\b)?", rest[len(stem):])
            piece = tail.group(0) if tail else ""
            if piece.endswith("k"):
                return "payer"
            if piece.endswith("i"):
                return "payee"
            return None
    return None


def basque_names(source: str, role: str, side: str) -> bool:
    """Whether the Basque clause names ``role`` as the payer (ergative) or payee (dative)."""
    text = _norm(source)
    return any(_eu_case(text, pos, role) == side for pos in _mentions(text, role, "eu"))


Pair = tuple[frozenset[str], frozenset[str]]


@lru_cache(maxsize=None)
def payment_roles() -> dict[str, tuple[Pair, ...]]:
    """``{clause id: ((payer roles, payee roles), ...)}`` read from the engine's payment
    events, the most frequent pair first (``phase3.throw4.c`` has the thrower pay the
    innkeeper, and the innkeeper who threw pay the bank)."""
    holders = {card: seat for seat, card in enumerate(CARDS, start=1)}   # seat 0: no card
    found: dict[str, Counter[Pair]] = {}
    rolls = [a for a, _ in chance_outcomes()]
    for ruleset in GAME.rulesets:
        rules = make_rules(GAME, ruleset.name)
        for thrower in range(6):
            for inn_open in (False, True):
                for bank in (4, 30):
                    setup = {"players": 6, "chips": 36, "bank": bank, "phase": "play",
                             "auctioneer": 0, "holders": holders, "inn_open": inn_open,
                             "to_throw": thrower}
                    state, _ = GAME.new_initial_state(rules, setup).apply("throw")
                    for roll in rolls:
                        _, events = state.apply(roll)
                        _collect(events, holders, thrower, BANK_PARTY, found)
    return {clause: tuple(p for p, _ in pairs.most_common()) for clause, pairs in found.items()}


def _collect(events: Iterable[Event], holders: dict[str, int], thrower: int, bank_party: str,
             found: dict[str, Counter[Pair]]) -> None:
    by_clause: dict[tuple[str, object], list[Event]] = {}
    for e in events:
        if e.kind == "payment":
            for clause in e.clauses:
                by_clause.setdefault((clause, e.get("payee")), []).append(e)
    for (clause, payee), group in by_clause.items():
        pairs = found.setdefault(clause, Counter())
        to = frozenset(_roles(payee, group[0].get("card"), holders, thrower, bank_party))
        if len(group) >= 5 and len({e.get("payer") for e in group}) == len(group):
            pairs[(frozenset({EVERY_PLAYER}), to)] += 1
            continue
        for e in group:
            pairs[(frozenset(_roles(e.get("payer"), e.get("card"), holders, thrower,
                                    bank_party)), to)] += 1


def _roles(party: object, card: str | None, holders: dict[str, int], thrower: int,
           bank_party: str) -> set[str]:
    """The roles of one party to a payment (the table gives each card its own owner)."""
    if party == bank_party:
        return {BANK}
    roles = set()
    if card is not None and holders.get(card) == party:
        roles.add(INNKEEPER if card == "inn" else OWNER)
    else:
        held = [c for c, seat in holders.items() if seat == party]
        if held:
            roles.add(INNKEEPER if held == ["inn"] else OWNER)
    if party == thrower:
        roles.add(THROWER)
    return roles or {EVERY_PLAYER}


def role_label(roles: frozenset[str]) -> str:
    """The msgid naming a set of roles (the first in a fixed order)."""
    return ROLE_LABELS[next(r for r in _ORDER if r in roles)]


def who_pays_problems(segment_id: str, source: str, target: str, lang: str
                      ) -> list[tuple[str, Pair]]:
    """What a rendering gets wrong about the engine's payment for this clause, as
    ``("payer_dropped" | "payer_swapped" | "payee_dropped", (payer roles, payee roles))``:
    where the Basque names the payer (or the payee), the rendering names it in that place.
    A rendering that fits any of the clause's payments passes."""
    pairs = payment_roles().get(segment_id)
    if not pairs or lang not in RECIPIENT:
        return []
    text = _norm(target)
    found = []
    for pair in pairs:
        problems = _pair_problems(source, text, lang, pair)
        if not problems:
            return []
        found.append([(p, pair) for p in problems])
    return found[0]


def _pair_problems(source: str, text: str, lang: str, pair: Pair) -> list[str]:
    payers, payees = pair
    out = []
    if any(basque_names(source, r, "payer") for r in payers):
        spots = [p for r in payers for p in _mentions(text, r, lang)]
        if not spots:
            out.append("payer_dropped")
        elif all(_paid_at(text, p, lang) for p in spots):
            out.append("payer_swapped")
    if any(basque_names(source, r, "payee") for r in payees):
        spots = [p for r in payees for p in _mentions(text, r, lang)]
        if not any(_paid_at(text, p, lang) for p in spots):
            out.append("payee_dropped")
    return out
