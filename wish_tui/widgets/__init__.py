"""Textual building blocks every game's screens share: the choice panel and window, the log, the
hot-seat curtain, the help windows and the table screen that runs a game's turns.

Nothing here knows a particular game or the app shell; games build their screens from these
parts, and the shell (`wish_tui.ui`) opens them through the registry.
"""
