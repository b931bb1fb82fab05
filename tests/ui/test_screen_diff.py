"""`ui.terminal.screen_diff.ScreenDiff` sends only the cells a frame changes, and the terminal ends up
showing the same cells, in the same styles, with the cursor in the same place (but for a cursor
parked in the corner)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wish_tui.ui.terminal import frame_cells
from wish_tui.ui.terminal.screen_diff import ScreenDiff

from . import screen_diff_before

TOKEN = re.compile(
    r"\x1b\[(\d+)(?:;(\d+))?H|\x1b\[([0-9;]*)m|\n|\x1b\[(?:(\d+);(\d+))?r|\x1b\[(\d*)C|\r|\x1bM"
    r"|\x1b\[K|\x1b\[(\d*)([GAB])"
)
WIDE = {"🔒"}  # wide for this terminal (and for rich); ⚗ is not
WIDTH, HEIGHT = 24, 6


def _style(params: str) -> frozenset:
    """A style code's attributes and colours, whatever their order (a reset first)."""
    parts, groups = params.split(";"), []
    while parts:
        width = 3 if parts[0] in ("38", "48") else 1
        groups.append(";".join(parts[:width]))
        parts = parts[width:]
    return frozenset(g for g in groups if g not in ("", "0"))


class Terminal:
    """A terminal read independently of the module: cells of (character, style code in force),
    a wide character's right half blank, half a wide character overwritten blanking the other;
    a line feed moves down (to the same column), a reverse one up, each scrolling the region
    at its edge; an erase to the line's end blanks its cells in the background in force."""

    def __init__(self, *, foot_scrolls: bool = False) -> None:
        self.foot_scrolls = foot_scrolls
        """A line feed at the screen's foot scrolls the whole screen up (as every terminal's
        does); without, it stays there."""
        self.cells = [[(" ", frozenset())] * WIDTH for _ in range(HEIGHT)]
        self.style = frozenset()
        self.row = self.col = 0
        self.margins: tuple[int, int] | None = None
        """The scrolling region, when one is set."""

    def feed(self, stream: str) -> None:
        position = 0
        for match in TOKEN.finditer(stream):
            self._text(stream[position : match.start()])
            token = match.group(0)
            if token == "\n":
                # A line feed at a scrolling region's foot scrolls it (Textual's frames never
                # feed a line at the screen's own foot, which the frames below do freely).
                top, bottom = self.margins or ((0, HEIGHT - 1) if self.foot_scrolls else (-1, -1))
                if self.row == bottom:
                    del self.cells[top]
                    self.cells.insert(bottom, [(" ", self.style)] * WIDTH)
                else:
                    self.row = min(self.row + 1, HEIGHT - 1)
            elif token == "\x1bM":
                top, bottom = self.margins or (-1, -1)
                if self.row == top:
                    del self.cells[bottom]
                    self.cells.insert(top, [(" ", self.style)] * WIDTH)
                else:
                    self.row = max(self.row - 1, 0)
            elif token == "\r":
                self.col = 0
            elif match.group(8):  # a column alone, or rows up or down in the same column
                count = int(match.group(7) or 1)
                if match.group(8) == "G":
                    self.col = min(count - 1, WIDTH - 1)
                else:
                    self.row = max(
                        0, min(self.row + (count if match.group(8) == "B" else -count), HEIGHT - 1)
                    )
            elif token == "\x1b[K":
                blank = (" ", frozenset(g for g in self.style if g.startswith("48;")))
                line = self.cells[self.row]
                line[self.col :] = [blank] * (WIDTH - self.col)
            elif token.endswith("C"):
                self.col = min(self.col + int(match.group(6) or 1), WIDTH - 1)
            elif token.endswith("r"):
                top, bottom = match.group(4), match.group(5)
                # (a foot below the screen's is the screen's, as xterm reads it)
                self.margins = (int(top) - 1, min(int(bottom), HEIGHT) - 1) if top else None
                self.row = self.col = 0
            elif match.group(1):  # (a move below the foot stops at the last row)
                self.row = min(int(match.group(1)), HEIGHT) - 1
                self.col = int(match.group(2) or 1) - 1
            else:
                self.style = _style(match.group(3))
            position = match.end()
        self._text(stream[position:])

    def _put(self, col: int, cell) -> None:
        line = self.cells[self.row]
        if line[col][0] == "" and col > 0:
            line[col - 1] = (" ", line[col - 1][1])
        if line[col][0] in WIDE and col + 1 < WIDTH:
            line[col + 1] = (" ", line[col + 1][1])
        line[col] = cell

    def _text(self, text: str) -> None:
        for ch in text:
            width = 2 if ch in WIDE else 1
            self._put(self.col, (ch, self.style))
            if width == 2:
                self._put(self.col + 1, ("", self.style))
            self.col += width

    def shown(self):
        return [list(line) for line in self.cells], (self.row, self.col)

    def looks(self):
        """Each cell as it looks: a space shows its background, and a reverse (with the
        letters' colour), an underline or a strike through (none of them an erase's)."""
        return [[_look(cell) for cell in line] for line in self.cells]


