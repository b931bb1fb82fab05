"""`ui.terminal.sgr.compact` sends fewer style codes and the terminal shows the same cells."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from wish_tui.ui.terminal.sgr import Compactor, compact

TOKEN = re.compile(r"\x1b\[([0-9;]*)m|\x1b\[(\d+)X|\x1b\[[0-9;?]*[A-Za-z]|[\r\n]")
SHOWN_ON_SPACES = ("bg", "attr4", "attr7", "attr9")


def _apply(style: dict, params: str) -> dict:
    """An SGR code applied to a terminal's style, read independently of the module."""
    parts = [int(p) if p else 0 for p in params.split(";")]
    style = dict(style)
    i = 0
    while i < len(parts):
        p = parts[i]
        if p == 0:
            style = {}
        elif p in (38, 48):
            key = "fg" if p == 38 else "bg"
            if parts[i + 1] == 5:
                style[key], i = ("256", parts[i + 2]), i + 2
            else:
                style[key], i = ("rgb", *parts[i + 2 : i + 5]), i + 4
        elif 30 <= p <= 37 or 90 <= p <= 97:
            style["fg"] = p
        elif 40 <= p <= 47:
            style["bg"] = p
        elif p in (39, 49):
            style.pop("fg" if p == 39 else "bg", None)
        elif p in (22, 23, 24, 27, 29):
            for attribute in {22: (1, 2), 23: (3,), 24: (4,), 27: (7,), 29: (9,)}[p]:
                style.pop(f"attr{attribute}", None)
        else:
            style[f"attr{p}"] = True
        i += 1
    return style


def _cell(ch: str, style: dict) -> tuple:
    """A character as it looks: a space shows only its background and a few attributes."""
    if ch == " ":
        # A reversed space shows the letters' colour as its background.
        shown = [*SHOWN_ON_SPACES, "fg"] if style.get("attr7") else SHOWN_ON_SPACES
        return (ch, tuple((key, style.get(key)) for key in shown))
    return (ch, tuple(sorted(style.items())))


def cells(stream: str) -> list:
    """What a terminal does with `stream`: each character with its style, each control with
    the background it would paint, and the style left at the end."""
    style: dict = {}
    shown: list = []
    position = 0
    for match in TOKEN.finditer(stream):
        shown.extend(_cell(ch, style) for ch in stream[position : match.start()])
        if match.group(1) is not None:
            style = _apply(style, match.group(1))
        elif match.group(2) is not None:  # erase N characters: blanks in the background
            shown.extend(_cell(" ", {"bg": style.get("bg")}) for _ in range(int(match.group(2))))
        elif match.group(0)[-1] == "C":  # the move past the erased characters
            pass
        elif match.group(0)[-1] in "HABDGf\r\n":
            shown.append((match.group(0), None))
        else:
            shown.append((match.group(0), style.get("bg")))
        position = match.end()
    shown.extend(_cell(ch, style) for ch in stream[position:])
    shown.append(("end", tuple(sorted(style.items()))))
    return shown


STYLES = st.sampled_from(
    [
        "1",
        "38;5;0",
        "38;5;247;48;5;17",
        "1;38;5;253;48;5;17",
        "3;38;2;0;0;0",
        "2;38;2;0;0;0",
        "1;2",
        "7",
        "48;5;0",
        "4;48;5;17",
        "",
    ]
)
TEXT = st.one_of(st.text(alphabet="ab ✓◆", min_size=1, max_size=4), st.just(" " * 12))
CONTROLS = st.sampled_from(
    ["\x1b[3;1H", "\r\n", "\n", "\x1b[2J", "\x1b[?25l", "\x1b[K", "\x1b]0;title\x07"]
)
SEGMENT = st.one_of(
    st.tuples(STYLES, TEXT).map(lambda s: f"\x1b[{s[0]}m{s[1]}\x1b[0m" if s[0] else s[1]),
    CONTROLS,
)


@given(st.lists(SEGMENT, max_size=30))
def test_the_terminal_shows_the_same_cells(segments):
    frame = "".join(segments)
    assert cells(compact(frame)) == cells(frame)


