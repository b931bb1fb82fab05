"""The lobby of `wish-tui serve`: every table of the server, who sits where, who is connected.

Enter opens a table you sit at, joins an open seat, or watches; `n` opens a new table (the game,
its options, who sits where: you, a seat left open for a friend, or a bot; live or turn-based,
with its clock); `w` watches; `x` closes a table you own; `i` invites a player to a table you
sit at, `a`/`d` accept or decline an invitation to you; `h` the history, `l` the leaderboards,
`p` your stats (your page as others see it: games, wins, ratings), `y` your profile (name,
keys, settings), `t` the tournaments; `b` asks for a one-time link that signs a browser in as
you (with `serve --web`). The tables where it is your move come first, with how
long you have had it (`new`: since you last looked). Everything comes from the table server;
this screen holds nothing.

The server sends each wait as of the moment it sends the list, and nothing while nothing else
changes: the screen ages the waits it shows from when the list came, redrawn when a number
shown would change (each second under a minute, then each minute, each hour), with one
callback of the loop armed while such a row is in sight, and none otherwise.
"""

from __future__ import annotations

import asyncio
import time

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, Static

from wish_tui.tables.seek_words import ASK as SEEK_ASK
from wish_tui.tables.seek_words import seek_answer, seek_line
from wish_tui.tables.whereabouts import where_words
from wish_tui.ui.screens.app_screen import AppScreen
from wish_tui.ui.screens.choice_screen import ChoiceScreen
from wish_tui.ui.screens.table_parts import NARROW_KEY_ROWS, is_narrow
from wish_tui.ui.terminal.textual_adapter import render_changed_rows_only
from wish_tui.widgets.key_bar import KeyBar, shown_keys
from wish_tui.widgets.row_list import RowList, Shortened

_MEASURE = Console(width=400, color_system=None)
ONLINE_NAMED = 12
"""The most people named in the lobby's line of who is online (the rest are counted)."""
ONLINE_TABLES = 3
"""The tables named of each kind a person online sits at or watches (the rest are counted)."""
now = time.monotonic
"""The clock the waits shown are aged by."""


LOBBY_KEYS = """\
  Enter  open a table you sit at, join its open seat, or watch it
  n  open a new table: the game, who sits where, live or turn-based
  w  watch a table      x  close a table you own
  i  invite a player to a table you sit at
  a  accept an invitation to you      d  decline it
  k  seek a game that waits in every lobby (or take a seek by its number)
  h  your finished games (m there: everyone's)      l  the leaderboards
  p  your page, as others see it      y  your name, keys and settings
  t  the club's tournaments
  b  a one-time link that signs a browser in as you (with serve --web)
  q  leave the server (your seats stay yours)      ?  these keys"""
"""The lobby's keys for `?`, those on no bar too."""


