"""The coach in the replay: `r` reviews the seat watched in the background, the status follows,
the costliest decisions are offered and one is gone to, the log marks decisions, the review is
stored in the save; and `r` on a finished game's final scoring opens that replay."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.ui.app import WishApp
from wish_tui.ui.replay import ReplayScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.widgets.game_log import GameLog

from .helpers import settle


def saved_game(tmp_path, monkeypatch, moves: int = 16) -> str:
    """A Wish game of a person (played at random) against easy, saved as 'evening'."""
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    spec = GAMES["wish"]
    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 11, game="wish", games=GAMES)
    bots = [spec.bots.make_bot("random", 3), spec.bots.make_bot("easy", 4)]
    for _ in range(moves):
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        record, state = record.play(state, action)
    return str(saves.save_game(record, "evening"))


def reviewed_game(tmp_path, monkeypatch) -> str:
    """`saved_game` of 8 moves with Air's review made and stored in its save."""
    from wish_tui.tables.coach import Coach

    path = saved_game(tmp_path, monkeypatch, moves=8)
    record, states = saves.load_for_replay(path, games=GAMES)
    coach = Coach(record, states, 0)
    list(coach.steps())
    saves.write_record(coach.keep(), saves.save_path(path))
    return path


async def until(pilot, done, seconds: float = 60) -> None:
    for _ in range(int(seconds * 10)):
        if done():
            return
        await asyncio.sleep(0.1)
        await pilot.pause()
    raise AssertionError("it did not happen in time")


def status_of(replay) -> str:
    return replay.query_one("#status").text.plain


async def test_r_reviews_the_seat_watched_and_stores_it_with_the_save(tmp_path, monkeypatch):
    path = saved_game(tmp_path, monkeypatch)
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.coaching is None
        await pilot.press("r")
        await until(pilot, lambda: replay.coaching and replay.coaching.review.complete)
        await until(
            pilot,
            lambda: isinstance(app.screen, ChoiceScreen) or "the costliest" in status_of(replay),
        )
        review = replay.coaching.review
        assert review.total == len(review.judged) >= 1
        stored = json.loads(Path(path).read_text())["reviews"]["air"]
        assert stored == review.to_json()
        assert review.costliest()  # random play is not the expert's
        if review.costliest():
            assert isinstance(app.screen, ChoiceScreen)
            await pilot.press("1")
            await settle(pilot)
            worst = review.costliest()[0]
            assert replay.index == worst.move
            assert f"review of Air · next: a {worst.mark}" in status_of(replay)
            await pilot.press("right")
            await settle(pilot)
            log = " ".join(row.text.strip() for row in replay.query_one(GameLog).lines)
            assert f"{worst.mark}: {round(worst.cost * 100)}% of winning chance lost" in log
        assert "review of Air:" in status_of(replay)


async def test_a_stored_review_is_shown_again_without_judging(tmp_path, monkeypatch):
    path = reviewed_game(tmp_path, monkeypatch)

    def refuse(*args):
        raise AssertionError("judged again")

    monkeypatch.setattr("wish_tui.tables.bot_process.judge", refuse)
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert "review of Air:" in status_of(app.screen)


async def test_r_on_a_finished_games_final_scoring_opens_its_replay_under_review(
    tmp_path, monkeypatch
):
    from wish_tui.spirits.ui.game_over import GameOverScreen

    from .test_snapshots import finished_spirits_app

    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    app = finished_spirits_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.index == len(replay.states) - 1  # on the final position
        assert replay.coaching is not None and replay.coaching.seat == 0  # the person's seat
        await until(pilot, lambda: replay.coaching.review.complete)
        await until(pilot, lambda: "review of Earth:" in status_of(replay))
        [finished] = saves.list_history(games=GAMES)
        assert set(saves.read_record(str(finished.path), games=GAMES).reviews) == {"earth"}


