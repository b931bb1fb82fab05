"""The detail line: its words whole over its rows, a longer text ended in '…', a mark first."""

from __future__ import annotations

from textual.app import App

from wish_tui.widgets.detail_line import MARK, DetailLine


class _Host(App):
    def compose(self):
        yield DetailLine(2, id="detail")


async def test_the_words_wrap_over_the_rows_and_end_in_an_ellipsis_when_longer():
    app = _Host()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one(DetailLine)
        line.say("Cure Me: a Health Wish")
        await pilot.pause()
        assert line.lines == ["Cure Me: a Health Wish"]
        line.say("word " * 30)
        await pilot.pause()
        assert len(line.lines) == 2
        assert line.lines[-1].endswith("…")
        assert all(len(text) <= 40 - len(MARK) for text in line.lines)


async def test_the_first_row_begins_with_the_mark_and_nothing_said_is_blank():
    app = _Host()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one(DetailLine)
        line.say("Dock: Empower gains Sapphire and Citrine")
        await pilot.pause()
        first = "".join(s.text for s in line.render_line(0))
        assert first.startswith(MARK + "Dock")
        line.say("")
        await pilot.pause()
        assert line.lines == []
        assert "".join(s.text for s in line.render_line(0)).strip() == ""


async def test_texts_tried_while_held_ask_the_width_once_and_fit_as_without(monkeypatch):
    """A detail's words try many texts with `fits`: within `held` the line's width is known
    once, from its size at the last layout (`Widget.size`, a look-up through the screen, is not
    asked), and what fits is what fits without it, at each width."""
    from textual.widget import Widget

    app = _Host()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one(DetailLine)
        await pilot.pause()
        texts = [("word " * n).strip() for n in range(1, 20)]
        asked = []
        textuals = Widget.size
        monkeypatch.setattr(
            DetailLine, "size", property(lambda w: asked.append(1) or textuals.fget(w))
        )
        unheld = [line.fits(text) for text in texts]
        assert len(asked) == len(texts)
        asked.clear()
        with line.held() as width, line.held():
            held = [line.fits(text) for text in texts]
        assert (width, len(asked), held) == (40, 0, unheld)
        assert True in held and False in held
        await pilot.resize_terminal(60, 10)
        await pilot.pause()
        with line.held() as width:
            assert width == 60
            assert [line.fits(text) for text in texts] != held


async def test_words_said_again_are_the_line_drawn_before_at_the_same_style_and_width():
    """The cursor back on a place says its words again: the line drawn for them then is
    handed over, not drawn anew; another style or width draws it anew."""
    app = _Host()
    async with app.run_test(size=(40, 10)) as pilot:
        line = app.query_one(DetailLine)
        line.say("Dock: Empower gains Sapphire and Citrine")
        await pilot.pause()
        drawn = line.render_line(0)
        line.say("Cure Me: a Health Wish")
        await pilot.pause()
        other = line.render_line(0)
        line.say("Dock: Empower gains Sapphire and Citrine")
        await pilot.pause()
        assert line.render_line(0) is drawn
        assert other.text != drawn.text
        line.styles.background = "red"
        await pilot.pause()
        red = line.render_line(0)
        assert red is not drawn and red.text == drawn.text
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert len(line.render_line(0).text) == 30