class LobbyScreen(AppScreen):
    """The tables of the server."""

    DEFAULT_CSS = """
    LobbyScreen > Vertical { height: 1fr; }
    LobbyScreen #lobby-title { width: 100%; }
    LobbyScreen #detail { height: auto; max-height: 4; border-top: solid $accent; padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "enter", "Open / join", show=False),  # said on the title line
        Binding("n", "new_table", "New table"),
        Binding("w", "watch", "Watch"),
        Binding("x", "close_table", "Close table"),
        Binding("i", "invite", "Invite"),
        Binding("h", "history", "History"),
        Binding("l", "leaderboard", "Leaderboard"),
        Binding("t", "tournaments", "Tournaments", show=False),
        Binding("p", "my_page", "Stats"),  # the page others see; y: name, keys, settings
        Binding("y", "profile", "Profile", show=False),
        Binding("k", "seek", "Seek", show=False),
        Binding("a", "accept", "Accept", show=False),
        Binding("d", "decline", "Decline", show=False),
        Binding("b", "browser_link", "Browser link", show=False),
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "keys", "Keys", show=False),
    ]

    def __init__(self, you: str = "", lobby: dict | None = None) -> None:
        super().__init__()
        # A frame renders the rows it sends, no others: a row of the list whose progress
        # changed rendered the screen and its container beneath the whole list, and every row.
        render_changed_rows_only(self)
        self.you = you
        self._first = lobby
        """The list the server sent with its welcome (None: asked for on mount)."""
        self.tables: list[dict] = []
        self.invitations: list[dict] = []
        self._rows: dict[str, tuple[dict, float | None, tuple]] = {}
        """Each table's row as last worked out, by its id, with the entry it was made of and
        the wait it showed."""
        self._received = now()
        """When the list shown came: its waits are as of then."""
        self.waits_due: asyncio.TimerHandle | None = None
        """The loop's callback that shows the waits again when a number shown changes (None:
        no wait is shown, or the lobby is out of sight)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                f"Tables of this server{f' — you are {self.you}' if self.you else ''} · "
                "Enter opens or joins · n new table · k seek a game · h history · l leaderboard · "
                "y profile · t tournaments · ? keys",
                id="lobby-title",
            )
            yield RowList(("Table", "Status", "Game", "Progress", "Seats"), fit=True, id="tables")
            yield Static("", id="people")
            yield Static("", id="detail")
        # One line of keys, not Textual's Footer: a widget a key, each styled as it mounts,
        # was a fifth of the time from a session's start to its lobby's first frame.
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one(KeyBar).set_keys(shown_keys(self.BINDINGS))
        self.query_one(RowList).focus()
        first, self._first = self._first, None  # at a club event, a list of 1,000 names
        if first is not None:
            self.show(first)
        else:
            self.app.server_send({"type": "lobby"})

    def on_resize(self) -> None:
        # On a phone's narrow terminal the keys wrap onto more rows rather than lose words.
        narrow = is_narrow(self.size)
        self.query_one(KeyBar).set_max_rows(NARROW_KEY_ROWS if narrow else 1)

    def show(self, message: dict) -> None:
        """Show the server's list of tables."""
        before, aimed = self.tables, self.query_one(RowList).cursor_row
        self.tables = message.get("tables", [])
        self.invitations = message.get("invitations", [])
        self._received = now()
        rows = self.query_one(RowList)
        rows.set_rows(self._rows_of(self.tables))
        if aimed < len(before):  # the highlight stays on its table, not on its place
            rows.move_cursor(_followed(before, self.tables, aimed))
        self._people(message)
        self._detail()
        self._arm()
        link = message.get("web_link")
        if isinstance(link, dict) and isinstance(link.get("url"), str):
            from .web_link import WebLinkScreen

            # The lobby's news wait while the window covers it: ask again once it closes.
            self.app.push_screen(
                WebLinkScreen(link["url"], int(link.get("minutes") or 5)),
                lambda _: self.app.server_send({"type": "lobby"}),
            )

    def age_waits(self) -> None:
        """Show the waits as they are now (only the rows whose words change are drawn), and
        call back when a number shown changes next."""
        self.waits_due = None
        self.query_one(RowList).set_rows(self._rows_of(self.tables))
        self._detail()
        self._arm()

    def _waited_now(self, entry: dict) -> float | None:
        """How long the move at `entry`'s table has waited for you by now (None: not yours)."""
        if not entry.get("your_move") or entry["over"] or entry.get("ended"):
            return None
        return (entry.get("since") or 0) + now() - self._received

    def _arm(self) -> None:
        """Call `age_waits` back when the first number shown changes; nothing without a wait."""
        self._disarm()
        waits = [w for w in map(self._waited_now, self.tables) if w is not None]
        if waits and self.is_current:
            delay = min(next_change(w) for w in waits)
            self.waits_due = asyncio.get_running_loop().call_later(
                delay, self.call_next, self.age_waits
            )

    def _disarm(self) -> None:
        if self.waits_due is not None:
            self.waits_due.cancel()
            self.waits_due = None

    def on_screen_suspend(self) -> None:
        self._disarm()  # a table in front of the lobby: nothing ticks behind it

    def on_unmount(self) -> None:
        self._disarm()

    def on_screen_resume(self) -> None:
        if self.tables:
            self.age_waits()

    def _people(self, message: dict) -> None:
        text = _online_line(message.get("online", []), self.you)
        for seek in message.get("seeks", [])[:3]:
            text += f"\n{seek_line(seek)}" + ("" if seek.get("yours") else " k takes it")
        friends = [f["name"] for f in message.get("friends", [])]
        if friends:
            text += f"\nYou follow, online: {', '.join(friends)}"
        for invitation in self.invitations[:3]:
            text += (
                f"\n{invitation['from']} invites you to table {invitation['table']}: "
                "a accepts, d declines"
            )
        _update(self.query_one("#people", Static), text)

    def _rows_of(self, entries: list[dict]) -> list[tuple]:
        """The rows of `entries`, each worked out again only when its entry changed (at a club
        event, a table opened is one row new among a hundred)."""
        listed = _lists_made.get(id(entries))
        if listed is not None and listed[0] is entries:
            self._rows = listed[1]
            return listed[2]
        rows, before, waits = {}, self._rows, False
        for entry in entries:
            waited = self._waited_now(entry)
            shown = None if waited is None else _shown(waited)
            kept = before.get(entry["table"])
            if kept is None or kept[1] != shown or not (kept[0] is entry or kept[0] == entry):
                row = _row_of(entry) if shown is None else self._row({**entry, "since": shown})
                kept = (entry, shown, row)
            rows[entry["table"]] = kept
            waits = waits or shown is not None
        self._rows = rows
        if len(_rows_made) > 2 * len(entries) + ROWS_SPARE:
            alive = {id(entry) for entry in entries}
            for key in [key for key in _rows_made if key not in alive]:
                del _rows_made[key]
        made = [rows[entry["table"]][2] for entry in entries]
        if not waits:  # (the same rows for every lobby of the process shown these entries)
            if len(_lists_made) >= LISTS_KEPT:
                del _lists_made[next(iter(_lists_made))]
            _lists_made[id(entries)] = (entries, rows, made)
        return made

    @staticmethod
    def _row(entry: dict) -> tuple:
        """A table in the list: its number, what it is to you, its game, progress and seats —
        what matters first, so that a narrow window cuts the seats first (the detail line below
        names them all)."""
        seats = ", ".join(
            label + ("" if connected or "open seat" in label or "bot" in label else " — away")
            for label, connected in zip(entry["seats"], entry["connected"], strict=True)
        )
        if entry["over"] or entry.get("ended"):  # ended: early (a seat given up, aborted)
            state = "finished"
        elif entry.get("your_move"):
            since = _since(entry.get("since") or 0)
            full = f"YOUR MOVE ({since})" + (" · new" if entry.get("new") else "")
            state = Shortened(full, "YOUR MOVE")  # the detail line says how long
        elif entry["mine"]:
            state = "your table" if entry["owner"] else "you play"
        elif entry["open"]:
            state = f"{len(entry['open'])} open seat{'s' if len(entry['open']) > 1 else ''}"
        else:
            state = "full"
        game = entry["title"] + (" · turn-based" if entry.get("kind") == "turn" else "")
        return (entry["table"], state, game, entry["progress"], seats)

    def _selected(self) -> dict | None:
        row = self.query_one(RowList).cursor_row
        return self.tables[row] if row < len(self.tables) else None

    def _detail(self) -> None:
        entry = self._selected()
        if entry is None:
            text = "No table yet: press n to open one, then tell your friends its number."
        else:
            waited = _waited(entry, self._waited_now(entry))
            text = f"Table {entry['table']}{waited}: " + "; ".join(entry["seats"])
        _update(self.query_one("#detail", Static), text)

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        self._detail()

    def on_row_list_selected(self, event: RowList.Selected) -> None:
        self.action_enter()

    def action_enter(self) -> None:
        """Open a table you sit at, join one of its open seats, or watch it."""
        entry = self._selected()
        if entry is None:
            return
        if entry["mine"] or entry["over"]:
            self.app.server_send({"type": "open", "table": entry["table"]})
            return
        seats = entry["open"]
        if not seats:
            self.action_watch()
            return
        if len(seats) == 1:
            self.app.server_send({"type": "join", "table": entry["table"], "seat": seats[0]})
            return
        labels = [entry["seats"][i] for i in seats]

        def chosen(index: int | None) -> None:
            if index is not None:
                self.app.server_send(
                    {"type": "join", "table": entry["table"], "seat": seats[index]}
                )

        self.app.push_screen(ChoiceScreen("Join which seat?", labels), chosen)

    def action_watch(self) -> None:
        """Watch a table without sitting at it (you see what every seat sees alike)."""
        entry = self._selected()
        if entry is not None:
            self.app.server_send({"type": "watch", "table": entry["table"]})

    def action_new_table(self) -> None:
        """Open a new table: the game, its options and who sits where."""
        self.app.show_new_game(online=True)

    def action_close_table(self) -> None:
        """Close a table you own."""
        entry = self._selected()
        if entry is None:
            return
        if not entry["owner"]:
            self.notify("Only the table's owner can close it.", severity="warning")
            return

        def answered(index: int | None) -> None:
            if index == 0:
                self.app.server_send({"type": "close_table", "table": entry["table"]})

        labels = ["Close it (its game is deleted)", "Keep it"]
        self.app.push_screen(ChoiceScreen(f"Close table {entry['table']}?", labels), answered)

    def action_invite(self) -> None:
        """Invite a player of the club to the highlighted table (one you sit at)."""
        entry = self._selected()
        if entry is None or not entry["mine"]:
            self.notify("Highlight a table you sit at to invite someone to it.", severity="warning")
            return

        def named(name: str | None) -> None:
            if name:
                self.app.server_send({"type": "invite", "table": entry["table"], "name": name})

        from wish_tui.ui.screens.line_input import LineInput

        self.app.push_screen(LineInput(f"Invite whom to table {entry['table']}?", 20), named)

    def _answer(self, accept: bool) -> None:
        if not self.invitations:
            self.notify("No invitation waits for you.", severity="warning")
            return
        invitation = self.invitations[0]
        self.app.server_send(
            {"type": "answer_invite", "invitation": invitation["id"], "accept": accept}
        )

    def action_accept(self) -> None:
        """Accept the first invitation: sit at its table."""
        self._answer(True)

    def action_decline(self) -> None:
        """Decline the first invitation."""
        self._answer(False)

    def action_history(self) -> None:
        """The finished games of the club (yours first)."""
        self.app.server_send({"type": "history", "mine": True})

    def action_leaderboard(self) -> None:
        """The leaderboard of the highlighted table's game (or the first game)."""
        entry = self._selected()
        from wish_tui import games

        game = entry["game"] if entry else list(games.GAMES)[0]
        self.app.server_send({"type": "leaderboard", "game": game})

    def action_tournaments(self) -> None:
        """The club's tournaments."""
        self.app.server_send({"type": "tournaments"})

    def action_my_page(self) -> None:
        """Your page: per game, played, won, average and best, rating and its trend."""
        self.app.server_send({"type": "player"})

    def action_seek(self) -> None:
        """Seek a game, take a seek by its number, or take yours back."""
        from wish_tui.ui.screens.line_input import LineInput

        def said(text: str | None) -> None:
            if not text:
                return
            try:
                self.app.server_send(seek_answer(text))
            except ValueError as exc:
                self.app.notify(str(exc), severity="warning")

        self.app.push_screen(LineInput(SEEK_ASK, 80), said)

    def action_profile(self) -> None:
        """Your profile: your keys (add another), your settings."""
        self.app.server_send({"type": "profile"})

    def action_browser_link(self) -> None:
        """Ask for a one-time link that signs a browser in as you (shown with its QR code)."""
        self.app.server_send({"type": "web_link"})

    def action_keys(self) -> None:
        """Every key of the lobby, those on no bar too."""
        from wish_tui.ui.screens.help_screens import KeysScreen

        self.app.push_screen(KeysScreen(LOBBY_KEYS, "Keys of the server's tables"))

    def action_quit(self) -> None:
        """Leave the server (your seats stay yours)."""
        self.app.exit()