async def test_leaving_the_replay_mid_review_keeps_what_was_judged(tmp_path, monkeypatch):
    from wish_tui.ui.title import TitleScreen

    path = saved_game(tmp_path, monkeypatch, moves=30)
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        replay = app.screen
        await pilot.press("r")
        await until(pilot, lambda: replay.coaching.review.judged)
        await pilot.press("escape")  # back to the title while the review runs
        await until(pilot, lambda: "reviews" in json.loads(Path(path).read_text()))
        assert isinstance(app.screen, TitleScreen)
        kept = json.loads(Path(path).read_text())["reviews"]["air"]
        assert 1 <= len(kept["judged"]) <= kept["total"]


async def test_the_reviews_progress_and_its_key_fit_the_status_line_at_80_and_100_columns(
    tmp_path, monkeypatch
):
    path = reviewed_game(tmp_path, monkeypatch)
    record, _ = saves.load_for_replay(path, games=GAMES)
    for width in (80, 100):
        app = WishApp(Launch("replay", path=path), (record, None, None))
        async with app.run_test(size=(width, 30)) as pilot:
            await settle(pilot)
            replay = app.screen
            for running, key in ((False, "r the costliest"), (True, "r stops")):
                replay.coaching.running = running
                replay.index = 3
                replay.board_resized()
                said = status_of(replay)
                assert key in said and len(said) <= width, (width, said)


async def test_the_club_coachs_progress_fits_the_status_line_at_80_columns(tmp_path, monkeypatch):
    # A club's replay under review: the server's progress and the seat it is for, all in sight.
    path = saved_game(tmp_path, monkeypatch, moves=8)
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = app.screen
        replay.club_game = 7
        replay.club_progress = "the club's coach is asked for Air's review"
        replay.board_resized()
        said = status_of(replay)
        assert "asked for Air's review" in said and len(said) <= 80, said
        replay.club_reviewed({"title": "Air", "done": 12, "total": 46, "waiting": 2})
        said = status_of(replay)
        assert "coach: Air 12/46, 2 before it" in said and len(said) <= 80, said


async def test_the_next_decisions_mark_fits_the_status_line_at_80_columns(tmp_path, monkeypatch):
    # Stepping onto a blunder of a reviewed game says so, whatever the review's state.
    import dataclasses

    path = reviewed_game(tmp_path, monkeypatch)
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = app.screen
        review = replay.coaching.review
        marks = ("blunder", "mistake", "inaccuracy", "blunder") * 3
        review.judged = [
            dataclasses.replace(j, played="x", best="y", played_value=0.1, best_value=0.9)
            if n < len(marks)
            else j
            for n, j in enumerate(review.judged)
        ]
        replay.index = review.judged[0].move
        for running, complete in ((False, True), (True, False), (False, False)):
            replay.coaching.running = running
            if not complete:
                review.total = len(review.judged) + 5
            replay.board_resized()
            said = status_of(replay)
            assert "next: " in said and "blunder" in said and len(said) <= 80, said


class _FinishedReview:
    """A review's words as a long game's complete review says them (what the status needs)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def progress(self, index: int | None = None) -> str:
        return "review of Yellow: 6??, 5?, 6?! · r the costliest"

    def stop(self) -> None:
        """Nothing runs."""


async def test_a_long_games_review_and_its_key_fit_the_status_line_at_80_columns(
    tmp_path, monkeypatch
):
    """'Replay: action 102/102, round 7 · review of Yellow: 6??, 5?, 6?! · r the costli…' lost
    the word that says what r does: the round gives way first."""
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    seats = [{"colour": "yellow", "who": "human"}, {"colour": "blue", "who": "easy"}]
    record, state = GameRecord.new(seats, 11, game="wishland", games=GAMES)
    path = str(saves.save_game(record, "evening"))
    record, _ = saves.load_for_replay(path, games=GAMES)
    app = WishApp(Launch("replay", path=path), (record, None, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = app.screen
        replay.moves, replay.index = [None] * 102, 102  # at the end of as long a record
        replay.coaching = _FinishedReview(replay.seat)
        status = replay._status({"round": 7})
        assert len(status) <= 80 and status.endswith("r the costliest"), status
