"""One test of odd characters and one way to drop or escape them, for every caller."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wish_tui.core.text import is_plain_char, is_plain_text, plain_text

ODD = ["\x00", "\x07", "\n", "\t", "\x1b", "\x7f", "\u2028", "\ud800", "\udfff"]


@pytest.mark.parametrize("ch", ODD)
def test_control_characters_and_lone_surrogates_are_odd(ch) -> None:
    assert not is_plain_char(ch)
    assert not is_plain_text(f"ab{ch}cd")
    assert plain_text(f"ab{ch}cd") == "abcd"


def test_plain_text_is_kept_whole() -> None:
    for text in ("travel Dock #3", "Zoë 🐉", "", " spaced  out "):
        assert is_plain_text(text) and plain_text(text) == text


def test_escaping_writes_each_odd_character_as_its_escape() -> None:
    assert plain_text("a\x1b[31mb\nc\ud800", odd="escape") == "a\\x1b[31mb\\nc\\ud800"


def test_a_cut_text_keeps_its_mark_within_the_limit() -> None:
    assert plain_text("abcdefgh", 5) == "abcde"
    assert plain_text("abcdefgh", 5, cut="…") == "abcd…"
    assert plain_text("abcde", 5, cut="…") == "abcde"
    assert plain_text("a\x07bcdef", 4, odd="escape", cut="…") == "a\\x…"


def test_an_unknown_way_is_refused() -> None:
    with pytest.raises(ValueError, match="odd"):
        plain_text("a", odd="keep")


@given(st.text(), st.integers(0, 50), st.sampled_from(["drop", "escape"]))
def test_whatever_comes_in_comes_out_plain_and_short(text, limit, odd) -> None:
    out = plain_text(text, limit, odd=odd, cut="…")
    assert is_plain_text(out) and len(out) <= limit
    assert len(out.encode("utf-8")) >= len(out)  # never a lone surrogate
