"""A table held in this process: the game of one keyboard, its autosave and its bots.

`LocalTable` is the master of a game played here (`wish_tui.tables.master.GameTable`), seen through the
seat API (`wish_tui.tables.seat`) exactly as a table of `wish-tui serve` is: the game screens, the
plain-text client and the tests sit at it with `table.seat(i)`, hear of every change through a
`Listener`, and never touch its State. Every person's seat is played at this keyboard (hot-seat);
the bots play theirs at a pace a person can follow; the game is autosaved after every change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from wish_tui import saves
from wish_tui.records import GameRecord
from wish_tui.tables import bot_turns
from wish_tui.tables.base import TableBase
from wish_tui.tables.bot_turns import BotTurns
from wish_tui.tables.master import GameTable, Played
from wish_tui.tables.seat import SPECTATOR, Choices, Listener, Refused, SeatInfo


class LocalTable(GameTable, TableBase):
    """A game held in this process, played at this keyboard.

    Args:
        record: the game's record; `history` are its states so far (the last is the position).
        autosave: write the autosave after every change.
        pace: seconds from a change to a bot's move (`wish_tui.tables.bot_turns.BOT_PACE` by default).
        games: the registry's games (a save being replaced may be of any of them; by default
            only this game's).
        pov: whose log is read (`news`): by default the one person's seat, or what everyone may
            read when people share the keyboard; `SPECTATOR` for a finished game read back.
    """

    can_save = True
    """A local game is saved by name (`save`) besides its autosave."""
    hurries_bots = True
    """A key pressed while a bot thinks makes it play without its pace (`hurry`)."""

    def __init__(
        self,
        record: GameRecord,
        history: list,
        *,
        autosave: bool = True,
        pace: float | None = None,
        games=None,
        pov: int | None = None,
    ) -> None:
        humans = [i for i, s in enumerate(record.seats) if s.get("who", "human") == "human"]
        # One person reads their own secrets in the log; people sharing a keyboard read none.
        if pov is None:
            pov = humans[0] if len(humans) == 1 else SPECTATOR
        super().__init__(record, history, povs=[pov])
        self.pov = pov
        self.autosaving = autosave
        self.games = games
        self.listeners: list[Listener] = []
        self._seats: dict[int, LocalSeat] = {}
        self._news = 0
        self.bots = BotTurns(
            self,
            self._bot_level,
            self._bot_play,
            pace=bot_turns.BOT_PACE if pace is None else pace,
            on_failure=self._failed,
        )

    # -- the table as a client sees it ---------------------------------------------------------
    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def seats(self) -> list[SeatInfo]:
        infos = []
        for i in range(self.num_seats):
            who = self.who(i)
            title = self.seat_title(i)
            label = title if who == "human" else f"{title} ({who} bot)"
            infos.append(SeatInfo(self.seat_name(i), title, label, who, mine=who == "human"))
        return infos

    @property
    def seed(self) -> int | None:
        """The game's seed, once the game is over (it deals the whole game)."""
        return self.record.seed if self.is_over else None

    def seat(self, index: int) -> LocalSeat:
        """The client of seat `index` (any seat of a local table may be sat at)."""
        if index not in self._seats:
            if not 0 <= index < self.num_seats:
                raise Refused(f"This table has no seat {index}.")
            self._seats[index] = LocalSeat(self, index)
        return self._seats[index]

    def listen(self, listener: Listener) -> None:
        """Tell `listener` of every change from now on, and let the bots play."""
        self.listeners.append(listener)
        self.wake_bots()

    def wake_bots(self) -> None:
        """Start the move of the bot deciding now, if one decides (needs a running event loop)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.bots.wake()

    def hurry(self) -> None:
        """Play the bot's move being thought out as soon as it is ready."""
        self.bots.hurry()

    def news(self) -> list[str]:
        """The log's lines not read yet at this keyboard."""
        lines, self._news = self.log_since(self.pov, self._news)
        return lines

    def save(self, name: str) -> Path:
        """Save the game under a name; return the file.

        Raises:
            Refused: the name or the file cannot be used (one sentence).
        """
        try:
            return saves.save_game(self.record, name, games=self.games)
        except saves.SaveError as exc:
            raise Refused(str(exc)) from None

    def open_record(self) -> dict:
        """The record as a save holds it (what a crash report keeps)."""
        return self.record.to_json()

    # -- what the seats do -----------------------------------------------------------------------
    def play_as(self, seat: int, notation: str) -> None:
        """Apply `seat`'s action and tell the listeners (a refusal is told, nothing changes)."""
        try:
            played = self.play(seat, notation)
        except Refused as exc:
            self._tell("table_refused", str(exc))
            return
        self._changed(played)

    def undo_as(self, seat: int) -> None:
        """Take back `seat`'s last decisions as far as the rules allow, and tell the listeners."""
        try:
            self.undo(seat)
        except Refused as exc:
            self._tell("table_refused", str(exc))
            return
        self._changed(None)

    def hint_for(self, seat: int) -> None:
        """Think out a hint for `seat` off the event loop; the listeners hear it when ready."""
        if self.is_over or self.deciding != seat:
            self._tell("table_refused", "A hint is given when you are to decide.")
            return
        loop = asyncio.get_running_loop()
        state, version = self.state, self.version
        future = loop.run_in_executor(None, self.hint, seat, state)

        def ready(done: asyncio.Future) -> None:
            if done.cancelled():
                return
            if done.exception() is not None:
                self._failed(done.exception())
            elif self.version == version:
                self._tell("table_hint", done.result())

        future.add_done_callback(ready)

    # -- after a change ------------------------------------------------------------------------
    def _changed(self, played: Played | None) -> None:
        problem = self._autosave()
        self._tell("table_changed")
        if problem:
            self._tell("table_notice", problem)
        self.wake_bots()

    def _autosave(self) -> str:
        if not self.autosaving:
            return ""
        try:
            saves.autosave(self.record, finished=self.is_over, games=self.games)
        except saves.SaveError as exc:
            return str(exc)
        return ""

    def _bot_level(self, seat: int) -> str:
        who = self.who(seat)
        return "" if who == "human" else who

    def _bot_play(self, seat: int, action) -> None:
        self._changed(self.play(seat, action))

    def _failed(self, exc: BaseException) -> None:
        for listener in list(self.listeners):
            handler = getattr(listener, "table_failed", None)
            if handler is None:
                raise exc
            handler(exc)

    def _tell(self, event: str, *args) -> None:
        for listener in list(self.listeners):
            handler = getattr(listener, event, None)
            if handler is not None:
                handler(*args)


class LocalSeat:
    """One seat of a `LocalTable`, as its client sees it."""

    def __init__(self, table: LocalTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    def view(self) -> dict:
        return self.table.view(self.seat)

    def choices(self) -> Choices:
        return self.table.choices(self.seat)

    def play(self, notation: str) -> None:
        self.table.play_as(self.seat, notation)

    def undo(self) -> None:
        self.table.undo_as(self.seat)

    def hint(self) -> None:
        self.table.hint_for(self.seat)

    def why(self, notation: str) -> str:
        return self.table.why(self.seat, notation)

    def news(self) -> list[str]:
        return self.table.news()
