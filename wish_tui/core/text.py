"""Text from outside made safe to show and to write: one test of what is odd, one way to clean it.

Names, chat lines, save descriptions and command-line values come from strangers. A character is
*plain* when it is printable and not a lone surrogate (which no UTF-8 file or terminal can hold);
everything else (control characters, newlines, escapes) is odd. `is_plain_text` asks whether text
holds only plain characters; `plain_text` drops or escapes the odd ones and cuts the text to a
length, as each caller needs.
"""

from __future__ import annotations

__all__ = ["is_plain_char", "is_plain_text", "plain_text"]

ODD = ("drop", "escape")
"""What `plain_text` may do with an odd character: leave it out, or write its Python escape."""


def is_plain_char(ch: str) -> bool:
    """True for a printable character (a lone surrogate never is: its category is Cs)."""
    return ch.isprintable()


def is_plain_text(text: str) -> bool:
    """True for text without control characters or lone surrogates (safe to show and write)."""
    return text.isprintable()


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def plain_text(text: str, limit: int | None = None, *, odd: str = "drop", cut: str = "") -> str:
    """Return `text` with its odd characters dropped or escaped, at most `limit` characters long.

    Args:
        text: any text.
        limit: the most characters returned (None: no limit).
        odd: "drop" leaves odd characters out; "escape" writes each as its Python escape
            (``\\x07``, ``\\n``, ``\\ud800``).
        cut: what ends a text that had to be cut (e.g. "…"), counted within `limit`.
    """
    if odd not in ODD:
        raise ValueError(f"odd must be one of {', '.join(ODD)}")
    if odd == "drop":
        out = "".join(ch for ch in text if is_plain_char(ch))
    else:
        out = "".join(ch if is_plain_char(ch) else _escape(ch) for ch in text)
    if limit is None or len(out) <= limit:
        return out
    if limit < len(cut):
        return out[:limit]
    return out[: limit - len(cut)] + cut
