"""Fewer bytes to the terminal: drop the style codes a frame repeats.

Rich writes every segment of a frame as a full style code, its text and a reset
(`ESC[38;5;247mt Travel ESC[0m`), even when the next segment has the same style. Over SSH and
slow terminals those codes are most of a frame. `compact` rewrites a frame so that a style is
sent only when the text that follows needs a different one; what the terminal shows is the same
character by character. Cursor moves, line breaks and the bell keep the style in force, an erase
to the line's end is made in the background wanted; any other control sequence (a clear, a mode
switch, a scroll) is preceded by a reset, because some of them paint with the current
background. A frame ends in the default style, as Rich's do; but a terminal written only through
a `Compactor` keeps the style in force from one frame to the next.

With `colour=False` (the app under ``NO_COLOR``) every colour is dropped from the styles, so no
colour code at all leaves: bold, dim, italic, underline, reverse and the like stay.

A long run of spaces (a line's padding) becomes "erase N characters, move right N": terminals
fill erased cells with the current background (xterm, VTE, kitty, tmux, the Linux console,
Windows Terminal), which is all a space shows unless it is underlined, reversed or struck
through, and such runs are left as they are.
"""

from __future__ import annotations

import functools
import re

RESET = "\x1b[m"
"""The default style (a style code without parameters: 0, in every terminal)."""
_TOKEN = re.compile(
    r"\x1b\[([0-9;:]*)m"  # a style code
    r"|\x1b\[[0-?]*[ -/]*[@-~]"  # any other control sequence (a cursor move among them)
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # an operating system command
    r"|\x1b.|[\r\n\x07]",  # any other escape, a line break, the bell
    re.DOTALL,
)
_MOVE = re.compile(r"\x1b\[[0-9;]*[HABCDGf]")
ERASE_LINE = "\x1b[K"
"""Erase from the cursor to the line's end: the cells take the current background (as an erase
of characters does), the cursor stays."""
_PADDING = re.compile(r" {8,}")
_VISIBLE_ON_SPACES = frozenset({"4", "5", "6", "7", "9", "21", "51", "52", "53"})
"""Attributes a space shows (underline, blink, reverse, strike, frames, overline)."""


Style = tuple[tuple[str, str], ...]
"""A terminal style: (key, code) pairs, sorted; the key of a colour is fg, bg or ul, of an
attribute its own code. () is the default style."""
_COLOURS = {"fg": "39", "bg": "49", "ul": "59"}
"""Each colour's key and the code that returns it to the default."""
_COLOUR_OF = {
    **{str(n): "fg" for n in [*range(30, 38), *range(90, 98), 38]},
    **{str(n): "bg" for n in [*range(40, 48), *range(100, 108), 48]},
    "58": "ul",
}
_OFF_CODE = {
    **{"1": "22", "2": "22", "3": "23", "4": "24", "21": "24"},
    **{"5": "25", "6": "25", "7": "27", "8": "28", "9": "29"},
}
"""Each attribute's own code that turns it off (ECMA-48; xterm, VTE, kitty, tmux, the Linux
console and Windows Terminal know them)."""
_OFF = {
    "39": ("fg",),
    "49": ("bg",),
    "59": ("ul",),
    "22": ("1", "2"),
    "23": ("3",),
    "24": ("4", "21"),
    "25": ("5", "6"),
    "27": ("7",),
    "28": ("8",),
    "29": ("9",),
}


def compact(frame: str, colour: bool = True, settled: bool = False) -> str:
    """`frame` with each style sent only where the text's style changes (without its colours
    when `colour` is False).

    `settled`: the frame follows one of compact's own (so the terminal is in the default style),
    and where it leaves the cursor matters to no one (the next write places it first); a frame
    then starts without a reset and does not move past the padding it ends with.
    """
    text, _ = _compact(frame, colour, () if settled else None, keep=False)
    return text


class Compactor:
    """`compact` for one terminal every write to which goes through it: the style in force is
    carried from one write to the next (a frame does not end with a reset, and the next one's
    first style is said as a change from it), and where a write leaves the cursor matters to no
    one (the next write places it first), as with `compact`'s `settled`. Any other control
    sequence than a cursor move (a mode switch, an erase, the alternate screen left) is still
    preceded by a reset, so what the app writes last leaves the terminal in the default style."""

    def __init__(self, colour: bool = True) -> None:
        self.colour = colour
        self.style: Style = ()
        """The style the terminal is in."""

    def __call__(self, frame: str) -> str:
        if isinstance(frame, Parts) and "\x07" not in frame:
            text, self.style = _compact_parts(frame.parts, self.colour, self.style)
        else:
            text, self.style = _compact(frame, self.colour, self.style, keep=True)
        return text


class StyleCode(str):
    """A style code that sets the terminal to `style` whatever it was (as a `Parts` holds it)."""

    style: Style


