"""Names people can trust: one that looks like another member's is refused (UTS #39 skeletons),
and so are names that pile marks, mix writing directions, hide characters or spill over their
line; a name in any script that stays in its place is welcome."""

from __future__ import annotations

import pytest

from wish_tui.club import InputRefused, NameTaken, check_name
from wish_tui.core.skeleton import skeleton

from .conftest import key, people


def test_the_skeleton_is_unicodes():
    assert skeleton("\u0410nn") == skeleton("Ann")  # Cyrillic А
    assert skeleton("Sam") == skeleton("Sarn")  # m looks like r n
    assert skeleton("pa\u0443pal") == skeleton("paypal")  # Cyrillic у
    assert skeleton("Ann") != skeleton("Anne")


@pytest.mark.parametrize("look_alike", ["\u0410nn", "\u0410NN", "Аnn\u200b"[:3], "AnN"])
def test_a_name_that_looks_like_a_members_is_refused_to_a_newcomer(club, look_alike):
    people(club, "Ann")
    with pytest.raises(NameTaken) as refused:
        club.players.register(key(9), look_alike)
    assert "\n" not in str(refused.value)
    assert club.players.by_key(key(9)) is None


@pytest.mark.parametrize("look_alike", ["b0b", "B0B", "b0B"])
def test_a_digit_that_looks_like_a_letter_of_another_case_is_a_look_alike(club, look_alike):
    # '0' looks like 'O' (its skeleton), and 'O' like the 'o' of 'Bob' once case is set aside.
    people(club, "Bob")
    with pytest.raises(NameTaken, match="looks like the name of another player"):
        club.players.register(key(9), look_alike)


def test_look_alikes_are_refused_to_renames_and_guests_but_not_to_oneself(club):
    ann, bob = people(club, "Ann", "Bill")
    with pytest.raises(NameTaken, match="looks like the name of another player"):
        club.players.rename(ann.id, "BiII")  # two capital i
    with pytest.raises(NameTaken):
        club.players.guest("\u0410nn")
    assert club.players.rename(ann.id, "ANN").name == "ANN"
    assert club.players.rename(bob.id, "Bi11").name == "Bi11"  # digits look other in skeletons


def test_a_look_alike_of_a_bot_level_is_kept_for_the_bots():
    with pytest.raises(InputRefused, match="kept for the club's bots"):
        check_name("rnedium")


@pytest.mark.parametrize(
    "name, words",
    [
        ("Z" + "\u0301\u0300\u0302\u0303" * 4 + "algo", "at most 2 marks above a letter"),
        ("Ann \u05d3\u05df", "written in one direction"),  # Hebrew beside Latin
        ("Ann \u0645\u062d", "written in one direction"),  # Arabic beside Latin
        ("\u3164\u3164", "no tabs, control or invisible characters"),  # Hangul fillers
        ("An\u200bn", "no tabs, control or invisible characters"),  # zero-width space
        ("\u202eAnn", "no tabs, control or invisible characters"),  # right-to-left override
        ("Ann\ufe0f", "no tabs, control or invisible characters"),  # variation selector
        ("\ufdfd", "cannot be part of one"),  # a ligature as wide as a sentence
        ("\U0001202b\U0001202b", "cannot be part of one"),  # cuneiform
        ("Ann \u2603", "cannot be part of one"),  # a snowman
        ("Ann \U0001f600", "cannot be part of one"),  # an emoji
        ("Ann\u20dd", "cannot be part of one"),  # an enclosing circle over the last letter
        ("\u0301Ann", "not with a mark"),
        ("--", "at least one letter or digit"),
    ],
)
def test_names_that_would_not_stay_on_their_line_are_refused_in_one_sentence(name, words):
    with pytest.raises(InputRefused) as refused:
        check_name(name)
    message = str(refused.value)
    assert words in message and "\n" not in message and message.count(". ") == 0


@pytest.mark.parametrize(
    "name",
    ["Zoë", "Nguyễn Văn Ấn", "山田太郎", "محمد", "שרה", "བསྒྲུབས", "Ольга", "O'Brien-Smith", "Ann 2"],
)
def test_names_in_any_script_that_stay_in_place_are_welcome(name):
    assert check_name(name) == name
