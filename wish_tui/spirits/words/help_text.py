"""Spirits of the Forest's help: its keys, and the rules reference in our own words with every
rule, Wish and Hex card, tile, Favor token and solo level (searchable with F1)."""

from __future__ import annotations

from collections import Counter

from wish_tui.spirits.rules import CATALOG, POWERS, SPIRITS

from .marks import CATEGORY_CODE, POWER_GLYPH, POWER_LETTER, SPIRIT_CODE, category_name
from .words import hex_short, tile_words_of, token_text, wish_short

_TURN_KEYS = """\
Your turn, on the forest (the highlight is ▶ ◀):
  ← →    the left or right end of the row     ↑ ↓ 1-4  another row
  Enter  take the highlighted tile            n  stop after one tile
  g      place a gemstone (move one when your supply is empty): the arrows
         and Enter choose the tile, g again lists them;  n  no gemstone
  p      spend a + token: take back a gemstone you lost
  u      undo within your turn, while nothing hidden was revealed
Anytime: h hint · i the text of a tile or card · F1 rules (type to search)
         ctrl+s save · q quit · PageUp/PageDown scroll the log
In a choice window: 1-9 pick, ↑↓ and Enter, Esc goes back (when allowed).
"""
MARKS = """\
The forest: Mo Moss  Fl Flowers  Fr Fruits  Mu Mushrooms  De Dew Drops
  Vi Vines  Br Branches  Le Leaves  Sp Web Spiders (twice: two symbols)
  ☾M Moon  ☼S Sun  ▲F Fire  ◆A a gemstone of Air (W, F, E)  ? Favor token
  › ‹ the row ends that may be taken
The table: * majority  = tied  -3 no tile yet  2! tokens only: still -3
  ▶ whose turn  ◀ your seat  gems: supply/forest/lost
  Pts: the score if it ended now (? after it: hidden tokens may change it)"""
"""The board's marks, as a player reads them."""
KEYS = _TURN_KEYS + MARKS
WATCH_MARKS = MARKS.replace("◀ your seat", "◀ the seat shown")
"""The board's marks, as a watcher reads them (the seat marked is the one shown)."""

RULES = [
    (
        "Goal",
        "Collect spirit tiles from the forest and hold the majorities. Each of the twelve "
        "categories (nine spirits, three power sources) pays its count to the seat or seats "
        "with the most; a category you have no tile of costs you 3 points.",
    ),
    (
        "The forest",
        "48 tiles in 4 rows of 12. Only the tile at either end of a row may be taken (marked › "
        "and ‹ on the screen). Eight tiles hide a face-down Favor token (?).",
    ),
    (
        "A turn",
        "1. Collect: take one tile with two spirit symbols (and stop), or one or two tiles with "
        "one symbol each of the same spirit; the second tile may be the one the first uncovered "
        "or any other row end. Power icons do not matter for this. The very first turn of the "
        "game takes only one tile. 2. A tile with a Favor token brings you the token. "
        "3. Gemstone (optional): put one of your gemstones on any free tile to reserve it; with "
        "none left in your supply you may move one of yours instead.",
    ),
    (
        "Gemstones",
        "3 each with two seats, 2 with three or four. A gemstone reserves a tile: taking a tile "
        "with your own gemstone gives it back to you; taking a tile another seat reserved costs "
        "you one of your gemstones (from your supply or from the forest, your choice), out of "
        "the game, and its owner gets theirs back. Without a gemstone to give you cannot take "
        "another seat's reserved tile. Gemstones score nothing, but Wishes may count them.",
    ),
    (
        "Favor tokens",
        "A spirit or power token counts as one more symbol of its kind at the end (it does not "
        "save you from the −3). A + token can be spent in any decision of your turn to take back "
        "a gemstone you lost. Your tokens stay face down: the others see only how many you have.",
    ),
    (
        "Passing",
        "If no tile can be taken (every row end is reserved by others and you have no gemstone "
        "to give), you pass.",
    ),
    (
        "End of the game",
        "The game ends as soon as the last tile is taken (no gemstone step after it).",
    ),
    (
        "Scoring",
        "In each of the twelve categories (Moss, Flowers, Fruits, Mushrooms, Dew Drops, Vines, "
        "Branches, Leaves, Web Spiders, Moon, Sun, Fire) the seat or seats with the highest count "
        "score that count; tied seats all score. A count is the symbols on your tiles (a "
        "two-symbol tile counts two) plus your matching Favor tokens and Wish rewards. A seat "
        "with no tile of a category loses 3 there (a token alone does not avoid it). Highest "
        "total wins; a tie goes to the seat with fewer tiles; then it is shared.",
    ),
    (
        "Wishes and Hexes (module)",
        "At setup each seat is dealt 2 Wish and 2 Hex cards and keeps one of each; the kept "
        "cards are shown when every seat has kept. When the last tile is taken every Wish is "
        "checked at once: having the most (ties count, never with none) of what it asks pays "
        "its reward — one spirit symbol, or a Favor token chosen from those set aside. After "
        "scoring every Hex is checked: having the least (ties count) of what it names costs 6.",
    ),
    (
        "Solo game",
        "You play against the forest. The tiles lie face down but for the ends of each row. "
        "Each turn take a face-up end tile; the forest takes the opposite end of the same row. "
        "Each time a row runs empty (the first and second time; at the hard level also the "
        "third) the forest reveals one of its face-down Favor tokens. The game ends when three "
        "rows are empty. Only the nine spirits count (no power sources). You lose if the forest "
        "has more than you in a spirit (easy forgives one); ties are yours.",
    ),
    (
        "Reading the screen",
        "The forest: each place shows its spirit's two letters (twice for a two-symbol tile), "
        "then the power source (☾M Moon, ☼S Sun, ▲F Fire), a gemstone (◆ and the seat's letter: "
        "A Air, W Water, F Fire, E Earth) and ? for a face-down Favor token. › and ‹ mark the "
        "row ends that may be taken now, ▶ ◀ the highlighted tile. Below, each seat's count per "
        "category: * it holds the majority alone, = it shares it, -3 it has no tile there yet. "
        "Gems are shown supply/forest/lost.",
    ),
]


