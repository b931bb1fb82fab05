"""Saves: round trips, the replay check, atomic writes, bad files, migrations and versions."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.json_data import json_values, paths_in
from wish_tui import files, saves
from wish_tui.games import GAMES
from wish_tui.saves import GameRecord, SaveError
from wish_tui.wish import rules

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "saves").glob("*.json"))


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own data directory."""
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def play_game(djinns=("air", "water"), seed=3, steps=None, who=None):
    """Play a seeded random game (to the end, or `steps` actions); return (record, state)."""
    rng = random.Random(seed)
    seats = [{"djinn": d, "who": "human"} for d in djinns]
    record, state = GameRecord.new(seats, seed, None, games=GAMES)
    while not state.is_over and (steps is None or len(record.actions) < steps):
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind != "end"]
        action = rng.choice(moves) if moves and rng.random() < 0.85 else legal[-1]
        record, state = record.play(state, action)
    return record, state


def assert_one_sentence(message: str, path: Path) -> None:
    assert str(path) in message
    assert "\n" not in message and "Traceback" not in message
    assert message.endswith(".")


# -- the data directory ----------------------------------------------------------------------------
def test_data_dir_follows_the_environment_and_is_created(data_dir):
    assert not data_dir.exists()
    assert saves.data_dir() == data_dir
    assert data_dir.is_dir()


def test_data_dir_defaults_to_platformdirs(monkeypatch, tmp_path):
    monkeypatch.delenv(saves.DATA_DIR_ENV)
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "pd")
    assert saves.data_dir() == tmp_path / "pd"


# -- records and round trips -----------------------------------------------------------------------
def test_play_appends_notation_and_keeps_the_old_record():
    record, state = GameRecord.new(["air", "water"], 7, games=GAMES)
    first = state.legal_actions()[0]
    new_record, new_state = record.play(state, str(first))
    assert record.actions == [] and new_record.actions == [str(first)]
    assert new_record.state == new_state.to_dict()
    assert record.state == state.to_dict()


def test_play_refuses_an_illegal_action_and_changes_nothing():
    record, state = GameRecord.new(["air", "water"], 7, games=GAMES)
    before = json.dumps(record.to_json())
    with pytest.raises(rules.IllegalAction):
        record.play(state, "travel Nowhere")
    assert json.dumps(record.to_json()) == before


def test_save_format_has_the_documented_keys():
    record, _ = play_game(steps=20)
    data = record.to_json()
    assert data["format"] == "wish_tui.save" and data["version"] == saves.VERSION
    assert data["game"] == "wish"
    for key in ("seed", "seats", "actions", "state", "solo", "name", "saved_at", "id"):
        assert key in data
    assert data["seats"] == [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "human"}]


@pytest.mark.parametrize("steps", [0, 1, 37, None])
def test_round_trip_through_a_named_save(steps):
    record, state = play_game(("fire", "earth", "air"), seed=11, steps=steps)
    path = saves.save_game(record, "evening")
    assert path == saves.saves_dir() / "evening.json"
    loaded, loaded_state, warning = saves.load_game("evening", games=GAMES)
    assert warning is None
    assert loaded_state == state
    assert loaded.actions == record.actions and loaded.seats == record.seats
    assert loaded.name == "evening" and loaded.saved_at
    assert saves.load_game(path, games=GAMES)[1] == state


def test_from_json_reads_to_json():
    record, _ = play_game(steps=30)
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())), games=GAMES)
    assert again == record


def test_a_state_the_actions_do_not_reach_is_loaded_with_a_warning():
    record, state = play_game(steps=40)
    record.state["players"][0]["vp_tokens"] += 5
    path = saves.save_game(record, "edited")
    _, loaded, warning = saves.load_game(path, games=GAMES)
    assert loaded.players[0].vp_tokens == state.players[0].vp_tokens + 5
    assert warning == (
        f"The actions in the save file {path} do not replay to its saved position; "
        "the saved position was loaded."
    )


def test_a_position_in_the_older_state_format_loads_with_its_history():
    """A Wish save written before format wish.state/2 (no Fiery Clone discarded yet) still
    replays: its actions reach the same position, so it loads whole and says nothing."""
    record, state = play_game(("water", "earth", "air"), seed=11, steps=40)
    del record.state["clones_discarded"]
    record.state["format"] = "wish.state/1"
    path = saves.save_game(record, "older")
    loaded, loaded_state, warning = saves.load_game(path, games=GAMES)
    assert warning is None
    assert loaded_state == state
    assert loaded.state["format"] == "wish.state/2"
    assert len(loaded.actions) == 40


