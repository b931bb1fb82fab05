"""`wish-tui serve`: friends ssh into one machine and sit at the same table, with nothing to install.

One `serve` process holds two parts:

- the **table server** (`hub/`, asyncio, no Textual): owns every table, applies actions through the
  rules' front door, autosaves, and gives each client only its seat's view. It listens on a Unix
  socket of mode 0600 that only the child apps below use.
- the **SSH front end** (`ssh/`, on asyncssh): admits people by public key (`--keys`) or by name
  (`--open`), and gives each SSH session that has a terminal its own child app process on its
  own pseudo-terminal (`child`). The child is a thin client of the table server: it gets the
  socket's path and a one-time token in its environment, never the server's own environment.
  Each child is forked from the **session pool** (`pool/`, driven by `pool/link.py`): a program
  of its own, started fresh before the server reads its host key, that has imported the app and
  the games, run the app once headless to its lobby (the app the command line names:
  `wish_tui.session_app`, `wish_tui.pool_app`; nothing here imports it) and frozen what it holds
  (`gc.freeze`). The terminal's slave side reaches the pool over a Unix socket (SCM_RIGHTS), the
  child's environment on a pipe only the child reads, so the pool never holds a token; the child
  leads a new session on that terminal, closes every other descriptor, reseeds `random` and runs
  `wish-tui client`. Past `Limits.max_connections` children in all or `Limits.max_per_address`
  from one address the pool refuses with a sentence. Where forking is not available, or the pool
  cannot start or stops, one line is logged and each child starts as a fresh process
  (`python -m wish_tui client`), as without a pool.
- the **web front end** (`web/`, with `--web PORT`, on aiohttp and textual-serve's page): each
  browser tab is one more session of the table server, with its own child app on Textual's web
  driver (`web/session.py`, `web/child.py`), under the SSH front end's limits. A browser signs in
  with a one-time link that an SSH session's lobby gives (`web/links.py`), or as a guest with
  `--open`.

Nothing else is reachable over SSH: no shell, no command, no subsystem (SFTP), no forwarding of
ports, sockets, agents, X11 or tunnels. Everything a stranger sends is bounded: connections in all
and per address, the time to log in, the time without a key, the terminal's size and type, and the
environment (only ``NO_COLOR`` passes). The host key and the authorized keys live in the data
directory (`ssh/keys.py`); `serve` starts both parts, prints the host key's fingerprint and how to connect,
and stops them cleanly on Ctrl-C.
"""
