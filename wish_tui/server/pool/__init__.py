"""The session pool: one program that has imported the app once and forks each session's app
(`program.py`; `python -m wish_tui.server.pool.program`), or hosts several on one loop (`host.py`);
the server's line to it (`link.py`). The app it runs is named by its caller (the command line's
`wish_tui.pool_app`): nothing here imports the app."""
