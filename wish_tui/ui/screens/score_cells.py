"""The cells of a final scoring table with a column a seat: its points, its total and its place,
written alike in every game that scores in one."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import DataTable

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
"""A seat's place in words."""


def score_cell(value: int | str, style: str | Style = "", note: str = "") -> Text:
    """A value right-aligned in three columns, then what it was scored on, dimmed ('  6 (3)')."""
    text = Text(f"{value:>3}", style)
    if note:
        text.append(f" {note}", "dim")
    return text


def add_totals(table: DataTable, entries: list[dict], places: dict[int, int] | None) -> None:
    """The table's Total row, each seat's in bold; given the seats' `places`
    (`core.ranking.places_of`), its Place row under it ('—' for a seat of no place)."""
    table.add_row(Text("Total", "bold"), *(score_cell(e["total"], "bold") for e in entries))
    if places is not None:
        table.add_row(
            "Place", *(score_cell(ORDINAL.get(places.get(e["seat"], 0), "—")) for e in entries)
        )
