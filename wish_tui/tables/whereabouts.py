"""Where a person online is, as the lobby's list says it and both clients word it: one list of
table ids, those they sit at, then those they watch, each of these marked ('watching 9a8b7c')."""

from __future__ import annotations

WATCHING = "watching "
"""What marks a table a person watches in their list of tables."""


def watched(table_id: str) -> str:
    """`table_id` in a person's list of tables, as a table they watch."""
    return WATCHING + table_id


def where_words(tables: list[str], most: int | None = None) -> str:
    """'seats at 7b1b73, de5b88; watching 9a8b7c' ('' for no table). A table listed unmarked
    is one the person holds a seat at, there now or not (back in the lobby, the seat stays
    theirs): the words say the seat, never that they are at the table. `most`: name at most so
    many tables of each kind and count the rest ('seats at 7b1b73, de5b88 +18')."""
    at = [table for table in tables if not table.startswith(WATCHING)]
    seen = [table[len(WATCHING) :] for table in tables if table.startswith(WATCHING)]
    parts = [f"{'seat' if len(at) == 1 else 'seats'} at {_listed(at, most)}"] if at else []
    parts += [f"watching {_listed(seen, most)}"] if seen else []
    return "; ".join(parts)


def _listed(ids: list[str], most: int | None) -> str:
    """'a, b, c' or, past `most` ids, the first `most` and how many more ('a, b +5')."""
    if most is None or len(ids) <= most:
        return ", ".join(ids)
    return f"{', '.join(ids[:most])} +{len(ids) - most}"
