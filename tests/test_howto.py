"""The "How to play" cards: their format, their renderer, and their agreement with the engines."""

from __future__ import annotations

import re

import pytest
import yaml

from games_support import GAMES
from jokoak.engine.core import make_rules
from games_support import engine_of
from jokoak.content.howto import MAX_LINES, SECTION_KEYS, HowtoError, card, card_path, check_card, parse_card
from jokoak.i18n import translator
from jokoak.content.notes import notes
from jokoak.render.howto import CHOICE_MARK, howto_html
from jokoak.render.source import clause_anchor, source_html


def identity(message: str) -> str:
    return message


def raw_card(game: str) -> dict:
    return yaml.safe_load(card_path(game).read_text(encoding="utf-8"))


def line_citing(game: str, clause: str):
    return next(line for line in card(game).lines if clause in line.clauses)


# ------------------------------------------------------------------ the format

@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_valid_card_with_the_four_sections_in_order(game):
    assert [key for key, _lines in card(game).sections] == list(SECTION_KEYS)
    assert 0 < len(card(game).lines) <= MAX_LINES


def faults_after(change) -> list[str]:
    raw = raw_card("zaldi_zuria")
    change(raw)
    return check_card("zaldi_zuria", raw)


def test_an_unknown_clause_id_is_one_fault_naming_it_and_the_segments_file():
    faults = faults_after(lambda raw: raw["goal"][0]["clauses"].append("phase9.nothing"))
    assert faults == ["zaldi_zuria howto, goal line 1: unknown clause id 'phase9.nothing' "
                      "(not in content/zaldi_zuria/segments.yaml)"]


def test_a_missing_section_is_one_fault_naming_it():
    assert faults_after(lambda raw: raw.pop("scoring")) == [
        "zaldi_zuria howto: missing field 'scoring'"]


def test_an_unknown_section_is_one_fault_listing_the_sections():
    faults = faults_after(lambda raw: raw.update(rules=raw["goal"]))
    assert faults == ["zaldi_zuria howto: unknown field(s) rules "
                      "(the fields are game, goal, turn, scoring, end)"]


def test_a_line_without_clauses_is_one_fault():
    faults = faults_after(lambda raw: raw["turn"][1].update(clauses=[]))
    assert faults == ["zaldi_zuria howto: turn line 2: field 'clauses' must be a non-empty "
                      "list of clause ids"]


def test_an_empty_msgid_is_one_fault():
    faults = faults_after(lambda raw: raw["end"][0].update(msgid="  "))
    assert faults == ["zaldi_zuria howto: end line 1: field 'msgid' must be a non-empty msgid"]


def test_an_unknown_key_in_a_line_is_one_fault():
    faults = faults_after(lambda raw: raw["end"][0].update(text="Hello"))
    assert faults == ["zaldi_zuria howto: end line 1: unknown field(s) text "
                      "(the fields are msgid, clauses, choice)"]


def test_a_choice_that_is_no_note_is_one_fault():
    faults = faults_after(lambda raw: raw["goal"][0].update(choice="no-such-note"))
    assert faults == ["zaldi_zuria howto, goal line 1: choice 'no-such-note' is not a note of "
                      "content/zaldi_zuria/notes.yaml"]


def test_a_choice_whose_note_is_about_other_clauses_is_one_fault():
    faults = faults_after(lambda raw: raw["goal"][0].update(choice="dice"))
    assert faults == ["zaldi_zuria howto, goal line 1: note 'dice' is about setup.dice, none "
                      "of the line's clauses"]


def test_a_scraping_leftover_is_not_a_clause_a_card_may_cite():
    raw = raw_card("zohn_ahl")
    raw["goal"][0]["clauses"] = ["artifact.awls"]
    assert check_card("zohn_ahl", raw) == [
        "zohn_ahl howto, goal line 1: clause 'artifact.awls' is a scraping leftover, not a rule"]


def test_a_card_longer_than_a_phone_screen_is_refused():
    faults = faults_after(lambda raw: raw["scoring"].extend(raw["scoring"]))
    assert faults == [f"zaldi_zuria howto: {len(card('zaldi_zuria').lines) + 5} lines, more "
                      f"than the {MAX_LINES} that fit one phone screen"]


def test_another_games_card_is_refused():
    assert faults_after(lambda raw: raw.update(game="peruludo")) == [
        "zaldi_zuria howto: 'game' is 'peruludo', expected 'zaldi_zuria'"]


def test_parsing_an_invalid_card_raises_with_every_fault():
    raw = raw_card("peruludo")
    raw.pop("end")
    raw["goal"][0]["clauses"] = ["nope"]
    with pytest.raises(HowtoError) as caught:
        parse_card("peruludo", raw)
    assert str(caught.value).count("\n") == 1


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_every_line_is_translated(game, lang):
    _ = translator(lang).gettext
    assert [line.msgid for line in card(game).lines if _(line.msgid) == line.msgid] == []


# ------------------------------------------------------------------ the renderer

