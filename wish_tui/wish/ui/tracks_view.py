"""The tracks: round, the Caravan's way to the Dock with this round's card, every seat's VP and
wishes towards the Lock, and in solo the Challenge card."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.board_place import place_style, turn_mark
from wish_tui.widgets.projection import projected_total
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.style import (
    DJINN_STYLE,
    crystals_text,
    letters_text,
    people_text,
)
from wish_tui.wish.ui.width_fitted import WidthFitted
from wish_tui.wish.words.marks import DJINN_TITLE

MARK_CELLS = 1
"""The cells of a seat's turn mark (`turn_mark`), before its words."""
MADE_KEPT = 32
"""The most lines the tracks keep made, by what they show (a line shown again is not made
again: the turn's mark moves back, the round and the Caravan stay)."""


def seat_line(p: dict, view: dict, width: int | None = None) -> Text:
    """One seat at a glance: VP (and → the total if the game ended now), hand size, crystals,
    Wishing Persons, Potions and Trickery tokens, Wishes fulfilled towards the Lock (BGA shows
    these too). In `width` columns what does not fit is left out whole, the least first (the
    detail line says it all); nothing is cut."""
    return _seat_text(p, seat_marks(p, view), width)


def seat_marks(p: dict, view: dict) -> tuple[bool, int | None, str | None]:
    """What a seat's line shows of the view besides the seat's own entry: whether it is the
    seat's turn, its final total (over), its total if the game ended now (None: not shown)."""
    turn = p["seat"] == view["turn_seat"] and view["phase"] == "play"
    shown = view.get("projection") is not None and view["phase"] != "over"
    return turn, _final_total(view, p["seat"]), projected_total(view, p["seat"]) if shown else None


def _seat_text(p: dict, marks: tuple[bool, int | None, str | None], width: int | None) -> Text:
    turn, final, projected = marks
    return _seat_text_of(turn, _seat_words(p, final, projected, width))


def _seat_words(p: dict, final: int | None, projected: str | None, width: int | None) -> Text:
    """A seat's line after its turn mark (one cell): the seat's words in `width` less it."""
    head = Text()
    head.append(f"{DJINN_TITLE[p['djinn']]:<5}", DJINN_STYLE[p["djinn"]])
    if final is not None:  # over: the final scoring's total, as the final scoring shows it
        head.append(f"{final:>3}VP", "bold")
    else:
        head.append(f"{p['visible_score']:>3}VP")
    if projected is not None:
        head.append(f"→{projected}", "dim")
    lock = "🔓" if p["unlocked"] else "🔒"
    parts = {
        "hand": Text(f"h{p['hand_count']}"),
        "crystals": crystals_text(p["crystals"], empty="-", sep=""),
        "people": people_text(p["meeples"], empty="", sep=""),
        "potions": Text(f"⚗{p['potions']}") if p["potions"] else Text(),
        "trickery": Text(f"✧{p['trickery']}") if p["trickery"] else Text(),
        "lock": Text(f"{len(p['fulfilled'])}w{lock}", "dim"),
    }
    room = None if width is None else width - MARK_CELLS - head.cell_len
    kept = set()
    for name in ("hand", "lock", "crystals", "people", "potions", "trickery"):
        part = parts[name]
        if part.plain and (room is None or part.cell_len + 1 <= room):
            kept.add(name)
            room = None if room is None else room - part.cell_len - 1
    text = head
    for name in ("hand", "crystals", "people", "potions", "trickery", "lock"):
        if name in kept:
            text.append(" ")
            text.append_text(parts[name])
    return text


def _final_total(view: dict, seat: int) -> int | None:
    """A seat's total of the final scoring once the game is over, else None."""
    scores = view.get("scores") if view["phase"] == "over" else None
    if not scores:
        return None
    return next((e["total"] for e in scores["seats"] if e["seat"] == seat), None)


