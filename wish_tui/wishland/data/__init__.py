"""Wishland's printed and designed data as TOML; `load_raw` reads it for `rules.catalog`."""

from __future__ import annotations

import tomllib
from importlib import resources

DATA_FILES = (
    "board",
    "rides",
    "restaurants",
    "actors",
    "hotels",
    "mascots",
    "tickets",
    "entrepreneurs",
    "achievements",
    "entertainment",
    "solo",
)


def load_raw() -> dict[str, dict]:
    """Read every data file of this package and return them by name."""
    folder = resources.files(__name__)
    return {
        name: tomllib.loads(folder.joinpath(f"{name}.toml").read_text("utf-8"))
        for name in DATA_FILES
    }
