"""The `wish-tui` command line. Imports no Textual until the UI is really needed."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

from wish_tui import __version__

DJINN_NAMES = ("air", "water", "fire", "earth")
WHO = ("human", "random", "easy", "medium", "hard")
LEVELS = ("easy", "medium", "hard")


class UsageError(Exception):
    """A command-line value that is wrong; the message is one sentence for the user."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one clear sentence and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        fail_usage(f"{message}")


def fail_usage(message: str) -> None:
    """Print one sentence about a bad command line and exit with status 2."""
    message = printable(message).rstrip(".")
    sys.stderr.write(f"wish-tui: {message}. Run 'wish-tui --help' for the usage.\n")
    raise SystemExit(2)


def printable(text: str, limit: int = 300) -> str:
    """Text on one line with its odd characters escaped, cut to `limit` characters."""
    out = "".join(
        ch
        if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF
        else ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        for ch in text
    )
    return out if len(out) <= limit else out[: limit - 1] + "…"


@dataclass(frozen=True)
class Seat:
    """One seat of a new game: its Djinn and who plays it."""

    djinn: str
    who: str


@dataclass(frozen=True)
class Launch:
    """What the terminal app should open with."""

    screen: str = "title"
    """'title', 'new-game', 'game', 'continue', 'load' or 'replay'."""
    seats: tuple[Seat, ...] = ()
    seed: int | None = None
    solo: str = ""
    path: str = ""
    extra: dict = field(default_factory=dict)


def parse_seat(text: str) -> Seat:
    """Read DJINN:WHO, e.g. 'air:human'.

    Raises:
        UsageError: the text is not a known Djinn and player.
    """
    djinn, sep, who = text.partition(":")
    djinn, who = djinn.strip().lower(), (who.strip().lower() or "human")
    if djinn not in DJINN_NAMES:
        raise UsageError(
            f"'{text}' names no Djinn; use one of {', '.join(DJINN_NAMES)}, e.g. air:human"
        )
    if who not in WHO:
        raise UsageError(f"'{text}': the player must be one of {', '.join(WHO)}")
    return Seat(djinn, who)


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for every `wish-tui` command."""
    parser = _Parser(
        prog="wish-tui",
        description="Play the board game Wish in the terminal. With no command: the title screen.",
    )
    parser.add_argument("--version", action="version", version=f"wish-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = commands.add_parser("new", help="start a new game (no options: the new-game screen)")
    new.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="DJINN:WHO",
        help="a seat, in seat order: djinn air|water|fire|earth, who human|random|easy|medium|hard",
    )
    new.add_argument("--solo", choices=LEVELS, help="play solo against the Challenge deck")
    new.add_argument("--djinn", choices=DJINN_NAMES, help="your Djinn in a solo game")
    new.add_argument("--seed", type=int, help="the seed of the shuffle (a whole number)")

    commands.add_parser("continue", help="resume the most recent autosave")
    load = commands.add_parser("load", help="open a saved game by name or path")
    load.add_argument("save", metavar="NAME|PATH")
    replay = commands.add_parser("replay", help="step through a saved or finished game")
    replay.add_argument("save", metavar="NAME|PATH")
    commands.add_parser("engine", help="drive the rules with JSON lines on stdin/stdout")

    tournament = commands.add_parser("tournament", help="play headless games between bot levels")
    tournament.add_argument("--seats", help="bot levels, comma-separated, e.g. hard,random")
    tournament.add_argument("--games", type=int, default=100, help="how many games")
    tournament.add_argument("--seed", type=int, default=1, help="the first seed")
    tournament.add_argument("--json", action="store_true", help="print one JSON object")
    tournament.add_argument("--solo", choices=LEVELS, help="solo games at this difficulty")
    tournament.add_argument("--djinn", choices=DJINN_NAMES, help="the Djinn for solo games")
    return parser


def launch_for_new(args: argparse.Namespace) -> Launch:
    """Turn `wish-tui new …` options into a Launch.

    Raises:
        UsageError: the options do not describe a game.
    """
    if args.seed is not None and not -(1 << 63) <= args.seed < 1 << 64:
        raise UsageError("--seed must be a whole number of at most 64 bits")
    if args.solo or args.djinn:
        if args.seat:
            raise UsageError("a solo game takes --djinn, not --seat")
        if not (args.solo and args.djinn):
            raise UsageError("a solo game needs both --solo LEVEL and --djinn DJINN")
        return Launch("game", (Seat(args.djinn, "human"),), args.seed, args.solo)
    if not args.seat:
        return Launch("new-game", seed=args.seed)
    seats = tuple(parse_seat(text) for text in args.seat)
    if len(seats) > 4:
        raise UsageError("Wish is played by at most 4 seats")
    if len(seats) == 1:
        raise UsageError(
            "one seat is a solo game: use --solo LEVEL --djinn DJINN instead of --seat"
        )
    djinns = [s.djinn for s in seats]
    if len(set(djinns)) != len(djinns):
        raise UsageError("each Djinn can sit at only one seat")
    return Launch("game", seats, args.seed)


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "engine":
            from wish_tui.engine_protocol import serve

            return serve(sys.stdin, sys.stdout)
        if args.command == "tournament":
            from wish_tui.wish.tournament import run_from_args

            return run_from_args(args)
        if args.command == "new":
            launch = launch_for_new(args)
        elif args.command == "continue":
            launch = Launch("continue")
        elif args.command in ("load", "replay"):
            launch = Launch(args.command, path=args.save)
        else:
            launch = Launch("title")
    except UsageError as exc:
        fail_usage(str(exc))
    from wish_tui.ui.app import run_app

    return run_app(launch)
