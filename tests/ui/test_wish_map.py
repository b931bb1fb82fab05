"""Wish's map works out again only the Areas whose view or highlight changed, and still reads as
a map drawn afresh."""

from __future__ import annotations

from textual.app import App

from tests.wish.rules.helpers import started
from wish_tui.wish.ui import map_view
from wish_tui.wish.ui.map_view import MapView

SIZE = (100, 20)


class MapApp(App):
    def compose(self):
        yield MapView(id="map")


def lines(view: MapView) -> list[str]:
    return [view.render_line(y).text for y in range(view.size.height)]


async def test_the_map_works_out_again_only_the_areas_whose_view_or_highlight_changed(
    monkeypatch,
):
    state = started()
    worked_out: list[int] = []
    cells = map_view.cell_segments

    def counted(area_view, width, index, highlighted=False):
        worked_out.append(index)
        return cells(area_view, width, index, highlighted)

    app = MapApp()
    async with app.run_test(size=SIZE) as pilot:
        shown = app.query_one(MapView)
        shown.update_view(state.view(0))
        await pilot.pause()
        monkeypatch.setattr(map_view, "cell_segments", counted)
        seen = []
        for cursor in (None, 3, 3, 5):
            shown.update_view(state.view(0), cursor)  # each view made anew: equal, not the same
            await pilot.pause()
            seen.append(sorted(worked_out))
            worked_out.clear()
        assert seen == [[], [3], [], [3, 5]]


async def test_a_map_shown_each_action_reads_as_one_drawn_afresh():
    state = started()
    views = [state.view(0)]
    for _ in range(8):
        state = state.apply(state.legal_actions()[0])
        views.append(state.view(0))
    drawn = []
    for shown_views in (views, views[-1:]):
        app = MapApp()
        async with app.run_test(size=SIZE) as pilot:
            shown = app.query_one(MapView)
            for view in shown_views:
                shown.update_view(view, 4)
                await pilot.pause()
            drawn.append(lines(shown))
    assert drawn[0] == drawn[1]


async def test_the_lines_of_the_map_that_changed_are_told_to_textual_in_one_refresh(monkeypatch):
    state = started()
    app = MapApp()
    async with app.run_test(size=SIZE) as pilot:
        shown = app.query_one(MapView)
        shown.update_view(state.view(0), 0)
        await pilot.pause()
        asked: list[tuple] = []
        monkeypatch.setattr(shown, "refresh", lambda *regions, **k: asked.append(regions))
        shown.update_view(state.view(0), 11)  # the cursor from an Area of one line to another's
        assert len(asked) == 1 and len(asked[0]) == 2, asked
        shown.update_view(state.view(0), 11)
        assert len(asked) == 1  # nothing changed: no refresh
