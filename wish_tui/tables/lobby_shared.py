"""The lobby's list in two parts: what every session in the lobby is told alike, sent as one
message shared by all of them, and what only one session is told.

At a club event a thousand sessions wait in the lobby, and every new table or seat taken is news
to all of them. A client that asks for it (`"lobby_shared": true` in its hello) is sent:
- ``lobby_shared``: every table's row as everyone sees it and who is online (the *shared* part,
  numbered ``"n"``), whole (``"whole"``) or as what changed since the one numbered ``"base"``
  (``"changes"``, a `table_diff.diff`). The server builds and encodes each such message once, for
  every session that holds the same base;
- ``lobby_yours``: what the list says to this session alone (which tables are its own, its move,
  a friend's, who of those it follows is online, the seeks and its invitations), numbered with
  the shared part it goes with (``"shared"``), sent before it, and only when it changed.
The client makes the list whole again (`SharedFollower`) and reads it as a ``lobby`` message, in
the order the server would have sent it (`lobby_order`). A diff from a shared part the client
lacks: it asks for the whole list (``{"type": "lobby_resend"}``).

What the shared part brings is the same for every app of a process (the session pool's hosts run
up to 20 side by side, each in the lobby of the same server): a shared part's line is decoded
once (`decode_line`), each change of it made once, and each person online made once, for all the
process's apps. Nothing of it is changed once made, by any of them.
"""

from __future__ import annotations

from .lobby_diff import person_made
from .protocol import MAX_MESSAGE, decode
from .table_diff import BadDiff, patch

KEPT_SPARE = 64
"""The rows made for the process's apps kept beyond twice a list's (apps a part behind)."""
SHARED_LINE = b'{"type":"lobby_shared",'
"""How the line of a shared part begins, as the hub encodes it (`protocol.encode`)."""
KEPT = 4
"""The shared parts' lines, and the changes made of them, that the process keeps at most."""
_lines: dict[bytes, dict] = {}
"""The last shared parts' lines read by any app of the process, and what each was decoded to."""
_numbered: dict[int, dict] = {}
"""The last shared parts an app of the process made, by their number."""
_patched: dict[tuple[int, int], tuple[dict, dict, dict]] = {}
"""Each shared part made by the process from a part before it and its changes: (the part
before, the changes, the part made), by their ids."""
_people: dict[str, tuple[list, dict]] = {}
_lists: dict[int, tuple[dict, list[dict]]] = {}
"""The tables' rows in order for every app of the process with no row of its own, by the id of
the shared part they were made of: (the part, the rows). (At a club event most sessions in the
lobby sit at no table.)"""
_entries: dict[int, tuple[dict, dict]] = {}
"""Each table's row as the lists of the process's apps show it where nothing of it is an app's
own (most rows of most lists), by the id of the shared part's row it was made of: (that row,
the row shown)."""
"""Each person online as the lists of the process's apps show them: the tables the shared
part says they sit at, and the person made of them."""


def decode_line(line: bytes, limit: int = MAX_MESSAGE) -> dict:
    """One message of the table server (`protocol.decode`); a shared part's line that an app of
    this process read already is the same object, not decoded again.

    Raises:
        ProtocolError: as `protocol.decode`.
    """
    if not line.startswith(SHARED_LINE):
        return decode(line, limit)
    message = _lines.get(line)
    if message is None:
        message = _lines[line] = decode(line, limit)
        _keep_last(_lines)
    return message


def _numbered_once(number: int, part: dict) -> dict:
    """The shared part numbered `number` that an app of the process made first, when `part` is
    the same (the hub tells each session the changes from the part it holds, and a host's apps
    were told at different moments: each made the same part from its own); else `part`."""
    kept = _numbered.get(number)
    if kept is not None and (kept is part or kept == part):
        return kept
    _numbered[number] = part  # (first, or another server's part of that number)
    _keep_last(_numbered)
    return part


def _keep_last(kept: dict) -> None:
    while len(kept) > KEPT:
        del kept[next(iter(kept))]


