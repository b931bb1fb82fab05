"""The command line without a terminal, and `replay` without a name (issue 34): a command that
needs a terminal says so in one sentence, points to `wish-tui plain` and exits non-zero (it
printed a traceback and exited 0); `wish-tui replay` opens the newest finished game."""

from __future__ import annotations

import os
import random
import subprocess

import pytest

from tests.commands import wish_tui
from wish_tui import saves
from wish_tui.cli import Launch, build_parser, launch_for_replay
from wish_tui.games import GAMES


def run(*args: str, data, stdin=subprocess.DEVNULL, input=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "WISH_TUI_DATA_DIR": str(data)}
    env.pop("TEXTUAL_DRIVER", None)
    return wish_tui(*args, env=env, stdin=None if input is not None else stdin, input=input)


def finished_game(seed: int = 3):
    """A game of Spirits of the Forest played to its end by seeded random choices."""
    record, state = saves.GameRecord.new(
        [{"djinn": "air", "who": "human"}, {"djinn": "fire", "who": "easy"}],
        seed,
        "",
        "spirits",
        {},
        games=GAMES,
    )
    pick = random.Random(seed)
    while not state.is_over:
        record, state = record.play(state, pick.choice(state.legal_actions()))
    return record


def one_sentence(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


TERMINAL_COMMANDS = [
    (),
    ("new", "--seat", "air:human", "--seat", "water:easy"),
    ("new", "--game", "spirits", "--solo", "easy"),
    ("learn", "--game", "spirits"),
    ("load", "tie-by-badges"),
]


@pytest.mark.parametrize("args", TERMINAL_COMMANDS, ids=lambda a: " ".join(a) or "title")
@pytest.mark.parametrize("how", ["devnull", "pipe"])
def test_a_command_that_needs_a_terminal_says_so_without_one(args, how, tmp_path):
    if how == "devnull":
        result = run(*args, data=tmp_path)
    else:
        result = run(*args, data=tmp_path, input="q\n")
    assert result.returncode != 0
    line = one_sentence(result.stderr)
    assert "needs a terminal" in line and "wish-tui plain" in line, line
    assert line.endswith(".")


def test_continue_and_replay_without_a_terminal_say_so_too(tmp_path):
    os.environ["WISH_TUI_DATA_DIR"] = str(tmp_path)
    try:
        saves.autosave(finished_game(), finished=True)
        record, state = saves.GameRecord.new(
            [{"djinn": "air", "who": "human"}, {"djinn": "fire", "who": "easy"}],
            1,
            "",
            "spirits",
            {},
            games=GAMES,
        )
        saves.autosave(record)
    finally:
        del os.environ["WISH_TUI_DATA_DIR"]
    for args in (("continue",), ("replay",)):
        result = run(*args, data=tmp_path)
        assert result.returncode != 0
        line = one_sentence(result.stderr)
        assert "needs a terminal" in line and "wish-tui plain" in line, line


def test_replay_without_a_name_opens_the_newest_finished_game(data_dir):
    older = finished_game(3)
    saves.autosave(older, finished=True)
    newer = finished_game(4)
    path = saves.autosave(newer, finished=True)
    os.utime(path, (os.stat(path).st_atime + 60, os.stat(path).st_mtime + 60))
    newest = saves.list_history(games=GAMES)[0]
    launch = launch_for_replay(build_parser().parse_args(["replay"]))
    assert launch == Launch("replay", path=str(newest.path))
    assert saves.read_record(launch.path, games=GAMES).id == newest.game_id


def test_replay_without_a_name_and_no_finished_game_is_one_sentence(tmp_path):
    result = run("replay", data=tmp_path)
    assert result.returncode == 1
    line = one_sentence(result.stderr)
    assert line == (
        "wish-tui: there is no finished game to replay yet; 'wish-tui replay NAME' replays a "
        "save, and a game played to its end is kept for replay."
    )


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    return tmp_path
