"""One dispatcher of what the table server says, for every client of it.

The terminal app (`ui.app.WishApp`) and the plain client (`plain.remote.RemoteClient`) hear the
same messages on their line to the server (`remote.Connection`) and route them alike: each gives
`ServerMessages` an explicit table of its handlers, by event:

    welcome       the server admits the person (with the lobby's list when the hello asked)
    name_needed   a newcomer is asked for the name others will know them by
    name_refused  the name chosen was refused (its sentence under "error"): asked again
    let_go        the server's last word to this session (a banned member): end with it
    lobby         the lobby's list                table     a table as this person sees it
    refused       a refusal that no table of this person's takes (it is said where they are)
    notice        a sentence to know: the client words it, then offers it to `table_of`
    page          a page of the club              archive   a finished game's record
    review        the coach's review of a finished game: how far it went, or whole
    closed        a table closed by its owner     lost      the line to the server is gone

A refusal, a hint or an explanation (`why`) for the table this person sits at goes straight to
its `RemoteTable` (`refused`, `hinted`, `explained`), which tells its listeners; a hint or an
explanation for a table no longer open is dropped, and so is `lost` after `let_go`. An event a
client gives no handler for is let pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .remote import RemoteTable

Handler = Callable[[dict], None]
EVENTS = frozenset(
    {
        "welcome",
        "name_needed",
        "name_refused",
        "let_go",
        "lobby",
        "table",
        "refused",
        "notice",
        "page",
        "archive",
        "review",
        "closed",
        "lost",
    }
)
"""Every event a client may handle."""
AS_SENT = frozenset({"lobby", "table", "notice", "page", "archive", "review", "closed"})
"""The messages handed to the client's handler of the same name as they come."""


class ServerMessages:
    """Routes each message of the table server to its client's handler, or to its table.

    Args:
        handlers: the client's handler of each event it handles (a name of `EVENTS`).
        seated: the `RemoteTable` the client sits at now (None in the lobby, or watching).

    Raises:
        ValueError: a handler for an event there is not.
    """

    def __init__(self, handlers: Mapping[str, Handler], seated: Callable[[], RemoteTable | None]):
        unknown = sorted(set(handlers) - EVENTS)
        if unknown:
            raise ValueError(f"No server message is told as {', '.join(unknown)}.")
        self.handlers = dict(handlers)
        self.seated = seated
        self.naming = False
        """True from a newcomer's welcome that asks for a name until the welcome by it."""
        self.let_go = False
        """True once the server said its last word to this session."""

    def dispatch(self, message: dict) -> None:
        """Hand one message of the server to the handler (or the table) it is for."""
        kind = message.get("type")
        route = _ROUTES.get(kind) if isinstance(kind, str) else None
        if route is not None:
            route(self, message)
        elif kind in AS_SENT:
            self._handle(kind, message)

    def table_of(self, message: dict) -> RemoteTable | None:
        """The table this person sits at, when `message` is for it (or for no table named)."""
        table = self.seated()
        wanted = message.get("table")
        if table is not None and (wanted is None or wanted == table.id):
            return table
        return None

    def _handle(self, event: str, message: dict) -> None:
        handler = self.handlers.get(event)
        if handler is not None:
            handler(message)

    def _welcome(self, message: dict) -> None:
        self.naming = bool(message.get("needs_name"))
        self._handle("name_needed" if self.naming else "welcome", message)

    def _error(self, message: dict) -> None:
        table = self.table_of(message)
        if message.get("final") is True:
            self.let_go = True
            self._handle("let_go", message)
        elif self.naming:
            self._handle("name_refused", message)
        elif table is not None:
            table.refused(str(message.get("error", "")))
        else:
            self._handle("refused", message)

    def _hint(self, message: dict) -> None:
        table = self.table_of(message)
        if table is not None:
            table.hinted(message)

    def _why(self, message: dict) -> None:
        table = self.table_of(message)
        if table is not None:
            table.explained(message)

    def _lost(self, message: dict) -> None:
        if not self.let_go:
            self._handle("lost", message)


_ROUTES: dict[str, Callable[[ServerMessages, dict], None]] = {
    "welcome": ServerMessages._welcome,
    "error": ServerMessages._error,
    "hint": ServerMessages._hint,
    "why": ServerMessages._why,
    "lost": ServerMessages._lost,
}
"""The messages routed here before (or instead of) a client's handler (the functions, not
methods bound to each `ServerMessages`, which would be a cycle with it)."""
