"""A plain line wrapped as Rich wraps it, without Rich for the line that fits."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text


def plain_lines(plain: str, width: int, console: Console) -> list[str]:
    """`plain` wrapped to `width` cells as `Text(plain).wrap(console, width)` wraps it. Most
    lines fit: Rich would give such a line back as it is (no control code to strip, no tab to
    expand, nothing to fold), a tenth of a millisecond later."""
    if plain.isprintable() and 0 < cell_len(plain) <= width:
        return [plain]
    return [line.plain for line in Text(plain).wrap(console, width)]
