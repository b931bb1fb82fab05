"""Game over: every seat's twelve categories (with the −3s), the Wish and the Hex, the total, the
tie-break (fewer tiles) and the places; in solo the verdict, the points and the title earned."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Label

from wish_tui.core.ranking import places_of
from wish_tui.spirits.rules import CATALOG, CATEGORIES, SPIRITS
from wish_tui.spirits.ui.style import ink
from wish_tui.spirits.words.marks import CATEGORY_CODE, SEAT_TITLE, category_name
from wish_tui.spirits.words.text import may_lead
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.screens.score_cells import ORDINAL, add_totals, score_cell
from wish_tui.widgets.key_footer import KeyFooter
from wish_tui.widgets.view_text import NARROW_BELOW


def verdict(view: dict) -> str:
    """One sentence: who won (solo: whether you won, your points and your title)."""
    scores = view["scores"]
    seats = scores["seats"]
    if view["solo"]:
        solo = scores["solo"]
        if solo["verdict"] == "win":
            return f"You win with {solo['points']} points: {solo['title']}!"
        lost = solo["lost_spirits"]
        names = ", ".join(category_name(s) for s in lost)
        return (
            f"The forest wins: it has more in {len(lost)} spirit{'s' if len(lost) > 1 else ''} "
            f"({names}), and you win only if it leads in {may_lead(solo['forgiven'])}. "
            f"{solo['title']}; you scored {solo['points']}."
        )
    if not scores["winners"]:
        return "No one wins: the game was aborted."
    winners = [SEAT_TITLE[seats[s]["djinn"]] for s in scores["winners"]]
    total = seats[scores["winners"][0]]["total"]
    outcomes = scores.get("outcomes") or [""] * len(seats)
    # a seat given up for good is last whatever its points: no tie-break with it
    tied = [s for s in seats if s["total"] == total and not outcomes[s["seat"]]]
    tiebreak = ""
    if len(tied) > len(scores["winners"]):
        tiebreak = " (a tie on points, decided by fewer tiles)"
    if len(winners) > 1:
        return f"{' and '.join(winners)} share the victory with {total} points!"
    return f"{winners[0]} wins with {total} points{tiebreak}!"


def cell(points: int, count: int | None, tokens_only: bool = False) -> Text:
    """A category's points, and the count it was scored on (None: not said, on a phone);
    `tokens_only`: the count is Favor tokens without a tile, so still −3 ('(1!)')."""
    style = ink("red") if points < 0 else "bold" if points > 0 else ""
    mark = "!" if tokens_only else ""
    return score_cell(points, style, "" if count is None else f"({count}{mark})")


class GameOverScreen(FinalScoringScreen):
    """The final scoring table."""

    DEFAULT_CSS = """
    GameOverScreen > Vertical { max-width: 100; }
    GameOverScreen DataTable { height: auto; max-height: 18; }
    """
    GAME = "spirits"

    def __init__(
        self,
        view: dict,
        seed: int | None = None,
        you: int | None = None,
        reward_tokens: dict[int, str] | None = None,
    ) -> None:
        super().__init__(view, seed, you)
        self.reward_tokens = reward_tokens or {}
        """Per seat, the category of the Favor token its Wish paid (the score sheet counts each
        category without the seat's own Wish reward, which the Wish row shows)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(verdict(self.view), id="verdict")
            yield DataTable(id="scores", cursor_type="none", zebra_stripes=True)
            yield Label(self._notes(), id="notes")
        yield KeyFooter()

    def _notes(self) -> str:
        seed = f"\n{self.seed_note()}" if self.seed is not None else ""
        if self.view["solo"]:
            bands = ", ".join(f"{low}+ {t}" for low, t in CATALOG.solo_results if low > -1000)
            return (
                f"Points: your count where you lead or tie, −3 without a tile. Titles: {bands}, "
                f"else {CATALOG.solo_results[-1][1]}.{seed}"
            )
        if self._narrow:
            return f"−3 no tile of a category · a tie goes to fewer tiles{seed}"
        reward = ", the Wish's reward apart" if "wishes" in self.view["modules"] else ""
        tokens = " · (n!) tokens, no tile: still −3" if self._any_tokens_only() else ""
        return (
            f"(n) symbols on tiles + Favor tokens{reward} · −3 no tile of it{tokens} · "
            f"a tie goes to fewer tiles{seed}"
        )

    def _any_tokens_only(self) -> bool:
        """True when a seat scores −3 in a category it holds Favor tokens of (no tile)."""
        entries = self.view.get("scores", {}).get("seats", ())
        return any(self._tokens_only(e, c) for e in entries for c in e["penalties"])

    def _tokens_only(self, entry: dict, category: str) -> bool:
        """True when `entry`'s seat scores −3 in `category` though its count there is not 0:
        a Favor token but no tile (only tiles save a seat from the −3)."""
        return category in entry["penalties"] and self._count(entry, category) > 0

    @property
    def _tight(self) -> bool:
        """True when each seat's column is kept short ('◀' for '(you)', '✓' for '✓ met'):
        four seats' full columns are wider than an 80-column window."""
        seats = len(self.view["scores"]["seats"])
        return self.is_attached and self.app.size.width < 24 + 18 * seats

    @property
    def _narrow(self) -> bool:
        """True on a phone's narrow screen: the table's words and counts are shorter, so that
        every seat's column shows."""
        return self.is_attached and self.app.size.width < NARROW_BELOW

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        if self.view["solo"]:
            self._solo_table(table)
        else:
            self._table(table)

    def _table(self, table: DataTable) -> None:
        scores = self.view["scores"]
        entries = scores["seats"]
        place = places_of(scores)
        narrow = self._narrow
        self._columns(table, entries, place)
        modules = self.view["modules"]
        met, avoided = ("✓", "✓") if narrow or self._tight else ("✓ met", "✓ avoided")
        if "wishes" in modules:
            table.add_row(
                "Wish",
                *(
                    Text(f"{e['steps']['wish']:>+3} {met if e['wish_met'] else '✗'}")
                    for e in entries
                ),
            )
        for category in CATEGORIES:
            label = CATEGORY_CODE[category]
            if not narrow:
                label += f" {category_name(category)}"
            table.add_row(
                label,
                *(
                    cell(
                        e["steps"][category],
                        None if narrow else self._count(e, category),
                        self._tokens_only(e, category),
                    )
                    for e in entries
                ),
            )
        if "hexes" in modules:
            table.add_row(
                "Hex",
                *(
                    Text(f"{e['steps']['hex']:>3} {avoided if e['hex_met'] else '✗'}")
                    for e in entries
                ),
            )
        add_totals(table, entries, place if narrow else None)  # wider: each place in its title
        table.add_row(
            "Tiles" if narrow else "Tiles (tie-break)", *(f"{e['tiles']:>3}" for e in entries)
        )

    def _columns(self, table: DataTable, entries: list[dict], place: dict) -> None:
        """The table's columns: the steps', then each seat's (on a phone without its place)."""
        narrow = self._narrow
        table.add_column("", key="step")
        for e in entries:
            short = narrow or self._tight
            me = ("◀" if short else " (you)") if e["seat"] == self.you and len(entries) > 1 else ""
            rank = "" if narrow else ORDINAL.get(place.get(e["seat"], 0), "")
            table.add_column(f"{SEAT_TITLE[e['djinn']]}{me} {rank}".rstrip())

    def _count(self, entry: dict, category: str) -> int:
        """A seat's count in a category without its own Wish reward (what the sheet scores)."""
        seat = entry["seat"]
        count = entry["counts"][category]
        count -= self.view["players"][seat]["bonus"][category]
        return count - (self.reward_tokens.get(seat) == category)

    def _solo_table(self, table: DataTable) -> None:
        scores = self.view["scores"]
        entry = scores["seats"][0]
        solo = scores["solo"]
        narrow = self._narrow  # on a phone: codes for names
        table.add_columns("Spirit", "You", "Forest", "Points")
        for spirit in SPIRITS:
            mine, theirs = entry["counts"][spirit], solo["opponent_counts"][spirit]
            lost = spirit in solo["lost_spirits"]
            mark = (" ✗" if narrow else " ✗ more") if lost else ""
            name = "" if narrow else f" {category_name(spirit)}"
            table.add_row(
                f"{CATEGORY_CODE[spirit]}{name}",
                f"{mine:>3}",
                f"{theirs:>3}{mark}",
                cell(entry["steps"][spirit], None),  # its count is the You column's
            )
        table.add_row(Text("Total", "bold"), "", "", score_cell(entry["total"], "bold"))
