"""The SSH front end of `wish-tui serve`: who may come in (`keys.py`, `plain_login.py`), and each
session with a terminal given its own app on its own pseudo-terminal (`front.py`, `session.py`)."""
