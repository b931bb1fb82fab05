"""A Marketplace card in a few cells: its name first, then its price for you and its reward.

On one line (80 columns) a long name is shortened by design ('Cotton Candy C.', a Mascot by its
given name, a Hotel by its number) and the highlighted card is whole on the detail line; on two
lines (a wider, taller terminal) the whole name comes first and the second line reads the price,
the reward and the Category Symbol in words. The reward's glyphs are the screen's legend's
(`legend`). No Textual.
"""

from __future__ import annotations

from wish_tui.wishland.rules import CATALOG
from wish_tui.wishland.rules.catalog import CATEGORY_SYMBOLS

from .marks import CREDIT, HAPPY, INCOME, VISIT, VP, WORKER

MASCOT_BONUS = ("+1T", "H/V/W", "+2$", "+1★", "at end")
"""The board's bonus for a seat's 1st-5th Mascot, as a Mascot card on offer shows it."""
HOTEL_WHEN = {1: "+6★", 2: "+3$", 3: "HVW", 4: "+2T", 6: "+1★", 21: "i−2", 23: "income"}
"""A Hotel's reward on one line: what it gives now or at Income, else when it works."""
HOTEL_GIST = {
    1: "+6★ now",
    2: "+3$ now",
    3: "+H +V +W now",
    4: "+2T now",
    5: "end: ★ per T",
    6: "+1★, end: up to 3★",
    7: "end: symbol sets",
    8: "end: 1 more card",
    9: "end: +1 ♪ symbol",
    10: "end: Mascots count",
    11: "end: ★ per symbol",
    12: "end: ★ per twin ♪",
    13: "Ad collects all",
    14: "Restaurants +1$",
    15: "H/V/W as you like",
    16: "3$: collect, act",
    17: "end: ★ per 5 kinds",
    18: "Actors: +H/V/W",
    19: "+2$ for +1★",
    20: "claims: +H/V/W",
    21: "i−2, Hotels +1★",
    22: "5$+ cards: +H/V/W",
    23: "i+1 per Restaurant",
    24: "no Card Limit",
}
"""What a Hotel does in a few cells, for the second line of its card (the detail line says it
in words)."""


def _units(card) -> str:
    """An Actor's reward: 'HV' (1 each), '2V', 'H2V'."""
    parts = []
    for amount, glyph in ((card.happiness, HAPPY), (card.visitors, VISIT), (card.workers, WORKER)):
        if amount:
            parts.append(f"{amount if amount > 1 else ''}{glyph}")
    return "".join(parts)


def reward_cells(card_id: str, mascots: int = 0, wide: bool = False) -> str:
    """A card's reward in a few cells: '+2★', '+4$', 'V i+1', 'HV', 'always', '+1T'; `wide`
    says more where the second line of a card has room ('+4$, end −1★', a Hotel's gist).
    A Mascot shows the bonus it would give a seat that owns `mascots` Mascots."""
    card = CATALOG.by_id[card_id]
    if card.kind == 0:
        return f"+{card.vp}{VP}"
    if card.kind == 1:
        income = f"{INCOME}+{card.income}"
        if card.subtype == "credits":
            gain = f"+{card.credits}{CREDIT}"
            return f"{gain}, end −{card.penalty}{VP}" if wide else gain
        if card.subtype == "visitors":
            count = card.visitors if card.visitors > 1 else ""
            return f"+{card.visitors}{VISIT}, {income}" if wide else f"{count}{VISIT} {income}"
        return income
    if card.kind == 2:
        return _units(card)
    if card.kind == 3:
        if wide:
            return HOTEL_GIST[card.number]
        if card.number in HOTEL_WHEN:
            return HOTEL_WHEN[card.number]
        return "at end" if card.text.startswith("Final Scoring") else "always"
    if mascots >= len(MASCOT_BONUS):
        return "—"
    return MASCOT_BONUS[mascots]


