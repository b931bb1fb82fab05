"""The tracks: round, the Caravan's way to the Dock with this round's card, every seat's VP and
wishes towards the Lock, and in solo the Challenge card."""

from __future__ import annotations

from rich.text import Text

from wish_tui.widgets.projection import projected_total
from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.style import DJINN_STYLE, crystals_text, letters_text, people_text
from wish_tui.wish.words.marks import DJINN_TITLE


def seat_line(p: dict, view: dict) -> Text:
    """One seat at a glance, most important first: VP, hand size, crystals, Wishing Persons,
    Potions and Trickery tokens, Wishes fulfilled towards the Lock (BGA shows these too)."""
    text = Text()
    mark = "▶" if p["seat"] == view["turn_seat"] and view["phase"] == "play" else " "
    text.append(mark, "bold")
    text.append(f"{DJINN_TITLE[p['djinn']]:<5}", DJINN_STYLE[p["djinn"]])
    final = _final_total(view, p["seat"])
    if final is not None:  # over: the final scoring's total, as the final scoring shows it
        text.append(f"{final:>3}VP", "bold")
    else:
        text.append(f"{p['visible_score']:>3}VP")
    if view.get("projection") is not None and view["phase"] != "over":
        text.append(f"→{projected_total(view, p['seat'])}", "dim")
    text.append(f" h{p['hand_count']} ")
    text.append_text(crystals_text(p["crystals"], empty="-", sep=""))
    people = people_text(p["meeples"], empty="", sep="")
    if people:
        text.append(" ")
        text.append_text(people)
    if p["potions"]:
        text.append(f" ⚗{p['potions']}")
    if p["trickery"]:
        text.append(f" ✧{p['trickery']}")
    lock = "🔓" if p["unlocked"] else "🔒"
    text.append(f" {len(p['fulfilled'])}w{lock}", "dim")
    return text


def _final_total(view: dict, seat: int) -> int | None:
    """A seat's total of the final scoring once the game is over, else None."""
    scores = view.get("scores") if view["phase"] == "over" else None
    if not scores:
        return None
    return next((e["total"] for e in scores["seats"] if e["seat"] == seat), None)


class TracksView(ViewText):
    """Round, Caravan and scores."""

    DEFAULT_CSS = "TracksView { height: auto; }"

    def update_view(self, view: dict) -> None:
        """Show the tracks of a view."""
        caravan = view["caravan"]
        steps = len(caravan["route"]) - 1
        pos = caravan["position"]
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"Round {view['round']} ", "bold")
        if view["final_round"]:
            text.append("LAST ROUND", "bold reverse yellow")
        text.append("\nCaravan ")
        text.append("●" * pos, "yellow")
        text.append("○" * (steps - pos), "dim")
        text.append("X", "bold")
        text.append(f" {steps - pos} to Dock\n")
        card = caravan["card"]
        if card:
            caravan_card = CATALOG.caravan_cards[card["number"] - 1]
            text.append("Trade ")
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
            text.append(" ".join(["", *extras]) + "\n")
        if view.get("challenge"):
            ch = view["challenge"]
            text.append(f"Challenge {ch['card'] or '—'} ({ch['deck_count']} left)")
            if ch["hatred"]:
                text.append(" Hatred!", "bold red")
            text.append("\n")
        for p in view["players"]:
            text.append_text(seat_line(p, view))
            text.append("\n")
        text.rstrip()
        self.show(text)
