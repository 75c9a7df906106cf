"""The segment model: the seeds cut into citable clauses, nothing lost or added."""

import re

import pytest

from games_support import GAMES
from jokoak.content import segments as segment_module
from jokoak.content.segments import blocks, rebuild, seed_text, segments
from jokoak.errors import ContentError

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")


@pytest.mark.parametrize("game", GAMES)
def test_segments_in_order_rebuild_the_seed_exactly(game):
    assert rebuild(game) == seed_text(game)


@pytest.mark.parametrize("game", GAMES)
def test_segment_ids_are_unique_and_citable(game):
    ids = [s.id for s in segments(game)]
    assert len(ids) == len(set(ids))
    for ident in ids:
        assert ID_PATTERN.match(ident), ident


def test_a_segment_of_an_unknown_kind_is_refused(monkeypatch, tmp_path):
    (tmp_path / "segments.yaml").write_text(
        "segments:\n- {id: title, kind: title, text: a}\n- {id: x, kind: riddle, text: b}\n",
        encoding="utf-8")
    monkeypatch.setattr(segment_module, "content_dir", lambda game: tmp_path)
    with pytest.raises(ContentError) as refused:
        segments.__wrapped__("zaldi_zuria")     # past the cache: the file above, read anew
    assert str(refused.value).startswith("zaldi_zuria/segments.yaml: segment 2 (x): field 'kind'")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_starts_with_its_title(game):
    first = segments(game)[0]
    assert first.kind == "title" and first.id == "title"


@pytest.mark.parametrize("game", GAMES)
def test_scraping_leftovers_are_artifacts_and_nothing_else_is(game):
    leftovers = {".png)", "eztenak dira", "-"}
    for seg in segments(game):
        assert (seg.text in leftovers) == (seg.kind == "artifact"), seg.id
        assert seg.translatable == (seg.kind != "artifact")


def test_the_caption_fragment_is_an_artifact_of_zohn_ahl():
    seg = {s.id: s for s in segments("zohn_ahl")}["artifact.awls"]
    assert (seg.text, seg.kind, seg.reason) == ("eztenak dira", "artifact", "caption_fragment")


def test_the_two_image_link_leftovers_of_zaldi_zuria_are_artifacts():
    found = [s for s in segments("zaldi_zuria") if s.text == ".png)"]
    assert len(found) == 2 and all(s.reason == "image_caption" for s in found)


@pytest.mark.parametrize("game", GAMES)
def test_blocks_follow_the_seed_lines(game):
    assert len(blocks(game)) == len(seed_text(game).split("\n"))


def test_cited_example_ids_exist():
    ids = {s.id for s in segments("zaldi_zuria")} | {s.id for s in segments("peruludo")} \
        | {s.id for s in segments("zohn_ahl")}
    assert {"phase2.throw4.c", "palero.reveal", "board.knees"} <= ids