def short_name(card_id: str, width: int) -> str:
    """A card's name in at most `width` cells: whole when it fits, else shortened by design —
    a Hotel by its number ('#13'), a Mascot by its given name ('Wheely'), the last words of a
    name to their first letters and a dot ('Cotton Candy C.', 'Haunted H.')."""
    card = CATALOG.by_id[card_id]
    name = card.name
    if card.kind == 3 and len(name) > width:
        name = f"#{card.number}"
    if len(name) <= width:
        return name
    if " the " in name:
        given = name.split(" the ")[0]
        if len(given) <= width:
            return given
    words = name.replace("-", "- ").split()
    for cut in range(len(words) - 1, 0, -1):
        # The later words go to their first letter, one by one from the last.
        words[cut] = words[cut][0] + "."
        shortened = _joined(words)
        if len(shortened) <= width:
            return shortened
    # Then the first word loses letters, keeping at least three ('Obs.T.').
    first = words[0].rstrip("-")
    for keep in range(len(first) - 1, 2, -1):
        shortened = _joined([first[:keep] + ".", *words[1:]])
        if len(shortened) <= width:
            return shortened
    return name[: max(1, width - 1)] + "."


def _joined(words: list[str]) -> str:
    """Words of a shortened name, closer together when that makes it fit: 'Hot D. C.'."""
    return " ".join(words).replace("- ", "-")


def card_cell(card: dict, width: int, mascots: int = 0, music: bool = True) -> str:
    """A card on one line of exactly `width` cells: its name (shortened to fit), then its price
    for you and its reward at the cell's right end; a wide cell adds what the second line of
    `card_lines` says (without an Actor's ♪ Entertainment Symbol unless `music`)."""
    name = card["name"]
    room = width - len(name) - 2
    if room >= len(_details(card, room, mascots, extras=False)):
        return f"{name}  {_details(card, room, mascots, music=music)}".ljust(width)
    tail = f"{_price(card)} {reward_cells(card['id'], mascots)}"
    room = width - len(tail) - 1
    return f"{short_name(card['id'], room):<{room}} {tail}"[:width]


def card_lines(card: dict, width: int, mascots: int = 0) -> tuple[str, str]:
    """A card on two lines of `width` cells: its whole name (and id, when it fits), then its
    price, reward and Category Symbol (an Actor's Entertainment Symbol first), as fit."""
    name = card["name"]
    if len(name) + 1 + len(card["id"]) <= width:
        name = f"{name:<{width - len(card['id'])}}{card['id']}"
    return name[:width].ljust(width), _details(card, width, mascots).ljust(width)


def _price(card: dict) -> str:
    return f"{card.get('price', card['cost'])}{CREDIT}"


def _details(card: dict, width: int, mascots: int, extras: bool = True, music: bool = True) -> str:
    """Price and reward, then (`extras`) the Entertainment (`music`) and Category Symbols that
    fit."""
    info = CATALOG.by_id[card["id"]]
    line = f"{_price(card)} {reward_cells(card['id'], mascots, wide=True)}"
    if not extras:
        return line
    more = []
    if music and info.entertainment >= 0:
        more.append(f" ♪ {CATALOG.entertainment[info.entertainment]}")
    # After words (a Hotel's, an Entertainment Symbol) a comma sets the Category Symbol apart.
    wordy = info.kind == 3 or bool(more)
    more.append(("," if wordy else "") + " " + CATEGORY_SYMBOLS[info.category])
    for extra in more:
        if len(line) + len(extra) > width:
            break
        line += extra
    return line


LEGENDS = (
    "★ VP  $ Credits  H Happiness  V Visitor  W Worker  T Ticket Office  i Income  "
    "♪ Entertainment Symbol  ! at the Card Limit",
    "★ VP  $ Credits  H Happiness  V Visitor  W Worker  T Ticket Office  i Income  "
    "♪ Entertainment  ! at Card Limit",
    "★ VP  $ Credit  H Happiness  V Visitor  W Worker  T Ticket  i Income  ♪ Entertainment  "
    "! at limit",
    "★ VP  $ Credit  H Happiness  V Visitor  W Worker  T Ticket  i Income  ! at limit",
)
"""What the glyphs of the cards' rewards and the seats' columns mean, the longest first: the
screen shows the first that fits its width."""
ROW_LEGEND = "Y Ride R Restaurant B Actor G Hotel K Mascot"
"""The Marketplace rows' letters (also the seats' card columns)."""


def legend(width: int) -> str:
    """The legend of the glyphs for a screen `width` cells wide."""
    return next((text for text in LEGENDS if len(text) <= width), LEGENDS[-1])
