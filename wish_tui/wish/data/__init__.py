"""Wish's printed data as TOML; `load_raw` reads it for the pure parser in `rules.catalog`."""

from __future__ import annotations

from wish_tui.core.data_files import load_tables

DATA_FILES = ("map", "monuments", "djinns", "cards", "caravan", "solo")


def load_raw() -> dict[str, dict]:
    """Read every data file of this package and return them by name."""
    return load_tables(__name__, DATA_FILES)
