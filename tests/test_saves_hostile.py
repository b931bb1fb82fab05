"""Hostile save files: any file in the folder, any JSON, any path; one sentence and nothing lost.

The saves folder is read by `continue`, the Load screen and every autosave (which lists the folder
to prune it), so one damaged file must never break any of them: it is listed as damaged with its
one-sentence reason and the rest of the list works.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.json_data import SCALARS, json_values
from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.saves import GameRecord, SaveError

from .test_saves import play_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def real_save() -> dict:
    record, _ = play_game(steps=40)
    return record.to_json()


def damaged(case: str) -> str:
    data = real_save()
    if case == "deck item is a list":
        data["state"]["deck"][0] = ["Sultan"]
        data["actions"] = ["nonsense"]
    elif case == "order holds nulls":
        data["state"]["order"] = [None, None]
        data["actions"] = ["nonsense"]
    elif case == "a card lost":
        data["state"]["deck"].pop()
        data["actions"] = ["nonsense"]
    elif case == "another game's state":
        other, state = GameRecord.new(["air", "water", "fire", "earth"], 9, games=GAMES)
        data["state"] = state.to_dict()
        data["actions"] = ["nonsense"]
    elif case == "huge number":
        return json.dumps(data).replace('"seed":', '"seed":' + "9" * 5000 + ',"x":', 1)
    elif case == "lone surrogate":
        data["description"] = "\ud800"
    elif case == "control characters":
        data["name"] = "a\x1b[2Jb"
    elif case == "a million characters":
        data["description"] = "x" * 1_000_000
    elif case == "seats not dicts":
        data["seats"] = ["air", 7]
    return json.dumps(data)


CASES = [
    "deck item is a list",
    "order holds nulls",
    "a card lost",
    "another game's state",
    "huge number",
    "lone surrogate",
    "control characters",
    "a million characters",
    "seats not dicts",
]


@pytest.mark.parametrize("case", CASES)
def test_a_damaged_file_is_listed_with_one_short_sentence_and_nothing_breaks(case):
    good, state = play_game(steps=20)
    saves.save_game(good, "good")
    bad = saves.saves_dir() / "bad.json"
    bad.write_text(damaged(case), encoding="utf-8")
    before = bad.read_bytes()

    infos = {info.name: info for info in saves.list_saves(games=GAMES)}
    assert infos["good"].problem == ""
    problem = infos["bad"].problem
    assert problem and "\n" not in problem and len(problem) < 600 and "Traceback" not in problem
    assert saves.latest_save(games=GAMES).name == "good"
    record, _ = GameRecord.new(["fire", "earth"], 4, games=GAMES)
    saves.autosave(record)
    with pytest.raises(SaveError) as caught:
        saves.load_game(bad, games=GAMES)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 600
    assert bad.read_bytes() == before


@pytest.mark.parametrize("case", ["deck item is a list", "order holds nulls"])
def test_a_damaged_state_with_good_actions_loads_the_replay(case):
    data = real_save()
    if case == "deck item is a list":
        data["state"]["deck"][0] = ["Sultan"]
    else:
        data["state"]["order"] = [None, None]
    (saves.saves_dir() / "half.json").write_text(json.dumps(data))
    record, state, warning = saves.load_game("half", games=GAMES)
    assert len(record.actions) == 40 and "damaged saved position" in warning
    (info,) = saves.list_saves(games=GAMES)
    assert info.problem == "" and info.round == state.round


def test_a_foreign_state_falls_back_to_the_replay_with_a_warning():
    """A four-seat record carrying a two-seat state: the state is refused, the replay loads."""
    record, state = play_game(("air", "water", "fire", "earth"), steps=30)
    _, other = play_game(("air", "water"), seed=8, steps=10)
    data = record.to_json()
    data["state"] = other.to_dict()
    path = saves.saves_dir() / "mixed.json"
    path.write_text(json.dumps(data))
    loaded, history, warning = saves.load_with_history("mixed", games=GAMES)
    assert history[-1] == state and len(history) == 31
    assert "damaged saved position" in warning and "seats" in warning


def saved_with_a_broken_action():
    """A game 30 steps in, saved as 'broken-actions' with its fourth action 'fly away'; its path
    and the position it had reached."""
    record, state = play_game(steps=30)
    data = record.to_json()
    data["actions"][3] = "fly away"
    path = saves.saves_dir() / "broken-actions.json"
    path.write_text(json.dumps(data))
    return path, state


def test_a_good_state_with_broken_actions_loads_the_state_without_history():
    path, state = saved_with_a_broken_action()
    _, history, warning = saves.load_with_history("broken-actions", games=GAMES)
    assert history == [state]
    assert "do not replay" in warning and "\n" not in warning


def test_the_warning_of_actions_that_do_not_replay_names_the_file_once():
    """The sentence names the file, the refused action and the rule's reason, each once."""
    path, _ = saved_with_a_broken_action()
    _, _, warning = saves.load_with_history("broken-actions", games=GAMES)
    assert warning.count(str(path)) == 1
    assert warning.count("'fly away'") == 1
    assert "action 4 'fly away' is refused:" in warning
    assert "((" not in warning and "))" not in warning


