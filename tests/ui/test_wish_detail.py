"""Wish read at a glance (issue 34): the detail line says what is highlighted — a window's option,
both cards of a Palace swap, or what the look cursor is on — and nothing on the table at 80x24
is cut."""

from __future__ import annotations

from wish_tui.ui.screens.help_screens import RulesScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.wish.ui import game_screen, look
from wish_tui.wish.ui.hand_view import HandView
from wish_tui.wish.ui.map_view import MapView
from wish_tui.wish.ui.offer_view import OfferView
from wish_tui.wish.ui.player_board import PlayerBoard
from wish_tui.wish.ui.tracks_view import TracksView

from ..wish.rules.helpers import patch
from ..wish.rules.positions import cost, table
from .helpers import settle
from .test_action_keys import app_for
from .test_game_flow import game_of


def detail(app) -> str:
    return " ".join(app.screen.query_one(DetailLine).lines)


async def test_the_detail_line_follows_the_highlight_of_a_window():
    state = table(("fire", "earth"), at="Dock")  # Dock borders Volcano, Dark Temple, Trade Market
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.is_open
        first = detail(app)
        assert first.startswith("Travel to ") and "Empower gains" in first
        await pilot.press("down")
        await settle(pilot)
        assert detail(app) != first and detail(app).startswith("Travel to ")
        # The window rests above the detail line: both are on the screen.
        assert panel.region.bottom <= app.screen.query_one(DetailLine).region.y


async def test_a_palace_swap_shows_both_cards_and_i_reads_the_card_received():
    state = table(("fire", "earth"), at="Palace", hand=["Cure Me"])
    theirs = state.players[1].hand[0]
    state = patch(state, pending=[["palace_swap", 0, 1]])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.is_open
        words = detail(app)
        assert words.startswith(f"You get {theirs}") and "You give Cure Me" in words
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.shown[0][0] == f"Wish: {theirs}"


async def test_the_arrows_move_a_look_cursor_and_the_detail_line_says_what_it_is_on():
    state = table(("fire", "earth"), at="Volcano", hand=["Cure Me"])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert detail(app).startswith("Volcano: Empower gains Sapphire, Ruby (BR)")
        await pilot.press("right")
        await settle(pilot)
        assert detail(app).startswith("Dock: ")
        assert game_of(app).look_at == ("area", 9)
        await pilot.press("down")
        await settle(pilot)
        assert detail(app).startswith("You are the Fire Djinn")
        for _ in range(4):
            await pilot.press("right")
        await settle(pilot)
        assert detail(app).startswith("Cure Me (hand): ")
        assert "needs a green Wishing Person" in detail(app)


async def test_a_decision_in_another_seats_turn_says_its_cause():
    """Cataracts: "Each other player gains 1 Crystal of any color" — asked in Earth's turn."""
    state = table(
        ("earth", "fire"), at="Cataracts", others={0: {"markers": ["", "manifest", "", ""]}}
    )
    state = patch(state, pending=[["gain", 1, 1, -1]])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.is_open
        assert panel.title_text.startswith("Earth used the Cataracts' Manifest")


async def test_nothing_on_the_table_is_cut_at_80x24():
    """Area names ("Palace Gard", "Mountain Ca", "Trade Marke") and hand reasons ("need G1Y…")
    were cut; a four-seat table's seat lines too."""
    from wish_tui import saves
    from wish_tui.cli import Launch
    from wish_tui.games import GAMES
    from wish_tui.ui.app import WishApp

    record, history, _ = saves.load_with_history("four-seat-monuments", games=GAMES)
    app = WishApp(Launch("load"), (record, history, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_of(app)
        rows = []
        for kind in (TracksView, OfferView, HandView, PlayerBoard):
            rows += screen.query_one(kind).text.plain.split("\n")
        the_map = screen.query_one(MapView)
        rows += ["".join(s.text for s in the_map.render_line(y)) for y in range(13)]
        assert not [row for row in rows if "…" in row]
        drawn = "\n".join(rows)
        for name in ("Pal.Gardens", "Mtn.Caves", "Trade Mkt.", "Dark Temple", "Sandhills"):
            assert name in drawn
        widths = {kind: screen.query_one(kind).size.width for kind in (TracksView, HandView)}
        for kind, width in widths.items():
            lines = screen.query_one(kind).text.split("\n")
            assert all(line.cell_len <= width for line in lines), kind


async def test_a_long_window_shows_every_option_at_80x24():
    """Options 7-9 of a window were below its last row at 80x24 (labels two or three lines long);
    a Palace swap of three Wishes for three is nine options and a pass. The window opens below
    the map (the Offer and the map stay in sight) and the option highlighted is always shown."""
    state = table(("fire", "earth"), at="Palace", hand=["Cure Me", "Remedy", "Kingdom"])
    state = patch(state, pending=[["palace_swap", 0, 1]])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.count == 10
        assert panel.region.y >= app.screen.query_one("#map").region.bottom
        for option in range(1, 11):
            lines = [panel.render_line(y).text for y in range(panel.size.height)]
            assert any(line.startswith(f" {option}. ") for line in lines), (option, lines)
            await pilot.press("down")
            await settle(pilot)


async def test_the_status_line_counts_action_markers_in_words():
    state = table(("fire", "earth"), at="Volcano", hand=["Cure Me"], crystals=cost("Cure Me"))
    state = patch(state, players={0: {"markers": ["travel", "", "empower", ""]}})
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one("#status").text.plain
        assert "1 action marker left" in status and "(s)" not in status


async def test_the_detail_line_works_its_words_out_again_only_when_what_they_read_changed(
    monkeypatch,
):
    state = table(("fire", "earth"), at="Volcano", hand=["Cure Me"])
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        worked: list[tuple] = []
        target_words = look.target_words

        def counted(view, seat, target, fits=None):
            worked.append(target)
            return target_words(view, seat, target, fits)

        monkeypatch.setattr(look, "target_words", counted)
        words = detail(app)
        game.refresh_view()
        game.refresh_view()
        assert worked == [] and detail(app) == words
        await pilot.press("right")
        await settle(pilot)
        assert worked == [("area", 9)] and detail(app).startswith("Dock: ")


async def test_a_windows_option_is_put_in_words_again_only_when_what_they_read_changed(
    monkeypatch,
):
    state = table(("fire", "earth"), at="Dock")
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        game = game_of(app)
        worked: list = []
        words = game_screen.option_words

        def counted(view, seat, action, fits=None):
            worked.append(action)
            return words(view, seat, action, fits)

        monkeypatch.setattr(game_screen, "option_words", counted)
        first = detail(app)
        game.detail.show()
        game.refresh_view()
        assert worked == [] and detail(app) == first
        await pilot.press("down")
        await settle(pilot)
        assert len(worked) == 1 and detail(app) != first
