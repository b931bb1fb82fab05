"""The screens every game's table shares: the table screen that runs a game's turns, and the
windows it opens (a choice, a line to type, the keys and rules, the hot-seat curtain, the final
scoring). Built from `wish_tui.widgets`; nothing here knows a particular game or the app shell."""
