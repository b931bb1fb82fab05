"""The tracks: round, the Caravan's way to the Dock with this round's card, every seat's VP and
wishes towards the Lock, and in solo the Challenge card."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from .style import DJINN_STYLE, DJINN_TITLE


class TracksView(Static):
    """Round, Caravan and scores."""

    DEFAULT_CSS = "TracksView { height: auto; }"

    def update_view(self, view: dict) -> None:
        """Show the tracks of a view."""
        caravan = view["caravan"]
        steps = len(caravan["route"]) - 1
        pos = caravan["position"]
        text = Text()
        text.append(f"Round {view['round']}", "bold")
        if view["final_round"]:
            text.append("  LAST ROUND", "bold reverse yellow")
        text.append("\nCaravan ")
        text.append("●" * pos, "yellow")
        text.append("○" * (steps - pos), "dim")
        text.append("X", "bold")
        text.append(f" {steps - pos} to the Dock\n")
        card = caravan["card"]
        if card:
            text.append(f" moved {card['move']} · trade: ", "dim")
            text.append(f"{card['trade']}\n")
        if view.get("challenge"):
            ch = view["challenge"]
            text.append(f"Challenge: {ch['card'] or '—'} ({ch['deck_count']} left)")
            if ch["hatred"]:
                text.append(" · Hatred lasts", "bold red")
            text.append("\n")
        for p in view["players"]:
            mark = "▶" if p["seat"] == view["turn_seat"] and view["phase"] == "play" else " "
            text.append(mark, "bold")
            text.append(f"{DJINN_TITLE[p['djinn']]:<6}", DJINN_STYLE[p["djinn"]])
            lock = "unlocked" if p["unlocked"] else f"{len(p['fulfilled'])}/3 to unlock"
            text.append(f" {p['visible_score']:>3} VP · {len(p['fulfilled'])} wishes ({lock})\n")
        self.update(text)
