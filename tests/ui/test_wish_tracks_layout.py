"""Wish's tracks gaining or losing a line (the round's trade, a challenge) move what lies below
them in their column alone: the column is laid out again, not the screen, and the map, the
sizes told and the rows drawn are those Textual's layout of the whole screen gives, at 80, 100
and 50 columns (where the tracks' part is out of sight nothing moves; in sight, the board
scrolls and Textual lays it out)."""

from __future__ import annotations

import copy

import pytest

from wish_tui.wish.ui.tracks_view import TracksView

from .helpers import layouts_counted, settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


def textuals_map(screen) -> dict:
    """The screen's map as Textual's layout of the whole screen makes it now."""
    for node in (screen, *screen.walk_children()):
        node._clear_arrangement_cache()
    compositor = screen._compositor
    return compositor._arrange_root(screen, compositor.size, False)[0]


def views(view: dict) -> list[dict]:
    """`view` with the round's trade line and without it, a challenge line added and gone."""
    without = copy.deepcopy(view)
    without["caravan"]["card"] = None
    challenged = copy.deepcopy(view)
    challenged["challenge"] = {"card": 4, "deck_count": 3, "hatred": False}
    return [without, view, challenged, without, challenged, view]


@pytest.mark.parametrize(
    ("size", "part", "laid_out"),
    [
        ((80, 24), None, False),
        ((100, 30), None, False),
        ((50, 24), None, False),
        ((50, 24), "side", True),
    ],
)
async def test_a_tracks_line_gained_or_lost_lays_out_its_column_alone(size, part, laid_out):
    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        if part:
            game.bring_part(part)
            await settle(pilot)
        screen = app.screen
        tracks = screen.query_one(TracksView)
        compositor = screen._compositor
        dirty: list[set] = []
        render_update = compositor.render_update

        def drawn(*args, **kwargs):
            dirty.append(set(compositor._dirty_regions))
            return render_update(*args, **kwargs)

        compositor.render_update = drawn
        layouts = layouts_counted(screen)
        counts = []
        for view in views(game.view()):
            old = dict(compositor._full_map)
            dirty.clear()
            tracks.update_view(view)
            await settle(pilot)
            counts.append(tracks.line_count)
            new = textuals_map(screen)
            assert list(compositor._full_map.items()) == list(new.items())
            # Every row that Textual's layout marks changed is drawn again.
            marked = {
                region
                for region in (g.clip.intersection(g.region) for _, g in new.items() ^ old.items())
                if region
            }
            drawn_regions = set().union(*dirty) if dirty else set()
            assert all(
                any(region in drawn_region for drawn_region in drawn_regions) for region in marked
            ), (marked, dirty)
            for widget, geometry in compositor._full_map.items():
                assert widget.size == geometry.region.shrink(widget.styles.gutter).size, widget
        assert counts == [4, 5, 6, 4, 6, 5]
        if laid_out:  # (Textual lays the board out twice: its scrolled room changes too)
            assert len(layouts) >= len(counts)
        else:
            assert layouts == []
        if game.bring_part("side"):  # changed out of sight, then shown: where Textual puts it
            await settle(pilot)
            assert list(compositor._full_map.items()) == list(textuals_map(screen).items())
            assert tracks.size.height == tracks.line_count
