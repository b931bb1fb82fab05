"""The UTS #39 skeleton of a text: two texts that look alike have the same skeleton.

Unicode's Security Mechanisms (UTS #39, section 4) define it: the text in NFD, its default
ignorable code points removed, each character replaced by its prototype from the confusables
table, and NFD again. "Аnn" (a Cyrillic А) and "Ann" share the skeleton "Ann"; "rn" and "m"
share "rn". The table is Unicode's confusables.txt, shipped with this package as its data lines
(`data/confusables.txt`, read once, on first use; no network). No maintained package on PyPI
gives the skeleton itself (confusable_homoglyphs and confusables give neighbours or every
variant, not the one prototype string), so it is computed here from the standard's table.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

__all__ = ["is_default_ignorable", "skeleton"]

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters that
show nothing, such as zero-width spaces, bidi controls, variation selectors and the Hangul
fillers that pass for letters."""


def is_default_ignorable(ch: str) -> bool:
    """True for a character Unicode says shows nothing by default."""
    code = ord(ch)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


@cache
def _prototypes() -> dict[str, str]:
    table: dict[str, str] = {}
    text = resources.files("wish_tui.core").joinpath("data/confusables.txt").read_text("utf-8")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        source, prototype = line.split(";")
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of `text` (equal skeletons: the texts can be confused)."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(prototypes.get(ch, ch) for ch in decomposed if not is_default_ignorable(ch))
    return unicodedata.normalize("NFD", mapped)
