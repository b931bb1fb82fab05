"""The final scoring's seed line says what deals or finds the game again where it was played:
'--seed N' needs the app on one's own computer; at a club the game is in its history."""

from __future__ import annotations

from wish_tui.spirits.ui.game_over import GameOverScreen as SpiritsGameOver
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.wish.ui.game_over import GameOverScreen as WishGameOver
from wish_tui.wishland.ui.game_over import GameOverScreen as WishlandGameOver


def test_a_local_game_names_its_seed_and_the_option_that_deals_it_again():
    window = FinalScoringScreen(seed=7)
    assert window.seed_note() == "Seed 7: --seed 7 deals it again."
    assert FinalScoringScreen(seed=None).seed_note() == ""


def test_a_club_game_names_its_seed_and_the_lobby_key_that_finds_it_again():
    for kind in (FinalScoringScreen, WishGameOver, SpiritsGameOver, WishlandGameOver):
        window = kind.__new__(kind)
        window.seed, window.online = 7, True
        note = window.seed_note()
        assert note.startswith("Seed 7") and "--seed" not in note, (kind, note)
        assert "h in the lobby" in note and len(note) <= 78, note


async def test_the_wish_window_at_a_club_shows_the_club_s_line_and_locally_the_option():
    import random

    from wish_tui.wish.rules import new_game

    from .helpers import settle
    from .test_spirits_final_key import OverApp, on_screen

    rng, state = random.Random(5), new_game(["air", "water"], seed=5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    view = {**state.view(0), "scores": state.final_scores()}
    for online in (False, True):
        window = WishGameOver(view, seed=5)
        window.online = online
        app = OverApp(window)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            shown = on_screen(app)
            assert "Seed 5" in shown
            assert ("--seed 5" in shown) is not online, shown
            assert ("h in the lobby" in shown) is online, shown


async def test_the_spirits_window_shows_a_seed_of_0():
    """A seed of 0 is a seed like any other: its line is shown, not taken for no seed."""
    from .helpers import settle
    from .test_spirits_final_key import OverApp, finished, on_screen

    state = finished(0)
    view = {**state.view(0), "scores": state.final_scores()}
    app = OverApp(SpiritsGameOver(view, seed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Seed 0: --seed 0 deals it again." in on_screen(app)
