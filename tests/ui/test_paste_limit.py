"""A bracketed paste is cut at its limit, wherever the terminal's reads split the stream, and
nothing outside a paste is changed or held back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wish_tui.ui.terminal.paste_limit import PASTE_END, PASTE_START, PasteLimit

LIMIT = 8


def through(chunks: list[str], limit: int = LIMIT) -> str:
    paste_limit = PasteLimit(limit)
    return "".join(paste_limit.cut(chunk) for chunk in chunks)


def pastes(text: str) -> list[str]:
    """The contents of the complete pastes in `text`."""
    found = []
    for part in text.split(PASTE_START)[1:]:
        if PASTE_END in part:
            found.append(part.split(PASTE_END)[0])
    return found


def test_keys_and_a_short_paste_pass_unchanged():
    text = f"ab\x1b[A{PASTE_START}hello{PASTE_END}q\x1b"
    assert through([text]) == text
    assert through(list(text)) == text  # one character a read: no marker is missed


def test_a_long_paste_is_cut_and_the_rest_of_it_dropped():
    text = f"x{PASTE_START}{'p' * 30}{PASTE_END}y"
    assert through([text]) == f"x{PASTE_START}{'p' * LIMIT}{PASTE_END}y"


def test_a_paste_that_never_ends_holds_no_more_than_the_limit():
    paste_limit = PasteLimit(LIMIT)
    out = paste_limit.cut(PASTE_START) + "".join(paste_limit.cut("z" * 1000) for _ in range(100))
    assert out == PASTE_START + "z" * LIMIT + PASTE_END
    assert paste_limit.cut(f"{PASTE_END}k") == "k"  # its own end, at last: keys again


pieces = st.sampled_from(["a", "é", "\x1b", "[", "2", "0", "1", "~", PASTE_START, PASTE_END, "pp"])


@given(st.lists(pieces, max_size=60), st.lists(st.integers(1, 7), min_size=1, max_size=40))
def test_how_the_reads_split_the_stream_changes_nothing(parts, sizes):
    text = "".join(parts)
    chunks, at = [], 0
    for size in sizes * (len(text) // max(1, sum(sizes)) + 1):
        if at >= len(text):
            break
        chunks.append(text[at : at + size])
        at += size
    whole = through([text])
    assert through(chunks) == whole
    assert all(len(p) <= LIMIT for p in pastes(whole))
    if PASTE_START not in text:
        assert whole == text
