"""Textual widgets every game's screens share: the choice panel, the log, the key bar, the status
text, row lists and the lesson's panel. Widgets only: the screens built from them are in
`wish_tui.ui.screens`.

Nothing here knows a particular game or the app shell.
"""
