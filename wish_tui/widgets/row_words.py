"""A table's highlighted row in words, one 'column: value' a line: what a phone's narrow
terminal cannot show of a row whose columns are cut at its edge."""

from __future__ import annotations

from textual.widgets import DataTable


def row_words(grid: DataTable) -> str:
    """The highlighted row of `grid`, each column's title and value ('' for no row)."""
    if not grid.row_count or grid.cursor_row is None or grid.cursor_row >= grid.row_count:
        return ""
    titles = [str(column.label) for column in grid.ordered_columns]
    values = [str(value) for value in grid.get_row_at(grid.cursor_row)]
    return "\n".join(f"{title}: {value}" for title, value in zip(titles, values, strict=False))
