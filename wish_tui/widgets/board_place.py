"""A board's places under a tap: each drawn segment of a card, tile or place carries its place.

A game's board widgets style what they draw of a place with `place_style(place)` (a Rich style
with the place in its meta, which draws nothing); a click on it reaches the board as that place
(`tapped_place`), and the table screen decides what a tap there does (`table_taps`). The same
marks say where a place is drawn (`drawn_rows`), for a part that scrolls to its highlight. A place
is whatever the game names its places by: a number, a string, a tuple of them.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.widget import Widget

PLACE = "place"
"""The key of a segment's meta that names its place."""
TURN = "turn"
"""The key of a segment's meta that marks the seat deciding (its `▶`): the row a replay and a
watched table keep in sight on a narrow terminal."""


PLACES_KEPT = 1024
"""The most places' styles kept made (then they are made anew)."""
_placed: dict = {}


def place_style(place) -> Style:
    """The style that marks what is drawn as `place` (added to its own style): one style a
    place, made once (a board drawn again marks the same places; Rich keeps a style's sums
    with another by the style)."""
    style = _placed.get(place)
    if style is None:
        if len(_placed) >= PLACES_KEPT:
            _placed.clear()
        style = _placed[place] = Style.from_meta({PLACE: place})
    return style


def turn_style() -> Style:
    """The style that marks what is drawn as the seat deciding's mark (`TURN`)."""
    return Style.from_meta({TURN: True})


_TURN_MARK = Style(bold=True) + turn_style()


def turn_mark(deciding: bool) -> Text:
    """A seat's first cell: `▶` in bold, marked `TURN`, when it decides; else a blank (a new
    text each time: the caller may add to it)."""
    if deciding:
        return Text("▶", _TURN_MARK)
    return Text(" ", "bold")


def mark_place(text: Text, start: int, place) -> None:
    """Mark the characters of `text` from `start` to its end as `place`."""
    text.stylize(place_style(place), start, len(text))


def tapped_place(event: events.Click):
    """The place a click landed on (None: none)."""
    return event.style.meta.get(PLACE)


def mark_lines(text: Text, places: dict[int, object]) -> Text:
    """`text` with each of its lines numbered in `places` (from 0) marked as that place."""
    spans, at = [], 0
    for line in text.plain.split("\n"):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    for number, place in places.items():
        if 0 <= number < len(spans):
            text.stylize(place_style(place), *spans[number])
    return text


def drawn_rows(widget: Widget, place, key: str = PLACE) -> tuple[int, int] | None:
    """The first and last rows of the screen where `widget` or a widget in it draws `place` (a
    segment whose meta under `key` is `place`), in sight or not (None: nowhere)."""
    rows = []
    for drawn in (widget, *widget.query("*")):
        region = drawn.region
        if not drawn.display or not region:
            continue
        lines = drawn.render_lines(Region(0, 0, region.width, region.height))
        for y, strip in enumerate(lines):
            if any(seg.style and seg.style.meta.get(key) == place for seg in strip):
                rows.append(region.y + y)
    return (min(rows), max(rows)) if rows else None
