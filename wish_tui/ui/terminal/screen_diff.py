"""Fewer bytes to the terminal: send only the cells a frame changes.

Textual repaints a widget's whole lines when anything in it changes (a toast's region, a status
line, a player's row), so most of what a frame writes is often already on the screen. `ScreenDiff`
keeps what it has sent (each cell's character and style) and rewrites a frame of Textual's as the
runs of cells that differ, each after a cursor move; the screen ends up the same cell by cell, with
the cursor where Textual left it (unless that is the top-left corner, where Textual parks a
cursor no widget uses: the cursor stays hidden, and a move there would be six bytes a frame).
A move is said the shortest safe way: the start of the next row as a carriage return and a line
feed, the first column by its row alone, a few columns right after plain ASCII (whose width
every terminal agrees on) by a move right, another column of the same row by the column alone,
a few rows down by line feeds and the column, further down by a move down; else by its row and
column. The rest of a row, when it is known blank in one background, is erased to the line's
end (`ESC[K`) rather than written as spaces.

It reads only what Textual's compositor writes (`frame_cells`): cursor moves (`ESC[row;colH`),
style codes and text, or the same frame before Textual encodes it, as the pieces of strips it
writes on each row (`frame_rows`). A write holding anything else (a mode switch, a
clear, a link, a bare line break) goes out as it is, and everything known of the screen is
forgotten, so the next frame is sent whole; so is the first frame after the terminal changes
size (`forget`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from itertools import compress, count, groupby, repeat
from operator import eq, itemgetter, ne

from . import scroll_search
from .frame_cells import WIDE_RIGHT, Cell, Pieces, Written, read_frame, written_row
from .sgr import ERASE_LINE, Parts, Style, StyleCode, erasable

_HARMLESS = frozenset({"\x1b[?2026h", "\x1b[?2026l", "\x1b[?25h", "\x1b[?25l", "\x07"})
"""Writes that change nothing on the screen (synchronized output, the cursor shown or hidden,
the bell)."""
_POINTER = re.compile(r"\x1b\]22;[a-z-]*\x07")
"""The mouse pointer's shape (kitty's protocol, as Textual sets it): nothing on the screen."""
GAP = 4
"""The most unchanged cells between two changed runs of a line sent again rather than moved
over (a move right costs three or four bytes), when they cost no more than that: one byte each
(plain letters) and the style of the cell before them."""
SEPARATOR = "·"
"""What stands between two phrases of a line ('Potions 0 · Trickery 0'), as two spaces do."""
PARK = "\x1b[1;1H"
"""Where Textual puts the (hidden) cursor when no widget wants it: a move there is not sent."""
_MOVE = re.compile(r"\x1b\[\d+;\d+H")
"""A cursor move, as Textual's compositor writes one."""
_CHARACTER_OF = itemgetter(0)
_STYLE_OF = itemgetter(1)


