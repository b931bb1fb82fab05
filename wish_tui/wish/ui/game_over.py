"""Game over: the five scoring steps per seat, destinies revealed, tie-breaks and the winner."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Label

from wish_tui.core.ranking import places_of
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.widgets.key_footer import KeyFooter
from wish_tui.wish.words.marks import DJINN_TITLE

STEP_TITLES = (
    ("wishes", "1 Wish"),
    ("tokens", "2 Tok"),
    ("ongoing", "3 Ong"),
    ("badges", "4 Bdg"),
    ("destiny", "5 Dest"),
)
"""The five scoring steps: Wishes' VP, VP tokens, Ongoing Wishes, Badges, Destiny."""
NARROW_TITLES = ("Djinn", "1", "2", "3", "4", "5", "VP", "B/C/W", "#")
"""The table's column titles on a phone's 40 columns, said in words under it."""
NARROW_WIDTH = 80
"""Below this width the table takes its narrow titles."""


def verdict(view: dict) -> str:
    """One sentence saying who won (or, in solo, whether the Destiny was fulfilled)."""
    scores = view["scores"]
    seats = scores["seats"]
    if view["solo"]:
        me = seats[0]
        fulfilled = "fulfilled" if me["destiny_fulfilled"] else "did not fulfill"
        return f"You {fulfilled} your Destiny ({me['destiny']}) and scored {me['total']} VP."
    if not scores["winners"]:
        return "No one wins: the game was aborted."
    winners = [DJINN_TITLE[seats[s]["djinn"]] for s in scores["winners"]]
    if len(winners) > 1:
        return f"{' and '.join(winners)} share the victory with {seats[scores['winners'][0]]['total']} VP!"
    return f"{winners[0]} wins with {seats[scores['winners'][0]]['total']} VP!"


class GameOverScreen(FinalScoringScreen):
    """The End Game Scoring table."""

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 96%; height: auto; max-height: 95%; border: double $accent;
        background: $surface; padding: 0 1; }
    GameOverScreen DataTable { height: auto; }
    GameOverScreen #verdict { text-style: bold; }
    GameOverScreen Label { width: 100%; }
    GameOverScreen.-slim > Vertical { width: 100%; max-height: 100%; padding: 0; }
    """
    GAME = "wish"

    def __init__(self, view: dict, seed: int | None = None) -> None:
        super().__init__()
        self.view = view
        self.seed = seed
        """The game's seed, shown now that the deal is no longer a secret."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("End Game Scoring", id="title")
            yield Label(verdict(self.view), id="verdict")
            yield DataTable(id="scores", cursor_type="none", zebra_stripes=True)
            yield Label(self._destinies(), id="destinies")
            narrow = " VP the total, # the place." if self._narrow else ""
            yield Label(
                "Steps: 1 Wishes' VP, 2 VP tokens, 3 Ongoing Wishes, 4 Badges, 5 Destiny. "
                f"Ties (B/C/W): most Badges, then Crystals, then Wishes fulfilled.{narrow}"
            )
            if self.seed is not None:
                yield Label(self.seed_note())
        yield KeyFooter()

    @property
    def _narrow(self) -> bool:
        """True on a phone's narrow terminal: the table's titles are short."""
        return self.app.size.width < NARROW_WIDTH

    def _destinies(self) -> str:
        parts = [
            f"{DJINN_TITLE[e['djinn']]}: ?"
            if "destiny" in e.get("unknown", ())
            else f"{DJINN_TITLE[e['djinn']]}: {e['destiny']} {'✓' if e['destiny_fulfilled'] else '✗'}"
            for e in self.view["scores"]["seats"]
        ]
        hidden = any("destiny" in e.get("unknown", ()) for e in self.view["scores"]["seats"])
        if self.projected:
            lead = "Destinies as they stand (? not yours to see)"
        elif hidden:  # a game that ended early at a server keeps what anyone may count
            lead = "Destinies (? never revealed: the game ended early)"
        else:
            lead = "Destinies revealed"
        return f"{lead} — " + " · ".join(parts)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        titles = ("Djinn", *(title for _, title in STEP_TITLES), "Total", "Ties B/C/W", "Place")
        table.add_columns(*(NARROW_TITLES if self._narrow else titles))
        place = places_of(self.view["scores"])
        for entry in self.view["scores"]["seats"]:
            table.add_row(
                DJINN_TITLE[entry["djinn"]],
                *(str(entry["steps"][key]) for key, _ in STEP_TITLES),
                str(entry["total"]),
                f"{entry['badges_count']}/{entry['crystals']}/{entry['wishes_count']}",
                str(place.get(entry["seat"], "—")),
            )
