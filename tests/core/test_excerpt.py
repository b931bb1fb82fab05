"""Quoting input inside a message: short, one line, every odd character escaped."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wish_tui.core.excerpt import LIMIT, excerpt


def test_short_text_is_quoted_whole():
    assert excerpt("travel Dock") == "'travel Dock'"


def test_long_text_keeps_its_start_and_end():
    text = "a" * 1_000_000 + "END"
    quoted = excerpt(text)
    assert len(quoted) <= LIMIT + 3
    assert quoted.startswith("'aaa") and quoted.endswith("END'") and "…" in quoted


def test_control_characters_and_lone_surrogates_are_escaped():
    quoted = excerpt("a\nb\x00c\ud800")
    assert quoted == "'a\\x0ab\\x00c\\ud800'"
    quoted.encode("utf-8")  # a lone surrogate would make this raise


def test_numbers_beyond_any_limit_are_described_not_printed():
    assert excerpt(5) == "5"
    assert excerpt(10**30).endswith("(31 characters)")
    assert excerpt(10**5000) == f"a number of {(10**5000).bit_length()} bits"


def test_other_values_name_their_type():
    assert excerpt([1, 2]) == "a list"
    assert excerpt(None) == "null"
    assert excerpt(True) == "true"


@given(st.text())
def test_any_text_becomes_one_short_printable_line(text):
    quoted = excerpt(text)
    assert "\n" not in quoted and "\r" not in quoted
    assert len(quoted) <= 4 * (LIMIT + 3)
    quoted.encode("utf-8")


def test_escapes_keep_the_excerpt_short():
    """Sixty odd characters escape to hundreds: the excerpt is cut by what it shows."""
    for text in ("\u202e" * 1000, "\U000e0001" * 200, "\u202e" * 60):
        quoted = excerpt(text)
        assert len(quoted) <= 2 * LIMIT + 3, quoted
        assert quoted.startswith("'\\u") or quoted.startswith("'\\U")


def test_a_combining_mark_never_joins_an_escape_or_the_quote():
    """A combining accent after an escape would be drawn on its last letter ('\\u202é')."""
    assert excerpt("\u202e\u0301x") == "'\\u202e\\u0301x'"
    assert excerpt("\u0301abc") == "'\\u0301abc'"
    assert excerpt("e\u0301") == "'e\u0301'"  # an accent on a letter stays as it is
