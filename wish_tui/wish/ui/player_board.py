"""A player board: action columns with markers and the Lock, crystals, tokens, meeples, badges."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.style import crystals_text, people_text
from wish_tui.wish.words.marks import DJINN_TITLE
from wish_tui.wish.words.words import symbol_word

TOKENS_OWNED = {"water": ("Frostflakes", 3), "fire": ("Clones", 2), "air": ("Wind Blasts", 5)}


class PlayerBoard(ViewText):
    """The board of the seat being shown: ● marks an action marker, ⚗ the Potion action."""

    DEFAULT_CSS = "PlayerBoard { height: auto; }"

    def update_view(self, view: dict, seat: int, compact: bool = False) -> None:
        """Show the board of `seat` in a view."""
        p = view["players"][seat]
        board = CATALOG.djinns[p["djinn"]]
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{DJINN_TITLE[p['djinn']]} Djinn", "bold underline")
        text.append(f" in {p['area']}")
        if p.get("destiny"):
            text.append(f" · Destiny {p['destiny']}", "italic")
        text.append("\n")
        for i, symbols in enumerate(board.columns):
            text.append(f"{i + 1}[", "dim")
            locked = i == 1 and not p["unlocked"]
            if locked:  # what waits under the Lock, greyed
                text.append("🔒", "dim")
            for j, symbol in enumerate(symbols):
                if j:
                    text.append("|", "dim")
                word = symbol_word(board, symbol)
                if compact:
                    word = word[:4]
                if locked:
                    text.append(word, "dim")
                elif p["markers"][i] == symbol:
                    text.append(f"●{word}", "bold reverse")
                elif p["potion_used"] == f"{i + 1}:{symbol}":
                    text.append(f"⚗{word}", "bold reverse magenta")
                else:
                    text.append(word)
            text.append("]", "dim")
        text.append("\nCrystals ")
        text.append_text(crystals_text(p["crystals"]))
        if p["djinn"] == "earth":
            text.append(" Nest ")
            text.append_text(crystals_text(p["nest"]))
        text.append(f"\nPotions {p['potions']} · Trickery {p['trickery']}")
        if p["djinn"] in TOKENS_OWNED:
            name, owned = TOKENS_OWNED[p["djinn"]]
            placed = {
                "water": len(view["frostflakes"]),
                "fire": sum(a["fiery_clone"] for a in view["areas"]),
                "air": sum(a["wind_blast"] for a in view["areas"]),
            }[p["djinn"]]
            text.append(f" · {name} left {owned - placed}")
        text.append("\nPeople ")
        text.append_text(people_text(p["meeples"]))
        if p["badges"]:
            text.append(f" · Badges {', '.join(p['badges'])}")
        self.show(text)
