"""The tables of the server: games whose seats people and bots hold, and what each person sees.

Plain logic, no sockets, threads or clock: the hub (`hub.py`) calls it and sends what it returns.
Every change goes through the rules' front door (`State.apply` of the game), so a client that sends
an illegal, stale or out-of-turn action gets the rules' sentence back and nothing changes. Each
person is sent only the view of the seat they hold (a spectator: what every seat sees alike), and
a log written from that point of view, so no client ever holds another seat's secrets.
"""

from __future__ import annotations

import secrets
from collections import deque
from dataclasses import dataclass

from wish_tui import games
from wish_tui.core.bots import LEVELS
from wish_tui.core.excerpt import excerpt
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable, Played
from wish_tui.tables.protocol import MAX_CHAT, printable
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
        self.master = GameTable(record, history, history_keep=HISTORY_KEEP)
        self.owner = owner
        self.seats = seats
        self.chat: deque = deque(maxlen=CHAT_KEEP)
        """The last chat lines, 'name: text' (`add_chat`)."""
        self.chat_by: deque = deque(maxlen=CHAT_KEEP)
        """Who said each of them (a person, '' when not known), for those who muted them."""
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
        """'Water (alice)', 'Fire (hard bot)', 'Earth (open seat)'."""
        place = self.seats[seat]
        title = self.spec.seat_title(place.name)
        if place.who != "human":
            return f"{title} ({place.who} bot)"
        if not place.person:
            return f"{title} (open seat)"
        if place.outcome:
            gone = "resigned" if place.outcome == "resigned" else "out of time"
            if self.finished:  # no bot plays on at a game that has ended
                return f"{title} ({place.person_name}, {gone})"
            return f"{title} ({place.person_name}, {gone}: a bot plays)"
        if place.zombie:
            return f"{title} ({place.person_name}, played by a bot while away)"
        return f"{title} ({place.person_name})"

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

    def add_chat(self, person: str, line: str) -> None:
        """Keep a chat line ('name: text') that `person` said."""
        self.chat.append(line)
        self.chat_by.append(person)
        self.chat_total += 1

    def chat_since(self, count: int, hidden=frozenset()) -> tuple[list[str], int]:
        """The chat lines after the first `count` but those of the people in `hidden` (muted
        by the reader); and the new count."""
        lines = list(self.chat)
        authors = list(self.chat_by)[-len(lines) :] if lines else []
        authors = [""] * (len(lines) - len(authors)) + authors
        total = max(self.chat_total, len(lines))
        new = max(0, min(total - count, len(lines)))
        start = len(lines) - new
        said = zip(lines[start:], authors[start:], strict=True)
        return [line for line, person in said if not person or person not in hidden], total

    def log_since(self, pov: int, count: int) -> tuple[list[str], int]:
        """The log lines of a point of view written after the first `count`; and the new count."""
        return self.master.log_since(pov, count)

    def write_log(self, lines_for) -> None:
        """Add lines to every point of view; `lines_for(pov)` gives that reader's lines."""
        self.master.write_log(lines_for)


def new_table_id(taken) -> str:
    """A short id no table has."""
    while True:
        table_id = secrets.token_hex(3)
        if table_id not in taken:
            return table_id


def create(
    table_id: str,
    game: str,
    seat_specs: list[dict],
    owner: str,
    owner_name: str,
    seed: int,
    solo: str = "",
    options: dict | None = None,
    kind: str = "live",
    clock: dict | None = None,
) -> Table:
    """A new table; `seat_specs` are {"name", "who"} with who 'me', 'open' or a bot level;
    `kind` 'live' or 'turn' (turn-based), `clock` its clock (`clocks.TableClock`).

    Raises:
        TableError: the game, the seats, the solo level or the options are not a game (one
            sentence from the rules or the registry).
    """
    try:
        spec = games.get(game)
    except KeyError as exc:
        raise TableError(str(exc.args[0])) from None
    if not isinstance(seat_specs, list) or not 1 <= len(seat_specs) <= spec.max_seats:
        raise TableError(f"A table of {spec.title} has 1 to {spec.max_seats} seats.")
    seats = []
    for entry in seat_specs:
        name, who = entry.get("name"), entry.get("who")
        if not isinstance(name, str) or name not in spec.seats:
            raise TableError(
                f"{excerpt(name)} is not a {spec.seat_word} of {spec.title}; "
                f"use one of {', '.join(spec.seats)}."
            )
        if who == "me":
            seats.append(Seat(name, "human", owner, owner_name))
        elif who == "open":
            seats.append(Seat(name, "human"))
        elif who in BOT_LEVELS:
            seats.append(Seat(name, who))
        else:
            raise TableError(
                f"{excerpt(who)} is not who can sit at a seat: 'me', 'open' or a bot level "
                f"({', '.join(BOT_LEVELS)})."
            )
    if sum(1 for s in seats if s.person == owner) > 1:
        raise TableError("You can sit at only one seat of a table; leave the others open.")
    record_seats = [{spec.seat_key: s.name, "who": s.who} for s in seats]
    try:
        record, state = GameRecord.new(
            record_seats, seed, solo or None, spec.name, options, games=GAMES
        )
    except ValueError as exc:
        raise TableError(str(exc)) from None
    return Table(table_id, record, [state], owner, seats, kind=kind, clock=clock)


