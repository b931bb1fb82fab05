"""A table: one game in progress, with its record, its history for undo, its autosave and its bots.

The game screens talk to a table, never to saves or the rules' State directly, so the same screen
can later sit at a table held elsewhere (a server) and see only its seats' views. `LocalTable`
holds the State itself: it applies actions through the rules' front door, keeps the states of the
game for undo, autosaves after every change and makes the bots (which see only views).
"""

from __future__ import annotations

from dataclasses import dataclass

from wish_tui import saves
from wish_tui.core.game_spec import Game
from wish_tui.records import GameRecord


@dataclass(frozen=True)
class Played:
    """What one action did: the state before and after, the seat that took it, the action."""

    seat: int
    action: object
    before: object
    after: object
    save_problem: str = ""
    """'' when the autosave was written, else its one-sentence SaveError."""


class LocalTable:
    """A game held in this process."""

    remote = False
    """A local table: the screen runs its bots and every person is at this keyboard."""

    def __init__(self, record: GameRecord, history: list, *, autosave: bool = True) -> None:
        """Sit at the game of `record`, whose states so far are `history` (the last is now)."""
        self.record = record
        self.history = list(history)
        """Every state since the game (or the load) began, for undo; the last is the position."""
        self.spec: Game = record.spec
        self.rules = self.spec.rules
        self.autosaving = autosave
        self._bots: dict[int, object] = {}
        self._views: tuple[object, dict[int, dict]] = (None, {})
        """The views of the current position, by seat (a screen asks for them often)."""

    # -- what is on the table ----------------------------------------------------------------
    @property
    def state(self):
        """The current position (the whole State: only the local screen's business)."""
        return self.history[-1]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def current_player(self) -> int | None:
        """The seat deciding now (None once the game is over)."""
        return self.state.current_player

    @property
    def seed(self) -> int:
        """The game's seed (shown once the game is over)."""
        return self.record.seed

    def is_mine(self, seat: int | None) -> bool:
        """True for a seat played at this keyboard: every person's seat (hot-seat)."""
        return seat is not None and self.is_human(seat)

    def seat_label(self, seat: int) -> str:
        """A seat as the screens name it, e.g. 'Air'."""
        return self.spec.seat_title(self.seat_name(seat))

    def can_undo(self) -> bool:
        """True when the rules allow undo now."""
        return self.undo_target() is not None

    @property
    def num_seats(self) -> int:
        return len(self.record.seats)

    def who(self, seat: int) -> str:
        """Who plays a seat: 'human' or a bot level."""
        return self.record.seats[seat].get("who", "human")

    def is_human(self, seat: int) -> bool:
        return self.who(seat) == "human"

    def seat_name(self, seat: int) -> str:
        """A seat's name (a Djinn, an element, a colour)."""
        return self.record.seat_names[seat]

    def view(self, seat: int) -> dict:
        """What `seat` may see now (shared between callers: read it, never change it)."""
        state, views = self._views
        if state is not self.state:
            views = {}
            self._views = (self.state, views)
        if seat not in views:
            views[seat] = self.state.view(seat)
        return views[seat]

    def legal(self) -> list:
        """The legal actions of the seat deciding now."""
        return self.state.legal_actions()

    # -- changing it -------------------------------------------------------------------------
    def play(self, action) -> Played:
        """Apply `action` for the seat deciding now, record it and autosave.

        Raises:
            ValueError: the rules' IllegalAction; nothing changed.
        """
        before = self.state
        seat = before.current_player
        self.record, after = self.record.play(before, action)
        self.history.append(after)
        return Played(seat, action, before, after, self._autosave())

    def undo_target(self) -> int | None:
        """The index in the history that undo would go back to, or None."""
        if len(self.history) < 2:
            return None
        return self.rules.undo_target(self.history)

    def why_no_undo(self) -> str:
        """One sentence: why nothing can be undone now."""
        return self.rules.why_no_undo(self.history) or "There is nothing to undo."

    def undo(self) -> int:
        """Take back the seat's last decisions as far as the rules allow; return how many.

        Raises:
            ValueError: nothing can be undone now (the message says why).
        """
        target = self.undo_target()
        if target is None:
            raise ValueError(self.why_no_undo())
        steps = len(self.history) - 1 - target
        self.history = self.history[: target + 1]
        self.record = self.record.truncated(len(self.record.actions) - steps, self.state)
        self._autosave()
        return steps

    def save(self, name: str):
        """Save the game under a name; return the file.

        Raises:
            saves.SaveError: the name or the file cannot be used.
        """
        return saves.save_game(self.record, name)

    def _autosave(self) -> str:
        if not self.autosaving:
            return ""
        try:
            saves.autosave(self.record, finished=self.state.is_over)
        except saves.SaveError as exc:
            return str(exc)
        return ""

    # -- bots --------------------------------------------------------------------------------
    def bot(self, seat: int):
        """The bot playing `seat` (made once, seeded from the game)."""
        if seat not in self._bots:
            self._bots[seat] = self.spec.bots.make_bot(
                self.who(seat), seed=self.record.seed * 10 + seat
            )
        return self._bots[seat]

    def bot_choice(self, seat: int, state=None):
        """The action the seat's bot takes in `state` (by default the current one); it sees only
        the seat's view."""
        state = state or self.state
        return self.bot(seat).choose(state.view(seat), state.legal_actions())

    def hint(self, seat: int, state=None) -> tuple[object, str]:
        """What the strongest bot would do for `seat`, and why (one line)."""
        state = state or self.state
        bot = self.spec.bots.make_bot("hard", seed=self.record.seed)
        return bot.hint(state.view(seat), state.legal_actions())