def test_a_damaged_state_with_good_actions_loads_the_replay_with_a_warning():
    record, state = play_game(steps=40)
    record.state["players"] = "nobody"
    path = saves.save_game(record, "damaged")
    _, loaded, warning = saves.load_game(path, games=GAMES)
    assert loaded == state
    assert warning.startswith(f"The save file {path} has a damaged saved position")


def test_load_with_history_gives_every_state():
    record, state = play_game(steps=25)
    saves.save_game(record, "h")
    _, history, warning = saves.load_with_history("h", games=GAMES)
    assert warning is None and len(history) == 26 and history[-1] == state


# -- autosave, listing, deleting -------------------------------------------------------------------
def test_autosave_is_one_file_per_game_and_latest_save_finds_it():
    record, state = play_game(steps=10)
    path = saves.autosave(record)
    assert path.name.startswith("autosave-")
    record, state = record.play(state, state.legal_actions()[0])
    assert saves.autosave(record) == path
    latest = saves.latest_save(games=GAMES)
    assert latest.path == path and latest.is_autosave
    assert saves.load_game(path, games=GAMES)[1] == state


def test_every_unfinished_game_keeps_its_autosave():
    """Issue: only five autosaves were kept, so games vanished after five others."""
    paths = []
    for seed in range(8):
        record, _ = play_game(seed=seed, steps=3)
        record.id = f"game{seed}"
        paths.append(saves.autosave(record))
    assert all(p.exists() for p in paths)
    assert {i.path for i in saves.list_saves(games=GAMES)} == set(paths)


def test_a_finished_game_moves_to_the_history_and_the_history_is_pruned(monkeypatch):
    monkeypatch.setattr(saves, "HISTORY_KEEP", 3)
    record, _ = play_game(seed=1, steps=3)
    record.id = "ongoing"
    unfinished = saves.autosave(record)
    finished_paths = []
    for seed in range(5):
        record, state = play_game(seed=seed)
        record.id = f"done{seed}" if seed else "ongoing"
        finished_paths.append(saves.autosave(record, finished=state.is_over))
    assert not unfinished.exists()
    kept = [p for p in finished_paths if p.exists()]
    assert kept == finished_paths[-3:]
    assert all(p.parent == saves.history_dir() for p in kept)
    assert [i.path for i in saves.list_history(games=GAMES)] == kept[::-1]
    assert saves.latest_save(games=GAMES) is None
    assert saves.load_for_replay(kept[-1], games=GAMES)[1][-1].is_over


