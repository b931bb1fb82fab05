"""A long decision in steps: groups by the game's path, each choice keeping its number, and
symbols said as words."""

from __future__ import annotations

from wish_tui.plain.reading import Reading
from wish_tui.plain.spoken import spoken
from wish_tui.plain.steps import MAX_LISTED, Group, Steps, listing, listing_lines
from wish_tui.spirits.words.text import choice_path as spirits_path
from wish_tui.tables.seat import Choice
from wish_tui.wish.words.text import choice_path as wish_path
from wish_tui.wishland.words.text import choice_path as wishland_path

TILES = [f"r{row}c{column}" for row in range(1, 5) for column in range(1, 13)]
GEMS = [
    *(Choice(f"gem {t}", f"Put a gemstone on row {t[1]}, column {t[3:]} (Moss)") for t in TILES),
    Choice("skip", "Place no gemstone"),
]


def test_few_choices_are_listed_one_a_line_by_number_and_words_only():
    few = [Choice("travel Oasis #1", "Travel to Oasis (column 1)"), Choice("end", "End the turn")]
    step = listing(few, wish_path)
    assert step.entries == (1, 2)
    assert listing_lines(step, few) == ["1, Travel to Oasis.", "2, End the turn."]
    assert (
        listing_lines(step, few, with_notation=True)[0] == "1, Travel to Oasis [travel Oasis #1]."
    )


def test_a_spirits_gemstone_decision_asks_the_row_then_the_tile_keeping_each_number():
    top = listing(GEMS, spirits_path)
    assert len(top.entries) == 2 and top.entries[1] == 49
    (gems,) = top.groups
    assert gems.key == "a" and gems.name == "Put a gemstone" and len(gems.numbers) == 48
    rows = listing(GEMS, spirits_path, gems.path)
    assert [g.name for g in rows.groups] == [f"on row {r}" for r in range(1, 5)]
    row_two = listing(GEMS, spirits_path, rows.groups[1].path)
    assert row_two.entries == tuple(range(13, 25))
    lines = listing_lines(row_two, GEMS)
    assert lines[0] == "Put a gemstone on row 2 (12 choices):"
    assert lines[1] == "13, column 1 (Moss)."


def test_every_listing_of_every_step_names_at_most_a_dozen_things():
    moves = [
        Choice(f"move gem {a} {b}", f"Move your gemstone from {a} to {b}")
        for a in TILES[:3]
        for b in TILES[3:]
    ]

    def walk(path):
        step = listing(moves, spirits_path, path)
        assert len(step.entries) <= MAX_LISTED, (path, len(step.entries))
        for group in step.groups:
            walk(group.path)

    walk(())


def test_a_group_opens_by_its_letter_or_its_name_and_back_goes_up():
    steps = Steps(spirits_path, Reading())
    assert steps.top(GEMS)[0] == "a, Put a gemstone: 48 choices."
    assert steps.open("z", GEMS) is None
    rows = steps.open("a", GEMS)
    assert rows[0] == "Put a gemstone (48 choices):" and rows[1] == "a, on row 1: 12 choices."
    assert steps.open("on row 3", GEMS)[1] == "25, column 1 (Moss)."
    assert steps.back(GEMS)[1] == "a, on row 1: 12 choices."
    assert steps.back(GEMS)[0] == "a, Put a gemstone: 48 choices."
    assert len(steps.every(GEMS)) == 49


def test_each_game_groups_its_long_decisions():
    assert wish_path("blast Oasis from Trade Market #4") == (
        "Wind Blast",
        "move the one in Trade Market",
    )
    assert wish_path("blast Oasis #4") == ("Wind Blast", "place a new one")
    assert wish_path("travel Oasis #1") == ("Travel",)
    assert wish_path("swap Remedy with A Child") == ("Swap", "give Remedy")
    assert wishland_path("buy Y8") == ("Buy a card", "Rides")
    assert wishland_path("collect") == ()
    assert spirits_path("move gem r2c7 r1c2") == (
        "Move a gemstone",
        "from row 2, column 7",
        "to row 1",
    )


def test_a_group_of_one_choice_is_that_choice():
    choices = [*GEMS[:13], Choice("gem r4c1", "Put a gemstone on row 4, column 1 (Moss)")]
    step = listing(choices, spirits_path, ("Put a gemstone",))
    assert 14 in step.entries and not any(
        isinstance(e, Group) and 14 in e.numbers for e in step.entries
    )


def test_symbols_are_said_in_words_and_what_is_typed_is_kept():
    assert spoken("buys Y3 Mirror Maze (+1★) → +1 VP, −2 Credits") == (
        "buys Y3 Mirror Maze (plus 1 VP) gives plus 1 VP, minus 2 Credits"
    )
    assert spoken("the turn order is Water → Air.") == "the turn order is Water to Air."
    assert (
        spoken("Leaves + Moon, Mushrooms ×2, 4$") == "Leaves and Moon, Mushrooms twice, 4 Credits"
    )
    assert spoken("— Round 1: G24 Hotel #24 · more") == "Round 1: G24 Hotel 24, more"
    assert spoken("'live 10+5' or [travel Oasis #1]") == "'live 10+5' or [travel Oasis #1]"
    assert spoken("Spend a + token") == "Spend a plus token"


