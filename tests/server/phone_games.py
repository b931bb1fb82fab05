"""Whole games from a phone's page, by taps: open a solo table from the lobby's form, then play.

The form is filled by tapping its fields and the options they open; the game is played with the
page's buttons: at each of the person's decisions the taps of `TAPS` are tried in turn until the
table moves on (a choice's first option, Enter, the end of the turn, the game's own keys);
Wishland's turn, whose keys often do nothing (a card too dear), first tries its likeliest move.
"""

from __future__ import annotations

import asyncio

from .phone_page import TerminalText, settle, tap_key, tap_words

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


def shown(me, size) -> str:
    """What the phone's terminal shows, line by line."""
    return "\n".join(me.text.line(row) for row in range(size[1]))


async def wait_for(condition, timeout: float) -> bool:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def open_solo_table(me, hub, game: str, size) -> object:
    """Tap the lobby's New table, the game and a solo level in its form, and Start."""
    text: TerminalText = me.text
    await me.see("New table")
    rows = range(size[1] - 3, size[1])
    await tap_until(me, size, "New table", lambda: text_shows(me, "Tab moves between"), rows)
    if game != "wish":
        row, _ = text.find("Game ")
        await tap_words(me.page, text, size, "Wish", range(row, row + 1))
        await me.see(TITLES[game])
        await settle()
        await tap_words(me.page, me.text, size, TITLES[game])
        await me.see(GAME_BLURB[game])
    await tap_words(me.page, me.text, size, "No — play against seats")
    await me.see(SOLO_LEVEL[game])
    await settle()
    await tap_words(me.page, me.text, size, SOLO_LEVEL[game])
    await me.gone("No — play against seats")
    await tap_until(me, size, "Start (ctrl+n)", lambda: len(hub.tables) == 1)
    (table,) = hub.tables.values()
    return table


def text_shows(me, words: str) -> bool:
    return me.text.find(words) is not None


async def tap_until(me, size, words: str, done, rows=None) -> None:
    """Tap `words` until `done()`: a screen may still be moving what it shows when first tapped."""
    for _ in range(3):
        await settle(0.5)
        await tap_words(me.page, me.text, size, words, rows)
        if await wait_for(done, 5):
            return
    raise AssertionError(f"a tap on {words!r} did nothing; the screen showed:\n" + shown(me, size))


async def play_by_taps(me, table, game: str, size, most: int) -> int:
    """Take the person's decisions by taps until the game ends or `most` were taken."""
    taken = 0
    while not table.is_over and taken < most:
        if not await wait_for(lambda: table.is_over or table.deciding() == 0, 30):
            raise AssertionError("the table never came back to the person")
        if table.is_over:
            break
        if not await _one_move(me, game, table, table.actions, likely_taps(game, table)):
            raise AssertionError("no tap moved the game on; the screen showed:\n" + shown(me, size))
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
        await tap_key(me.page, key)
    if likely and await wait_for(lambda: table.actions != before, 2.0):
        return True
    for patience in (0.6, 0.6, 2.0):
        for key in TAPS[game]:
            await tap_key(me.page, key)
            if await wait_for(lambda: table.actions != before, patience):
                return True
    return False