class ScreenDiff:
    """What the terminal shows, and each frame rewritten as the cells that change it.

    A row is a list of cells by column (None: not known), every row of `shown` as long as the
    widest row written and the terminal's width, and a few more (so that a column just past
    either end, -1 among them, reads as not known). A row a frame writes as it is shown costs
    one comparison of lists."""

    def __init__(self, columns: int | None = None, rows: int | None = None) -> None:
        self.columns = columns
        """The terminal's width, when known: rows a frame moves up or down whole are then
        scrolled."""
        self.rows = rows
        """The terminal's height, when known: what a frame draws below it is not sent (Textual
        may draw a frame a row taller than the screen, for one frame, as a scroll bar comes; a
        move there would stop on the last row, but a line feed there scrolls the whole screen,
        and every later frame would land a row too high)."""
        self.shown: dict[int, list[Cell | None]] = {}
        """Each known cell on the screen by row and column (0-based); None: not known."""
        self.cursor: str | None = None
        """The last cursor move sent (where the cursor is), when known."""
        self._length = 0
        """How long each row of `shown` is."""
        self._wide: set[int] = set()
        """The rows of `shown` that may hold a wide character's right half (no other does)."""
        self._probes: dict[int, int] = {}
        """Each row of `shown` whose fingerprint the scroll search took, and that fingerprint
        (`scroll_search.shift`), until the row changes: most rows of the screen stay as they are."""
        self._probes_width = 0
        """The width the fingerprints in `_probes` were taken at."""
        self._at: tuple[int, int | None] | None = None
        """Where what was sent leaves the terminal's cursor: row and column (None: the column is
        not sure), or None when not known. (A frame's last padding may be left unpassed by the
        style compaction, so a frame leaves the column unsure, unless it ends with a move.)"""

    def forget(self) -> None:
        """Nothing on the screen is known any more (the next frame goes whole)."""
        self.shown.clear()
        self._wide.clear()
        self._probes.clear()
        self._length = 0
        self.cursor = None
        self._at = None

    def known(self) -> dict[int, dict[int, Cell]]:
        """The cells known on the screen, by row and column."""
        return {
            row: {col: cell for col, cell in enumerate(cells) if cell is not None}
            for row, cells in self.shown.items()
        }

    def frame(self, data: str) -> str:
        """What to send instead of `data` for the screen to show what `data` would make it."""
        if data in _HARMLESS or not data or _POINTER.fullmatch(data):
            return data
        parsed = read_frame(data)
        if parsed is None:
            self.forget()
            return data
        cells, cursor = parsed
        return self._frame(
            {row: written_row(by_column) for row, by_column in cells.items()}, cursor
        )

    def frame_rows(
        self, rows: dict[int, Pieces], cursor: str, read: Callable[[Pieces], Written | None]
    ) -> str | None:
        """What to send for the screen to show a frame given as the pieces it writes on each
        row (before Textual encodes them), then the cursor's move `cursor`; `read` reads a row's
        pieces into cells (None when it cannot). None when a row cannot be read or the cursor's
        move is not one: the frame is to go as its text (`frame`)."""
        if not _MOVE.fullmatch(cursor):
            return None
        written: dict[int, Written] = {}
        for row, pieces in rows.items():
            cells = read(pieces)
            if cells is None:
                return None
            if cells[1]:
                written[row] = cells
        return self._frame(written, cursor)

    def _frame(self, written: dict[int, Written], cursor: str | None) -> str:
        """What to send for the screen to show the cells `written` and the cursor at `cursor`."""
        if self.rows:
            for row in [row for row in written if row >= self.rows]:
                del written[row]
        widest = max([first + len(cells) for first, cells, _, _ in written.values()], default=0)
        self._lengthen(max(widest, self.columns or 0) + _BEYOND)
        out: list[str] = []
        if self.columns and len(written) > 1:
            self._scroll(out, written)
        for row in sorted(written):
            self._send_row(out, row, *written[row])
        if out:
            out.append(_code(()))
        if cursor == PARK:
            cursor = None
        if cursor is not None and (out or cursor != self.cursor):
            out.append(cursor)
            self.cursor = cursor
            row, col = cursor[2:-1].split(";")
            self._at = (min(int(row), self.rows or int(row)) - 1, int(col) - 1)
        elif out:
            self.cursor = None
            self._at = (self._at[0], None) if self._at is not None else None
        sent = Parts("".join(out))
        sent.parts = out  # (for the style compaction, which then reads no code back)
        return sent

    def _lengthen(self, length: int) -> None:
        """Make every row `length` long, at least."""
        if length > self._length:
            more = [None] * (length - self._length)
            for cells in self.shown.values():
                cells += more
            self._length = length

    def _whole_row(self, written: Written) -> list[Cell | None]:
        """The cells `written` as a row of `shown`."""
        first, cells, _, _ = written
        return [None] * first + cells + [None] * (self._length - first - len(cells))

    def _scroll(self, out: list[str], written: dict[int, Written]) -> None:
        """Rows the frame moves up or down whole (a log turning its page, or growing back
        once a panel below it closes) are moved by the terminal, in a scrolling region of their
        own, instead of being sent again."""
        width = self.columns or 0
        shown = self.shown
        get = shown.get
        # (A scroll moves two whole rows or more, changed by the frame: most frames change
        # fewer, and each is one comparison of lists.)
        full = {row for row, cells in written.items() if scroll_search.whole(cells, width)}
        if len(full) < 2:
            return
        changed = [row for row in full if not scroll_search.same(get(row), written[row])]
        if len(changed) < 2:
            return
        wanted = {row: (self._whole_row(written[row]), len(written[row][1])) for row in changed}
        if self._probes_width != width:
            self._probes.clear()
            self._probes_width = width
        shift = scroll_search.shift(shown, wanted, width, self._probes)
        if shift is None:
            return
        moved = [r for r in sorted(full) if scroll_search.same(get(r + shift), written[r])]
        # The longest run of rows that move together; every row of its region is rewritten by
        # the frame (the rows the scroll brings in come blank).
        best = scroll_search.longest_run(moved)
        if best is None:
            return  # no row of the frame is a shown row moved by that shift: nothing to scroll
        top, bottom = best
        first, last = (top, bottom + shift) if shift > 0 else (top + shift, bottom)
        if bottom - top < 1 or not all(r in full for r in range(first, last + 1)):
            return
        self._move_rows(out, first, last, shift)

    def _move_rows(self, out: list[str], first: int, last: int, shift: int) -> None:
        """Move rows `first` to `last` `shift` rows up (down when below 0) in a scrolling
        region of their own, on the screen and in `shown`."""
        shown, width = self.shown, self.columns or 0
        if shift > 0:  # line feeds at the region's foot move its rows up
            out.append(f"\x1b[{first + 1};{last + 1}r\x1b[{last + 1}H" + "\n" * shift)
            order = range(first, last + 1)
        else:  # reverse line feeds at its head move them down
            out.append(f"\x1b[{first + 1};{last + 1}r\x1b[{first + 1}H" + "\x1bM" * -shift)
            order = range(last, first - 1, -1)
        out.append("\x1b[r")  # (which puts the cursor in the corner)
        self._at = None
        blank = [_BLANK] * width + [None] * (self._length - width)
        wide = set(self._wide)
        for row in order:
            self._probes.pop(row, None)
            source = shown.get(row + shift) if first <= row + shift <= last else None
            shown[row] = list(source if source is not None else blank)
            if source is not None and row + shift in wide:
                self._wide.add(row)
        self.cursor = None

    def _send_row(
        self,
        out: list[str],
        row: int,
        first: int,
        written: list[Cell | None],
        gapless: bool,
        narrow: bool,
    ) -> None:
        shown = self.shown.get(row)
        if shown is None:
            shown = self.shown[row] = [None] * self._length
        end = first + len(written)
        before = shown[first:end]
        if before == written:
            return  # most rows a frame rewrites are as shown already
        self._probes.pop(row, None)
        changed = list(compress(range(first, end), map(ne, written, before)))
        if not gapless:  # (a column the frame does not write has not changed)
            changed = [col for col in changed if written[col - first] is not None]
            if not changed:
                return
        cells = [None] * first + written + [None] * (self._length - end)
        # (Plain: the frame writes every cell from `first` to `end`, none a right half.)
        plain = (first, end) if gapless and (narrow or WIDE_RIGHT not in written) else None
        self._halves(row, cells, shown, plain)
        runs = _whole_phrases(_runs(changed, cells, shown), cells, shown)
        last = runs[-1]
        blank = self._blank_end(cells, shown, last[0], last[1], plain) if self.columns else None
        if blank is not None:
            last[1] = blank - 1
        style: Style | None = None
        for start, stop in runs:
            while start > 0 and (cells[start] or shown[start]) == WIDE_RIGHT:
                start -= 1
            out.append(self._move(row, start))
            style = self._write(out, row, start, stop + 1, cells, shown, style, plain)
        if blank is not None:
            cell_style = (cells[blank] or shown[blank])[1]
            if cell_style != style:
                out.append(_code(cell_style))
            out.append(ERASE_LINE)
        _put_written(shown, first, written, gapless)

    def _halves(self, row: int, cells: list, shown: list, plain: tuple | None) -> None:
        """Forget what the terminal blanks of the wide characters shown on `row` that the
        frame's `cells` write half over (`plain`: the frame writes no right half)."""
        if row in self._wide:
            if WIDE_RIGHT in shown:
                halves = list(compress(count(), map(eq, shown, repeat(WIDE_RIGHT))))
                _forget_halves(cells, shown, halves)
            else:
                self._wide.discard(row)
        if plain is None:
            self._wide.add(row)

    def _write(
        self,
        out: list[str],
        row: int,
        start: int,
        stop: int,
        cells: list[Cell | None],
        shown: list[Cell | None],
        style: Style | None,
        plain: tuple[int, int] | None,
    ) -> Style | None:
        """Write the cells of columns `start` to `stop` (the cursor at the first), from the
        style `style`; return the style they leave. (`plain`: columns of `cells` all written,
        none a wide character's right half.)"""
        run = cells[start:stop]
        shown_cells = run
        if not _within(plain, start, stop):
            if None in run:  # (cells the frame does not write: those shown)
                run = [
                    new or old or WIDE_RIGHT
                    for new, old in zip(run, shown[start:stop], strict=True)
                ]
            shown_cells = run
            if WIDE_RIGHT in run:  # (a wide character's right half: nothing to write)
                shown_cells = [cell for cell in run if cell[0]]
        texts = []
        for cell_style, group in groupby(shown_cells, _STYLE_OF):
            if cell_style != style:
                out.append(_code(cell_style))
                style = cell_style
            texts.append("".join(map(_CHARACTER_OF, group)))
            out.append(texts[-1])
        text = "".join(texts)
        plain = len(shown_cells) == len(run) and text.isascii() and text.isprintable()
        self._at = (row, stop if plain else None)
        return style

    def _blank_end(
        self,
        cells: list[Cell | None],
        shown: list[Cell | None],
        start: int,
        end: int,
        plain: tuple[int, int] | None,
    ) -> int | None:
        """Where the row's blank end begins when the run `start`..`end` can stop there and
        erase the rest of the line: the cells from there to the row's end are known spaces with
        one background, showing nothing else (no underline, no reverse), and the run sends more
        than an erase's bytes of them. None when not."""
        latest = end - len(ERASE_LINE)  # the last column the blank end may begin at
        if latest < start:
            return None
        width = self.columns or 0
        written = cells[start:width]
        if written and (_within(plain, start, width) or None not in written):
            # (the frame writes the row from the run to its end)
            blank = written[-1]
            background = _blank_background(blank)
            if background is _UNERASABLE:
                return None
            # (the cells from the end alike: the index of the first from the end that is not)
            alike = next(compress(count(), map(ne, reversed(written), repeat(blank))), len(written))
            first = width - alike
            while first > start and _blank_background(written[first - 1 - start]) == background:
                first -= 1  # (blanks in another style of the same background)
        else:
            background = _blank_background(cells[latest] or shown[latest])
            if background is _UNERASABLE:
                return None
            for col in range(latest + 1, width):
                if _blank_background(cells[col] or shown[col]) != background:
                    return None
            first = latest
            while (
                first > start
                and _blank_background(cells[first - 1] or shown[first - 1]) == background
            ):
                first -= 1
        if shown[first] == WIDE_RIGHT:
            first += 1  # (half a wide character erased: terminals differ on its other half)
        return first if first <= latest else None

    def _move(self, row: int, col: int) -> str:
        """The shortest safe cursor move from where the frame left it to `row`, `col`."""
        place = f"\x1b[{row + 1}H" if col == 0 else f"\x1b[{row + 1};{col + 1}H"
        if self._at is None:
            return place
        at_row, at_col = self._at
        absolute = "\r" if col == 0 else f"\x1b[{col + 1}G"
        kept = absolute  # the column, from a move that keeps it
        if at_col is not None and col >= at_col:
            step = col - at_col
            right = "" if step == 0 else "\x1b[C" if step == 1 else f"\x1b[{step}C"
            kept = min(absolute, right, key=len)
        if at_row == row:
            return kept
        if at_row > row:
            return min(place, f"\x1b[{at_row - row}A" + kept, key=len)
        down = row - at_row
        # Line feeds move down (the screen's foot is never passed by them); where a terminal
        # adds a carriage return to each, the column is said absolutely after them.
        feeds = "\r" + "\n" * down if col == 0 else "\n" * down + absolute
        return min(place, f"\x1b[{down}B" + kept, feeds, key=len)