def join(table: Table, seat: int, person: str, name: str) -> None:
    """`person` takes an open seat.

    Raises:
        TableError: no such seat, not open, or the person already sits at this table.
    """
    held = table.seat_of(person)
    if held is not None:
        raise TableError(f"You already sit at this table, as {table.seat_label(held)}.")
    if not 0 <= seat < len(table.seats):
        raise TableError(f"This table has no seat {excerpt(seat)}.")
    place = table.seats[seat]
    if place.who != "human":
        raise TableError(f"{table.seat_label(seat)} is played by a bot, not open to join.")
    if place.person:
        raise TableError(f"{table.seat_label(seat)} is taken.")
    place.person, place.person_name = person, name


def leave(table: Table, person: str) -> None:
    """`person` gives their seat back to the table (only before the game has started).

    Raises:
        TableError: they hold no seat, or the game has begun.
    """
    seat = table.seat_of(person)
    if seat is None:
        raise TableError("You hold no seat at this table.")
    if table.actions:
        raise TableError(
            "The game has begun: your seat stays yours (the owner may let a bot play it while "
            "you are away)."
        )
    place = table.seats[seat]
    place.person = place.person_name = ""


def check_play(table: Table, person: str, text: str, expect: int) -> tuple[int, object]:
    """Check an action of `person`'s seat, given in notation, without playing it; return the
    seat and the rules' action (what `Table.master.play` then takes).

    Raises:
        TableError: not their decision, stale, game over, or illegal (the rules' sentence).
    """
    if table.is_over:
        raise TableError("The game is over: no action can be played.")
    seat = table.seat_of(person)
    deciding = table.deciding()
    if seat is None:
        raise TableError(
            f"You hold no seat at this table; it is {table.seat_label(deciding)}'s decision."
        )
    if table.seats[seat].for_good:
        raise TableError("You left this game: a bot plays your seat to its end.")
    if seat != deciding:
        raise TableError(f"It is {table.seat_label(deciding)}'s decision now, not yours.")
    if expect != table.actions:
        raise TableError("The table moved on since your screen last changed; look again.")
    try:
        return seat, table.spec.rules.parse_action(table.state, text)
    except ValueError as exc:
        raise TableError(str(exc)) from None


def play(table: Table, person: str, text: str, expect: int) -> Played:
    """Check and apply an action of `person`'s seat, given in notation (`check_play`).

    Raises:
        TableError: not their decision, stale, game over, or illegal (the rules' sentence).
    """
    seat, action = check_play(table, person, text, expect)
    played = table.master.play(seat, action)
    table.seats[seat].zombie = ""
    return played


def undo(table: Table, person: str) -> int:
    """Take back `person`'s last decisions as far as the rules allow; return how many.

    Raises:
        TableError: they hold no seat, or the rules allow no undo now (their sentence).
    """
    seat = table.seat_of(person)
    if seat is None:
        raise TableError("You hold no seat at this table.")
    try:
        return table.master.undo(seat)
    except Refused as exc:
        raise TableError(str(exc)) from None


def chat_line(name: str, text: str) -> tuple[str, str]:
    """A chat line as it is kept and shown: (who, the text made plain and short).

    Raises:
        TableError: an empty line.
    """
    clean = printable(text, MAX_CHAT).strip()
    if not clean:
        raise TableError("Type something to say first.")
    return name, clean


def chat(table: Table, person: str, name: str, text: str) -> str:
    """Add a chat line; return it as shown.

    Raises:
        TableError: an empty line.
    """
    clean = printable(text, MAX_CHAT).strip()
    if not clean:
        raise TableError("Type something to say first.")
    line = f"{name}: {clean}"
    table.add_chat(person, line)
    return line


