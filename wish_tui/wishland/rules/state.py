"""The game state: who decides now, what they may do, what happens, what each seat may see."""

from __future__ import annotations

from . import decisions, explain, flow, scoring, serial, turn, views
from .actions import Action, IllegalAction


class State:
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
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0][1]
        if self.phase == "order":
            return (self.first + self.idx) % len(self.seats)
        return self.order[self.idx]

    @property
    def turn_seat(self) -> int | None:
        """The seat whose turn it is (in other phases: the seat deciding)."""
        if self.phase == "turns":
            return self.order[self.idx]
        return self.current_player

    @property
    def is_over(self) -> bool:
        """True once Final Scoring is done."""
        return self.phase == "over"

    @property
    def num_seats(self) -> int:
        """How many seats play."""
        return len(self.seats)

    # -- what may they do ------------------------------------------------------------------
    def _legal_now(self) -> list:
        legal = self._legal
        if legal is None:
            if self.phase == "over":
                legal = []
            elif self.pending:
                legal = decisions.options(self, self.pending[0])
            elif self.phase == "order":
                legal = turn.order_actions(self)
            else:
                legal = turn.turn_actions(self)
            self._legal = legal
        return legal

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current seat, in a deterministic order."""
        return self._legal_now()[:]

    # -- what happens if they do it --------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> State:
        """Return the state after `action` by the current seat; this state is never changed.

        Args:
            action: one of `legal_actions()`.
            seat: when given, the seat that means to act; refused unless it decides now.

        Raises:
            IllegalAction: the action is not legal now; the message names the rule.
        """
        if seat is not None and seat != self.current_player:
            raise IllegalAction(explain.wrong_seat(self, seat))
        if type(action) is not Action:
            action = explain.as_action(action)
        if action not in self._legal_now():
            raise IllegalAction(explain.why_illegal(self, action))
        new = self.copy()
        if new.pending:
            decisions.resolve(new, new.pending.pop(0), action)
        elif new.phase == "order":
            turn.resolve_order(new, action)
        else:
            turn.resolve(new, action)
        new.flush()
        flow.advance(new)
        return new

    def why_illegal(self, action: Action) -> str:
        """One sentence on why `action` is refused now ('' when it is legal)."""
        if type(action) is not Action:
            try:
                action = explain.as_action(action)
            except IllegalAction as exc:
                return str(exc)
        if action in self._legal_now():
            return ""
        return explain.why_illegal(self, action)

    def copy(self) -> State:
        """Return an independent copy (Players are shared until `mut` copies them)."""
        s = State.__new__(State)
        s.seats = self.seats
        s.solo = self.solo
        s.ent_opt = self.ent_opt
        s.tiles_opt = self.tiles_opt
        s.seed = self.seed
        s.rng = self.rng
        s.phase = self.phase
        s.round = self.round
        s.turn = self.turn
        s.idx = self.idx
        s.first = self.first
        s.track = self.track[:]
        s.order = self.order
        s.stage = self.stage
        s.paid = self.paid
        s.adv = self.adv
        s.market = self.market[:]
        s.decks = self.decks
        s.discards = self.discards
        s.stacks = self.stacks[:]
        s.tickets = self.tickets
        s.ach = self.ach
        s.claimed = self.claimed[:]
        s.tile_box = self.tile_box
        s.ent_box = self.ent_box
        s.players = self.players[:]
        s.pending = self.pending[:]
        s._legal = None
        s._buf = []
        s._owned = 0
        return s

    # -- building blocks for the rule modules ----------------------------------------------
    def mut(self, seat: int):
        """The pieces of `seat`, copied first if this State still shares them."""
        if not self._owned >> seat & 1:
            self.players[seat] = self.players[seat].copy()
            self._owned |= 1 << seat
        return self.players[seat]

    def push(self, *steps: tuple) -> None:
        """Queue steps to resolve before anything already pending, in the order given."""
        self._buf.extend(steps)

    def flush(self) -> None:
        """Put the queued steps in front of the pending ones."""
        if self._buf:
            self.pending[0:0] = self._buf
            self._buf = []

    # -- what may each seat see ------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """Return what `seat` may see, as JSON-safe data (None: `public_view`)."""
        return views.view(self, seat)

    def public_view(self) -> dict:
        """Return what anyone at the table may see (a spectator), as JSON-safe data: every
        seat's public pieces and counts, no hand, no Entrepreneur before the reveal."""
        return views.view(self, None)

    def final_scores(self) -> dict:
        """Final Scoring: every step per seat, totals, and the ranking with its tie-break."""
        return scoring.final_scores(self)

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Return the whole state as JSON-safe data (hidden information included)."""
        return serial.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> State:
        """Rebuild a state from `to_dict` output, validating it.

        Raises:
            ValueError: the data is not a consistent state of this game.
        """
        return serial.from_dict(cls, data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<wishland State round {self.round} {self.phase} seat {self.current_player}>"
