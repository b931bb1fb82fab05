"""A text widget draws its lines on its own style, worked out once and again when its classes
or its CSS change (a refusal's warning style on the status line)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip

from wish_tui.widgets.view_text import ViewText


class OneLine(App):
    CSS = "ViewText { background: #000000; } ViewText.-warn { background: #aa0000; }"

    def compose(self) -> ComposeResult:
        yield ViewText(id="line")


async def test_a_new_class_draws_the_lines_on_its_style():
    app = OneLine()
    async with app.run_test(size=(20, 3)) as pilot:
        line = app.query_one(ViewText)
        line.show(Text("hello"))
        await pilot.pause()
        before = line.render_line(0)
        line.set_class(True, "-warn")
        await pilot.pause()
        after = line.render_line(0)
        assert before.text == after.text
        assert [s.style.bgcolor for s in before] != [s.style.bgcolor for s in after]
        assert after._segments[0].style.bgcolor.triplet == (0xAA, 0, 0)


async def test_a_line_shown_again_is_drawn_as_before_without_drawing_it_again(monkeypatch):
    """A seat's line whose turn comes back, a status line said before: the line drawn for it
    then is drawn again, unless the width or the style changed since."""
    app = OneLine()
    async with app.run_test(size=(20, 3)) as pilot:
        line = app.query_one(ViewText)
        drawn: list[str] = []
        draw = ViewText._draw

        def counted(self, text, width):
            drawn.append(text.plain)
            return draw(self, text, width)

        monkeypatch.setattr(ViewText, "_draw", counted)
        first = Text("▶ air  3VP", "bold")
        line.show(first)
        await pilot.pause()
        shown = line.render_line(0)
        line.show(Text("  air  3VP", "bold"))
        await pilot.pause()
        line.render_line(0)
        line.show(first.copy())
        await pilot.pause()
        again = line.render_line(0)
        assert drawn == ["▶ air  3VP", "  air  3VP"]
        assert again == shown
        line.set_class(True, "-warn")  # the widget's style changed: drawn anew
        await pilot.pause()
        warned = line.render_line(0)
        assert drawn[2:] == ["▶ air  3VP"]
        assert warned.text == shown.text
        assert warned._segments[0].style.bgcolor.triplet == (0xAA, 0, 0)


async def test_a_line_is_drawn_as_rich_cuts_it_whether_it_fits_or_not():
    """A line that fits is drawn from the text itself, one wider than the widget from a copy
    cut with an ellipsis (Rich's `truncate`): each as Rich renders the cut copy, wide
    characters, overlapping spans and a style of the whole line among them."""
    from rich.segment import Segment
    from rich.style import Style

    app = OneLine()
    async with app.run_test(size=(20, 3)) as pilot:
        line = app.query_one(ViewText)
        await pilot.pause()
        base = line.rich_style
        for plain in (
            "short",
            "exactly twenty cells",
            "twenty-one cells wide",
            "中文字符" * 4,
            "中文字符 and more",
            "中文字符" * 2,
            "",
        ):
            text = Text(plain, style="italic")
            text.stylize("bold", 1, 6)
            text.stylize("red", 3, 12)
            cut = text.copy()
            cut.truncate(20, overflow="ellipsis")
            segments = [
                Segment(s.text, base + s.style if s.style else base)
                for s in cut.render(app.console)
            ]
            expected = list(Segment.simplify(segments))
            drawn = line._draw(text, 20)
            assert list(drawn)[: len(expected)] == expected, plain
            # Made as wide as the widget as Textual's `crop_extend` makes it.
            extended = Strip(expected).crop_extend(0, 20, base)
            assert list(drawn) == list(extended), plain
            assert drawn.cell_length == 20 and text.plain == plain
            assert all(isinstance(s.style, Style) for s in drawn)
