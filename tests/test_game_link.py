"""The play controller keeps the game in ``?game=`` and resumes it in a new session
(ui/play/link.py), driven in AppTest: a new session is what a reload, a server restart or
another replica gives a visitor."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from jokoak.engine import record_code
from jokoak.engine.driver import decisions
from jokoak.games.zaldi_zuria import engine as zaldi_zuria
from jokoak.games.zohn_ahl import engine as zohn_ahl
from ui.play import link as game_link
from ui.common import LANG_KEY
from view_support import TIMEOUT, open_view

ZOHN = "jokoak_zohn_ahl_play"
ZALDI = "jokoak_zaldi_zuria_play"
PERULUDO = "jokoak_peruludo_play"


pytestmark = pytest.mark.usefixtures("no_waiting")


@pytest.fixture(autouse=True)
def no_link_decoded_yet():
    """Each test starts with a process that has decoded no link (:data:`game_link.DECODED`)."""
    game_link.DECODED.clear()
    yield
    game_link.DECODED.clear()


def visit(module: str, game: str | None, lang: str = "en") -> AppTest:
    """A new session of ``module``'s play view, opened at a URL with ``?game=game``."""
    at = AppTest.from_string(f"from ui.{module} import play_view\nplay_view()\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    if game is not None:
        at.query_params["game"] = game
    return at.run()


def tap(at: AppTest, key: str) -> None:
    """Tap ``key`` once it is offered (each run plays one of the others' beats)."""
    for _ in range(60):
        ready = [b for b in at.button if re.sub(r"_t\d+$", "", b.key) == key and not b.disabled]
        if ready:
            ready[0].click().run()
            assert not at.exception
            return
        at.run()
    raise AssertionError(f"{key} was never offered")


def played_zohn_ahl(throws: int = 4) -> AppTest:
    at = open_view("games.zohn_ahl.play", "play_view")
    at.button(key=f"{ZOHN}_new").click().run()
    for _ in range(throws):
        tap(at, f"{ZOHN}_throw")
    return at


def _param(at: AppTest) -> str:
    value = at.query_params["game"]
    return value[0] if isinstance(value, list) else value


def test_every_change_of_the_game_is_written_to_the_url():
    at = played_zohn_ahl(1)
    first = _param(at)
    tap(at, f"{ZOHN}_throw")
    assert _param(at) != first
    decoded = record_code.decode(_param(at), {"zohn_ahl": zohn_ahl.GAME})
    assert decoded.record == at.session_state[ZOHN].position.record


def test_a_new_session_with_the_link_resumes_the_exact_position_and_decisions():
    before = played_zohn_ahl(4)
    link = _param(before)
    # the link as it was written: on a busy machine the ticking fragment can play the
    # computers' next beat after the last full run wrote it (that fragment run writes the
    # link again in a browser, where AppTest does not collect it), and the resumed session
    # can play the computers' next beat as soon as it is drawn
    linked = record_code.decode(link, {"zohn_ahl": zohn_ahl.GAME}).record
    again = visit("games.zohn_ahl.play", link)
    assert not again.exception
    old, new = before.session_state[ZOHN].position, again.session_state[ZOHN].position
    resumed = new.record.actions[:len(linked.actions)]
    assert resumed == linked.actions == old.record.actions[:len(linked.actions)]
    assert (new.record.rules, new.record.seed) == (linked.rules, linked.seed)
    assert decisions(new) == decisions(old) == 4   # the computers' beats decide nothing
    tap(again, f"{ZOHN}_throw")  # and the game goes on from there
    assert decisions(again.session_state[ZOHN].position) == 5


def test_a_link_is_replayed_once_to_resume_and_write_back_its_game(monkeypatch):
    """Decoding checks every action with the engine; the position and the link written
    back after the first drawing come from that one replay."""
    before = played_zohn_ahl(4)
    record = before.session_state[ZOHN].position.record
    state_class = type(before.session_state[ZOHN].position.state)
    starts, applied = [], []
    new_initial_state, apply = type(zohn_ahl.GAME).new_initial_state, state_class.apply
    monkeypatch.setattr(type(zohn_ahl.GAME), "new_initial_state",
                        lambda self, *a, **k: starts.append(1) or new_initial_state(self, *a, **k))
    # the room panel's own unplayed table (it names the seats) is no replay of the link
    import ui.room
    naming = ui.room.panel._naming_session
    monkeypatch.setattr(ui.room.panel, "_naming_session",
                        lambda *a: (starts.append("naming"), naming(*a))[1])
    monkeypatch.setattr(state_class, "apply",
                        lambda self, action: applied.append(action) or apply(self, action))
    again = visit("games.zohn_ahl.play", _param(before))
    resumed = again.session_state[ZOHN].position.record
    # on a busy machine the resumed session may already have played (or tried) the
    # computers' next beats: a few actions applied after the record's, never the record again
    n = len(record.actions)
    assert not again.exception and resumed.actions[:n] == record.actions
    replays = [s for s in starts if s == 1]
    assert len(replays) - starts.count("naming") == 1
    assert applied[:n] == list(record.actions) and len(applied) - n <= 4
    assert record_code.decode(_param(again), {"zohn_ahl": zohn_ahl.GAME}).record == resumed


def test_a_peruludo_link_keeps_the_table_its_people_and_the_level():
    at = open_view("games.peruludo.play", "play_view")
    at.segmented_control(key=f"{PERULUDO}_players").set_value(5).run()
    at.segmented_control(key=f"{PERULUDO}_level").set_value("hard").run()
    at.button(key=f"{PERULUDO}_new").click().run()
    again = visit("games.peruludo.play", _param(at))
    resumed, played = again.session_state[PERULUDO], at.session_state[PERULUDO]
    assert resumed.choices == played.choices
    assert resumed.choices["level"] == "hard" and resumed.choices["players"] == 5
    assert resumed.position.record == played.position.record
    assert resumed.position.record.people == (0,)


def test_a_changed_link_is_refused_in_the_visitors_language_and_dropped():
    code = _param(played_zohn_ahl(2))
    middle = len(code) // 2
    changed = code[:middle] + ("B" if code[middle] != "B" else "C") + code[middle + 1:]
    at = visit("games.zohn_ahl.play", changed, lang="fr")
    assert not at.exception
    assert ZOHN not in at.session_state  # a fresh start: no game under way
    assert "game" not in at.query_params
    shown = " ".join(w.value for w in at.warning)
    assert "a été tronquée ou modifiée" in shown and "Commencer une nouvelle partie" in shown


def test_another_pages_game_is_refused_naming_that_game():
    at = visit("games.peruludo.play", _param(played_zohn_ahl(1)))
    assert PERULUDO not in at.session_state
    assert "is a game of zohn ahl, not of this page" in " ".join(w.value for w in at.warning)


def test_the_refusal_is_said_once_and_the_new_game_button_works():
    at = visit("games.zohn_ahl.play", "not a game!")
    assert "not written the way the booklet writes games" in " ".join(w.value for w in at.warning)
    at.button(key=f"{ZOHN}_new").click().run()
    assert ZOHN in at.session_state
    assert "not written the way" not in " ".join(w.value for w in at.warning)


def _counted_decodes(monkeypatch) -> list[str]:
    calls: list[str] = []
    decode = game_link.decode

    def counted(code, *args, **kwargs):
        calls.append(code)
        return decode(code, *args, **kwargs)

    monkeypatch.setattr(game_link, "decode", counted)
    return calls


def test_a_link_opened_by_several_new_sessions_is_decoded_once(monkeypatch):
    """A link shared with a class, or a kiosk reloading it: one replay per process."""
    link = _param(played_zohn_ahl(3))
    calls = _counted_decodes(monkeypatch)
    first, second = visit("games.zohn_ahl.play", link), visit("games.zohn_ahl.play", link)
    assert calls == [link]
    assert not first.exception and not second.exception
    one, other = first.session_state[ZOHN], second.session_state[ZOHN]
    assert one.position.record.actions[:1] == other.position.record.actions[:1]
    # each session extends a packer of its own
    assert one.extra["link_packer"] is not other.extra["link_packer"]


def _forced_zaldi_link(moves: int) -> str:
    """A zaldi zuria link of ``moves`` forced moves in 48 characters (an index 0 costs no
    bits): every player passes out and the last one throws blanks."""
    rest = (record_code._text("basque_text") + b"\x00" + b"\x00" + b"\x01" + b"\x00" + b"\x00"
            + record_code._varint(moves))
    return record_code.sealed(bytes([record_code.VERSION]) + record_code._text("zaldi_zuria")
                              + rest)


def test_a_link_of_more_moves_than_a_real_game_takes_is_refused_and_changes_nothing(monkeypatch):
    link = _forced_zaldi_link(zaldi_zuria.GAME.max_actions)
    calls = _counted_decodes(monkeypatch)
    for _ in range(2):  # refused for the second session too, from the first one's decoding
        at = visit("games.zaldi_zuria.play", link, lang="fr")
        assert not at.exception
        assert ZALDI not in at.session_state and "game" not in at.query_params
        shown = " ".join(w.value for w in at.warning)
        assert "Les coups de ce lien ne respectent pas les règles du jeu." in shown
    assert calls == [link]
