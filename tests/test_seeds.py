"""The Basque seeds are kept byte for byte as received: each game's seed has its own
recorded SHA-256 beside it in the game's folder (``content/<key>/seed.eu.txt.sha256``, the
format ``sha256sum -c`` reads), so a new game adds two files and edits none."""

import hashlib

from jokoak import ROOT
from games_support import GAMES

CONTENT = ROOT / "content"


def recorded(path):
    """(digest, file name) of one ``.sha256`` file: one line, ``<digest>  <name>``."""
    lines = path.read_text(encoding="ascii").splitlines()
    assert len(lines) == 1, path.name
    digest, name = lines[0].split(maxsplit=1)
    return digest, name.strip()


def test_every_game_has_a_seed_and_its_recorded_sum_named_after_it():
    for game in GAMES:
        assert (CONTENT / game / "seed.eu.txt").is_file(), game
        assert recorded(CONTENT / game / "seed.eu.txt.sha256")[1] == "seed.eu.txt"


def test_every_recorded_sum_belongs_to_a_game():
    assert sorted(p.parent.name for p in CONTENT.glob("*/*.sha256")) == sorted(GAMES)
    assert sorted(p.name for p in CONTENT.glob("*/*.sha256")) == ["seed.eu.txt.sha256"] * len(GAMES)


def test_seed_bytes_match_the_recorded_sha256():
    for path in CONTENT.glob("*/*.sha256"):
        digest, name = recorded(path)
        assert hashlib.sha256((path.parent / name).read_bytes()).hexdigest() == digest, path


def test_seeds_are_utf8_text():
    for game in GAMES:
        (CONTENT / game / "seed.eu.txt").read_bytes().decode("utf-8")
