"""The plain-text client: any game in lines of text, for screen readers, braille and pipes.

Lines only, each written once and never redrawn: no box drawing, no colour, no cursor movement,
no spinner. Every change at the table is announced in one sentence, in the log's words; whose
decision it is, and what they may do, are said when that changes (the choices numbered 1, 2…).
A line is a choice (its number, or its move in the rules' notation: `travel Dock`, `take 2 left`,
`buy Y3`, any case), or a command: `look [SECTION]`, `score`, `why MOVE`, `undo`, `hint`, `log`,
`save`, `help`, `quit`. It reads standard input and writes standard output, so a script can play
a whole game; at a terminal, Tab completes the choices and commands.

It is a client of the seat API (`wish_tui.tables.seat`) and of the registry (`wish_tui.games`, whose
`Game.text` puts each game's view into sentences), like the game screens: the same client sits at
a game held here (`wish-tui plain`, `local.py`) and at a table of `wish-tui serve` (`remote.py`,
with a lobby in lines: `lobby.py`, and the club's commands: `club_commands.py`). It never holds a
rules State and imports no Textual.

    output.py    lines out (wrapped, plain characters)     reader.py   lines in (readline at a tty)
    console.py   the loop: one line, its answer             matching.py a line among the choices
    sitting.py   a table in lines (its commands: table_commands.py)   setup.py  a new game in one line
    topics.py    the rules' topics (`rules TOPIC`)          clocks.py   clocks and waits in words
    local.py     `wish-tui plain`                           lobby.py, remote.py, watching.py:
                                                            a table server's lobby and tables
    club_commands.py  the club in the lobby: invitations, history, leaderboards, pages, profile
    club_pages.py     the club's pages in sentences         archive.py  a finished game read back
"""

from __future__ import annotations

from collections.abc import Mapping

from wish_tui.core import environment
from wish_tui.tables.remote import PLAIN_BY_LINES, PLAIN_ENV, asks_plain


def wanted(env: Mapping[str, str] | None = None) -> bool:
    """True when the plain client is asked for (`tables.remote.PLAIN_ENV`)."""
    return asks_plain(environment.current() if env is None else env)


def by_lines(env: Mapping[str, str] | None = None) -> bool:
    """True when the plain client's input comes without a person's terminal (`PLAIN_BY_LINES`)."""
    return (environment.current() if env is None else env).get(PLAIN_ENV, "") == PLAIN_BY_LINES
