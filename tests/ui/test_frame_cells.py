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


def test_rows_read_from_their_segments_send_the_bytes_the_diff_before_sent():
    """Frames given as their pieces, read from their segments (wide characters coming and going,
    a text in another style, rows written shorter, pages of a log scrolled, pieces side by side
    or over each other): the bytes the screen diff sent for their text before it was made faster
    (tests/ui/screen_diff_before.py)."""
    from rich.color import ColorSystem
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from . import screen_diff_before

    width, height = 24, 8
    styles = [
        Style(bold=True),
        Style(color="red"),
        Style(),
        Style(reverse=True),
        Style(bgcolor="blue"),
    ]
    words = ["ab", "Round 4", "漢字", "🔒", " · ", "   ", "x", "e\u0301"]
    rng = random.Random(38)

    def line(cells: int) -> list[Segment]:
        """Segments of about `cells` cells (never more), padded with spaces or not."""
        segments, used = [], 0
        while used < cells:
            word = rng.choice(words)
            size = Strip([Segment(word)]).cell_length
            if used + size > cells:
                break
            segments.append(Segment(word, rng.choice(styles)))
            used += size
        if rng.random() < 0.5:  # (a row padded to its end: an erase, or spaces)
            segments.append(Segment(" " * (cells - used), rng.choice(styles[2:])))
        return segments

    def page_frame(page: list[list[Segment]]) -> dict:
        return {y: [(0, (Strip(segments),))] for y, segments in enumerate(page)}

    def runs_frame() -> dict:
        rows: dict = {}
        for y in rng.sample(range(height), rng.randint(1, 4)):
            col, pieces = rng.randrange(8), []
            for _ in range(rng.randint(1, 3)):
                segments = line(rng.randint(1, width - col))
                pieces.append((col, (Strip(segments),)))
                col = min(width - 1, col + Strip(segments).cell_length + rng.randint(-2, 3))
            rows[y] = pieces
        return rows

    console = _console()
    now, before = ScreenDiff(columns=width), screen_diff_before.ScreenDiff(columns=width)
    page = [line(width) for _ in range(height)]
    ways = []
    for step in range(400):
        kind = rng.random()
        if kind < 0.3:  # (the page scrolled a row or two up or down, a new row or two in)
            shift = rng.choice([1, 2, -1])
            new = [line(width) for _ in range(abs(shift))]
            page = page[shift:] + new if shift > 0 else new + page[:shift]
            rows = page_frame(page)
        elif kind < 0.5:  # (the same texts, some in another style; or rows shortened)
            page = [
                [Segment(s.text, rng.choice(styles)) if rng.random() < 0.3 else s for s in row]
                if rng.random() < 0.5
                else row[: rng.randint(0, len(row))]
                for row in page
            ]
            rows = page_frame(page)
        else:
            rows = runs_frame()
        cursor = "\x1b[1;1H" if step % 3 else f"\x1b[{rng.randint(1, height)};{rng.randint(1, 9)}H"
        text = "".join(
            f"\x1b[{y + 1};{col + 1}H" + "".join(strip.render(console) for strip in strips)
            for y, pieces in rows.items()
            for col, strips in pieces
        )
        sent = now.frame_rows(rows, cursor, lambda row: read_row(row, ColorSystem.TRUECOLOR))
        ways.append(sent is not None)
        if sent is None:
            sent = now.frame(text + cursor)
        assert sent == before.frame(text + cursor), step
        assert now.known() == before.shown
    assert ways.count(True) > 300
