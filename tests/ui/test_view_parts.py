"""A board's part is drawn again only when what it read of the view changed."""

from __future__ import annotations

from wish_tui.widgets.view_parts import ViewParts


class Part:
    """A part of a board that reads `keys` of the view it is drawn from."""

    def __init__(self, *keys: str, whole: bool = False) -> None:
        self.keys, self.whole = keys, whole
        self.drawn: list[tuple] = []

    def draw(self, view: dict, cursor=None) -> None:
        if self.whole:
            self.drawn.append((sorted(view.items()), cursor))
            return
        self.drawn.append((tuple(view.get(key) for key in self.keys), cursor))


def test_a_part_whose_keys_are_unchanged_is_not_drawn_again():
    parts, part = ViewParts(), Part("areas", "round")
    areas = [{"name": "Dock", "people": 1}]
    parts.show("map", part.draw, {"areas": areas, "round": 1, "scores": [3]})
    parts.show("map", part.draw, {"areas": areas, "round": 1, "scores": [5]})
    parts.show("map", part.draw, {"areas": [{"name": "Dock", "people": 1}], "round": 1})
    assert len(part.drawn) == 1


def test_a_part_is_drawn_again_when_a_key_it_read_or_an_argument_changed():
    parts, part = ViewParts(), Part("areas", "final_round")
    view = {"areas": [{"name": "Dock", "people": 1}], "round": 1}
    parts.show("map", part.draw, view)
    parts.show("map", part.draw, {**view, "areas": [{"name": "Dock", "people": 2}]})
    parts.show("map", part.draw, {**view, "areas": [{"name": "Dock", "people": 2}]}, 3)
    # A key it asked for and the view lacked, there now.
    parts.show(
        "map", part.draw, {**view, "final_round": True, "areas": [{"name": "Dock", "people": 2}]}, 3
    )
    assert [drawn[1] for drawn in part.drawn] == [None, None, 3, 3]
    assert part.drawn[-1][0] == ([{"name": "Dock", "people": 2}], True)


def test_a_part_that_reads_the_view_whole_is_drawn_on_any_change():
    parts, part = ViewParts(), Part(whole=True)
    parts.show("hand", part.draw, {"a": 1, "b": 2})
    parts.show("hand", part.draw, {"a": 1, "b": 2})
    parts.show("hand", part.draw, {"a": 1, "b": 3})
    assert len(part.drawn) == 2


def test_parts_are_told_apart_and_forgotten():
    parts, one, two = ViewParts(), Part("a"), Part("a")
    view = {"a": 1}
    parts.show("one", one.draw, view)
    parts.show("two", two.draw, view)
    parts.forget()
    parts.show("one", one.draw, view)
    assert (len(one.drawn), len(two.drawn)) == (2, 1)


def test_a_part_is_drawn_again_at_a_new_width():
    parts, part = ViewParts(), Part("offer")
    view = {"offer": ["Wish of Water"]}
    parts.show("offer", part.draw, view, width=40)
    parts.show("offer", part.draw, view, width=40)
    parts.show("offer", part.draw, view, width=60)
    assert len(part.drawn) == 2


class Unequal(list):
    """A value that may not be compared (comparing it is what the diff spares)."""

    def __eq__(self, other):
        raise AssertionError("compared")

    __hash__ = None


def test_a_view_made_from_a_diff_is_compared_only_where_the_diff_says_it_changed():
    parts, board, tracks = ViewParts(), Part("areas"), Part("round")
    before = {"areas": Unequal([1]), "round": 1}
    parts.show("map", board.draw, before)
    parts.show("tracks", tracks.draw, before)
    after = {"areas": Unequal([1]), "round": 2}
    parts.follow((before, after, frozenset({"round"})))
    parts.show("map", board.draw, after)
    parts.show("tracks", tracks.draw, after)
    later = {"areas": after["areas"], "round": 2, "scores": [1]}
    parts.follow((after, later, frozenset({"scores"})))
    parts.show("map", board.draw, later)
    parts.show("tracks", tracks.draw, later)
    assert (len(board.drawn), len(tracks.drawn)) == (1, 2)
    # A part drawn from a view the diff is not from is compared as before.
    parts.follow((before, {"round": 3}, frozenset({"round"})))
    parts.show("tracks", tracks.draw, {"areas": [1], "round": 3})
    assert len(tracks.drawn) == 3
