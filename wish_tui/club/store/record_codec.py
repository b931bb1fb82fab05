"""A table's record from its events, and the one compressed record a finished table keeps.

While a table is played, each action (and each undo) is a row of ``table_events``. `resolve`
turns those rows into the game's action list: an undo event takes back the last N actions, so
nothing is ever deleted while the table lives. When the table finishes, its events, final scores
and chat are folded into one zlib-compressed JSON record (`pack`), in the same transaction, and the
rows go: a four-seat Wish game of 1,500 actions keeps a few kilobytes (benchmarks/club.py).

The packed record (version 1), before compression::

    {"v": 1, "actions": ["keep Arcanist", ...], "ds": [12, 3, ...],
     "scores": {...final_scores()...}, "chat": [[player_id or null, "text", at], ...]}

``ds`` holds, for each action kept, the tenths of a second since the action before it (the first:
since the table was made), so a replay can be paced as it was played.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable

from ..rows import Event

VERSION = 1
MAX_PACKED = 4 * 1024 * 1024
"""The most bytes a packed record may unpack to (a game's is far smaller)."""


class RecordDamaged(ValueError):
    """A packed record or an event list that is not a record; the message is a clause."""


def resolve(events: Iterable[Event]) -> tuple[list[str], list[int]]:
    """The actions the events leave, in order, and the time of each (ms).

    Raises:
        RecordDamaged: an event is neither an action in notation nor an undo of actions there
            were.
    """
    actions: list[str] = []
    times: list[int] = []
    for event in events:
        if type(event.undo) is not int or event.undo < 0:
            raise RecordDamaged(f"event {event.seq} takes back {event.undo!r:.20} actions")
        if not event.undo and not (isinstance(event.notation, str) and event.notation):
            raise RecordDamaged(f"action {len(actions) + 1} (event {event.seq}) has no notation")
        if event.undo:
            if event.undo > len(actions):
                raise RecordDamaged(
                    f"event {event.seq} takes back {event.undo} actions of {len(actions)}"
                )
            del actions[-event.undo :], times[-event.undo :]
        else:
            actions.append(event.notation)
            times.append(event.at)
    return actions, times


def pack(
    actions: list[str], times: list[int], started: int, scores: dict, chat: list[list]
) -> bytes:
    """The compressed record of a finished table."""
    tenths, last = [], started
    for at in times:
        tenths.append(max(0, (at - last) // 100))
        last = max(last, at)
    data = {"v": VERSION, "actions": actions, "ds": tenths, "scores": scores, "chat": chat}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return zlib.compress(text.encode("utf-8"), 9)


def unpack(blob: bytes) -> dict:
    """A packed record, read back and checked for shape.

    Raises:
        RecordDamaged: not a record this version can read.
    """
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(bytes(blob), MAX_PACKED)
        if inflater.unconsumed_tail:
            raise RecordDamaged("the record is too large")
        data = json.loads(raw.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise RecordDamaged("the record is not compressed JSON") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise RecordDamaged("the record is of an unknown version")
    actions, tenths = data.get("actions"), data.get("ds")
    if not (isinstance(actions, list) and all(isinstance(a, str) for a in actions)):
        raise RecordDamaged("the record's actions are not notation")
    if not (isinstance(tenths, list) and len(tenths) == len(actions)):
        raise RecordDamaged("the record's times do not match its actions")
    if not isinstance(data.get("scores"), dict) or not isinstance(data.get("chat"), list):
        raise RecordDamaged("the record has no final scores or chat")
    return data
