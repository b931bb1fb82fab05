"""The contract every game keeps, written as Protocols: its rules module, its State, its bots.

Code that serves any game (the shell, saves, the engine, the tournament, the table server, a
seat's client) relies on these names alone; each game's packages satisfy them, and
``tests/core/test_contract.py`` checks that they do and plays a game of each through them.

    rules = game.rules                              # a GameRules: wish_tui.<game>.rules
    state = rules.new_game(["air", "water"], seed=7)   # a GameState; each game adds its options
    state.current_player                            # the seat deciding now, None once over
    action = state.legal_actions()[0]               # a GameAction; str(action) is its notation
    rules.parse_action(state, str(action)) == action
    state = state.apply(action)                     # a new State; the old one never changes
    state.view(seat)                                # JSON-safe: what that seat may see
    rules.State.from_dict(state.to_dict()) == state
    bot = game.bots.make_bot("hard", seed=1)        # a GameBot of one of game.bots.LEVELS
    action, reason = bot.hint(state.view(seat), state.legal_actions())

A refusal is always the game's ``rules.IllegalAction``, a subclass of
`wish_tui.core.illegal.IllegalAction` (a ValueError), whose message is one sentence.

What stays each game's own: the options of ``new_game`` (Wish none, Spirits ``modules``, Wishland
``entrepreneurs`` and ``achievement_tiles``) and the form of its ``solo`` argument (a level's
name, or True for Wishland's one solo mode); the registry's `Game.new_state` hides both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from .illegal import IllegalAction

__all__ = ["GameAction", "GameBot", "GameBots", "GameRules", "GameState"]


@runtime_checkable
class GameAction(Protocol):
    """One decision of one seat: immutable and hashable."""

    @property
    def kind(self) -> str:
        """What is done, the notation's first word (e.g. 'travel', 'take', 'buy')."""
        ...

    def __str__(self) -> str:
        """The action's notation, e.g. 'travel Dock #3'; `parse_action` reads it back."""
        ...


@runtime_checkable
class GameState(Protocol):
    """A position of a game, with all that is hidden; only `view` may reach a seat."""

    seed: int
    """The seed the game was dealt with (never shown to a seat while the game runs)."""
    phase: str
    """The stretch of play, e.g. 'setup'; 'over' once the game is scored."""

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (not always the seat whose turn it is), or None."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the final scoring has happened."""
        ...

    @property
    def num_seats(self) -> int:
        """How many seats play (1 in a solo game)."""
        ...

    def legal_actions(self) -> list[GameAction]:
        """Every legal action of the current seat, in a deterministic order ([] once over)."""
        ...

    def apply(self, action: GameAction, seat: int | None = None) -> GameState:
        """Return the state after `action`; this state is never changed.

        Raises:
            IllegalAction: the action is not legal now, or `seat` is given and does not decide
                now; the message says why in one sentence.
        """
        ...

    def why_illegal(self, action: GameAction) -> str:
        """One sentence on why `action` is refused now ('' when it is legal)."""
        ...

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as JSON-safe data (no other hand, no deck order).

        Raises:
            ValueError: there is no such seat.
        """
        ...

    def final_scores(self) -> dict[str, Any]:
        """The scoring: "seats" (per seat a dict with "seat" and "total" among the game's
        steps), "ranking" (lists of seats, best first, ties together) and "winners" (the first
        of the ranking; in a solo game, the seat when it won)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data, hidden information included."""
        ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Rebuild a state from `to_dict` output, validating it.

        Raises:
            ValueError: the data is not a consistent state of this game.
        """
        ...


@runtime_checkable
class GameRules(Protocol):
    """A game's pure rules package, ``wish_tui.<game>.rules``."""

    State: type[GameState]
    Action: type
    """The class of the game's actions (each a GameAction)."""
    IllegalAction: type[IllegalAction]
    """The game's refusal, a subclass of `wish_tui.core.illegal.IllegalAction`."""
    CATALOG: Any
    """The printed (and designed) facts of the game, read from its data files."""
    SEATS: tuple[str, ...]
    """The names a seat may take, e.g. the four Djinns or the four colours."""

    new_game: Callable[..., GameState]
    """new_game(seats, seed=0, <the game's options>, solo=...): a new game for the seat names,
    in seat order. Raises ValueError (one sentence) for seats or options that are no game."""
    parse_action: Callable[[GameState, str], GameAction]
    """parse_action(state, text): the legal action `text` names (any case), or IllegalAction
    saying why not."""
    determinize: Callable[[dict[str, Any], int], GameState]
    """determinize(view, seed): a full State consistent with one seat's view, its hidden parts
    drawn with `seed` (for bots only: never for a client)."""
    undo_points: Callable[[Sequence[GameState]], list[int]]
    """undo_points(history): every index of the history (oldest first, current last) the
    current seat may go back to, the most recent first."""
    undo_target: Callable[[Sequence[GameState]], int | None]
    """undo_target(history): the index one decision back, or None when nothing may be undone."""
    why_no_undo: Callable[[Sequence[GameState]], str]
    """why_no_undo(history): one sentence on why the current seat cannot undo ('' when it can)."""


@runtime_checkable
class GameBot(Protocol):
    """A computer opponent: it sees one seat's view and the legal actions, never the State."""

    level: str
    """One of the bots' LEVELS."""

    def choose(self, view: dict[str, Any], legal: Sequence[GameAction]) -> GameAction:
        """One of `legal` for the seat whose view is given.

        Raises:
            ValueError: `legal` is empty.
        """
        ...

    def hint(self, view: dict[str, Any], legal: Sequence[GameAction]) -> tuple[GameAction, str]:
        """What this bot would choose now, and a one-line reason; the bot is left as it was."""
        ...


@runtime_checkable
class GameBots(Protocol):
    """A game's bots package, ``wish_tui.<game>.bots``."""

    LEVELS: tuple[str, ...]
    """The levels, weakest first: `wish_tui.core.bots.LEVELS`."""
    make_bot: Callable[..., GameBot]
    """make_bot(level, seed, think_ms=None, iterations=None): a bot whose choices depend only on
    its seed and what it is shown (the expert's also on its time, unless its budget is
    iterations alone); ValueError for an unknown level or a budget that is not positive."""
