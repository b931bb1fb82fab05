"""The coach from a club's replay: `r` has the table server review the seat watched, the status
follows it, and the review comes back whole and is shown; it is kept with the game, so the next
replay of it opens with the review and `r` offers its costliest decisions without asking again."""

from __future__ import annotations

from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.replay import ReplayScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen

from .test_hub import Client, play_until
from .test_remote_screens import alices_hub, until

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "random"}]


async def finished_game(hub) -> int:
    """bob's Wish game against a random bot, played to its end; its number in the history."""
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    await bob.send({"type": "new_table", "game": "wish", "seats": SEATS})
    table = await bob.until(lambda m: m["type"] == "table")
    served = hub.tables[table["table"]]
    await play_until(served, {0: bob}, lambda: False)
    for _ in range(500):
        page = hub.club.history.page()
        if page:
            bob.close()
            return page[0].table_id
        await bob.receive()
    raise AssertionError("the game was never kept")


def status_of(replay) -> str:
    return replay.query_one("#status").text.plain


async def replay_of(app, pilot, game_id: int) -> ReplayScreen:
    app.server_send({"type": "archive", "game_id": game_id})
    await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
    return app.screen


async def test_r_in_a_club_replay_has_the_server_review_it_once(tmp_path, monkeypatch):
    monkeypatch.setattr("wish_tui.core.expert.DEFAULT_ITERATIONS", 3)  # a quicker review
    hub = await alices_hub(tmp_path, monkeypatch)
    try:
        game_id = await finished_game(hub)
        app = WishApp(Launch(screen="client"))
        async with app.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            replay = await replay_of(app, pilot, game_id)
            assert replay.coaching is None and replay.club_game == game_id
            await pilot.press("r")
            await until(pilot, lambda: "the club's coach" in status_of(replay), "the progress")
            await until(pilot, lambda: replay.coaching is not None, "the review", steps=3000)
            assert replay.coaching.review.complete and replay.coaching.seat == 0
            assert "review of Air: " in status_of(replay)
            assert set(hub.club.reviews.of_game(game_id)) == {0}
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the costliest")
            await pilot.press("escape", "escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            again = await replay_of(app, pilot, game_id)
            assert again.coaching is not None and again.coaching.review.complete
            await pilot.press("r")  # the costliest offered at once: nothing asked
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the costliest again")
            assert "the club's coach" not in status_of(again) and not hub.coach.making
    finally:
        await hub.close()
