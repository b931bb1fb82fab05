"""The game log turns its page (a redraw for many lines) and opens the new page on a whole line,
never on the tail of a wrapped one."""

from __future__ import annotations

from textual.app import App, ComposeResult

from wish_tui.widgets.game_log import GameLog


class LogApp(App):
    def compose(self) -> ComposeResult:
        yield GameLog()


def shown(log: GameLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.size.height)]


async def test_a_turned_page_opens_on_a_whole_line():
    app = LogApp()
    async with app.run_test(size=(20, 6)) as pilot:
        log = app.query_one(GameLog)
        for n in range(12):  # lines of three rows each at this width: a page holds two
            log.write(f"line {n:02d} " + "word " * 8)
            await pilot.pause()
            rows = shown(log)
            assert rows[0].startswith("line "), rows
        assert any(row.startswith("line 11") for row in shown(log))  # the newest shows


async def test_a_log_rewrapped_to_a_new_width_opens_on_a_whole_line():
    app = LogApp()
    async with app.run_test(size=(30, 5)) as pilot:
        log = app.query_one(GameLog)
        for n in range(8):
            log.write(f"line {n} " + "word " * 6)
        await pilot.pause()
        await pilot.resize_terminal(18, 5)
        await pilot.pause()
        rows = shown(log)
        assert rows[0].startswith("line "), rows
        assert any(row.startswith("line 7") for row in rows)
