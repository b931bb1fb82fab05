"""What a frame of Textual's writes, cell by cell: read from the text Textual encodes it to
(cursor moves, style codes, text), or from the segments of its compositor's strips before that.

Both give a row's cells as a terminal would show them once the frame is written (a wide
character's right half as `WIDE_RIGHT`, half a wide character overwritten blanking its other
half), for `screen_diff.ScreenDiff` to compare with what it has sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import chain, repeat

from rich.cells import get_character_cell_size
from textual.strip import Strip

from .sgr import Style, _after

_BREAK = re.compile(r"\x1b\[(\d+);(\d+)H|\n")
"""A cursor move or a line break: what a frame is read between."""
_STYLE = re.compile(r"\x1b\[([0-9;:]*)m|[\x1b\r]")
"""A style code, or what a frame read here may not hold between moves."""
_UNPLAIN = re.compile(r"[\x1b\r\n]")
"""What a text read as cells of its style alone may not hold (an escape, a carriage return, a line
break)."""
WIDE_RIGHT = ("", ())
"""The right half of a wide character (its left cell holds the character)."""

Cell = tuple[str, Style]


def read_frame(data: str) -> tuple[dict[int, dict[int, Cell]], str | None] | None:
    """The cells a frame of Textual's writes, by row and column, and its last cursor move; None
    when it holds anything else than cursor moves, style codes, text and line breaks between
    moves.

    The frame is read a piece at a time, a piece being what stands between two moves or line
    breaks (a widget's line, mostly): a piece is read into cells once (`_piece`), and the same
    piece in the same style, in this frame or a later one, takes the cells read then."""
    written: dict[int, dict[int, Cell]] = {}
    style: Style = ()
    row = col = -1
    cursor: str | None = None
    position = 0
    for match in _BREAK.finditer(data):
        start = match.start()
        if start > position:
            piece = _piece(data[position:start], style)
            if piece is None:
                return None
            style, cells, parts = piece
            if cells or parts:
                if row < 0:
                    return None
                col = _put_piece(written.setdefault(row, {}), col, cells, parts)
                cursor = None
        if match.group(1) is not None:
            row, col = int(match.group(1)) - 1, int(match.group(2)) - 1
            cursor = match.group(0)
        else:
            row = col = -1  # where a line break leaves the cursor depends on the terminal
        position = match.end()
    if position < len(data):
        piece = _piece(data[position:], style)
        if piece is None:
            return None
        _, cells, parts = piece
        if cells or parts:
            if row < 0:
                return None
            _put_piece(written.setdefault(row, {}), col, cells, parts)
            cursor = None
    return written, cursor


Piece = tuple[Style, tuple[Cell, ...], tuple[tuple[str, Style], ...]]
"""What a piece of a frame (between two moves) leaves: the style in force after it, and its
cells when each of its characters takes one cell, else its texts with their styles."""
_PIECES: dict[tuple[str, Style], Piece | None] = {}
PIECES_KEPT = 1024
"""The most pieces whose cells are kept (all forgotten at once past it), shared by the apps of
a process: a table's screen writes about two hundred different ones in a game's first rounds
(some 12,000 cells; the cells kept are those the screens show, not copies)."""


def _piece(text: str, style: Style) -> Piece | None:
    """What `text` (a piece of a frame, no move or line break in it) writes from `style`:
    None when it holds anything else than style codes and text."""
    key = (text, style)
    try:
        return _PIECES[key]
    except KeyError:
        pass
    piece = _read_piece(text, style)
    if len(_PIECES) >= PIECES_KEPT:
        _PIECES.clear()
    _PIECES[key] = piece
    return piece


def _read_piece(text: str, style: Style) -> Piece | None:
    """`_piece`, read anew."""
    parts: list[tuple[str, Style]] = []
    position = 0
    piece: Piece | None = None
    for match in _STYLE.finditer(text):
        if match.start() > position:
            parts.append((text[position : match.start()], style))
        if match.group(1) is None:
            break  # another escape, or a carriage return
        style = _after(style, match.group(1))
        position = match.end()
    else:
        if position < len(text):
            parts.append((text[position:], style))
        if all(_single_cells(part) for part, _ in parts):
            cells = tuple(chain.from_iterable(_styled(part, at) for part, at in parts))
            piece = (style, cells, ())
        else:
            piece = (style, (), tuple(parts))
    return piece


_CELLS: dict[Cell, Cell] = {}
"""Each cell read (a character in a style) once, shared by every piece and segment read that
holds it, and by the screens that show it."""
CELLS_KEPT = 16384
"""The most cells `_CELLS` holds (all forgotten at once past it)."""
_BY_STYLE: dict[Style, dict[str, Cell]] = {}
"""The cells of `_CELLS` by style, then character: a text's cells are looked up by its
characters alone (a cell's hash takes its style's, a tuple's, each time)."""


def _styled(text: str, style: Style) -> Iterator[Cell]:
    """The cells of `text` (each character one cell) in `style`, each the one `_CELLS` keeps."""
    if len(_CELLS) >= CELLS_KEPT:
        _CELLS.clear()
        _BY_STYLE.clear()
    known = _BY_STYLE.get(style)
    if known is None:
        known = _BY_STYLE[style] = {}
    for ch in set(text).difference(known):
        known[ch] = _CELLS.setdefault((ch, style), (ch, style))
    return map(known.__getitem__, text)


def _put_piece(
    cells: dict[int, Cell], col: int, single: tuple[Cell, ...], parts: tuple[tuple[str, Style], ...]
) -> int:
    """Write a piece's cells (`single`: each a cell wide) or texts into a row's cells from
    `col`; return the column after them."""
    if not single:
        for text, style in parts:
            col = _put(cells, col, text, style)
        return col
    end = col + len(single)
    _blank_cut_wide_characters(cells, col, end)
    cells.update(zip(range(col, end), single, strict=True))
    return end


def _blank_cut_wide_characters(cells: dict[int, Cell], col: int, end: int) -> None:
    """Before cells `col` to `end` are written over: a wide character whose one half they
    cover leaves its other half a blank (in its style)."""
    first, last = cells.get(col), cells.get(end - 1)
    if first == WIDE_RIGHT and col - 1 in cells:
        cells[col - 1] = (" ", cells[col - 1][1])
    if last is not None and last != WIDE_RIGHT and cells.get(end) == WIDE_RIGHT:
        cells[end] = (" ", last[1])


def _put(cells: dict[int, Cell], col: int, text: str, style: Style) -> int:
    """Write `text` in `style` into a row's cells from `col`; return the column after it."""
    if _single_cells(text):  # one cell a character, as most text is
        end = col + len(text)
        _blank_cut_wide_characters(cells, col, end)
        cells.update(zip(range(col, end), zip(text, repeat(style)), strict=False))
        return end
    for ch in text:
        width = get_character_cell_size(ch)
        if width == 0:
            if col - 1 in cells and cells[col - 1] != WIDE_RIGHT:
                before, before_style = cells[col - 1]
                cells[col - 1] = (before + ch, before_style)
            continue
        _overwrite(cells, col, (ch, style))
        if width == 2:
            _overwrite(cells, col + 1, WIDE_RIGHT)
        col += width
    return col


_SINGLE: set[str] = set()
"""The characters seen one cell wide (by Rich's measure), as they come."""
SINGLE_KEPT = 4096
"""The most characters `_SINGLE` holds (all forgotten at once past it): what people type in a
chat may bring any."""


def _single_cells(text: str) -> bool:
    """True when every character of `text` takes one cell."""
    if _SINGLE.issuperset(text):
        return True
    for ch in set(text).difference(_SINGLE):
        if get_character_cell_size(ch) != 1:
            return False
        if len(_SINGLE) >= SINGLE_KEPT:
            _SINGLE.clear()
        _SINGLE.add(ch)
    return True


def _overwrite(cells: dict[int, Cell], col: int, cell: Cell) -> None:
    """Put `cell` at `col`; half a wide character written over blanks its other half, as a
    terminal does."""
    old = cells.get(col)
    if old == WIDE_RIGHT and col - 1 in cells:
        cells[col - 1] = (" ", cells[col - 1][1])
    elif old is not None and cells.get(col + 1) == WIDE_RIGHT:
        cells[col + 1] = (" ", old[1])
    cells[col] = cell


# -- from the compositor's segments ------------------------------------------------------------

Pieces = list[tuple[int, tuple]]
"""What a frame writes on one row, in the order it writes it: each piece its column and the
strips written there one after the other (each strip Rich segments: text, style, control)."""
Read = tuple[object, tuple[Cell, ...] | None, tuple[tuple[str, Style], ...] | None, bool]
"""A segment read: its Rich style (the key holds its id), its cells when each of its characters
takes one cell or two (written where nothing was), else None and its texts with their styles as
`_piece` gives a piece's parts (both None: not understood); and whether its cells are all one
cell wide (no wide character's right half among them)."""
_SEGMENTS: dict[object, dict[tuple[str, int], Read]] = {}
"""Per colour system, each segment (its text and the id of its style, the style kept with it)
read once."""
SEGMENTS_KEPT = 4096
"""The most segments read kept per colour system (all forgotten at once past it), shared by the
apps of a process."""
Written = tuple[int, list[Cell | None], bool, bool]
"""A row's cells as a frame writes them: the first column written, the cells from there (None
where the frame writes nothing), whether none of them is None, and whether none is known to be
a wide character's right half (False: not known; the row's segments say it as they are read,
which spares the screen diff a look at each cell of a changed row)."""


def read_row(pieces: Pieces, colour_system) -> Written | None:
    """The cells `pieces` write on a row, as `read_frame` reads them from the text Textual
    encodes them to (`Strip.render` in `colour_system`, a move before each piece); None when a
    segment holds what `read_frame` would not read as cells of that row (a link, a line break,
    any other escape).

    Pieces side by side, left to right (a row's strips, as a rule), are read straight into the
    row's list; any other (a character that joins the one before, pieces written over each
    other) through the cells by column that `read_frame` reads."""
    known = _SEGMENTS.get(colour_system)
    if known is None:
        known = _SEGMENTS[colour_system] = {}
    row: list[Cell | None] = []
    extend = row.extend
    first = end = 0
    gapless = narrow = True
    loose: dict[int, Cell] | None = None  # (the row by column, once the list cannot say it)
    for col, strips in pieces:
        if loose is None and (col >= end or not row):
            if not row:
                first = end = col
            mark = len(row)
            into = extend
        else:
            if loose is None:  # (a piece written over another)
                loose = _by_column(first, row)
            mark = -1
            single: list[Cell] = []
            into = single.extend
        narrow_read = _read_cells(known, strips, colour_system, into)
        if narrow_read is not None:
            if mark >= 0:
                if col > end and len(row) > mark:  # (columns between the pieces not written)
                    row[mark:mark] = [None] * (col - end)
                    gapless = False
                end = first + len(row)
                if not narrow_read:
                    narrow = False
                continue
            if WIDE_RIGHT not in single:  # (else wide characters written over others)
                if single:
                    _put_piece(loose, col, tuple(single), ())
                continue
        if mark >= 0:  # (a character that joins the one before: the row by column from here)
            del row[mark:]
            loose = _by_column(first, row)
        parts = _parts(known, strips, colour_system)
        if parts is None:
            return None
        _put_piece(loose, col, (), parts)
    if loose is not None:
        return written_row(loose)
    if not row:
        return 0, row, True, True
    return first, row, gapless, narrow


def _read_cells(known: dict, strips: tuple, colour_system, into: Callable) -> bool | None:
    """Give `into` the cells of each segment of `strips` in turn, as long as each is read as
    cells; return None when one was not, else whether all are one cell wide."""
    get = known.get
    narrow = True
    for strip in strips:
        for text, style, _ in strip:
            read = get((text, id(style)))
            if read is None or read[0] is not style:
                read = _read_segment(known, text, style, colour_system)
            if read[1] is None:
                return None
            into(read[1])
            if not read[3]:
                narrow = False
    return narrow


def _by_column(first: int, row: list[Cell | None]) -> dict[int, Cell]:
    """The cells of a row's list from column `first`, by column."""
    return {col: cell for col, cell in enumerate(row, first) if cell is not None}


def written_row(cells: dict[int, Cell]) -> Written:
    """A row's cells by column as `Written` (whether a cell is a right half not known)."""
    if not cells:
        return 0, [], True, True
    first = min(cells)
    row: list[Cell | None] = [None] * (max(cells) + 1 - first)
    for col, cell in cells.items():
        row[col - first] = cell
    return first, row, len(cells) == len(row), False


def _parts(known: dict[tuple[str, int], Read], strips: tuple, colour_system) -> tuple | None:
    """The texts with their styles the segments of `strips` write; None when one is not
    understood."""
    parts: list[tuple[str, Style]] = []
    for strip in strips:
        for text, style, _ in strip:
            read = known.get((text, id(style)))
            if read is None or read[0] is not style:
                read = _read_segment(known, text, style, colour_system)
            if read[1] is not None:
                if read[1]:
                    parts.append((text, read[1][0][1]))
            elif read[2] is None:
                return None
            else:
                parts += read[2]
    return tuple(parts)


def _wide_cells(text: str, style: Style) -> tuple[Cell, ...] | None:
    """The cells `text` in `style` takes where nothing was written yet, as `_put` writes them
    (a wide character's right half `WIDE_RIGHT`); None when a character of it takes no cell
    (it joins the cell before, which may be another's)."""
    cells: list[Cell] = []
    for ch in text:
        width = get_character_cell_size(ch)
        if width == 0:
            return None
        cells.append(_CELLS.setdefault((ch, style), (ch, style)))
        if width == 2:
            cells.append(WIDE_RIGHT)
    if len(_CELLS) >= CELLS_KEPT:
        _CELLS.clear()
        _BY_STYLE.clear()
    return tuple(cells)


_STYLES: dict[object, dict[int, tuple[object, Style | None]]] = {}
"""Per colour system, what each Rich style read (by its id, the style kept with it) sets for a
text of its own: the style of its cells, or None when its codes are not only a style's (a
link's)."""


def _style_read(style, colour_system) -> Style | None:
    """The style of the cells of a text in the Rich style `style` as Textual encodes it (its
    codes, the text, a reset), the same for every text without escapes, carriage returns or line
    breaks; None when they are not read as cells of that row (a link)."""
    styles = _STYLES.get(colour_system)
    if styles is None:
        styles = _STYLES[colour_system] = {}
    kept = styles.get(id(style))
    if kept is None or kept[0] is not style:
        piece = _read_piece(Strip.render_style(style, "x", colour_system), ())
        plain = piece is not None and piece[0] == () and len(piece[1]) == 1
        kept = (style, piece[1][0][1] if plain else None)
        if len(styles) >= SEGMENTS_KEPT:
            styles.clear()
        styles[id(style)] = kept
    return kept[1]


def _read_segment(known: dict, text: str, style, colour_system) -> Read:
    """Read a segment as Textual encodes it (a style's codes, its text, a reset) and keep it.
    A text of letters one cell wide each, in a style read before, is not encoded: its cells
    take the style read then."""
    at = None
    if style is not None and text and _single_cells(text) and not _UNPLAIN.search(text):
        at = _style_read(style, colour_system)
    if at is not None:
        read: Read = (style, tuple(_styled(text, at)), None, True)
        if len(known) >= SEGMENTS_KEPT:
            known.clear()
        known[(text, id(style))] = read
        return read
    piece = None
    if "\n" not in text:
        rendered = text if style is None else Strip.render_style(style, text, colour_system)
        piece = _read_piece(rendered, ())
    read = (style, None, None, False)
    if piece is not None and piece[0] == ():  # (the default style in force after it)
        _, single, parts = piece
        read = (style, None, parts, False) if parts else (style, single, None, True)
        if len(parts) == 1:  # (wide characters in one style: their cells, right halves too)
            wide = _wide_cells(*parts[0])
            if wide is not None:
                read = (style, wide, None, WIDE_RIGHT not in wide)
    if len(known) >= SEGMENTS_KEPT:
        known.clear()
    known[(text, id(style))] = read
    return read
