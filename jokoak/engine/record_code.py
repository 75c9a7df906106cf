"""A game in progress as a short text for a link: ``?game=`` carries its whole record.

A reload, a server restart or another server behind the same address must resume the exact
position, so the URL carries the :class:`~jokoak.engine.record.Record` itself (rules, setup,
seed and every action, chance outcomes included) and the play view's few seat choices. The
text is compact because the rules already know what could have been played:

* each action is written as its index among the legal actions (at a chance node: the
  possible outcomes) of the state it was taken in, and the indices are packed as one
  mixed-radix number (an action among ``n`` costs ``log2(n)`` bits; a forced one, nothing);
* the rules are the ruleset's name plus the options that differ from it, the setup is left
  out when it is the game's default;
* the bytes end with a 4-byte BLAKE2b check and are written in base64url (no padding), so
  the text needs no escaping in a URL.

Layout (version 1): version byte, game name, ruleset name, option overrides (name and
value as text), setup (compact JSON, empty for the default), seed, the seats people play
(none: the record does not say), choices (compact JSON), number of actions, the packed
indices, check. Strings are a varint length and UTF-8.

Decoding is validation: the check, every length, the rules, the setup, the number of moves
(at most what a real game of that setup takes: a forced move costs no bits, so a short link
could otherwise carry thousands for the server to replay) and each action (replayed by the
engine: an index beyond the legal actions, a move after the end, a left-over remainder) are
refused with a :class:`RecordCodeError` whose ``msgid`` says why in words a
page translates. This is an integrity check, not a signature: a link can be forged into
another legal game, never into an illegal one. Nothing here imports Streamlit.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Mapping

from ..errors import InputError
from ..i18n.msgids import N_
from .core import Game, GameState, RulesError, make_rules
from .record import MAX_SEATS, Record, PlayedAction, legal_here

#: The first byte of every code; a code of another version is refused, never guessed at.
VERSION = 1
#: The longest code accepted (and written): well inside the 8 kB request line of common
#: servers and proxies (nginx's default buffer), with room for the page's other parameters.
MAX_CHARS = 6000
#: The most actions a code may carry (a six-player peruludo game has about 2,500).
MAX_ACTIONS = 12000
#: The most bytes of setup or choices JSON, and of a name.
MAX_FIELD = 600
#: The largest number a view's choice may hold (players, a level's index: all far smaller):
#: a forged link cannot make a view build a table of a hundred million seats.
MAX_CHOICE_NUMBER = 1000
CHECK_BYTES = 4
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")

# Why a code is refused: one sentence each, translated where shown.
N_TOO_LONG = N_("The game in this link is too long to be read.")
N_NOT_A_CODE = N_("The game in this link is not written the way the booklet writes games; "
                  "part of the link may be missing.")
N_ALTERED = N_("The game in this link was cut short or changed: its check does not match.")
N_VERSION = N_("The game in this link was written by another version of the booklet.")
N_DAMAGED = N_("The game in this link is damaged and cannot be read.")
N_UNKNOWN_GAME = N_("The game in this link is not one of the booklet's games.")
N_RULES = N_("The rules in this link are not rules of this game.")
N_SETUP = N_("The starting position in this link is not one the rules allow.")
N_MOVES = N_("The moves in this link do not fit the rules of the game.")
#: Said by a page: the link's game is another page's (``%(game)s``: that game's name).
N_OTHER_GAME = N_("The game in this link is a game of %(game)s, not of this page.")
#: Said by a page whose table cannot seat the players the link names.
N_SEATS = N_("The players in this link cannot be seated at this table.")

#: A choice value a link may carry (seat kinds, a level, a number of players).
Choice = str | int | float | bool | None


class RecordCodeError(InputError):
    """A ``?game=`` value that is not a game: ``msgid`` (one of the ``N_*`` sentences above,
    ``%(name)s`` filled from ``params``) says why, for a page to show in the visitor's
    language; ``detail`` is for logs."""

    def __init__(self, msgid: str, detail: str = "", **params: str) -> None:
        super().__init__(msgid, **params)
        if detail:
            self.args = (f"{self.args[0]} ({detail})",)
        self.detail = detail


@dataclass(frozen=True)
class Decoded:
    """What a code carries: the record and the play view's seat choices.

    Decoding replays the record, so it also keeps what that replay made, for a page to
    resume from without replaying the record again: the starting state, every step (as
    :func:`jokoak.engine.record.replay` gives them) and a :class:`Packer` that has packed
    the record already (writing the same game back to the link packs nothing anew).
    """

    record: Record
    choices: dict[str, Any]
    initial: GameState = field(compare=False, repr=False)
    steps: tuple[PlayedAction, ...] = field(compare=False, repr=False)
    packer: Packer = field(compare=False, repr=False)


# ---- bytes ---------------------------------------------------------------------------------
def _varint(value: int) -> bytes:
    if value < 0:
        raise ValueError("varints are not negative")
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def _text(value: str) -> bytes:
    data = value.encode("utf-8")
    if len(data) > MAX_FIELD:
        raise ValueError(f"a field of {len(data)} bytes is too long for a link")
    return _varint(len(data)) + data


def _json(value: Any) -> bytes:
    if not value:
        return _varint(0)
    return _text(json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False))


class _Reader:
    """Bytes read front to back; running past the end or an absurd length is damage."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def varint(self, most_bytes: int = 10) -> int:
        value = shift = 0
        for _ in range(most_bytes):
            if self.at >= len(self.data):
                raise RecordCodeError(N_DAMAGED, "ends inside a number")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value
        raise RecordCodeError(N_DAMAGED, "a number is too long")

    def take(self, size: int) -> bytes:
        if size > len(self.data) - self.at:
            raise RecordCodeError(N_DAMAGED, "a field runs past the end")
        chunk = self.data[self.at:self.at + size]
        self.at += size
        return chunk

    def text(self) -> str:
        size = self.varint()
        if size > MAX_FIELD:
            raise RecordCodeError(N_DAMAGED, "a field is too long")
        try:
            return self.take(size).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordCodeError(N_DAMAGED, "a field is not UTF-8") from None

    def json_object(self) -> dict[str, Any]:
        raw = self.text()
        if not raw:
            return {}
        try:
            value = json.loads(raw)
        except ValueError:
            raise RecordCodeError(N_DAMAGED, "a field is not JSON") from None
        if not isinstance(value, dict):
            raise RecordCodeError(N_DAMAGED, "a field is not a JSON object")
        return value

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.at)


