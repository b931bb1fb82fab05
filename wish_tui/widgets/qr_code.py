"""A QR code drawn in the terminal with block characters, two modules to a character cell.

The code is made by segno (pure Python, of the `web` extra) at the lowest error correction, the
smallest that holds the text, so a sign-in link fits in a window of 80×24. Each character stands
for two modules one above the other (``▀``, ``▄``, ``█`` or a space), black on white whatever the
terminal's colours, with a quiet zone of `BORDER` modules around it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

BORDER = 2
"""Light modules around the code (phones read a terminal's code with two)."""
_CELLS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_lines(text: str, border: int = BORDER) -> list[str]:
    """The rows of characters that draw `text` as a QR code (dark modules as blocks).

    Raises:
        ImportError: segno (the `web` extra) is not installed.
        ValueError: `text` is too long for a QR code.
    """
    import segno

    try:
        code = segno.make(text, error="l", boost_error=False, micro=False)
    except segno.DataOverflowError as exc:
        raise ValueError(str(exc)) from None
    size = len(code.matrix)
    total = size + 2 * border

    def dark(row: int, column: int) -> bool:
        row, column = row - border, column - border
        return 0 <= row < size and 0 <= column < size and bool(code.matrix[row][column] & 1)

    return [
        "".join(_CELLS[dark(row, column), dark(row + 1, column)] for column in range(total))
        for row in range(0, total, 2)
    ]


class QrCode(Static):
    """A QR code of `text`, or one sentence when it cannot be drawn here."""

    DEFAULT_CSS = """
    QrCode { width: auto; height: auto; }
    """

    def __init__(self, text: str, **kwargs) -> None:
        try:
            lines = qr_lines(text)
        except ImportError:
            content: Text | str = "(A QR code needs segno: pip install 'wish_tui[web]'.)"
        except ValueError:
            content = "(This address is too long for a QR code.)"
        else:
            content = Text("\n".join(lines), style="#000000 on #ffffff", no_wrap=True)
        super().__init__(content, **kwargs)
