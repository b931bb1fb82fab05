"""Quote what someone else wrote inside a message: short, on one line, every odd character escaped.

Messages about bad input quote the input so a person can see what was wrong; the input may be a
megabyte long, hold control characters, lone surrogates or newlines. `excerpt` keeps a message one
short, printable line whatever it quotes.
"""

from __future__ import annotations

from .text import is_plain_char

LIMIT = 60
"""Characters of the input quoted at most (the ellipsis and escapes come on top)."""


def _escaped(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == "'":
            out.append("\\'")
        elif not is_plain_char(ch):
            if code < 0x100:
                out.append(f"\\x{code:02x}")
            elif code < 0x10000:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


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
    if len(value) > limit:
        head = max(1, limit * 2 // 3)
        tail = max(1, limit - head - 1)
        value = value[:head] + "…" + value[-tail:]
    return "'" + _escaped(value) + "'"