def _check(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=CHECK_BYTES, person=b"jokoak-game").digest()


# ---- rules ---------------------------------------------------------------------------------
def _option_text(value: Any) -> str:
    """An option's value as :meth:`Option.parse` reads it back."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def _overrides(game: Game, record: Record) -> dict[str, Any]:
    """The options whose value differs from what the ruleset alone gives."""
    base = make_rules(game, record.rules.ruleset).as_dict()
    return {name: value for name, value in record.rules.values if base.get(name) != value}


# ---- the packed actions --------------------------------------------------------------------
@dataclass
class Packer:
    """The packed indices of a growing record, extended action by action.

    The play controller writes the code after every move; a record only grows between moves
    (an undo or a new game starts over), so the packer keeps the last state and the number
    so far: each new action costs one ``legal_actions`` call, not a replay of the game.
    """

    game: Game
    record: Record | None = None
    state: GameState | None = None
    value: int = 0
    radix: int = 1

    def pack(self, record: Record) -> int:
        """The packed indices of ``record``'s actions; ``ValueError`` for an illegal one."""
        if not self._extends(record):
            self.record = replace(record, actions=())
            self.state = self.game.new_initial_state(record.rules, record.setup)
            self.value, self.radix = 0, 1
        assert self.record is not None and self.state is not None
        state, value, radix = self.state, self.value, self.radix
        for action in record.actions[len(self.record.actions):]:
            legal = legal_here(state)
            if action not in legal:
                raise ValueError(f"{action!r} is not legal in the record of {record.game}")
            value += legal.index(action) * radix
            radix *= len(legal)
            state, _events = state.apply(action)
        self.record, self.state, self.value, self.radix = record, state, value, radix
        return value

    def _extends(self, record: Record) -> bool:
        old = self.record
        return (old is not None and replace(old, actions=()) == replace(record, actions=())
                and record.actions[:len(old.actions)] == old.actions)