class Parts(str):
    """A frame with the parts it was joined from (`parts`): style codes as `StyleCode`s, text
    (no escape, line break or bell in it) and the rest (moves, erases, a scroll's region), each
    starting with an escape, a carriage return or a line feed. `Compactor` takes its styles from
    the codes instead of reading the frame back."""

    parts: list[str]


def _compact_parts(parts: list[str], colour: bool, sent: Style) -> tuple[str, Style]:
    """`_compact` of a `Parts` frame from the style in force `sent` (settled, the style kept):
    the same text, its style codes taken as they are given and its runs of text as they are."""
    out: list[str] = []
    wanted: Style = ()
    pending: list[str] = []  # text not yet written (texts side by side are one run)
    for part in parts:
        if not part:
            continue
        if isinstance(part, StyleCode):
            if pending:
                sent = _put_text(out, "".join(pending), sent, wanted)
                pending.clear()
            wanted = part.style if colour else _colourless(part.style)
        elif part[0] in "\x1b\r\n":
            if pending:
                sent = _put_text(out, "".join(pending), sent, wanted)
                pending.clear()
            controls = _controls(part)
            if controls is None:
                sent, wanted = _read(out, part, colour, sent, wanted)
                continue
            for token, moves in controls:
                sent = _put_control(out, token, moves, sent, wanted)
        else:
            pending.append(part)
    if pending:
        sent = _put_text(out, "".join(pending), sent, wanted)
    if out and isinstance(out[-1], _Skip):
        out.pop()
    return "".join(out), sent


@functools.lru_cache(maxsize=1024)
def _controls(part: str) -> tuple[tuple[str, bool], ...] | None:
    """The control sequences `part` is made of, each with whether it only moves the cursor
    (or rings the bell), as `_read` tells them; None when it holds text or a style code."""
    controls = []
    position = 0
    for match in _TOKEN.finditer(part):
        if match.start() > position or match.group(1) is not None:
            return None
        token = match.group(0)
        controls.append((token, token in "\r\n\x07" or bool(_MOVE.fullmatch(token))))
        position = match.end()
    return tuple(controls) if position == len(part) else None


def _put_text(out: list[str], text: str, sent: Style | None, wanted: Style) -> Style:
    """Append `text`, from the style in force `sent` to that it needs; return the style."""
    sent = _switch(out, sent, _for_text(text, sent, wanted))
    _text(out, text, sent)
    return sent


def _compact(frame: str, colour: bool, sent: Style | None, keep: bool) -> tuple[str, Style]:
    """`frame` compacted from the style in force `sent` (None: not known; else the frame is
    settled), and the style it leaves in force; ending in the default style unless `keep`."""
    out: list[str] = []
    settled = sent is not None
    sent, _ = _read(out, frame, colour, sent, ())
    if settled and out and isinstance(out[-1], _Skip):
        out.pop()
    if sent and not keep:
        out.append(RESET)
        sent = ()
    return "".join(out), sent or ()


def _read(
    out: list[str], frame: str, colour: bool, sent: Style | None, wanted: Style
) -> tuple[Style | None, Style]:
    """Append `frame` compacted from the style in force `sent`, the style `wanted` for its
    text at its start; return the style in force and the one wanted at its end."""
    position = 0
    for match in _TOKEN.finditer(frame):
        start, end = match.span()
        if start > position:
            sent = _switch(out, sent, _for_text(frame[position:start], sent, wanted))
            _text(out, frame[position:start], sent)
        token = match.group(0)
        params = match.group(1)
        if params is not None:
            wanted = _after(wanted, params) if colour else _colourless(_after(wanted, params))
        else:
            moves = token in "\r\n\x07" or _MOVE.fullmatch(token) is not None
            sent = _put_control(out, token, moves, sent, wanted)
        position = end
    if position < len(frame):
        sent = _switch(out, sent, _for_text(frame[position:], sent, wanted))
        _text(out, frame[position:], sent)
    return sent, wanted


def _for_text(text: str, sent: Style | None, wanted: Style) -> Style:
    """The style to write `text` in: `wanted`, or the style in force when the text is only
    spaces and those look the same in both (bold or a colour of letters shows on no space)."""
    if sent is None or sent == wanted or text.strip(" "):
        return wanted
    return sent if _on_spaces(sent) == _on_spaces(wanted) else wanted


def _for_erase(sent: Style | None, wanted: Style) -> Style:
    """The style to erase in for the erased cells to look as in `wanted`: the style in force
    when its background is the same (an erased cell takes only the background)."""
    if sent is not None and dict(sent).get("bg") == dict(wanted).get("bg"):
        return sent
    return wanted


def erasable(style: Style) -> bool:
    """True when a space in `style` looks like an erased cell in it (its background only: no
    underline, reverse or strike through showing on it)."""
    return not _VISIBLE_ON_SPACES.intersection(_attributes(style))