LISTS_KEPT = 8
"""The lists of rows the process's lobbies keep made (`_lists_made`)."""
_lists_made: dict[int, tuple[list, dict, list]] = {}
"""The rows of a list of entries with no wait shown, by the id of the list (the lobby apps of
a process that sit at no table are shown the same list: `lobby_shared.assembled`): (the
entries, each table's row as `LobbyScreen._rows` keeps it, the rows)."""
ROWS_SPARE = 64
"""The rows made for the process's lobbies kept beyond twice a list's (`_rows_made`)."""
_rows_made: dict[int, tuple[dict, tuple]] = {}
"""Each table's row in the list, by the id of the entry it was made of: (the entry, the row).
The lobby apps of a host of the session pool (up to 20) are told the same entries (the lists'
rows where nothing is an app's own are the same for all: `lobby_shared.MadeBefore`), and made
each row of them anew."""


def _row_of(entry: dict) -> tuple:
    """`LobbyScreen._row` of `entry`, made once for every lobby of the process."""
    kept = _rows_made.get(id(entry))
    if kept is None or kept[0] is not entry:
        kept = _rows_made[id(entry)] = (entry, LobbyScreen._row(entry))
    return kept[1]


ONLINE_LINES_KEPT = 64
"""The online lines the process's lobbies keep made (`_online_lines`)."""
_online_lines: dict[tuple, tuple[list, str]] = {}
"""The line of who is online, by whom it is for and the ids of those it names (the people
online are made once for the process's apps: `lobby_shared.MadeBefore`): (them, the line)."""