_BEYOND = 3
"""The cells past the widest row that every row of `ScreenDiff.shown` has (None): a run's
phrase is looked for up to two columns past its end, and column -1 or -2 is the last."""
_BLANK = (" ", ())


def _within(plain: tuple[int, int] | None, start: int, stop: int) -> bool:
    """True when the columns `start` to `stop` are within the columns `plain`."""
    return plain is not None and plain[0] <= start and stop <= plain[1]


def _put_written(
    shown: list[Cell | None], first: int, written: list[Cell | None], gapless: bool
) -> None:
    """Put the cells `written` from column `first` in the row `shown` (but where None)."""
    if gapless:
        shown[first : first + len(written)] = written
    else:
        for col, cell in enumerate(written, first):
            if cell is not None:
                shown[col] = cell


def _forget_halves(cells: list[Cell | None], shown: list[Cell | None], halves: list[int]) -> None:
    """Half a wide character shown overwritten by `cells`: the terminal blanks its other half,
    which is not known any more. (`halves`: the columns of the right halves shown.)"""
    for col in halves:
        if cells[col] is not None:  # the right half overwritten, and not its left
            if cells[col] != WIDE_RIGHT and cells[col - 1] is None and col > 0:
                shown[col - 1] = None
        elif cells[col - 1] is not None and shown[col - 1] not in (None, WIDE_RIGHT):
            shown[col] = None  # the left half overwritten, and not its right


