"""Every chart an odds view draws is a valid Vega-Lite spec, in two languages and at both
ends of its main slider.

Charts are validated here alone, not on every draw of every test (validation was slow): with
``ui.common.VALIDATE_CHARTS`` on, :func:`ui.common.show_chart` checks each spec as it is
handed to Streamlit, marker layers included, against the schema Altair ships.
"""

import pytest

from ui import common
from view_support import open_view

VIEWS = {
    "games.zaldi_zuria.views": [("jokoak_zaldi_zuria_odds_bank", 0), ("jokoak_zaldi_zuria_odds_bank", 60)],
    "games.peruludo.views": [("jokoak_peruludo_odds_unknown", 0), ("jokoak_peruludo_odds_unknown", 45)],
    "games.zohn_ahl.views": [("jokoak_zohn_ahl_odds_p", 10), ("jokoak_zohn_ahl_odds_p", 90)],
}


@pytest.fixture
def validating(monkeypatch):
    monkeypatch.setattr(common, "VALIDATE_CHARTS", True)
    monkeypatch.setattr(common, "_SPECS", type(common._SPECS)())   # rebuild, and validate


def charts(at) -> int:
    return len([e for e in at.main if e.type == "vega_lite_chart"])


@pytest.mark.parametrize("lang", ["eu", "en"])
@pytest.mark.parametrize("module", sorted(VIEWS))
def test_every_chart_of_an_odds_view_is_valid_vega_lite(validating, module, lang):
    at = open_view(module, "odds_view", lang)
    assert not at.exception, at.exception
    assert charts(at)
    for key, value in VIEWS[module]:
        at.slider(key=key).set_value(value).run()
        assert not at.exception, at.exception
        assert charts(at)


def test_an_invalid_chart_is_refused_when_charts_are_validated():
    import jsonschema
    with pytest.raises(jsonschema.ValidationError):
        common.validate_spec({"mark": "bar", "encoding": {"x": {"field": "x", "type": "kind"}},
                              "data": {"values": []}})
