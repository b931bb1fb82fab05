"""Game over: every step of the rulebook's Final Scoring for every seat, the total, the place and
the Turn Order tie-break; in solo, your score against the best scores of the same setup."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Label

from wish_tui.core.ranking import places_of
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.screens.score_cells import add_totals, score_cell
from wish_tui.widgets.key_footer import KeyFooter
from wish_tui.widgets.view_text import NARROW_BELOW
from wish_tui.wishland.words.marks import seat_title

STEP_LABELS = (
    ("victory_track", "Victory Track"),
    ("entrepreneur", "Entrepreneur #10/#11"),
    ("hotels", "Hotels"),
    ("mascots", "Mascots (matches, halved)"),
    ("entertainment", "Entertainment (unique)"),
    ("happiness", "Happiness 10"),
    ("visitors", "Visitors 10 (by Income)"),
    ("restaurants", "Restaurant penalty"),
)
"""The rulebook's Final Scoring steps, in its order; the brackets name what a cell's own
brackets count, so three seats' cells fit 80 columns."""
NARROW_LABELS = {
    "victory_track": "VP Track",
    "entrepreneur": "Entrep.",
    "mascots": "Mascots",
    "entertainment": "Entert.",
    "happiness": "Happy 10",
    "visitors": "Visit 10",
    "restaurants": "Restaur.",
}
"""The steps' labels on a phone's narrow screen (each cell its VP alone), so that every seat's
column shows."""
SCORING_KEY = "10: its track reached 10 · (n) count its row names · n+n each Hotel's VP"
"""The figures of the table in words (the rulebook's Final Scoring): a '10' step scores only
once its track reached 10, a cell's '(n)' is what its row's brackets count, and a Hotels cell
'7 6+1' adds each Hotel's own VP."""
SETUP_WORDS = {"entrepreneurs": "Entrepreneurs", "achievement_tiles": "Achievement Tiles"}


def setup_words(setup: str) -> str:
    """A setup key in words: 'solo+entrepreneurs' → 'solo, Entrepreneurs'."""
    parts = setup.split("+")
    head = "solo" if parts[0] == "solo" else f"{parts[0][:-1]} seats"
    return ", ".join([head, *(SETUP_WORDS.get(p, p) for p in parts[1:])])


def verdict(view: dict, best=None) -> str:
    """One sentence: who won (solo: your score and how it compares with your best)."""
    scores = view["scores"]
    seats = scores["seats"]
    if view["solo"]:
        total = seats[0]["total"]
        if best is None:
            return f"You scored {total} VP."
        if best.best_before is None:
            return f"You scored {total} VP: your first score for {setup_words(best.setup)}."
        if best.is_new_best:
            return f"You scored {total} VP: new best! (it was {best.best_before})"
        return f"You scored {total} VP; your best for this setup is {best.best_before}."
    if not scores["winners"]:
        return "No one wins: the game was aborted."
    winner = scores["winners"][0]
    total = seats[winner]["total"]
    outcomes = scores.get("outcomes") or [""] * len(seats)
    # a seat given up for good is last whatever its points: no tie-break with it
    tied = [s for s in seats if s["total"] == total and not outcomes[s["seat"]]]
    name = seat_title(seats[winner]["colour"])
    if len(tied) > 1:
        return (
            f"{name} wins with {total} VP: a tie broken by the rightmost Turn Order space "
            f"({seats[winner]['turn_order_space']})."
        )
    return f"{name} wins with {total} VP!"


def step_cell(entry: dict, step: str) -> Text:
    """One step of one seat: its VP and what it was scored on."""
    vp = entry["steps"][step]
    detail = ""
    if step == "hotels" and entry["hotel_vp"]:
        scored = [v for v in entry["hotel_vp"].values() if v]
        detail = "+".join(str(v) for v in scored) if len(scored) > 1 else ""
    elif step == "mascots":
        detail = f"({entry['mascot_matches']})"
    elif step == "entertainment":
        detail = f"({entry['unique_entertainment']}"
        if entry["duplicate_entertainment"]:
            detail += f", {entry['duplicate_entertainment']} twice"
        detail += ")"
    elif step == "visitors" and vp:
        detail = f"({entry['income']})"
    elif step == "entrepreneur" and entry["entrepreneur"]:
        detail = entry["entrepreneur"]
    style = "bold" if vp > 0 else "dim" if vp == 0 else ""
    return score_cell(vp, style, detail)


class GameOverScreen(FinalScoringScreen):
    """The final scoring table."""

    DEFAULT_CSS = """
    GameOverScreen > Vertical { max-width: 110; }
    GameOverScreen DataTable { height: auto; max-height: 16; }
    """
    GAME = "wishland"

    def __init__(self, view: dict, seed: int | None = None, you: int | None = None, best=None):
        super().__init__(view, seed, you)
        self.best = best
        """Solo: the `wish_tui.best_scores.BestResult` of this game."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(verdict(self.view, self.best), id="verdict")
            yield DataTable(id="scores", cursor_type="none", zebra_stripes=True)
            yield Label(self._notes(), id="notes")
        yield KeyFooter()

    def _notes(self) -> str:
        seed = self.seed_note()
        narrow = self.is_attached and self.app.size.width < NARROW_BELOW
        lines = [] if narrow else [SCORING_KEY]  # a phone's cells show no brackets
        best = self.best
        if best is not None:
            kept = "  ".join(
                f"{i}. {e['score']}{' ◀ this game' if e.get('id') == best.game_id else ''}"
                for i, e in enumerate(best.table[:10], 1)
            )
            lines.append(f"Best scores, {setup_words(best.setup)}: {kept or '—'}")
            if best.warning:
                lines.append(best.warning)
        elif not self.view["solo"]:
            lines.append("Ties go to the rightmost Turn Order space (the tie-break row).")
        if seed:
            lines.append(seed)
        return "\n".join(lines)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        scores = self.view["scores"]
        entries = scores["seats"]
        place = places_of(scores)
        solo = self.view["solo"]
        narrow = self.app.size.width < NARROW_BELOW
        table.add_column("" if narrow else "Final Scoring", key="step")
        for e in entries:
            mine = e["seat"] == self.you and len(entries) > 1
            me = ("◀" if narrow else " (you)") if mine else ""
            title = "You" if solo else f"{seat_title(e['colour'])}{me}"
            table.add_column(title)
        for step, label in STEP_LABELS:
            if step == "entrepreneur" and not self.view["options"]["entrepreneurs"]:
                continue
            if narrow:
                label = NARROW_LABELS.get(step, label)
                cells = [score_cell(e["steps"][step]) for e in entries]
            else:
                cells = [step_cell(e, step) for e in entries]
            table.add_row(label, *cells)
        add_totals(table, entries, None if solo else place)
        if not solo:
            table.add_row(
                "Order" if narrow else "Turn Order (tie-break)",
                *(f"{e['turn_order_space']:>3}" for e in entries),
            )