def test_the_words_every_choice_begins_with_are_said_once():
    """'Take' is said once for every row end, and each row once for its two ends: the list
    said 'the left end of row 1', 'the right end of row 1', … eight times."""
    takes = [
        Choice(f"take {r} {end}", f"Take row {r}, {end} end: Moss")
        for r in (1, 2)
        for end in ("left", "right")
    ]
    lines = listing_lines(listing(takes, spirits_path), takes)
    assert lines == [
        "Take:",
        "Row 1:",
        "1, left end: Moss.",
        "2, right end: Moss.",
        "Row 2:",
        "3, left end: Moss.",
        "4, right end: Moss.",
    ]
    second = [*takes, Choice("stop", "Stop after one tile")]  # no title: a run of four
    assert listing_lines(listing(second, spirits_path), second)[:3] == [
        "Take:",
        "Row 1:",
        "1, left end: Moss.",
    ]
    one_end = [takes[0], takes[2], takes[3]]  # a row of one tile has one end to take
    assert listing_lines(listing(one_end, spirits_path), one_end) == [
        "Take:",
        "1, row 1, left end: Moss.",
        "Row 2:",
        "2, left end: Moss.",
        "3, right end: Moss.",
    ]


def test_small_groups_are_listed_choice_by_choice_in_the_choices_order():
    turn = [
        Choice("travel Oasis #1", "Travel to Oasis (column 1)"),
        Choice("travel Ruins #1", "Travel to Ruins (column 1)"),
        Choice("empower #1", "Empower (column 1)"),
        Choice("manifest #3", "Manifest (column 3)"),
        Choice("empower #4", "Empower (column 4)"),
        *(Choice(f"blast {p} #4", f"Place a Wind Blast in {p} (column 4)") for p in "ABCDEFGHIJKL"),
        Choice("end", "End the turn"),
    ]
    step = listing(turn, wish_path)
    assert step.entries[:5] == (1, 2, 3, 4, 5)
    assert step.entries[5].key == "a" and step.entries[5].numbers == tuple(range(6, 18))
    assert step.entries[6] == 18


def test_a_column_is_said_only_where_it_tells_two_choices_apart():
    turn = [
        Choice("travel Oasis #1", "Travel to Oasis (column 1)"),
        Choice("empower #1", "Empower (column 1)"),
        Choice("empower #4", "Empower (column 4)"),
    ]
    lines = listing_lines(listing(turn, wish_path), turn)
    assert lines == ["1, Travel to Oasis.", "2, Empower (column 1).", "3, Empower (column 4)."]


def test_the_words_a_run_of_choices_begins_with_are_said_once_before_it():
    turn = [
        *(
            Choice(f"travel {a} #1", f"Travel to {a} (column 1)")
            for a in ("Palace", "Dock", "Forest")
        ),
        Choice("empower #1", "Empower (column 1)"),
        *(Choice(f"trade {c}", f"Trade crystals for {c}") for c in ("Ruby (R)", "Emerald (G)")),
        Choice("end", "End the turn"),
    ]
    lines = listing_lines(listing(turn, wish_path), turn)
    assert lines == [
        "Travel to:",
        "1, Palace.",
        "2, Dock.",
        "3, Forest.",
        "4, Empower.",
        "5, Trade crystals for Ruby (R).",
        "6, Trade crystals for Emerald (G).",
        "7, End the turn.",
    ]
    places = [Choice(f"wind {p}", f"Ride the wind to {p}") for p in ("Oasis", "Ruins", "Dock")]
    wind = [*places, Choice("pass", "Pass")]
    assert listing_lines(listing(wind, wish_path), wind)[:2] == ["Ride the wind to:", "1, Oasis."]
    trades = [Choice(f"trade {c}", f"trade crystals for {c}") for c in ("Ruby", "Citrine", "Jade")]
    two_runs = listing_lines(listing([*places, *trades], wish_path), [*places, *trades])
    assert two_runs[4:6] == ["Trade crystals for:", "4, Ruby."]


def test_the_words_said_once_do_not_end_on_a_number_that_counts_each_choices_thing():
    # Wishland's Advertisement Space: 'take 1:' then '1, Happiness.' read as 'take 1 1'.
    gains = [
        Choice(f"gain {what.lower()}", f"take 1 {what}")
        for what in ("Happiness", "Visitor", "Worker")
    ]
    lines = listing_lines(listing(gains, wishland_path), gains)
    assert lines == ["Take:", "1, 1 Happiness.", "2, 1 Visitor.", "3, 1 Worker."]
