"""What people do with the seats of a server's table: a new table, taking a seat and giving it
back, an action checked against the rules, undo, chat, a seat handed to a bot, resigning or
running out of time, and a table resumed from the club's rows.

Plain logic, no sockets, threads or clock: the hub's services call it (`table_requests.py`) and
send what it returns. Every action goes through the rules' front door, so a client that sends an
illegal, stale or out-of-turn action gets the rules' sentence back and nothing changes.
"""

from __future__ import annotations

from wish_tui import games
from wish_tui.club.identity import person_of
from wish_tui.core.excerpt import excerpt
from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import Played
from wish_tui.tables.protocol import MAX_CHAT, printable
from wish_tui.tables.seat import Refused

from .table import BOT_LEVELS, ZOMBIE_LEVEL, Seat, Table, TableError


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


def join(table: Table, seat: int, person: str, name: str, bot_member: bool = False) -> None:
    """`person` (a bot member: `bot_member`) takes an open seat.

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
    place.person, place.person_name, place.bot_member = person, name, bot_member
    table.note_bot_members()


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
    vacate(table.seats[seat])
    table.note_bot_members()


def vacate(place: Seat) -> None:
    """Nobody holds the seat any more."""
    place.person = place.person_name = ""
    place.bot_member = False


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
    offered = table.master.legal_by_notation().get(text)  # as the seat's choices wrote it
    if offered is not None:
        return seat, offered
    try:  # any other spelling the rules read, or refuse with their sentence
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
                bot_member=place.bot_member,
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
    for line in loaded.chat:  # each after the actions before it (of an older club: by time)
        played = line.actions
        if played is None:
            played = sum(1 for at in loaded.times if at <= line.at)
        at = table.master.log_counts_at(played)
        table.add_chat(person_of(line.player_id), f"{line.name}: {line.text}", at)
    table.seq = loaded.last_seq
    table.chat_seq = max((line.n for line in loaded.chat), default=0)
    table.decided = set(loaded.decided)
    table.last_deciding = table.deciding()
    table.since = decision_began(loaded.history, loaded.times, stored.created_at)
    return table


def decision_began(history: list, times: tuple[int, ...], created_at: int) -> float:
    """When the decision due in the last of `history` became its seat's (seconds since 1970):
    the time of the action that handed it over, else of the table's making. `times`: when
    each action was stored (ms). `history` may be the last states only (a live table keeps a
    tail): it is counted from its end."""
    deciding = history[-1].current_player
    back = 0
    while back < len(history) - 1 and history[-2 - back].current_player == deciding:
        back += 1
    start = len(times) - back
    return (times[start - 1] if 0 < start <= len(times) else created_at) / 1000
