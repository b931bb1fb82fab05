"""The JSON-lines engine protocol, in process and as `python -m wish_tui engine`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from wish_tui import saves
from wish_tui.engine_protocol import Session, answer_line, serve
from wish_tui.games import GAMES


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path / "data"))


def run(*requests) -> list[dict]:
    """Serve the requests (objects, or raw lines as str) in process; return the answers."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


NEW = {"cmd": "new", "djinns": ["air", "water"], "seed": 7}


def test_new_legal_and_play():
    new, legal, played, again = run(
        NEW, {"cmd": "legal"}, {"cmd": "play", "action": "keep Light Side"}, {"cmd": "legal"}
    )
    assert new == {
        "ok": True,
        "seats": ["air", "water"],
        "djinns": ["air", "water"],
        "solo": "",
        "seat": 0,
        "round": 0,
        "phase": "setup",
        "over": False,
    }
    assert legal == {
        "ok": True,
        "seat": 0,
        "actions": ["keep Djinning the Moment", "keep Light Side"],
    }
    assert played["ok"] and played["played"] == "keep Light Side" and played["seat"] == 1
    assert again["seat"] == 1


def test_new_names_its_seats_seats_and_still_reads_djinns():
    seats, djinns, both, neither, differ = run(
        {"cmd": "new", "seats": ["air", "water"], "seed": 7},
        NEW,
        {"cmd": "new", "seats": ["fire", "air"], "djinns": ["fire", "air"], "seed": 7},
        {"cmd": "new", "seed": 7},
        {"cmd": "new", "seats": ["fire", "air"], "djinns": ["air", "fire"], "seed": 7},
    )
    assert seats == djinns
    assert seats["seats"] == seats["djinns"] == ["air", "water"]
    assert both["ok"] and both["seats"] == ["fire", "air"]
    assert neither == {"ok": False, "error": '"new" needs "seats": a list of 1 to 4 Djinn names.'}
    assert not differ["ok"] and 'give only "seats"' in differ["error"]


def test_solo_game_with_one_djinn():
    (new,) = run({"cmd": "new", "djinns": ["fire"], "solo": "hard", "seed": 3})
    assert new["ok"] and new["solo"] == "hard"


def test_every_response_has_ok_and_failures_are_one_sentence():
    answers = run(
        "this is not json",
        "[1, 2]",
        {"nocmd": 1},
        {"cmd": "fly"},
        {"cmd": "legal"},
        {"cmd": "new", "djinns": "air"},
        {"cmd": "new", "djinns": ["air", "air"], "seed": 1},
        {"cmd": "new", "djinns": ["air", "water"], "seed": "7"},
        {"cmd": "new", "djinns": ["air", "water"], "seed": True},
        {"cmd": "new", "djinns": ["air"], "seed": 1},
        NEW,
        {"cmd": "play"},
        {"cmd": "play", "action": 5},
        {"cmd": "play", "action": "travel Moon"},
        {"cmd": "play", "action": "keep Light Side", "seat": 1},
        {"cmd": "play", "action": "keep Light Side", "seat": "0"},
        {"cmd": "view", "seat": 9},
        {"cmd": "view"},
        {"cmd": "undo"},
        {"cmd": "load", "path": "/no/such/file.json"},
        {"cmd": "save", "path": ""},
    )
    assert all("ok" in a for a in answers)
    failures = [a for a in answers if not a["ok"]]
    assert len(failures) == len(answers) - 1
    for answer in failures:
        assert set(answer) == {"ok", "error"}
        assert answer["error"].endswith(".") and "\n" not in answer["error"]
    errors = [a.get("error", "") for a in answers]
    assert errors[0].startswith("That line is not JSON")
    assert errors[3] == (
        "'fly' is not a command; use one of new, legal, play, undo, view, state, score, save, "
        "load, quit, help."
    )
    assert errors[4].startswith("There is no game yet")
    assert errors[7] == '"seed" must be a whole number of at most 64 bits.'
    assert errors[14] == "It is Air's decision now, not Water's."
    assert errors[16] == "There is no seat 9 in this game."
    assert errors[18] == "Nothing can be undone: you have made no decision yet this turn."
    assert errors[19] == "There is no save file /no/such/file.json."


def test_a_failure_leaves_the_game_unchanged():
    session = Session()
    answer_line(session, json.dumps(NEW))
    before = session.state.to_dict()
    actions = list(session.record.actions)
    for line in (
        '{"cmd":"play","action":"travel Moon"}',
        '{"cmd":"play","action":"keep Light Side","seat":1}',
        '{"cmd":"undo"}',
        '{"cmd":"new","djinns":["air","air"]}',
        '{"cmd":"load","path":"/nowhere.json"}',
        "{broken",
    ):
        assert answer_line(session, line)["ok"] is False
    assert session.state.to_dict() == before and session.record.actions == actions


