"""Everything that is a table, whoever holds it: the seat API and its master, clients and line.

    seat.py       the seat API every client uses (`Seat`, `TableClient`, `Listener`, `Choices`)
    master.py     the master of one game (`GameTable`): its record, undo, log, bots and hints
    local.py      a table held in this process (`LocalTable`), autosaved, its bots at a pace
    bot_turns.py  the bots' turns at a table, thought out off the event loop
    remote.py     a table held by `wish-tui serve` (`RemoteTable`) and the line to it
    protocol.py   the messages on that line: JSON lines, bounded, validated
    messages.py   the one dispatcher of the server's messages, for the app and the plain client

Shaped like boardgame.io's master and its one client with two transports: a local table and a
server's table behave alike behind the seat API, and no client holds a rules State.
"""
