"""Chart axes write numbers the way the visitor's language does (Vega's default is English)."""

import json

import pytest

from view_support import open_view

VIEWS = ["games.zaldi_zuria.views", "games.peruludo.views", "games.zohn_ahl.views"]


def quantitative_channels(spec):
    """For each quantitative x/y channel of a chart (layers share axes): its encodings."""
    channels = {}
    for view in [spec] + spec.get("layer", []):
        for channel in ("x", "y"):
            enc = view.get("encoding", {}).get(channel)
            if enc and enc.get("type") == "quantitative":
                channels.setdefault(channel, []).append(enc)
    return channels


@pytest.mark.parametrize("module", VIEWS)
def test_every_number_axis_uses_the_basque_decimal_comma(module):
    at = open_view(module, "odds_view", "eu")
    assert not at.exception
    specs = [json.loads(e.proto.spec) for e in at.main if e.type == "vega_lite_chart"]
    checked = 0
    for spec in specs:
        for channel, encodings in quantitative_channels(spec).items():
            exprs = [(e.get("axis") or {}).get("labelExpr", "") for e in encodings]
            assert any("','" in x for x in exprs), (spec.get("title"), channel)
            checked += 1
    assert checked >= len(specs)
