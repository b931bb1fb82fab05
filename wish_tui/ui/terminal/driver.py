"""The terminal driver: Textual's own, writing each frame as fewer bytes and waiting for keys
without waking up ten times a second."""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from codecs import getincrementaldecoder

from textual.drivers.linux_driver import LinuxDriver

from wish_tui.core import environment
from wish_tui.ui.terminal.screen_diff import ScreenDiff
from wish_tui.ui.terminal.sgr import Compactor

from .paste_limit import PasteLimit
from .textual_adapter import KeyParser


class _WakingEvent(threading.Event):
    """The driver's exit event: setting it also wakes the input thread from its wait."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):
            os.write(self._wake, b"x")


class CompactDriver(LinuxDriver):
    """Textual's POSIX driver; each write keeps only the cells that change (`ui.terminal.screen_diff`)
    and is compacted (`ui.terminal.sgr`) before it leaves.

    Under ``NO_COLOR`` Textual still paints in shades of grey (its Monochrome filter, 256-colour
    codes); here every colour is dropped, so none reaches the terminal (no-color.org).

    Textual's input thread looks at the terminal every 0.1 s, to see whether it should stop and
    whether a lone Esc has waited long enough to be a key; at a server with hundreds of idle
    sessions those wake-ups add up to a share of a core. Here it sleeps until a key comes, the
    parser's own deadline (a lone Esc) passes, or the exit event wakes it.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.debugging = bool(kwargs.get("debug", False))
        """Textual's debug mode, as the app asked it."""
        # Textual reads NO_COLOR the same way: present means no colour.
        self._colour = not environment.has("NO_COLOR")
        self._screen = ScreenDiff()
        self._compact = Compactor(self._colour)
        self._shown_size: os.terminal_size | None = None
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_write, False)
        self.exit_event = _WakingEvent(self._wake_write)

    def write(self, data: str) -> None:
        try:
            size = os.get_terminal_size(self.fileno)
        except OSError:
            size = None
        if size != self._shown_size:  # a resized terminal may have moved or cleared what it showed
            self._shown_size = size
            self._screen.forget()
            self._screen.columns = size.columns if size else None
            self._screen.rows = size.lines if size else None
        super().write(self._compact(self._screen.frame(data)))

    def run_input_thread(self) -> None:
        """Wait for input and dispatch its events (Textual's loop, without its polling)."""
        selector = selectors.DefaultSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._wake_read, selectors.EVENT_READ)
        parser = KeyParser(self.debugging)
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        paste_limit = PasteLimit()

        def process(events, final: bool = False) -> None:
            for key, mask in events:
                if key.fd == self._wake_read:
                    with contextlib.suppress(BlockingIOError, OSError):
                        os.read(self._wake_read, 512)
                    continue
                if mask & selectors.EVENT_READ:
                    text = decode(os.read(self.fileno, 1024 * 4), final=final)
                    if not text:
                        break  # standard input is a pipe that closed
                    text = paste_limit.cut(text)
                    if text:  # (the parser takes '' for the end of its input)
                        for event in parser.feed(text):
                            self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(parser.seconds_to_deadline()))
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            parser.end_of_input()

    def close(self) -> None:
        super().close()
        for fd in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(fd)
