"""The driver of an app that shares its process with other apps (`server.pool.host`).

Textual's POSIX driver owns the process: standard input and output, a thread for the keys, the
signals for a resize and for Ctrl+Z. An app the session pool runs beside others has only its own
terminal's descriptor, and the process's event loop. Here keys are read on the loop when they
come (no thread, no polling: the parser's deadline for a lone Esc is a timer), frames are
written without blocking (kept while the terminal takes no more, up to `MAX_UNSENT`: past it the
client has stopped reading and the app ends), and a new size is read from the terminal when its
host says it changed (`resized`): the server sets it there, so no key sequence a client types can
give the app a size of its own (and it is read then alone, not at each write). What is written is
only the cells that change, without colour under NO_COLOR, as `driver.CompactDriver` writes it;
a frame of the compositor's comes as its strips (`textual_adapter.PiecesFrame`), read into cells
as they are (`frame_cells.read_row`), not as the text Textual would encode it to.

One client must not take the loop from the other apps: keys are read at most `READ_CHUNK`
bytes at a time and, past `EVENTS_PER_SECOND` on average, read again only once the app's
allowance has grown back; a paste is cut at `paste_limit.MAX_PASTE`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import termios
import tty
from codecs import getincrementaldecoder

from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size

from wish_tui.core import environment
from wish_tui.files import read_ready
from wish_tui.ui.terminal.screen_diff import ScreenDiff
from wish_tui.ui.terminal.sgr import Compactor

from .frame_cells import read_row
from .paste_limit import PasteLimit
from .textual_adapter import PiecesFrame, UncachedKeyParser, hand_pieces_to

MAX_UNSENT = 4 * 1024 * 1024
"""Bytes of frames kept for a terminal that takes none: past them its client reads no more."""
READ_CHUNK = 1024
"""The most bytes of keys read at once."""
EVENTS_PER_SECOND = 200
"""Input events (keys, mouse reports, pastes) an app takes a second on average before its
terminal is read more slowly: a person makes a few, and a client that sends thousands would hold
the event loop that the other apps of its process share. Nothing is dropped; the client waits."""
EVENT_BURST = 400
"""Events taken at once above that rate (a mouse moved fast, keys held down)."""
SYNC_START, SYNC_END = "\x1b[?2026h", "\x1b[?2026l"
"""A frame drawn at once begins and ends (synchronised output, as `App._display` writes it to a
terminal that has it)."""
KITTY_FLAGS = 1 | 8 | 16
"""The Kitty keyboard protocol as Textual asks it: escapes told apart, all keys, their text."""


class HostedDriver(Driver):
    """Textual's driver for one app on the terminal `app.terminal_fd`, on the running loop."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True, size=None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.shown_app = app
        """The app this terminal shows."""
        self.mouse_on = mouse
        """The app reads the mouse."""
        self.fileno: int = app.terminal_fd
        self._running_loop = asyncio.get_running_loop()
        self._colour = not environment.has("NO_COLOR")
        self._screen = ScreenDiff()
        self._compact = Compactor(self._colour)
        self._shown_size: os.terminal_size | None = None
        self._unsent = bytearray()
        self._updating = False
        """Within a frame drawn at once (between its start and end): nothing is sent yet."""
        self._reading = self._writing = False
        self._parser = UncachedKeyParser(debug)
        self._paste_limit = PasteLimit()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._attributes: list | None = None
        self._hung_up = False
        self._allowance = float(EVENT_BURST)
        self._allowance_at = self._running_loop.time()
        self._resume: asyncio.TimerHandle | None = None
        self.sent = asyncio.Event()
        """Set while nothing written waits for the terminal."""
        self.sent.set()
        app.hosted_driver = self
        hand_pieces_to(app.console)

    def send_message(self, message) -> None:
        """Post `message` (an input event) to the app at once: this driver reads on the app's
        own loop, so no other task need carry it there, nor wake the loop from another thread
        (Textual's drivers read in a thread of their own)."""
        self.shown_app.post_message(message)

    @property
    def can_suspend(self) -> bool:
        """No: Ctrl+Z would stop every app of the process."""
        return False

    # -- size ----------------------------------------------------------------------------------
    def _terminal_size(self) -> os.terminal_size | None:
        try:
            return os.get_terminal_size(self.fileno)
        except OSError:
            return None

    def resized(self) -> None:
        """Tell the app the terminal's size if it changed (its host was told it may have).

        The terminal's size is read here alone, not at each write: only the server sets it, and
        it tells the host each time it does. A new size makes the screen diff forget what the
        terminal showed (a resized terminal may have moved or cleared it), so the next frame
        goes whole; it comes before the app's first frame at that size."""
        size = self._terminal_size()
        if size != self._shown_size:
            self._shown_size = size
            self._screen.forget()
            self._screen.columns = size.columns if size else None
            self._screen.rows = size.lines if size else None
        if size is not None and size.columns > 0 and size.lines > 0:
            textual_size = Size(size.columns, size.lines)
            self.shown_app.post_message(events.Resize(textual_size, textual_size))

    # -- the terminal's modes ------------------------------------------------------------------
    def start_application_mode(self) -> None:
        """Take the terminal: raw keys, the alternate screen, the mouse; then read keys."""
        os.set_blocking(self.fileno, False)
        with contextlib.suppress(termios.error):
            self._attributes = termios.tcgetattr(self.fileno)
            raw = termios.tcgetattr(self.fileno)
            raw[tty.LFLAG] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
            raw[tty.IFLAG] &= ~(
                termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR
            )
            raw[tty.OFLAG] &= ~termios.OPOST  # a line break goes as written (no CR added)
            raw[tty.CC][termios.VMIN] = 1
            termios.tcsetattr(self.fileno, termios.TCSANOW, raw)
        self.resized()
        self.write("\x1b[?1049h")  # the alternate screen
        self._mouse_reports(True)
        self.write("\x1b[?25l\x1b[?1004h")  # no cursor; focus in and out
        if not constants.DISABLE_KITTY_KEY:
            self.write(f"\x1b[>{KITTY_FLAGS}u")
        self.write("\x1b[?2026$p")  # does it draw a frame at once (synchronised output)?
        self.write("\x1b[?2004h\x1b[?7l")  # bracketed paste; no line wrap
        self._running_loop.add_reader(self.fileno, self._readable)
        self._reading = True

    def _mouse_reports(self, on: bool) -> None:
        if self.mouse_on:
            mark = "h" if on else "l"
            self.write("".join(f"\x1b[?{mode}{mark}" for mode in (1000, 1003, 1015, 1006)))

    def disable_input(self) -> None:
        """Read no more keys."""
        if self._resume is not None:
            self._resume.cancel()
            self._resume = None
        if self._reading:
            self._running_loop.remove_reader(self.fileno)
            self._reading = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if not self._hung_up:
            self._mouse_reports(False)

    def stop_application_mode(self) -> None:
        """Give the terminal back as it was."""
        self.write("\x1b[?2004l\x1b[?7h")
        self.disable_input()
        if self._attributes is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fileno, termios.TCSANOW, self._attributes)
        self.write("\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l")

    def close(self) -> None:
        """Nothing: what is left of the last frames is still sent (see `sent`, `abandon`)."""

    def abandon(self) -> None:
        """Send nothing more (the terminal is about to be closed)."""
        self._unsent.clear()
        if self._writing:
            self._running_loop.remove_writer(self.fileno)
            self._writing = False
        self.sent.set()

    # -- keys ----------------------------------------------------------------------------------
    def _readable(self) -> None:
        data = read_ready(self.fileno, READ_CHUNK)
        if not data:
            if data is not None:
                self._hang_up()
            return
        text = self._paste_limit.cut(self._decode(data))
        events = 0
        if text:  # (the parser takes '' for the end of its input)
            for event in self._parser.feed(text):
                self.process_message(event)
                events += 1
        self._spend(events)
        self._wait_for_deadline()

    def _spend(self, events: int) -> None:
        """Count `events` against the app's allowance; past it, read again once it has
        grown back."""
        now = self._running_loop.time()
        grown = (now - self._allowance_at) * EVENTS_PER_SECOND
        self._allowance = min(EVENT_BURST, self._allowance + grown) - events
        self._allowance_at = now
        if self._allowance < 0 and self._reading and self._resume is None:
            self._running_loop.remove_reader(self.fileno)
            wait = -self._allowance / EVENTS_PER_SECOND
            self._resume = self._running_loop.call_later(wait, self._read_again)

    def _read_again(self) -> None:
        self._resume = None
        if self._reading:
            self._running_loop.add_reader(self.fileno, self._readable)
            self._wait_for_deadline()

    def _wait_for_deadline(self) -> None:
        """A lone Esc is a key once the parser's deadline passes with nothing after it."""
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._resume is not None:
            return  # not read meanwhile: what follows a sequence begun has not been seen yet
        left = self._parser.seconds_to_deadline()
        if left is not None:
            self._tick = self._running_loop.call_later(left, self._on_deadline)

    def _on_deadline(self) -> None:
        self._tick = None
        for event in self._parser.tick():
            self.process_message(event)
        self._wait_for_deadline()

    def _hang_up(self) -> None:
        """The terminal is gone: the app ends, as a process would on SIGHUP."""
        if self._hung_up:
            return
        self._hung_up = True
        self._unsent.clear()
        self.sent.set()
        self.disable_input()
        self._parser.end_of_input()
        self.shown_app.exit()

    # -- frames --------------------------------------------------------------------------------
    def write(self, data: str) -> None:
        """Send the cells of `data` that change, as soon as the terminal takes them. A frame
        drawn at once (synchronised output: its start, the frame, its end, written one after
        the other by `App._display`) goes to the terminal in one write, at its end."""
        if self._hung_up:
            return
        if data == SYNC_START:
            self._updating = True
        elif data == SYNC_END:
            self._updating = False
        text = self._compact(self._frame(data))
        if not text:
            return
        self._unsent += text.encode("utf-8", "replace")
        if len(self._unsent) > MAX_UNSENT:
            self._hang_up()
            return
        if not self._updating:
            self._send()

    def _frame(self, data: str) -> str:
        """What the screen diff sends for `data`: a frame's pieces read as they are (a
        `PiecesFrame`), or its text (any other write, and a frame whose pieces it cannot read)."""
        if isinstance(data, PiecesFrame):
            colours = data.colour_system
            frame = self._screen.frame_rows(
                data.rows(), data.cursor, lambda pieces: read_row(pieces, colours)
            )
            if frame is not None:
                return frame
            data = data.text()
        return self._screen.frame(data)

    def _send(self) -> None:
        while self._unsent:
            try:
                sent = os.write(self.fileno, self._unsent[:65536])
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self._hang_up()
                return
            del self._unsent[:sent]
        waiting = bool(self._unsent)
        if waiting != self._writing:
            if waiting:
                self._running_loop.add_writer(self.fileno, self._send)
            else:
                self._running_loop.remove_writer(self.fileno)
            self._writing = waiting
        if waiting:
            self.sent.clear()
        else:
            self.sent.set()
