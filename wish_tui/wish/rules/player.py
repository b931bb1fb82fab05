"""A seat's pieces: where its Djinn stands and everything in front of its player board."""

from __future__ import annotations

from wish_tui.core.slot_copy import slot_copy


def _copied(value):
    return value[:] if isinstance(value, list) else value


ALL_SEATS = 0b1111
"""A bit per seat (four at most): `State._own_seats` when every seat's pieces are the state's own."""


@slot_copy(
    sliced=("crystals",),
    doc="Return a copy that changes independently: its own crystals, the other lists shared"
    " until `own` replaces them.",
)
class Player:
    """One seat's mutable pieces; a State copies it before changing it."""

    __slots__ = (
        "djinn",
        "area",
        "crystals",
        "nest",
        "hand",
        "fulfilled",
        "meeples",
        "badges",
        "vp_tokens",
        "potions",
        "trickery",
        "markers",
        "potion_used",
        "trickery_used",
        "unlocked",
        "destiny",
        "destiny_options",
    )

    djinn: str
    area: int
    crystals: list[int]
    """Crystals on the player board, per colour."""
    nest: list[int]
    """Crystals on the Earth Djinn's Nest token, per colour (they cannot be spent)."""
    hand: list[str]
    fulfilled: list[str]
    meeples: list[int]
    """Wishing Person meeples collected and not yet built into a Monument, per colour."""
    badges: list[str]
    vp_tokens: int
    potions: int
    trickery: int
    markers: list[str]
    """Per action column, the symbol an action marker is on this turn ('' when none)."""
    potion_used: str
    """'' or 'COLUMN:SYMBOL' of the Potion action taken this turn."""
    trickery_used: bool
    unlocked: bool
    destiny: str
    destiny_options: list[str]

    @classmethod
    def start(cls, djinn: str, area: int) -> Player:
        """Return the pieces of a Djinn at the start of the game."""
        p = cls()
        p.djinn = djinn
        p.area = area
        p.crystals = [0] * 6
        p.nest = [0] * 6
        p.hand = []
        p.fulfilled = []
        p.meeples = [0] * 6
        p.badges = []
        p.vp_tokens = 0
        p.potions = 0
        p.trickery = 0
        p.markers = ["", "", "", ""]
        p.potion_used = ""
        p.trickery_used = False
        p.unlocked = False
        p.destiny = ""
        p.destiny_options = []
        return p

    def own(self, name: str) -> list:
        """The list field `name`, ready to be changed: replaced first by a copy, as `copy` shares
        every list but the crystals. Every change inside those lists goes through here (the
        crystals change in place); assigning a new list needs no call."""
        value = getattr(self, name)[:]
        setattr(self, name, value)
        return value

    @property
    def markers_placed(self) -> int:
        """How many action markers are on the board this turn."""
        return sum(1 for m in self.markers if m)

    @property
    def crystal_count(self) -> int:
        """Crystals on the player board (the Nest not included)."""
        return sum(self.crystals)

    def to_dict(self) -> dict:
        """Return the pieces as JSON-safe data."""
        return {name: _copied(getattr(self, name)) for name in self.__slots__}

    @classmethod
    def from_dict(cls, d: dict) -> Player:
        """Rebuild pieces written by `to_dict` (the caller validates)."""
        p = cls()
        for name in cls.__slots__:
            value = d[name]
            setattr(p, name, list(value) if isinstance(value, list) else value)
        return p
