"""The detail line's words (issue 34): a card says its full name, type, cost, the Wishing Person
it needs and its effect; a Monument's cost names people as people; an Area its whole name."""

from __future__ import annotations

from wish_tui.wish import rules
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.details import area_words, monument_words, wish_words
from wish_tui.wish.words.fit import by_length
from wish_tui.wish.words.marks import AREA_SHORT, area_label
from wish_tui.wish.words.option_details import option_words


def test_a_wish_reads_as_its_card():
    """Cards: "Health Wishes need a green Wishing Person meeple to be Fulfilled"."""
    words = wish_words("Cure Me")
    assert words.startswith("Cure Me, Health Wish: needs a green Wishing Person (g); ")
    assert "costs Sapphire, Emerald (BG); 2 VP, Instant." in words
    assert words.endswith(CATALOG.wishes["Cure Me"].text)


def test_a_long_effect_is_cut_at_a_word_and_the_card_itself_never():
    words = wish_words("Fall in Love", by_length(140))
    assert len(words) <= 140 and words.endswith("…")
    assert words.startswith("Fall in Love, Love Wish: needs a red Wishing Person (r)")


def test_a_monument_costs_wishing_persons_not_crystals():
    """Monument Badges: "Cost of Wishing Person meeples needed to build the Monument"; Example 5:
    the Hidden Cave takes 2 red and 1 yellow Wishing Person."""
    words = monument_words(CATALOG.monument_by_name["Hidden Cave"])
    assert "2 red (rr), 1 yellow (y)" in words and "no crystals" in words
    view = rules.new_game(["fire", "earth"], seed=1).view(0)
    volcano = area_words(view, CATALOG.area_index["Volcano"])
    assert "Monument Hidden Cave △ (5 VP): 2 red, 1 yellow Wishing Persons" in volcano


def test_an_area_too_long_for_a_map_box_has_a_designed_short_name():
    for name, short in AREA_SHORT.items():
        assert len(name) > 11 >= len(short)
        assert area_label(name, 11) == short
        assert area_label(name, 14) == name


def test_every_option_has_words_that_name_what_it_does():
    state = rules.new_game(["air", "water", "fire", "earth"], seed=4)
    for _ in range(60):
        seat = state.current_player
        view = state.view(seat)
        for action in state.legal_actions():
            assert option_words(view, seat, action) != str(action) or action.kind == "end"
        state = state.apply(state.legal_actions()[-1 if state.pending else 0])


def test_the_tokens_line_fits_its_width_leaving_out_counts_of_none_first():
    """At 80x24 the board is 40-odd columns: 'Potions 0' goes before a count a player has."""
    from wish_tui.wish.ui.player_board import tokens_line

    view = rules.new_game(["fire", "earth"], seed=1).view(0)
    board = {**view["players"][0], "potions": 1, "trickery": 0, "badges": ["Magic Tower"]}
    whole = tokens_line(view, board, 200)
    assert whole.startswith("Potions 1 · Trickery 0 · Clones left")
    short = tokens_line(view, board, 46)
    assert len(short) <= 46 and "Trickery" not in short
    assert "Potions 1" in short and "Badges Magic Tower" in short


def test_an_option_with_no_marker_left_and_a_potion_read_as_words():
    from wish_tui.wish.rules.actions import Action
    from wish_tui.wish.words.option_details import markers_left
    from wish_tui.wish.words.words import describe

    assert markers_left(0) == "no action marker" and markers_left(1) == "1 action marker"
    text = describe(Action.parse("potion travel Dark Temple #1"))
    assert text.startswith("Potion: Travel") and text.endswith("(column 1)")


def test_the_boards_first_line_cuts_no_name_at_80_columns():
    """Issue 34: 'Fire Djinn in Volcano · Destiny Djinning the Mom…' at 80x24."""
    from wish_tui.wish.ui.player_board import title_line

    board = {"djinn": "fire", "area": "Volcano", "destiny": "Djinning the Moment"}
    assert "".join(title_line(board, 80)) == "Fire Djinn in Volcano · Destiny Djinning the Moment"
    assert "".join(title_line(board, 49)) == "Fire in Volcano · Destiny Djinning the Moment"
    far = {**board, "area": "Palace Gardens"}
    assert "".join(title_line(far, 49)) == "Fire in Pal.Gardens · Destiny Djinning the Moment"
    assert "".join(title_line({**far, "destiny": ""}, 49)) == "Fire Djinn in Palace Gardens"


def test_a_pass_keeps_the_capitals_of_what_it_names():
    """'Swap nothing (palace).' lower-cased the Area's name."""
    from wish_tui.wish.rules.actions import Action

    view = {"decision": {"kind": "palace_swap"}}
    assert option_words(view, 0, Action.parse("pass")) == "Swap nothing (Palace)."
    view = {"decision": {"kind": "a_child"}}
    assert option_words(view, 0, Action.parse("pass")) == "Keep the crystals (A Child)."


def test_every_mark_on_the_table_has_a_legend_in_the_keys_window():
    """Issue 34: every code on screen has a legend (the Offer's ❄ had none)."""
    from wish_tui.wish.words.help_text import KEYS

    for mark in ("❄", "△", "▲", "~", "*", "⚗", "✧", "🔒", "✓", "✗", "♥", "☀", "→"):
        assert mark in KEYS, mark


def test_a_column_choice_says_which_other_action_its_marker_closes():
    """Player boards: each column holds one action marker, so an Empower on Air's column 1
    leaves no Travel there this turn; the window's options say so, as the columns differ."""
    state = rules.new_game(["air", "water"], seed=5)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    seat = state.current_player
    view = state.view(seat)
    empower = {a.col: a for a in state.legal_actions() if a.kind == "empower" and not a.potion}
    assert set(empower) == {1, 4}
    assert option_words(view, seat, empower[1]).endswith(
        "The marker closes column 1's Travel for this turn."
    )
    assert option_words(view, seat, empower[4]).endswith(
        "The marker closes column 4's Cloudbearer for this turn."
    )
    tight = option_words(view, seat, empower[1], by_length(60))
    assert "closes" not in tight  # the least of the words is left out first
