"""A frame handed to the screen diff as the compositor's pieces (`ui.terminal.frame_cells`,
`ScreenDiff.frame_rows`) sends the bytes the same frame sends as Textual's text, frame after
frame, whatever the frame holds: styles, wide characters, combining marks, a link (which the
pieces cannot say: that frame goes as its text)."""

from __future__ import annotations

import random

from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.widgets import Static

from wish_tui.ui.terminal import textual_adapter
from wish_tui.ui.terminal.frame_cells import read_row
from wish_tui.ui.terminal.screen_diff import ScreenDiff
from wish_tui.ui.terminal.sgr import Compactor

WIDTH, HEIGHT = 60, 20
TEXTS = (
    "[b]Round[/b] 4 · Potions 0 · Trickery 0",
    "🔒 locked [reverse]keys[/reverse] [dim]greyed[/dim]",
    "cafe\u0301 漢字 [u]under[/u]   [on red]red[/on red]",
    "plain text " * 6,
    "[@click=app.bell]a link[/] and [link='https://example.org']a page[/link]",
    "",
)


class Screened(App):
    CSS = """
    Screen { layers: base overlay; }
    #top { height: 6; } #left { width: 20; border: solid red; } #right { width: 1fr; }
    #log { height: 1fr; }
    #panel { layer: overlay; position: absolute; offset: 4 8; width: 30; height: 4;
             background: blue; }
    """

    def compose(self):
        with Vertical():
            with Horizontal(id="top"):
                yield Static(TEXTS[0], id="left")
                yield Static(TEXTS[1], id="right")
            yield Static(_log(random.Random(1)), id="log")
        yield Static(TEXTS[2], id="panel")


def _sent(diff: ScreenDiff, compact: Compactor, frame, ways: list | None = None) -> str:
    """What the driver sends for `frame`: from its pieces when `ways` (each way taken is added
    to it: "pieces", or "text" where the pieces cannot say the frame), else from its text."""
    if ways is not None:
        colours = frame.colour_system
        sent = diff.frame_rows(frame.rows(), frame.cursor, lambda row: read_row(row, colours))
        ways.append("text" if sent is None else "pieces")
        if sent is not None:
            return compact(sent)
    return compact(diff.frame(frame.text()))


async def test_a_frame_sent_from_its_pieces_sends_the_bytes_of_its_text():
    app = Screened()
    async with app.run_test(size=(WIDTH, HEIGHT)):
        textual_adapter.hand_pieces_to(app.console)
        compositor = app.screen._compositor
        rng = random.Random(38)
        by_text = (ScreenDiff(WIDTH, HEIGHT), Compactor())
        by_pieces = (ScreenDiff(WIDTH, HEIGHT), Compactor())
        kinds, ways, sent = set(), [], 0
        for step in range(150):
            widget = app.query_one(f"#{rng.choice(['left', 'right', 'log', 'panel'])}")
            widget.update(rng.choice(TEXTS) if widget.id != "log" else _log(rng))
            widget.refresh()
            app.screen._refresh_layout(size=app.size)
            if step % 25 == 0:
                update = compositor.render_update(full=True)
            else:
                compositor._dirty_regions.update(_changes(rng))
                update = compositor.render_update()
            if update is None:
                continue
            frame = update.render_segments(app.console) + f"\x1b[{rng.randint(1, 3)};1H"
            assert isinstance(frame, textual_adapter.PiecesFrame)
            kinds.add(type(update).__name__)
            text = _sent(*by_text, frame)
            assert _sent(*by_pieces, frame, ways) == text
            assert by_pieces[0].known() == by_text[0].known()
            sent += bool(text)
        assert kinds == {"ChopsUpdate", "LayoutUpdate"}
        assert ways.count("pieces") > 100 and "text" in ways and sent > 100


