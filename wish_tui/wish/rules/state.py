"""The game state: who decides now, what they may do, what happens, what each seat may see."""

from __future__ import annotations

from wish_tui.core.slot_copy import slot_copy
from wish_tui.core.state import BaseState, StateParts

from . import decisions, explain, flow, scoring, serial, turn, undo, views
from .actions import Action, IllegalAction
from .catalog import Catalog
from .player import ALL_SEATS, Player

SHARED_LISTS = (
    "area_meeples",
    "monuments",
    "offer",
    "frost",
    "deck",
    "discard",
    "caravan_deck",
    "challenge_deck",
    "wind",
    "clones",
)
"""List fields that `apply` shares between a state and the next until a rule changes one
(`State.own`): most actions change none of them."""
SHARED_BIT = {name: 1 << i for i, name in enumerate(SHARED_LISTS)}
"""A bit per list in SHARED_LISTS: `State._shared` has the bits of the lists still shared."""
ALL_SHARED = (1 << len(SHARED_LISTS)) - 1


@slot_copy(
    name="_copy_shared",
    sliced="players pending",
    fresh={"_legal": None, "_buf": (), "_own_seats": 0, "_shared": ALL_SHARED},
    doc="Return a copy that shares the seats' pieces and SHARED_LISTS (see `copy`).",
)
@slot_copy(
    name="_copy_owned",
    sliced=("pending", *SHARED_LISTS),
    fresh={"_legal": None, "_buf": (), "_own_seats": ALL_SEATS, "_shared": 0, "_supply": None},
    leave="players",
    doc="Return a copy with its own lists but the seats' pieces unset (see `copy`).",
)
class State(BaseState):
    """A position of a game of Wish. Treat it as immutable: `apply` returns a new State."""

    __slots__ = (
        "catalog",
        "djinns",
        "solo",
        "seed",
        "phase",
        "round",
        "order",
        "turn_idx",
        "turn_done",
        "final_round",
        "players",
        *SHARED_LISTS,
        "caravan_pos",
        "caravan_card",
        "challenge_card",
        "solo_hatred",
        "clones_discarded",
        "pending",
        "rng",
        "_legal",
        "_buf",
        "_shared",
        "_own_seats",
        "_supply",
    )

    DEFAULT_CATALOG: Catalog
    """The printed facts every state uses unless given others (set by the package)."""

    catalog: Catalog
    djinns: tuple[str, ...]
    """The Djinn of each seat, in seat order."""
    solo: str
    """'' for a game between seats, else the solo difficulty: easy, medium or hard."""
    seed: int
    phase: str
    """'setup', 'play' or 'over'."""
    round: int
    order: tuple[int, ...]
    """Seats in turn order, the first player first."""
    turn_idx: int
    turn_done: bool
    final_round: bool
    players: list[Player]
    area_meeples: list[int]
    """Wishing Person meeples standing in each Area: 6 counts per Area, Area after Area."""
    monuments: list
    """Per Area: None, or (builder seat, meeple counts) once its Monument is built."""
    offer: list
    """The three Offer slots, left to right: a Wish name or None."""
    frost: list[str]
    """Wishes in the Offer that carry a Frostflake token."""
    deck: list[str]
    """The Wish deck; the top card is the last."""
    discard: list[str]
    caravan_pos: int
    """The Caravan's position on its route (0 = start; the last = the Dock)."""
    caravan_card: int
    """Index of this round's Caravan card, or -1 before the first round."""
    caravan_deck: list[int]
    challenge_deck: list[str]
    challenge_card: str
    solo_hatred: bool
    wind: list[int]
    """Areas with a Wind Blast token."""
    clones: list[int]
    """Areas with a Fiery Clone token."""
    clones_discarded: int
    """Fiery Clone tokens used up and out of the game (Example 8: "discarding a Fiery Clone")."""
    pending: list[tuple]
    """Decisions and steps still to resolve, the next first: (kind, seat, *details)."""
    rng: int
    _supply: tuple[int, ...] | None
    """The crystals in the supply per colour, kept by `supply.crystal_supply` (None: not counted)."""

    # -- who decides now -------------------------------------------------------------------
    def _turn_player(self) -> int:
        return self.order[self.turn_idx]

    @property
    def turn_seat(self) -> int:
        """The seat whose turn it is (during setup: the seat deciding)."""
        if self.phase == "setup" and self.pending:
            return self.pending[0][1]
        return self.order[self.turn_idx]

    @property
    def num_seats(self) -> int:
        """How many seats play."""
        return len(self.djinns)

    def seat_of(self, djinn: str) -> int:
        """Return the seat playing `djinn`, or -1."""
        return self.djinns.index(djinn) if djinn in self.djinns else -1

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in turn order after `seat`."""
        n = len(self.djinns)
        return [(seat + k) % n for k in range(1, n)]

    # -- what the rules supply to the front door (`BaseState.apply`) ------------------------
    PARTS = StateParts("wish", IllegalAction, undo.POLICY, explain, views, scoring, serial)

    def _legal_actions(self) -> list[Action]:
        if self.pending:
            return decisions.options(self, self.pending[0])
        return turn.turn_actions(self)

    def _successor(self) -> State:
        return self._copy_shared()

    def _apply_action(self, action: Action) -> None:
        if self.pending:
            decisions.resolve(self, self.pending.pop(0), action)
        else:
            turn.resolve(self, action)
        if self._buf:
            self.flush()
        if self.pending or self.turn_done:  # else there is nothing to advance
            flow.advance(self)

    def copy(self, share: bool = False) -> State:
        """Return an independent copy (the building block of `apply`).

        Args:
            share: share the seats' pieces and the lists in SHARED_LISTS with this state until
                `pieces` or `own` copies them (`apply` does: most actions change few of them).
        """
        if share:
            return self._copy_shared()
        s = self._copy_owned()
        s.players = [p.copy() for p in self.players]
        return s

    # -- building blocks for the rule modules ----------------------------------------------
    def pieces(self, seat: int) -> Player:
        """A seat's pieces, ready to be changed: copied first if still shared with the state this
        one was made from. Every change to a seat's pieces goes through here; reading them is
        ``st.players[seat]``."""
        bit = 1 << seat
        if self._own_seats & bit:
            return self.players[seat]
        player = self.players[seat] = self.players[seat].copy()
        self._own_seats |= bit
        return player

    def own(self, name: str) -> list:
        """The list field `name`, ready to be changed: copied first if it is still shared with
        the state this one was made from (see SHARED_LISTS). Every change to those lists goes
        through here."""
        value = getattr(self, name)
        bit = SHARED_BIT[name]
        if self._shared & bit:
            value = value[:]
            setattr(self, name, value)
            self._shared &= ~bit
        return value

    def visible_score(self, seat: int) -> int:
        """The VP a seat has on the table (everything but its secret Destiny)."""
        return scoring.visible_score(self, seat)

    def __repr__(self) -> str:
        return f"<wish State round {self.round} {self.phase} seat {self.current_player}>"
