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
from dataclasses import dataclass, field

from wish_tui import games, records
from wish_tui.core.excerpt import excerpt
from wish_tui.records import GameRecord

from .protocol import MAX_CHAT, printable
from .views import common_view

SPECTATOR = -1
"""The point of view of someone watching a table."""
CHAT_KEEP = 50
"""Chat lines a table remembers."""
LOG_KEEP = 600
"""Log lines a table keeps for each point of view."""
HISTORY_KEEP = 400
"""States kept for undo (a turn is far shorter)."""
BOT_LEVELS = ("random", "easy", "medium", "hard")
ZOMBIE_LEVEL = "medium"
"""The bot that plays for a person who left, when the table hands their seat over."""


class TableError(ValueError):
    """A request a table refuses; the message is one sentence for the person."""


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

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "who": self.who,
            "person": self.person,
            "person_name": self.person_name,
            "zombie": self.zombie,
        }


@dataclass
class Table:
    """One game at the server, with its seats, its history for undo, its logs and its chat."""

    id: str
    record: GameRecord
    history: list
    owner: str
    seats: list[Seat]
    chat: deque = field(default_factory=lambda: deque(maxlen=CHAT_KEEP))
    logs: dict[int, deque] = field(default_factory=dict)
    """Per point of view (a seat, or SPECTATOR): the log lines, oldest first."""
    log_counts: dict[int, int] = field(default_factory=dict)
    """Per point of view: how many lines were ever written (clients ask from a count)."""

    @property
    def spec(self):
        return self.record.spec

    @property
    def state(self):
        return self.history[-1]

    @property
    def actions(self) -> int:
        """How many actions the game has had (clients send it back to prove they saw the latest)."""
        return len(self.record.actions)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def seat_of(self, person: str) -> int | None:
        """The seat `person` holds at this table, or None."""
        for index, seat in enumerate(self.seats):
            if seat.who == "human" and seat.person == person:
                return index
        return None

    def deciding(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return self.state.current_player

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
        if place.zombie:
            return f"{title} ({place.person_name}, played by a bot while away)"
        return f"{title} ({place.person_name})"

    # -- logs ----------------------------------------------------------------------------------
    def _points_of_view(self) -> list[int]:
        return [*range(len(self.seats)), SPECTATOR]

    def write_log(self, lines_for) -> None:
        """Add lines to every point of view; `lines_for(pov)` gives that reader's lines."""
        for pov in self._points_of_view():
            lines = lines_for(pov)
            log = self.logs.setdefault(pov, deque(maxlen=LOG_KEEP))
            log.extend(lines)
            self.log_counts[pov] = self.log_counts.get(pov, 0) + len(lines)

    def log_since(self, pov: int, count: int) -> tuple[list[str], int]:
        """The lines of a point of view written after the first `count`; and the new count."""
        total = self.log_counts.get(pov, 0)
        log = self.logs.get(pov, deque())
        missing = max(0, min(total - count, len(log)))
        return (list(log)[len(log) - missing :] if missing else []), total

    def write_opening(self) -> None:
        """The log of the game so far, from its first state (a new or reloaded table)."""
        log = self.spec.log
        self.write_log(lambda pov: log.opening_lines(self.record, self.history[0]))

    def log_action(self, before, action, after, seat: int) -> None:
        """Log one action from every point of view (a seat's secrets only in its own)."""
        log = self.spec.log
        self.write_log(
            lambda pov: log.log_lines(self.record, before, action, after, seat, pov == seat)
        )

    # -- what a person sees ----------------------------------------------------------------------
    def view_for(self, seat: int) -> dict:
        """The view of a seat, or for SPECTATOR what every seat sees alike."""
        state = self.state
        if seat == SPECTATOR:
            return common_view([state.view(s) for s in range(len(self.seats))])
        return state.view(seat)

    def legal_for(self, seat: int) -> list[str]:
        """The notation of the actions `seat` may take now (empty unless it decides now)."""
        if seat == SPECTATOR or self.deciding() != seat:
            return []
        return [str(a) for a in self.state.legal_actions()]


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
) -> Table:
    """A new table; `seat_specs` are {"name", "who"} with who 'me', 'open' or a bot level.

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
        record, state = GameRecord.new(record_seats, seed, solo or None, spec.name, options)
    except ValueError as exc:
        raise TableError(str(exc)) from None
    table = Table(table_id, record, [state], owner, seats)
    table.write_opening()
    return table


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


def play(table: Table, person: str, text: str, expect: int) -> tuple[int, object]:
    """Apply an action of `person`'s seat, given in notation; return (seat, action).

    Args:
        expect: how many actions the person's screen has seen; a different number means the
            table moved on and the action is refused as stale.

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
    if seat != deciding:
        raise TableError(f"It is {table.seat_label(deciding)}'s decision now, not yours.")
    if expect != table.actions:
        raise TableError("The table moved on since your screen last changed; look again.")
    if table.seats[seat].zombie:
        table.seats[seat].zombie = ""
    return seat, _apply(table, seat, text)


