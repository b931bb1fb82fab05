"""The keys a game binds over its board: the four arrows that move its highlight and the number
keys of its rows, written once for every game's screen."""

from __future__ import annotations

from textual.binding import Binding

ARROWS = (("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1))
"""Each arrow key and the step it moves the highlight: (dx, dy)."""


def arrow_bindings(action: str, title: str) -> list[Binding]:
    """The arrows bound to `action(dx, dy)`; the key bar shows them as one key, `title`."""
    return [
        Binding(key, f"{action}({dx}, {dy})", title, key_display="←→↑↓", show=key == "left")
        for key, dx, dy in ARROWS
    ]


def number_bindings(action: str, count: int, title: str = "") -> list[Binding]:
    """The keys 1 to `count` bound to `action(0)` … `action(count - 1)`; with a `title`, the
    key bar shows them as one key ('1-4 Row'), else none shows."""
    return [
        Binding(
            str(n),
            f"{action}({n - 1})",
            title,
            key_display=f"1-{count}",
            show=bool(title) and n == 1,
        )
        for n in range(1, count + 1)
    ]