def test_list_saves_shows_date_seats_round_scores_and_problems():
    record, state = play_game(("air", "water", "fire", "earth"), seed=2, steps=150)
    saves.save_game(record, "mid")
    finished, end = play_game(seed=4)
    saves.save_game(finished, "done")
    (saves.saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    infos = {i.name: i for i in saves.list_saves(games=GAMES)}
    mid = infos["mid"]
    assert mid.round == state.round and mid.round > 0
    assert mid.scores == tuple(state.visible_score(s) for s in range(4))
    assert [s["djinn"] for s in mid.seats] == ["air", "water", "fire", "earth"]
    assert not mid.is_autosave and not mid.is_over and mid.problem == ""
    assert infos["done"].is_over
    totals = {s["seat"]: s["total"] for s in end.final_scores()["seats"]}
    assert infos["done"].scores == (totals[0], totals[1])
    assert "truncated" in infos["broken"].problem
    assert saves.latest_save(games=GAMES).name == "mid"


def save_then_finish() -> None:
    """A game saved by name, then continued and played to its end (its autosave finished)."""
    record, state = play_game(seed=3, steps=12)
    record.id = "evening"
    saves.save_game(record, "before dinner")
    finished, end = play_game(seed=3)
    finished.id = "evening"
    saves.autosave(finished, finished=end.is_over)


def test_continue_skips_a_save_of_a_game_finished_since():
    """Issue: a game saved by name, continued and played to its end came back on 'continue'."""
    save_then_finish()
    assert saves.latest_save(games=GAMES) is None
    other, _ = play_game(seed=5, steps=4)
    saves.save_game(other, "another")
    assert saves.latest_save(games=GAMES).name == "another"


def test_latest_save_is_none_without_saves():
    assert saves.latest_save(games=GAMES) is None
    words = saves.nothing_to_continue(games=GAMES, start="start one", load="load one")
    assert words == "there is no saved game to continue yet; start one"


def test_nothing_to_continue_points_at_the_saves_of_games_now_over():
    """A newcomer saved by name, played to the end, and 'continue' said there was no save."""
    save_then_finish()
    assert saves.latest_save(games=GAMES) is None
    words = saves.nothing_to_continue(games=GAMES, start="start one", load="load one")
    assert words.startswith("no unfinished game to continue") and "load one" in words
    # The save by name is of a position not over, as the Load list shows it: the words must
    # not call it over, only its game, played to its end since.
    assert not saves.list_saves(games=GAMES)[-1].is_over
    assert "played to their end" in words and "are over" not in words, words


def test_delete_save_removes_a_readable_save():
    record, _ = play_game(steps=5)
    path = saves.save_game(record, "gone")
    assert saves.delete_save("gone", games=GAMES) == path
    assert not path.exists()


@pytest.mark.parametrize("name", ["", "  ", "autosave-x"])
def test_bad_save_names_are_refused(name):
    record, _ = play_game(steps=2)
    with pytest.raises(SaveError):
        saves.save_game(record, name)


# -- bad files: one sentence, the file untouched ---------------------------------------------------
def real_save_text() -> str:
    record, _ = play_game(steps=30)
    return json.dumps(record.to_json())


def mangle(text: str, case: str) -> str:
    data = json.loads(text)
    if case == "not JSON":
        return "hello, this is not a save"
    if case == "truncated":
        return text[: len(text) // 2]
    if case == "empty":
        return ""
    if case == "wrong shape":
        data["actions"] = "travel Dock"
    elif case == "unknown game":
        data["game"] = "chess"
    elif case == "illegal action":
        data["actions"][5] = "fulfill Nothing"
        data["state"] = None
    elif case == "newer version":
        data["version"] = saves.VERSION + 1
    elif case == "not a save":
        data["format"] = "something.else"
    elif case == "bad seats":
        data["seats"] = [{"djinn": "moon"}, {"djinn": "air"}]
    return json.dumps(data)


BAD = [
    ("not JSON", "is not JSON"),
    ("truncated", "is truncated"),
    ("empty", "is empty"),
    ("wrong shape", "has the wrong shape: 'actions' is not a list of actions in notation"),
    ("unknown game", "is a save of an unknown game ('chess')"),
    ("illegal action", "holds an illegal action record: action 6 'fulfill Nothing' is refused"),
    ("newer version", "was written by a newer wish_tui"),
    ("not a save", "is not a wish_tui save"),
    ("bad seats", "does not describe a game of Wish"),
]


@pytest.mark.parametrize(("case", "expected"), BAD)
def test_a_bad_file_gets_one_sentence_and_is_never_overwritten_or_deleted(case, expected):
    path = saves.saves_dir() / "bad.json"
    path.write_text(mangle(real_save_text(), case), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        saves.load_game("bad", games=GAMES)
    message = str(caught.value)
    assert expected in message
    assert_one_sentence(message, path)
    record, _ = play_game(steps=3)
    with pytest.raises(SaveError, match="not overwritten"):
        saves.save_game(record, "bad")
    with pytest.raises(SaveError, match="not deleted"):
        saves.delete_save("bad", games=GAMES)
    assert path.read_bytes() == before


def test_a_directory_is_not_a_save(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(SaveError) as caught:
        saves.load_game(folder, games=GAMES)
    assert str(caught.value) == f"The save file {folder} is a folder, not a file."
    record, _ = play_game(steps=2)
    with pytest.raises(SaveError):
        saves.save_game(record, folder)
    assert folder.is_dir()


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(SaveError) as caught:
        saves.load_game(tmp_path / "nope.json", games=GAMES)
    assert str(caught.value) == f"There is no save file {tmp_path / 'nope.json'}."


def test_a_file_without_read_permission(monkeypatch):
    """Permission is simulated, so the test also runs as root (where chmod 0 does not bite)."""
    path = saves.saves_dir() / "locked.json"
    path.write_text(real_save_text(), encoding="utf-8")
    before = path.read_bytes()
    real_open = os.open

    def refuse(name, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(SaveError) as caught:
        saves.load_game(path, games=GAMES)
    assert str(caught.value) == f"The save file {path} cannot be read: permission denied."
    record, _ = play_game(steps=2)
    with pytest.raises(SaveError, match="not overwritten"):
        saves.save_game(record, path)
    monkeypatch.undo()
    assert path.read_bytes() == before


def test_a_file_that_is_not_utf8():
    path = saves.saves_dir() / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="is not text"):
        saves.load_game(path, games=GAMES)


# -- versions --------------------------------------------------------------------------------------
def test_a_version_1_record_migrates_and_replays():
    record, state = play_game(steps=30)
    v1 = {
        "format": "wish_tui.save",
        "version": 1,
        "game": "wish",
        "seed": record.seed,
        "djinns": record.djinns,
        "actions": record.actions,
    }
    path = saves.saves_dir() / "old.json"
    path.write_text(json.dumps(v1), encoding="utf-8")
    loaded, loaded_state, warning = saves.load_game(path, games=GAMES)
    assert warning is None and loaded_state == state
    assert loaded.seats == [{"djinn": d, "who": "human"} for d in record.djinns]
    saves.save_game(loaded, path)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == saves.VERSION


def test_migrations_run_as_a_chain_in_order(monkeypatch):
    calls = []

    def two_to_three(data):
        calls.append(("2->3", data["version"]))
        return {**data, "version": 3, "extra": True}

    monkeypatch.setattr(saves, "VERSION", 3)
    monkeypatch.setitem(saves.MIGRATIONS, 2, two_to_three)
    original = saves.MIGRATIONS[1]
    monkeypatch.setitem(
        saves.MIGRATIONS, 1, lambda d: (calls.append(("1->2", d["version"])), original(d))[1]
    )
    data = saves.migrate({"format": "wish_tui.save", "version": 1, "djinns": ["air"]})
    assert calls == [("1->2", 1), ("2->3", 2)]
    assert data["version"] == 3 and data["extra"] and data["seats"][0]["djinn"] == "air"


def test_a_newer_version_is_refused_and_left_untouched():
    path = saves.saves_dir() / "future.json"
    data = json.loads(real_save_text())
    data["version"] = saves.VERSION + 5
    data["new_thing"] = {"we": "do not know this"}
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        saves.load_game(path, games=GAMES)
    assert str(caught.value) == (
        f"The save file {path} was written by a newer wish_tui (save version "
        f"{saves.VERSION + 5}; this one reads up to {saves.VERSION}), so it was left untouched."
    )
    record, _ = play_game(steps=2)
    with pytest.raises(SaveError):
        saves.save_game(record, "future")
    assert path.read_bytes() == before


# -- scenarios -------------------------------------------------------------------------------------
def test_there_are_at_least_six_scenarios():
    assert len(SCENARIOS) >= 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_loads_without_a_warning(path):
    record, state, warning = saves.load_game(path, games=GAMES)
    assert warning is None
    assert record.description
    assert not state.is_over


# -- hypothesis: mangled real files never crash the loader -----------------------------------------
JSON_VALUES = json_values(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lists=3,
    dicts=3,
    keys=5,
    leaves=6,
)
BASE_TEXTS = [p.read_text(encoding="utf-8") for p in SCENARIOS[:3]]


def _load_text(folder: Path, data: bytes) -> None:
    path = folder / "mangled.json"
    path.write_bytes(data)
    try:
        saves.load_game(path, games=GAMES)
    except SaveError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mangled_bytes_never_crash_the_loader(data, tmp_path):
    text = data.draw(st.sampled_from(BASE_TEXTS)).encode()
    how = data.draw(st.sampled_from(["cut", "flip", "insert", "delete"]))
    i = data.draw(st.integers(0, len(text) - 1))
    if how == "cut":
        text = text[:i]
    elif how == "flip":
        text = text[:i] + bytes([text[i] ^ data.draw(st.integers(1, 255))]) + text[i + 1 :]
    elif how == "insert":
        text = text[:i] + data.draw(st.binary(min_size=1, max_size=8)) + text[i:]
    else:
        text = text[:i] + text[i + data.draw(st.integers(1, 40)) :]
    _load_text(tmp_path, text)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mangled_values_never_crash_the_loader(data, tmp_path):
    doc = json.loads(data.draw(st.sampled_from(BASE_TEXTS)))
    paths = list(paths_in(doc))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(paths))
        new = data.draw(JSON_VALUES)
        if not where:
            doc = new
            break
        target = doc
        try:
            for key in where[:-1]:
                target = target[key]
            target[where[-1]] = new
        except (KeyError, IndexError, TypeError):
            pass
    _load_text(tmp_path, json.dumps(doc).encode())


# -- atomic writes: killing a writer never leaves a torn file --------------------------------------
WRITER = """
import sys
from pathlib import Path
from wish_tui.saves import atomic_write
path, a, b = Path(sys.argv[1]), Path(sys.argv[2]).read_text(), Path(sys.argv[3]).read_text()
print("ready", flush=True)
i = 0
while True:
    atomic_write(path, a if i % 2 else b)
    i += 1
"""


def test_killing_a_writer_at_random_moments_leaves_the_old_or_the_new_file(tmp_path):
    first, _ = play_game(("air", "water", "fire", "earth"), seed=1)
    second, _ = play_game(("fire", "earth"), seed=2)
    # Pad the second save so each write takes long enough to be caught in the middle.
    old, new = json.dumps(first.to_json()), json.dumps(second.to_json()) + " " * 300_000
    (tmp_path / "a").write_text(old)
    (tmp_path / "b").write_text(new)
    target = tmp_path / "saves" / "game.json"
    target.parent.mkdir()
    target.write_text(old)
    rng = random.Random(4)
    seen = set()
    for _ in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target), str(tmp_path / "a"), str(tmp_path / "b")],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        content = target.read_text()
        assert content in (old, new)
        seen.add(content == new)
        saves.load_game(target, games=GAMES)
    assert seen, "the writer never ran"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "keep.json"
    target.write_text("old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        saves.atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def scenario(name):
    return saves.load_game(ROOT / "saves" / f"{name}.json", games=GAMES)[1]


def test_scenario_facts():
    solo = scenario("hard-solo-start")
    assert solo.solo == "hard" and solo.players[0].destiny == "Royalty" and solo.phase == "setup"
    four = scenario("four-seat-monuments")
    assert len(four.djinns) == 4 and sum(m is not None for m in four.monuments) >= 2
    assert not four.final_round
    caravan = scenario("caravan-one-step")
    assert caravan.caravan_pos == len(rules.CATALOG.route) - 2 and not caravan.final_round
    assert rules.CATALOG.caravan_cards[caravan.caravan_deck[-1]].move >= 1
    water = scenario("water-frostflakes")
    assert len(water.frost) >= 2 and water.djinns[water.current_player] == "water"
    air = scenario("air-wind-blasts")
    assert len(air.wind) >= 3 and air.djinns[air.current_player] == "air"


def test_the_tie_scenario_is_decided_by_badges_when_the_turn_ends():
    state = scenario("tie-by-badges")
    assert state.final_round
    ended = state.apply(rules.Action("end"))
    assert ended.is_over
    seats = ended.final_scores()["seats"]
    top = max(s["total"] for s in seats)
    tied = [s for s in seats if s["total"] == top]
    assert len(tied) >= 2
    winner = ended.final_scores()["winners"]
    assert len(winner) == 1
    assert seats[winner[0]]["badges_count"] > min(s["badges_count"] for s in tied)


@pytest.mark.parametrize("game", ["wish", "spirits", "wishland"])
def test_a_record_writes_its_state_when_read_not_at_every_action(game, monkeypatch):
    spec = GAMES[game]
    record, state = GameRecord.new(spec.seats[:2], 11, game=game, games=GAMES)
    made = []
    kind = type(state)
    to_dict = kind.to_dict
    monkeypatch.setattr(kind, "to_dict", lambda self: made.append(self) or to_dict(self))
    rng = random.Random(5)
    states = [state]
    for _ in range(12):
        if state.is_over:
            break
        record, state = record.play(state, rng.choice(state.legal_actions()))
        states.append(state)
    assert made == []  # played on without a save: no state written
    shorter = record.truncated(3, states[3])
    assert record.state == to_dict(state) and shorter.state == to_dict(states[3])
    assert made == [state, states[3]]  # each written once, when read
    assert record.state is record.state and len(made) == 2
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())), games=GAMES)
    assert again == record and again.state == to_dict(state)
    shorter.state = {"kept": 1}  # a state set is the state read
    assert shorter.state == {"kept": 1} and len(made) == 2