@pytest.mark.parametrize("name", [".", ".secret", "..", "-dash", " ", "a\x00b", "x" * 81, "é\nx"])
def test_a_save_name_is_a_plain_name(name):
    record, _ = play_game(steps=2)
    with pytest.raises(SaveError) as caught:
        saves.save_game(record, name)
    assert "\n" not in str(caught.value)
    assert not [p for p in saves.saves_dir().iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("name", ["evening", "Game 2", "ünïcode_name-3"])
def test_plain_names_save(name):
    record, _ = play_game(steps=2)
    path = saves.save_game(record, name)
    assert path.name == f"{name}.json"
    assert saves.load_game(name, games=GAMES)[1] is not None


def test_stale_temporaries_are_removed_and_fresh_ones_kept():
    folder = saves.saves_dir()
    stale = folder / ".game.json.abc123.tmp"
    fresh = folder / ".other.json.def456.tmp"
    mine = folder / ".notes.tmp"
    for path in (stale, fresh, mine):
        path.write_text("partial")
    old = time.time() - saves.STALE_TMP_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(mine, (old, old))
    assert saves.remove_stale_temporaries() == 1
    assert not stale.exists() and fresh.exists() and mine.exists()


def test_a_fifo_in_the_saves_folder_does_not_block_listing():
    os.mkfifo(saves.saves_dir() / "pipe.json")
    record, _ = play_game(steps=2)
    saves.save_game(record, "real")
    assert [i.name for i in saves.list_saves(games=GAMES)] == ["real"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_arbitrary_bytes_give_a_sentence(data):
    path = saves.saves_dir() / "fuzz.json"
    path.write_bytes(data)
    try:
        saves.load_game(path, games=GAMES)
    except SaveError as exc:
        assert "\n" not in str(exc)
    assert path.read_bytes() == data


JSON = json_values(SCALARS, lists=4, dicts=4, keys=8, leaves=15)
BASE = real_save()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASE)), JSON)
def test_any_value_in_any_top_field_gives_a_result_or_a_sentence(key, value):
    data = dict(BASE)
    data[key] = value
    path = saves.saves_dir() / "fuzz.json"
    path.write_text(json.dumps(data))
    try:
        record, history, warning = saves.load_with_history(path, games=GAMES)
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600
        return
    assert history and (warning is None or "\n" not in warning)
    saves.list_saves(games=GAMES)


def test_a_save_loading_would_refuse_is_never_written():
    """Issue 19: save_game wrote a 1 MB description that loading then refused. Writing applies
    the bounds reading does: the save is refused with one sentence and no file is written."""
    record, _ = play_game(steps=10)
    record.description = "x" * 1_000_000
    with pytest.raises(SaveError) as info:
        saves.save_game(record, "too-long")
    message = str(info.value)
    assert "was not written" in message and "'description' is too long" in message
    assert "\n" not in message
    assert not (saves.saves_dir() / "too-long.json").exists()
    assert not list(saves.saves_dir().glob("*.tmp*"))


def test_a_refused_write_leaves_the_save_that_was_there():
    record, _ = play_game(steps=10)
    path = saves.save_game(record, "kept")
    before = path.read_bytes()
    record.description = "\x1b[2J"
    with pytest.raises(SaveError):
        saves.save_game(record, "kept")
    assert path.read_bytes() == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    description=st.text(max_size=600),
    # Names only: text with a '/' or ending '.json' would be a path, outside the test's folder.
    name=st.text(st.characters(blacklist_characters="/\\."), min_size=1, max_size=90),
)
def test_every_save_the_app_writes_it_reads_back(description, name):
    record, _ = play_game(steps=6)
    record.description = description
    try:
        path = saves.save_game(record, name)
    except SaveError as exc:
        assert "\n" not in str(exc)
        return
    loaded, _state, warning = saves.load_game(path, games=GAMES)
    assert warning is None
    assert loaded.description == description
