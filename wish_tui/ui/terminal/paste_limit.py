"""A bound on a bracketed paste, for the drivers that read a terminal served to strangers.

Textual's parser keeps every character of a bracketed paste (between ``ESC[200~`` and
``ESC[201~``) until its end comes: a client that starts a paste and never ends it would grow the
process's memory without bound, and a process may run the apps of many sessions. `PasteLimit`
stands between the terminal and the parser: past `MAX_PASTE` characters it ends the paste
itself, so the app receives the first `MAX_PASTE` characters as one paste, and drops what is
left of it up to the client's own end. Nothing is held back: a key outside a paste reaches the
parser at once.
"""

from __future__ import annotations

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
MAX_PASTE = 64 * 1024
"""The most characters of one paste an app receives (a name, a chat line or a pasted key line
is far shorter)."""

_OUTSIDE, _INSIDE, _DROPPING = range(3)


class PasteLimit:
    """Cuts each bracketed paste of a stream of decoded text at `limit` characters."""

    def __init__(self, limit: int = MAX_PASTE) -> None:
        self.limit = limit
        self._state = _OUTSIDE
        self._count = 0
        self._tail = ""
        """The last characters read outside a paste or dropped: a marker may begin in them."""
        self._held = ""
        """Inside a paste, its last characters when they may begin its end: held until the
        next read says (a paste reaches the app only at its end, so nothing waits)."""

    def cut(self, text: str) -> str:
        """What of `text` goes on to the parser."""
        if self._state == _INSIDE:
            window, at = self._held + text, 0
        else:
            window, at = self._tail + text, len(self._tail)
        self._held = ""
        out: list[str] = []
        while at < len(window):
            if self._state == _OUTSIDE:
                past = _past(window, PASTE_START, at)
                if past < 0:
                    out.append(window[at:])
                    break
                out.append(window[at:past])
                at, self._state, self._count = past, _INSIDE, 0
            elif self._state == _INSIDE:
                found = window.find(PASTE_END, at)
                held = 0 if found >= 0 else _end_begun(window, at)
                content = (found if found >= 0 else len(window) - held) - at
                if self._count + content > self.limit:
                    allowed = self.limit - self._count
                    out.append(window[at : at + allowed] + PASTE_END)
                    at, self._state = at + allowed, _DROPPING
                    continue
                self._count += content
                if found < 0:
                    out.append(window[at : len(window) - held])
                    self._held = window[len(window) - held :]
                    break
                out.append(window[at : found + len(PASTE_END)])
                at, self._state = found + len(PASTE_END), _OUTSIDE
            else:
                past = _past(window, PASTE_END, at)
                if past < 0:
                    break
                at, self._state = past, _OUTSIDE
        self._tail = window[-(len(PASTE_END) - 1) :]
        return "".join(out)


def _past(window: str, marker: str, at: int) -> int:
    """The index just past the first `marker` in `window` that ends after `at` (it may begin
    before), or -1."""
    found = window.find(marker, max(0, at - len(marker) + 1))
    while found >= 0 and found + len(marker) <= at:
        found = window.find(marker, found + 1)
    return -1 if found < 0 else found + len(marker)


def _end_begun(window: str, at: int) -> int:
    """How many of the last characters of `window` (from `at` on) may begin a paste's end."""
    for size in range(min(len(PASTE_END) - 1, len(window) - at), 0, -1):
        if PASTE_END.startswith(window[-size:]):
            return size
    return 0
