"""The lobby of `wish-tui serve` in plain text: the server's tables, and joining, opening,
watching, starting and closing them; who is online; the club's invitations and pages.

It sends the table server the messages the terminal app's lobby sends (`lobby`, `join`, `open`,
`watch`, `new_table`, `close_table`, `web_link`; see `wish_tui.server.hub`; the club's commands
are `club_commands.py`) and says what comes back in sentences: the whole list when asked
(`tables`, or an empty line) with who is online and the invitations waiting, then each change in
one line (a new table, a seat taken or freed, a move that became yours, a game finished, a table
closed, someone arriving or leaving, an invitation). The tables where it is your move come
first, as the server sends them. It holds only the last list the server sent.
"""

from __future__ import annotations

from collections.abc import Callable

from wish_tui import games
from wish_tui.tables.seek_words import seek_line
from wish_tui.tables.whereabouts import where_words

from . import setup
from .clocks import away as seat_away
from .clocks import setting_words, waited_words
from .club_commands import CLUB_ALIASES, CLUB_COMMANDS, ClubCommands, invitation_line
from .output import Output

COMMANDS = {
    "tables": "tables: every table of the server (an empty line too)",
    "join": "join TABLE [SEAT]: sit at an open seat of a table (SEAT: its name or number)",
    "open": "open TABLE: go back to a table you sit at (or a finished one)",
    "watch": "watch TABLE: watch a table without sitting at it",
    "new": "new GAME ...: a new table, e.g. " + "; ".join(setup.examples(True)),
    "close": "close TABLE: close a table you own (its game is deleted)",
    "link": "link: a one-time link that signs a web browser in as you (with serve --web)",
    "online": "online: who is at the server, and at which tables",
    **CLUB_COMMANDS,
    "help": "help: this list",
    "quit": "quit: leave the server (your seats stay yours)",
}
ALIASES = {
    "list": "tables",
    "exit": "quit",
    "?": "help",
    "enter": "go",
    "sit": "join",
    "who": "online",
    **CLUB_ALIASES,
}
NEW_HELP = (
    "At a new table, 'live' (the default) or 'live 10+5' (10 minutes a seat, 5 seconds more a "
    "move), 'turn' (turn-based: a move at a time, over days) or 'turn 24h' (24 hours a move; "
    "'turn 72h 30d': 30 days in all) says how it is played."
)


def table_line(entry: dict, with_wait: bool = True) -> str:
    """One table in a sentence: 'Table 3fa2c1, Wish: Air (bob), Water (open seat); round 2; ...'.

    Args:
        with_wait: say how long a move of yours has waited (left out to compare two lists).
    """
    seats = []
    for label, connected in zip(entry["seats"], entry["connected"], strict=False):
        away = not connected and "open seat" not in label and "bot" not in label
        seats.append(seat_away(label) if away else label)
    if entry["over"] or entry.get("ended"):
        state = "finished"
    elif entry.get("your_move"):
        waited = entry.get("since")
        known = with_wait and waited is not None
        state = "your move" + (f" for {waited_words(waited)}" if known else "")
        if entry.get("new"):
            state += ", new since you last looked"
    elif entry["mine"]:
        state = "you own it and sit at it" if entry["owner"] else "you sit at it"
        state += ", not your move"
    elif entry["open"]:
        count = len(entry["open"])
        state = f"{count} open seat{'s' if count > 1 else ''}: join {entry['table']}"
    else:
        state = "full: watch it"
    how = setting_words(entry.get("kind", "live"), entry.get("clock"))
    if how:
        state += f"; {how}"
    return f"Table {entry['table']}, {entry['title']}: {', '.join(seats)}; {entry['progress']}; {state}."


def online_line(online: list[dict], you: str, friends: frozenset = frozenset()) -> str:
    """Who is at the server: 'Online: alice (you, seat at 3fa2c1), bob (you follow them).'"""
    parts = []
    for person in online:
        notes = ["you"] if person["name"] == you else []
        notes += ["you follow them"] if person["name"] in friends else []
        if person.get("tables"):
            notes.append(where_words(person["tables"]))
        parts.append(person["name"] + (f" ({', '.join(notes)})" if notes else ""))
    return "Online: " + (", ".join(parts) if parts else "no one but you") + "."


