"""Whole games from a phone's page, by taps: open a solo table from the lobby's form, then play.

The form is filled by tapping its fields and the options they open; the game is played with the
page's buttons: at each of the person's decisions the taps of its likeliest move are tried first
(each after the app drew what the one before did), then the taps of `TAPS` in turn until the
table moves on (a choice's first option, Enter, the end of the turn, the game's own keys).
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
    """The taps of the person's likeliest move now: a choice's first option when one is asked,
    else Wish's end of the turn (confirmed when it asks), Spirits' first row end taken, or
    Wishland's first playable card, a draw, a collection, the end of the turn, an advert."""
    view = table.state.view(0)
    decision = view.get("decision")
    if game == "wish":
        return ("1",) if decision else ("n", "1")
    if game == "spirits":
        return ("1", "enter")
    if (decision or {}).get("kind") != "turn":
        return ("1",)
    legal = [choice.notation for choice in table.choices_for(0).actions]
    plays = [notation.split()[1] for notation in legal if notation.startswith("play ")]
    if plays:
        hand = [card["id"] for card in view["players"][0].get("hand", [])]
        return (str(hand.index(plays[0]) + 1), "enter")
    taps = (("draw", ("d",)), ("collect", ("c",)), ("end", ("e", "1")), ("advertise", ("a", "1")))
    for notation, keys in taps:
        if notation in legal:
            return keys
    return ()


async def _one_move(me, game: str, table, before: int, likely: tuple[str, ...]) -> bool:
    """Tap the game's buttons until the table has more than `before` actions: `likely` first
    (each once the app drew what the tap before did), then each of `TAPS`, patient taps after
    quick ones."""
    for key in likely:
        if table.actions != before:
            return True
        drawn = me.frames
        await me.tap_key(key)
        await until(lambda drawn=drawn: table.actions != before or me.frames > drawn, 2.0)
    if likely and await until(lambda: table.actions != before, 2.0):
        return True
    for patience in (0.6, 0.6, 2.0):
        for key in TAPS[game]:
            await me.tap_key(key)
            if await until(lambda: table.actions != before, patience):
                return True
    return False
