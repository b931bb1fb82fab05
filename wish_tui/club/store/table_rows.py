"""A stored table read strictly from its rows, and one sentence for a table whose rows are damaged.

Rows change by hand, by a disk that fails or by a program of another version. Each field of a
table's row and of its seats is checked as it is read, its events must leave a list of actions,
and those actions must replay through the rules' front door; the first thing that does not is
the table's damage, said as one clause ("action 3 'fly to the moon' is not legal there"), and the
table as a whole as one sentence for the operator and the keeper::

    Table 1 (Wish, f1994d) cannot be resumed: action 3 'fly to the moon' is not legal there;
    its rows are kept.

Nothing is changed: the rows stay for the keeper to mend or to remove.
"""

from __future__ import annotations

import json

from wish_tui import games, records
from wish_tui.core.excerpt import excerpt

from ..clock_settings import check_clock
from ..errors import ClubError, InputRefused
from ..limits import BOT_NAMES
from ..rows import StoredSeat, StoredTable

OUTCOMES = ("", "resigned", "timeout", "bot")
"""What a seat's outcome may be."""


class RowsDamaged(ValueError):
    """A table's rows that do not make its game; the message is a clause saying the first fault."""


class TableDamaged(ClubError):
    """An unfinished table that cannot be resumed from its rows (kept as they are); the message
    is one sentence naming the table, and `table_id`, `code`, `game` and `problem` say it in
    parts for the keeper's JSON."""

    def __init__(self, table_id: int, code: str, game: str, problem: str) -> None:
        self.table_id, self.code, self.game, self.problem = table_id, code, game, problem
        try:
            title = games.get(game).title
        except KeyError:
            title = excerpt(game, 20)
        known = f" ({title}, {excerpt(code, 12)[1:-1]})" if game or code else ""
        super().__init__(
            f"Table {table_id}{known} cannot be resumed: {problem}; its rows are kept."
        )

    def to_json(self) -> dict:
        """The keeper's JSON of one damaged table."""
        return {
            "table_id": self.table_id,
            "code": self.code,
            "game": self.game,
            "problem": self.problem,
            "sentence": str(self),
        }


def _json(text, what: str):
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise RowsDamaged(f"its {what} ({excerpt(text, 30)}) are not JSON") from None


def _seed(text) -> int:
    try:
        seed = int(str(text))
    except ValueError:
        raise RowsDamaged(f"its seed {excerpt(text, 30)} is not a whole number") from None
    if not -(1 << 63) <= seed < 1 << 64:
        raise RowsDamaged("its seed is larger than 64 bits")
    return seed


def _seat(spec, row: tuple) -> StoredSeat:
    seat, name, who, player_id, player_name, zombie, outcome, clock_ms, seen_seq, bot = row
    where = f"its seat {seat}"
    if name not in spec.seats:
        raise RowsDamaged(f"{where} {excerpt(name, 20)} is not a seat of {spec.title}")
    if who not in ("human", *BOT_NAMES):
        raise RowsDamaged(f"{where} is played by {excerpt(who, 20)}, not a person or a bot level")
    if zombie not in ("", *BOT_NAMES):
        raise RowsDamaged(f"{where} has a bot {excerpt(zombie, 20)} that is not a bot level")
    if outcome not in OUTCOMES:
        raise RowsDamaged(f"{where} has the outcome {excerpt(outcome, 20)}, which is none")
    if clock_ms is not None and type(clock_ms) is not int:
        raise RowsDamaged(f"{where}'s clock {excerpt(clock_ms, 20)} is not milliseconds")
    if type(seen_seq) is not int:
        raise RowsDamaged(f"{where}'s last event seen {excerpt(seen_seq, 20)} is not a number")
    return StoredSeat(
        seat,
        name,
        who,
        player_id,
        player_name or "",
        zombie,
        outcome,
        clock_ms,
        seen_seq,
        bool(bot) and who == "human",
    )


def stored_table(row: tuple, seat_rows: list[tuple]) -> StoredTable:
    """A table from its row (`table_store.TABLE_COLUMNS`) and its seats' rows, each field checked.

    Raises:
        RowsDamaged: a field is not what the club writes there (the first one, as a clause).
            A finished table has no seats left here (they are in its results).
    """
    table_id, code, game, seed, solo, options, kind, clock, owner_id, created_at, finished = row
    try:
        spec = games.get(game)
    except KeyError:
        raise RowsDamaged(f"its game {excerpt(game, 20)} is not a game here") from None
    parsed_options = _json(options, "options")
    try:
        spec.parse_options(parsed_options if isinstance(parsed_options, dict) else None)
        if not isinstance(parsed_options, dict):
            raise ValueError("they are not an object")
    except ValueError as exc:
        raise RowsDamaged(f"its options are not {spec.title}'s ({_clause(exc, spec)})") from None
    try:
        parsed_clock = check_clock(kind, _json(clock, "clock settings"))
    except InputRefused as exc:
        raise RowsDamaged(f"its clock is not one ({_clause(exc)})") from None
    if not isinstance(solo, str):
        raise RowsDamaged(f"its solo level {excerpt(solo, 20)} is not a word")
    seats = tuple(_seat(spec, r) for r in seat_rows)
    numbered = [s.seat for s in seats] == list(range(len(seats)))
    if finished is None and (not 1 <= len(seats) <= spec.max_seats or not numbered):
        raise RowsDamaged(f"its seats are not 1 to {spec.max_seats} seats numbered from 0")
    return StoredTable(
        id=table_id,
        code=code,
        game=spec.name,
        seed=_seed(seed),
        solo=solo,
        options=parsed_options,
        kind=kind,
        clock=parsed_clock,
        owner_id=owner_id,
        created_at=created_at,
        finished_at=finished,
        seats=seats,
    )


def replay(record) -> list:
    """The states of a table's game: before the first action, then after each one.

    Raises:
        RowsDamaged: the seats make no game, or an action is not legal where it stands.
    """
    try:
        return records.replay(record)
    except records.IllegalInRecord as exc:
        raise RowsDamaged(
            f"action {exc.number} {excerpt(exc.text, 40)} is not legal there"
        ) from None
    except records.SaveError:
        raise RowsDamaged(f"its seats make no game of {record.spec.title}") from None


def _clause(exc: Exception, spec=None) -> str:
    text = str(exc).strip().rstrip(".")
    if spec is not None and text.startswith(spec.title):
        return text
    return text[:1].lower() + text[1:] if text[1:2].islower() else text
