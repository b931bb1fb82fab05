"""One table of the server: a game whose seats people and bots hold, and what each person sees.

Plain logic, no sockets, threads or clock: the hub's services change it (`seating.py` says what
people do with its seats) and send what it says (`Table.message_for`). Its game is its master
(`wish_tui.tables.master.GameTable`), whose front door is the rules'. Each person is sent only
the view of the seat they hold (a spectator: what every seat sees alike), and a log written from
that point of view, so no client ever holds another seat's secrets.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from wish_tui.core.bots import LEVELS
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable
from wish_tui.tables.seat import SPECTATOR, Choices, Refused, SeatInfo

from .clocks import TableClock

CHAT_KEEP = 50
"""Chat lines a table remembers."""
HISTORY_KEEP = 400
"""States kept for undo (a turn is far shorter)."""
BOT_LEVELS = LEVELS
ZOMBIE_LEVEL = "medium"
"""The bot that plays for a person who left, when the table hands their seat over."""


class TableError(Refused):
    """A request a table refuses; the message is one sentence for the person."""


class NotKept(TableError):
    """The database could not keep a change (its disk is full, or it failed); nothing changed,
    and the same change may be tried again later."""


@dataclass
class Seat:
    """One seat of a table."""

    name: str
    """The seat's name in the game (a Djinn, an element, a colour)."""
    who: str
    """'human' for a person's seat, else the bot level that plays it."""
    person: str = ""
    """The person holding a human seat ('' while it is open)."""
    person_name: str = ""
    zombie: str = ""
    """The bot level playing for the person while they are away ('' when they play)."""
    outcome: str = ""
    """'resigned' or 'timeout' once the person gave the seat to a bot for good ('' before)."""
    seen: int = 0
    """How many actions the person's screen had when they last looked at the table."""
    bot_since: int | None = None
    """How many actions the table had when a bot began to play for the person while away (what
    it chose is told when they come back); None while no bot did."""
    bot_member: bool = False
    """The person is a bot member of the club (a program): marked '(bot)' where named."""

    @property
    def for_good(self) -> bool:
        """True when a bot plays this seat to the end (its person resigned or timed out)."""
        return bool(self.outcome)


