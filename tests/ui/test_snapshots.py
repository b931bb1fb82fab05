"""Snapshots of the screens at 80x24 and 120x40, from the scenarios in saves/."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp

SCENARIOS = Path(__file__).parents[2] / "saves"


def scenario_app(name: str) -> WishApp:
    loaded = saves.load_game(str(SCENARIOS / f"{name}.json"), games=GAMES)
    return WishApp(Launch("load", path=name), loaded)


async def _settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_four_seat_game(snap_compare, size):
    assert snap_compare(scenario_app("four-seat-monuments"), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_air_among_wind_blasts(snap_compare, size):
    assert snap_compare(scenario_app("air-wind-blasts"), terminal_size=size, run_before=_settle)


def test_hard_solo_start_asks_for_the_discard(snap_compare):
    assert snap_compare(scenario_app("hard-solo-start"), terminal_size=(80, 24), run_before=_settle)


def test_title_screen(snap_compare):
    assert snap_compare(WishApp(Launch()), terminal_size=(80, 24), run_before=_settle)


def test_spirits_four_seat_endgame(snap_compare):
    assert snap_compare(
        scenario_app("spirits-four-endgame"), terminal_size=(80, 24), run_before=_settle
    )


def test_spirits_solo_one_row_from_the_end(snap_compare):
    assert snap_compare(
        scenario_app("spirits-solo-last-row"), terminal_size=(80, 24), run_before=_settle
    )


def finished_app(game: str, seats: list[dict], seed: int, options: dict) -> WishApp:
    """The app opened on a game of `game` played to its end by choices seeded with `seed`, so
    it shows the final scoring."""
    rng = random.Random(seed)
    record, state = saves.GameRecord.new(seats, seed, None, game, options, games=GAMES)
    while not state.is_over:
        record, state = record.play(state, rng.choice(state.legal_actions()))
    return WishApp(Launch("load"), (record, state, None))


def until_shown(kind):
    """What a snapshot runs first: the app's pauses until a screen of `kind` is on top."""

    async def run_before(pilot) -> None:
        for _ in range(250):
            await pilot.pause(0.02)
            if isinstance(pilot.app.screen, kind):
                break
        await _settle(pilot)

    return run_before


def finished_spirits_app() -> WishApp:
    """A two-seat game of Spirits of the Forest with both modules, a person and a bot, at its
    final scoring."""
    seats = [{"djinn": "earth", "who": "human"}, {"djinn": "fire", "who": "hard"}]
    return finished_app("spirits", seats, 4, {"modules": ["wishes", "hexes"]})


def test_spirits_game_over(snap_compare):
    from wish_tui.spirits.ui.game_over import GameOverScreen

    shown = until_shown(GameOverScreen)
    assert snap_compare(finished_spirits_app(), terminal_size=(80, 24), run_before=shown)


def test_wishland_last_turn_of_round_7(snap_compare):
    assert snap_compare(
        scenario_app("wishland-last-turn-hotels"), terminal_size=(80, 24), run_before=_settle
    )


def test_wishland_solo_in_round_6(snap_compare):
    assert snap_compare(
        scenario_app("wishland-solo-round6"), terminal_size=(80, 24), run_before=_settle
    )


def test_wishland_game_over(snap_compare):
    """A four-seat game with both options, a person and three bots."""
    from wish_tui.wishland.ui.game_over import GameOverScreen

    seats = [{"colour": "red", "who": "human"}] + [
        {"colour": c, "who": "medium"} for c in ("blue", "green", "yellow")
    ]
    app = finished_app("wishland", seats, 6, {"entrepreneurs": True, "achievement_tiles": True})
    assert snap_compare(app, terminal_size=(80, 24), run_before=until_shown(GameOverScreen))
