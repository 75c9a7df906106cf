"""Kiosk mode: the attract screen, then the booklet in the language touched."""

from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from ui.common import LANG_KEY
from ui.kiosk import STARTED_KEY, idle_script


def kiosk_app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["kiosk"] = "1"
    return at


def test_kiosk_opens_on_the_attract_screen_with_one_button_per_language():
    at = kiosk_app().run()
    assert not at.exception
    labels = [b.label for b in at.button if b.key.startswith("jokoak_attract_")]
    assert labels == ["Euskara", "Español", "Français", "English"]


def test_touching_a_language_starts_the_booklet_in_that_language():
    at = kiosk_app().run()
    at.button(key="jokoak_attract_fr").click().run()
    assert not at.exception
    assert at.session_state[LANG_KEY] == "fr" and at.session_state[STARTED_KEY]
    assert "jokoak_attract_fr" not in [b.key for b in at.button]


def test_without_kiosk_there_is_no_attract_screen():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert "jokoak_attract_eu" not in [b.key for b in at.button]


def test_idle_script_cannot_be_broken_out_of_by_a_translation():
    script = idle_script(60, 30, "./?kiosk=1&lang=eu")
    assert script.count("</script>") == 1 and script.endswith("</script>")


def test_a_kiosk_visit_lists_neither_the_translators_nor_the_operator_page():
    from ui.shell import Profile, page_specs
    urls = [s.url for s in page_specs(Profile(kiosk=True, operator=True))]
    assert "translators" not in urls and "operator" not in urls
    assert urls[0] == "home" and "sources" in urls


def test_the_operator_page_is_listed_only_where_the_settings_turn_it_on():
    from ui.shell import Profile, page_specs
    assert "operator" not in [s.url for s in page_specs(Profile())]
    assert "operator" in [s.url for s in page_specs(Profile(operator=True))]


def test_the_translators_page_can_be_left_to_the_operator_page():
    from ui.shell import Profile, page_specs
    assert "translators" not in [s.url for s in page_specs(Profile(translators=False))]


def test_a_kiosk_visit_opened_on_a_game_page_skips_the_attract_screen():
    at = kiosk_app()
    at.query_params["view"] = "read"
    at.run()
    assert not at.exception
    assert "jokoak_attract_eu" not in [b.key for b in at.button]


# ---- the "continue on your phone" code ------------------------------------------------------
def phone_app(monkeypatch, made: list[str]) -> AppTest:
    """The phone popover alone on a kiosk with a public address, counting the codes made."""
    import ui.kiosk
    import ui.kiosk_mode
    from jokoak.service.settings import KioskSettings, Settings

    public = Settings(kiosk=KioskSettings(enabled=True, public_url="https://x.org/"))
    monkeypatch.setattr(ui.kiosk_mode, "settings", lambda: public)
    make = ui.kiosk.qr_svg
    monkeypatch.setattr(ui.kiosk, "qr_svg", lambda url, *a: made.append(url) or make(url, *a))
    at = AppTest.from_string("from ui.kiosk import continue_on_phone\n"
                             "continue_on_phone('peruludo')\n", default_timeout=60)
    at.session_state[LANG_KEY] = "en"
    at.query_params["lang"] = "en"
    return at


def test_the_phone_code_is_not_made_at_each_rerun_while_its_popover_is_closed(monkeypatch):
    made: list[str] = []
    at = phone_app(monkeypatch, made)
    for step in ("1", "2", "3"):          # each tap of a game changes the address
        at.query_params["step"] = step
        at.run()
        assert not at.exception
    assert made == []


def test_the_opened_phone_popover_shows_the_code_of_the_visitors_place(monkeypatch):
    from ui.kiosk import PHONE_CODE_KEY

    made: list[str] = []
    at = phone_app(monkeypatch, made)
    at.query_params["step"] = "4"
    at.session_state[PHONE_CODE_KEY] = True    # the visitor opens it
    at.run()
    assert not at.exception
    assert made == ["https://x.org/peruludo?lang=en&step=4"]
    shown = "".join(m.value for m in at.markdown)
    assert 'data-url="https://x.org/peruludo?lang=en&amp;step=4"' in shown and "<svg" in shown


# ---- the attract screen moves (issue 25) ----------------------------------------------------
def attract_markup(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def attract_styles(at: AppTest) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


def test_the_attract_screen_shows_each_game_moving():
    at = kiosk_app().run()
    assert not at.exception
    shown = attract_markup(at)
    for kind in ("jk-roll", "jk-lift", "jk-fall"):        # dice, a cup, throw sticks
        assert f'class="jk-anim {kind}"' in shown, kind
    styles = attract_styles(at)
    assert "@keyframes jk-roll" in styles and "@keyframes jk-fall" in styles


def test_the_attract_screens_animations_stop_under_reduced_motion():
    import re
    at = kiosk_app().run()
    styles = attract_styles(at)
    still = re.search(r"@media \(prefers-reduced-motion: reduce\)\{(.*?)\}\}", styles, re.S)
    assert still is not None
    assert re.search(r"\.jk-attract \.jk-anim\b[^{]*\{animation:none !important",
                     still.group(1))


def test_the_attract_screen_says_touch_to_play_big_in_the_kiosks_language():
    from jokoak.i18n import translator
    at = kiosk_app()
    at.query_params["lang"] = "es"
    at.run()
    shown = attract_markup(at)
    assert '<p class="jk-touch jk-pulse" lang="es">Toca para jugar</p>' in shown
    for code in ("eu", "fr", "en"):
        assert f'<span lang="{code}">{translator(code).gettext("Touch to play")}</span>' in shown


def test_each_game_has_its_own_drawing_in_the_navigation_bar():
    from jokoak import registry
    from ui.shell import nav_drawings_css
    css = nav_drawings_css()
    drawn = [p for p in registry.plugins().values() if p.drawings().nav is not None]
    assert drawn, "no game draws its own navigation picture"
    for entry in drawn:
        drawing = entry.nav_svg()
        assert drawing and drawing.startswith("<svg") and 'viewBox="0 0 24 24"' in drawing
        assert f'a[href$="/{entry.key}"] [data-testid="stIconMaterial"]' in css
    assert css.count("data:image/svg+xml") == len(drawn)
    assert "<" not in css[len("<style>"):-len("</style>")]     # percent-encoded drawings


def test_a_game_without_a_navigation_drawing_keeps_its_symbol(toy):
    """The navigation drawing is optional: the toy declares none, so its symbol stays."""
    from ui.shell import nav_drawings_css
    assert toy.drawings().nav is None and toy.nav_svg() is None
    assert f'a[href$="/{toy.key}"]' not in nav_drawings_css()
