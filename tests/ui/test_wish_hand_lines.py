"""The hand's lines: made per card, as the one text of the whole hand divided at its lines."""

from __future__ import annotations

import random

from rich.text import Text
from textual.geometry import Size

from wish_tui.widgets.board_place import mark_place
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.hand_view import HEADER, HandView, fitting_reason
from wish_tui.wish.ui.offer_view import wish_line
from wish_tui.wish.ui.style import highlight_line


class _Hand(HandView):
    """A hand outside an app: its width given, its lines kept as shown."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width
        self.shown: list[Text] = []

    @property
    def size(self) -> Size:
        return Size(self.width, 10)

    def show_lines(self, lines: list[Text]) -> None:
        self.shown = lines


def one_text(cards, compact: bool, cursor, width: int) -> list[Text]:
    """The hand as one text, divided into its lines (as the hand was drawn before)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    titled = not (compact and len(cards) > 3)
    if titled:
        text.append(HEADER, "bold")
    for index, (name, ok, why, short) in enumerate(cards):
        if text.plain:
            text.append("\n")
        start = len(text)
        text.append("✓" if ok else "✗", "bold green" if ok else "bold red")
        line = wish_line(name, compact=True, vp=not compact)
        text.append_text(line)
        if compact:
            reason = fitting_reason(short, width - 1 - line.cell_len - 1)
            if reason:
                text.append(f" {reason}", "dim")
        else:
            text.append(f"\n   {why} {CATALOG.wishes[name].text}", "dim")
        mark_place(text, start, ("hand", index))
    line = None
    if cursor is not None:
        line = cursor + (1 if titled else 0) if compact else 1 + 2 * cursor
    text = highlight_line(text, line)
    return list(text.split("\n", allow_blank=True)) if text.plain else [Text("")]


def drawn(lines: list[Text]) -> list[tuple]:
    """What a line draws as: its text, style and spans."""
    return [(line.plain, line.style, line.justify, line.spans) for line in lines]


def test_the_hand_draws_each_card_as_the_whole_hand_divided_drew_it():
    rng = random.Random(7)
    names = sorted(CATALOG.wishes)
    reasons = ["", "need G1Y1", "need G1Y1W1, no g here", "no g"]
    for _ in range(400):
        cards = [
            (rng.choice(names), rng.random() < 0.5, rng.choice(reasons), rng.choice(reasons))
            for _ in range(rng.randint(0, 6))
        ]
        compact, width = rng.random() < 0.5, rng.choice([24, 30, 40])
        cursor = rng.choice([None, *range(-1, len(cards) + 2)])
        hand = _Hand(width)
        hand.update_hand(cards, compact, cursor)
        assert drawn(hand.shown) == drawn(one_text(cards, compact, cursor, width))


def test_a_card_kept_in_the_hand_keeps_its_lines_and_the_cursor_marks_a_copy():
    hand = _Hand(30)
    first, second = sorted(CATALOG.wishes)[:2]
    cards = [(first, True, "", ""), (second, False, "need G1", "need G1")]
    hand.update_hand(cards, False, None)
    before = list(hand.shown)
    hand.update_hand(cards, False, 0)  # the look cursor on the first card
    assert hand.shown[2:] == before[2:] and all(
        a is b for a, b in zip(hand.shown[3:], before[3:], strict=True)
    )
    assert hand.shown[1] is not before[1] and "reverse" in str(hand.shown[1].spans[-1].style)
    assert "reverse" not in [str(span.style) for span in before[1].spans]
    hand.update_hand(cards, False, None)
    assert all(a is b for a, b in zip(hand.shown, before, strict=True))
