"""Wishland's board at a phone's widths: 40 columns upright, 90 on its side.

Each widget is drawn alone in a terminal of that width; every line must be whole (nothing cut
with an ellipsis) and every card, seat and Achievement in sight.
"""

from __future__ import annotations

from tests.wishland.rules.helpers import started
from wish_tui.wishland.ui.board import WishlandBoard
from wish_tui.wishland.words.marks import ROW_TITLE, seat_title

from . import board_alone

WIDGETS = ("round", "market", "seats", "achievements", "park", "legend")


async def drawn(state, size, **marks) -> dict[str, list[str]]:
    """Each widget's lines, drawn at `size` (the seat deciding sees the board)."""
    return await board_alone.drawn(WishlandBoard, state, size, WIDGETS, **marks)


def uncut(lines: list[str], width: int) -> bool:
    return all("…" not in line and len(line) <= width for line in lines)


async def test_at_40_columns_each_marketplace_row_takes_three_lines_two_cards_a_line():
    state = started(("red", "blue", "green", "yellow"))
    view = state.view(state.current_player)
    lines = (await drawn(state, (40, 30), cursor=(1, 3)))["market"]
    assert uncut(lines, 40)
    for r, row in enumerate(view["marketplace"]):
        first, second, third = lines[3 * r : 3 * r + 3]
        assert first.startswith(f"{r + 1}{'YRBGK'[r]} ") and second.startswith("   ")
        cells = [cell for line in (first, second) for cell in line[3:].split("│")]
        for cell, card in zip(cells, row["cards"], strict=True):
            name = card and card["name"]
            assert (
                name is None and cell.strip() == "·" or name[:3] in cell or name.split()[-1] in cell
            )
        assert third.startswith(f"   {ROW_TITLE[r]}") and "needs 1 Worker" in third
    me = view["players"][state.current_player]
    assert lines[-2].startswith("Ad 1$ + H, V or W")
    assert lines[-1] == (
        f"You: {me['credits']}$, {me['workers']['hand']} Workers at hand, {me['income']}$ Income"
    )


async def test_at_40_columns_the_solo_hand_shows_a_card_a_line():
    state = started(("green",), seed=3, solo=True)
    while state.current_player is not None and any(a.kind == "draw" for a in state.legal_actions()):
        state = state.apply(next(a for a in state.legal_actions() if a.kind == "draw"))
        if len(state.view(0)["players"][0].get("hand", [])) >= 3:
            break
    hand = state.view(0)["players"][0]["hand"]
    assert len(hand) >= 2
    lines = (await drawn(state, (40, 30)))["market"]
    assert uncut(lines, 40)
    for i, card in enumerate(hand):
        line = next(line for line in lines if line.startswith(f"   {i + 1}:"))
        assert card["name"][:3] in line or card["name"].split()[-1] in line
    assert lines[-1].startswith("You: ")


async def test_at_40_columns_each_seat_takes_two_lines_under_two_header_lines():
    seats = ("red", "blue", "green", "yellow")
    state = started(seats)
    lines = (await drawn(state, (40, 30)))["seats"]
    assert uncut(lines, 40)
    assert lines[0].split() == ["Seat", "★VP", "End", "H", "V", "$", "inc"]
    assert lines[1].split()[:3] == ["W:hand", "rsv", "out"]
    names = [line[1:].split(" ")[0].rstrip("◀") for line in lines[2::2]]
    assert names == [seat_title(s) for s in seats]
    # The second line of a seat: Workers at hand under W:hand, its Card Limit under lim.
    header, row = lines[1], lines[3]
    assert row[header.index("hand") + 3] == "4"
    assert row[header.index("lim") + 2].isdigit()


async def test_at_40_columns_the_round_achievements_park_and_legend_wrap_whole():
    state = started(("red", "blue", "green", "yellow"))
    drawn_lines = await drawn(state, (40, 30))
    for name in ("round", "achievements", "park", "legend"):
        assert uncut(drawn_lines[name], 40), name
    round_lines = drawn_lines["round"]
    assert round_lines[0].startswith("Round 1/7 · Turn 1/4")
    assert round_lines[1].startswith("Order 1:") and "4:" in " ".join(round_lines[1:])
    said = " ".join(drawn_lines["legend"])
    assert "♪ Entertainment Symbol" in said and "! at the Card Limit" in said
    achievements = " ".join(drawn_lines["achievements"]).split()
    assert len(achievements) >= 2 + len(state.view(0)["achievements"])


async def test_at_90_columns_the_marketplace_and_the_seats_keep_their_wide_lines():
    state = started(("red", "blue", "green", "yellow"))
    drawn_lines = await drawn(state, (90, 20))
    market, seats = drawn_lines["market"], drawn_lines["seats"]
    assert len(market) == 6 and market[5].startswith("Ad ")
    assert market[5].endswith("Y Ride R Restaurant B Actor G Hotel K Mascot")
    assert seats[0].startswith(" Seat      ★VP  End") and len(seats) == 5
    assert drawn_lines["round"][0].startswith("Round 1/7 · Turn 1/4 │ Order")
