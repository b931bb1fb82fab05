"""The game state: who decides now, what they may do, what happens, what each seat may see."""

from __future__ import annotations

from wish_tui.core.slot_copy import slot_copy
from wish_tui.core.state import BaseState, StateParts

from . import decisions, explain, flow, scoring, serial, turn, undo, views
from .actions import Action, IllegalAction


@slot_copy(
    sliced="track market stacks claimed players pending",
    fresh={"_legal": None, "_buf": (), "_owned": 0},
    doc="Return an independent copy (Players are shared until `mut` copies them).",
)
class State(BaseState):
    """A position of a game of Wishland. Treat it as immutable: `apply` returns a new State.

    Cards are numbered 0-119 inside (see `catalog`); -1 marks an empty Marketplace slot.
    """

    __slots__ = (
        "seats",
        "solo",
        "ent_opt",
        "tiles_opt",
        "seed",
        "rng",
        "phase",
        "round",
        "turn",
        "idx",
        "first",
        "track",
        "order",
        "stage",
        "paid",
        "adv",
        "market",
        "decks",
        "discards",
        "stacks",
        "tickets",
        "ach",
        "claimed",
        "tile_box",
        "ent_box",
        "players",
        "pending",
        "_legal",
        "_buf",
        "_owned",
    )

    seats: tuple[str, ...]
    """The player colour of each seat, in clockwise order."""
    solo: bool
    ent_opt: bool
    """True when the optional Entrepreneur Cards are used."""
    tiles_opt: bool
    """True when the optional Achievement Tiles are used."""
    seed: int
    rng: int
    """The seeded generator's whole state (see `wish_tui.core.rng`)."""
    phase: str
    """setup, order, income, turns, final or over."""
    round: int
    """1-7 (0 during setup)."""
    turn: int
    """1-4 during the turns of a round (the Turn Track), else 0."""
    idx: int
    """Turn Order choice: how many seats have placed their token; turns: index into `order`."""
    first: int
    """The seat holding the First Player Token."""
    track: list[int]
    """The Turn Order Track: per space 1-5, the seat whose Player Token is on it, or -1."""
    order: tuple[int, ...]
    """This round's Player Turn Order (seats by Turn Order space), once every token is placed."""
    stage: str
    """Within a turn: start, more (solo), after or done (see `turn`)."""
    paid: bool
    """Hotel #16's paid collect was used this turn."""
    adv: bool
    """Workers went on the Advertisement Space this turn (Hotel #13)."""
    market: list[int]
    """The Marketplace: 5 rows of 4 slots, row after row; a card or -1."""
    decks: tuple[tuple[int, ...], ...]
    """Per row, the face-down Deck; the top card is the last. Solo: only the Mascot row's."""
    discards: tuple[tuple[int, ...], ...]
    """Per row, the face-up Discard Pile."""
    stacks: list[tuple[tuple[int, int], ...]]
    """Per Worker space (rows 0-4, then the Advertisement Space): (seat, Workers) stacks, oldest
    first."""
    tickets: int
    """Ticket Office Cards left in the face-down pile."""
    ach: tuple[str, ...]
    """The Achievement on each of the 9 spaces: a board Achievement (A1-A9) or a Tile (T1-T10)."""
    claimed: list[int]
    """Per Achievement space, the seat that claimed it, or -1."""
    tile_box: tuple[str, ...]
    """Achievement Tiles in the game box (not on the board, not drawn for Entrepreneur #3)."""
    ent_box: tuple[int, ...]
    """Entrepreneurs never dealt."""
    players: list
    pending: list[tuple]
    """Decisions and automatic steps still to resolve, the next first: (kind, seat, *details)."""

    # -- who decides now -------------------------------------------------------------------
    def _turn_player(self) -> int:
        if self.phase == "order":
            return (self.first + self.idx) % len(self.seats)
        return self.order[self.idx]

    @property
    def turn_seat(self) -> int | None:
        """The seat whose turn it is (in other phases: the seat deciding)."""
        if self.phase == "turns":
            return self.order[self.idx]
        return self.current_player

    # -- what the rules supply to the front door (`BaseState.apply`) ------------------------
    PARTS = StateParts("wishland", IllegalAction, undo.POLICY, explain, views, scoring, serial)

    def _legal_actions(self) -> list[Action]:
        if self.pending:
            return decisions.options(self, self.pending[0])
        if self.phase == "order":
            return turn.order_actions(self)
        return turn.turn_actions(self)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat, in a deterministic order (a new list)."""
        return self._legal_now()[:]

    def _as_action(self, action) -> Action:
        return action if type(action) is Action else explain.as_action(action)

    def _apply_action(self, action: Action) -> None:
        if self.pending:
            decisions.resolve(self, self.pending.pop(0), action)
        elif self.phase == "order":
            turn.resolve_order(self, action)
        else:
            turn.resolve(self, action)
        self.flush()
        flow.advance(self)

    # -- building blocks for the rule modules ----------------------------------------------
    def mut(self, seat: int):
        """The pieces of `seat`, copied first if this State still shares them."""
        if not self._owned >> seat & 1:
            self.players[seat] = self.players[seat].copy()
            self._owned |= 1 << seat
        return self.players[seat]

    def __repr__(self) -> str:
        return f"<wishland State round {self.round} {self.phase} seat {self.current_player}>"
