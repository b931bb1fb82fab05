"""Wishland's help: its keys, and the rules reference in our own words with every rule, Hotel,
Entrepreneur, Achievement (board space and Tile) and designed card (searchable with F1)."""

from __future__ import annotations

from wish_tui.wishland.rules import CATALOG, CATEGORY_SYMBOLS
from wish_tui.wishland.rules.views import card_info

from .cells import LEGENDS, ROW_LEGEND, card_cell, card_lines
from .marks import ACHIEVEMENT_SHORT, ROW_TITLE, card_title

_TURN_KEYS = """\
Your turn (the highlighted card shows in reverse video):
  ← → ↑ ↓  move over the cards (solo: hand), seats, Achievements, park
  1-5      a row: Y Rides, R Restaurants, B Actors, G Hotels, K Mascots
           (solo: 1-9, a card of your hand)
  Enter b  place Workers on the card's row and buy it (solo: play it)
  a        Advertisement Space: 1 Credit + 1 Happiness, Visitor or Worker
  c        collect all your Workers (Hotel #16: for 3 Credits, free)
  v  e     claim an Achievement (free, 1 VP) / end your turn: after your
           action the turn ends by itself unless something free is left
  d  m     solo: place a Worker and draw / move your token right and draw
  u        undo within your turn, while nothing hidden was revealed
Anytime: h hint · i the text of a card · F1 rules (type to search)
         ctrl+s save · q quit · PageUp/PageDown scroll the log
Turn Order, rewards, extra Workers, Entrepreneurs, Hotel #8: in a window.
A card: name, your price, reward ('Mine T. 4$ +2★'); the detail line reads
  the highlighted one whole (a Mascot shows your next Mascot bonus)
"""
MARKS = """\
★ VP  $ Credits  H Happiness  V Visitors  W Workers  T Ticket Office
i Income  ♪ Entertainment  Seats: ▶ deciding · ◀ you · ! at the Card Limit
  End: the score if the game ended now (w shows how; ? some of it unknown)"""
"""The board's marks, as a player reads them."""
KEYS = _TURN_KEYS + MARKS
WATCH_MARKS = """\
★ VP  $ Credits  H Happiness  V Visitors  W Workers  T Ticket Office
i Income  ♪ Entertainment  ! at the Card Limit
Seats: ▶ deciding · ◀ the seat shown
  End: the score if the game ended now (? some of it unknown)"""
"""The board's marks, as a watcher reads them (the seat marked is the one shown)."""

