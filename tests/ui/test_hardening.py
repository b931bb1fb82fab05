"""The app under hostile conditions: no seed on screen, damaged saves listed, crashes reported."""

from __future__ import annotations

import json

import pytest

from wish_tui import saves
from wish_tui.cli import Launch, Seat
from wish_tui.games import GAMES
from wish_tui.ui import app as app_module
from wish_tui.ui.app import WishApp
from wish_tui.ui.load import LoadScreen
from wish_tui.widgets.game_log import GameLog
from wish_tui.wish.ui.game_screen import GameScreen

from .helpers import open_load, settle
from .test_game_flow import game_of, through_setup

SEED = 0xC0FFEE1234567


def log_text(game: GameScreen) -> str:
    return "\n".join(strip.text for strip in game.query_one(GameLog).lines)


async def test_a_running_game_shows_no_seed_on_screen_or_in_the_log():
    launch = Launch("game", (Seat("air", "human"), Seat("water", "easy")), seed=SEED)
    app = WishApp(launch)
    async with app.run_test(size=(100, 30)) as pilot:
        await through_setup(app, pilot)
        await pilot.press("n")
        await settle(pilot, 6)
        assert str(SEED) not in log_text(game_of(app))
        assert str(SEED) not in app.export_screenshot()


async def test_the_seed_is_told_once_the_game_is_over():
    record, state = saves.GameRecord.new(["air", "water"], SEED, games=GAMES)
    while not state.is_over:
        record, state = record.play(state, state.legal_actions()[-1])
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.open_game(record, state, None)
        await settle(pilot, 4)
        assert f"seed was {SEED}" in log_text(game_of(app))
        assert f"Seed {SEED}" in app.export_screenshot().replace("&#160;", " ")


def damaged_save(folder) -> None:
    record, _ = saves.GameRecord.new(["air", "water"], 5, games=GAMES)
    data = record.to_json()
    data["state"]["deck"][0] = ["a list"]
    data["actions"] = ["fly"]
    (folder / "damaged.json").write_text(json.dumps(data))


async def test_a_damaged_save_is_listed_and_the_app_still_works():
    record, state = saves.GameRecord.new(["fire", "earth"], 6, games=GAMES)
    saves.save_game(record, "intact")
    damaged_save(saves.saves_dir())
    app = WishApp(Launch())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_load(pilot, app)
        assert isinstance(app.screen, LoadScreen)
        infos = {i.name: i for i in app.screen.infos}
        assert infos["damaged"].problem and not infos["intact"].problem
        app.continue_latest()
        await settle(pilot, 4)
        assert game_of(app).table.record.name == "intact"
        app.start_game([{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}], 9)
        await settle(pilot, 4)
        assert game_of(app).table.record.seed == 9


@pytest.fixture
def at_a_terminal(monkeypatch):
    """run_app as started from a terminal (under pytest standard input is none)."""
    monkeypatch.setattr(app_module, "why_no_terminal", lambda screen: "")


def test_a_crash_exits_non_zero_with_one_sentence_and_a_report(
    monkeypatch, capsys, data_dir, at_a_terminal
):
    def broken(self):
        raise RuntimeError("a bug in the game screen")

    monkeypatch.setattr(GameScreen, "on_mount", broken)
    real_run = WishApp.run
    monkeypatch.setattr(
        WishApp, "run", lambda self, **kw: real_run(self, headless=True, size=(100, 30))
    )
    launch = Launch("game", (Seat("air", "human"), Seat("water", "easy")), seed=4)
    assert app_module.run_app(launch) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "crash-reports" in err and "Traceback" not in err
    (report,) = (data_dir / "crash-reports").iterdir()
    text = report.read_text()
    assert "RuntimeError: a bug in the game screen" in text
    assert '"format":"wish_tui.save"' in text.replace(" ", "")


def test_a_crash_at_a_server_tells_the_person_it_was_reported_and_nothing_of_the_server(
    monkeypatch, capsys, data_dir, at_a_terminal
):
    """In a session of `wish-tui serve` the person may be a stranger: they are told the game
    stopped and was reported, on the output the browser's page shows, and not where the server
    keeps its files (issue 32); the report is written all the same."""
    from wish_tui.ui.lobby import LobbyScreen

    from .test_lobby_screen import lobby

    async def connect(app) -> None:  # the table server answers the hello at once
        app.server_send = lambda message: None
        app.on_server_message({"type": "welcome", "name": "alice", "lobby": lobby(["round 1"])})

    def broken(self, message):
        raise RuntimeError("a bug in the lobby")

    monkeypatch.setattr(WishApp, "_connect", connect)
    monkeypatch.setattr(LobbyScreen, "show", broken)
    real_run = WishApp.run
    monkeypatch.setattr(
        WishApp, "run", lambda self, **kw: real_run(self, headless=True, size=(100, 30))
    )
    assert app_module.run_app(Launch("client")) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and err == ""
    assert "stopped on an internal error" in out and "kept for the keeper of this server" in out
    assert out.startswith("wish-tui: ")  # the browser's page shows such closing words
    for secret in (str(data_dir), "crash-reports", "crash-", "Traceback", "a bug in the lobby"):
        assert secret not in out
    (report,) = (data_dir / "crash-reports").iterdir()
    assert "RuntimeError: a bug in the lobby" in report.read_text()


def test_an_exit_message_is_still_said_and_a_failure_the_app_says_is_no_crash(
    monkeypatch, capsys, data_dir, at_a_terminal
):
    """What Textual prints as the app closes goes to memory: an exit message is passed on as
    before, and a failure the app ends on itself (the table server away) writes no report."""
    real_run = WishApp.run

    def leave_with(words: str, code: int):
        def run(self, **kw):
            self.call_later(lambda: self.fail(words) if code else self.exit(message=words))
            return real_run(self, headless=True, size=(100, 30))

        return run

    monkeypatch.setattr(WishApp, "run", leave_with("Saved as 'evening'.", 0))
    assert app_module.run_app(Launch("title")) == 0
    assert capsys.readouterr().err == "Saved as 'evening'.\n"
    monkeypatch.setattr(WishApp, "run", leave_with("wish-tui: the table server went away.", 1))
    assert app_module.run_app(Launch("title")) == 1
    assert capsys.readouterr().err == "wish-tui: the table server went away.\n"
    assert not (data_dir / "crash-reports").exists()