class TracksView(WidthFitted):
    """Round, Caravan and scores (a new width fits the seat lines again)."""

    DEFAULT_CSS = "TracksView { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._seat_words: dict[int, tuple[tuple, Text]] = {}
        """Per seat: what its words showed (its entry, final and projected totals, the width)
        and the words (its line after the turn mark)."""
        self._made: dict[tuple, Text] = {}
        """The round's, the Caravan's and the trade's lines made (their place marked, the
        cursor's reversed), by what they show."""
        self._seat_made: dict[tuple, tuple[Text, Text]] = {}
        """Per seat, turn mark and cursor on it or not: the words the line was made of, and the
        line (a turn's mark moves back to words that did not change)."""
        self._last: tuple[Text | None, Text | None] = (None, None)
        """The last line made, and it without the spaces at its end (`_stripped`)."""

    def _seat_line(self, p: dict, view: dict, width: int | None, cursor: tuple | None) -> Text:
        """A seat's line, its words made again only when what they show changed (an action
        changes one seat's words, mostly; the turn moves two marks)."""
        turn, final, projected = seat_marks(p, view)
        shown = (p, final, projected, width)
        kept = self._seat_words.get(p["seat"])
        if kept is None or kept[0] != shown:
            words = _seat_words(p, final, projected, width)
            kept = self._seat_words[p["seat"]] = (shown, words)
        words = kept[1]
        place = ("seat", p["seat"])
        key = (place, turn, place == cursor)
        made = self._seat_made.get(key)
        if made is None or made[0] is not words:
            made = self._seat_made[key] = (
                words,
                _marked(_seat_text_of(turn, words), place, cursor),
            )
        return made[1]

    def _made_line(self, held: tuple, make, place: tuple | None, cursor: tuple | None) -> Text:
        """The line `make()` makes, its place marked and reversed under the cursor: the one
        made before for what it shows (`held`, its values), if any."""
        key = (*held, place, place is not None and place == cursor)
        line = self._made.get(key)
        if line is None:
            line = make()
            if place is not None:
                line = _marked(line, place, cursor)
            if len(self._made) >= MADE_KEPT:
                self._made.clear()
            self._made[key] = line
        return line

    def update_view(self, view: dict, cursor: tuple | None = None) -> None:
        """Show the tracks of a view, the look cursor's line (round, Caravan, Challenge or a
        seat) in reverse."""
        self.remember(self.update_view, view, cursor)
        caravan = view["caravan"]
        lines: list[Text] = [
            self._made_line(
                ("round", view["round"], view["final_round"]),
                lambda: _round_line(view),
                ("round",),
                cursor,
            ),
            self._made_line(
                ("caravan", len(caravan["route"]), caravan["position"]),
                lambda: _caravan_line(caravan),
                ("caravan",),
                cursor,
            ),
        ]
        card = caravan["card"]
        if card:
            number = card["number"]
            trade = CATALOG.caravan_cards[number - 1]
            lines.append(self._made_line(("trade", number), lambda: trade_line(trade), None, None))
        if view.get("challenge"):
            challenge = view["challenge"]
            lines.append(_marked(_challenge_line(challenge), ("challenge",), cursor))
        width = self.size.width or None
        for p in view["players"]:
            lines.append(self._seat_line(p, view, width, cursor))
        lines[-1] = self._stripped(lines[-1])
        self.show_lines(lines)

    def _stripped(self, last: Text) -> Text:
        """The last line without the spaces at its end: the same line as made before for the
        same line (a line shown again is passed over as it is)."""
        if self._last[0] is not last:
            stripped = last
            if last.plain != last.plain.rstrip():
                stripped = last.copy()
                stripped.rstrip()
            self._last = (last, stripped)
        return self._last[1]


def _seat_text_of(turn: bool, words: Text) -> Text:
    """A seat's line: its turn mark (in the mark's own style alone), then its words."""
    text = Text()
    text.append_text(turn_mark(turn))
    text.append_text(words)
    return text


def _marked(line: Text, place: tuple, cursor: tuple | None) -> Text:
    line.stylize(place_style(place))
    if place == cursor:
        line.stylize("reverse")
    return line


def _round_line(view: dict) -> Text:
    text = Text(f"Round {view['round']} ", "bold")
    if view["final_round"]:
        text.append("LAST ROUND", "bold reverse yellow")
    return text


def _caravan_line(caravan: dict) -> Text:
    steps = len(caravan["route"]) - 1
    pos = caravan["position"]
    text = Text("Caravan ")
    text.append("●" * pos, "yellow")
    text.append("○" * (steps - pos), "dim")
    text.append("X", "bold")
    text.append(f" {steps - pos} to Dock")
    return text


def trade_line(caravan_card) -> Text:
    """This round's Caravan card: what it takes and what it gives ('Trade GWP → 4VP')."""
    text = Text("Trade ")
    text.append_text(letters_text(caravan_card.give_colours))
    text.append(" →")
    if caravan_card.get_colours:  # a card that gives no crystal: its VP follow the arrow
        text.append(" ")
        text.append_text(letters_text(caravan_card.get_colours))
    extras = []
    if caravan_card.get_vp:
        extras.append(f"{caravan_card.get_vp}VP")
    if caravan_card.get_potions:
        extras.append("Potion")
    if caravan_card.get_trickery:
        extras.append("Trickery")
    text.append(" ".join(["", *extras]))
    return text


def _challenge_line(challenge: dict) -> Text:
    text = Text(f"Challenge {challenge['card'] or '—'} ({challenge['deck_count']} left)")
    if challenge["hatred"]:
        text.append(" Hatred!", "bold red")
    return text