RULES = [
    (
        "Goal",
        "Build the best amusement park in 7 rounds of 4 turns. Victory Points (★) come from "
        "cards, the Happiness Track, Achievements and Final Scoring. The most VP wins; a tie "
        "goes to the seat on the rightmost Turn Order space.",
    ),
    (
        "A round",
        "1. Turn order: from the First Player, each seat puts its Player Token on a free space "
        "of the Turn Order Track and takes its reward: 1 none (plays first), 2 1 Credit, 3 1 VP, "
        "4 1 Happiness, Visitor or Worker, 5 1 Ticket Office Card. The spaces give the order "
        "of play, leftmost first. 2. Income: each seat gains 5 Credits plus its Income Rewards. "
        "3. Four turns: one action each, in turn order. At the end of a round unbought cards "
        "are discarded and the Marketplace is refilled; the First Player Token passes on. "
        "After round 6 the discards are shuffled back into the decks.",
    ),
    (
        "A turn",
        "Take one action: Place, purchase and play (put Workers on a Marketplace row's space, "
        "buy one of its four cards and play it at once, with its Immediate Reward) or use the "
        "Advertisement Space, or Collect (take back every Worker you placed). Claiming "
        "Achievements is free, before or after your action.",
    ),
    (
        "Placing Workers",
        "On an empty space you place 1 Worker. For each stack already on the space (of any "
        "colour) you place 1 more, all in one stack. Workers stay on the board until you "
        "collect them: they do not come back at the end of a round.",
    ),
    (
        "Advertisement Space",
        "Place Workers there (1, plus 1 per stack already there) for 1 Credit and your choice "
        "of 1 Happiness, 1 Visitor or 1 Worker.",
    ),
    (
        "Worker Reserve",
        "You start with 4 Workers at hand and 6 in the Worker Reserve. Rewards give you "
        "Workers from the Reserve. With all 6 claimed, after placing the Workers a purchase "
        "needs you may place up to 3 extra Workers on the stack, each lowering the price by "
        "1 Credit.",
    ),
    (
        "Card Limit",
        "Each Ticket Office Card and each Ride Card lets you have 1 card of every other colour: "
        "with a Card Limit of 2 you may have 2 Restaurants, 2 Actors, 2 Hotels and 2 Mascots. "
        "You start with 1 Ticket Office Card. Rides and Ticket Office Cards are never limited.",
    ),
    (
        "Happiness Track",
        "Each odd space reached gives 1 VP. At 10, Final Scoring gives 1 VP for each colour of "
        "which you have 5 or more cards. The track stops at 10.",
    ),
    (
        "Visitor Track",
        "Each odd space reached gives 2 Credits. At 10, Final Scoring gives 1 VP for every 5 "
        "Credits of your Income. The track stops at 10.",
    ),
    (
        "Card kinds",
        "Y Rides (yellow) give VP and raise the Card Limit. R Restaurants (red) give Income, "
        "Visitors and Income, or 4 Credits now and -1 VP at the end. B Actors (blue) give "
        "Happiness, Visitors or Workers and carry an Entertainment Symbol (♪). G Hotels (green) "
        "have unique rewards. K Mascots (black) give the board's bonus for your 1st-5th Mascot "
        "and score their Category Symbols. T Ticket Office Cards (purple) raise the Card Limit.",
    ),
    (
        "Mascot Card Bonuses",
        "Your 1st Mascot: 1 Ticket Office Card. 2nd: 1 Happiness, Visitor or Worker. 3rd: 2 "
        "Credits. 4th: 1 VP. 5th: 1 unique Entertainment Symbol in Final Scoring "
        "(2 with Entrepreneur #8).",
    ),
    (
        "Category Symbols",
        "Every card but a Ticket Office carries one of 12 Category Symbols: "
        + ", ".join(CATEGORY_SYMBOLS)
        + ". Mascots score them at the end.",
    ),
    (
        "Entertainment Symbols",
        "Each Actor has one (♪ on the screen): "
        + ", ".join(CATALOG.entertainment[:8])
        + ". Bonus symbols: balloon and palm tree (5 Mascots), column (Hotel #9). "
        "Final Scoring pays by unique symbols: "
        + ", ".join(f"{n} → {vp}" for n, vp in enumerate(CATALOG.entertainment_bonus) if n >= 2)
        + ".",
    ),
    (
        "Achievements",
        "Nine Achievements lie on the board (or Achievement Tiles in their place). On your turn "
        "you may claim each one you meet, free, for 1 VP; each is claimed once per game (key v).",
    ),
    (
        "Final Scoring",
        "After round 7, in this order: the VP on the Victory Track; Entrepreneurs #10 and #11; "
        "Hotels (#8 first: buy and play one more card from any Deck, Discard Pile or the "
        "Marketplace; then #5, #6, #7, #11, #17); Mascots (for each Mascot, count your "
        "non-Mascot cards with its Category Symbol; half the total, rounded down); "
        "Entertainment Symbols (unique symbols on the bonus table, Hotel #12's duplicates); "
        "Happiness 10; Visitors 10; Restaurant penalties. Most VP wins; a tie goes to the "
        "rightmost Turn Order space.",
    ),
    (
        "Solo Mode",
        "All cards form one Marketplace Deck on the Mascot row; no card lies face up. Your "
        "action: collect your Workers (the turn ends), or place a Worker and draw the top card "
        "into your hand; then draw again (a Worker each), play 1 card from your hand (pay its "
        "cost; the rest of the hand is discarded) or use the Advertisement Space (the hand is "
        "discarded). Free action: move your Player Token one space right to draw a card (no "
        "reward), up to space 5. Score as many VP as you can: the game keeps your best score "
        "per setup.",
    ),
    (
        "Options",
        "Entrepreneur Cards: each seat is dealt 2, keeps 1 in secret; all are revealed "
        "together. Achievement Tiles: 9 Tiles are drawn onto the board's spaces; a blank Tile "
        "leaves the board's Achievement in play.",
    ),
    ("Symbols on the screen", f"{LEGENDS[0]}. Marketplace rows: {ROW_LEGEND}."),
]


def entrepreneur_title(ent_id: str) -> str:
    """An Entrepreneur's entry in the reference: 'E5 Entrepreneur #5'."""
    return f"{ent_id} Entrepreneur #{ent_id[1:]}"


def achievement_title(aid: str) -> str:
    """An Achievement's entry in the reference: 'A4 Board Achievement (15★)'."""
    where = "Achievement Tile" if aid.startswith("T") else "Board Achievement"
    return f"{aid} {where} ({ACHIEVEMENT_SHORT.get(aid, 'blank')})"


def reference_entries() -> list[tuple[str, str]]:
    """Every rule, card, Hotel, Entrepreneur and Achievement as (title, text)."""
    entries = list(RULES)
    for card in CATALOG.cards:
        cid = card.id
        symbol = CATEGORY_SYMBOLS[card.category]
        ent = ""
        if card.entertainment >= 0:
            ent = f", Entertainment Symbol {CATALOG.entertainment[card.entertainment]}"
        kind = ROW_TITLE[card.kind][:-1]
        text = f"{kind} card, cost {card.cost} Credits, Category Symbol {symbol}{ent}. {card.text}"
        if card.kind < len(ROW_TITLE):
            shown = card_info(card.index)
            narrow = " ".join(card_cell(shown, 16).split())
            wide = " / ".join(" ".join(line.split()) for line in card_lines(shown, 26))
            text += f"\nOn the Marketplace: '{narrow}' (80 columns), '{wide}' (wider)."
        entries.append((card_title(cid), text))
    for e in CATALOG.entrepreneurs:
        entries.append((entrepreneur_title(e.id), e.text))
    for aid, a in CATALOG.achievements.items():
        entries.append((achievement_title(aid), f"{a.text} Worth 1 VP."))
    entries.append(("T Ticket Office Card", CATALOG.ticket_text))
    return entries