def _patch_once(old: dict, changes: dict) -> dict:
    """`patch(old, changes)`, made once for every app of the process that holds `old`.

    Raises:
        BadDiff: as `patch`.
    """
    kept = _patched.get((id(old), id(changes)))
    if kept is not None and kept[0] is old and kept[1] is changes:
        return kept[2]
    part = patch(old, changes)
    _patched[id(old), id(changes)] = (old, changes, part)
    _keep_last(_patched)
    return part


ROW_OF_YOURS = {
    "mine": False,
    "owner": False,
    "your_move": False,
    "since": None,
    "new": False,
    "friend": False,
}
"""What a table's row says to one session alone, and what it says when nothing of it is so."""
YOURS = ("you", "friends", "seeks", "invitations")
"""What the list says to one session alone, beside its tables' rows."""


def lobby_order(entry: dict) -> tuple:
    """Where a table's row comes in a session's list: where it is your move first (a live table,
    its clock running in minutes, then the turn-based ones the longest waiting first: Yucata's
    rule); then your tables, then the open tables of those you follow, then others."""
    return (
        not entry["your_move"],
        entry["your_move"] and entry["kind"] == "turn",
        -(entry["since"] or 0),
        not entry["mine"],
        not (entry["friend"] and entry["open"]),
    )


def shared_part(summaries: list[dict], online: list[dict]) -> dict:
    """The shared part of a list: each table's row as everyone sees it, keyed by its id in the
    hub's order (a table opened since comes last, as a diff adds it), and who is online (each
    name with the tables they sit at)."""
    return {
        "tables": {summary["table"]: summary for summary in summaries},
        "online": {person["name"]: person["tables"] for person in online},
    }


def rows_of_yours(entries: list[dict]) -> dict:
    """What a session's list says of each table to it alone, for the tables where any is so."""
    rows = {}
    for entry in entries:
        row = {key: entry[key] for key in ROW_OF_YOURS if entry[key] != ROW_OF_YOURS[key]}
        if row:
            rows[entry["table"]] = row
    return rows


def assembled(shared: dict, yours: dict, made: MadeBefore | None = None) -> dict:
    """The ``lobby`` message that a shared part and a session's own part stand for (`made`: the
    rows and names of the list made before, reused where they did not change)."""
    made = made or MadeBefore()
    rows = yours.get("rows", {})
    entries = None if rows else _lists.get(id(shared))
    if entries is None or entries[0] is not shared:
        made_now = [made.entry(row, rows.get(table, {})) for table, row in shared["tables"].items()]
        made_now.sort(key=lobby_order)
        entries = (shared, made_now)
        if not rows:  # every row as everyone sees it: the same list for every app
            _lists[id(shared)] = entries
            _keep_last(_lists)
    entries = entries[1]
    people = made.people(shared["online"])
    made.forget_all_but(shared)
    return {
        "type": "lobby",
        "tables": entries,
        "you": yours.get("you", ""),
        "online": people,
        **{key: yours.get(key, []) for key in YOURS if key != "you"},
    }


