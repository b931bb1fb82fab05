"""`segments_on` gives a line's segments as Rich renders them on a widget's style."""

from __future__ import annotations

import random

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from wish_tui.widgets import text_segments
from wish_tui.widgets.text_segments import segments_on

STYLES = [
    "bold",
    "dim",
    "reverse",
    "yellow",
    "bold red on blue",
    "italic #ff8800",
    "",
    "repr.number",  # a style of the console's theme, by its name
    "no such style",  # Rich draws a name it cannot parse in no style
    Style(color="green", underline=True),
    Style(meta={"@click": "app.bell"}),
    Style.null(),
]


def riches(text: Text, console: Console, base: Style) -> list[Segment]:
    """What a text widget drew with Rich's render (the way `ViewText` drew its lines)."""
    segments = [Segment(s.text, base + s.style if s.style else base) for s in text.render(console)]
    return list(Segment.simplify(segments))


def a_text(rng: random.Random) -> Text:
    plain = "".join(rng.choice("ab cd→●○中文🔒") for _ in range(rng.randrange(0, 24)))
    text = Text(plain, style=rng.choice(STYLES))
    for _ in range(rng.randrange(0, 6)):
        start = rng.randrange(0, len(plain) + 1)
        text.stylize(rng.choice(STYLES), start, rng.randrange(start, len(plain) + 2))
    return text


def test_a_lines_segments_are_richs_on_the_widgets_style():
    """Random lines (overlapping spans, a style of the whole line, styles by name, one that is
    no style, wide characters, empty lines) on a few widgets' styles: Rich's segments, each
    style equal to Rich's sum, drawn a second time from the sums kept."""
    console = Console(width=100, color_system="truecolor")
    bases = [Style(color="white", bgcolor="#202020"), Style(bold=True), Style.null()]
    rng = random.Random(38)
    for _ in range(600):
        text, base = a_text(rng), rng.choice(bases)
        expected = riches(text, console, base)
        for _again in range(2):
            drawn = segments_on(text, console, base)
            assert drawn == expected, (text.plain, text.spans)
            assert [s.style for s in drawn] == [s.style for s in expected]
            assert [(s.style or Style()).link_id for s in drawn] == [
                (s.style or Style()).link_id for s in expected
            ]


def test_a_link_is_given_an_id_of_its_own_each_time_as_rich_gives_it():
    """A piece under a link is drawn in a new sum each time (Rich gives each its own link id,
    which the terminal's hyperlinks are told apart by); the sums kept hold no link."""
    console = Console(width=100)
    text = Text("see the rules")
    text.stylize(Style(link="https://example.org/rules"), 4, 13)
    base = Style(color="white")
    first, second = segments_on(text, console, base), segments_on(text, console, base)
    assert [s.text for s in first] == ["see ", "the rules"]
    assert first[1].style.link == "https://example.org/rules"
    assert first[1].style.link_id != second[1].style.link_id
    assert not any(style.link for style in text_segments._sums.values())
