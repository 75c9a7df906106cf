"""A device's seat secret (jokoak/service/seat_secret.py): kept in a cookie, never in an
address; read back only when it has a token's shape; written into a script only as one."""

from __future__ import annotations

import re

import pytest

from jokoak.service.rooms import new_device
from jokoak.service.seat_secret import (COOKIE, MAX_AGE_SECONDS, cookie_script,
                                        device_from_cookies, legacy_seat)


def test_the_cookie_the_browser_sends_back_names_the_device():
    token = new_device()
    assert device_from_cookies({COOKIE: token, "other": "x"}) == token


@pytest.mark.parametrize("cookies", [
    {}, {"other": new_device()}, {COOKIE: ""}, {COOKIE: "short"}, {COOKIE: "x" * 65},
    {COOKIE: "a b c d e f g h i j k l m n"}, {COOKIE: "</script><script>alert(1)//xx"},
], ids=["none", "another-cookie", "empty", "short", "long", "spaces", "markup"])
def test_a_missing_or_edited_cookie_names_no_device(cookies):
    assert device_from_cookies(cookies) is None


def test_something_that_is_not_a_cookie_jar_names_no_device():
    assert device_from_cookies(None) is None  # type: ignore[arg-type]


def test_an_old_addresss_seat_token_is_read_only_when_it_has_a_tokens_shape():
    token = new_device()
    assert legacy_seat(token) == token
    assert legacy_seat("../../x") is None and legacy_seat(None) is None
    assert legacy_seat(["a" * 22]) is None


def test_the_script_stores_the_token_under_the_cookie_name_for_a_school_day():
    token = new_device()
    script = cookie_script(token)
    assert f"{COOKIE}={token}" in script
    assert f"Max-Age={MAX_AGE_SECONDS}" in script and MAX_AGE_SECONDS == 12 * 3600
    assert "SameSite=Strict" in script and "Path=/" in script
    assert "Secure" in script  # added where the page is served over https


def test_the_script_refuses_anything_but_a_token():
    for bad in ("</script><script>alert(1)</script>", "a;b=c" * 5, "", "x" * 100):
        with pytest.raises(ValueError):
            cookie_script(bad)
    with pytest.raises(ValueError):
        cookie_script(new_device(), max_age=0)


def test_the_scripts_only_free_text_is_the_token_and_the_fixed_attributes():
    token = new_device()
    quoted = re.findall(r'"([^"]*)"', cookie_script(token))
    assert quoted == [f"{COOKIE}={token}; Max-Age={MAX_AGE_SECONDS}; Path=/; SameSite=Strict"]


def test_two_devices_never_share_a_secret():
    assert len({new_device() for _ in range(1000)}) == 1000
