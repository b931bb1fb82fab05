"""A seat's pieces: tracks, Credits, Workers, its play area, its hand and its Entrepreneur.

Every field holds an immutable value (ints, strings, tuples), so a copy is a shallow one and a
State shares the Players it does not change (copy on write, see `State.mut`).
"""

from __future__ import annotations

from wish_tui.core.slot_copy import slot_copy

from .catalog import HOTEL, TICKET
from .tables import CATEGORY, HOTEL_NUMBER, INCOME, KIND


@slot_copy(doc="Return an independent copy (every field is immutable).")
class Player:
    """One seat's pieces."""

    __slots__ = (
        "credits",
        "vp",
        "happiness",
        "visitors",
        "workers",
        "reserve",
        "park",
        "counts",
        "symbols",
        "income",
        "hotels",
        "hand",
        "ent",
        "ent_options",
        "ent_discard",
        "tile",
        "tile_claimed",
    )

    credits: int
    vp: int
    """Points on the Victory Points Track (scored during play)."""
    happiness: int
    visitors: int
    workers: int
    """Workers at hand, ready to place."""
    reserve: int
    """Bonus Workers still on the Worker Reserve (6 at the start)."""
    park: tuple[int, ...]
    """Cards in the play area, in the order played (Ticket Offices are counted, not listed)."""
    counts: tuple[int, ...]
    """Cards in the play area per colour: yellow, red, blue, green, black, purple (tickets)."""
    symbols: tuple[int, ...]
    """Copies of each Category Symbol on the cards in the play area (Mascots included)."""
    income: int
    """The Income the Restaurant Cards in the play area print (the other sources not added)."""
    hotels: int
    """Bit n is set when Hotel #n is in the play area."""
    hand: tuple[int, ...]
    """Solo: the cards in hand."""
    ent: int
    """The kept Entrepreneur's number (0: none, or not chosen yet)."""
    ent_options: tuple[int, ...]
    """The two Entrepreneurs dealt, until one is kept."""
    ent_discard: int
    tile: str
    """Entrepreneur #3: the private Achievement Tile ('' when none)."""
    tile_claimed: bool

    @classmethod
    def start(cls, workers: int, reserve: int, tickets: int) -> Player:
        """The pieces of a seat at the start of the game."""
        p = cls.__new__(cls)
        p.credits = p.vp = p.happiness = p.visitors = 0
        p.workers = workers
        p.reserve = reserve
        p.park = ()
        p.counts = (0, 0, 0, 0, 0, tickets)
        p.symbols = (0,) * 12
        p.income = 0
        p.hotels = 0
        p.hand = ()
        p.ent = 0
        p.ent_options = ()
        p.ent_discard = 0
        p.tile = ""
        p.tile_claimed = False
        return p

    def add_card(self, card: int) -> None:
        """Put a card into the play area."""
        self.park += (card,)
        kind = KIND[card]
        counts = list(self.counts)
        counts[kind] += 1
        self.counts = tuple(counts)
        symbols = list(self.symbols)
        symbols[CATEGORY[card]] += 1
        self.symbols = tuple(symbols)
        self.income += INCOME[card]
        if kind == HOTEL:
            self.hotels |= 1 << HOTEL_NUMBER[card]

    def set_park(self, park: tuple[int, ...], tickets: int) -> None:
        """Replace the play area, recomputing the counts and the Hotel bits."""
        self.park = ()
        self.counts = (0, 0, 0, 0, 0, tickets)
        self.symbols = (0,) * 12
        self.income = 0
        self.hotels = 0
        for card in park:
            self.add_card(card)

    def has_hotel(self, number: int) -> bool:
        """True when Hotel #`number` is in the play area."""
        return bool(self.hotels >> number & 1)

    @property
    def tickets(self) -> int:
        """Ticket Office Cards in the play area."""
        return self.counts[TICKET]
