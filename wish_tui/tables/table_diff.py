"""What changed between two table messages, and the later one made again from the earlier.

Pure: JSON objects in, JSON objects out. A table message (`server.hub.table.Table.message_for`)
is mostly what it was a move before: the seats, the record, most of the view. The table server
sends a client that asked for them (`"diffs": true` in its hello) only what changed since the
message before on the same line (`diff`); the client makes the whole message again (`patch`) and
reads it as it always did. The log and chat lines of a message are new lines only (and where each chat line goes among
them), so each message's base keeps them empty (`base_of`).

A diff is an object of up to three keys:

    "set"  keys whose value is new or changed (a text, a number, or a value sent whole), with it
    "del"  keys there are no more
    "sub"  keys whose value is an object in both messages, with the diff of the two; or, in a
           diff made with `lists` (a client that said `"list_diffs": true` in its hello), a list
           in both messages, with the list's diff

A list's diff is an object too, told from an object's by the value it changes (a list), and by
its key "len", the list's new length (items past it are gone); "set" and "sub" name items by
their index (a JSON object's keys are texts: "0", "1", ...): an item sent whole, and an item
that is an object or a list in both, with its diff. A Wish view's players and areas are lists
of objects, of which an action changes a few keys of one or two. A list where fewer than half of
the items are kept or changed in place is sent whole.
"""

from __future__ import annotations

INCREMENTAL = ("log", "chat", "chat_after")
"""The keys of a table message that hold only what is new since the message before."""


def diff(old: dict, new: dict, lists: bool = False) -> dict:
    """What `patch(old, ·)` needs to make `new`: an empty object when nothing changed. `lists`:
    a list that changed in a few items is sent as those items (a client that reads it)."""
    changed: dict = {}
    nested: dict = {}
    added = 0
    for key, value in new.items():
        if key not in old:
            changed[key] = value
            added += 1
            continue
        before = old[key]
        if before == value and type(before) is type(value):
            continue
        kind = type(before)
        if kind is not type(value):
            changed[key] = value
        elif kind is dict:
            nested[key] = diff(before, value, lists)
        elif kind is list and lists and (inner := _list_diff(before, value)) is not None:
            nested[key] = inner
        else:
            changed[key] = value
    # every key of `old` is in `new` when as many of them were found there (the common case)
    gone = [key for key in old if key not in new] if len(old) != len(new) - added else ()
    result: dict = {}
    if changed:
        result["set"] = changed
    if gone:
        result["del"] = gone
    if nested:
        result["sub"] = nested
    return result


def _list_diff(old: list, new: list) -> dict | None:
    """The diff of two lists (`diff`'s form for them), or None when it would spare little:
    fewer than half of the items both hold are kept or changed in place."""
    common = min(len(old), len(new))
    if not common:
        return None
    changed: dict = {}
    nested: dict = {}
    most = common // 2  # more items changed whole than this: the list is sent whole
    for index in range(common):
        before, value = old[index], new[index]
        kind = type(before)
        if kind is type(value):
            if before == value:
                continue
            if kind is dict:
                nested[str(index)] = diff(before, value, True)
                continue
            if kind is list and (inner := _list_diff(before, value)) is not None:
                nested[str(index)] = inner
                continue
        changed[str(index)] = value
        if len(changed) > most:
            return None
    for index in range(common, len(new)):
        changed[str(index)] = new[index]
    result: dict = {"len": len(new)}
    if changed:
        result["set"] = changed
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
        BadDiff: `changes` is not a diff, or names an object or list `old` does not have.
    """
    if not isinstance(changes, dict) or not changes.keys() <= _OBJECT_DIFF:
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
        result[key] = _patched(old.get(key), inner, key)
    return result


_OBJECT_DIFF = frozenset(("set", "del", "sub"))
_LIST_DIFF = frozenset(("len", "set", "sub"))


def _patched(before, inner, name):
    """`before` (an object or a list) with its diff `inner` made."""
    if isinstance(before, dict):
        return patch(before, inner)
    if isinstance(before, list):
        return _patch_list(before, inner)
    raise BadDiff(f"no object or list {name!r} to change")


def _patch_list(old: list, changes: dict) -> list:
    """`old` with `changes` (a list's diff) made: a new list."""
    if not isinstance(changes, dict) or not changes.keys() <= _LIST_DIFF:
        raise BadDiff("not a list's diff")
    length, changed, nested = changes.get("len"), changes.get("set", {}), changes.get("sub", {})
    if type(length) is not int or length < 0 or length > MAX_ITEMS:
        raise BadDiff("not a list's length")
    if not isinstance(changed, dict) or not isinstance(nested, dict):
        raise BadDiff("not a list's diff")
    result = old[:length]
    if length > len(result):
        if not all(str(index) in changed for index in range(len(result), length)):
            raise BadDiff("a list's new items not all sent")
        result += [None] * (length - len(result))
    for key, value in changed.items():
        result[_index(key, length)] = value
    kept = min(length, len(old))
    for key, inner in nested.items():
        index = _index(key, kept)
        result[index] = _patched(old[index], inner, key)
    return result


MAX_ITEMS = 1 << 20
"""The longest list a list's diff may make (a message is far shorter: `protocol.MAX_MESSAGE`)."""


def _index(key, length: int) -> int:
    """The index `key` names (an item's key in a list's diff), below `length`."""
    if not isinstance(key, str) or not key.isascii() or not key.isdigit():
        raise BadDiff("not an item's index")
    index = int(key)
    if index >= length:
        raise BadDiff(f"no item {index} to change")
    return index


def base_of(message: dict) -> dict:
    """A table message as the base of the next diff: its new lines (log, chat) left out."""
    return {**message, **{key: [] for key in INCREMENTAL if key in message}}


class Teller:
    """The server's side, for one session: each table message numbered (``"n"``), and sent as
    a ``table_diff`` from the one before when that one was of the same table; whole after
    `forget` (the session opened the table again, or its client asked: a gap). `lists`: its
    client reads a list's diff (`"list_diffs": true` in its hello); else a changed list is sent
    whole, as to a client made before lists were diffed."""

    def __init__(self, lists: bool = False) -> None:
        self.lists = lists
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
            "changes": diff(base, whole, self.lists),
        }


class Follower:
    """The client's side: the last table message of each table, to make the next one whole from
    its diff. A message made from a diff is new only where the diff changed something (`patch`):
    the rest of it is the message before's, and what the follower keeps shares them all. So a
    client reads what it was handed and never changes it in place, below its top level (the
    message itself is the client's own: what the follower keeps is another object): the table
    screens draw again only what is not the same object as before (`ViewParts`). A private copy
    of each message (`marshal`'s, out and back) cost about 0.09 ms a message in an app."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[int, dict]] = {}
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
            made = patch(last[1], message.get("changes"))
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
            self._last[table] = (number, base_of(message))
        else:  # a server that numbers nothing: nothing to patch
            self._last.pop(table, None)
