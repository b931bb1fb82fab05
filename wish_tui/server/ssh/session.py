"""One SSH session: the app on a pseudo-terminal of the client's size, or a sentence refusing it.

A session gets the app only when it asked for a terminal and a shell. The table server then
registers the person and gets a one-time token; the child app starts with that token, the
table server's socket and the data directory in its environment, the client's terminal type when
it looks like one, and of the client's variables only those of `ACCEPTED_ENV`. Its terminal is
of the client's size, clamped, and follows the client's resizes (a flood of them coalesced).
A command, a subsystem (SFTP) or a session without a terminal gets one sentence on its stderr and
exit status 1. When the child exits, the session closes with its status and one sentence; when the
session closes first, the child is stopped; either way the table server lets the token go.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re

import asyncssh

from wish_tui.core.excerpt import excerpt
from wish_tui.save_paths import DATA_DIR_ENV
from wish_tui.server import child as child_module
from wish_tui.server.ssh.keys import NAME_LIMIT, Person
from wish_tui.server.ssh.lean import lean_channel, write_data
from wish_tui.tables.protocol import LET_GO_STATUS
from wish_tui.tables.remote import (
    PLAIN_BY_LINES,
    PLAIN_ENV,
    SOCKET_ENV,
    TOKEN_ENV,
    asks_plain,
)

DEFAULT_TERM = "xterm-256color"
DEFAULT_SIZE = (80, 24)
MAX_COLUMNS = 500
MAX_ROWS = 200
"""A terminal's size is clamped to these: a larger one only makes the child draw more."""
TERM_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""A terminal type passed on (any other is replaced by `DEFAULT_TERM`)."""
ACCEPTED_ENV = ("NO_COLOR", PLAIN_ENV)
"""The only variables a client may send (each client's own preference, harmless to pass)."""
PASSED_FROM_SERVER = ("PATH", "HOME", "PYTHONPATH", "LANG", "LC_ALL", "LC_CTYPE")
"""Variables of the server's own environment that the child needs to run as the server does."""
ALTERNATE_SCREEN, MAIN_SCREEN = b"\x1b[?1049h", b"\x1b[?1049l"


def restore_terminal(alternate: bool) -> bytes:
    """Sent before the last sentence when an app did not exit cleanly, so the sentence is seen;
    `alternate`: the app left the terminal on its alternate screen. (Going back to the main
    screen also puts the cursor back where it was when the app began: done when the app had
    done it already, it moved the cursor onto the app's own closing words, and the sentence
    overwrote them.)"""
    return (
        b"\x1b[<u"  # the keyboard protocol's flags pushed by the app
        b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reports
        b"\x1b[?1004l\x1b[?2004l\x1b[?7h"  # focus reports, bracketed paste; lines wrap
        + (MAIN_SCREEN if alternate else b"")
        + b"\x1b[?25h\x1b[0m"  # the cursor, plain text
    )


def on_alternate_screen(output: bytes, before: bool) -> bool:
    """Whether the client's terminal is on its alternate screen once `output` of the app is
    shown (`before`: whether it was)."""
    entered, left = output.rfind(ALTERNATE_SCREEN), output.rfind(MAIN_SCREEN)
    return before if entered == left == -1 else entered > left


RESIZE_INTERVAL = 0.05
"""Seconds between two resizes passed to a child: a flood of them is coalesced."""


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A terminal size the child may have: 0 means unknown (the default), huge is cut."""
    return (
        min(columns, MAX_COLUMNS) if columns > 0 else DEFAULT_SIZE[0],
        min(rows, MAX_ROWS) if rows > 0 else DEFAULT_SIZE[1],
    )


def clean_term(term_type: str | None) -> str:
    """The client's terminal type when it looks like one, else `DEFAULT_TERM`."""
    if term_type and TERM_PATTERN.fullmatch(term_type):
        return term_type
    return DEFAULT_TERM


def accept_only_listed_env(chan: asyncssh.SSHServerChannel, into: dict[str, str]) -> None:
    """Make `chan` put the variables of `ACCEPTED_ENV` that a client sends in `into`, and keep none.

    asyncssh keeps every variable a client sends, with no bound on their number, so a stranger
    could fill the server's memory: its handler of "env" requests is replaced on this channel.
    """
    accepted = {name.encode(): name for name in ACCEPTED_ENV}

    def process_env_request(packet) -> bool:
        name = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        if name not in accepted or len(value) > 64:
            return False
        into[accepted[name]] = value.decode("utf-8", "replace")
        return True

    # asyncssh finds the handler of a channel request by its name on the channel.
    chan._process_env_request = process_env_request


class ChannelRequests(asyncssh.SSHServerSession):
    """A session channel that notes what its client asked for: a terminal (its type and size),
    a shell, a command or a subsystem; a break or a signal does nothing."""

    def __init__(self) -> None:
        self.chan: asyncssh.SSHServerChannel | None = None
        self.kind = ""
        """'shell', 'exec' or 'subsystem' once asked."""
        self.subsystem = ""
        self.term: str | None = None
        """The terminal's type, once one was asked for (None: no terminal)."""
        self.size = DEFAULT_SIZE

    def connection_made(self, chan) -> None:
        self.chan = chan
        lean_channel(chan)

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = clean_term(term_type)
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        self.kind = "shell"
        return True

    def exec_requested(self, command) -> bool:
        self.kind = "exec"
        return True

    def subsystem_requested(self, subsystem) -> bool:
        self.kind, self.subsystem = "subsystem", subsystem
        return True

    def break_received(self, msec) -> bool:
        return False

    def signal_received(self, signal) -> None:
        pass


class AppSession(ChannelRequests):
    """One session channel: the app on a terminal, or a sentence that refuses it.

    Args:
        connection: the SSH connection's server object (`ssh._Connection`): its `front`, its
            `person` and `username`, its `touch()` of the idle clock, and `session_closed(self)`.
    """

    def __init__(self, connection) -> None:
        super().__init__()
        self.connection = connection
        self.front = connection.front
        self.env: dict[str, str] = {}
        """The client's variables of `ACCEPTED_ENV`."""
        self.child: child_module.PtyChild | None = None
        self._task: asyncio.Task | None = None
        self._ended = False
        self._alternate = False
        """True while the app's output has left the client's terminal on its alternate screen."""
        self._end_after_child: tuple[str, int] | None = None
        self._resize_due: tuple[int, int] | None = None
        self._resize_timer: asyncio.TimerHandle | None = None
        self._ended_line = True
        """False while the last data received did not end its line."""
        self._early = bytearray()
        self._early_end = b""
        """Lines without a terminal sent before the app started, and the end of them."""

    @property
    def wants_plain(self) -> bool:
        """True when this session gets the plain-text client: its user name was `plain`, the
        client sent `WISH_TUI_PLAIN`, or the person's own setting on their profile in the club
        ('plain'), asked of the front end's `prefers_plain(person)` when it has one."""
        if self.connection.plain or asks_plain(self.env):
            return True
        prefers = getattr(self.front, "prefers_plain", None)
        person = self.connection.person
        return bool(prefers is not None and person is not None and prefers(person))

    def session_started(self) -> None:
        conn = self.connection
        name = conn.person.name if conn.person else "NAME"
        plain = self.wants_plain
        ssh = self.front.how_to_connect(self._local_address(), name, plain=plain)
        if self.front.is_closing:
            self.end("the server is shutting down", 1)
        elif conn.person is None and plain and not conn.username:
            self.end(f"plain text needs your name after 'plain+': connect with '{ssh}'", 1)
        elif conn.person is None:
            self.end(
                f"{excerpt(conn.username)} cannot be a name at this table (1 to {NAME_LIMIT} "
                f"printable characters); connect with a name, e.g. '{ssh}'",
                1,
            )
        elif self.kind == "exec":
            self.end(f"this server runs no commands; to play, connect with '{ssh}'", 1)
        elif self.kind == "subsystem":
            self.end(
                f"this server offers no subsystem ({excerpt(self.subsystem)}), and no file "
                f"transfer; to play, connect with '{ssh}'",
                1,
            )
        elif self.term is None and not plain:
            ssh = self.front.how_to_connect(self._local_address(), name, terminal=True)
            self.end(f"the game needs a terminal; connect with '{ssh}'", 1)
        else:
            self._task = self.front.run_task(self._run_app(conn.person))

    def _local_address(self) -> str:
        conn = self.connection.conn
        sockname = conn.get_extra_info("sockname") if conn is not None else None
        return str(sockname[0]) if sockname else "HOST"

    # The app

    def _child_env(self, token: str) -> dict[str, str]:
        env = {name: os.environ[name] for name in PASSED_FROM_SERVER if name in os.environ}
        env.update(
            {
                SOCKET_ENV: str(self.front.hub.socket_path),
                TOKEN_ENV: token,
                DATA_DIR_ENV: str(self.front.data_dir),
                "TERM": self.term or DEFAULT_TERM,
                "PYTHONUTF8": "1",
            }
        )
        for name in self.env:
            env[name] = "1"  # the client's preference, not its text
        if self.wants_plain:
            # Without a terminal of its own, the client reads lines as from a pipe.
            env[PLAIN_ENV] = PLAIN_BY_LINES if self.term is None else "1"
        return env

    async def _start_app(self, terminal: int, env: dict[str, str]) -> child_module.AppProcess:
        return await self.front.start_app(terminal, env, self.connection.group)

    async def _run_app(self, person: Person) -> None:
        token: str | None = None
        try:
            try:
                token = self.front.hub.register_session(person.person, person.offered)
            except Exception as exc:
                self.front.log(f"the table server refused {person.name}: {exc!r}")
                self.end("the table server could not seat you; try again later", 1)
                return
            self.child = child_module.PtyChild(
                self.front.command,
                self._child_env(token),
                self.size,
                self._output,
                self._input_full,
                stop_grace=self.front.limits.stop_grace,
                launch=self._start_app,
                # Without a terminal of its own, the client's lines come as from a pipe: the
                # app's terminal echoes nothing and writes its lines unchanged.
                like_pipe=self.term is None,
            )
            try:
                await self.child.start()
            except child_module.AppRefused as exc:
                self.front.log(f"turned away {person.name}: {exc}")
                self.end(str(exc), 1)
                return
            except OSError as exc:
                self.front.log(f"the app could not start for {person.name}: {exc}")
                self.end("the game could not start on this server; try again later", 1)
                return
            self._pass_early_lines()
            status = await self.child.wait()
            if self._end_after_child is not None:
                self.end(*self._end_after_child, restore=status != 0)
            elif status == 0:
                self.end("the game closed; connect again to return to your seats", 0)
            elif status == LET_GO_STATUS:
                self.end(None, 1)  # the app said the table server's last word to this person
            else:
                self.front.log(
                    f"the app of {person.name} stopped {child_module.describe_status(status)}"
                )
                self.end(
                    f"the game stopped {child_module.describe_status(status)}; connect again to "
                    "return to your seats",
                    status if 0 < status < 256 else 128 + (-status & 0x7F),
                    restore=True,
                )
        except Exception as exc:  # a fault here must end this session only, never the server
            self.front.log(f"the session of {person.name} failed: {exc!r}")
            self.end("this session failed on the server; connect again to return to your seats", 1)
        finally:
            if self.child is not None:
                await self.child.stop()
            if token is not None:
                try:
                    self.front.hub.unregister_session(token)
                except Exception as exc:
                    self.front.log(f"the table server failed to let {person.name} go: {exc!r}")

    def _output(self, data: bytes) -> None:
        self._alternate = on_alternate_screen(data, self._alternate)
        if self.chan is not None and not self._ended:
            with contextlib.suppress(OSError):
                write_data(self.chan, data)

    def _input_full(self, full: bool) -> None:
        if self.chan is not None:
            if full:
                self.chan.pause_reading()
            else:
                self.chan.resume_reading()

    def data_received(self, data, datatype) -> None:
        self.connection.touch()
        if datatype is not None or not data:
            return
        self._ended_line = data.endswith((b"\n", b"\r"))
        if self.term is None and (self.child is None or not self.child.is_running):
            # A script's lines come at once, before its app has started: they wait for it.
            self._early += data
            if len(self._early) > child_module.INPUT_HIGH_WATER and self.chan is not None:
                self.chan.pause_reading()
        elif self.child is not None:
            self.child.write(data)

    def eof_received(self) -> bool:
        if self.term is None:
            # Lines without a terminal (the plain client): the end of them reaches the app as
            # the end of its input, after a last line left unfinished.
            end = b"\x04" if self._ended_line else b"\n\x04"
            if self.child is not None and self.child.is_running:
                self.child.write(end)
            else:
                self._early_end = end
        return True  # the client sends no more keys; the game may still end by itself

    def _pass_early_lines(self) -> None:
        """Give a just-started app the lines (and the end of them) sent before it started."""
        early, self._early = bytes(self._early), bytearray()
        if early:
            self.child.write(early)
            if self.chan is not None:
                self.chan.resume_reading()
        if self._early_end:
            self.child.write(self._early_end)

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self._resize_due = clamp_size(width, height)
        if self._resize_timer is None:
            self._apply_resize()

    def _apply_resize(self) -> None:
        self._resize_timer = None
        if self._resize_due is None:
            return
        self.size, self._resize_due = self._resize_due, None
        if self.child is not None:
            self.child.resize(*self.size)
        self._resize_timer = asyncio.get_running_loop().call_later(
            RESIZE_INTERVAL, self._apply_resize
        )

    def pause_writing(self) -> None:
        if self.child is not None:
            self.child.pause_output()

    def resume_writing(self) -> None:
        if self.child is not None:
            self.child.resume_output()

    # The end

    def close_with(self, sentence: str, status: int) -> None:
        """End the session with `sentence`, after its child (if any) has had its grace time."""
        if self.child is not None and self.child.is_running and not self._ended:
            self._end_after_child = (sentence, status)
            self.child.terminate()
        else:
            self.end(sentence, status)

    def end(self, sentence: str | None, status: int, restore: bool = False) -> None:
        """Close the session: `sentence` on its stderr (None: the app said the last word), then
        `status`.

        Args:
            restore: put the client's terminal back first, as an app that did not exit cleanly
                may have left it on its alternate screen with the mouse reported.
        """
        if self._ended:
            return
        self._ended = True
        chan = self.chan
        if chan is None:
            return
        with contextlib.suppress(OSError):
            if restore:
                chan.write(restore_terminal(self._alternate))
            if sentence is not None:
                start = "\r\n" if self.child is not None else ""
                chan.write_stderr(f"{start}wish-tui: {sentence}.\r\n".encode())
            chan.exit(status)

    def connection_lost(self, exc) -> None:
        self._ended = True
        self.connection.session_closed(self)
        if self._resize_timer is not None:
            self._resize_timer.cancel()
            self._resize_timer = None
        if self._task is not None and not self._task.done():
            self._task.cancel()