def _unpack(game: Game, state: GameState, count: int, value: int
            ) -> tuple[tuple[PlayedAction, ...], int]:
    """The steps the packed ``value`` makes from ``state``, and the radix it was packed to."""
    steps = []
    radix = 1
    for step in range(1, count + 1):
        if state.is_terminal():
            raise RecordCodeError(N_MOVES, f"move {step} comes after the end of the game")
        legal = legal_here(state)
        if not legal:
            raise RecordCodeError(N_MOVES, f"no move is possible at move {step}")
        value, index = divmod(value, len(legal))
        radix *= len(legal)
        actor = state.current_player()
        state, events = state.apply(legal[index])
        steps.append(PlayedAction(step, actor, legal[index], tuple(events), state))
    if value:
        raise RecordCodeError(N_MOVES, "the packed moves do not end where the game does")
    return tuple(steps), radix


# ---- the code ------------------------------------------------------------------------------
def encode(game: Game, record: Record, choices: Mapping[str, Choice] | None = None,
           packer: Packer | None = None) -> str:
    """The code of ``record`` (and the view's ``choices``); ``ValueError`` if the record is
    not the game's, an action is illegal, or the code would pass :data:`MAX_CHARS`.

    Give the same ``packer`` for each call on a growing record to pack only the new actions.
    """
    if record.game != game.name:
        raise ValueError(f"a record of {record.game!r} is not a game of {game.name!r}")
    if len(record.actions) > MAX_ACTIONS:
        raise ValueError(f"{len(record.actions)} actions are more than a link carries")
    packed = (packer or Packer(game)).pack(record)
    overrides = _overrides(game, record)
    setup = record.setup if record.setup != game.default_setup(record.rules) else {}
    seed = 0 if record.seed is None else _zigzag(record.seed) + 1
    if seed.bit_length() > 70:
        raise ValueError("the seed is too large for a link")
    people = record.people
    if people is not None and (len(people) > MAX_SEATS
                               or any(not 0 <= p < MAX_SEATS for p in people)):
        raise ValueError("the record's people do not fit a link")
    body = (bytes([VERSION]) + _text(game.name) + _text(record.rules.ruleset)
            + _varint(len(overrides))
            + b"".join(_text(n) + _text(_option_text(v)) for n, v in sorted(overrides.items()))
            + _json(setup) + _varint(seed)
            + (_varint(0) if people is None
               else _varint(len(people) + 1) + b"".join(_varint(p) for p in people))
            + _json(dict(choices or {}))
            + _varint(len(record.actions))
            + packed.to_bytes((packed.bit_length() + 7) // 8, "big"))
    code = sealed(body)
    if len(code) > MAX_CHARS:
        raise ValueError(f"the code would be {len(code)} characters, more than {MAX_CHARS}")
    return code


def sealed(body: bytes) -> str:
    """``body`` with its check, in base64url: the code (tests forge codes with it)."""
    return base64.urlsafe_b64encode(body + _check(body)).rstrip(b"=").decode("ascii")


def unsealed(code: str) -> bytes:
    """The bytes of ``code`` before its check, unchecked (tests and tools)."""
    return _bytes_of(code)[:-CHECK_BYTES]


def _bytes_of(code: object) -> bytes:
    if not isinstance(code, str) or not code:
        raise RecordCodeError(N_NOT_A_CODE, "empty or not text")
    if len(code) > MAX_CHARS:
        raise RecordCodeError(N_TOO_LONG, f"{len(code)} characters")
    if not _ALPHABET.fullmatch(code) or len(code) % 4 == 1:
        raise RecordCodeError(N_NOT_A_CODE, "not base64url")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise RecordCodeError(N_NOT_A_CODE, "not base64url") from None
    if len(data) < 1 + CHECK_BYTES:
        raise RecordCodeError(N_NOT_A_CODE, "too short")
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code:
        # the last character's spare bits were changed: the same bytes, another text
        raise RecordCodeError(N_ALTERED, "not the canonical base64url of its bytes")
    return data


def decode(code: object, games: Mapping[str, Game], expected: str | None = None) -> Decoded:
    """The record and choices ``code`` carries, every action replayed by the engine.

    Raises :class:`RecordCodeError` with the reason: too long, not base64url, a check that
    does not match (cut or altered), another version, damage, an unknown game (or, with
    ``expected``, a game other than that one), rules the game does not have, a setup the
    rules refuse, or moves that do not fit the rules (more than a real game of the setup
    takes, too).
    """
    data = _bytes_of(code)
    if data[0] != VERSION:
        raise RecordCodeError(N_VERSION, f"version {data[0]}")
    body, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if _check(body) != check:
        raise RecordCodeError(N_ALTERED, "check mismatch")
    reader = _Reader(body)
    reader.take(1)
    name = reader.text()
    if name not in games:
        raise RecordCodeError(N_UNKNOWN_GAME, name[:40])
    if expected is not None and name != expected:
        raise RecordCodeError(N_OTHER_GAME, f"{name} on {expected}", game=name)
    game = games[name]
    ruleset = reader.text()
    overrides: dict[str, str] = {}
    for _ in range(reader.varint()):
        option, text = reader.text(), reader.text()
        if option in overrides or len(overrides) >= len(game.options):
            raise RecordCodeError(N_RULES, "an option is repeated")
        overrides[option] = text
    setup_given = reader.json_object()
    seed_code = reader.varint()
    people = _people(reader)
    choices = reader.json_object()
    if not all(_is_choice(v) for v in choices.values()):
        raise RecordCodeError(N_DAMAGED, "a choice is not a plain value")
    count = reader.varint()
    if count > min(MAX_ACTIONS, game.max_actions):
        raise RecordCodeError(N_MOVES, f"{count} moves")
    packed = int.from_bytes(reader.rest(), "big")
    rules = _rules(game, ruleset, overrides)
    setup = setup_given or game.default_setup(rules)
    state = _initial(game, rules, setup)
    seed = None if seed_code == 0 else _unzigzag(seed_code - 1)
    longest = _longest_game(game, state)
    if count > longest:
        raise RecordCodeError(N_MOVES, f"{count} moves, a real game of this setup "
                                       f"takes at most {longest}")
    steps, radix = _unpack(game, state, count, packed)
    record = Record(game.name, rules, setup, seed, tuple(s.action for s in steps), people)
    packer = Packer(game, record, steps[-1].after if steps else state, packed, radix)
    return Decoded(record, choices, state, steps, packer)


def _longest_game(game: Game, initial: GameState) -> int:
    """The most moves a link of a game from ``initial`` may carry: what a real game of
    that setup takes (the game's optional ``longest_game``), never more than the game's own
    bound and :data:`MAX_ACTIONS`. A forced move (an index 0) costs no bits, so without it
    an 86-character link could carry thousands of moves for the server to replay."""
    bound = min(MAX_ACTIONS, game.max_actions)
    longest = getattr(game, "longest_game", None)
    return bound if longest is None else min(bound, int(longest(initial)))


def _people(reader: _Reader) -> tuple[int, ...] | None:
    count = reader.varint()
    if count == 0:
        return None
    if count - 1 > MAX_SEATS:
        raise RecordCodeError(N_DAMAGED, "too many seats")
    seats = tuple(reader.varint() for _ in range(count - 1))
    if any(s >= MAX_SEATS for s in seats):
        raise RecordCodeError(N_DAMAGED, "a seat past the last")
    if list(seats) != sorted(set(seats)):
        raise RecordCodeError(N_DAMAGED, "the people's seats are not in order")
    return seats


def _is_choice(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= 16 and all(_is_choice(v) and not isinstance(v, list) for v in value)
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_CHOICE_NUMBER
    return isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_CHOICE_NUMBER


def _rules(game: Game, ruleset: str, overrides: Mapping[str, str]) -> Any:
    options = {o.name: o for o in game.options}
    try:
        values = {}
        for name, text in overrides.items():
            if name not in options:
                raise RulesError(f"unknown option {name!r}")
            values[name] = options[name].parse(text)
        return make_rules(game, ruleset, **values)
    except RulesError as exc:
        raise RecordCodeError(N_RULES, str(exc)[:120]) from None


def _initial(game: Game, rules: Any, setup: dict[str, Any]) -> GameState:
    """The starting state; any refusal of a forged setup is the setup's fault."""
    try:
        return game.new_initial_state(rules, setup)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:  # SetupError too
        raise RecordCodeError(N_SETUP, f"{type(exc).__name__}: {str(exc)[:120]}") from None


__all__ = ["Decoded", "MAX_ACTIONS", "MAX_CHARS", "Packer", "RecordCodeError", "VERSION",
           "decode", "encode", "sealed", "unsealed"]
