"""The bot protocol's lines both ways, pure: a bot's line checked and made a request of the table
server, and the table server's messages made the bot's events.

A bot's line is one JSON object with a "type" (docs/bot-protocol.md):

    play {table, action, expect?}    an action by notation (expect: the turn's "actions")
    accept {challenge}               take a challenge: sit at the table, or take the seek
    decline {challenge}              turn an invitation down (a seek is let be)
    resign {table}   chat {table, text}   ping

A line that breaks a rule raises `BotLineError`, whose text is the one sentence the bot is sent;
nothing is asked of the table server for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wish_tui.tables.protocol import MAX_CHAT, ProtocolError, decode, int_field, text_field

MAX_LINE = 4 * 1024
"""The longest line a bot may send."""
INVITATION, SEEK = "invite:", "seek:"
"""How a challenge's id begins: an invitation to a table, or a seek in the lobby."""
KINDS = ("play", "accept", "decline", "resign", "chat", "ping")


class BotLineError(ValueError):
    """A bot's line that is refused; the text is one sentence for the bot."""


def challenge_of(text: str) -> tuple[str, int]:
    """('invite' | 'seek', number) of a challenge's id.

    Raises:
        BotLineError: not the id of a challenge.
    """
    for prefix in (INVITATION, SEEK):
        number = text[len(prefix) :]
        if text.startswith(prefix) and number.isdigit() and len(number) < 19:
            return prefix[:-1], int(number)
    raise BotLineError(f'"challenge" must be the id of a challenge ("{INVITATION}5", "{SEEK}3").')


def request_of(line: bytes, expected: dict[str, int]) -> dict | None:
    """The table server's request for a bot's line, or None for one answered here (a ping, a
    seek declined).

    Args:
        expected: per table, the number of actions the bot was last told (the `expect` of a
            play that leaves it out).

    Raises:
        BotLineError: the line is not a message of the protocol (one sentence).
    """
    try:
        message = decode(line.rstrip(b"\r\n"), MAX_LINE)
        kind = message["type"]
        if kind not in KINDS:
            raise BotLineError(
                f"'{kind[:20]}' is not a message of the bot protocol ({', '.join(KINDS)})."
            )
        if kind == "ping":
            return None
        if kind in ("accept", "decline"):
            what, number = challenge_of(text_field(message, "challenge", "a challenge's id", 30))
            if what == "seek":
                return {"type": "accept_seek", "id": number} if kind == "accept" else None
            return {"type": "answer_invite", "invitation": number, "accept": kind == "accept"}
        table = text_field(message, "table", "a table's id", limit=20)
        if kind == "resign":
            return {"type": "resign", "table": table}
        if kind == "chat":
            return {
                "type": "chat",
                "table": table,
                "text": text_field(message, "text", "text", MAX_CHAT),
            }
        action = text_field(message, "action", "an action in the game's notation", limit=120)
        if "expect" in message:
            expect = int_field(message, "expect", "the number of actions the turn said", 0, 10**6)
        elif table in expected:
            expect = expected[table]
        else:
            raise BotLineError(f"You have no turn at table {table!r}.")
        return {"type": "play", "table": table, "action": action, "expect": expect}
    except ProtocolError as exc:
        raise BotLineError(str(exc)) from None


@dataclass
class TableSeen:
    """What a bot was told of one table so far."""

    seat: int | None = None
    started: bool = False
    turn: tuple | None = None
    """(actions, version) of the last turn told: each decision is told once."""
    actions: int = -1
    ended: bool = False
    log: list = field(default_factory=list)


def table_events(message: dict, seen: TableSeen) -> list[dict]:
    """The bot's events for one ``table`` message of the table server (the seat's own view and
    choices only: the table server never sends a seat more), `seen` brought up to date."""
    table, seat = message["table"], message.get("seat")
    events: list[dict] = []
    if not seen.started:
        seen.started, seen.seat = True, seat
        events.append(
            {
                "type": "started",
                "table": table,
                "game": message.get("game"),
                "seat": seat,
                "seats": [s.get("name") for s in message.get("seats", [])],
                "players": [
                    s.get("person") or f"{s.get('who')} bot" for s in message.get("seats", [])
                ],
                "kind": message.get("kind"),
                "clock": message.get("clock"),
            }
        )
    if seen.ended:
        return events
    actions = message.get("actions", 0)
    if message.get("ended"):
        seen.ended = True
        scores = message["view"].get("scores")
        events.append({"type": "end", "table": table, "scores": scores, "closed": False})
        return events
    choices = message.get("choices") or {}
    key = (actions, message.get("version"))
    if choices.get("deciding") and choices.get("actions") and key != seen.turn:
        seen.turn = key
        events.append(
            {
                "type": "turn",
                "table": table,
                "seat": seat,
                "actions": actions,
                "view": message.get("view"),
                "choices": [{"action": c[0], "words": c[1]} for c in choices["actions"]],
                "clock": message.get("clock"),
                "log": message.get("log", []),
            }
        )
    elif actions != seen.actions:
        events.append(
            {
                "type": "change",
                "table": table,
                "actions": actions,
                "deciding": message.get("deciding"),
                "log": message.get("log", []),
            }
        )
    seen.actions = actions
    return events


def challenges_of(lobby: dict, told: set[str]) -> list[dict]:
    """The challenges of a lobby list not told yet (`told` keeps their ids): each invitation to
    a table, and each seek of another member."""
    events = []
    game_of = {t.get("table"): t.get("game") for t in lobby.get("tables", [])}
    for invitation in lobby.get("invitations", []):
        key = f"{INVITATION}{invitation['id']}"
        if key not in told:
            told.add(key)
            events.append(
                {
                    "type": "challenge",
                    "id": key,
                    "kind": "invitation",
                    "table": invitation["table"],
                    "game": game_of.get(invitation["table"]),
                    "from": invitation["from"],
                }
            )
    for seek in lobby.get("seeks", []):
        key = f"{SEEK}{seek['id']}"
        if key not in told and not seek.get("yours"):
            told.add(key)
            events.append(
                {
                    "type": "challenge",
                    "id": key,
                    "kind": "seek",
                    "from": seek["by"],
                    "game": seek["game"],
                    "seats": seek["seats"],
                    "clock_kind": seek["kind"],
                    "clock": seek["clock"],
                }
            )
    return events