def _runs(
    changed: list[int], cells: list[Cell | None], shown: list[Cell | None]
) -> list[list[int]]:
    """The changed columns as runs of columns to send: two runs a few known cells apart are
    one (the cells between sent again rather than moved over)."""
    # (Changed columns come mostly side by side: only the gaps between them are looked at.)
    runs = [[changed[0], changed[-1]]]
    if changed[-1] - changed[0] == len(changed) - 1:
        return runs  # (no gap)
    last = runs[0]
    last[1] = changed[0]
    previous = changed[0]
    for col in changed:
        if col - previous > 1 and not (
            col - previous <= GAP + 1 and _cheap_gap(previous, col, cells, shown)
        ):
            last = [col, col]
            runs.append(last)
        last[1] = previous = col
    return runs


def _whole_phrases(
    runs: list[list[int]], cells: list[Cell | None], shown: list[Cell | None]
) -> list[list[int]]:
    """Each run widened to the whole phrase it is part of ('Round 4', not '4'), as far as the
    frame rewrote it: a phrase ends at two spaces, a '·', a line of a box or a change of style,
    in the frame or on the screen before it (the keys of a key bar all greyed now, some of them
    grey already, are not one phrase). What reads the stream as text (a person's screen
    reader, a test waiting for words) finds every changed phrase whole."""
    widened: list[list[int]] = []
    for start, end in runs:
        while _joined(cells, start - 1, -1) and _looked_alike(shown, start - 1, -1):
            start -= 1
        while _joined(cells, end + 1, 1) and _looked_alike(shown, end + 1, 1):
            end += 1
        if widened and start <= widened[-1][1] + 1:
            widened[-1][1] = max(end, widened[-1][1])
        else:
            widened.append([start, end])
    return widened


