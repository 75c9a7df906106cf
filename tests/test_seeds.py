"""The Basque seeds are kept byte for byte as received."""

import hashlib

from jokoak import GAMES, ROOT


def recorded_sums() -> dict[str, str]:
    lines = (ROOT / "seeds" / "SHA256SUMS").read_text(encoding="ascii").splitlines()
    return {name.strip(): digest for digest, name in (line.split(maxsplit=1) for line in lines)}


def test_every_game_has_a_seed_named_after_it():
    assert sorted(recorded_sums()) == sorted(f"{g}.eu.txt" for g in GAMES)


def test_seed_bytes_match_the_recorded_sha256():
    for name, digest in recorded_sums().items():
        data = (ROOT / "seeds" / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, name


def test_seeds_are_utf8_text():
    for game in GAMES:
        (ROOT / "seeds" / f"{game}.eu.txt").read_bytes().decode("utf-8")