class Table:
    """One game at the server: its master (`wish_tui.tables.master.GameTable`: the record, the states
    for undo, the log of every point of view), its seats and who holds them, and its chat."""

    def __init__(
        self,
        table_id: str,
        record: GameRecord,
        history: list,
        owner: str,
        seats: list[Seat],
        *,
        kind: str = "live",
        clock: dict | None = None,
        clock_left: list | None = None,
        club_id: int | None = None,
    ) -> None:
        self.id = table_id
        self.master = GameTable(
            record,
            history,
            history_keep=HISTORY_KEEP,
            bot_members=(i for i, s in enumerate(seats) if s.bot_member),
        )
        self.owner = owner
        self.seats = seats
        self.chat: deque = deque(maxlen=CHAT_KEEP)
        """The last chat lines, 'name: text' (`add_chat`)."""
        self.chat_by: deque = deque(maxlen=CHAT_KEEP)
        """Who said each of them (a person, '' when not known), for those who muted them."""
        self.chat_at: deque = deque(maxlen=CHAT_KEEP)
        """Where each of them was said: every point of view's count of log lines then (a
        reader is told after which of its log lines each came: ``chat_after``)."""
        self.chat_total = 0
        """How many chat lines the table has had since it was loaded (a session counts on)."""
        self.spectator_chat = True
        """False once its players turned the spectators' chat off."""
        self.kind = kind
        """'live', or 'turn' for a turn-based table (played over days, a move at a time)."""
        self.clock = TableClock(clock or {"type": "none"}, len(seats), clock_left)
        self.club_id = club_id
        """The table's row in the club's database (None before it is stored)."""
        self.finished = False
        """True once the club has the game's end (its results and ratings)."""
        self.since = 0.0
        """When the decision now due became its seat's (for 'your move for 3 h')."""
        self.last_deciding: int | None = None
        """The seat that was deciding when the clock last ran."""
        self.seq = 0
        """The last event of the table's rows in the club that this copy of the game has
        (an action is appended after it: `Tables.append(…, after=seq)`)."""
        self.chat_seq = 0
        """The number of the last chat line of the club's rows that `chat` holds."""
        self.decided: set[int] = set()
        """The seats whose person has taken a decision of their own (a bot's move for them is
        none): a game that ends before every person has is aborted."""
        self.result: dict | None = None
        """The final scoring as the club settled it once it kept the game's end
        (`core.ranking.settled`: its ranking, each seat's outcome, aborted or not); None before."""
        self.rematch = ""
        """The table of this game's rematch, once a player asked for one ('' before)."""

    @property
    def spec(self):
        return self.master.spec

    @property
    def record(self) -> GameRecord:
        return self.master.record

    @property
    def state(self):
        return self.master.state

    @property
    def history(self) -> list:
        return self.master.history

    @property
    def actions(self) -> int:
        """How many actions the game has had (clients send it back to prove they saw the latest)."""
        return self.master.actions

    @property
    def is_over(self) -> bool:
        return self.master.is_over

    def seat_of(self, person: str) -> int | None:
        """The seat `person` holds at this table, or None."""
        for index, seat in enumerate(self.seats):
            if seat.who == "human" and seat.person == person:
                return index
        return None

    def deciding(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return self.master.deciding

    def people(self) -> list[str]:
        """The people holding seats they still play (not resigned or timed out)."""
        return [s.person for s in self.seats if s.who == "human" and s.person and not s.for_good]

    def undecided(self) -> list[int]:
        """The seats whose person has not yet taken a decision of their own."""
        return [
            i
            for i, s in enumerate(self.seats)
            if s.who == "human" and s.person and i not in self.decided
        ]

    def outcomes(self) -> list[str]:
        """Each seat's outcome for the club: 'resigned', 'timeout' or ''."""
        return [s.outcome for s in self.seats]

    def bot_for(self, seat: int) -> str:
        """The bot level that plays `seat` now ('' when a person does)."""
        place = self.seats[seat]
        return place.who if place.who != "human" else place.zombie

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.who == "human" and not s.person]

    def seat_label(self, seat: int) -> str:
        """'Water (alice)', 'Air (zeta (bot))' (a bot member), 'Fire (hard bot)', 'Earth (open seat)'."""
        place = self.seats[seat]
        title = self.spec.seat_title(place.name)
        if place.who != "human":
            return f"{title} ({place.who} bot)"
        if not place.person:
            return f"{title} (open seat)"
        name = f"{place.person_name} (bot)" if place.bot_member else place.person_name
        if place.outcome:
            gone = "resigned" if place.outcome == "resigned" else "out of time"
            if self.finished:  # no bot plays on at a game that has ended
                return f"{title} ({name}, {gone})"
            return f"{title} ({name}, {gone}: a bot plays)"
        if place.zombie:
            return f"{title} ({name}, played by a bot while away)"
        return f"{title} ({name})"

    def seat_infos(self, person: str, connected) -> list[SeatInfo]:
        """Every seat as `person`'s client sees it; `connected(person)` tells who is here."""
        infos = []
        for i, place in enumerate(self.seats):
            infos.append(
                SeatInfo(
                    name=place.name,
                    title=self.spec.seat_title(place.name),
                    label=self.seat_label(i),
                    who=place.who,
                    mine=bool(person)
                    and place.who == "human"
                    and place.person == person
                    and not place.for_good,
                    person=place.person_name,
                    connected=bool(place.person) and connected(place.person),
                    by_bot=place.zombie,
                )
            )
        return infos

    # -- what a person sees ----------------------------------------------------------------------
    def view_for(self, seat: int) -> dict:
        """The view of a seat, or for SPECTATOR what anyone at the table may see."""
        return self.master.view(seat)

    def choices_for(self, seat: int | None) -> Choices:
        """What `seat` may do now (nothing while a bot plays it for its absent person)."""
        if seat is None or seat == SPECTATOR:
            return self.master.choices(None)
        if self.seats[seat].zombie:
            why = (
                "A bot plays your seat to the end of the game."
                if self.seats[seat].for_good
                else "A bot plays your seat while you are away."
            )
            return Choices(seat, False, (), {}, {}, False, why)
        return self.master.choices(seat)

    def add_chat(self, person: str, line: str, at: dict[int, int] | None = None) -> None:
        """Keep a chat line ('name: text') that `person` said, after the log lines written now
        (or, `at`: after as many of each point of view's log lines)."""
        self.chat.append(line)
        self.chat_by.append(person)
        self.chat_at.append(dict(self.master.log_counts if at is None else at))
        self.chat_total += 1

    def chat_since(self, count: int, hidden=frozenset()) -> tuple[list[str], int]:
        """The chat lines after the first `count` but those of the people in `hidden` (muted
        by the reader); and the new count."""
        said, total = self.chat_said_since(count, hidden)
        return [line for line, _ in said], total

    def chat_said_since(self, count: int, hidden=frozenset()) -> tuple[list[tuple[str, dict]], int]:
        """`chat_since`, each line with where it was said (every point of view's count of log
        lines then; {} when not known)."""
        lines = list(self.chat)
        authors = list(self.chat_by)[-len(lines) :] if lines else []
        authors = [""] * (len(lines) - len(authors)) + authors
        places = list(self.chat_at)[-len(lines) :] if lines else []
        places = [{}] * (len(lines) - len(places)) + places
        total = max(self.chat_total, len(lines))
        new = max(0, min(total - count, len(lines)))
        start = len(lines) - new
        said = zip(lines[start:], authors[start:], places[start:], strict=True)
        return [
            (line, at) for line, person, at in said if not person or person not in hidden
        ], total

    def note_bot_members(self) -> None:
        """Have the log's opening name the seats bot members hold now (after seating)."""
        self.master.mark_bot_members(i for i, s in enumerate(self.seats) if s.bot_member)

    def log_since(self, pov: int, count: int) -> tuple[list[str], int]:
        """The log lines of a point of view written after the first `count`; and the new count."""
        return self.master.log_since(pov, count)

    def write_log(self, lines_for) -> None:
        """Add lines to every point of view; `lines_for(pov)` gives that reader's lines."""
        self.master.write_log(lines_for)

    def message_for(
        self, session, connected: Callable[[str], bool], now: float, hidden=frozenset()
    ) -> dict:
        """The ``table`` message for `session`, in the seat API's shapes: the seats as its person
        sees them, their seat's view (a spectator's: what anyone at the table may see) and choices,
        the log and chat lines new since the session was last told (it counts them; each chat line
        with how many of the message's log lines were written before it, ``chat_after``), whose
        decision it is, the clock, and whether the club keeps the game's end (``ended``: its final
        scoring as the club settled it).

        Args:
            connected: whether a person has a session at the server (on any node).
            now: the hub's clock, for the clock's time left.
            hidden: people whose chat is left out besides those the session muted now (those
                it had muted when the news began to wait: `table_news.py`).
        """
        seat = self.seat_of(session.person)
        pov = SPECTATOR if seat is None else seat
        lines, session.log_count = self.log_since(pov, session.log_count)
        first = session.log_count - len(lines)  # the count of log lines before this message's
        said, session.chat_count = self.chat_said_since(session.chat_count, session.muted | hidden)
        chat = [line for line, _ in said]
        chat_after = [
            min(len(lines), max(0, at.get(pov, session.log_count) - first)) for _, at in said
        ]
        deciding = self.deciding()
        waiting = ""
        if deciding is not None and deciding != seat:
            waiting = self.seat_label(deciding)
        if seat is not None:
            self.seats[seat].seen = self.actions
        seats = self.seat_infos(session.person, connected)
        view = self.view_for(pov)
        ended = self.finished and self.result is not None
        if ended:  # the final scoring as the club settled it: every client reads this ranking
            view = {**view, "scores": self.result}
        return {
            "type": "table",
            "table": self.id,
            "game": self.spec.name,
            "owner": self.owner == session.person,
            "seat": seat,
            "seats": [info.to_json() for info in seats],
            "record": {
                "seats": self.record.seats,
                "solo": self.record.solo,
                "options": self.spec.options_to_json(self.record.options),
            },
            "kind": self.kind,
            "clock": self.clock.to_json(now),
            "actions": self.actions,
            "version": self.master.version,
            "view": view,
            "choices": self.choices_for(seat).to_json(),
            "deciding": deciding,
            "waiting_for": waiting,
            "log": lines,
            "chat": chat,
            "chat_after": chat_after,
            "over": self.is_over,
            "ended": ended,
            "seed": self.record.seed if self.is_over or ended else None,
            "spectator_chat": self.spectator_chat,
            "muted": sorted(
                {s.person_name for s in self.seats if s.person and s.person in session.muted}
            ),
        }
