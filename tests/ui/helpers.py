"""Small helpers the Pilot tests of every game share: a game loaded from its record, curtains,
notifications, refusals and waiting for the app to settle."""

from __future__ import annotations

from wish_tui import games, saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.curtain import CurtainScreen


async def settle(pilot, times: int = 3) -> None:
    """Let the app handle what is queued (`times` pauses)."""
    for _ in range(times):
        await pilot.pause()


async def wait_until(pilot, ready, tries: int = 400) -> None:
    """Let the app run until `ready()` (a bot thinks in a thread); fail after `tries` pauses."""
    for _ in range(tries):
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError("the app did not get there")


async def open_load(pilot, app) -> None:
    """Open the load screen once the app has settled, and let it settle."""
    await settle(pilot)
    app.show_load()
    await settle(pilot)


async def replay_from_load(pilot, app, name: str, game: str, scenario: str, steps: int):
    """From the load screen, which lists the save `name` of `game` first and the scenario
    `scenario` too, the replay of that save stepped on `steps` actions; the replay screen."""
    from wish_tui.ui.load import LoadScreen
    from wish_tui.ui.replay import ReplayScreen

    await open_load(pilot, app)
    screen = app.screen
    assert isinstance(screen, LoadScreen)
    assert screen.infos[0].name == name and screen.infos[0].game == game
    assert scenario in [i.name for i in screen.infos]
    await pilot.press("r")
    await settle(pilot, 5)
    replay = app.screen
    assert isinstance(replay, ReplayScreen)
    await pilot.press(*["right"] * steps)
    await settle(pilot)
    assert replay.index == steps
    return replay


def record_of(game: str, seats, who, seed: int, options: dict, actions=()):
    """A game's record and its states after `actions` (notation, or 'setup' for the first option
    of every pending setup decision)."""
    seat_key = games.get(game).seat_key
    record, state = saves.GameRecord.new(
        [{seat_key: s, "who": w} for s, w in zip(seats, who, strict=True)],
        seed,
        None,
        game,
        options,
        games=GAMES,
    )
    history = [state]
    for text in actions:
        if text == "setup":
            while state.pending:
                record, state = record.play(state, state.legal_actions()[0])
                history.append(state)
            continue
        record, state = record.play(state, text)
        history.append(state)
    return record, history


def app_of(record, history) -> WishApp:
    """The app, opened on a game loaded from `record` and its states."""
    return WishApp(Launch("load"), (record, history, None))


def screen_of(app, kind):
    """The screen of type `kind` on the app's stack."""
    return next(s for s in app.screen_stack if isinstance(s, kind))


async def lift_curtain(app, pilot) -> None:
    """Settle, and pass the hot-seat curtain if one is up."""
    await settle(pilot)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)


async def past_the_setup(app, pilot, group: str) -> None:
    """Answer the setup's decisions with 1 until the turn offers the key group `group`."""
    from wish_tui.ui.screens.table_screen import TableScreen
    from wish_tui.widgets.choice_panel import ChoicePanel

    game = screen_of(app, TableScreen)
    panel = game.query_one(ChoicePanel)
    while panel.is_open or not game.router.group(group):
        await pilot.press("1")
        await lift_curtain(app, pilot)


def notes_of(screen) -> list[str]:
    """Collect the notifications a table screen shows from now on."""
    notes: list[str] = []
    original = screen.toast

    def spy(message, **kwargs):
        notes.append(str(message))
        return original(message, **kwargs)

    screen.toast = spy
    return notes


def refusals_of(screen) -> list[str]:
    """Collect the refusals a table screen says in its status line from now on."""
    return spied(screen, "refuse")


def spied(owner, method: str, keep=lambda text: True) -> list[str]:
    """Collect from now on the text each call of `owner`'s `method` is given, where `keep`
    takes it; the call goes on as before."""
    kept: list[str] = []
    original = getattr(owner, method)

    def spy(text: str) -> None:
        if keep(text):
            kept.append(text)
        original(text)

    setattr(owner, method, spy)
    return kept


def layouts_counted(screen) -> list:
    """A list that gains an item each time `screen` lays itself out (Textual's
    `_refresh_layout`, wrapped on this screen alone)."""
    layouts: list = []
    textuals_layout = screen._refresh_layout

    def counted(*args, **kwargs):
        layouts.append(1)
        return textuals_layout(*args, **kwargs)

    screen._refresh_layout = counted
    return layouts
