"""The styles that mark a board's places and the deciding seat's mark."""

from __future__ import annotations

from wish_tui.widgets import board_place
from wish_tui.widgets.board_place import PLACE, TURN, place_style, turn_mark


def test_a_place_is_marked_by_one_style_made_once():
    style = place_style(("seat", 1))
    assert style.meta == {PLACE: ("seat", 1)} and not style.bold
    assert place_style(("seat", 1)) is style
    assert place_style(("seat", 2)).meta == {PLACE: ("seat", 2)}


def test_the_places_kept_are_made_anew_past_their_most(monkeypatch):
    monkeypatch.setattr(board_place, "PLACES_KEPT", 2)
    monkeypatch.setattr(board_place, "_placed", {})
    first = place_style("a")
    place_style("b")
    place_style("c")  # the kept ones are let go
    again = place_style("a")
    assert again is not first and again == first and again.meta == {PLACE: "a"}


def test_the_turn_mark_is_a_new_text_each_time():
    mark = turn_mark(True)
    assert mark.plain == "▶" and mark.style.bold and mark.style.meta == {TURN: True}
    mark.append("more")
    assert turn_mark(True).plain == "▶"
    blank = turn_mark(False)
    assert blank.plain == " " and blank.style == "bold"