class MadeBefore:
    """Each table's row and each person online as the list made before showed them, by what
    they were made of: a part's changes leave what they did not change as the same object, so
    a table opened at a club of a thousand makes one row and one name anew, not all of them.
    The lists made share these (no one changes a list once made)."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[dict, dict, dict]] = {}
        self._people = _people
        self._online: tuple[dict, list, dict[str, int]] | None = None
        """Who was online in the list made before, its people in order, and where each is."""
        self._touched: set[str] | None = None
        """The names the part's changes since the list made before touched (None: unknown)."""

    def entry(self, row: dict, yours: dict) -> dict:
        """A table's row in a session's list: `row` as everyone sees it, with what is `yours`
        (nothing: the same row for every app of the process)."""
        if not yours:
            shared = _entries.get(id(row))
            if shared is not None and shared[0] is row:
                return shared[1]
            entry = {**row, **ROW_OF_YOURS}
            _entries[id(row)] = (row, entry)
            return entry
        kept = self._entries.get(id(row))
        if kept is not None and kept[0] is row and kept[1] == yours:
            return kept[2]
        entry = {**row, **ROW_OF_YOURS, **yours}
        self._entries[id(row)] = (row, yours, entry)
        return entry

    def person(self, name: str, tables: list) -> dict:
        """Who is online, and the `tables` they sit at."""
        return person_made(self._people, name, tables)

    def people(self, online: dict) -> list[dict]:
        """Who is `online`, in order: the list made before with the names the part's changes
        touched made again, when no one came or went (at a club of a thousand, a table opened
        changes one person's tables)."""
        before, touched, self._touched = self._online, self._touched, set()
        if before is not None and touched is not None and len(online) == len(before[0]):
            people, where = before[1], before[2]
            if all(name in where and name in online for name in touched):
                people = list(people)
                for name in touched:
                    people[where[name]] = self.person(name, online[name])
                self._online = (online, people, where)
                return people
        names = sorted(online)
        people = [self.person(name, online[name]) for name in names]
        self._online = (online, people, {name: i for i, name in enumerate(names)})
        return people

    def touch(self, names: set[str] | None) -> None:
        """A part's changes touched those online named (None: who is online was set whole)."""
        if names is None or self._touched is None:
            self._touched = None
        else:
            self._touched |= names

    def forget_all_but(self, shared: dict) -> None:
        """Keep only what the rows and names of `shared` may be made of again."""
        rows = shared["tables"].values()
        if len(self._entries) > len(rows) or len(_entries) > 2 * len(rows) + KEPT_SPARE:
            alive = {id(row) for row in rows}
            self._entries = {key: kept for key, kept in self._entries.items() if key in alive}
            if len(_entries) > 2 * len(rows) + KEPT_SPARE:  # (another app's may be made again)
                for key in [key for key in _entries if key not in alive]:
                    del _entries[key]
        online = shared["online"]
        if len(self._people) > len(online):
            for name in [name for name in self._people if name not in online]:
                del self._people[name]


class SharedFollower:
    """The client's side: the last shared part and this session's own, to make each list whole.

    `take` answers a ``lobby`` (kept as it is: the parts start again after it), ``lobby_shared``
    or ``lobby_yours`` message: the whole list to show, `WAIT` when the other part it goes with
    is still to come, or None when a diff came from a shared part this client lacks (ask for
    the whole list).
    """

    WAIT = object()

    def __init__(self) -> None:
        self._shared: tuple[int, dict] | None = None
        self._yours: dict | None = None
        self._made = MadeBefore()

    def take(self, message: dict):
        kind = message.get("type")
        if kind == "lobby":
            self._shared = self._yours = None
            return message
        if kind == "lobby_yours":
            self._yours = message
        elif not self._take_shared(message):
            self._shared = None
            return None
        shared, yours = self._shared, self._yours
        if shared is None or yours is None or not _counts(yours.get("shared"), shared[0]):
            return self.WAIT
        try:
            return assembled(shared[1], yours, self._made)
        except (KeyError, TypeError, AttributeError):
            return None

    def _take_shared(self, message: dict) -> bool:
        """Keep the shared part `message` brings; False when it cannot be made."""
        number = message.get("n")
        if not isinstance(number, int):
            return False
        if "whole" in message:
            part = message["whole"]
            self._made.touch(None)
        else:
            last = self._shared
            if last is None or message.get("base") != last[0]:
                return False
            changes = message.get("changes")
            try:
                part = _patch_once(last[1], changes)
            except BadDiff:
                return False
            self._made.touch(_names_touched(changes))
        if not isinstance(part, dict) or not {"tables", "online"} <= set(part):
            return False
        self._shared = (number, _numbered_once(number, part))
        return True


def _names_touched(changes: dict) -> set[str] | None:
    """The names of those online a shared part's `changes` set, removed or changed (None: who
    is online was set whole)."""
    if "online" in changes.get("set", {}) or "online" in changes.get("del", []):
        return None
    online = changes.get("sub", {}).get("online", {})
    return {*online.get("set", {}), *online.get("del", []), *online.get("sub", {})}


def _counts(wanted, held: int) -> bool:
    """True when a session's own part numbered `wanted` may be shown with shared part `held`."""
    return isinstance(wanted, int) and wanted <= held