def _joined(cells: list[Cell | None], col: int, step: int) -> bool:
    """True when the frame's cell at `col` belongs to the phrase beside it (from `col - step`):
    a phrase is in one style (the keys of a key bar, one usable and one greyed, are two)."""
    cell = cells[col]
    if cell is None or cell == WIDE_RIGHT and cells[col - step] is None:
        return False
    inner = cells[col - step]
    if inner is not None and WIDE_RIGHT not in (cell, inner) and inner[1] != cell[1]:
        return False
    ch = cell[0]
    if ch == " ":
        beyond = cells[col + step]
        return beyond is not None and beyond[0] not in (" ", "", SEPARATOR) or beyond == WIDE_RIGHT
    return ch != SEPARATOR and not ("\u2500" <= ch[:1] <= "\u257f")


def _looked_alike(shown: list[Cell | None], col: int, step: int) -> bool:
    """False when the screen showed the cell at `col` in another style than the one beside it
    (at `col - step`)."""
    cell, inner = shown[col], shown[col - step]
    if cell is None or inner is None or WIDE_RIGHT in (cell, inner):
        return True
    return cell[1] == inner[1]


def _cheap_gap(after: int, before: int, cells: list[Cell | None], shown: list[Cell | None]) -> bool:
    """True when the cells between `after` and `before` cost no more sent again than a move
    over them: all known, in the style of the cell at `after`, a byte each at most as many as
    the move's."""
    style = (cells[after] or shown[after] or WIDE_RIGHT)[1]
    room = 3 if before - after == 2 else 4
    for col in range(after + 1, before):
        cell = cells[col] or shown[col]
        if cell is None or cell[1] != style:
            return False
        room -= len(cell[0].encode())
    return room >= 0


_UNERASABLE = object()
"""The background of a style whose spaces do not look erased (see `_erased_background`)."""


@functools.lru_cache(maxsize=1024)
def _erased_background(style: Style) -> object:
    """The background a space in `style` shows when it looks like an erased cell in it;
    `_UNERASABLE` when it does not (an underline, a reverse or a strike through shows)."""
    return dict(style).get("bg") if erasable(style) else _UNERASABLE


def _blank_background(cell: Cell | None) -> object:
    """The background of `cell` when it is a space that looks like an erased cell (see
    `_erased_background`); `_UNERASABLE` when it is not, or not known."""
    if cell is None or cell[0] != " ":
        return _UNERASABLE
    return _erased_background(cell[1])


@functools.lru_cache(maxsize=1024)
def _code(style: Style) -> StyleCode:
    """The style code that sets the terminal to `style` whatever it was."""
    code = StyleCode(
        "\x1b[0;" + ";".join(value for _, value in style) + "m" if style else "\x1b[0m"
    )
    code.style = style
    return code
