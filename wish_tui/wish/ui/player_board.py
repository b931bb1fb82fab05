"""A player board: action columns with markers and the Lock, crystals, tokens, meeples, badges."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.board_place import mark_lines
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.style import crystals_text, highlight_line, people_text
from wish_tui.wish.ui.width_fitted import WidthFitted
from wish_tui.wish.words.marks import AREA_SHORT, DJINN_TITLE
from wish_tui.wish.words.text import tokens_left
from wish_tui.wish.words.words import symbol_word

PARTS = ("djinn", "columns", "crystals", "tokens")
"""The board's lines, top to bottom, as the look cursor names them."""
COLUMNS_KEPT = 16
"""The most action columns' lines a player board keeps made (a seat's markers come back)."""
TOKEN_WORD = {"water": "Frostflakes", "fire": "Clones", "air": "Wind Blasts"}


def tokens_line(view: dict, p: dict, width: int) -> str:
    """Potions, Trickery tokens, the Djinn's own tokens left and Badges, in `width` columns:
    what does not fit is left out whole, a count of none first (the detail line says all)."""
    parts = [
        (f"Potions {p['potions']}", p["potions"]),
        (f"Trickery {p['trickery']}", p["trickery"]),
    ]
    if p["djinn"] in TOKEN_WORD:
        left = tokens_left(view, p["djinn"])
        parts.append((f"{TOKEN_WORD[p['djinn']]} left {left}", left))
    if p["badges"]:
        parts.append((f"Badges {', '.join(p['badges'])}", 1))
    while len(" · ".join(w for w, _ in parts)) > width and any(not n for _, n in parts):
        parts.remove(next(part for part in parts if not part[1]))
    return " · ".join(w for w, _ in parts)


def title_line(p: dict, width: int) -> tuple[str, str, str]:
    """The Djinn, its Area and its Destiny in `width` columns, in three parts: 'Fire Djinn',
    ' in Palace Gardens', ' · Destiny Long Term Plans'; a short line says 'Fire', then the
    Area's short name, so that no name is cut."""
    destiny = f" · Destiny {p['destiny']}" if p.get("destiny") else ""
    djinn, area = DJINN_TITLE[p["djinn"]], p["area"]
    for who, where in (
        (f"{djinn} Djinn", area),
        (djinn, area),
        (djinn, AREA_SHORT.get(area, area)),
    ):
        if len(f"{who} in {where}{destiny}") <= width:
            break
    return who, f" in {where}", destiny


def columns_text(p: dict, cut: int | None) -> Text:
    """The board's action columns on one line, each action's word cut to `cut` letters (None:
    whole): ● marks an action marker, ⚗ the Potion action, 🔒 the Lock."""
    board = CATALOG.djinns[p["djinn"]]
    text = Text()
    for i, symbols in enumerate(board.columns):
        text.append(f"{i + 1}[", "dim")
        locked = i == 1 and not p["unlocked"]
        if locked:  # what waits under the Lock, greyed
            text.append("🔒", "dim")
        for j, symbol in enumerate(symbols):
            if j:
                text.append("|", "dim")
            word = symbol_word(board, symbol)
            if cut:
                word = word[:cut].rstrip()  # 'Ice Dibs' as 'Ice', not 'Ice '
            if locked:
                text.append(word, "dim")
            elif p["markers"][i] == symbol:
                text.append(f"●{word}", "bold reverse")
            elif p["potion_used"] == f"{i + 1}:{symbol}":
                text.append(f"⚗{word}", "bold reverse magenta")
            else:
                text.append(word)
        text.append("]", "dim")
    return text


class PlayerBoard(WidthFitted):
    """The board of the seat being shown: ● marks an action marker, ⚗ the Potion action (a new
    width fits its words again)."""

    DEFAULT_CSS = "PlayerBoard { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._made: dict[tuple, Text] = {}
        """The action columns' line made, by what it shows and the room it was fitted to."""

    def _columns(self, p: dict, compact: bool, width: int) -> Text:
        """The action columns' line, its words cut as little as `width` allows when `compact`
        (whole in a part of its own at 90 columns, 4 letters at 80 columns, 3 on a phone's 40):
        made again only when what it shows changed (most actions move no marker)."""
        shown = (p["djinn"], p["unlocked"], tuple(p["markers"]), p["potion_used"], compact, width)
        columns = self._made.get(shown)
        if columns is None:
            for cut in (None, 4, 3, 2) if compact else (None,):
                columns = columns_text(p, cut)
                if columns.cell_len <= width:
                    break
            if len(self._made) >= COLUMNS_KEPT:
                self._made.clear()
            self._made[shown] = columns
        return columns

    def update_view(
        self, view: dict, seat: int, compact: bool = False, cursor: str | None = None
    ) -> None:
        """Show the board of `seat` in a view, the look cursor's line (a part of PARTS) in
        reverse."""
        self.remember(self.update_view, view, seat, compact, cursor)
        p = view["players"][seat]
        text = Text(no_wrap=True, overflow="ellipsis")
        who, where, destiny = title_line(p, self.size.width or 49)
        text.append(who, "bold underline")
        text.append(where)
        text.append(destiny, "italic")
        text.append("\n")
        text.append_text(self._columns(p, compact, self.size.width or 49))
        text.append("\nCrystals ")
        text.append_text(crystals_text(p["crystals"]))
        if p["djinn"] == "earth":
            text.append(" Nest ")
            text.append_text(crystals_text(p["nest"]))
        text.append(" · People ")
        text.append_text(people_text(p["meeples"]))
        text.append("\n" + tokens_line(view, p, self.size.width or 49))
        line = PARTS.index(cursor) if cursor in PARTS else None
        mark_lines(text, {i: ("board", part) for i, part in enumerate(PARTS)})
        self.show(highlight_line(text, line))
