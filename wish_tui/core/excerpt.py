"""Quote what someone else wrote inside a message: short, on one line, every odd character escaped.

Messages about bad input quote the input so a person can see what was wrong; the input may be a
megabyte long, hold control characters, lone surrogates or newlines. `excerpt` keeps a message one
short, printable line whatever it quotes.
"""

from __future__ import annotations

import unicodedata

from .text import is_plain_char

LIMIT = 60
"""Characters of the input quoted at most (the ellipsis comes on top); escaped, an excerpt shows at
most twice as many characters, its odd ones fewer."""


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _pieces(text: str) -> list[str]:
    """Each character as it is shown: itself, or its escape when it is odd. A combining mark
    after an escape (or first) is escaped too, or it would be drawn on the escape's last letter."""
    out = []
    after_escape = True
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == "'":
            out.append("\\'")
        elif not is_plain_char(ch) or (after_escape and unicodedata.category(ch).startswith("M")):
            out.append(_escape(ch))
            after_escape = True
            continue
        else:
            out.append(ch)
        after_escape = False
    return out


def _within(pieces: list[str], budget: int) -> list[str]:
    """The first pieces that fit in `budget` characters (at least one)."""
    kept, used = [], 0
    for piece in pieces:
        if kept and used + len(piece) > budget:
            break
        kept.append(piece)
        used += len(piece)
    return kept


def excerpt(value, limit: int = LIMIT) -> str:
    """Return `value` as a short quoted excerpt, e.g. ``'travel Do…'``.

    Text longer than `limit` characters keeps its start and its end around an ellipsis (a path's
    file name stays visible). Anything that is not text is shown by its type and a short form.
    """
    if isinstance(value, bytes):
        value = value.decode("utf-8", "backslashreplace")
    if not isinstance(value, str):
        if isinstance(value, bool) or value is None:
            return str(value).lower() if value is not None else "null"
        if isinstance(value, int):
            if value.bit_length() > 4000:  # str() of it may exceed Python's digit limit
                return f"a number of {value.bit_length()} bits"
            text = str(value)
            return text if len(text) <= 20 else f"{text[:12]}… ({len(text)} characters)"
        return f"a {type(value).__name__}"
    head = max(1, limit * 2 // 3)
    tail = max(1, limit - head - 1)
    if len(value) <= limit:
        whole = _pieces(value)
        if sum(map(len, whole)) <= 2 * limit:
            return "'" + "".join(whole) + "'"
    start = _within(_pieces(value[:head]), head)
    end = _within(_pieces(value[-tail:])[::-1], tail)[::-1]
    return "'" + "".join(start) + "…" + "".join(end) + "'"
