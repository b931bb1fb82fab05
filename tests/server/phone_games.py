"""Whole games from a phone's page, by taps: open a solo table from the lobby's form, then play.

The form is filled by tapping its fields and the options they open; the game is played with the
page's buttons: at each of the person's decisions the taps of `TAPS` are tried in turn until the
table moves on (a choice's first option, Enter, the end of the turn, the game's own keys);
Wishland's turn, whose keys often do nothing (a card too dear), first tries its likeliest move.
"""

from __future__ import annotations

from .phone_page import until

TAPS = {
    "wish": ("1", "n", "1", "escape"),
    "spirits": ("1", "enter", "n", "escape"),
    "wishland": ("1", "enter", "d", "2", "enter", "3", "enter", "a", "1", "c", "e", "1", "escape"),
}
"""The buttons tried in turn at each decision, by game (none quits, resigns or undoes)."""
TITLES = {"wish": "Wish", "spirits": "Spirits of the Forest", "wishland": "Wishland"}
"""Each game as the form's list names it."""
GAME_BLURB = {"spirits": "Draft spirit tiles", "wishland": "amusement park"}
"""Words of the form's line under its title once that game is chosen."""
SOLO_LEVEL = {"wish": "Solo: easy", "spirits": "Solo: easy", "wishland": "Solo: "}
"""The solo level chosen in the form."""


async def open_solo_table(me, hub, game: str) -> object:
    """Tap the lobby's New table, the game and a solo level in its form, and Start."""
    await until(lambda: me.shows("New table", last_rows=3), 40)  # the lobby's keys, drawn
    await me.tap_until("New table", lambda: me.shows("Tab moves between"), last_rows=3)
    if game != "wish":
        await me.tap_until("Wish ", lambda: me.shows(TITLES[game]))
        await me.tap_until(TITLES[game], lambda: me.shows(GAME_BLURB[game]))
    await me.tap_until("No — play against seats", lambda: me.shows(SOLO_LEVEL[game]))
    await me.tap_until(SOLO_LEVEL[game], lambda: not me.shows("No — play against seats"))
    await me.tap_until("Start (ctrl+n)", lambda: len(hub.tables) == 1)
    (table,) = hub.tables.values()
    return table


async def play_by_taps(me, table, game: str, most: int) -> int:
    """Take the person's decisions by taps until the game ends or `most` were taken."""
    taken = 0
    while not table.is_over and taken < most:
        if not await until(lambda: table.is_over or table.deciding() == 0, 30):
            raise AssertionError("the table never came back to the person")
        if table.is_over:
            break
        if not await _one_move(me, game, table, table.actions, likely_taps(game, table)):
            raise AssertionError(f"no tap moved the game on; the screen showed:\n{me.shown()}")
        taken += 1
    return taken


def likely_taps(game: str, table) -> tuple[str, ...]:
    """Wishland's taps for its likeliest move now (its turn has many keys that may not act)."""
    if game != "wishland":
        return ()
    view = table.state.view(0)
    if (view.get("decision") or {}).get("kind") != "turn":
        return ("1",)
    legal = [choice.notation for choice in table.choices_for(0).actions]
    plays = [notation.split()[1] for notation in legal if notation.startswith("play ")]
    if plays:
        hand = [card["id"] for card in view["players"][0].get("hand", [])]
        return (str(hand.index(plays[0]) + 1), "enter")
    for notation, taps in (("draw", ("d",)), ("collect", ("c",)), ("end", ("e", "1"))):
        if notation in legal:
            return taps
    return ()


async def _one_move(me, game: str, table, before: int, likely: tuple[str, ...]) -> bool:
    """Tap the game's buttons in turn until the table has more than `before` actions: `likely`
    first, then each of `TAPS`, patient taps after quick ones."""
    for key in likely:
        await me.tap_key(key)
    if likely and await until(lambda: table.actions != before, 2.0):
        return True
    for patience in (0.6, 0.6, 2.0):
        for key in TAPS[game]:
            await me.tap_key(key)
            if await until(lambda: table.actions != before, patience):
                return True
    return False
