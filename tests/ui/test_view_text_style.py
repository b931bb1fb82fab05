"""A text widget draws its lines on its own style, worked out once and again when its classes
or its CSS change (a refusal's warning style on the status line)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

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
