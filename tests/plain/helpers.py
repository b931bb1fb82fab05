"""Playing the plain client through a pipe, as a script (or a blind player) would: read its lines,
answer each decision it asks with one of the numbers it offers."""

from __future__ import annotations

import random
import re
import unicodedata

DECISION = re.compile(r"^(?:\w+, )?[Yy]our decision \((\d+) choices?(?:, [^)]*)?\):")
"""The line that asks this keyboard's decision, with how many choices it offers (and the time
left on its clock, at a table that has one)."""
CURTAIN = re.compile(r"pass the keyboard to \w+, then press Enter\.$")
OVER = "score reads the scoring again"
"""The start of the last line said when a game ends."""
ESCAPE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x9b]")


def odd_characters(line: str) -> list[str]:
    """What in a line is not plain text: control characters and escapes, box drawing and block
    elements (U+2500–U+259F), anything else unprintable."""
    odd = [repr(ch) for ch in ESCAPE.findall(line)]
    odd += [f"U+{ord(ch):04X}" for ch in line if "\u2500" <= ch <= "\u259f"]
    odd += [
        f"U+{ord(ch):04X}"
        for ch in line
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in "\n"
    ]
    return odd


class Player:
    """Answers each decision with a random offered number, each curtain with Enter."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.decisions = 0

    def answer(self, line: str) -> str | None:
        """The line to type after reading `line`, or None."""
        asked = DECISION.match(line)
        if asked:
            self.decisions += 1
            return str(self.rng.randint(1, int(asked.group(1))))
        if CURTAIN.search(line):
            return ""
        return None
