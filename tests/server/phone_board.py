"""Where a phone taps a game's board: the terminal cell of a thing one of the person's actions is
about, found in what the page's terminal shows (it draws on a canvas: only its text is known).

Wish's Areas by their names in the map, Wishland's cards of the solo hand by their numbers, the
ends of the forest's rows of Spirits of the Forest by their marks (`›` and `‹`, or the
highlight's `▶` and `◀`). A tap there highlights the action; a second takes it.
"""

from __future__ import annotations

import asyncio
import re

from wish_tui.wish.ui.map_view import cell_name

from .phone_page import settle, until

PARTS = {"wish": "[Map]", "spirits": "[Forest]", "wishland": "[Market]"}
"""The part tab of each game's board that shows what is tapped (a narrow terminal)."""
MAP_ROWS = 16
"""The terminal's first rows, where Wish's map lies (under the part tabs)."""


def area_cell(me, name: str) -> tuple[int, int] | None:
    """The (row, column) of an Area's name in Wish's map, however short its box shows it."""
    for room in range(12, 4, -1):
        found = me.text.find(cell_name(name, room), range(MAP_ROWS))
        if found is not None:
            return found
    return None


def hand_card_cell(me, index: int) -> tuple[int, int] | None:
    """The first cell of card `index` of Wishland's solo hand (after its number, '3:')."""
    for row in range(me.size[1]):
        line = me.text.line(row)
        for number in re.finditer(r"(?<!\S)(\d+):", line) if line.startswith("   ") else ():
            if int(number.group(1)) == index + 1:
                return row, number.end()
    return None


def row_end_cell(me, row: int, right: bool) -> tuple[int, int] | None:
    """A cell of the tile at one end of forest row `row` (from 0), by the row's end marks."""
    marks = ("‹", "◀") if right else ("›", "▶")
    for mark in marks:
        for line_number in range(me.size[1]):
            line = me.text.line(line_number)
            if not line.startswith(f"{row + 1} ") or mark not in line:
                continue
            at = line.find(mark)
            return line_number, at - 1 if right else at + 1
    return None


def board_cell(me, table, game: str) -> tuple[str, tuple[int, int]] | None:
    """A legal action of the person's turn and the cell a tap takes it at (None: none shows)."""
    view = table.state.view(0)
    decision = view.get("decision") or {}
    if decision.get("seat") == 0 and decision.get("kind") not in ("turn", "take", "more"):
        return None  # a decision asked in the window
    if not me.shows(PARTS[game]):
        return None
    for choice in table.choices_for(0).actions:
        words = choice.notation.split()
        cell = None
        if game == "wish" and words[0] == "travel":
            cell = area_cell(me, choice.notation.removeprefix("travel ").rpartition(" #")[0])
        elif game == "wishland" and words[0] == "play":
            hand = [card["id"] for card in view["players"][0].get("hand", [])]
            cell = hand_card_cell(me, hand.index(words[1]))
        elif game == "spirits" and words[0] == "take":
            cell = row_end_cell(me, int(words[1]) - 1, words[2] == "right")
        if cell is not None:
            return choice.notation, cell
    return None


async def board_cell_shown(me, table, game: str, timeout: float = 1.0):
    """`board_cell` once the terminal shows it still 0.3 s later (the table moves on before
    the screen does, and the screen's frames come in pieces)."""
    found, deadline = None, asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        before, found = found, board_cell(me, table, game)
        if found is not None and found == before:
            return found
        await settle(0.3)
    return None


async def board_move(me, table, found: tuple[str, tuple[int, int]], between=None) -> str | None:
    """Take the action `board_cell` found by two taps on its cell (`between`: a coroutine
    function awaited between them): the action taken, or None when the game did not move on."""
    before = table.actions
    await me.tap_cell(*found[1])
    await settle(0.4)
    if between is not None:
        await between()
    await me.tap_cell(*found[1])
    if await until(lambda: table.actions != before, 3):
        return table.record.actions[before]
    return None
