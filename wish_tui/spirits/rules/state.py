"""The game state: who decides now, what they may do, what happens, what each seat may see."""

from __future__ import annotations

from wish_tui.core.slot_copy import slot_copy
from wish_tui.core.state import BaseState, StateParts

from . import explain, flow, scoring, serial, undo, views
from .actions import Action, IllegalAction
from .catalog import Catalog


@slot_copy(
    sliced="forest gems marks lo hi tiles held supply lost wish_options hex_options wish hex met"
    " bonus reward_token pending",
    fresh={"_legal": None},
    doc="Return an independent copy (the building block of `apply`).",
)
class State(BaseState):
    """A position of a game of Spirits of the Forest. Treat it as immutable: `apply` returns a
    new State.

    The forest is 48 places, row after row (place = row * 12 + column, from 0); tiles leave it
    only from the ends of a row, so each row's tiles stand between `lo[row]` and `hi[row]`.
    """

    __slots__ = (
        "catalog",
        *serial.NAMED_FIELDS,
        "lo",
        "hi",
        "tiles",
        "held",
        "supply",
        "lost",
        "spent",
        "aside",
        "wish_options",
        "hex_options",
        "wish",
        "hex",
        "box",
        "discards",
        "met",
        "bonus",
        "reward_token",
        "opp_tiles",
        "opp_tokens",
        "pending",
        "_legal",
    )

    DEFAULT_CATALOG: Catalog | None = None
    """The catalog `from_dict` builds states with (set by the package)."""

    catalog: Catalog
    seats: tuple[str, ...]
    """The element of each seat, in seat order (the order play goes round)."""
    solo: str
    """'' for a game between seats, else the solo level: easy, standard or hard."""
    modules: tuple[str, ...]
    """The modules in play, in MODULES order."""
    seed: int
    rng: int
    """The seeded generator's whole state (`wish_tui.core.rng`)."""
    phase: str
    """'setup' (keeping cards), 'play', 'reward' (choosing Favor tokens won by Wishes), 'over'."""
    first: int
    """The first player's seat."""
    turn: int
    """The seat whose turn it is."""
    turn_no: int
    """Turns begun before this one (0 during the very first turn of the game)."""
    step: str
    """Within a turn: 'take' (first tile), 'more' (a second tile or stop), 'give' (which gem
    to give up), 'gem' (the gemstone step)."""
    took: int
    """Tiles taken this turn."""
    spirit: int
    """The spirit a second tile must show (the first tile's, if it had one symbol), else -1."""
    forest: list[int]
    """The tile at each place, or -1."""
    gems: list[int]
    """The seat whose gemstone reserves the tile at each place, or -1."""
    marks: list[int]
    """The Favor token lying face down at each place, or -1."""
    lo: list[int]
    """Per row: the column of its left end."""
    hi: list[int]
    """Per row: one past the column of its right end (lo == hi: the row is empty)."""
    tiles: list[tuple[int, ...]]
    """Per seat: the tiles collected, in the order taken."""
    held: list[tuple[int, ...]]
    """Per seat: the Favor tokens held (face down; solo: the player's face-up tokens)."""
    supply: list[int]
    """Per seat: gemstones in its supply."""
    lost: list[int]
    """Per seat: gemstones given up (out of the game unless a '+' token brings one back)."""
    spent: tuple[int, ...]
    """'+' tokens spent, face up, out of the game."""
    aside: tuple[int, ...]
    """Favor tokens set aside at setup, unseen (the module's Favor rewards come from here)."""
    wish_options: list[tuple[str, ...]]
    """Per seat: the two Wish cards dealt, until one is kept."""
    hex_options: list[tuple[str, ...]]
    wish: list[str]
    """Per seat: the Wish card kept ('' none)."""
    hex: list[str]
    box: tuple[str, ...]
    """Wish and Hex cards not dealt (all of a module's cards when it is not played)."""
    discards: tuple[str, ...]
    """Cards dealt but not kept, face down."""
    met: list[bool]
    """Per seat: its Wish was met when the last tile was taken (checked once, then fixed)."""
    bonus: list[tuple[int, ...]]
    """Per seat: spirit symbols gained from a Wish, per category."""
    reward_token: list[int]
    """Per seat: the Favor token chosen as a Wish's reward, or -1."""
    opp_tiles: tuple[int, ...]
    """Solo: the tiles the forest (the opponent) took."""
    opp_tokens: tuple[int, ...]
    """Solo: the opponent's face-down tokens, in the order they are revealed."""
    pending: list[tuple[str, int]]
    """Decisions outside the turn, the next first: ('wish' | 'hex' | 'favor', seat)."""

    # -- who decides now -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        if self.pending:
            return self.pending[0][1]
        return None if self.phase == "over" else self.turn

    @property
    def tiles_left(self) -> int:
        """Tiles still in the forest."""
        lo, hi = self.lo, self.hi
        return hi[0] - lo[0] + hi[1] - lo[1] + hi[2] - lo[2] + hi[3] - lo[3]

    # -- what the rules supply to the front door (`BaseState.apply`) ------------------------
    PARTS = StateParts("spirits", IllegalAction, undo.POLICY, explain, views, scoring, serial)
    _legal_actions = flow.legal
    _apply_action = flow.resolve

    def _as_action(self, action) -> Action:
        # A plain tuple equal to an Action is not one (the rules read its fields by name).
        if not isinstance(action, Action):
            raise IllegalAction(explain.why_illegal(self, action))
        return action

    def __repr__(self) -> str:
        who = self.current_player
        return (
            f"<spirits State {self.phase} turn {self.turn_no} seat {who} {self.tiles_left} tiles>"
        )