@given(st.lists(st.lists(SEGMENT, max_size=8), max_size=6))
def test_frames_written_through_a_compactor_show_the_same_cells(frames):
    compactor = Compactor()
    sent = "".join(compactor("".join(frame)) for frame in frames)
    assert cells(sent)[:-1] == cells("".join("".join(frame) for frame in frames))[:-1]


def test_a_compactor_keeps_the_style_in_force_from_one_frame_to_the_next():
    compactor = Compactor()
    bar = "\x1b[30;2H\x1b[38;5;247;48;5;17mt Travel\x1b[0m"
    assert compactor(bar) == "\x1b[30;2H\x1b[48;5;17;38;5;247mt Travel"
    # The next frame's first style is a change from it; the bell keeps it.
    assert compactor("\x07") == "\x07"
    assert compactor(bar.replace("247", "253")) == "\x1b[30;2H\x1b[38;5;253mt Travel"
    # A mode switch (or a scroll) is made in the default style.
    assert compactor("\x1b[?1049l") == "\x1b[m\x1b[?1049l"
    assert compactor.style == ()


def test_a_run_of_one_style_is_sent_once_and_ends_in_the_default_style():
    bar = "".join(f"\x1b[38;5;247;48;5;17m{key} \x1b[0m" for key in ("t Travel", "e Empower"))
    assert compact(bar) == "\x1b[0;48;5;17;38;5;247mt Travel e Empower \x1b[m"


def test_a_change_of_colour_sends_only_the_colour_and_a_lost_attribute_its_own_off_code():
    frame = "\x1b[1;38;5;1;48;5;2ma\x1b[0m\x1b[1;38;5;3;48;5;2mb\x1b[0m\x1b[38;5;3;48;5;2mc\x1b[0m"
    assert compact(frame) == ("\x1b[0;1;48;5;2;38;5;1ma\x1b[38;5;3mb\x1b[22mc\x1b[m")


def test_bold_going_off_keeps_dim_and_the_truecolor_colours():
    """22 ends bold and dim alike: a dim that stays is set again, the colours are not resent."""
    rgb = "48;2;18;18;18;38;2;224;224;224"
    frame = f"\x1b[1;2;{rgb}ma\x1b[0m\x1b[2;{rgb}mb\x1b[0m\x1b[3;{rgb}mc\x1b[0m"
    assert compact(frame) == f"\x1b[0;1;2;{rgb}ma\x1b[22;2mb\x1b[22;3mc\x1b[m"
    assert cells(compact(frame)) == cells(frame)


def test_cursor_moves_keep_the_style_and_an_erase_gets_a_reset_first():
    frame = "\x1b[1mab\x1b[0m\x1b[2;1H\x1b[1mcd\x1b[0m\x1b[2J"
    assert compact(frame) == "\x1b[0;1mab\x1b[2;1Hcd\x1b[m\x1b[2J"


def test_a_colour_numbered_zero_is_not_a_reset():
    frame = "\x1b[38;5;0mab\x1b[0m\x1b[38;5;0;1mcd\x1b[0m"
    assert cells(compact(frame)) == cells(frame)
    assert "\x1b[1m" in compact(frame)  # bold added, the colour kept


def test_a_line_padding_is_erased_and_skipped_unless_its_spaces_show_an_attribute():
    padded = "\x1b[48;5;233mab" + " " * 20 + "\x1b[0m"
    assert compact(padded) == "\x1b[0;48;5;233mab\x1b[20X\x1b[20C\x1b[m"
    underlined = "\x1b[4mab" + " " * 20 + "\x1b[0m"
    assert " " * 20 in compact(underlined)


def test_spaces_between_two_styles_keep_the_style_in_force_when_they_look_alike_in_both():
    assert compact("\x1b[1mab\x1b[0m  \x1b[1mcd\x1b[0m") == "\x1b[0;1mab  cd\x1b[m"
    assert compact("\x1b[1;31mab\x1b[0;32m" + " " * 9 + "\x1b[0m") == (
        "\x1b[0;1;31mab\x1b[9X\x1b[9C\x1b[m"
    )
    # A reversed space, or one on another background, shows what it is written in.
    assert compact("\x1b[7mab\x1b[0m  ") == "\x1b[0;7mab\x1b[m  "
    assert compact("ab\x1b[41m  \x1b[0m") == "\x1b[mab\x1b[41m  \x1b[m"