@pytest.mark.parametrize("game", GAMES)
def test_each_line_links_to_the_anchor_of_its_first_clause_in_the_read_view(game):
    markup = howto_html(card(game), identity, "en", name=game)
    source = source_html(game, "en", identity, anchor=True)
    for line in card(game).lines:
        href = f'class="jk-howto-line" href="#{clause_anchor(line.clauses[0])}"'
        assert href in markup
        assert f'id="{clause_anchor(line.clauses[0])}"' in source


def test_the_read_view_carries_each_anchor_once():
    source = source_html("peruludo", "fr", identity, anchor=True)
    ids = re.findall(r' id="(clause-[^"]+)"', source)
    assert len(ids) == len(set(ids)) > 40


def test_the_card_is_marked_with_its_language_the_name_as_basque_and_the_ids_as_no_language():
    markup = howto_html(card("zohn_ahl"), translator("fr").gettext, "fr", name="zohn ahl")
    assert '<section class="jk-howto" lang="fr"' in markup
    assert '<span lang="eu">zohn ahl</span>' in markup
    assert markup.count('class="jk-howto-ids" lang="zxx"') == len(card("zohn_ahl").lines)
    assert "Gagner toutes les baguettes de marque" in markup


def test_a_hostile_translation_is_shown_as_text():
    def hostile(message: str) -> str:
        return '<img src=x onerror=alert(1)>' + message
    markup = howto_html(card("zaldi_zuria"), hostile, "en", name="<b>zaldi</b>")
    assert "<img" not in markup and "<b>" not in markup
    assert "&lt;img src=x onerror=alert(1)&gt;" in markup


def test_the_choice_mark_follows_exactly_the_lines_whose_text_is_the_booklets_choice():
    markup = howto_html(card("peruludo"), identity, "en", name="peruludo", show_ids=False)
    chosen = [line for line in card("peruludo").lines if line.choice]
    assert markup.count('class="jk-howto-mark" role="img"') == len(chosen) > 0
    assert f"{CHOICE_MARK}</span> The Basque text is silent or unclear here" in markup


# ------------------------------------------------------------------ agreement with the engines

def basque_rules(game: str):
    engine = engine_of(game)
    return engine, make_rules(engine, engine.rulesets[0].name)


#: The numbers the cards write as words.
WORDS = {4: "four", 5: "five", 6: "six", 8: "eight"}


def test_zaldi_zuria_card_gives_the_engines_chips_players_and_stake():
    engine, rules = basque_rules("zaldi_zuria")
    state = engine.new_initial_state(rules, engine.default_setup(rules))
    text = line_citing("zaldi_zuria", "setup.chips").msgid
    assert text.startswith(f"{WORDS[rules['minimum_players']].capitalize()} or more players")
    assert f"{state.start_chips[0]} chips each" in text
    from jokoak.games.zaldi_zuria.rules import STAKE
    assert f"everyone puts {WORDS[STAKE]} chips in the bank" in text


def test_zaldi_zuria_card_states_the_engines_defaults_as_choices():
    engine, rules = basque_rules("zaldi_zuria")
    assert rules["first_thrower"] == "banker"
    assert "the banker first" in line_citing("zaldi_zuria", "play.start").msgid
    assert rules["straight_ending"] == "thrower_takes_bank"
    assert "the thrower takes the bank" in line_citing("zaldi_zuria", "ending").msgid
    assert rules["symbol_payout"] == "each_full_sum"
    assert "each of their owners the sum" in line_citing("zaldi_zuria", "phase2.throw3.pay").msgid


def test_peruludo_card_gives_the_engines_dice_and_its_rule_against_repeated_bids():
    engine, rules = basque_rules("peruludo")
    state = engine.new_initial_state(rules, engine.default_setup(rules))
    assert f"{WORDS[state.counts[0]]} dice and a cup" in line_citing("peruludo", "setup.dice").msgid
    assert set(state.counts) == {state.counts[0]}
    repeated = next(line for line in card("peruludo").lines if line.choice == "repeated-bids")
    assert rules["forbid_repeated_bids"] is True
    assert "cannot be made again" in repeated.msgid


def test_zohn_ahl_card_gives_the_engines_throw_values_board_and_scoring_sticks():
    from jokoak.games.zohn_ahl.engine import circuit_length, throw_kinds
    engine, rules = basque_rules("zohn_ahl")
    values = sorted(kind.value for kind in throw_kinds(rules["stick_set"]))
    throw_line = line_citing("zohn_ahl", "throw.value").msgid
    assert sorted(int(n) for n in re.findall(r"\d+", throw_line)) == values
    move_line = line_citing("zohn_ahl", "board.sites").msgid
    assert f"{WORDS[rules['sites_per_side']]} a side, {circuit_length(rules)} a circuit" in move_line
    state = engine.new_initial_state(rules, engine.default_setup(rules))
    assert f"each team starts with {WORDS[state.scoring[0]]}" in line_citing(
        "zohn_ahl", "scoring.count").msgid
    assert f"all {WORDS[sum(state.scoring)]} scoring sticks" in line_citing(
        "zohn_ahl", "win.abandoned").msgid


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_names_a_note_whose_engine_option_exists(game):
    engine = engine_of(game)
    options = {option.name for option in engine.options}
    by_id = {note.id: note for note in notes(game)}
    for line in card(game).lines:
        if line.choice and by_id[line.choice].option:
            assert by_id[line.choice].option in options, line.choice
