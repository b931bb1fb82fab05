"""The lobby's list as what changed since the one before, and made whole again by the client.

At a club of a thousand people a lobby list names them all (some 30 kB of JSON), and every new
table or open seat sends it again to everyone in the lobby, while most of it is as it was. A client
that asks (`"lobby_diffs": true` in its hello) is sent a list whole once, then each list as a
``lobby_diff``: what changed since the one before on the same line (`table_diff.diff`), taken of
the list keyed (each table by its id, each person online by name, so that one row or one name
that changed is all that is sent). The client makes the list whole again (`LobbyFollower`) and
reads it as it always did. A diff the client cannot make whole (it lacks the list before): it
asks for the whole (``{"type": "lobby_resend"}``).
"""

from __future__ import annotations

import contextlib

from .table_diff import BadDiff, diff, patch


def keyed(lobby: dict) -> dict:
    """`lobby` with its tables by id (in `order`) and who is online by name: what is diffed.
    Its rows and names are copies: a client may change the list it was handed."""
    tables = lobby.get("tables", [])
    return {
        **lobby,
        "tables": {entry["table"]: dict(entry) for entry in tables},
        "order": [entry["table"] for entry in tables],
        "online": {person["name"]: list(person["tables"]) for person in lobby.get("online", [])},
    }


class _OnlineByName:
    """Who is online by name, made once for the list of them that every session's lobby list
    of a round of news shares (the hub makes it anew each round, and changes none after)."""

    def __init__(self) -> None:
        self._online: list | None = None
        self._by_name: dict = {}

    def of(self, online: list) -> dict:
        if online is not self._online:  # the list itself is kept: its id is not reused
            self._online = online
            self._by_name = {person["name"]: person["tables"] for person in online}
        return self._by_name


_ONLINE = _OnlineByName()


def _keyed_as_sent(lobby: dict) -> dict:
    """`keyed`, for the server's side: what the hub made for one list and changes no more is
    taken as it is (at a thousand people online, copying it for every session of a round was
    most of the round)."""
    tables = lobby.get("tables", [])
    return {
        **lobby,
        "tables": {entry["table"]: entry for entry in tables},
        "order": [entry["table"] for entry in tables],
        "online": _ONLINE.of(lobby.get("online", [])),
    }


def unkeyed(made: dict, before: Unkeyed | None = None) -> dict:
    """The lobby's list that `made` (a `keyed` list) stands for (who is online by name, in
    order, as the hub lists them); `before`: the rows and names of the list made before, reused
    where `made` did not change them."""
    before = before or Unkeyed()
    tables, online = made["tables"], made["online"]
    lobby = {key: value for key, value in made.items() if key != "order"}
    lobby["tables"] = [before.row(tables[table]) for table in made["order"]]
    lobby["online"] = [before.person(name, online[name]) for name in before.names(online)]
    before.forget_all_but(made)
    return lobby


class Unkeyed:
    """Each row and each person online of the list made before, by what they were copied from:
    a diff leaves what it did not change as the same object, so a table opened at a club of a
    thousand copies one row and one name anew, not all of them (and the list shown works out
    only the rows that are new objects). The lists made share these: no one changes a list
    once made; the keyed list they are copied from stays the follower's own."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[dict, dict]] = {}
        self._people: dict[str, tuple[list, dict]] = {}
        self._names: tuple[set, list] = (set(), [])

    def row(self, row: dict) -> dict:
        kept = self._rows.get(id(row))
        if kept is not None and kept[0] is row:
            return kept[1]
        copy = dict(row)
        self._rows[id(row)] = (row, copy)
        return copy

    def person(self, name: str, tables: list) -> dict:
        return person_made(self._people, name, tables)

    def names(self, online: dict) -> list:
        """The names of `online` in order (sorted again only when who is online changed)."""
        if online.keys() != self._names[0]:
            self._names = (set(online), sorted(online))
        return self._names[1]

    def forget_all_but(self, made: dict) -> None:
        """Keep only what the rows and names of `made` may be copied to again."""
        rows = made["tables"].values()
        if len(self._rows) > len(rows):
            alive = {id(row) for row in rows}
            self._rows = {key: kept for key, kept in self._rows.items() if key in alive}
        online = made["online"]
        if len(self._people) > len(online):
            self._people = {name: kept for name, kept in self._people.items() if name in online}


class LobbyTeller:
    """The server's side, for one session: each lobby list numbered (``"n"``) and sent as a
    ``lobby_diff`` from the one sent before; whole the first time, and after `forget`."""

    def __init__(self) -> None:
        self.told = 0
        self._base: dict | None = None

    def forget(self) -> None:
        """Send the next list whole."""
        self._base = None

    def whole(self, lobby: dict) -> dict:
        """`lobby` numbered, sent whole (the next is a diff from it)."""
        self.told += 1
        self._base = _keyed_as_sent(lobby)
        return {**lobby, "n": self.told}

    def message(self, lobby: dict) -> dict:
        """What to send for `lobby` (a ``lobby`` message): the diff, or the whole numbered."""
        base = self._base
        if base is None:
            return self.whole(lobby)
        self.told += 1
        self._base = _keyed_as_sent(lobby)
        return {
            "type": "lobby_diff",
            "n": self.told,
            "base": self.told - 1,
            "changes": diff(base, self._base),
        }


class LobbyFollower:
    """The client's side: the last lobby list, to make the next one whole from its diff. What
    it keeps is its own (its rows and names copied): a client may change what it was handed."""

    def __init__(self) -> None:
        self._last: tuple[int, dict] | None = None
        self._unkeyed = Unkeyed()

    def whole(self, message: dict) -> dict | None:
        """The ``lobby`` message that `message` (a ``lobby`` or ``lobby_diff``) stands for; None
        when it is a diff from a list this client does not have (ask for the whole)."""
        if message.get("type") != "lobby_diff":
            self._remember(message)
            return message
        last, number = self._last, message.get("n")
        if last is None or message.get("base") != last[0] or not isinstance(number, int):
            self._last = None
            return None
        try:
            made = patch(last[1], message.get("changes"))
            lobby = unkeyed(made, self._unkeyed)
        except (BadDiff, KeyError, TypeError, AttributeError):
            self._last = None
            return None
        lobby["n"] = number
        self._last = (number, made)
        return lobby

    def _remember(self, lobby: dict) -> None:
        number = lobby.get("n")
        self._last = None
        if isinstance(number, int):  # a server that numbers nothing: nothing to patch
            with contextlib.suppress(KeyError, TypeError, AttributeError):
                self._last = (number, keyed(lobby))


def person_made(made: dict[str, tuple[list, dict]], name: str, tables: list) -> dict:
    """Who is online, and the `tables` they sit at: the one `made` before while `tables` is the
    same list (a part's changes leave it so), else made anew and kept in `made`."""
    kept = made.get(name)
    if kept is not None and kept[0] is tables:
        return kept[1]
    person = {"name": name, "tables": list(tables)}
    made[name] = (tables, person)
    return person