def _online_line(online: list[dict], you: str) -> str:
    """'Online (200): alice, bob (seat at 3fa2c1) … and 188 more': made once for every lobby of
    the process told the same people."""
    named = online[:ONLINE_NAMED]
    key = (you, len(online), *map(id, named))
    kept = _online_lines.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], named, strict=True)):
        return kept[1]
    parts = [_online_name(p, you) for p in named]
    text = "Online: " + (", ".join(parts) if parts else "only you")
    if len(online) > ONLINE_NAMED:
        text = f"Online ({len(online)}): {', '.join(parts)} and {len(online) - ONLINE_NAMED} more"
    if len(_online_lines) >= ONLINE_LINES_KEPT:
        _online_lines.clear()
    _online_lines[key] = (named, text)
    return text


def _online_name(person: dict, you: str) -> str:
    """'alice (you, seat at 3fa2c1)': a name online, marked as the plain client marks it."""
    notes = ["you"] if person["name"] == you else []
    notes += [where_words(person["tables"], ONLINE_TABLES)] if person["tables"] else []
    return person["name"] + (f" ({', '.join(notes)})" if notes else "")


def _followed(before: list[dict], now: list[dict], row: int) -> int:
    """Where the table on `row` of `before` is in `now`; gone, where the nearest of its
    neighbours in `before` still listed is (the one after it first). The list is sorted anew as
    turns change: a cursor left on its place put Enter or a tap on another table."""
    places = {entry["table"]: place for place, entry in enumerate(now)}
    for distance in range(len(before)):
        for near in (row + distance, row - distance):
            if 0 <= near < len(before) and before[near]["table"] in places:
                return places[before[near]["table"]]
    return row