class PlainLobby(ClubCommands):
    """The server's tables, for one person.

    Args:
        send: sends a message to the table server.
        out: where the sentences go.
        finish: ends the client (`quit`).
    """

    def __init__(self, send: Callable[[dict], None], out: Output, finish: Callable[[], None]):
        self.send = send
        self.out = out
        self.finish = finish
        self.you = ""
        self.tables: list[dict] = []
        self.awaiting = ""
        """An answer owed by the server ('lobby', 'table'): lines wait for it."""
        self._shown: dict[str, str] | None = None
        """The line each table had when last said (what a later list is compared with)."""
        self._welcomed = False
        self.online: list[dict] = []
        self.friends: frozenset[str] = frozenset()
        self._seeks_told: set[int] = set()
        """Those online whom this person follows, as the last list said."""
        self._online_shown: set[str] | None = None
        self.invitations: list[dict] = []
        self._invitations_told: set = set()
        """The invitations said already (by number, or by table when the server's notice said
        it first)."""
        self._declined: dict | None = None
        self._settings_asked = False
        self.reading_kept = 0
        """Reading settings sent to be kept whose answer (the profile) is not to be said."""
        self._whole_game = False
        self._line = ""
        """The line being answered."""
        self._retry: str | None = None
        """A line that named a table the last list did not have: answered again once the
        server's list that was asked for comes (the table may be a moment old)."""
        self._retrying = False

    def enter(self, you: str) -> None:
        """Arrive at the lobby (after the welcome, or back from a table)."""
        self.you = you or self.you
        self._shown = None
        self.awaiting = "lobby"
        self.send({"type": "lobby"})

    # -- what the server says --------------------------------------------------------------------
    def show(self, message: dict) -> None:
        """The server's list of tables: all of it the first time, then what changed."""
        if self.awaiting == "lobby":
            self.awaiting = ""
        if self._declined is not None:
            self.out.say(f"You declined the invitation to table {self._declined['table']}.")
            self._declined = None
        whole = self._shown is None
        self.tables = [t for t in message.get("tables", []) if isinstance(t, dict)]
        lines = {t["table"]: table_line(t) for t in self.tables}
        keys = {t["table"]: _without_progress(table_line(t, with_wait=False)) for t in self.tables}
        if self._shown is None:
            count = len(self.tables)
            tables = f"{count} table{'s' if count != 1 else ''}" if count else "no table yet"
            if not self._welcomed:
                self._welcomed = True
                who = f", {self.you}" if self.you else ""
                self.out.say(f"Welcome to the tables of this server{who}: {tables}.")
            else:
                self.out.say(f"The server's tables: {tables}.")
            self.out.say(*lines.values())
            if not count:
                self.out.say(
                    f"'new GAME ...' opens a table, e.g. 'new {setup.examples(True)[0]}'; help "
                    "lists the commands."
                )
            elif mine := next((t["table"] for t in self.tables if t.get("mine")), None):
                self.out.say(f"'open {mine}' takes you to your table; help lists the commands.")
        else:
            for table_id, line in lines.items():
                if self._shown.get(table_id) != keys[table_id]:
                    self.out.say(("New: " if table_id not in self._shown else "") + line)
            for table_id in self._shown:
                if table_id not in lines:
                    self.out.say(f"Table {table_id} is gone.")
        self._shown = keys
        self._show_people(message, whole)
        link = message.get("web_link")
        if isinstance(link, dict) and isinstance(link.get("url"), str):
            minutes = int(link.get("minutes") or 5)
            self.out.say(
                f"Open this link in a web browser within {minutes} minutes to play there as "
                f"you; it works once: {link['url']}"
            )
        if self._retry is not None and not self.awaiting:
            line, self._retry = self._retry, None
            self._retrying = True
            try:
                self.handle(line)
            finally:
                self._retrying = False

    def _show_seeks(self, message: dict, whole: bool) -> None:
        """The seeks waiting: all of them with a whole list, then each new one once."""
        seeks = [s for s in message.get("seeks", []) if isinstance(s, dict) and "id" in s]
        for seek in seeks:
            if whole or (seek["id"] not in self._seeks_told and not seek.get("yours")):
                take = "" if seek.get("yours") else f" 'take {seek['id']}' plays it."
                self.out.say(seek_line(seek) + take)
        self._seeks_told = {s["id"] for s in seeks}

    def _show_people(self, message: dict, whole: bool) -> None:
        """Who is online and the invitations: all of them with a whole list, then changes."""
        self.online = [p for p in message.get("online", []) if isinstance(p, dict) and "name" in p]
        names = {p["name"] for p in self.online}
        self.friends = frozenset(
            f["name"] for f in message.get("friends", []) if isinstance(f, dict) and "name" in f
        )
        if whole or self._online_shown is None:
            self.out.say(online_line(self.online, self.you, self.friends))
        else:
            for person in self.online:
                if person["name"] not in self._online_shown and person["name"] != self.you:
                    followed = ", whom you follow," if person["name"] in self.friends else ""
                    self.out.say(f"{person['name']}{followed} is online now.")
            for name in sorted(self._online_shown - names):
                if name != self.you:
                    self.out.say(f"{name} left the server.")
        self._online_shown = names
        self._show_seeks(message, whole)
        self.invitations = [
            i for i in message.get("invitations", []) if isinstance(i, dict) and "table" in i
        ]
        for invitation in self.invitations:
            told = invitation["id"] in self._invitations_told
            told = told or invitation["table"] in self._invitations_told
            if whole or not told:
                self.out.say(invitation_line(invitation))
            self._invitations_told.add(invitation["id"])

    def invited(self, table: str, here: bool) -> None:
        """The server's notice of an invitation to `table` was said (the list need not say it
        again); `here`: the person is in the lobby, whose list is asked for at once (so that
        'accept' knows the invitation)."""
        self._invitations_told.add(table)
        if here and not self.awaiting:
            self.awaiting = "lobby"
            self.send({"type": "lobby"})

    def refused(self, sentence: str) -> None:
        self.awaiting = ""
        self._declined = None
        self._settings_asked = False
        self.out.say(sentence)

    def noticed(self, sentence: str) -> None:
        """A sentence the server tells (an invitation sent, a key added)."""
        if self.awaiting == "notice":
            self.awaiting = ""
        self.out.say(sentence)

    # -- lines from the person -------------------------------------------------------------------
    def holding(self) -> bool:
        return bool(self.awaiting)

    def hurry(self) -> None:
        pass

    def completions(self) -> list[str]:
        ids = [t["table"] for t in self.tables]
        commands = ("join", "open", "watch", "invite")
        words = [*COMMANDS, *(f"{c} {i}" for c in commands for i in ids)]
        words += [f"{c} {i['table']}" for c in ("accept", "decline") for i in self.invitations]
        words += [f"{c} {name}" for c in ("leaderboard", "stats") for name in games.names()]
        return [*words, *(f"new {name}" for name in games.names())]

    def end_of_input(self) -> None:
        self.out.say("End of input: you leave the server; your seats stay yours.")
        self.finish()

    def handle(self, line: str) -> None:
        text = " ".join(line.split())
        if not text:
            self.list_tables()
            return
        self._line = text
        word, _, rest = text.partition(" ")
        command = ALIASES.get(word.lower(), word.lower())
        if command not in COMMANDS and command != "go":
            entry = self._table(text, quiet=True)
            if entry is not None:
                self._go(entry)
                return
            self.out.say(f"'{word[:20]}' is not a command here; help lists them.")
            return
        getattr(self, f"_cmd_{command}")(rest)

    def list_tables(self) -> None:
        self._shown = None
        self.awaiting = "lobby"
        self.send({"type": "lobby"})

    def _table(self, text: str, quiet: bool = False) -> dict | None:
        wanted = text.split(" ", 1)[0].lower() if text else ""
        if not wanted:
            if not quiet:
                self.out.say("Name a table by its id, e.g. 'join " + self._example() + "'.")
            return None
        found = [t for t in self.tables if t["table"].lower().startswith(wanted)]
        if len(found) == 1:
            return found[0]
        if not found and not quiet and not self._retrying:
            # Perhaps opened since the last list: ask for the list, then answer the line again.
            self._retry = self._line
            self.awaiting = "lobby"
            self.send({"type": "lobby"})
            return None
        if not quiet:
            if found:
                self.out.say(f"'{wanted}' could be table {', '.join(t['table'] for t in found)}.")
            else:
                self.out.say(f"There is no table '{wanted[:20]}'; 'tables' lists them.")
        return None

    def _example(self) -> str:
        return self.tables[0]["table"] if self.tables else "3fa2c1"

    def _ask(self, message: dict) -> None:
        self.awaiting = "table"
        self.send(message)

    def _go(self, entry: dict) -> None:
        """A table named alone: open it, join its open seat, or watch it."""
        if entry["mine"] or entry["over"]:
            self._ask({"type": "open", "table": entry["table"]})
        elif len(entry["open"]) == 1:
            self._ask({"type": "join", "table": entry["table"], "seat": entry["open"][0]})
        elif entry["open"]:
            seats = ", ".join(entry["seats"][i] for i in entry["open"])
            self.out.say(
                f"Table {entry['table']} has open seats {seats}: say 'join {entry['table']} NAME'."
            )
        elif entry["solo"]:
            self.out.say(f"Table {entry['table']} is someone's solo game.")
        else:
            self._ask({"type": "watch", "table": entry["table"]})

    def _cmd_go(self, rest: str) -> None:
        entry = self._table(rest)
        if entry is not None:
            self._go(entry)

    def _cmd_tables(self, rest: str) -> None:
        self.list_tables()

    def _cmd_join(self, rest: str) -> None:
        entry = self._table(rest)
        if entry is None:
            return
        if entry["mine"]:
            self._ask({"type": "open", "table": entry["table"]})
            return
        wanted = rest.partition(" ")[2].strip().lower()
        seats = entry["open"]
        named = self._seat_named(entry, wanted) if wanted else None
        if named is not None and named not in seats:
            taken = f"{entry['seats'][named]} is taken"
            if seats:
                names = ", ".join(entry["seats"][i] for i in seats)
                self.out.say(f"{taken}; open: {names}: say 'join {entry['table']} NAME'.")
            else:
                self.out.say(f"{taken}; 'watch {entry['table']}' watches the table.")
            return
        if not seats:
            self.out.say(
                f"Table {entry['table']} has no open seat; 'watch {entry['table']}' watches it."
            )
            return
        if not wanted:
            if len(seats) > 1:
                names = ", ".join(entry["seats"][i] for i in seats)
                self.out.say(f"Which seat? {names}: say 'join {entry['table']} NAME'.")
                return
            seat = seats[0]
        elif named is None:
            self.out.say(f"Table {entry['table']} has no seat '{wanted[:20]}'.")
            return
        else:
            seat = named
        self._ask({"type": "join", "table": entry["table"], "seat": seat})

    @staticmethod
    def _seat_named(entry: dict, wanted: str) -> int | None:
        """The seat of a table a word names (its number from 1, or its name), or None."""
        if wanted.isdigit():
            number = int(wanted)
            return number - 1 if 1 <= number <= len(entry["seats"]) else None
        named = [i for i, label in enumerate(entry["seats"]) if label.lower().startswith(wanted)]
        return named[0] if len(named) == 1 else None

    def _cmd_open(self, rest: str) -> None:
        entry = self._table(rest)
        if entry is not None:
            self._ask({"type": "open", "table": entry["table"]})

    def _cmd_watch(self, rest: str) -> None:
        entry = self._table(rest)
        if entry is not None:
            self._ask({"type": "watch", "table": entry["table"]})

    def _cmd_new(self, rest: str) -> None:
        try:
            chosen = setup.parse(rest, at_server=True)
        except setup.SetupError as exc:
            self.out.say(str(exc))
            return
        spec = games.get(chosen.game)
        self._ask(
            {
                "type": "new_table",
                "game": chosen.game,
                "seats": [{"name": n, "who": w} for n, w in chosen.seats],
                "solo": chosen.solo,
                "options": spec.options_to_json(chosen.options),
                "kind": chosen.kind,
                "clock": chosen.clock,
            }
        )

    def _cmd_close(self, rest: str) -> None:
        entry = self._table(rest)
        if entry is None:
            return
        if not entry["owner"]:
            self.out.say("Only the table's owner can close it.")
            return
        confirmed = rest.partition(" ")[2].strip().lower() in ("yes", "y")
        if not confirmed:
            self.out.say(
                f"Closing table {entry['table']} deletes its game: say 'close {entry['table']} yes'."
            )
            return
        self.awaiting = "lobby"
        self.send({"type": "close_table", "table": entry["table"]})

    def _cmd_link(self, rest: str) -> None:
        self.awaiting = "lobby"
        self.send({"type": "web_link"})

    def _cmd_online(self, rest: str) -> None:
        self.out.say(online_line(self.online, self.you, self.friends))

    def _cmd_help(self, rest: str) -> None:
        self.out.say("A table's id alone opens it, joins its open seat or watches it. Commands:")
        self.out.say(*COMMANDS.values())
        self.out.say(NEW_HELP)

    def _cmd_quit(self, rest: str) -> None:
        self.out.say("You leave the server; your seats stay yours.")
        self.finish()


def _without_progress(line: str) -> str:
    """A table's line without its progress (which changes with every action)."""
    head, sep, rest = line.partition("; ")
    return head + sep + rest.partition("; ")[2] if sep else line
