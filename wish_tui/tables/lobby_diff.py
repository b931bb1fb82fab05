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


def unkeyed(made: dict) -> dict:
    """The lobby's list that `made` (a `keyed` list) stands for (who is online by name, in
    order, as the hub lists them)."""
    tables, online = made["tables"], made["online"]
    lobby = {key: value for key, value in made.items() if key != "order"}
    lobby["tables"] = [dict(tables[table]) for table in made["order"]]
    lobby["online"] = [{"name": name, "tables": list(online[name])} for name in sorted(online)]
    return lobby


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
            lobby = unkeyed(made)
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
