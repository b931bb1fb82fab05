"""The key bar draws a row once for the keys it shows: the same keys again (a turn's keys come
back) take the row drawn then, unless the bar's style changed since."""

from __future__ import annotations

from textual.app import App

from wish_tui.widgets.key_bar import KeyBar


class BarApp(App):
    CSS = "KeyBar { background: #000000; } KeyBar.-warn { background: #aa0000; }"

    def compose(self):
        yield KeyBar()


async def test_a_row_of_keys_shown_again_is_the_row_drawn_before_until_the_style_changes():
    app = BarApp()
    async with app.run_test(size=(40, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys([("t", "Travel"), ("n", "End turn"), ("u", "Undo")])
        bar.show_states([True, True, None])
        await pilot.pause()
        turn = bar.render_line(0)
        bar.show_states([None, None, None])
        await pilot.pause()
        waiting = bar.render_line(0)
        assert waiting.text == turn.text and waiting != turn  # the same words, greyed
        bar.show_states([True, True, None])
        await pilot.pause()
        assert bar.render_line(0) is turn
        bar.set_class(True, "-warn")
        await pilot.pause()
        warned = bar.render_line(0)
        assert warned.text == turn.text
        assert warned._segments[0].style.bgcolor.triplet == (0xAA, 0, 0)


async def test_a_style_notified_anew_but_the_same_keeps_the_row_drawn():
    """A class set on the screen notifies every widget of a new style: the bar's is the same,
    and the row drawn with it stands (a table screen's class changes nearly every turn)."""
    app = BarApp()
    async with app.run_test(size=(40, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys([("t", "Travel"), ("n", "End turn")])
        bar.show_states([True, None])
        await pilot.pause()
        drawn = bar.render_line(0)
        app.screen.set_class(True, "-other")
        await pilot.pause()
        assert bar.render_line(0) is drawn
        bar.set_class(True, "-warn")
        await pilot.pause()
        assert bar.render_line(0)._segments[0].style.bgcolor.triplet == (0xAA, 0, 0)
        bar.set_class(False, "-warn")
        await pilot.pause()
        assert bar.render_line(0) is drawn


async def test_keys_told_the_same_states_again_are_not_laid_out_or_drawn_again(monkeypatch):
    app = BarApp()
    async with app.run_test(size=(24, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys([("t", "Travel"), ("n", "End turn"), ("u", "Undo"), ("h", "Hint")])
        bar.set_max_rows(2)
        bar.show_states([True, True, None, True], ["t", "n", "u", "h"])
        await pilot.pause()
        assert bar.rows == 2  # wrapped: a bar of two rows is drawn whole when it changes
        asked: list[str] = []
        monkeypatch.setattr(bar, "refresh", lambda *a, **k: asked.append("refresh"))
        monkeypatch.setattr(bar, "_layout", lambda: asked.append("layout"))
        bar.show_states([True, True, None, True], ["t", "n", "u", "h"])
        bar.show_states([True, True, None, True])  # the labels the keys print anyway
        assert asked == []
        bar.show_states([True, None, None, True])
        assert "refresh" in asked


async def test_keys_shown_again_in_states_laid_out_before_take_that_layout(monkeypatch):
    app = BarApp()
    async with app.run_test(size=(30, 3)) as pilot:
        bar = app.query_one(KeyBar)
        bar.set_keys([("t", "Travel"), ("n", "End turn"), ("u", "Undo"), ("h", "Hint")])
        bar.show_states([True, True, None, True])
        await pilot.pause()
        turn = (bar.states, bar.labels_in_sight(), bar._slots, bar._words)
        bar.show_states([None, None, None, True])
        placed: list[int] = []
        place = KeyBar._place
        monkeypatch.setattr(KeyBar, "_place", lambda bar, *a: (placed.append(1), place(bar, *a))[1])
        bar.show_states([True, True, None, True])
        assert placed == []
        assert (bar.states, bar.labels_in_sight(), bar._slots, bar._words) == turn
        bar.set_keys([("t", "Travel"), ("n", "End turn"), ("u", "Undo"), ("h", "Hint")])
        bar.show_states([True, True, None, True])
        assert placed  # new keys: laid out anew
