"""A game's board drawn alone in a terminal of a given size, as its game screen shows it: each
widget's lines as plain text."""

from __future__ import annotations

from textual.app import App


class BoardApp(App):
    """One board and nothing else."""

    def __init__(self, board: type) -> None:
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board(id="board-root")


async def drawn(board: type, state, size, names, **marks) -> dict[str, list[str]]:
    """The lines of the board's widgets `names` (ids), drawn at `size` for the seat deciding."""
    seat = state.current_player or 0
    app = BoardApp(board)
    async with app.run_test(size=size) as pilot:
        shown = app.query_one(board)
        for _ in range(2):  # the second time with the widths the layout gave
            shown.show(state.view(seat), seat, True, **marks)
            await pilot.pause()
        lines = {}
        for name in names:
            widget = shown.query_one(f"#{name}")
            lines[name] = [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]
        return lines
