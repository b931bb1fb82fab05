"""A typed line among a seat's choices, and the choices as numbered lines."""

from __future__ import annotations

from wish_tui.plain.matching import choice_lines, match
from wish_tui.tables.seat import Choice

PLACES = ("Sandhills", "Oasis", "Palace Gardens", "Forest", "Ruins", "Dock")
CHOICES = (
    Choice("travel Oasis #1", "Travel to Oasis (column 1)"),
    Choice("travel Palace Gardens #3", "Travel to Palace Gardens (column 3)"),
    Choice("empower #1", "Empower (column 1)"),
    *(Choice(f"blast {p} #4", f"Place a Wind Blast in {p} (column 4)") for p in PLACES),
    Choice("end", "End the turn"),
)


def test_a_number_names_its_choice_and_one_out_of_range_names_none():
    assert match("3", CHOICES).choice.notation == "empower #1"
    assert match(" 10 ", CHOICES).number == 10
    assert match("0", CHOICES).choice is None and match("11", CHOICES).choice is None


def test_the_notation_in_any_case_and_spacing_names_its_choice():
    found = match("TRAVEL   palace gardens #3", CHOICES)
    assert found.choice.notation == "travel Palace Gardens #3" and found.number == 2


def test_the_notation_without_its_column_names_its_choice_before_longer_ones():
    palaces = (
        Choice("travel Palace Gardens #3", "Travel to Palace Gardens (column 3)"),
        Choice("travel Palace #3", "Travel to Palace (column 3)"),
        Choice("fulfill Vendetta #3", "Fulfil Vendetta (column 3)"),
        Choice("fulfill Vendetta #4", "Fulfil Vendetta (column 4)"),
    )
    assert match("travel palace", palaces).number == 2
    both = match("fulfill vendetta", palaces)
    assert both.choice is None and [n for n, _ in both.candidates] == [3, 4]


def test_the_start_of_each_word_names_a_choice_when_only_one_fits():
    assert match("tr pa", CHOICES).choice.notation == "travel Palace Gardens #3"
    assert match("bl do", CHOICES).choice.notation == "blast Dock #4"
    assert match("en", CHOICES).choice.notation == "end"


def test_a_start_that_fits_several_choices_names_them_all():
    found = match("travel", CHOICES)
    assert found.choice is None
    assert [n for n, _ in found.candidates] == [1, 2]
    assert [c.notation for _, c in match("e", CHOICES).candidates] == ["empower #1", "end"]


def test_a_line_that_fits_nothing_is_left_to_the_rules():
    found = match("fly to the moon", CHOICES)
    assert found.choice is None and found.candidates == ()


def test_few_choices_are_one_a_line_with_their_words():
    lines = choice_lines(CHOICES[:3] + CHOICES[-1:])
    assert lines == [
        "1 travel Oasis #1: Travel to Oasis (column 1)",
        "2 travel Palace Gardens #3: Travel to Palace Gardens (column 3)",
        "3 empower #1: Empower (column 1)",
        "4 End the turn",
    ]


def test_a_long_run_of_one_verb_shares_one_line():
    lines = choice_lines(CHOICES)
    assert lines[3] == (
        "4 to 9, blast … #4, Place a Wind Blast in … (column 4): 4 Sandhills, 5 Oasis, "
        "6 Palace Gardens, 7 Forest, 8 Ruins, 9 Dock."
    )
    assert lines[-1] == "10 End the turn" and len(lines) == 5


def test_a_run_whose_words_differ_from_the_notation_keeps_both():
    trades = [
        Choice("trade red", "Trade crystals for Ruby (R)"),
        Choice("trade blue", "Trade crystals for Sapphire (B)"),
        Choice("trade green", "Trade crystals for Emerald (G)"),
        Choice("trade yellow", "Trade crystals for Citrine (Y)"),
        Choice("trade white", "Trade crystals for Diamond (W)"),
        *CHOICES[:4],
    ]
    line = choice_lines(trades)[0]
    assert line.startswith("1 to 5, trade …, Trade crystals for …: 1 red: Ruby (R); 2 blue: ")
