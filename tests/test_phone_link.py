"""The kiosk's "continue on your phone" link: the visitor's place, without the kiosk."""

from jokoak.service.phone_link import QR_MAX_CHARS, QR_SIDE_PX, continue_url, phone_url, qr_svg


def test_the_link_keeps_the_page_and_position_and_drops_the_kiosk_flag():
    url = continue_url("https://jokoak.example.org/", "peruludo",
                       {"lang": "fr", "kiosk": "1", "view": "play", "step": "4"})
    assert url == "https://jokoak.example.org/peruludo?lang=fr&view=play&step=4"


def test_a_kiosk_seated_in_a_room_hands_the_phone_the_room_but_not_its_seat():
    url = continue_url("https://jokoak.example", "peruludo",
                       {"lang": "eu", "room": "K7QF2", "seat": "s3cr3t-token", "kiosk": "1"})
    assert url == "https://jokoak.example/peruludo?lang=eu&room=K7QF2"


def test_the_link_keeps_a_base_path_and_opens_home_without_a_page():
    assert continue_url("https://x.org/museum/jokoak", "", {"lang": "eu"}) == \
        "https://x.org/museum/jokoak/?lang=eu"


def test_query_values_are_percent_encoded():
    assert continue_url("https://x.org/", "", {"lang": "eu", "g": "a b&c"}) == \
        "https://x.org/?lang=eu&g=a+b%26c"


def test_the_code_is_inline_svg_sized_for_a_phone_camera_with_an_escaped_name():
    svg = qr_svg("https://x.org/?lang=eu", 'QR <"code">')
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert 'aria-label="QR &lt;&quot;code&quot;&gt;"' in svg
    assert f'width="{QR_SIDE_PX}"' in svg and "<script" not in svg


def test_a_longer_address_needs_a_denser_code():
    short = qr_svg("https://x.org/", "t")
    long = qr_svg("https://x.org/zohn_ahl?lang=eu&view=play&g=" + "7" * 120, "t")
    side = lambda svg: int(svg.split('viewBox="0 0 ')[1].split(" ")[0])  # noqa: E731
    assert side(long) > side(short)


def test_a_game_too_long_for_a_readable_code_is_left_out_of_it():
    game = "A" * 2600                      # a ten-player peruludo link can be this long
    url, whole = phone_url("https://x.org/", "peruludo", {"lang": "fr", "game": game})
    assert not whole and url == "https://x.org/peruludo?lang=fr"
    assert qr_svg(url, "QR").startswith("<svg ")   # 2,600 characters would not fit a code


def test_a_game_that_fits_travels_in_the_code():
    url, whole = phone_url("https://x.org/", "peruludo", {"lang": "fr", "game": "AQh" * 200})
    assert whole and "game=" in url and len(url) <= QR_MAX_CHARS
