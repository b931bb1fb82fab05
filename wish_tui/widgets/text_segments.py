"""A line of Rich text as segments on a widget's style, as the text widgets draw their lines.

Rich's `Text.render` gives a line's pieces, each in the sum of the styles of the spans over it
(`Style.combine`, worked out again for each line drawn); a widget draws each on its own style
(`base + style`). `segments_on` gives the same segments, neighbours of one style as one
(`Segment.simplify`), each piece's style on the widget's kept for the process by the styles it
sums: a line that changes (a seat's points, the Caravan's place) is drawn from the same few
sums each time. Tested against Rich's render in `tests/ui/test_text_segments.py`.
"""

from __future__ import annotations

from operator import itemgetter

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

NULL = Style.null()
SUMS_KEPT = 4096
"""The most sums of styles kept (then they are made anew)."""
_sums: dict[tuple[Style, ...], Style] = {}
"""By a widget's style and the styles of the spans over a piece (Rich's order): the piece's
style on the widget's."""
_BY_PLACE = itemgetter(0, 1)


def segments_on(text: Text, console: Console, base: Style) -> list[Segment]:
    """`text`'s segments (Rich's `Text.render`), each on `base` (a piece of no style in `base`
    itself), neighbours of one style as one (`Segment.simplify`)."""
    plain = text.plain
    spans = text._spans
    if not spans:  # (Rich gives the text alone, without the text's own style)
        return [Segment(plain, base)]
    get_style = console.get_style
    styles = [get_style(text.style, default=NULL)]
    styles += [get_style(span.style, default=NULL) for span in spans]
    marks = [
        (0, False, 0),
        *((span.start, False, index) for index, span in enumerate(spans, 1)),
        *((span.end, True, index) for index, span in enumerate(spans, 1)),
        (len(plain), True, 0),
    ]
    marks.sort(key=_BY_PLACE)
    over: list[int] = []
    segments: list[Segment] = []
    last_text = last_style = None
    for (offset, leaving, index), (next_offset, _, _) in zip(marks, marks[1:], strict=False):
        if leaving:
            over.remove(index)
        else:
            over.append(index)
        if next_offset <= offset:
            continue
        key = (base, *[styles[i] for i in sorted(over)])
        style = _sums.get(key)
        if style is None:
            style = _sum(key)
        piece = plain[offset:next_offset]
        if style == last_style:
            last_text += piece
            segments[-1] = Segment(last_text, style)
        else:
            segments.append(Segment(piece, style))
            last_text, last_style = piece, style
    return segments


def _sum(key: tuple[Style, ...]) -> Style:
    """The style of a piece on the widget's (`key`: its style, then the spans'), kept unless it
    holds a link (Rich gives each sum with a link an id of its own)."""
    combined = Style.combine(key[1:])
    style = key[0] + combined if combined else key[0]
    if not style.link:
        if len(_sums) >= SUMS_KEPT:
            _sums.clear()
        _sums[key] = style
    return style
