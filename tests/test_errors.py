"""The booklet's exceptions form one tree (jokoak/errors.py): a caller catches a family by what
went wrong, and every class keeps the built-in base its callers caught it by."""

from __future__ import annotations

import pytest

from jokoak.cli import CliError
from jokoak.content.glossary import GlossaryError
from jokoak.content.howto import HowtoError
from jokoak.content.lessons import LessonError
from jokoak.content.scenarios import ScenarioError
from jokoak.engine.core import IllegalAction, RulesError, SetupError, reason
from jokoak.engine.harness import ConformanceError
from jokoak.engine.record import RecordError, ReplayError
from jokoak.engine.record_code import RecordCodeError
from jokoak.errors import (ContentError, InputError, JokoakError, RefusedByRules,
                           UnavailableError)
from jokoak.render.handout import HandoutError
from jokoak.review.spelling import SpellingUnavailable
from jokoak.review.uploads import UploadError
from jokoak.service.room_stores import RoomError, RoomsFull
from jokoak.service.speech import SpeechError

FAMILIES = {
    ContentError: (LessonError, ScenarioError, HowtoError, GlossaryError),
    RefusedByRules: (RulesError, SetupError, IllegalAction),
    InputError: (RecordError, ReplayError, RecordCodeError, UploadError, CliError),
    UnavailableError: (SpeechError, SpellingUnavailable, HandoutError, RoomsFull, RoomError),
}

#: The built-in base each class had before the tree: an ``except`` written for it still holds.
BUILT_IN = {
    LessonError: ValueError, ScenarioError: ValueError, HowtoError: ValueError,
    GlossaryError: ValueError, RulesError: ValueError, SetupError: ValueError,
    IllegalAction: ValueError, RecordError: ValueError, ReplayError: ValueError,
    RecordCodeError: ValueError, UploadError: ValueError, RoomError: ValueError,
    SpellingUnavailable: RuntimeError, HandoutError: RuntimeError,
    ConformanceError: AssertionError, CliError: Exception, SpeechError: Exception,
    RoomsFull: Exception,
}


@pytest.mark.parametrize("family, members", FAMILIES.items(), ids=lambda x: getattr(x, "__name__", ""))
def test_every_error_belongs_to_its_family_and_the_one_base(family, members):
    assert issubclass(family, JokoakError)
    for member in members:
        assert issubclass(member, family), member


def test_no_error_belongs_to_two_families():
    for family, members in FAMILIES.items():
        for other in FAMILIES:
            if other is not family:
                assert not any(issubclass(m, other) for m in members), (family, other)


@pytest.mark.parametrize("cls, base", BUILT_IN.items(), ids=lambda x: getattr(x, "__name__", ""))
def test_every_error_keeps_the_built_in_base_its_callers_catch(cls, base):
    assert issubclass(cls, base)


def test_a_conformance_failure_is_a_booklet_error():
    """In no family; that it still fails a test (an ``AssertionError``) is in BUILT_IN."""
    assert issubclass(ConformanceError, JokoakError)


def test_an_error_says_its_msgid_in_the_language_asked_for():
    error = SetupError("Too few players: %(count)s.", count=1)
    assert str(error) == "Too few players: 1."
    assert (error.msgid, error.params) == ("Too few players: %(count)s.", {"count": 1})
    assert error.text({"Too few players: %(count)s.": "Jokalari gutxiegi: %(count)s."}.get) \
        == "Jokalari gutxiegi: 1."


def test_a_plain_diagnostic_is_its_own_msgid_and_is_never_formatted():
    error = LessonError("zaldi_zuria/first: 100% of the steps")
    assert str(error) == error.msgid == "zaldi_zuria/first: 100% of the steps"
    assert error.params == {}


def test_an_illegal_action_keeps_the_reason_with_its_clauses():
    why = reason("Raise the bid.", "raise.higher")
    error = IllegalAction("bid 1x2", why)
    assert error.reason is why and error.action == "bid 1x2"
    assert str(error) == "'bid 1x2': Raise the bid."


def test_a_bad_link_keeps_its_detail_for_the_log_only():
    error = RecordCodeError("The link %(code)s is broken.", "bad checksum", code="x1")
    assert error.text(lambda m: m) == "The link x1 is broken."
    assert str(error) == "The link x1 is broken. (bad checksum)"
