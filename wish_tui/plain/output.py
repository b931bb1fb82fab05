"""Lines out: each sentence wrapped at the terminal's width, plain characters only, written once.

Symbols are said in words (`spoken`: '+2 VP' for '+2★') unless the person asks for them
(`symbols on`, a setting of `reading`).

Nothing is ever redrawn: no cursor movement, no colour, no escape sequence, no box drawing. Odd
characters (control characters, escapes from a stranger's chat line) are dropped, box-drawing and
block characters become plain ones, and a stream that cannot encode a character (an ASCII
terminal) gets a plain stand-in ('->' for '→'). The width is the terminal's (it is read again for
every sentence, so a resize is followed), 80 when unknown (a pipe).
"""

from __future__ import annotations

import os
import shutil
import textwrap

from wish_tui.core.text import plain_text

from .reading import Reading
from .spoken import spoken

DEFAULT_WIDTH = 80
"""Columns when the width is unknown (a pipe, a file)."""
MIN_WIDTH = 12
"""The narrowest width wrapped to (a smaller terminal still gets whole words)."""
ASCII = str.maketrans(
    {
        "→": "->",
        "←": "<-",
        "×": "x",
        "—": "-",
        "–": "-",
        "−": "-",
        "…": "...",
        "★": " VP",
        "♪": "~",
        "✓": "yes",
        "✗": "no",
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "·": ",",
        "♥": "love",
        "💬": "chat:",
    }
)
"""Stand-ins for the characters the games' words use, for a stream that cannot encode them."""


def drawing_free(text: str) -> str:
    """`text` without box-drawing (U+2500–U+257F) or block (U+2580–U+259F) characters."""
    if not any("\u2500" <= ch <= "\u259f" for ch in text):
        return text
    return "".join(
        ("-" if ch <= "\u257f" else "#") if "\u2500" <= ch <= "\u259f" else ch for ch in text
    )


class Output:
    """Where the client's sentences go: a text stream, one wrapped sentence at a time.

    Args:
        stream: a text stream (standard output by default is the caller's choice).
        width: a fixed width; None follows the terminal (80 when there is none).
    """

    def __init__(self, stream, width: int | None = None) -> None:
        self.stream = stream
        self.fixed_width = width
        self.lines = 0
        """Lines written so far (after wrapping)."""
        self.bytes = 0
        """Bytes written so far (UTF-8)."""
        self.reading = Reading()
        """How the person has lines read to them (symbols or words, how much, notation)."""
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
        self.ascii_only = encoding in ("ascii", "us-ascii", "ansi_x3.4-1968")

    @property
    def width(self) -> int:
        """The columns a line may take now."""
        if self.fixed_width:
            return max(MIN_WIDTH, self.fixed_width)
        columns = 0
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = shutil.get_terminal_size((0, 0)).columns
        return max(MIN_WIDTH, columns or DEFAULT_WIDTH)

    def clean(self, text: str) -> str:
        """`text` made of plain characters only (what any terminal or braille line shows)."""
        text = drawing_free(plain_text(str(text)))
        if not self.reading.symbols:
            text = spoken(text)
        if self.ascii_only:
            text = text.translate(ASCII).encode("ascii", "replace").decode("ascii")
        return text

    def wrap(self, text: str) -> list[str]:
        """One sentence as the lines it takes at the current width (continuations indented)."""
        text = " ".join(self.clean(text).split())
        if not text:
            return [""]
        return textwrap.wrap(
            text,
            self.width,
            subsequent_indent="  ",
            break_long_words=True,
            break_on_hyphens=False,
        ) or [""]

    def say(self, *sentences: str) -> int:
        """Write each sentence (wrapped); return how many lines that took."""
        written = 0
        for sentence in sentences:
            for line in self.wrap(sentence):
                data = line + "\n"
                self.stream.write(data)
                self.bytes += len(data.encode("utf-8", "replace"))
                written += 1
        self.lines += written
        self.stream.flush()
        return written
