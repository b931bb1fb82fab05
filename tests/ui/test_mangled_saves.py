"""Opening any file never crashes the app (issue 19).

A Wish save with bytes deleted (`cases/mangled-wish-2435.json`: two actions ran together, so its
actions do not replay and the saved position opens without its history), opened under Pilot,
crashed the app with `ScreenStackError: No screens on stack`: the terminal-size check runs on an
interval timer, and when the app shut down other than by `exit` (Pilot leaving its test, a crash)
the timer fired after the screens were gone. The check now stands aside while the app shuts down.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App

from wish_tui import saves
from wish_tui.games import GAMES
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp

from .helpers import settle

CASE = Path(__file__).parent / "cases" / "mangled-wish-2435.json"


def _loaded(path: Path):
    return saves.load_with_history(str(path), games=GAMES)


async def test_the_mangled_save_opens_with_its_warning():
    record, history, warning = _loaded(CASE)
    assert "do not replay" in warning and len(history) == 1
    app = WishApp(Launch("load"), (record, history, warning))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert type(app.screen).__name__ == "GameScreen"
    assert app.return_code in (None, 0)  # it did not stop on an error


async def test_a_slow_shutdown_does_not_crash_on_the_size_check(monkeypatch):
    """The crash, made certain: the screens are closed, the size check's interval fires (every
    0.5 s) before the timers stop."""
    close_all = App._close_all

    async def slow_close_all(self):
        await close_all(self)
        await asyncio.sleep(0.7)

    monkeypatch.setattr(App, "_close_all", slow_close_all)
    app = WishApp(Launch("load"), _loaded(CASE))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 2)
    assert app.return_code in (None, 0)


def test_the_size_check_stands_aside_without_screens():
    app = WishApp(Launch())
    assert not app.is_running
    app._check_size()  # not running, no screen: nothing to check, nothing raised


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(cuts=st.lists(st.tuples(st.integers(0, 2500), st.integers(1, 40)), min_size=1, max_size=3))
def test_any_mangled_save_is_refused_in_one_sentence_or_opens(tmp_path, cuts):
    data = bytearray(CASE.read_bytes())
    for start, length in cuts:
        start %= len(data)
        del data[start : start + length]
    path = tmp_path / "mangled.json"
    path.write_bytes(bytes(data))
    try:
        loaded = _loaded(path)
    except saves.SaveError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
        return

    async def open_it() -> WishApp:
        app = WishApp(Launch("load"), loaded)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, 2)
            await pilot.press("escape")
        return app

    app = asyncio.run(open_it())
    assert app.return_code in (None, 0)
