"""The app each session of `wish-tui serve` runs, as the command line names it to the server.

The session pool of `wish-tui serve` forks `wish-tui client` for each session from one process
that has imported it once (`wish_tui.server.pool`). Which functions it runs and what it imports
first are named here, on the launcher's side, as the strings the pool imports (the functions are
`wish_tui.pool_app`'s): nothing of the server imports the app, the shell or the plain client.
"""

from __future__ import annotations

from wish_tui.server.pool.link import PooledApp

POOLED_CLIENT = PooledApp(
    entry=("wish_tui.pool_app:run_client",),
    preload=(
        "wish_tui.cli",
        "wish_tui.ui",
        "wish_tui.widgets",
        "wish_tui.tables.remote",
        "wish_tui.wish",
        "wish_tui.spirits",
        "wish_tui.wishland",
        "textual.drivers.linux_driver",
        "textual.scrollbar",
    ),
    rehearsal="wish_tui.pool_app:rehearse",
    host_entry="wish_tui.pool_app:run_hosted_client",
)
"""`wish-tui client` as the session pool of `wish-tui serve` forks it: the client app, what it
imports for its first screens and its games (imported once in the pool), its rehearsal, and its
entry when several apps share a host of the pool."""
