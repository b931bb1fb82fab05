"""Crystal colours are told apart in truecolor, 256 and 16 colours, and read on dark and light
backgrounds (issue: Ruby and Amethyst looked the same; Sapphire showed purple, Citrine orange)."""

from __future__ import annotations

import colorsys

from rich.color import Color, ColorSystem

from wish_tui.wish.ui.style import COLOUR_STYLE, CRYSTAL_HEX, DJINN_STYLE
from wish_tui.wish.words.marks import LETTER


def test_six_different_colours_in_every_colour_system():
    for system in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD):
        shown = {Color.parse(h).downgrade(system).get_truecolor() for h in CRYSTAL_HEX.values()}
        assert len(shown) == 6, system


def test_sixteen_colour_names_fit_the_crystals():
    """Ruby red, Sapphire blue, Emerald green, Citrine yellow, Amethyst magenta."""
    names = {
        c: Color.parse(h).downgrade(ColorSystem.STANDARD).number for c, h in CRYSTAL_HEX.items()
    }
    assert names["red"] in (1, 9) and names["blue"] in (4, 12) and names["green"] in (2, 10)
    assert names["yellow"] in (3, 11) and names["purple"] in (5, 13)


def test_hues_are_far_apart_and_no_colour_is_too_light_or_dark():
    hues = {}
    for colour, hex_ in CRYSTAL_HEX.items():
        r, g, b = (int(hex_[i : i + 2], 16) / 255 for i in (1, 3, 5))
        hue, lightness, _ = colorsys.rgb_to_hls(r, g, b)
        assert 0.3 <= lightness <= 0.65, colour  # readable on black and on white
        hues[colour] = hue * 360
    ordered = sorted(hues.values())
    gaps = [(b - a) for a, b in zip(ordered, ordered[1:] + [ordered[0] + 360], strict=True)]
    assert min(gaps) >= 25


def test_every_colour_also_has_a_letter_and_a_style():
    assert set(LETTER) == set(COLOUR_STYLE) == set(CRYSTAL_HEX)
    assert len(set(LETTER.values())) == 6
    assert len(set(DJINN_STYLE.values())) == 4
