"""Booklet settings: bad values fall back to defaults with a message, never a crash."""

from jokoak.service.settings import KioskSettings, parse_settings


def test_defaults_when_the_file_is_empty():
    settings = parse_settings("")
    assert settings.kiosk == KioskSettings() and not settings.problems


def test_valid_kiosk_settings_are_read():
    s = parse_settings('[kiosk]\nenabled = true\nidle_seconds = 60\ncountdown_seconds = 25\n'
                       'language = "fr"\n')
    assert s.kiosk == KioskSettings(True, 60, 25, "fr") and not s.problems


def test_countdown_shorter_than_twenty_seconds_is_refused_wcag_2_2_1():
    s = parse_settings("[kiosk]\ncountdown_seconds = 5\n")
    assert s.kiosk.countdown_seconds == 20
    assert s.problems[0].params == {"key": "kiosk.countdown_seconds"}


def test_unknown_language_is_refused():
    s = parse_settings('[kiosk]\nlanguage = "<script>"\n')
    assert s.kiosk.language == "eu" and s.problems


def test_wrong_types_are_refused_one_by_one():
    s = parse_settings('[kiosk]\nenabled = "yes"\nidle_seconds = "soon"\n')
    assert s.kiosk == KioskSettings()
    assert {p.params["key"] for p in s.problems} == {"kiosk.enabled", "kiosk.idle_seconds"}


def test_broken_toml_gives_defaults_and_a_message():
    s = parse_settings("[kiosk\nenabled = ")
    assert s.kiosk == KioskSettings() and len(s.problems) == 1


def test_unknown_keys_are_reported_not_fatal():
    s = parse_settings("[kiosk]\nblink = true\n")
    assert s.kiosk == KioskSettings() and s.problems[0].params == {"key": "kiosk.blink"}


def test_the_public_address_for_the_phone_code_is_read():
    s = parse_settings('[kiosk]\npublic_url = "https://jokoak.example.org/booklet/"\n')
    assert s.kiosk.public_url == "https://jokoak.example.org/booklet/" and not s.problems


def test_a_public_address_that_is_not_a_plain_web_address_is_refused():
    for bad in ('"javascript:alert(1)"', '"https://x.org/?kiosk=1"', '"ftp://x.org/"',
                '"https://"', '"https://x.org/\\"><svg>"', "42"):
        s = parse_settings(f"[kiosk]\npublic_url = {bad}\n")
        assert s.kiosk.public_url == "", bad
        assert [p.params for p in s.problems] == [{"key": "kiosk.public_url"}], bad


def test_the_operator_page_is_off_unless_the_settings_turn_it_on():
    assert not parse_settings("").operator.enabled
    assert parse_settings("[operator]\nenabled = true\n").operator.enabled


def test_the_translators_page_can_be_left_out_for_every_visitor():
    assert parse_settings("").booklet.translators_page
    assert not parse_settings("[booklet]\ntranslators_page = false\n").booklet.translators_page


def test_an_unknown_section_is_reported_not_fatal():
    s = parse_settings("[kiosks]\nenabled = true\n")
    assert not s.kiosk.enabled and s.problems[0].params == {"key": "kiosks"}
