"""Spirits of the Forest's board at a phone's widths: 40 columns upright, 90 on its side.

Each widget is drawn alone in a terminal of that width; every line must be whole (nothing cut
with an ellipsis) and every place of the forest in sight.
"""

from __future__ import annotations

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATEGORIES, SPIRITS
from wish_tui.spirits.ui.board import SpiritsBoard
from wish_tui.spirits.words.marks import CATEGORY_CODE, SEAT_TITLE

from . import board_alone


def started(seats=("air", "water", "fire", "earth"), seed: int = 7, solo: bool = False):
    """A game past setup (every keep decision takes the first card)."""
    modules = ("wishes", "hexes")
    if solo:
        state = rules.new_game(["air"], seed=seed, solo="standard")
    else:
        state = rules.new_game(list(seats), seed=seed, modules=modules)
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    return state


async def drawn(state, size, **marks) -> dict[str, list[str]]:
    """Each widget's lines, drawn at `size` (the seat deciding sees the board)."""
    return await board_alone.drawn(SpiritsBoard, state, size, ("forest", "seats", "cards"), **marks)


def uncut(lines: list[str], width: int) -> bool:
    return all("…" not in line and len(line) <= width for line in lines)


async def test_at_40_columns_the_forest_folds_into_two_halves_of_six_columns():
    state = started()
    lines = (await drawn(state, (40, 30), targets=(0, 11), cursor=11))["forest"]
    assert lines[0].split() == ["1", "2", "3", "4", "5", "6"]
    right = lines.index("   7     8     9     10    11    12")
    assert right == 10  # under the left half's four rows of two lines and a blank line
    assert uncut(lines, 40)
    # Every row shows its left end in the left half and its right end in the right half.
    for row in range(4):
        assert lines[1 + 2 * row].startswith(f"{row + 1} ›")
        assert lines[right + 1 + 2 * row].rstrip().endswith("‹") or row == 0
    # The highlight is on row 1's right end: ▶ before column 12, ◀ after it.
    assert lines[right + 1].rstrip().endswith("◀") and "▶" in lines[right + 1]
    assert "▶" not in "".join(lines[:right])


async def test_a_folded_forest_leaves_out_a_half_whose_tiles_are_all_taken():
    state = started(seats=("air", "water"))
    # Take the right ends until the right half is empty: 6 tiles from each row.
    while any(state.hi[row] > 6 for row in range(4)):
        row = next(r for r in range(4) if state.hi[r] > 6)
        state = _take(state, row, end=1)
    lines = (await drawn(state, (40, 30)))["forest"]
    assert lines[0].split() == ["1", "2", "3", "4", "5", "6"]
    assert len(lines) == 9 and not any("12" in line for line in lines)


def _take(state, row: int, end: int):
    """Take an end of a row, and end the turn (no second tile, no gemstone)."""
    state = state.apply(rules.Action("take", a=row, b=end))
    while state.step == "more" or not any(a.kind == "take" for a in state.legal_actions()):
        kinds = {a.kind: a for a in state.legal_actions()}
        state = state.apply(kinds.get("stop") or kinds.get("skip") or state.legal_actions()[0])
    return state


async def test_at_40_columns_every_seat_count_stands_a_category_a_row():
    state = started()
    lines = (await drawn(state, (40, 30)))["seats"]
    assert uncut(lines, 40)
    codes = [CATEGORY_CODE[c] for c in CATEGORIES]
    # Two tables side by side: six categories down each.
    rows = lines[1:7]
    assert [row[1:3] for row in rows] == codes[:6]
    assert [row.split("│")[1][:2] for row in rows] == codes[6:]
    assert lines[0].split()[:4] == [SEAT_TITLE[s][:3] for s in state.seats]
    # Each seat's totals after the counts, the legend whole in the lines after them.
    seat_rows = [
        line for line in lines if line[1:].split(" ")[0].rstrip("◀") in SEAT_TITLE.values()
    ]
    assert len(seat_rows) == 4
    said = " ".join(line.strip() for line in lines)
    assert "2! tokens only: still -3" in said and "? Favor token face down" in said


async def test_at_40_columns_the_solo_counts_stand_a_spirit_a_row():
    state = started(solo="standard")
    lines = (await drawn(state, (40, 30)))["seats"]
    assert uncut(lines, 40)
    starts = "".join(line[1:3] for line in lines[1:4]) + "".join(
        part[:2] for line in lines[1:4] for part in line.split("│")[1:]
    )
    assert sorted(starts[i : i + 2] for i in range(0, len(starts), 2)) == sorted(
        CATEGORY_CODE[s] for s in SPIRITS
    )
    assert any(line.startswith(" Tiles: you 0, forest 0") for line in lines)


async def test_at_40_columns_your_cards_wrap_instead_of_being_cut():
    state = started()
    lines = (await drawn(state, (40, 30)))["cards"]
    assert uncut(lines, 40)
    me = state.view(state.current_player)["players"][state.current_player]
    said = " ".join(line.strip() for line in lines)
    assert f"Wish {me['wish']['name']}" in said and "met" in said
    assert said.rstrip().endswith("none") or "Your Favor tokens:" in said


async def test_at_90_columns_the_forest_and_the_table_are_the_wide_ones():
    state = started()
    drawn_lines = await drawn(state, (90, 20))
    forest, seats = drawn_lines["forest"], drawn_lines["seats"]
    assert forest[0].split() == [str(c) for c in range(1, 13)] and len(forest) == 9
    assert seats[0].startswith(" Seat   Mo  Fl") and seats[0].endswith("Pts W H")
    assert uncut(forest + seats + drawn_lines["cards"], 90)
