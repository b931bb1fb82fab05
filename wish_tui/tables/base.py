"""What a client may ask of any table, each capability declared with its default.

A table a client sits at (`local.LocalTable`, `remote.RemoteTable`, a watched `remote.ServerTable`)
answers the seat API's `TableClient` and, beyond it, says what it can do: be saved by name, carry
chat, hurry its bots, be resigned, have its absent people's seats handed to bots, run a clock.
`TableBase` declares each of them once, with what a table that cannot do it answers, so a screen
asks the table (`table.can_resign`, `table.clock_left(seat)`) instead of probing which kind of
table it has; each kind of table overrides only what it can do.
"""

from __future__ import annotations

from pathlib import Path

from .seat import Refused


class TableBase:
    """A table as its clients see it: every capability, with its default."""

    can_save = False
    """The game can be saved by name (`save`) besides what keeps it."""
    can_chat = False
    """Others sit at the table to chat with (`chat`, `mute`)."""
    hurries_bots = False
    """A key pressed while a bot thinks makes it play without its pace (`hurry`)."""
    can_hand_to_bot = False
    """This person may let a bot play for a person who left the table (`hand_to_bot`)."""
    is_owner = False
    """This person owns the table (at a server)."""
    away_long: frozenset[int] | set[int] = frozenset()
    """The seats whose person has been away long enough for a bot to play them (`z`)."""
    spectator_chat = True
    """Those who watch the table may chat."""
    rematch_offer = ""
    """Another player's rematch of this game, in words with its key ('' while none is)."""
    muted: tuple[str, ...] | list[str] = ()
    """The people of this table whose chat this person muted."""
    clock: dict | None = None
    """The table's clock as last told (seconds left per seat, whose runs); None: no clock."""
    clock_at = 0.0
    """When `clock` was read (monotonic seconds)."""
    id = ""
    """The table's number at a server, the one friends join it by ('' for a table of this
    app)."""
    kind = "live"
    """'live', or 'turn' for a turn-based table of a server."""
    ended = False
    """True once a server keeps the game's end (over, or ended early)."""
    view_changes: tuple[dict, dict, frozenset] | None = None
    """The view before the last change, the view now and the keys of it that changed, when
    the table knows (a server's diff says); None: compare the views to know."""
    in_club_history = False
    """A finished game is kept in a club's history, found there again (a table of a server
    has no seed of one's choosing: '--seed' deals a game again only in one's own app)."""

    @property
    def held_seats(self) -> list[int]:
        """The seats this person holds at the table, played now or given up for good (resigned,
        out of time): the view shown is theirs, and the final scoring marks them '(you)'."""
        return [i for i, s in enumerate(self.seats) if s.mine]

    @property
    def can_resign(self) -> bool:
        """True while this person plays a seat of a game not over that they may give up."""
        return False

    @property
    def seed(self) -> int | None:
        """The game's seed, once the game is over (None before, or where it is not told)."""
        return None

    def hurry(self) -> None:
        """Play the bot's move being thought out as soon as it is ready (no bot thinks here)."""

    def open_record(self) -> dict | None:
        """The record as a save holds it (what a crash report keeps); None where it is not held
        here."""
        return None

    def clock_left(self, seat: int) -> float | None:
        """Seconds `seat` has left now (None: no clock)."""
        return None

    def save(self, name: str) -> Path:
        """Save the game under a name; return the file.

        Raises:
            Refused: this table is not saved by name (one sentence).
        """
        raise Refused("This game is kept where it is played: it is not saved by name.")

    def chat(self, text: str) -> None:
        """Say something to everyone at the table."""
        raise Refused("No one else sits at this table to chat with.")

    def mute(self, name: str, on: bool) -> None:
        """Hide (or show again) a person's chat, for this person alone."""
        raise Refused("No one else chats at this table.")

    def set_spectator_chat(self, on: bool) -> None:
        """Let those who watch the table chat, or not."""
        raise Refused("No one watches this table.")

    def resign(self) -> None:
        """Give this person's seat up to a bot for the rest of the game."""
        raise Refused("This game is left with q (and its autosave), not resigned.")

    def rematch(self) -> None:
        """Ask for the same table again, once the game is over."""
        raise Refused("A rematch is asked for at a server's table.")

    def hand_to_bot(self, seat: int, on: bool) -> None:
        """Let a bot play an absent person's seat, or give it back."""
        raise Refused("No one at this table is away from it.")
