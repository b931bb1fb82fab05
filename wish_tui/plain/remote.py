"""The plain client of one session of `wish-tui serve` (`ssh -p PORT plain@HOST`).

It is `wish-tui client` in lines: the session's process connects to the table server with its
one-time token (`tables.remote.Connection`), shows the lobby in plain text (`lobby.PlainLobby`),
and at a table sits at a `RemoteTable` (or watches a `WatchedTable`) through the same
`PlainTable` as a game held here. The server's messages go through the dispatcher the terminal
app uses too (`tables.messages.ServerMessages`), with this client's handlers: ``table`` to the
table shown, a refusal or a notice to it (or to the lobby), ``page`` and ``archive`` (the club's
pages, a finished game) to the lobby, ``closed`` back to the lobby, ``lost`` ends the session. At
a table of the server a person may also `chat`, `invite` a player, hand an absent person's seat
to a `bot`, read the `clock`, `resign` (asked once) and, once the game is over, ask for a
`rematch`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import sys
import traceback

from wish_tui import crash, plain
from wish_tui.tables.messages import ServerMessages
from wish_tui.tables.protocol import LET_GO_STATUS
from wish_tui.tables.remote import Connection, RemoteTable
from wish_tui.tables.seat import Refused

from .clocks import every_clock, seat_clock, setting_words
from .console import Console
from .lobby import ALIASES, COMMANDS, PlainLobby
from .local import make_console, standard_streams
from .output import Output
from .sitting import PlainTable
from .watching import WatchedTable

KEY_WORDS = re.compile(r": z lets a bot play (\w+) until")
"""The game screen's key in the server's notice that a person is away."""
INVITED = re.compile(
    r"^(?P<who>.+) invites you to table (?P<table>\w+)(?P<title>.*): the lobby lists it\.$"
)
"""The server's notice of an invitation (said with the commands that answer it)."""


class Naming:
    """A newcomer's first line: the name others will know them by (the server checks it).

    A line that reads as a command of the lobby (help, quit, look, …) is answered as such, not
    taken for a name; 'name WORDS' takes a name that reads like one.
    """

    def __init__(self, send, out: Output, finish, suggested: str) -> None:
        self.send = send
        self.out = out
        self.finish = finish
        self.suggested = suggested
        self.awaiting = ""

    def ask(self, text: str = "") -> None:
        keep = f" (an empty line keeps '{self.suggested}')" if self.suggested else ""
        self.out.say(f"{text or 'Welcome to the club!'} Type your name{keep}.")

    def refused(self, sentence: str) -> None:
        self.awaiting = ""
        self.out.say(sentence)
        self.ask()

    def handle(self, line: str) -> None:
        text = " ".join(line.split())
        word, _, rest = text.partition(" ")
        command = ALIASES.get(word.lower(), word.lower())
        if command == "name" and rest:
            self._register(rest)
        elif command == "help":
            self.out.say(
                "The club asks once for the name others will know you by: 2 to 20 letters, "
                "digits, spaces or punctuation. Type it; 'name HELP' takes a name that reads "
                "like a command, and quit leaves."
            )
            self.ask("")
        elif command == "quit":
            self.out.say("You leave the server before choosing a name.")
            self.finish()
        elif command in COMMANDS or command == "look":
            self.out.say(
                f"'{word[:20]}' is a command of the lobby, which opens once you have a name; "
                f"type your name first ('name {word[:20]}' to be called that)."
            )
        elif text or self.suggested:
            self._register(text or self.suggested)
        else:
            self.ask()

    def _register(self, name: str) -> None:
        self.awaiting = "welcome"
        self.send({"type": "register", "name": name})

    def end_of_input(self) -> None:
        self.out.say("End of input: you leave the server before choosing a name.")
        self.finish()

    def holding(self) -> bool:
        return bool(self.awaiting)

    def hurry(self) -> None:
        pass

    def completions(self) -> list[str]:
        return [self.suggested] if self.suggested else []


