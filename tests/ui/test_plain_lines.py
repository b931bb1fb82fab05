"""A plain line is wrapped as Rich wraps it, whatever it holds."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from wish_tui.widgets.plain_lines import plain_lines

CONSOLE = Console(width=400, color_system=None)


@pytest.mark.parametrize("width", [10, 17, 40])
@pytest.mark.parametrize(
    "plain",
    [
        "",
        "a",
        "x" * 17,
        "x" * 18,
        "1. Travel to the Mountain Caves",
        "💬 bob: " + "薄" * 5,
        "ends with spaces   ",
        "   starts with spaces",
        "a\ttab",
        "a bell\x07 and a return\r",
        "two\nlines",
        "End your turn with 2 crystals unused? (1-2 or ↑↓ Enter, Esc back)",
    ],
)
def test_a_line_is_wrapped_as_rich_wraps_it(plain, width):
    assert plain_lines(plain, width, CONSOLE) == [
        line.plain for line in Text(plain).wrap(CONSOLE, width)
    ]
