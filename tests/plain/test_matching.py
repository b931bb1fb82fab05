"""A typed line among a seat's choices, and the choices as numbered lines."""

from __future__ import annotations

from wish_tui.plain.matching import match
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
        Choice("fulfill Vendetta #3", "Fulfill Vendetta (column 3)"),
        Choice("fulfill Vendetta #4", "Fulfill Vendetta (column 4)"),
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
