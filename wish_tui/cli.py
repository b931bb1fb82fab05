"""The `wish-tui` command line. Imports no Textual until the UI is really needed."""

from __future__ import annotations

import argparse
import sys

from wish_tui import __version__


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one clear sentence and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"wish-tui: {message}. Run 'wish-tui --help' for the usage.\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for every `wish-tui` command."""
    parser = _Parser(prog="wish-tui", description="Play the board game Wish in the terminal.")
    parser.add_argument("--version", action="version", version=f"wish-tui {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    build_parser().parse_args(argv)
    print(
        "wish-tui: the terminal table is not built yet; the rules engine is in wish_tui.wish.rules."
    )
    return 0