def hand_to_bot(table: Table, person: str, seat: int, on: bool) -> None:
    """Let a bot play an absent person's seat, or give it back (the call of the owner or of
    anyone who plays at the table: an absent owner leaves no one stuck).

    Raises:
        TableError: not the owner or a player, no such seat, or not a person's seat.
    """
    mine = table.seat_of(person)
    if person != table.owner and (mine is None or table.seats[mine].for_good):
        raise TableError("Only a player of this table can hand a seat to a bot.")
    if not 0 <= seat < len(table.seats) or table.seats[seat].who != "human":
        raise TableError("Only a person's seat can be handed to a bot.")
    place = table.seats[seat]
    if not place.person:
        raise TableError(f"{table.seat_label(seat)} is open: anyone may join it.")
    if place.for_good:
        raise TableError(f"{table.seat_label(seat)} left the game: a bot plays it to its end.")
    place.zombie = ZOMBIE_LEVEL if on else ""
    if on and place.bot_since is None:
        place.bot_since = table.actions


def bot_moves(table: Table, seat: int, since: int) -> list[str]:
    """What `seat` did after the table's first `since` actions, in words (the moves a bot
    chose for its absent person); the oldest the table no longer keeps are left out."""
    actions = table.record.actions
    history = table.history
    words = table.spec.choices.words
    moves = []
    for index in range(max(since, len(actions) - len(history) + 1), len(actions)):
        before = history[len(history) - 1 - (len(actions) - index)]
        if before.current_player != seat:
            continue
        try:
            action = table.spec.rules.parse_action(before, actions[index])
        except ValueError:
            continue
        moves.append(words(before, before.view(seat), seat, action))
    return moves


def outcome_line(table: Table, seat: int) -> str:
    """The log's line for a seat its person gave to a bot for good (resigned, out of time)."""
    place = table.seats[seat]
    gone = "resigned" if place.outcome == "resigned" else "ran out of time"
    then = "" if early_end(table) else "; a bot plays the seat to the end"
    return f"{table.spec.seat_title(place.name)}: {place.person_name} {gone}{then}."


def early_end(table: Table) -> str:
    """Why the game ends now, before its rules end it, in one sentence ('' while it goes on):
    no person is left at it; a person gave up their seat before every person at the table took
    a decision of their own (the game is aborted); or a person gave up a two-seat game (no one
    plays on against a bot)."""
    if table.is_over:
        return ""
    if not table.people():
        return "No person is left at the table: the game ends here."
    if not any(s.for_good for s in table.seats):
        return ""
    if table.undecided():
        return (
            "The game ends here, aborted: not every person at the table has taken a decision "
            "of their own."
        )
    if len(table.seats) == 2:
        return "The game ends here: one of its two seats was given up."
    return ""


def give_up(table: Table, seat: int, outcome: str) -> None:
    """A person's seat goes to a bot for good: they resigned, or their time ran out. The game
    counts as lost for them (they finish last)."""
    place = table.seats[seat]
    place.outcome = outcome
    place.zombie = ZOMBIE_LEVEL


def resign(table: Table, person: str) -> int:
    """`person` resigns: a bot plays their seat to the end; return the seat.

    Raises:
        TableError: they hold no seat they still play, or the game is over.
    """
    seat = table.seat_of(person)
    if seat is None or table.seats[seat].for_good:
        raise TableError("You hold no seat at this table to resign.")
    if table.is_over:
        raise TableError("The game is over: there is nothing to resign.")
    give_up(table, seat, "resigned")
    return seat


def person_of(player_id: int | None) -> str:
    """How the hub names a player of the club at its tables."""
    return f"P{player_id}" if player_id is not None else ""


def restore(loaded) -> Table:
    """A table of the club resumed after a restart (`club.LoadedTable`: its game rebuilt from
    its events, its seats, its chat); its log is written again from its record."""
    stored = loaded.table
    seats = []
    for place in stored.seats:
        person = person_of(place.player_id) if place.who == "human" else ""
        seats.append(
            Seat(
                place.name,
                place.who,
                person,
                place.player_name if person else "",
                place.zombie,
                place.outcome if place.outcome in ("resigned", "timeout") else "",
            )
        )
    table = Table(
        stored.code,
        loaded.record,
        loaded.history,
        person_of(stored.owner_id),
        seats,
        kind=stored.kind,
        clock=stored.clock,
        clock_left=[None if s.clock_ms is None else s.clock_ms / 1000 for s in stored.seats],
        club_id=stored.id,
    )
    for place in seats:
        if place.zombie and not place.for_good:
            place.bot_since = table.actions  # what the bot chose from here on is told
    for line in loaded.chat:
        table.add_chat(person_of(line.player_id), f"{line.name}: {line.text}")
    table.seq = loaded.last_seq
    table.chat_seq = max((line.n for line in loaded.chat), default=0)
    table.decided = set(loaded.decided)
    return table