def _update(widget: Static, text: str) -> None:
    """Show `text` in `widget`, unless it shows it already; a text of as many lines as before
    is repainted without a new layout of the screen (who is online changes all the time)."""
    old = widget.content
    if old == text:
        return
    width = widget.content_size.width
    same_height = width > 0 and isinstance(old, str) and _lines(old, width) == _lines(text, width)
    widget.update(text, layout=not same_height)


def _lines(text: str, width: int) -> int:
    """How many lines `text` takes at `width` cells."""
    return len(Text(text).wrap(_MEASURE, width))


def _waited(entry: dict, seconds: float | None) -> str:
    """How long (`seconds`) the move at a table has been yours, for the detail line ('' when
    it is not)."""
    if seconds is None:
        return ""
    new = " (new since you last looked)" if entry.get("new") else ""
    return f", your move for {_since(seconds)}{new}"


WAIT_UNITS = ((60, 1), (3600, 60), (86400, 3600))
"""Below how many seconds a wait is shown to which unit (seconds, minutes, hours; then days)."""


def _unit(seconds: float) -> int:
    return next((unit for below, unit in WAIT_UNITS if seconds < below), 86400)


def _shown(seconds: float) -> float:
    """A wait to the precision `_since` shows it: equal for equal words."""
    unit = _unit(seconds)
    return seconds // unit * unit


def next_change(seconds: float) -> float:
    """Seconds from a wait of `seconds` until the number `_since` shows of it changes."""
    unit = _unit(seconds)
    return unit - seconds % unit


def _since(seconds: float) -> str:
    """How long a move has waited, in a few letters: '40 s', '12 min', '3 h', '2 d'."""
    if seconds < 60:
        return f"{int(seconds)} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"
