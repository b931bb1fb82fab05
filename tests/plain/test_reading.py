"""How the plain client reads to a person: verbosity, symbols, notation, kept with them; and the
short questions (last, turn, points, find) answered in one sentence."""

from __future__ import annotations

import pytest

from tests.plain.test_sitting import Sitting
from wish_tui import preferences
from wish_tui.club.errors import InputRefused
from wish_tui.club.limits import check_settings
from wish_tui.plain.local import READING_KEY, _keep_reading
from wish_tui.plain.reading import Reading, valid


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))


def test_short_verbosity_says_a_move_without_what_followed_and_no_bots_turn_line():
    short = Reading(verbosity="short")
    line = "Water: Empower (column 1) → +1 Ruby; +1 Citrine."
    assert short.news(line) == "Water: Empower (column 1)."
    assert Reading().news(line) == line
    sitting = Sitting("wish", [("air", "human"), ("water", "easy")], 2)
    sitting.said()
    assert sitting.type("verbosity short").startswith("Verbosity short")
    said = sitting.type("1")
    assert "decides." not in said and " gives " not in said


def test_full_verbosity_lists_what_each_card_does():
    sitting = Sitting("wish", [("air", "human"), ("water", "easy")], 2)
    sitting.said()
    detailed = sitting.type("choices")
    sitting.type("verbosity full")
    full = sitting.type("")
    assert full.endswith(detailed) and sitting.plain.out.reading.full
    sitting.type("verbosity normal")
    assert len(sitting.type("")) < len(full)


def test_a_setting_is_refused_in_one_sentence_and_kept_when_changed():
    sitting = Sitting("spirits", [("air", "human"), ("fire", "easy")], 3)
    sitting.said()
    assert sitting.type("verbosity loud") == (
        "verbosity takes short or normal or full, e.g. 'verbosity short'."
    )
    kept = []
    sitting.plain.out.reading.keep = kept.append
    assert sitting.type("notation on").startswith("Each choice's notation is said")
    assert "[take 1 left]" in sitting.type("all")
    assert kept == [{"notation": True}]


def test_the_settings_are_kept_here_between_games():
    _keep_reading({"verbosity": "short"})
    _keep_reading({"symbols": True})
    assert valid(preferences.recall_all()[READING_KEY]) == {"verbosity": "short", "symbols": True}
    reading = Reading()
    reading.adopt({"verbosity": "loud", "symbols": "yes", "notation": True})
    assert reading.settings() == {"verbosity": "normal", "symbols": False, "notation": True}


def test_the_club_keeps_a_members_reading_settings_and_refuses_others():
    assert check_settings({"verbosity": "short", "symbols": True}) == {
        "verbosity": "short",
        "symbols": True,
    }
    with pytest.raises(InputRefused):
        check_settings({"verbosity": "everything"})


def test_short_questions_answer_in_one_sentence():
    sitting = Sitting("wish", [("air", "human"), ("water", "easy")], 2)
    sitting.said()
    assert sitting.type("last") == "No seat has moved yet."
    sitting.type("1")
    assert sitting.type("last").startswith("Air: Keep the Destiny")
    assert sitting.type("turn") == "Water (easy bot) decides."
    points = sitting.type("points")
    assert points.startswith("Points if the game ended now: Air (you) 0, Water 0")
    assert "Oasis" in sitting.type("find oasis")
    assert sitting.type("find nowhere").startswith("Nothing on the table is named 'nowhere'")


def test_the_help_line_of_symbols_reads_the_same_with_symbols_on_or_off():
    from wish_tui.plain.reading_commands import READING_COMMANDS

    sitting = Sitting("wish", [("air", "human"), ("water", "easy")], 2)
    sitting.said()
    for setting in ("off", "on"):
        sitting.type(f"symbols {setting}")
        said = " ".join(line.strip() for line in sitting.type("help").splitlines())
        assert READING_COMMANDS["symbols"] in said
