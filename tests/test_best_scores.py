"""The best-score table of solo games: written atomically, read back, a damaged file set aside."""

from __future__ import annotations

import json

import pytest

from wish_tui import best_scores, saves


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def test_the_first_score_is_kept_and_is_no_new_best():
    result = best_scores.record_score("wishland", "solo", 31, "game-a", 7)
    assert result.best_before is None and not result.is_new_best and result.warning == ""
    data = json.loads(best_scores.path().read_text("utf-8"))
    assert data["format"] == best_scores.FORMAT
    assert data["games"]["wishland"]["solo"][0]["score"] == 31
    assert data["games"]["wishland"]["solo"][0]["seed"] == 7


def test_a_higher_score_is_a_new_best_and_a_lower_one_is_not():
    best_scores.record_score("wishland", "solo", 31, "game-a", 1)
    higher = best_scores.record_score("wishland", "solo", 35, "game-b", 2)
    assert higher.is_new_best and higher.best_before == 31
    lower = best_scores.record_score("wishland", "solo", 20, "game-c", 3)
    assert not lower.is_new_best and lower.best_before == 35
    assert [e["score"] for e in lower.table] == [35, 31, 20]
    assert best_scores.best("wishland", "solo") == 35


def test_setups_are_kept_apart():
    best_scores.record_score("wishland", "solo", 40, "game-a", 1)
    other = best_scores.record_score("wishland", "solo+entrepreneurs", 25, "game-b", 2)
    assert other.best_before is None
    assert best_scores.best("wishland", "solo") == 40
    assert best_scores.best("wishland", "solo+entrepreneurs") == 25


def test_a_game_is_recorded_once_however_often_its_scoring_is_shown():
    best_scores.record_score("wishland", "solo", 31, "game-a", 1)
    again = best_scores.record_score("wishland", "solo", 31, "game-a", 1)
    assert len(again.table) == 1 and again.best_before is None


def test_only_the_best_ten_are_kept():
    for n in range(15):
        result = best_scores.record_score("wishland", "solo", n, f"game-{n}", n)
    assert [e["score"] for e in result.table] == list(range(14, 4, -1))


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"[1, 2]", b'{"format": "other"}', b"\xff\xfe",
     b'{"format": "wish_tui.best_scores", "version": 1, "games": {"wishland": {"solo": [1]}}}',
     b'{"format": "wish_tui.best_scores", "version": 99, "games": {}}'],
)  # fmt: skip
def test_a_damaged_file_is_set_aside_with_a_warning_never_a_crash(content):
    target = best_scores.path()
    target.write_bytes(content)
    result = best_scores.record_score("wishland", "solo", 12, "game-a", 1)
    assert result.warning.startswith("The best-score file ")
    assert best_scores.DAMAGED in result.warning
    assert (target.parent / best_scores.DAMAGED).read_bytes() == content
    assert best_scores.best("wishland", "solo") == 12


def test_a_folder_in_place_of_the_file_is_a_warning(data_dir):
    best_scores.path().mkdir(parents=True)
    table, warning = best_scores.load()
    assert table == {} and "is a folder" in warning


def test_writing_leaves_no_temporary_file(data_dir):
    best_scores.record_score("wishland", "solo", 12, "game-a", 1)
    assert sorted(p.name for p in data_dir.iterdir()) == [best_scores.FILE]
