"""Every place the app reaches below Textual's public API, each behind one name here.

There are three, and `tests/ui/test_textual_adapter.py` fails on a Textual that changes any:

1. Textual's parser of terminal input (`textual._xterm_parser.XTermParser`, whose end of input
   may raise `textual._parser.ParseError`): the drivers feed it and wait for its deadline (a lone
   Esc becomes a key once it passes: `_timeout_time`, on Textual's clock, `time.monotonic` on
   POSIX); the hosted driver's parser keeps no key in Textual's cache of parsed key sequences
   (`_parse_extended_key`, an `lru_cache` shared by the process).
2. A stylesheet's cache of parsed CSS (`Stylesheet._parse_cache`, whose entries depend on its
   `_variables`), shared by the apps of one process (`ui.parsed_css`).
3. The toast rack's holders (`textual.widgets._toast.ToastHolder`), which Textual leaves behind
   empty when it clears a toast (`ui.screens.table_toasts`).
"""

from __future__ import annotations

import contextlib
import time

from textual._parser import ParseError
from textual._xterm_parser import XTermParser


class KeyParser(XTermParser):
    """Textual's parser of the terminal's input, its deadline said in seconds from now."""

    def seconds_to_deadline(self) -> float | None:
        """Seconds until a lone Esc waiting to be a key is one (None: nothing waits)."""
        deadline = self._timeout_time
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    def end_of_input(self) -> None:
        """The input ended: what the parser holds is dropped."""
        with contextlib.suppress(EOFError, ParseError):
            for _ in self.feed(""):
                pass


class UncachedKeyParser(KeyParser):
    """A `KeyParser` keeping no key of its app in the cache Textual shares across the process:
    the cache is keyed by the parser, and an app that has ended would stay alive in it, with
    all it holds, until a thousand later entries pushed it out."""

    # Replaces Textual's private method on purpose: the same function without its lru_cache
    # (tests/ui/test_textual_adapter.py fails on a Textual that changes it).
    _parse_extended_key = XTermParser._parse_extended_key.__wrapped__


def stylesheet_variables(stylesheet) -> dict:
    """The CSS variables a stylesheet parses with (Textual sets a new dict, never edits one)."""
    return stylesheet._variables


def give_parse_cache(stylesheet, cache) -> None:
    """Have `stylesheet` keep its parsed rules in `cache` (get, set and clear by Textual's key)."""
    stylesheet._parse_cache = cache


def sweep_empty_toast_holders(screen) -> None:
    """Remove the holders of toasts already gone from `screen`'s toast rack."""
    from textual.widgets._toast import ToastHolder

    for holder in screen.query(ToastHolder):
        if not holder.children:
            holder.remove()