class RemoteClient:
    """One person at a table server, in plain text."""

    def __init__(self, console: Console, out: Output) -> None:
        self.console = console
        self.out = out
        self.connection: Connection | None = None
        self.lobby = PlainLobby(self.send, out, self.quit)
        self.table: RemoteTable | WatchedTable | None = None
        self.sitting: PlainTable | None = None
        self.left_table = ""
        """The table this client last left (its news, sent before the server heard so, is
        dropped; any other table the server shows is followed: a seek's, a tournament's)."""
        self.name = ""
        self.naming: Naming | None = None
        """The question of a newcomer's name, until the server welcomes them by it."""
        self.messages = ServerMessages(self._handlers(), self._seated)
        """What the table server says, routed to the place it concerns."""

    def send(self, message: dict) -> None:
        if self.connection is not None:
            self.connection.send(message)

    def quit(self) -> None:
        self.console.finish(0)

    async def open(self) -> bool:
        """Reach the table server; False (said) when it cannot be reached."""
        try:
            await self.reach(Connection.from_environment(self.on_message))
        except (RuntimeError, OSError) as exc:
            sys.stderr.write(f"wish-tui: the table server cannot be reached ({exc}).\n")
            return False
        return True

    async def reach(self, connection: Connection) -> None:
        """Open `connection` as this client's line: the server's words come to `on_message`,
        and a fault in handling them ends the client as a crash (not a reader stopped unheard).

        Raises:
            OSError: the table server cannot be reached.
        """
        connection.on_failure = self.console.fail
        self.connection = connection
        await connection.open()

    # -- the server's messages ----------------------------------------------------------------
    def on_message(self, message: dict) -> None:
        """Everything the table server says, handed to the place it concerns."""
        self.messages.dispatch(message)
        self.console.poke()

    def _handlers(self) -> dict:
        """What the plain client does with each event of the table server (`tables.messages`)."""
        return {
            "name_needed": self._name_needed,
            "welcome": self._welcomed,
            "name_refused": lambda m: self.naming.refused(str(m.get("error", ""))),
            "let_go": self._let_go,
            "lobby": self._lobby_list,
            "table": self._table_message,
            "refused": self._refused,
            "notice": self._notice,
            "page": self.lobby.page,
            "archive": self.lobby.archived,
            "review": self.lobby.reviewed,
            "closed": self._closed,
            "lost": self._lost,
        }

    def _seated(self) -> RemoteTable | None:
        return self.table if isinstance(self.table, RemoteTable) else None

    def _name_needed(self, message: dict) -> None:
        self.naming = Naming(self.send, self.out, self.quit, str(message.get("suggested", "")))
        self.console.go_to(self.naming)
        self.naming.ask(str(message.get("text", "")))

    def _welcomed(self, message: dict) -> None:
        self.name = str(message.get("name", ""))
        self.naming = None
        self.out.reading.adopt(message.get("settings"), keep=self._keep_reading)
        self.to_lobby()

    def _keep_reading(self, changes: dict) -> None:
        """Keep a reading setting in the member's settings (a guest's go with the session)."""
        self.lobby.reading_kept += 1
        self.send({"type": "settings", "changes": changes})

    def _lobby_list(self, message: dict) -> None:
        if self.sitting is None:
            self.lobby.show(message)

    def _let_go(self, message: dict) -> None:
        self.out.say(str(message.get("error", "")))  # the server lets this session go
        self.console.finish(LET_GO_STATUS)

    def _closed(self, message: dict) -> None:
        self.out.say(f"Table {message.get('table', '')} was closed by its owner.")
        self.to_lobby()

    def _lost(self, message: dict) -> None:
        self.out.say("The table server went away; connect again to return to your seats.")
        self.console.finish(1)

    def _refused(self, message: dict) -> None:
        """A refusal for no table this person sits at: said at the table watched, or in the
        lobby."""
        sentence = str(message.get("error", ""))
        if isinstance(self.table, WatchedTable):
            self._said_while_watching(sentence)
        else:
            self.lobby.refused(sentence)

    def _notice(self, message: dict) -> None:
        """A notice of the server, with the commands that answer it, where the person is."""
        text = self._notice_words(message)
        table = self.messages.table_of(message)
        if table is not None:
            table.noticed(text)
        elif isinstance(self.table, WatchedTable):
            self._said_while_watching(text)
        else:
            self.lobby.noticed(text)

    def _said_while_watching(self, sentence: str) -> None:
        self.out.say(sentence)
        if self.sitting is not None:
            self.sitting.awaiting = ""

    def _notice_words(self, message: dict) -> str:
        """A notice in the plain client's words: the commands that answer an invitation or a
        rematch, and the command that lets a bot play for a person away."""
        text = KEY_WORDS.sub(
            lambda m: f": 'bot {m.group(1).lower()}' lets a bot play {m.group(1)} until",
            str(message.get("text", "")),
        )
        invited = INVITED.match(text)
        rematch = message.get("rematch")
        if isinstance(rematch, dict) and isinstance(rematch.get("table"), str):
            code = rematch["table"]
            self.lobby.invited(code, here=self.sitting is None and self.naming is None)
            at_table = self.table is not None and message.get("table") == self.table.id
            return text + (
                " 'rematch' sits you down again."
                if at_table
                else f" 'accept {code}' sits you down, 'decline {code}' says no."
            )
        if invited:
            code = invited["table"]
            self.lobby.invited(code, here=self.sitting is None and self.naming is None)
            where = "in the lobby, " if self.sitting is not None else ""
            return (
                f"{invited['who']} invites you to table {code}{invited['title']}: {where}"
                f"'accept {code}' sits you down, 'decline {code}' says no."
            )
        return text

    def _table_message(self, message: dict) -> None:
        table = self.table
        if table is not None and table.id == message.get("table"):
            table.update(message)
            return
        just_left = message.get("table") == self.left_table
        if table is None and just_left and self.lobby.awaiting != "table":
            return  # news of a table just left, sent before the server heard so
        self.lobby.awaiting = ""
        if self.sitting is not None:
            self.sitting.closed = True  # a rematch: the table just left says no more
        if message.get("seat") is None:
            table = WatchedTable(message)
            viewer = None
        else:
            table = RemoteTable(self.connection, message)
            viewer = message["seat"]
        self.table = table
        extra = {
            "leave": ("leave: back to the server's tables (your seat stays yours)", self._leave),
            "chat": ("chat TEXT: say something to everyone at this table", self._chat),
            "mute": ("mute NAME: hide a person's chat from you, at every table", self._mute),
            "unmute": ("unmute NAME: see a muted person's chat again", self._unmute),
        }
        if table.clock:
            extra["clock"] = ("clock: every seat's time left", self._clock)
        if viewer is not None:
            extra["bot"] = ("bot SEAT [off]: let a bot play an absent person's seat", self._bot)
            extra["invite"] = (
                "invite [TABLE] NAME: invite a player of the club to this table (or to TABLE)",
                self._invite,
            )
            extra["spectators"] = (
                "spectators on|off: let those who watch this table chat, or not",
                self._spectators,
            )
            extra["resign"] = ("resign: give up your seat to a bot (asks once)", self._resign)
            extra["rematch"] = (
                "rematch: once the game is over, the same table again",
                self._rematch,
            )
            extra["review"] = (
                "review [SEAT]: once the game is over, the expert's review of your decisions "
                "(or a seat's): the three that cost the most, in words",
                self._review,
            )
        self.sitting = PlainTable(
            table,
            self.out,
            self.console,
            viewer=viewer,
            leave_words=lambda: "You leave the server; your seat stays yours.",
            extra_commands=extra,
            clock_words=lambda seat: seat_clock(table, seat),
        )
        self.console.go_to(self.sitting)
        title = table.seats and ", ".join(s.label for s in table.seats)
        how = setting_words(table.kind, (table.clock or {}).get("setting"))
        title += f"; {how}" if how else ""
        watching = "You watch" if viewer is None else "You sit at"
        self.out.say(f"{watching} table {table.id}: {title}. 'leave' goes back to the tables.")
        self.sitting.start()

    # -- at a table ----------------------------------------------------------------------------
    def to_lobby(self) -> None:
        if self.sitting is not None:
            self.sitting.closed = True
        self.left_table = self.table.id if self.table is not None else ""
        self.table = self.sitting = None
        self.console.go_to(self.lobby)
        self.lobby.enter(self.name)

    def _leave(self, rest: str) -> None:
        self.out.say("Back to the server's tables.")
        self.to_lobby()

    def _chat(self, rest: str) -> None:
        if not rest.strip():
            self.out.say("chat needs something to say, e.g. 'chat good game'.")
            return
        self.send({"type": "chat", "table": self.table.id, "text": rest.strip()})

    def _invite(self, rest: str) -> None:
        """Invite NAME to this table; `invite TABLE NAME`, as in the lobby, names the table."""
        word, _, name = rest.strip().partition(" ")
        tables = {self.table.id.lower(), *(t["table"].lower() for t in self.lobby.tables)}
        table_id = self.table.id
        if word.lower() in tables and name.strip():
            table_id = next(
                (t["table"] for t in self.lobby.tables if t["table"].lower() == word.lower()),
                self.table.id,
            )
        else:
            name = rest
        if not name.strip():
            self.out.say("invite needs a player's name, e.g. 'invite bob'.")
            return
        self.send({"type": "invite", "table": table_id, "name": name.strip()})

    def _mute(self, rest: str, on: bool = True) -> None:
        if not rest.strip():
            verb = "mute" if on else "unmute"
            self.out.say(f"{verb} needs a person's name, e.g. '{verb} bob'.")
            return
        self.send({"type": "mute", "name": rest.strip(), "on": on})

    def _unmute(self, rest: str) -> None:
        self._mute(rest, on=False)

    def _spectators(self, rest: str) -> None:
        on = {"on": True, "off": False}.get(rest.strip().lower())
        if on is None:
            now = "on" if self.table.spectator_chat else "off"
            self.out.say(f"Spectators' chat is {now}: say 'spectators on' or 'spectators off'.")
            return
        self.table.set_spectator_chat(on)

    def _clock(self, rest: str) -> None:
        self.out.say(every_clock(self.table))

    def _resign(self, rest: str) -> None:
        table = self.table
        if table.is_over:
            self.out.say("The game is over: there is nothing to resign ('rematch' plays again).")
        elif not table.can_resign:
            self.out.say("You hold no seat at this table that you still play.")
        elif rest.strip().lower() not in ("yes", "y"):
            self.out.say(
                "Resigning gives your seat to a bot to the end and counts the game as lost for "
                "you: say 'resign yes'."
            )
        else:
            table.resign()

    def _rematch(self, rest: str) -> None:
        if not (self.table.is_over or self.table.ended):
            self.out.say("A rematch is offered once the game is over ('resign' gives up).")
            return
        self.sitting.awaiting = "rematch"  # lines wait for the new table (or the refusal)
        self.table.rematch()

    def _review(self, rest: str) -> None:
        if not (self.table.is_over or self.table.ended):
            self.out.say("A review is of a finished game: play this one to its end first.")
            return
        message = {"type": "review", "table": self.table.id}
        self.send(message | ({"seat": rest.strip()} if rest.strip() else {}))

    def _bot(self, rest: str) -> None:
        words = rest.lower().split()
        table = self.table
        seats = [i for i, s in enumerate(table.seats) if words and s.name == words[0]]
        if not seats:
            names = ", ".join(s.name for s in table.seats)
            self.out.say(
                f"bot needs a seat of this table ({names}), e.g. 'bot {table.seats[0].name}'."
            )
            return
        on = not (len(words) > 1 and words[1] == "off")
        try:
            table.hand_to_bot(seats[0], on)
        except Refused as exc:
            self.out.say(str(exc))


async def _run(console: Console, out: Output) -> int:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, console.finish, 0)
    client = RemoteClient(console, out)
    if not await client.open():
        return 1
    client.lobby.awaiting = "welcome"  # lines wait for the server's welcome
    console.go_to(client.lobby)
    try:
        return await console.run()
    finally:
        if client.connection is not None:
            client.connection.close()


def run() -> int:
    """The plain client of a session of `wish-tui serve`; return its exit status."""
    stdin, stdout = standard_streams()
    # A session without a terminal of its own (a script over ssh) reads lines as from a pipe.
    console, out = make_console(stdin, stdout, terminal=False if plain.by_lines() else None)
    try:
        return asyncio.run(_run(console, out))
    except BrokenPipeError:
        return 0
    except Exception:  # a fault of the client's own: kept for the keeper, one sentence here
        report = crash.keep_report(traceback.format_exc(), None)
        sys.stderr.write(crash.crash_sentence(report, served=True) + "\n")
        return 1
