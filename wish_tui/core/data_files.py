"""Reading a game's data files: the TOML tables of what is printed (and designed) on its pieces.

Each game's ``data`` package names its files; the parsing into a catalog is the game's rules'
own, pure, business.
"""

from __future__ import annotations

import tomllib
from importlib import resources


def load_tables(package: str, names: tuple[str, ...]) -> dict[str, dict]:
    """Read `package`'s data files `<name>.toml` and return them by name."""
    folder = resources.files(package)
    return {
        name: tomllib.loads(folder.joinpath(f"{name}.toml").read_text("utf-8")) for name in names
    }
