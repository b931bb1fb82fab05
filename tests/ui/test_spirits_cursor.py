"""The forest cursor and the words of Spirits of the Forest's screens (no app needed)."""

from __future__ import annotations

from wish_tui.games import GAMES
from wish_tui.spirits import rules
from wish_tui.spirits.rules import Action
from wish_tui.spirits.ui import cursor as nav
from wish_tui.spirits.ui.seats_view import MORE_LEGEND, SeatsView, count_cell
from wish_tui.spirits.words.help_text import reference_entries
from wish_tui.spirits.words.words import describe, log_lines, with_place_words


def started(seed: int = 7, seats=("air", "water"), modules=()):
    """A game past setup (every keep decision takes the first card)."""
    state = rules.new_game(list(seats), seed=seed, modules=modules)
    while state.pending:
        state = state.apply(state.legal_actions()[0])
    return state


def test_take_targets_are_the_row_ends_by_place():
    state = started()
    view = state.view(state.current_player)
    targets = nav.take_targets(view, state.legal_actions())
    assert sorted(targets) == [0, 11, 12, 23, 24, 35, 36, 47]
    assert targets[11] == Action("take", a=0, b=1)


def test_arrows_move_along_the_ends_and_between_rows():
    ends = [0, 11, 12, 23, 24, 35, 36, 47]
    assert nav.step(0, ends, 1, 0) == 11
    assert nav.step(11, ends, 1, 0) == 11  # nothing further right: it stays
    assert nav.step(11, ends, 0, 1) == 23  # down keeps the side
    assert nav.step(12, ends, 0, -1) == 0
    assert nav.step(47, ends, 0, 1) == 47
    # An empty row is jumped over.
    assert nav.step(0, [0, 11, 36, 47], 0, 1) == 36


def test_settle_keeps_a_valid_cursor_and_moves_an_invalid_one_nearby():
    assert nav.settle(None, [5, 3]) == 3
    assert nav.settle(14, [14, 20]) == 14
    assert nav.settle(13, [0, 14, 40]) == 14
    assert nav.settle(3, []) is None


def test_gem_targets_place_or_move():
    state = started()
    seat = state.current_player
    state = state.apply(state.legal_actions()[0])  # the first turn's one tile
    assert state.step == "gem"
    legal = state.legal_actions()
    targets = nav.gem_targets(legal)
    assert len(targets) == 47 and all(a.kind == "gem" for a in targets.values())
    # With an empty supply the gemstone step first chooses which gemstone to move.
    moving = [Action("move", a=5, b=9), Action("move", a=5, b=10), Action("skip")]
    assert nav.gem_targets(moving) == {5: None}
    assert set(nav.gem_targets(moving, move_from=5)) == {9, 10}
    assert nav.moving(moving) and not nav.moving(legal)
    assert seat == state.current_player


def test_count_cells_mark_majorities_ties_and_the_minus_three():
    assert count_cell(0, 0, [], 0) == ("-3 ", "red")
    assert count_cell(5, 5, [0], 0) == (" 5*", "bold")
    assert count_cell(5, 5, [0, 1], 1) == (" 5=", "bold")
    assert count_cell(1, 0, [1], 1)[0] == "1!*"  # a token without a tile: still -3
    assert count_cell(2, 2, [1], 0) == (" 2 ", "")


def test_a_count_of_tokens_alone_stands_in_the_column_of_the_other_counts():
    """'1!' sat a column left of ' 5 ' and '-3 ' (Air's Vines after a game): its '!' takes
    the mark's column, where a majority's '*' would stand, unless it holds one."""
    assert count_cell(1, 0, [], 0) == (" 1!", "red")
    assert count_cell(1, 0, [0], 1) == (" 1!", "red")
    assert count_cell(3, 3, [], 0)[0].index("3") == count_cell(3, 0, [], 0)[0].index("3")


def test_the_seats_mark_yours_apart_from_a_majority_and_the_legend_says_every_mark():
    view = started(seats=("air", "water", "fire")).view(1)
    seats = SeatsView()
    seats.update_view(view, 1, compact=True)
    rows = seats.text.plain.splitlines()
    assert rows[2].startswith(" Water◀ ") and "◀" not in rows[1] + rows[3]
    assert "*" not in "".join(rows[1:4])  # a star stands only for a majority
    # Issue 34: ? (a face-down Favor token) and 2! are said at 80x24 too, in 80 columns.
    assert rows[-2].startswith(" * most") and rows[-1].startswith(f" {MORE_LEGEND}")
    assert "2! tokens only" in rows[-2] and "? Favor token face down" in rows[-1]
    assert all(len(row) <= 80 for row in rows[-2:])


def test_actions_and_places_in_words():
    assert describe(Action("take", a=1, b=0)) == "Take row 2, left end"
    assert describe(Action("give", a=-1)) == "Give up a gemstone from your supply"
    assert with_place_words("The tile at r2c7 is reserved.") == (
        "The tile at row 2, column 7 is reserved."
    )


def test_the_log_keeps_a_found_token_secret_unless_private():
    state = started()
    state = state.apply(Action("take", a=0, b=0)).apply(Action("skip"))
    # Row 1's left end is now column 2, where a Favor token lies (base game, Setup 2).
    assert state.marks[1] >= 0
    action = Action("take", a=0, b=0)
    seat = state.current_player
    after = state.apply(action)
    kind = rules.CATALOG.kind_name(rules.CATALOG.tokens[state.marks[1]])
    public = " ".join(log_lines(state, action, after, seat, private=False))
    private = " ".join(log_lines(state, action, after, seat, private=True))
    assert "finds a Favor token (face down)" in public and f"token: {kind}" not in public
    assert f"finds a Favor token: {kind}" in private


def test_the_reference_has_every_card_tile_kind_token_and_the_solo_table():
    titles = [title for title, _ in reference_entries()]
    for name in rules.CATALOG.wishes:
        assert f"Wish: {name}" in titles
    for name in rules.CATALOG.hexes:
        assert f"Hex: {name}" in titles
    assert "Tile: Web Spiders ×2" in titles and "Tile: Moss + Moon" in titles
    assert "Favor token: +" in titles
    assert "Solo levels and points" in titles
    solo = dict(reference_entries())["Solo levels and points"]
    for _, title in rules.CATALOG.solo_results:
        assert title in solo


def test_the_log_words_need_no_textual_so_the_table_server_can_write_them():
    import subprocess
    import sys

    code = (
        "import sys; from wish_tui import games; log = games.get('spirits').log; "
        "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_each_seat_reads_its_own_keep_in_its_log_and_only_that():
    from wish_tui import games, saves

    log = games.get("spirits").log
    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "human"}]
    record, state = saves.GameRecord.new(
        seats, 7, None, "spirits", {"modules": ["wishes"]}, games=GAMES
    )
    action = state.legal_actions()[0]
    after = state.apply(action)
    seat = state.current_player
    assert log.log_lines(record, state, action, after, seat, True) == [
        f"Water keeps the Wish {action.name}: {rules.CATALOG.wishes[action.name].text}"
    ]
    assert log.log_lines(record, state, action, after, seat, False) == [
        "Water keeps a Wish card (shown when every seat has kept)"
    ]
    assert log.opening_lines(record, state)[-1] == "Water plays first."
