"""The game in progress lives in the URL (``?game=``), so nothing is lost with the session.

Streamlit keeps a visitor's session in one server process's memory, and only
``server.disconnectedSessionTTL`` seconds after the browser goes away: a reload, a server
restart, a kiosk waking from sleep or another replica behind a load balancer would start
over. So the play controller writes the encoded record (:mod:`jokoak.engine.record_code`)
to ``?game=`` after every change (a tap, a computer's beat, a new game, an undo), and a play
view that starts without a game reads it back and resumes the exact position (pace, pause and
"throw for me" start afresh). Resuming replays the record once: decoding it (which checks
every action with the engine) keeps the states it went through and the packed actions, so
neither the position nor the next write of the link replays it again; and a link text is
decoded once per process (:data:`DECODED`), however many sessions open it.

A value that is not a game of this page (cut, altered, of another version, another game's)
is dropped from the URL with the reason in the visitor's language, and the view starts
afresh; nothing else changes.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import streamlit as st

from jokoak import registry
from jokoak.engine.driver import resumed
from jokoak.engine.record_code import (MAX_CHARS, N_SEATS, Decoded, Packer,
                                       RecordCodeError, decode, encode)

from ..common import _
from ..params import drop
from .sessions import PlaySession, PlaySpec, session

log = logging.getLogger("jokoak")

PARAM = "game"
_PACKER = "link_packer"
#: ``PlaySession.extra`` key: this session's game came from the URL (the board says so).
RESUMED = "resumed_from_link"


def _refused_key(spec: PlaySpec[Any]) -> str:
    return f"{spec.key}_link_refused"


def _games() -> dict[str, Any]:
    games = {}
    for entry in registry.plugins().values():
        try:
            game = entry.game()
        except Exception:  # a broken game module must not stop another game's resume
            continue
        games[game.name] = game
    return games


class _DecodedLinks:
    """Each link text decoded once per process: a link shared with a class, or a kiosk's
    reloads, replays its record once, not once a session. Bounded (the least recently asked
    go first), and a text several sessions ask for at once is decoded by the first while the
    others wait for it. A refusal is kept too: a forged link that fails at its last move
    costs its replay once. Callers get their own :class:`Packer` (a session extends it)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._done: OrderedDict[tuple[str, str], Decoded | RecordCodeError] = OrderedDict()
        self._busy: dict[tuple[str, str], threading.Event] = {}

    def get(self, code: object, expected: str) -> Decoded:
        if not isinstance(code, str):
            return decode(code, _games(), expected=expected)  # refused at once
        key = (code, expected)
        while True:
            with self._lock:
                if key in self._done:
                    self._done.move_to_end(key)
                    return _own(self._done[key])
                waiting = self._busy.get(key)
                if waiting is None:
                    mine = self._busy[key] = threading.Event()
                    break
            waiting.wait()
        try:
            try:
                found: Decoded | RecordCodeError = decode(code, _games(), expected=expected)
            except RecordCodeError as exc:
                found = exc
            with self._lock:
                self._done[key] = found
                while len(self._done) > self.size:
                    self._done.popitem(last=False)
        finally:
            with self._lock:
                del self._busy[key]
            mine.set()
        return _own(found)

    def clear(self) -> None:
        with self._lock:
            self._done.clear()


def _own(found: "Decoded | RecordCodeError") -> Decoded:
    """A cached decoding as one session may keep it: a packer of its own, or the refusal
    raised anew."""
    if isinstance(found, RecordCodeError):
        raise RecordCodeError(found.msgid, found.detail, **found.params)
    return replace(found, packer=replace(found.packer))


#: This process's decoded links (tests clear it).
DECODED = _DecodedLinks()


def restore(spec: PlaySpec[Any]) -> None:
    """Resume the game ``?game=`` carries when this view has none under way; a value that
    does not resume is dropped and its reason kept for :func:`refusal_notice`."""
    if session(spec) is not None:
        return
    code = st.query_params.get(PARAM)
    if code is None:
        return
    try:
        decoded = DECODED.get(code, spec.game.name)
        choices = {**decoded.choices, "ruleset": decoded.record.rules.ruleset}
        try:
            table = spec.table({**choices, "autoplay": False})
            # decoding replayed every action: resume from that replay, not a second one
            position = resumed(decoded.record, decoded.initial, decoded.steps, table)
        except (KeyError, ValueError, TypeError, IndexError, OverflowError) as exc:
            raise RecordCodeError(N_SEATS, f"{type(exc).__name__}: {exc}") from None
        people = decoded.record.people
        if people is not None and people != table.people:
            raise RecordCodeError(N_SEATS, f"record people {people}, table {table.people}")
    except RecordCodeError as exc:
        log.info("?game= refused on %s: %s", spec.key, exc)
        st.session_state[_refused_key(spec)] = exc
        drop(PARAM)
        return
    game: PlaySession[Any] = PlaySession(position=position, choices=choices, good=position,
                                         seen=position.length)
    game.extra[RESUMED] = True
    game.extra[_PACKER] = decoded.packer  # it has packed the record: no replay to write it
    st.session_state[spec.key] = game


def refusal_notice(spec: PlaySpec[Any]) -> None:
    """Why the link's game did not resume (once), and that the view starts afresh."""
    refused = st.session_state.pop(_refused_key(spec), None)
    if not isinstance(refused, RecordCodeError):
        return
    params = dict(refused.params)
    if params.get("game") in registry.plugins():  # the game's own (Basque) name
        params["game"] = registry.plugin(params["game"]).name
    reason = _(refused.msgid) % params if params else _(refused.msgid)
    afresh = _("The booklet starts afresh here: choose the rules and press “Start a new game”.")
    st.warning(f"{reason}\n\n{afresh}", icon="⚠️")


def write(spec: PlaySpec[Any], game: PlaySession[Any]) -> None:
    """Put ``game``'s record in ``?game=`` (only when it changed; a record too long for a
    link leaves the parameter out, and a reload then starts afresh)."""
    packer = game.extra.get(_PACKER)
    if not isinstance(packer, Packer):
        packer = game.extra[_PACKER] = Packer(spec.game)
    choices = {k: v for k, v in game.choices.items() if k != "ruleset"}
    try:
        code = encode(spec.game, game.position.record, choices, packer)
    except ValueError as exc:
        log.warning("game %s not put in the URL: %s", spec.key, exc)
        drop(PARAM)
        return
    if st.query_params.get(PARAM) != code:
        st.query_params[PARAM] = code


__all__ = ["MAX_CHARS", "PARAM", "refusal_notice", "restore", "write"]
