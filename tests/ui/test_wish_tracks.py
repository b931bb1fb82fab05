"""Wish's tracks make a seat's words again only when what they show changed: an action that
changes one seat makes that seat's words alone, the turn moving makes none (its marks move),
and the tracks read as tracks drawn afresh."""

from __future__ import annotations

import copy

from textual.app import App

from wish_tui.wish import rules
from wish_tui.wish.ui import tracks_view
from wish_tui.wish.ui.tracks_view import TracksView


class TracksApp(App):
    """Two tracks side by side: one shown each view, one shown the last alone."""

    def compose(self):
        yield TracksView(id="shown")
        yield TracksView(id="afresh")


def lines(widget: TracksView) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def test_only_the_lines_of_the_seats_a_view_changed_are_made_again(monkeypatch):
    state = rules.new_game(["air", "water", "fire"], seed=3)
    while state.view(0)["phase"] != "play":
        state = state.apply(state.legal_actions()[0])
    view = state.view(0)
    potion = copy.deepcopy(view)
    potion["players"][2]["potions"] += 1
    turn = copy.deepcopy(potion)
    turn["turn_seat"] = (view["turn_seat"] + 1) % 3
    made = []
    crystals_text = tracks_view.crystals_text

    def counted(crystals, **kwargs):
        made.append(crystals)
        return crystals_text(crystals, **kwargs)

    app = TracksApp()
    async with app.run_test(size=(60, 12)) as pilot:
        shown, afresh = app.query_one("#shown", TracksView), app.query_one("#afresh", TracksView)
        shown.update_view(view)
        await pilot.pause()
        monkeypatch.setattr(tracks_view, "crystals_text", counted)
        lines_made = []
        for changed in (copy.deepcopy(view), potion, turn):
            made.clear()
            shown.update_view(changed)
            lines_made.append(len(made))
        afresh.update_view(turn)
        await pilot.pause()
        assert lines_made == [0, 1, 0]
        assert lines(shown) == lines(afresh) and "⚗1" in lines(shown)[-1]
