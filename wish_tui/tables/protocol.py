"""The messages between the app sessions and the table server: JSON lines, bounded, validated.

Every message is one JSON object on one line of UTF-8, at most MAX_MESSAGE bytes. A message that
breaks a rule gets one sentence back (`ProtocolError`) and changes nothing; what it sent is quoted
back only as a short escaped excerpt.

The messages, session → hub (each answered by the hub's handler of its type):

    hello {token}                       who this session is (first message, once)
    register {name}                     a newcomer's name (after a welcome that asks for one)
    lobby                               list the tables (and keep me told of changes)
    new_table {game, seats: [{name, who: me|open|BOT}], solo, options, kind, clock}
    join {table, seat}   leave {table}   watch {table}   open {table}   close_table {table}
    play {table, action, expect}        undo {table}     chat {table, text}
    hint {table}                        why {table, action}
    hand_to_bot {table, seat, on}       resign {table}   rematch {table}
    invite {table, name}                answer_invite {invitation, accept}
    history {mine, game, player, page}  archive {game_id}   review {game_id | table, seat}
    leaderboard {game, page}            player {name}    game_page {game}
    profile                             add_key {line}   settings {changes}   profile_text {text}
    rename {name}   mute {name, on}     spectator_chat {table, on}
    web_link                            a one-time link signing a browser in as this person

and hub → session: ``welcome`` (or one asking for a name), ``lobby`` (every table in a few words,
who is online, invitations), ``table`` (the table as this person sees it, in the seat API's shapes
(`wish_tui.tables.seat`): the seats with their clocks and who is connected, their view and their
choices, new log and chat lines (``chat_after``: how many of the new log lines came before
each chat line), whose decision it is, whether the game's end is kept: ``ended``), ``hint``,
``why``, ``notice`` (a sentence to know; ``away`` or ``back``: the seat whose person has been away long enough for a bot to play
it, or is back), ``page`` (a club page: history, leaderboard, a player, a game, the profile),
``archive`` (a finished game's record), ``review`` (the coach's review of a seat of one, how
far it went or whole: `club.coach_requests`), ``error`` (one sentence; nothing changed).
"""

from __future__ import annotations

import json

from wish_tui.core.excerpt import excerpt
from wish_tui.core.text import is_plain_text, plain_text

MAX_MESSAGE = 256 * 1024
"""The longest line either side sends (a four-seat view with its log is far below)."""
MAX_REQUEST = 16 * 1024
"""The longest line a session may send to the table server."""
MAX_CHAT = 200
"""The longest chat line, in characters."""
LET_GO_STATUS = 77
"""The exit status of a client that ended on the table server's last word to it (a banned
member, a newcomer the server cannot take): the client said that sentence, so its session adds
none of its own after it."""


class ProtocolError(ValueError):
    """A message that is refused; the text is one sentence for the person."""


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""Compact JSON, made once (`json.dumps` with these settings makes an encoder for each call)."""


def encode(message: dict) -> bytes:
    """One message as one line of UTF-8 JSON."""
    data = _ENCODER.encode(message).encode("utf-8")
    if len(data) > MAX_MESSAGE:
        raise ProtocolError("That message would be too long to send.")
    return data + b"\n"


def decode(line: bytes, limit: int = MAX_REQUEST) -> dict:
    """Read one message.

    Raises:
        ProtocolError: the line is too long, not UTF-8, not JSON or not an object with a "type".
    """
    if len(line) > limit:
        raise ProtocolError(f"That message is longer than {limit} bytes.")
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("That message is not UTF-8 text.") from None
    except (ValueError, RecursionError):
        raise ProtocolError("That message is not JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError('A message must be a JSON object with a "type".')
    return data


def text_field(message: dict, key: str, what: str, limit: int = 200, required: bool = True) -> str:
    """A text field of a message, checked.

    Raises:
        ProtocolError: missing when required, not text, too long or not printable.
    """
    value = message.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise ProtocolError(f'"{key}" must be {what}.')
    if len(value) > limit:
        raise ProtocolError(f'"{key}" is too long ({excerpt(value)}).')
    if not is_plain_text(value):
        raise ProtocolError(f'"{key}" holds characters that are not printable text.')
    return value


def int_field(message: dict, key: str, what: str, low: int, high: int) -> int:
    """A whole-number field within [low, high].

    Raises:
        ProtocolError: missing, not a whole number or out of range.
    """
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f'"{key}" must be {what}.')
    return value


def printable(text: str, limit: int) -> str:
    """Text made safe to show: control characters dropped, cut to `limit` characters."""
    return plain_text(text, limit)
