"""How a person has the plain client read to them: how much it says, symbols or words, notation.

`verbosity` is short (each change in its first words, a bot's turn in its move alone: what a
40-cell braille line shows), normal, or full (every choice with what its card or place does).
`symbols` shows the games' symbols (★, →, +1) instead of their words, `notation` says each
choice's notation after its words. Kept with the person: here in the data directory's
preferences, at a club in the member's settings (`keep` sends them there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

VERBOSITY = ("short", "normal", "full")
"""How much the client says, least first."""
DEFAULTS = {"verbosity": "normal", "symbols": False, "notation": False}
"""Each setting and its value when the person chose none."""
CONSEQUENCE = " → "
"""Where a line of news goes on from the move to what it brought (cut at verbosity short)."""


def valid(settings) -> dict:
    """The reading settings of `settings` that are of a known name and value (the rest left)."""
    if not isinstance(settings, dict):
        return {}
    kept = {}
    for key, default in DEFAULTS.items():
        value = settings.get(key)
        if type(value) is type(default) and (key != "verbosity" or value in VERBOSITY):
            kept[key] = value
    return kept


@dataclass
class Reading:
    """The settings of one person's plain client, and where a change of them is kept."""

    verbosity: str = "normal"
    symbols: bool = False
    notation: bool = False
    keep: Callable[[dict], None] | None = field(default=None, repr=False)
    """Called with the settings that changed, to keep them."""

    @classmethod
    def from_settings(cls, settings, keep: Callable[[dict], None] | None = None) -> Reading:
        return cls(**{**DEFAULTS, **valid(settings)}, keep=keep)

    def settings(self) -> dict:
        """Every setting by its name."""
        return {"verbosity": self.verbosity, "symbols": self.symbols, "notation": self.notation}

    def adopt(self, settings, keep: Callable[[dict], None] | None = None) -> None:
        """Take a person's kept settings (the others as they were) and where to keep changes."""
        for key, value in valid(settings).items():
            setattr(self, key, value)
        self.keep = keep

    def change(self, key: str, value) -> None:
        """Set one setting and keep it."""
        setattr(self, key, value)
        if self.keep is not None:
            self.keep({key: value})

    @property
    def short(self) -> bool:
        return self.verbosity == "short"

    @property
    def full(self) -> bool:
        return self.verbosity == "full"

    def news(self, line: str) -> str:
        """A line of news as said at this verbosity: at short, its move without what followed."""
        if self.short and CONSEQUENCE in line:
            return line.split(CONSEQUENCE, 1)[0].rstrip(" .;,") + "."
        return line