def _look(cell):
    ch, style = cell
    if ch != " ":
        return cell
    shown = {g for g in style if g.startswith("48;") or g in ("4", "7", "9")}
    if "7" in style:
        shown |= {g for g in style if g.startswith("38;")}
    return ch, frozenset(shown)


STYLES = st.sampled_from(["", "1", "38;5;253", "1;38;5;26;48;5;233", "7"])
CHARS = st.sampled_from(list("ab  x") + ["🔒", "⚗"])


@st.composite
def frames(draw):
    """A frame as Textual's compositor writes one: runs of styled text, each after a move, with
    line breaks between rows, ending with the cursor's move."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        row = draw(st.integers(1, HEIGHT))
        col = draw(st.integers(1, WIDTH - 8))
        parts.append(f"\x1b[{row};{col}H")
        room = WIDTH - col - 1
        for _ in range(draw(st.integers(1, 3))):
            text = "".join(draw(st.lists(CHARS, max_size=4)))
            text = text[: max(0, room // 2)]
            room -= 2 * len(text)
            parts.append(f"\x1b[{draw(STYLES)}m{text}\x1b[0m")
        parts.append("\n")
    parts.pop()
    parts.append(f"\x1b[{draw(st.integers(1, HEIGHT))};{draw(st.integers(1, WIDTH))}H")
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(st.lists(frames(), min_size=1, max_size=8))
def test_the_screen_shows_the_same_as_with_every_frame_whole(sequence):
    whole, diffed, diff = Terminal(), Terminal(), ScreenDiff()
    for frame in sequence:
        whole.feed(frame)
        diffed.feed(diff.frame(frame))
        (cells, cursor), (diffed_cells, diffed_cursor) = whole.shown(), diffed.shown()
        assert diffed_cells == cells
        if cursor != (0, 0):  # the corner is where a cursor no widget uses is parked
            assert diffed_cursor == cursor


@st.composite
def rows(draw):
    """A whole row of cells: characters (a wide one takes two) in a style."""
    text, width = "", 0
    while width < WIDTH:
        ch = draw(CHARS)
        if ch in WIDE and width == WIDTH - 1:
            ch = "a"
        text += ch
        width += 2 if ch in WIDE else 1
    return f"\x1b[{draw(STYLES)}m{text}\x1b[0m"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(rows(), min_size=HEIGHT, max_size=HEIGHT),
    st.lists(rows(), min_size=HEIGHT, max_size=HEIGHT),
    st.integers(0, HEIGHT - 2),
    st.integers(1, HEIGHT - 1),
    st.integers(2, HEIGHT),
    st.booleans(),
)
def test_rows_moved_up_or_down_whole_are_scrolled_and_the_screen_is_the_same(
    old, new, top, shift, kept, down
):
    # A log turning its page: rows from `top` show what stood `shift` rows lower; or growing
    # back as a panel below it closes: what stood `shift` rows higher. The rest is new.
    moved = list(new)
    step = -shift if down else shift
    for row in range(top, min(top + kept, HEIGHT)):
        if 0 <= row + step < HEIGHT:
            moved[row] = old[row + step]
    whole, diffed, diff = Terminal(), Terminal(), ScreenDiff(columns=WIDTH)
    for frame in (old, moved):
        text = "".join(f"\x1b[{row + 1};1H{line}" for row, line in enumerate(frame))
        whole.feed(text)
        diffed.feed(diff.frame(text + "\x1b[1;1H"))
        assert diffed.looks() == whole.looks()


@st.composite
def padded_frames(draw):
    """A frame that writes rows to their end, as Textual's compositor does a widget's lines: a
    few cells of text from some column, then a padding of spaces (in a style of its own or the
    text's) to the row's end; and some runs that stop short of it."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        row, col = draw(st.integers(1, HEIGHT)), draw(st.integers(1, WIDTH))
        text = "".join(draw(st.lists(st.sampled_from(list("ab x") + ["🔒"]), max_size=6)))
        while text and sum(2 if ch in WIDE else 1 for ch in text) > WIDTH - col + 1:
            text = text[:-1]
        padding = WIDTH - col + 1 - sum(2 if ch in WIDE else 1 for ch in text)
        parts.append(f"\x1b[{row};{col}H\x1b[0;{draw(STYLES)}m{text}\x1b[0;{draw(STYLES)}m")
        parts.append(" " * padding + "\x1b[0m")
    if draw(st.booleans()):
        parts.append(draw(frames()))
    else:
        parts.append(f"\x1b[{draw(st.integers(1, HEIGHT))};{draw(st.integers(1, WIDTH))}H")
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(st.lists(padded_frames(), min_size=1, max_size=8))
def test_rows_erased_to_their_end_look_the_same_as_with_every_frame_whole(sequence):
    whole, diffed, diff = Terminal(), Terminal(), ScreenDiff(columns=WIDTH)
    for frame in sequence:
        whole.feed(frame)
        diffed.feed(diff.frame(frame))
        assert diffed.looks() == whole.looks()
        cursor = whole.shown()[1]
        if cursor != (0, 0):
            assert diffed.shown()[1] == cursor


def test_a_padding_to_the_rows_end_is_erased_to_the_end_of_the_line():
    diff = ScreenDiff(columns=WIDTH)
    blank = "\x1b[48;5;233m" + " " * WIDTH + "\x1b[0m"
    diff.frame("".join(f"\x1b[{row};1H{blank}" for row in range(1, 3)))
    line = "\x1b[2;1H\x1b[1;48;5;233mEarth: End the turn\x1b[0;48;5;233m{}\x1b[0m\x1b[1;1H"
    # (The frame before left the cursor on that row: a carriage return takes it to its start.)
    assert diff.frame(line.format(" " * (WIDTH - 19))) == (
        "\r\x1b[0;1;48;5;233mEarth: End the turn\x1b[0m"
    )
    # Shorter words: the rest of the old ones goes by an erase, in the padding's background.
    assert diff.frame(line.replace("End the turn", "Pass").format(" " * (WIDTH - 11))) == (
        "\r\x1b[0;1;48;5;233mEarth: Pass\x1b[0;48;5;233m\x1b[K\x1b[0m"
    )
    # A reversed padding shows: it is sent as spaces.
    sent = diff.frame(line.replace("0;48;5;233m{}", "0;7m{}").format(" " * (WIDTH - 19)))
    assert sent.endswith("\x1b[0;7m" + " " * (WIDTH - 19) + "\x1b[0m")


def test_a_log_grown_back_under_a_closed_panel_is_scrolled_down_not_sent_again():
    diff = ScreenDiff(columns=WIDTH)
    lines = [f"line {n}".ljust(WIDTH) for n in range(HEIGHT)]
    log = "".join(f"\x1b[{row + 1};1H{line}" for row, line in enumerate(lines))
    diff.frame(log)
    # The panel opens over the last three rows: the log keeps its newest lines in sight.
    panel = lines[3:] + ["a panel".ljust(WIDTH)] * 3
    diff.frame("".join(f"\x1b[{row + 1};1H{line}" for row, line in enumerate(panel)))
    sent = diff.frame(log)
    assert sent.startswith("\x1b[1;6r\x1b[1H\x1bM\x1bM\x1bM\x1b[r")
    assert "line 0" in sent and "line 3" not in sent and "line 5" not in sent


def test_a_page_of_the_log_turned_is_scrolled_not_sent_again():
    diff = ScreenDiff(columns=WIDTH)
    lines = [f"line {n}".ljust(WIDTH) for n in range(HEIGHT)]
    page = "".join(f"\x1b[{row + 1};1H{line}" for row, line in enumerate(lines))
    diff.frame(page)
    turned = lines[3:] + ["new line".ljust(WIDTH)] + [" " * WIDTH] * 2
    sent = diff.frame("".join(f"\x1b[{row + 1};1H{line}" for row, line in enumerate(turned)))
    assert sent.startswith("\x1b[1;6r\x1b[6H\n\n\n\x1b[r")
    assert "line 3" not in sent and "new line" in sent


def test_rows_changed_or_moved_since_the_last_search_for_a_scroll_are_found_moved():
    # Each search for a scroll keeps the rows' fingerprints (their first letters among them)
    # until the rows change or move: a page rewritten whole (searched, nothing moved), then
    # turned by a row, is found turned; then turned back.
    diff = ScreenDiff(columns=WIDTH)

    def page(lines: list[str]) -> str:
        return "".join(f"\x1b[{row + 1};1H{line.ljust(WIDTH)}" for row, line in enumerate(lines))

    diff.frame(page([f"{n} old" for n in range(HEIGHT)]))
    diff.frame(page([f"{n} line" for n in range(HEIGHT)]))
    sent = diff.frame(page([f"{n} line" for n in range(1, HEIGHT)] + ["new line"]))
    assert sent.startswith(f"\x1b[1;{HEIGHT}r\x1b[{HEIGHT}H\n\x1b[r")
    assert "1 line" not in sent and "new line" in sent
    sent = diff.frame(page(["top"] + [f"{n} line" for n in range(1, HEIGHT)]))
    assert sent.startswith(f"\x1b[1;{HEIGHT}r\x1b[1H\x1bM\x1b[r")
    assert "1 line" not in sent and "top" in sent


def test_a_cursor_parked_in_the_corner_is_not_moved_there():
    diff = ScreenDiff()
    assert diff.frame("\x1b[2;1Hab\x1b[1;1H") == "\x1b[2H\x1b[0mab\x1b[0m"
    assert diff.frame("\x1b[2;1Hab\x1b[1;1H") == ""
    assert diff.frame("\x1b[2;1Hab\x1b[3;4H") == "\x1b[3;4H"


def test_a_frame_that_changes_one_letter_sends_its_phrase():
    diff = ScreenDiff()
    line = "\x1b[3;1H\x1b[38;5;253mAir 18VP\x1b[0m  \x1b[1mh3 B2\x1b[0m\x1b[1;1H"
    assert diff.frame(line) == ("\x1b[3H\x1b[0;38;5;253mAir 18VP\x1b[0m  \x1b[0;1mh3 B2\x1b[0m")
    # 'h4 B2' is one phrase (words a single space apart): it goes whole, 'Air 18VP' does not.
    assert diff.frame(line.replace("h3", "h4")) == "\x1b[11G\x1b[0;1mh4 B2\x1b[0m"
    assert diff.frame(line.replace("h3", "h4")) == ""


def test_a_phrase_is_in_one_style_a_key_greyed_beside_a_changed_one_is_not_sent():
    diff = ScreenDiff()
    bar = "\x1b[30;2H\x1b[37mt Travel u Undo \x1b[1;97m{}\x1b[0m\x1b[1;1H"
    diff.frame(bar.format("q Quit"))
    assert diff.frame(bar.format("? Keys")) == "\x1b[18G\x1b[0;1;97m? Keys\x1b[0m"


def test_a_phrase_is_in_one_style_on_the_screen_before_too():
    # Every key greyed while the table answers: those grey already are not sent again, though
    # the bar is now one style.
    diff = ScreenDiff()
    key, grey = "\x1b[1;97m{} \x1b[0m", "\x1b[37m{} \x1b[0m"
    keys = ("t Travel", "f Fulfill", "s Special", "n End turn")
    usable = (key, grey, grey, key)
    diff.frame(
        "\x1b[3;1H" + "".join(s.format(k) for s, k in zip(usable, keys, strict=True)) + "\x1b[1;1H"
    )
    sent = diff.frame("\x1b[3;1H" + "".join(grey.format(k) for k in keys) + "\x1b[1;1H")
    assert sent == "\r\x1b[0;37mt Travel \x1b[30Gn End turn \x1b[0m"
    # Back to usable: the phrases are the keys usable again.
    sent = diff.frame(
        "\x1b[3;1H" + "".join(s.format(k) for s, k in zip(usable, keys, strict=True)) + "\x1b[1;1H"
    )
    assert sent == "\r\x1b[0;1;97mt Travel \x1b[30Gn End turn \x1b[0m"


def test_a_move_is_said_the_shortest_safe_way():
    diff = ScreenDiff()
    diff.frame("\x1b[2;1Ha  b  c  d  e\x1b[3;1Ha  b  c  d  e\x1b[1;1H")
    # The next row's start: a carriage return and a line feed; a first column: its row alone.
    assert diff.frame("\x1b[2;1HX  b  c  d  e\x1b[3;1HX  b  c  d  e\x1b[1;1H") == (
        "\x1b[2H\x1b[0mX\r\n\x1b[0mX\x1b[0m"
    )
    # Columns to the right after plain letters: a move right; after a wide one, the column.
    assert diff.frame("\x1b[2;1HY  b  c  Y  e\x1b[3;1H🔒 b  c  Y  e\x1b[1;1H") == (
        "\x1b[2H\x1b[0mY\x1b[8CY\r\n\x1b[0m🔒 b\x1b[10GY\x1b[0m"
    )
    # Rows down: line feeds, then the column said alone (a terminal may add a carriage return
    # to a line feed); further down, a move down keeps the column.
    diff = ScreenDiff()
    diff.frame("\x1b[1;10H.\x1b[2;20H.\x1b[8;21H.\x1b[1;1H")
    sent = diff.frame("\x1b[1;10HX\x1b[2;20HX\x1b[8;21HX\x1b[1;1H")
    assert sent == "\x1b[1;10H\x1b[0mX\n\x1b[20G\x1b[0mX\x1b[6B\x1b[0mX\x1b[0m"


def test_unchanged_cells_between_two_changes_are_sent_again_only_when_it_costs_no_more():
    diff = ScreenDiff()
    diff.frame("\x1b[1;1Hx  y\x1b[2;1Hx ·· y\x1b[1;1H")
    # Two spaces cost two bytes, a move over them three or four; two dots four more.
    assert diff.frame("\x1b[1;1HX  Y\x1b[2;1HX ·· Y\x1b[1;1H") == (
        "\x1b[1H\x1b[0mX  Y\r\n\x1b[0mX\x1b[6GY\x1b[0m"
    )


def test_a_dot_between_two_phrases_ends_them():
    diff = ScreenDiff()
    line = "\x1b[5;1HPotions 0 · Trickery 0 · Wind Blasts left 5\x1b[1;1H"
    diff.frame(line)
    assert diff.frame(line.replace("Potions 0", "Potions 1")) == ("\r\x1b[0mPotions 1\x1b[0m")


def test_anything_but_moves_styles_and_text_goes_whole_and_forgets_the_screen():
    diff = ScreenDiff()
    line = "\x1b[1;1Habc\x1b[1;1H"
    diff.frame(line)
    assert diff.frame("\x1b[2J") == "\x1b[2J"
    assert diff.frame(line) == "\x1b[1H\x1b[0mabc\x1b[0m"
    assert diff.frame("\x1b[?2026h") == "\x1b[?2026h"  # synchronized output keeps what is known
    assert diff.frame(line) == ""
    # So do the bell (a decision become yours after a wait) and the mouse pointer's shape.
    assert diff.frame("\x07") == "\x07"
    assert diff.frame("\x1b]22;default\x07") == "\x1b]22;default\x07"
    assert diff.frame(line) == ""


def test_a_frame_drawn_at_the_old_width_after_a_resize_is_no_crash():
    # A terminal made narrower: the app's first frame after it is still as wide as before, the
    # next one is at the new width, and its rows are the old rows' starts moved up.
    diff, terminal = ScreenDiff(columns=8), Terminal()
    for lines in (["aaaaaaaaXXXX", "bbbbbbbbYYYY", "ccccccccZZZZ"], ["bbbbbbbb", "cccccccc"]):
        terminal.feed(diff.frame("".join(f"\x1b[{n + 1};1H{line}" for n, line in enumerate(lines))))
    rows = ["".join(ch for ch, _ in row[:8]) for row in terminal.shown()[0][:2]]
    assert rows == ["bbbbbbbb", "cccccccc"]


def test_rows_of_a_frame_below_the_screens_foot_are_not_sent():
    # Textual may draw a frame a row taller than the terminal (the club's lobby did, as its
    # table grew a scroll bar): a move below the foot would stop at the last row, but a line
    # feed there scrolls the whole screen up, and every later frame would land a row too high.
    diff, terminal = ScreenDiff(columns=WIDTH, rows=HEIGHT), Terminal(foot_scrolls=True)
    lines = ["tables"] + [""] * (HEIGHT - 3) + ["status", "keys"]
    tall = lines[:-2] + ["scroll bar"] + lines[-2:]
    for frame in (lines, tall, lines):
        frame = [line.ljust(WIDTH) for line in frame]
        terminal.feed(diff.frame("".join(f"\x1b[{n + 1};1H{line}" for n, line in enumerate(frame))))
    shown = ["".join(ch for ch, _ in row).rstrip() for row in terminal.shown()[0]]
    assert shown == [line.rstrip() for line in lines]


@st.composite
def mixed_frames(draw):
    """A frame of any kind above: runs of text, rows written to their end, whole rows, a
    whole screen moved by a few rows."""
    kind = draw(st.sampled_from(["runs", "padded", "whole"]))
    if kind == "runs":
        return draw(frames())
    if kind == "padded":
        return draw(padded_frames())
    lines = draw(st.lists(rows(), min_size=1, max_size=HEIGHT))
    top = draw(st.integers(0, HEIGHT - len(lines)))
    return "".join(f"\x1b[{top + n + 1};1H{line}" for n, line in enumerate(lines)) + "\x1b[1;1H"


@settings(max_examples=400, deadline=None)
@given(st.lists(mixed_frames(), min_size=1, max_size=10), st.booleans())
def test_the_diff_sends_the_same_bytes_as_before_it_was_made_faster(sequence, known_width):
    # The screen diff before its cost was cut (tests/ui/screen_diff_before.py) and now, on the
    # same frames: the same bytes, frame by frame (and so the same screen).
    width = WIDTH if known_width else None
    now, before = ScreenDiff(columns=width), screen_diff_before.ScreenDiff(columns=width)
    for frame in sequence:
        assert now.frame(frame) == before.frame(frame)
        assert now.known() == before.shown


def test_the_characters_known_one_cell_wide_are_kept_within_their_bound():
    # What people type may bring any character: the set of those measured stays bounded.
    diff = ScreenDiff()
    for start in range(0x400, 0x400 + 3 * frame_cells.SINGLE_KEPT, 100):
        diff.frame("\x1b[1;1H" + "".join(map(chr, range(start, start + 100))))
    assert 0 < len(frame_cells._SINGLE) <= frame_cells.SINGLE_KEPT