def test_a_padding_before_a_move_to_a_place_is_erased_without_moving_past_it():
    frame = "\x1b[1;1HABC" + " " * 20 + "\x1b[2;1HABC\x1b[3;1H"
    assert compact(frame) == "\x1b[1;1H\x1b[mABC\x1b[20X\x1b[2;1HABC\x1b[3;1H"
    # A move down keeps the column, so the move past the padding stays before it.
    assert "\x1b[20X\x1b[20C\x1b[B" in compact("ab" + " " * 20 + "\x1b[B")


def test_a_settled_frame_starts_without_a_reset_and_ends_without_moving_past_its_padding():
    frame = "\x1b[1;1Hab" + " " * 20 + "\x1b[1mcd" + " " * 9
    assert compact(frame, settled=True) == "\x1b[1;1Hab\x1b[20X\x1b[20C\x1b[1mcd\x1b[9X\x1b[m"
    assert compact(frame).endswith("\x1b[9X\x1b[9C\x1b[m")


def test_an_erase_to_the_lines_end_is_made_in_the_background_wanted():
    # (The screen diff's: the rest of a row erased in its padding's background.)
    assert compact("\x1b[48;5;17mab\x1b[K\x1b[0m") == "\x1b[0;48;5;17mab\x1b[K\x1b[m"
    # The style in force is kept when its background is the one wanted (bold shows on no blank).
    frame = "\x1b[1;48;5;17mab\x1b[0;48;5;17m\x1b[K\x1b[0m"
    assert compact(frame) == "\x1b[0;1;48;5;17mab\x1b[K\x1b[m"
    assert compact("\x1b[1;48;5;17mab\x1b[0m\x1b[K") == "\x1b[0;1;48;5;17mab\x1b[m\x1b[K"


_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour_codes(stream: str) -> list[str]:
    """Every SGR colour parameter in `stream` (30-49, 90-107, 38/48/58 with 5;N or 2;R;G;B)."""
    found = []
    for match in _SGR.finditer(stream):
        parts = match.group(1).replace(":", ";").split(";")
        i = 0
        while i < len(parts):
            code = int(parts[i]) if parts[i] else 0
            if code in (38, 48, 58):
                width = {"5": 3, "2": 5}.get(parts[i + 1] if i + 1 < len(parts) else "", 1)
                found.append(";".join(parts[i : i + width]))
                i += width
                continue
            if 30 <= code <= 49 or 90 <= code <= 107 or code == 59:
                found.append(str(code))
            i += 1
    return found


def _without_colours(stream: str) -> str:
    """`stream` with the colour parameters taken out of its SGR codes (an independent reading)."""

    def strip(match):
        parts, kept, i = match.group(1).split(";"), [], 0
        while i < len(parts):
            code = int(parts[i]) if parts[i] else 0
            if code in (38, 48, 58):
                i += {"5": 3, "2": 5}.get(parts[i + 1], 1)
                continue
            if not (30 <= code <= 49 or 90 <= code <= 107 or code == 59):
                kept.append(parts[i])
            i += 1
        # A code of colours only says nothing once they are gone.
        return f"\x1b[{';'.join(kept)}m" if kept or not match.group(1) else ""

    return _SGR.sub(strip, stream)


@given(st.lists(SEGMENT, max_size=30))
def test_without_colour_no_colour_code_leaves_and_the_rest_looks_the_same(segments):
    """NO_COLOR (no-color.org): no colour at all; bold, underline, reverse and the like stay."""
    frame = "".join(segments)
    plain = compact(frame, colour=False)
    assert colour_codes(plain) == []
    assert cells(plain) == cells(compact(_without_colours(frame)))


def test_without_colour_the_attributes_stay():
    frame = "\x1b[1;38;5;253;48;5;233mab\x1b[0m\x1b[7;38;2;1;2;3mcd\x1b[0m"
    assert compact(frame, colour=False) == "\x1b[0;1mab\x1b[0;7mcd\x1b[m"
    assert colour_codes(frame) == ["38;5;253", "48;5;233", "38;2;1;2;3"]
