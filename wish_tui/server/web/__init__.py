"""The web front end of `wish-tui serve` (`--web PORT`): a browser tab is one more session of the
table server, its app on Textual's web driver (`front.py`, `session.py`, `child.py`), signed in
by a one-time link an SSH session's lobby gives or as a guest (`links.py`); its pages and refusals
(`pages.py`, `refusals.py`)."""