def play_bot(table: Table, seat: int, action) -> None:
    """Apply the action a bot chose for `seat` (checked by the rules like any other)."""
    if table.deciding() != seat or not table.bot_for(seat):
        raise TableError("That bot's turn has passed.")
    _apply(table, seat, action)


def _apply(table: Table, seat: int, action) -> object:
    state = table.state
    try:
        if isinstance(action, str):
            action = table.spec.rules.parse_action(state, action)
        record, after = table.record.play(state, action)
    except ValueError as exc:
        raise TableError(str(exc)) from None
    table.record = record
    table.history.append(after)
    del table.history[:-HISTORY_KEEP]
    table.log_action(state, action, after, seat)
    return action


def undo(table: Table, person: str) -> int:
    """Take back `person`'s last decisions as far as the rules allow; return how many.

    Raises:
        TableError: they hold no seat, or the rules allow no undo now (their sentence).
    """
    seat = table.seat_of(person)
    if seat is None:
        raise TableError("You hold no seat at this table.")
    history = table.history
    rules = table.spec.rules
    target = rules.undo_target(history) if len(history) > 1 else None
    if target is None or history[target].current_player != seat:
        raise TableError(rules.why_no_undo(history) or "There is nothing of yours to undo.")
    steps = len(history) - 1 - target
    table.history = history[: target + 1]
    table.record = table.record.truncated(len(table.record.actions) - steps, table.state)
    name = table.seat_label(seat)
    table.write_log(lambda pov: [f"({name} took back {steps} action{'s' if steps > 1 else ''})"])
    return steps


def chat(table: Table, person: str, name: str, text: str) -> str:
    """Add a chat line; return it as shown.

    Raises:
        TableError: an empty line.
    """
    clean = printable(text, MAX_CHAT).strip()
    if not clean:
        raise TableError("Type something to say first.")
    line = f"{name}: {clean}"
    table.chat.append(line)
    return line


def hand_to_bot(table: Table, person: str, seat: int, on: bool) -> None:
    """Let a bot play an absent person's seat, or give it back (the owner's call).

    Raises:
        TableError: not the owner, no such seat, or not a person's seat.
    """
    if person != table.owner:
        raise TableError("Only the table's owner can hand a seat to a bot.")
    if not 0 <= seat < len(table.seats) or table.seats[seat].who != "human":
        raise TableError("Only a person's seat can be handed to a bot.")
    place = table.seats[seat]
    if not place.person:
        raise TableError(f"{table.seat_label(seat)} is open: anyone may join it.")
    place.zombie = ZOMBIE_LEVEL if on else ""


def restore(table_id: str, record: GameRecord, owner: str, seats: list[Seat], chat_lines) -> Table:
    """A table read back from its save after a restart: replay it and rebuild its logs.

    Raises:
        records.SaveError: neither the actions nor the saved position are a game.
    """
    history, _ = records.settle(record, f"The table {table_id}")
    table = Table(table_id, record, history[-HISTORY_KEEP:], owner, seats)
    table.chat.extend(chat_lines)
    if len(history) == len(record.actions) + 1:
        states = history
        table.history = states[-HISTORY_KEEP:]
        log = table.spec.log
        table.write_log(lambda pov: log.opening_lines(record, states[0]))
        parse = table.spec.rules.parse_action
        for before, after, text in zip(states, states[1:], record.actions, strict=False):
            seat = before.current_player
            action = parse(before, text)
            table.write_log(
                lambda pov, b=before, a=after, s=seat, x=action: log.log_lines(
                    record, b, x, a, s, pov == s
                )
            )
    else:
        table.write_log(lambda pov: ["(the table was restored from its saved position)"])
    return table
