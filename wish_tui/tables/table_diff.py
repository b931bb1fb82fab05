"""What changed between two table messages, and the later one made again from the earlier.

Pure: JSON objects in, JSON objects out. A table message (`server.hub.table.Table.message_for`)
is mostly what it was a move before: the seats, the record, most of the view. The table server
sends a client that asked for them (`"diffs": true` in its hello) only what changed since the
message before on the same line (`diff`); the client makes the whole message again (`patch`) and
reads it as it always did. The log and chat lines of a message are new lines only (and where each chat line goes among
them), so each message's base keeps them empty (`base_of`).

A diff is an object of up to three keys:

    "set"  keys whose value is new or changed (a list or a text is sent whole), with the value
    "del"  keys there are no more
    "sub"  keys whose value is an object in both messages, with the diff of the two
"""

from __future__ import annotations

import marshal

INCREMENTAL = ("log", "chat", "chat_after")
"""The keys of a table message that hold only what is new since the message before."""


def diff(old: dict, new: dict) -> dict:
    """What `patch(old, ·)` needs to make `new`: an empty object when nothing changed."""
    changed: dict = {}
    nested: dict = {}
    for key, value in new.items():
        if key not in old:
            changed[key] = value
            continue
        before = old[key]
        if before == value and type(before) is type(value):
            continue
        if isinstance(before, dict) and isinstance(value, dict):
            nested[key] = diff(before, value)
        else:
            changed[key] = value
    gone = [key for key in old if key not in new]
    result: dict = {}
    if changed:
        result["set"] = changed
    if gone:
        result["del"] = gone
    if nested:
        result["sub"] = nested
    return result


def changed_keys(changes: dict) -> frozenset[str]:
    """The keys a diff says changed: new, changed or gone."""
    return frozenset(changes.get("set", ())).union(changes.get("del", ()), changes.get("sub", ()))


class BadDiff(ValueError):
    """A diff that is not one (not made by `diff`, or for another base)."""


def patch(old: dict, changes: dict) -> dict:
    """`old` with `changes` (a `diff`) made: a new object; `old` is left as it was.

    Raises:
        BadDiff: `changes` is not a diff, or names an object `old` does not have.
    """
    if not isinstance(changes, dict) or not set(changes) <= {"set", "del", "sub"}:
        raise BadDiff("not a diff")
    changed, gone, nested = changes.get("set", {}), changes.get("del", []), changes.get("sub", {})
    if not isinstance(changed, dict) or not isinstance(gone, list) or not isinstance(nested, dict):
        raise BadDiff("not a diff")
    result = dict(old)  # copied whole, then what went taken out: who is online is 1,000 keys
    for key in gone:
        if isinstance(key, str):  # a JSON object's key (anything else names none)
            result.pop(key, None)
    result.update(changed)
    for key, inner in nested.items():
        before = old.get(key)
        if not isinstance(before, dict):
            raise BadDiff(f"no object {key!r} to change")
        result[key] = patch(before, inner)
    return result


def base_of(message: dict) -> dict:
    """A table message as the base of the next diff: its new lines (log, chat) left out."""
    return {**message, **{key: [] for key in INCREMENTAL if key in message}}


class Teller:
    """The server's side, for one session: each table message numbered (``"n"``), and sent as
    a ``table_diff`` from the one before when that one was of the same table; whole after
    `forget` (the session opened the table again, or its client asked: a gap)."""

    def __init__(self) -> None:
        self.told = 0
        """The number of the last table message sent."""
        self._table = ""
        self._base: dict | None = None

    def forget(self) -> None:
        """Send the next table message whole."""
        self._base = None

    def took(self, table: str, number: int, base: dict) -> None:
        """The session was sent message `number` of `table` (whose base is `base`) from
        elsewhere (spectators' shared news): the next diff is from it."""
        self.told, self._table, self._base = number, table, base

    def message(self, whole: dict) -> dict:
        """What to send for `whole` (a ``table`` message): the diff, or `whole` numbered."""
        self.told += 1
        table, base, before = whole["table"], self._base, self._table
        self._table, self._base = table, base_of(whole)
        if base is None or table != before:
            return {**whole, "n": self.told}
        return {
            "type": "table_diff",
            "table": table,
            "n": self.told,
            "base": self.told - 1,
            "changes": diff(base, whole),
        }


class Follower:
    """The client's side: the last table message of each table, to make the next one whole from
    its diff. What it keeps is its own (in `marshal`'s bytes, which write and read a message's
    JSON values back as they were, a third of the time of JSON text): a client may change what
    it was handed."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[int, bytes]] = {}
        self._made: tuple[str, int, dict] | None = None
        """The table and number of the message made last from a diff, and that diff (not the
        message: a client that let it go keeps none of it here)."""

    def changes_of(self, message: dict) -> dict | None:
        """The diff `message` was made from, when it is the message this follower made last
        (what changed since the message of its table before: a client redraws only that); None
        when it came whole, or is another."""
        made = self._made
        if made is None or message.get("table") != made[0] or message.get("n") != made[1]:
            return None
        return made[2]

    def whole(self, message: dict) -> dict | None:
        """The ``table`` message that `message` (a ``table`` or ``table_diff``) stands for; None
        when it is a diff from a message this client does not have (a gap: ask for the whole)."""
        table = message.get("table")
        if not isinstance(table, str):
            return None
        self._made = None
        if message.get("type") == "table":
            self._remember(table, message)
            return message
        last = self._last.get(table)
        number = message.get("n")
        if last is None or message.get("base") != last[0] or not isinstance(number, int):
            self._last.pop(table, None)
            return None
        try:
            made = patch(marshal.loads(last[1]), message.get("changes"))
        except BadDiff:
            self._last.pop(table, None)
            return None
        made["n"] = number
        self._remember(table, made)
        self._made = (table, number, message["changes"])
        return made

    def _remember(self, table: str, message: dict) -> None:
        number = message.get("n")
        if isinstance(number, int):
            self._last[table] = (number, marshal.dumps(base_of(message)))
        else:  # a server that numbers nothing: nothing to patch
            self._last.pop(table, None)