def test_undo_takes_back_one_decision():
    answers = run(
        {"cmd": "new", "djinns": ["fire"], "solo": "medium", "seed": 3},
        {"cmd": "legal"},
    )
    keep = answers[1]["actions"][0]
    state_before, played, undone, state_after = run(
        {"cmd": "new", "djinns": ["fire"], "solo": "medium", "seed": 3},
        {"cmd": "play", "action": keep},
        {"cmd": "undo"},
        {"cmd": "state"},
    )[0:4]
    assert played["ok"] and undone == {
        "ok": True,
        "undone": [keep],
        "seat": 0,
        "round": 0,
        "phase": "setup",
        "over": False,
    }
    assert state_after["state"]["players"][0]["destiny"] == ""


def test_view_state_score_save_and_load(tmp_path):
    path = str(tmp_path / "game.json")
    answers = run(
        NEW,
        {"cmd": "play", "action": "keep Light Side"},
        {"cmd": "view", "seat": 1},
        {"cmd": "state"},
        {"cmd": "score"},
        {"cmd": "save", "path": path},
        {"cmd": "new", "djinns": ["fire", "earth"], "seed": 1},
        {"cmd": "load", "path": path},
        {"cmd": "state"},
    )
    view, state, score, saved, _, loaded, state2 = answers[2:]
    assert "hand" in view["view"]["players"][1] and "hand" not in view["view"]["players"][0]
    assert state["state"]["format"] == "wish.state/2"
    assert score["over"] is False and len(score["scores"]["seats"]) == 2
    assert saved == {"ok": True, "path": path}
    assert loaded["ok"] and loaded["djinns"] == ["air", "water"] and loaded["actions"] == 1
    assert "warning" not in loaded
    assert state2["state"] == state["state"]


def test_a_save_at_a_relative_path_answers_the_whole_path(tmp_path, monkeypatch):
    """The answer names the file written wherever the engine was started: '/…/name.json'."""
    monkeypatch.chdir(tmp_path)
    (saved,) = run(NEW, {"cmd": "save", "path": "games/mine.json"})[1:]
    assert saved == {"ok": True, "path": str(tmp_path / "games" / "mine.json")}


def test_a_solo_level_a_game_does_not_have_is_refused():
    """Wishland's solo game has one level, 'standard'; any other word was taken and echoed."""
    new = {"cmd": "new", "game": "wishland", "seats": ["red"], "seed": 3}
    refused, started = run({**new, "solo": "nightmare"}, {**new, "solo": "standard"})
    assert refused == {
        "ok": False,
        "error": "'nightmare' is not a solo level of Wishland; its one level is standard.",
    }
    assert started["ok"] and started["solo"] == "standard"


def test_quit_ends_the_session_and_later_lines_are_not_answered():
    out = io.StringIO()
    lines = [json.dumps({"cmd": "quit"}), json.dumps({"cmd": "legal"})]
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    assert [json.loads(x) for x in out.getvalue().splitlines()] == [{"ok": True, "bye": True}]


def test_a_game_can_be_played_to_the_end():
    session = Session()
    answer_line(session, json.dumps(NEW))
    turns = 0
    while True:
        legal = answer_line(session, '{"cmd":"legal"}')
        if not legal["actions"]:
            break
        moves = [a for a in legal["actions"] if a != "end"]
        choice = moves[turns % len(moves)] if moves and turns % 5 else legal["actions"][-1]
        assert answer_line(session, json.dumps({"cmd": "play", "action": choice}))["ok"]
        turns += 1
        assert turns < 5000
    score = answer_line(session, '{"cmd":"score"}')
    assert score["over"] is True and score["scores"]["winners"]
    assert answer_line(session, '{"cmd":"play","action":"end"}') == {
        "ok": False,
        "error": "The game is over: no action can be played.",
    }


def test_the_engine_command_speaks_json_lines(tmp_path):
    env = {**os.environ, saves.DATA_DIR_ENV: str(tmp_path / "data")}
    requests = [
        json.dumps(NEW),
        json.dumps({"cmd": "legal"}),
        "not json at all",
        json.dumps({"cmd": "play", "action": "keep Light Side"}),
        json.dumps({"cmd": "save", "path": "from-engine"}),
        json.dumps({"cmd": "quit"}),
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "wish_tui", "engine"],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, True, False, True, True, True]
    assert answers[4]["path"] == str(tmp_path / "data" / "saves" / "from-engine.json")
    record, state, warning = saves.load_game(answers[4]["path"], games=GAMES)
    assert warning is None and record.actions == ["keep Light Side"]