def _codes_text() -> str:
    spirits = ", ".join(f"{SPIRIT_CODE[s]} {category_name(s)}" for s in SPIRITS)
    powers = ", ".join(f"{POWER_GLYPH[p]}{POWER_LETTER[p]} {category_name(p)}" for p in POWERS)
    return f"Spirits: {spirits}. Power sources: {powers}."


def tiles_text() -> str:
    """Every kind of tile and how many of it the forest holds."""
    lines = []
    for index, spirit in enumerate(SPIRITS):
        tiles = [t for t in CATALOG.tiles if t.spirit == index]
        kinds = Counter(tile_words_of(t.id) for t in tiles)
        symbols = sum(t.symbols for t in tiles)
        listed = ", ".join(f"{n}× {words}" for words, n in kinds.items())
        lines.append(
            f"{category_name(spirit)} ({symbols} symbols on {len(tiles)} tiles): {listed}."
        )
    return "\n".join(lines)


def solo_text() -> str:
    """The solo levels and the points table."""
    lines = []
    for level in CATALOG.solo_levels.values():
        forgiven = f", the forest may lead in {level.forgiven} spirit" if level.forgiven else ""
        lines.append(
            f"{level.id}: the forest has {level.opponent_tokens} face-down token(s), you "
            f"{level.player_tokens} face up{forgiven}."
        )
    lines.append(
        "Points: in each spirit where you have the most or a tie, your count; −3 for a spirit "
        "without a tile of yours."
    )
    bands = [f"{low}+ {title}" for low, title in CATALOG.solo_results if low > -1000]
    lowest = CATALOG.solo_results[-1][1]
    lines.append(f"A win is rated: {', '.join(bands)}, below that {lowest}.")
    lines.append(f"A loss: {CATALOG.solo_loss}.")
    return "\n".join(lines)


def reference_entries() -> list[tuple[str, str]]:
    """Every rule, card, tile, token and solo level as (title, text)."""
    entries = list(RULES)
    entries.append(("Codes on the screen", _codes_text()))
    entries.append(("Tiles: the whole forest", tiles_text()))
    for kind in dict.fromkeys(tile_words_of(t.id) for t in CATALOG.tiles):
        count = sum(1 for t in CATALOG.tiles if tile_words_of(t.id) == kind)
        entries.append((f"Tile: {kind}", _tile_entry(kind, count)))
    for name, card in CATALOG.wishes.items():
        entries.append((f"Wish: {name}", f"{card.text} ({wish_short(name)})"))
    for name, card in CATALOG.hexes.items():
        entries.append((f"Hex: {name}", f"{card.text} ({hex_short(name)})"))
    kinds = list(dict.fromkeys(CATALOG.tokens))
    for kind in kinds:
        entries.append((f"Favor token: {CATALOG.kind_name(kind)}", token_text(kind)))
    entries.append(("Solo levels and points", solo_text()))
    return entries


def _tile_entry(kind: str, count: int) -> str:
    spirit = kind.split(" ×")[0].split(" +")[0]
    code = next(CATEGORY_CODE[s] for s in SPIRITS if category_name(s) == spirit)
    two = " ×2" in kind
    text = f"{count} in the forest. Shown as {code * (2 if two else 1)}"
    if " + " in kind:
        power = kind.split(" + ")[1]
        p = next(p for p in POWERS if category_name(p) == power)
        text += f" with {POWER_GLYPH[p]}{POWER_LETTER[p]}"
    text += ". "
    if two:
        text += "Two spirit symbols: it is taken alone, and counts two."
    else:
        text += "One spirit symbol: you may take a second one-symbol tile of the same spirit."
    if " + " in kind:
        text += " Its power icon counts one in that power source's category."
    return text
