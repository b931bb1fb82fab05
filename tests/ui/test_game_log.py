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


def newest_shown(log: GameLog, covered: set[int]) -> bool:
    """True when the newest line's rows are all drawn on rows nothing lies over."""
    top = log.region.y
    rows = [(top + y, text) for y, text in enumerate(shown(log))]
    newest = [i for i, start in enumerate(log.line_starts) if start][-1]
    wanted = [strip.text.rstrip() for strip in log.lines[newest:]]
    free = [text for y, text in rows if y not in covered]
    return any(free[k : k + len(wanted)] == wanted for k in range(len(free)))


async def test_the_newest_line_keeps_out_from_under_what_lies_over_the_log():
    """Issue 34: a lesson's panel over the log's last rows hid the moves written there."""
    app = LogApp()
    async with app.run_test(size=(30, 10)) as pilot:
        log = app.query_one(GameLog)
        covered = set(range(6, 9))  # a panel over rows 6-8, row 9 kept free above the status
        log.cover(covered)
        for n in range(20):
            log.write(f"move {n}" + (" with a tail of words" if n % 3 == 0 else ""))
            await pilot.pause()
            assert newest_shown(log, covered), (n, shown(log))
        covered = set(range(0, 9))  # a taller panel: only the last row is free
        log.cover(covered)
        await pilot.pause()
        assert newest_shown(log, covered), shown(log)
        log.write("move 20")
        await pilot.pause()
        assert newest_shown(log, covered), shown(log)
        log.cover(())
        await pilot.pause()
        assert newest_shown(log, set()) and shown(log)[0].startswith("move "), shown(log)


async def test_page_down_comes_back_to_the_newest_line_under_a_panel():
    app = LogApp()
    async with app.run_test(size=(30, 10)) as pilot:
        log = app.query_one(GameLog)
        covered = set(range(4, 9))
        log.cover(covered)
        for n in range(30):
            log.write(f"move {n}")
        await pilot.pause()
        assert newest_shown(log, covered)
        log.scroll_page(-1)
        log.scroll_page(-1)
        await pilot.pause()
        assert not newest_shown(log, covered)
        log.scroll_page(1)
        log.scroll_page(1)
        log.scroll_page(1)
        await pilot.pause()
        assert newest_shown(log, covered), shown(log)


async def test_a_window_that_goes_leaves_the_log_full_to_its_newest_line():
    """A question over most of the log lays its page out above it; once answered, the log
    fills its rows again with the lines before the newest (not a few lines over blank rows)."""
    app = LogApp()
    async with app.run_test(size=(30, 10)) as pilot:
        log = app.query_one(GameLog)
        for n in range(30):
            log.write(f"move {n}")
        await pilot.pause()
        log.cover(range(3, 10))  # a window over all but the top three rows
        await pilot.pause()
        assert shown(log)[:3] == ["move 27", "move 28", "move 29"], shown(log)
        log.cover(())
        await pilot.pause()
        assert shown(log) == [f"move {n}" for n in range(20, 30)], shown(log)


async def test_a_line_is_drawn_as_rich_wraps_it_whatever_it_holds():
    """A line that fits is drawn as it is; others (tabs, control codes, wide characters, a line
    just too long) as Rich wraps them."""
    from rich.console import Console
    from rich.text import Text

    app = LogApp()
    async with app.run_test(size=(30, 12)):
        log = app.query_one(GameLog)
        width = log.size.width
        rich = Console(width=200, color_system=None)
        for plain in (
            "",
            "a",
            "x" * width,
            "x" * (width + 1),
            "💬 bob: " + "薄" * 12,
            "💬 bob: " + "薄" * 11 + "x",
            "ends with spaces   ",
            "   starts with spaces",
            "a\ttab",
            "a bell\x07 and a return\r",
            "two\nlines",
            "word " * 9,
        ):
            expected = Text(plain).wrap(rich, width)
            drawn = log._wrap(plain)
            assert [strip.text for strip in drawn] == [line.plain for line in expected] or (
                not expected and [strip.text for strip in drawn] == [""]
            ), plain


async def test_lines_written_together_show_as_written_one_by_one():
    """`write_lines` lays the page out as `write` of each line in turn (page turns, a line of
    several rows, something over the log), and asks one refresh for them all."""
    app, other = LogApp(), LogApp()
    async with app.run_test(size=(20, 8)) as pilot, other.run_test(size=(20, 8)) as pilot2:
        together, alone = app.query_one(GameLog), other.query_one(GameLog)
        for log in (together, alone):
            log.cover({6})
        refreshes = []
        together.refresh = lambda *regions, **kw: refreshes.append(regions)
        for batch in range(9):
            lines = [f"{batch}.{n} " + "word " * (n * 2) for n in range(batch % 4 + 1)]
            refreshes.clear()
            together.write_lines(lines)
            for line in lines:
                alone.write(line)
            await pilot.pause()
            await pilot2.pause()
            assert len(refreshes) == 1
            assert together.lines == alone.lines and together.top == alone.top
            assert shown(together) == shown(alone), batch
