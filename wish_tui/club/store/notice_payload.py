"""A notice as the payload of a PostgreSQL ``NOTIFY``, and back: ``KIND TABLE SEQ [EVENT]``.

An action's notice carries its event (``[seat, player, undo, at, notation]`` in JSON), so a node
hearing it applies the action to its copy of the table without reading the rows: across two
nodes that read was a turn of the node's one database thread, queued behind whatever else it
was doing, between a move and the other person's screen. A payload is at most 8,000 bytes;
an event that would not fit (it cannot: a notation is at most 120 characters) is left out, and
a notice without it is read from the rows as before.
"""

from __future__ import annotations

import json

from ..rows import NOTICE_KINDS, Event, Notice

PAYLOAD_MAX = 7900
"""The longest payload sent with its event (PostgreSQL refuses one of 8,000 bytes or more)."""


def payload_of(notice: Notice) -> str:
    """The NOTIFY payload of `notice` (its event with it when it has one that fits)."""
    head = f"{notice.kind} {notice.table_id} {notice.seq}"
    event = notice.event
    if event is None:
        return head
    fields = [event.seat, event.player_id, event.undo, event.at, event.notation]
    payload = f"{head} {json.dumps(fields, separators=(',', ':'))}"
    return payload if len(payload.encode()) <= PAYLOAD_MAX else head


def parse_payload(payload: str) -> Notice | None:
    """The notice a NOTIFY's payload carries, or None for one that is not a club's (an event
    that cannot be read is left out: the notice is read from the rows)."""
    parts = payload.split(" ", 3)
    if len(parts) < 3 or parts[0] not in NOTICE_KINDS:
        return None
    try:
        table_id, seq = int(parts[1]), int(parts[2])
    except ValueError:
        return None
    event = _event(seq, parts[3]) if len(parts) == 4 and parts[0] == "action" else None
    return Notice(parts[0], table_id, seq, event)


def _event(seq: int, text: str) -> Event | None:
    try:
        seat, player_id, undo, at, notation = json.loads(text)
    except (ValueError, TypeError):
        return None
    if not (
        type(seat) is int
        and (player_id is None or type(player_id) is int)
        and type(undo) is int
        and type(at) is int
        and (notation is None or isinstance(notation, str))
        and (notation is None) == (undo > 0)
    ):
        return None
    return Event(seq, seat, player_id, notation, undo, at)
