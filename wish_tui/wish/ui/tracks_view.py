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
    head = Text()
    head.append_text(turn_mark(turn))
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
    room = None if width is None else width - head.cell_len
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
        self._seat_lines: dict[int, tuple[tuple, Text]] = {}
        """Per seat: what its line showed (its entry, `seat_marks`, the width) and the line."""

    def _seat_line(self, p: dict, view: dict, width: int | None) -> Text:
        """A seat's line, made again only when what it shows changed (an action changes one
        seat's line, mostly, and the turn mark's two)."""
        shown = (p, seat_marks(p, view), width)
        kept = self._seat_lines.get(p["seat"])
        if kept is None or kept[0] != shown:
            kept = self._seat_lines[p["seat"]] = (shown, _seat_text(*shown))
        return kept[1]

    def update_view(self, view: dict, cursor: tuple | None = None) -> None:
        """Show the tracks of a view, the look cursor's line (round, Caravan, Challenge or a
        seat) in reverse."""
        self.remember(self.update_view, view, cursor)
        lines: list[tuple[Text, tuple | None]] = [
            (_round_line(view), ("round",)),
            (_caravan_line(view["caravan"]), ("caravan",)),
        ]
        card = view["caravan"]["card"]
        if card:
            lines.append((_trade_line(CATALOG.caravan_cards[card["number"] - 1]), None))
        if view.get("challenge"):
            lines.append((_challenge_line(view["challenge"]), ("challenge",)))
        width = self.size.width or None
        for p in view["players"]:
            lines.append((self._seat_line(p, view, width).copy(), ("seat", p["seat"])))
        for line, place in lines:
            if place is not None:
                line.stylize(place_style(place))
                if place == cursor:
                    line.stylize("reverse")
        lines[-1][0].rstrip()
        self.show_lines([line for line, _ in lines])


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


def _trade_line(caravan_card) -> Text:
    """This round's Caravan card: what it takes and what it gives."""
    text = Text("Trade ")
    text.append_text(letters_text(caravan_card.give_colours))
    text.append(" → ")
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
