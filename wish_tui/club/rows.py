"""What the club's API returns: plain frozen records, JSON-safe through `to_json`.

Times are whole milliseconds since 1970 (UTC). A removed player keeps their id in every game they
played; `shown` names them "removed player".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from wish_tui.core.ranking import settled

from .limits import REMOVED_NAME


class JsonRow:
    """A record whose `to_json` is its fields, records and tuples within included."""

    def to_json(self) -> dict:
        return _json(dataclasses.asdict(self))


def _json(value):
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


@dataclass(frozen=True)
class Player(JsonRow):
    """A person (by their keys, or a guest by name) or a bot level, as the club knows them."""

    id: int
    name: str
    created_at: int
    seen_at: int | None = None
    is_guest: bool = False
    """Admitted by name with `serve --open`: never rated."""
    is_bot: bool = False
    is_removed: bool = False
    profile: str = ""
    settings: dict = field(default_factory=dict)
    renamed_at: int | None = None
    """When the player last changed their own name (None: never)."""
    is_bot_member: bool = False
    """A program that plays through the bot protocol (docs/bot-protocol.md), made by the
    keeper: it sits at seats as a person does, and is marked as a bot wherever it is shown."""

    @property
    def shown(self) -> str:
        """The name to show: 'removed player' once removed."""
        return REMOVED_NAME if self.is_removed else self.name


@dataclass(frozen=True)
class Key(JsonRow):
    """One public key of a player."""

    fingerprint: str
    """``SHA256:…`` as OpenSSH prints it."""
    player_id: int
    key_line: str
    """The public key line as pasted ('' for a key imported from a table file, known by its
    fingerprint only)."""
    added_at: int


@dataclass(frozen=True)
class SeatSpec:
    """A seat of a new table: its name in the game, who plays it, the person holding it."""

    name: str
    who: str
    """'human' or a bot level."""
    player_id: int | None = None
    """The person at a human seat (None while open); ignored for a bot seat."""


@dataclass(frozen=True)
class StoredSeat(JsonRow):
    """A seat of a table as stored."""

    seat: int
    name: str
    who: str
    player_id: int | None
    """The person at a human seat (None while open), the bot's player at a bot seat."""
    player_name: str = ""
    zombie: str = ""
    """The bot level playing for an absent person ('' when they play)."""
    outcome: str = ""
    """'' while playing on; 'resigned', 'timeout' or 'bot' (handed to a bot for good)."""
    clock_ms: int | None = None
    """What is left on the seat's clock (None: no clock)."""
    seen_seq: int = 0
    """The last event the person at this seat has seen."""
    bot_member: bool = False
    """The person at this seat is a bot member of the club (a program: marked at the table)."""


@dataclass(frozen=True)
class StoredTable(JsonRow):
    """A table's setting as stored (not its game: see `LoadedTable`)."""

    id: int
    code: str
    """The short id people see and type (six hex digits)."""
    game: str
    seed: int
    solo: str
    options: dict
    kind: str
    """'live' or 'turn'."""
    clock: dict
    owner_id: int | None
    created_at: int
    finished_at: int | None
    seats: tuple[StoredSeat, ...]


@dataclass(frozen=True)
class Event(JsonRow):
    """One entry of a table's append-only record."""

    seq: int
    """1, 2, 3, … per table."""
    seat: int
    player_id: int | None
    notation: str | None
    """The action in notation, or None for an undo."""
    undo: int
    """How many actions this event takes back (0 for an action)."""
    at: int


@dataclass(frozen=True)
class ChatLine(JsonRow):
    n: int
    player_id: int | None
    name: str
    text: str
    at: int
    actions: int | None = None
    """How many actions of the table came before the line (None: not kept, a line of an older
    club or an imported one: its time places it)."""

    @property
    def line(self) -> str:
        """'alice: hello', as a table shows it (an imported line is kept whole)."""
        return f"{self.name}: {self.text}" if self.name else self.text


@dataclass
class LoadedTable:
    """An unfinished table read back: its setting, its game rebuilt from its events, its chat."""

    table: StoredTable
    record: object
    """The `wish_tui.records.GameRecord`: the actions the events leave, the state they reach."""
    history: list
    """The states of the game, first to current (`records.settle`)."""
    chat: list[ChatLine]
    last_seq: int
    decided: frozenset[int] = frozenset()
    """The seats whose person has taken a decision of their own (an action of theirs)."""
    times: tuple[int, ...] = ()
    """When each action of the record was stored (ms since 1970)."""


@dataclass(frozen=True)
class Invitation(JsonRow):
    """An invitation to a table, shown in the invited person's lobby."""

    id: int
    table_id: int
    code: str
    from_id: int
    from_name: str
    to_id: int
    created_at: int
    status: str
    """'open', 'accepted', 'declined' or 'withdrawn'."""


@dataclass(frozen=True)
class SeatResult(JsonRow):
    """A seat of a finished game."""

    seat: int
    name: str
    who: str
    player_id: int | None
    player: str
    """The player's name as shown ('removed player' once removed)."""
    score: int
    place: int
    """1 for the winners; seats tied share a place; a seat that resigned, ran out of time or was
    handed to a bot for good comes after every other; 0 at every seat of an aborted game."""
    outcome: str


