"""Symbols said as words, for a line read aloud or on a braille display.

The games' words use a few symbols a screen shows at a glance: ★ for VP, → for what follows,
+1 and −2 for what is gained and lost, ×2 for a double symbol, 4$ for Credits. A speech
synthesizer reads them as nothing ('(6★)' is 'six'), as their names ('right arrow') or letter by
letter; `spoken` writes them as the words they stand for. What lies in square brackets (a
choice's notation, said on request) or in single quotes (a command: 'live 10+5') is left as
it is, since it is meant to be typed back.
"""

from __future__ import annotations

import re

_SIGN = {"+": "plus", "−": "minus"}
_REPLACEMENTS: tuple[tuple[re.Pattern, str], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"(\d+)\$", r"\1 Credits"),
        (r"\$(\d+)", r"\1 Credits"),
        (r"\$", " Credits"),
        (r"([+−])(\d+)★", lambda m: f"{_SIGN[m.group(1)]} {m.group(2)} VP"),
        (r"-(\d+)★", r" minus \1 VP"),
        (r"(\d+)★", r"\1 VP"),
        (r"★", " VP"),
        (r"(\d)\s*→\s*(?=[+−-]?\d)", r"\1 to "),
        (r"\s*→\s*(?=[+−])", " gives "),
        (r"(?<=[a-z]) → (?=[A-Z][a-z]+(?: →|[.,;]|$))", " to "),
        (r"\s*->\s*", " to "),
        (r"\s*→\s*", ", then "),
        (r"\s*←\s*", " from "),
        (r"\+ token", "plus token"),
        (r" \+ (?=\D)", " and "),
        (r"(?<=[a-z])\+(?=[A-Z])", " and "),
        (r"(?<=[:\s])\+(?=[;,.\s]|$)", "plus"),
        (r"\+(\d)", r"plus \1"),
        (r"−(\d)", r"minus \1"),
        (r" \+ ", " plus "),
        (r"\s*×\s*2\b", " twice"),
        (r"\s*×\s*3\b", " three times"),
        (r"\s*×\s*(\d+)", r" times \1"),
        (r"#(\d)", r"\1"),
        (r"^\s*[—–]\s*", ""),
        (r"\s*[—·]\s*", ", "),
        (r"(\d)\s*–\s*(\d)", r"\1 to \2"),
        (r"\s*÷\s*", " out of "),
        (r"…", "..."),
        (r"[’‘]", "'"),
        (r"[“”]", '"'),
        (r"−", "minus "),
        (r"♪", "music"),
        (r"♥", "love"),
        (r"✓", "yes"),
        (r"✗", "no"),
        (r"💬", "chat:"),
    )
)
_TYPED = re.compile(r"(\[[^\]]*\]|(?<!\w)'[^'\n]*?'(?!\w))")
"""A notation in square brackets, or something to type in single quotes ('live 10+5')."""


def _words_of(text: str) -> str:
    for pattern, words in _REPLACEMENTS:
        text = pattern.sub(words, text)
    return text


def spoken(text: str) -> str:
    """`text` with its symbols in words; what is there to be typed back is kept as it is."""
    parts = _TYPED.split(text)
    return "".join(part if i % 2 else _words_of(part) for i, part in enumerate(parts))