def _changes(rng: random.Random) -> list[Region]:
    """A frame's changes: a few runs of rows, or whole rows (which the diff may scroll)."""
    if rng.random() < 0.3:
        top = rng.randrange(HEIGHT - 4)
        return [Region(0, top, WIDTH, rng.randint(3, HEIGHT - top))]
    return [
        Region(rng.randrange(WIDTH), rng.randrange(HEIGHT), rng.randint(1, 40), 3).intersection(
            Region(0, 0, WIDTH, HEIGHT)
        )
        for _ in range(rng.randint(1, 3))
    ]


def _log(rng: random.Random) -> str:
    """The log's lines turned a few rows up or down (a scroll for the diff), every third one
    blank (so that rows a scroll moves may show what they showed)."""
    start = rng.choice([0, 3, 6, 1])
    return "\n".join(f"line {i} " * 5 if i % 3 else "" for i in range(start, start + 12))


def test_a_row_written_as_before_is_sent_again_once_a_scroll_moved_it():
    """Rows moved up by a scroll: the row the scroll brings in comes blank, so a row there that
    the frame writes as it wrote it before is sent again (it is no longer what it showed), from
    its pieces as from its text."""
    from rich.color import ColorSystem
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    width, height = 8, 6
    shade = Style(bold=True)

    def frame(lines: list[str]) -> tuple[dict, str]:
        rows = {
            y: [(0, (Strip([Segment(line.ljust(width), shade)]),))] for y, line in enumerate(lines)
        }
        return rows, "\x1b[1;1H"

    def text(rows: dict, cursor: str) -> str:
        return (
            "".join(
                f"\x1b[{y + 1};1H" + "".join(strip.render(_console()) for strip in pieces[0][1])
                for y, pieces in rows.items()
            )
            + cursor
        )

    by_pieces, by_text = ScreenDiff(width, height), ScreenDiff(width, height)
    for lines in (["aa", "bb", "cc", "dd", "", ""], ["bb", "cc", "dd", "", "", ""]):
        rows, cursor = frame(lines)
        sent = by_pieces.frame_rows(rows, cursor, lambda row: read_row(row, ColorSystem.TRUECOLOR))
        assert sent == by_text.frame(text(rows, cursor))
        assert by_pieces.known() == by_text.known()
    assert "\x1b[1;6r" in sent  # (the scroll)


def _console():
    from rich.console import Console

    return Console(color_system="truecolor")


def test_a_rows_pieces_are_read_as_the_text_they_encode_to_is_read():
    """Pieces side by side or written over each other, with wide characters and combining
    marks, in several styles: `read_row` gives the cells `read_frame` reads from their text."""
    from rich.color import ColorSystem
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from wish_tui.ui.terminal.frame_cells import WIDE_RIGHT, read_frame

    styles = [Style(bold=True), Style(color="red"), Style(), Style(reverse=True)]
    characters = [*"ab x", "漢", "🔒", "e\u0301"]
    rng = random.Random(5)
    narrows = 0
    for _ in range(3000):
        pieces = []
        for _ in range(rng.randint(1, 4)):
            strips = tuple(
                Strip(
                    [
                        Segment(
                            "".join(rng.choices(characters, k=rng.randint(0, 4))),
                            rng.choice(styles),
                        )
                        for _ in range(rng.randint(1, 3))
                    ]
                )
                for _ in range(rng.randint(1, 2))
            )
            pieces.append((rng.randint(0, 12), strips))
        first, cells, gapless, narrow = read_row(pieces, ColorSystem.TRUECOLOR)
        text = "".join(
            f"\x1b[1;{col + 1}H" + "".join(strip.render(_console()) for strip in strips)
            for col, strips in pieces
        )
        read = {col: cell for col, cell in enumerate(cells, first) if cell is not None}
        assert read == read_frame(text)[0].get(0, {})
        assert gapless == (len(read) == len(cells))
        assert not narrow or WIDE_RIGHT not in cells  # (narrow: no right half among them)
        narrows += narrow and any(cell is not None for cell in cells)
    assert narrows > 50  # (rows known to hold no wide character: not only empty ones)