@functools.lru_cache(maxsize=1024)
def _on_spaces(style: Style) -> tuple:
    """What of `style` a space shows: its background, and its attributes that show on spaces
    (with the colours they show: a reversed space shows the letters' colour, an underline its
    own)."""
    kept = dict(style)
    shown = [kept.get("bg"), *sorted(set(_attributes(style)) & _VISIBLE_ON_SPACES)]
    if "7" in kept:
        shown.append(kept.get("fg"))
    if "4" in kept or "21" in kept:
        shown += [kept.get("ul"), kept.get("fg")]
    return tuple(shown)


def _text(out: list[str], text: str, style: Style) -> None:
    """Append `text` in `style`, its long runs of spaces as erase-and-move when that looks alike."""
    if "        " not in text or _VISIBLE_ON_SPACES.intersection(_attributes(style)):
        out.append(text)
        return
    position = 0
    for run in _PADDING.finditer(text):
        out.append(text[position : run.start()])
        width = run.end() - run.start()
        out.append(f"\x1b[{width}X")
        out.append(_Skip(f"\x1b[{width}C"))
        position = run.end()
    if position < len(text):
        out.append(text[position:])


class _Skip(str):
    """The move right past an erased padding (left out where a move to a place follows)."""


def _attributes(style: Style) -> list[str]:
    """The attribute codes of `style`, its colours left out."""
    return [key for key, _ in style if key not in _COLOURS]


@functools.lru_cache(maxsize=4096)
def _after(style: Style, params: str) -> Style:
    """The style in force after the code `ESC[{params}m` on top of `style`."""
    kept = dict(style)
    for group in _groups(params):
        code = group[0]
        if code in ("", "0"):
            kept.clear()
        elif code in _OFF:
            for key in _OFF[code]:
                kept.pop(key, None)
        else:
            kept[_COLOUR_OF.get(code, code)] = ";".join(group)
    return tuple(sorted(kept.items()))


@functools.lru_cache(maxsize=1024)
def _colourless(style: Style) -> Style:
    """`style` without its colours (foreground, background, underline colour)."""
    return tuple(item for item in style if item[0] not in _COLOURS)


def _groups(params: str) -> list[list[str]]:
    """The codes of `params` one by one, a colour (38, 48, 58 with 5;N or 2;R;G;B, which may
    hold zeros) as one group."""
    parts = params.split(";") if params else [""]
    groups, index = [], 0
    while index < len(parts):
        width = 1
        if parts[index] in ("38", "48", "58") and index + 1 < len(parts):
            width = {"5": 3, "2": 5}.get(parts[index + 1], 2)
        groups.append(parts[index : index + width])
        index += width
    return groups


def _switch(out: list[str], sent: Style | None, wanted: Style) -> Style:
    """Append what takes the terminal from style `sent` to `wanted`; return the new style."""
    if wanted != sent:
        out.append(_transition(sent, wanted))
    return wanted


@functools.lru_cache(maxsize=4096)
def _transition(sent: Style | None, wanted: Style) -> str:
    """The shortest code that takes the terminal from style `sent` to `wanted`.

    An attribute that goes is turned off by its own code (bold by 22, which also ends dim, so a
    dim that stays is set again), the colours staying as they are: with truecolor a reset and
    the colours again is most of a line's codes. An attribute without such a code goes by a
    reset.
    """
    if not wanted:
        return RESET
    full = "\x1b[0;" + ";".join(value for _, value in wanted) + "m"
    if sent is None:
        return full
    before, after = dict(sent), dict(wanted)
    gone = [key for key in before if key not in _COLOURS and key not in after]
    if any(key not in _OFF_CODE for key in gone):
        return full
    offs = sorted({_OFF_CODE[key] for key in gone})
    cleared = {key for key in before if _OFF_CODE.get(key) in offs}
    codes = offs + [_COLOURS[key] for key in before if key in _COLOURS and key not in after]
    codes += [value for key, value in wanted if key in cleared or before.get(key) != value]
    delta = "\x1b[" + ";".join(codes) + "m"
    return delta if len(delta) < len(full) else full


def _put_control(out: list, token: str, moves: bool, sent, wanted):
    """Append a control sequence `token` to `out` and give the style sent after it: a move
    (`moves`) as it is, a move right just before it dropped (not needed before a move to a
    place); an erase of the line's end in the background of the style wanted; anything else
    after a reset."""
    if moves:
        if out and isinstance(out[-1], _Skip) and token[-1] in "HGf\r":
            out.pop()
        out.append(token)
    elif token == ERASE_LINE:  # blanks in the background of the style wanted
        sent = _switch(out, sent, _for_erase(sent, wanted))
        out.append(token)
    else:
        if sent != ():
            out.append(RESET)
            sent = ()
        out.append(token)
    return sent