@dataclass(frozen=True)
class RatingChange(JsonRow):
    player_id: int
    before: float
    """The ordinal before the game."""
    after: float
    games: int


@dataclass(frozen=True)
class FinishedGame(JsonRow):
    """A finished table in the history."""

    table_id: int
    code: str
    game: str
    solo: str
    finished_at: int
    rated: bool
    seats: tuple[SeatResult, ...]
    changes: tuple[RatingChange, ...] = ()
    """How each rated player's ordinal moved (only as returned by finishing the table)."""
    aborted: bool = False
    """True when the game ended before every person at it took a decision of their own: it
    has no places (0 at every seat), is not rated and counts in no one's figures."""

    def settled(self, scores: dict) -> dict:
        """The game's final scoring with the ranking the club keeps (`core.ranking.settled`):
        what every screen of its end reads."""
        return settled(scores, [s.place for s in self.seats], [s.outcome for s in self.seats])


@dataclass(frozen=True)
class ArchivedGame:
    """A finished table as kept, for its replay and its final table."""

    game: FinishedGame
    record: object
    """The `wish_tui.records.GameRecord` of the game (its state is filled by a replay:
    `wish_tui.records.replay` or `settle`)."""
    scores: dict
    """The rules' `final_scores()` as they were at the end."""
    chat: tuple
    """The table's last chat lines, each (player id or None, text, time in ms)."""
    tenths: tuple[int, ...]
    """Per action, the tenths of a second since the one before it."""


@dataclass(frozen=True)
class BoardRow(JsonRow):
    """A line of a game's leaderboard."""

    rank: int
    player_id: int
    name: str
    is_bot: bool
    ordinal: float
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GameStats(JsonRow):
    """A player's figures in one game (games between seats; solo games are in `best_solo`)."""

    game: str
    played: int
    won: int
    win_rate: float
    average: float | None
    """The mean score of the games the player played to their end (None: every one of them
    was left to a bot, whose points are not the player's)."""
    best: int | None
    ordinal: float | None
    games_rated: int
    trend: tuple[float, ...]
    """The ordinal after each of the last rated games, oldest first."""


@dataclass(frozen=True)
class SoloBest(JsonRow):
    player_id: int
    player: str
    game: str
    setup: str
    score: int
    games: int
    table_id: int | None
    at: int


@dataclass(frozen=True)
class PlayerPage(JsonRow):
    player: Player
    games: tuple[GameStats, ...]
    solo: tuple[SoloBest, ...]


@dataclass(frozen=True)
class WinRate(JsonRow):
    """How often a seat (or a bot level) won: ties for first count as won."""

    key: str
    """The seat's position ('1' plays first), the seat's name or the bot level."""
    seats: int
    """The number of seats of the games counted (0: every number)."""
    played: int
    won: int
    win_rate: float


@dataclass(frozen=True)
class GamePage(JsonRow):
    game: str
    finished: int
    """Finished games between seats."""
    by_seat: tuple[WinRate, ...]
    """Per number of seats and seat position (key: '1', '2', …, in play order)."""
    by_name: tuple[WinRate, ...]
    """Per seat name (a Djinn, an element, a colour), every number of seats together."""
    by_bot: tuple[WinRate, ...]
    """Per bot level, every number of seats together."""


NOTICE_KINDS = ("created", "action", "chat", "seats", "invited", "finished", "dropped")


@dataclass(frozen=True)
class Notice(JsonRow):
    """What a listener hears once a change of a table is committed (on any node)."""

    kind: str
    """'created': a new table; 'action': event `seq` was appended (an action or an undo: read it
    with `Tables.events_since`); 'chat': chat line `seq`; 'seats': a seat changed; 'invited':
    invitation `seq` to the table was sent or sent again; 'finished': the game is over
    (`History`); 'dropped': the table was deleted before its end."""
    table_id: int
    seq: int
    """The event's number for 'action', the line's for 'chat', the invitation's for 'invited';
    else the table's last event as far as the sender knows."""
    event: Event | None = field(default=None, compare=False)
    """For 'action': the event itself, when the notice carries it (a node applies it to its copy
    without reading the rows); None: read it with `Tables.events_since`."""


@dataclass(frozen=True)
class Lease(JsonRow):
    """A node's hold on a live table: the one node that runs it until `expires_at`."""

    table_id: int
    node_id: str
    epoch: int
    """1 for the first hold, one more each time the lease is taken anew (after a release or an
    expiry); a renewal keeps it. A node whose epoch changed reloads the table from its rows."""
    taken_at: int
    expires_at: int
    """On the database's clock (PostgreSQL's, so the nodes' clocks never move a lease)."""
    checked_at: int
    """The database's time when this was read: `expires_at - checked_at` is what is left."""

    @property
    def remaining_ms(self) -> int:
        return max(0, self.expires_at - self.checked_at)


@dataclass(frozen=True)
class NodeBeat(JsonRow):
    """A `serve` node as its last heartbeat left it."""

    id: str
    started_at: int
    beat_at: int
    expires_at: int
    info: str = ""
    """What the node says of itself (its address, its version), at most 200 characters."""
