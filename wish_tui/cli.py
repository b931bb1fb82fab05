"""The `wish-tui` command line. Imports no Textual until the UI is really needed, and a bare
`wish-tui` (the title screen) builds no argument parser."""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

from wish_tui import __version__, games
from wish_tui.core.bots import LEVELS
from wish_tui.core.game_spec import Game
from wish_tui.core.text import is_plain_text, plain_text
from wish_tui.launch import Launch, Seat
from wish_tui.save_lookup import no_such_save

if TYPE_CHECKING:
    import argparse

__all__ = [
    "Launch",
    "Seat",
    "UsageError",
    "build_parser",
    "launch_for_learn",
    "launch_for_new",
    "main",
    "parse_seat",
]

WHO = ("human", *LEVELS)
"""Who may play a seat: a person or a bot of one of the levels."""
SEED_BITS_RANGE = (-(1 << 63), 1 << 64)
RUN_FROM_ARGS = {
    "tournament": "wish_tui.tournament",
    "review": "wish_tui.review_cli",
    "bot": "wish_tui.bot_player.command",
}
"""Commands whose module runs them from the parsed arguments (`run_from_args`)."""


class UsageError(Exception):
    """A command-line value that is wrong; the message is one sentence for the user."""


def printable(text: str, limit: int = 300) -> str:
    """Text on one line with its odd characters escaped, cut to `limit` characters."""
    return plain_text(text, limit, odd="escape", cut="…")


def fail_usage(message: str, command: str | None = None) -> None:
    """Print one sentence about a bad command line and exit with status 2.

    Args:
        command: the subcommand whose usage was wrong (its own --help is named), if any.
    """
    message = printable(message).rstrip(".")
    prog = f"wish-tui {command}" if command else "wish-tui"
    sys.stderr.write(f"wish-tui: {message}. Run '{prog} --help' for the usage.\n")
    raise SystemExit(2)


def parse_seat(text: str, game: Game | None = None) -> Seat:
    """Read NAME:WHO, e.g. 'air:human' (a Djinn, an element or a colour, by the game).

    Raises:
        UsageError: the text is not a seat of the game and a player.
    """
    game = game or games.get(None)
    name, _, who = text.partition(":")
    name, who = name.strip().lower(), (who.strip().lower() or "human")
    if name not in game.seats:
        raise UsageError(
            f"'{text}' names no {game.seat_word} of {game.title}; use one of "
            f"{', '.join(game.seats)}, e.g. {game.seats[0]}:human"
        )
    if who not in WHO:
        raise UsageError(f"'{text}': the player must be one of {', '.join(WHO)}")
    return Seat(name, who)


def _every_option() -> list:
    """Each setup option of every game, once (games may share a flag)."""
    seen = {}
    for game in games.GAMES.values():
        for option in game.options:
            seen.setdefault(option.flag, option)
    return list(seen.values())


def _option_flags(parser: argparse.ArgumentParser) -> None:
    for option in _every_option():
        owners = [g.title for g in games.GAMES.values() if g.option(option.key)]
        help_text = f"{option.help} ({', '.join(owners)})"
        if option.is_set:
            parser.add_argument(option.flag, dest=option.key, metavar="A,B", help=help_text)
        else:
            parser.add_argument(option.flag, dest=option.key, action="store_true", help=help_text)


def _new_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a new game (`new`, and `plain`): the game, its seats, solo, seed, options."""
    names = ", ".join(games.names())
    parser.add_argument(
        "--game", default=None, metavar="GAME", help=f"which game: {names} ({games.DEFAULT})"
    )
    parser.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="NAME:WHO",
        help="a seat, in seat order: a Djinn/element (air|water|fire|earth) or a Wishland "
        "colour (red|blue|green|yellow), and who plays it: human|random|easy|medium|hard|expert; "
        "with --solo, your one seat (NAME:human)",
    )
    parser.add_argument(
        "--solo",
        nargs="?",
        const="",
        metavar="LEVEL",
        help="play solo at this difficulty (Wish: easy|medium|hard; Spirits: easy|standard|hard;"
        " Wishland: standard, the default)",
    )
    parser.add_argument(
        "--djinn", metavar="NAME", help="your seat in a solo game: the same as --seat NAME:human"
    )
    parser.add_argument("--seed", type=int, help="the seed of the shuffle (a whole number)")
    _option_flags(parser)


def build_parser() -> argparse.ArgumentParser:
    """Return the parser for every `wish-tui` command."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        """An argument parser whose errors are one clear sentence and exit 2, pointing at the
        --help of the subcommand that was misused."""

        def error(self, message: str) -> None:  # type: ignore[override]
            command = self.prog.removeprefix("wish-tui").strip()
            fail_usage(f"{message}", command or None)

        def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
            parsed, extras = super().parse_known_args(args, namespace)
            if extras and self.prog != "wish-tui":
                # A subcommand's unknown arguments are its own error, not the top parser's.
                self.error(f"unrecognized arguments: {' '.join(extras)}")
            return parsed, extras

    names = ", ".join(games.names())
    parser = _Parser(
        prog="wish-tui",
        description=(
            f"Play board games in the terminal: {', '.join(g.title for g in games.GAMES.values())}."
            " With no command: the title screen."
        ),
    )
    parser.add_argument("--version", action="version", version=f"wish-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = commands.add_parser("new", help="start a new game (no options: the new-game screen)")
    _new_arguments(new)

    plain = commands.add_parser(
        "plain",
        help="play in plain lines of text (screen readers, braille, pipes): a new game as 'new' "
        "takes it ('plain new' too), 'plain continue' or 'plain load NAME|PATH'",
    )
    plain.add_argument("how", nargs="*", metavar="new | continue | load NAME|PATH")
    _new_arguments(plain)

    learn = commands.add_parser(
        "learn",
        help="a guided first game: a short scripted opening, then free play against an easy bot",
    )
    learn.add_argument(
        "--game", default=None, metavar="GAME", help=f"which game: {names} ({games.DEFAULT})"
    )
    learn.add_argument(
        "--lesson",
        type=int,
        default=1,
        metavar="N",
        help="which lesson: 1, the first game (the default), or 2, 3, … to learn more",
    )

    commands.add_parser("continue", help="resume the most recent autosave")
    load = commands.add_parser("load", help="open a saved game by name or path")
    load.add_argument("save", metavar="NAME|PATH")
    replay = commands.add_parser(
        "replay", help="step through a saved or finished game (without NAME: the newest finished)"
    )
    replay.add_argument("save", metavar="NAME|PATH", nargs="?")
    commands.add_parser("engine", help="drive the rules with JSON lines on stdin/stdout")

    from wish_tui.bot_player.command import add_parser as bot_parser
    from wish_tui.review_cli import add_parser as review_parser
    from wish_tui.tournament import add_parser as tournament_parser

    review_parser(commands)
    bot_parser(commands)

    _option_flags(tournament_parser(commands, names))

    # The app of one SSH session of `wish-tui serve`, started by the server (not listed).
    commands.add_parser("client")
    from wish_tui.serve_args import add_parser as serve_parser

    serve_parser(commands)
    from wish_tui.club.keeper import add_parser as add_club_parser

    add_club_parser(commands)
    return parser


SERVE_RANGES = {
    "port": (0, 65535, "0 picks a free port"),
    "max_connections": (1, 1000, ""),
    "max_per_address": (1, 1000, ""),
    "login_timeout": (1, 600, "seconds"),
    "idle_timeout": (10, 7 * 24 * 3600, "seconds"),
    "apps_per_process": (1, 256, ""),
}


def check_serve(args: argparse.Namespace) -> None:
    """Check the values of `wish-tui serve`.

    Raises:
        UsageError: a value is out of its range or not an address.
    """
    for key, (low, high, note) in SERVE_RANGES.items():
        value = getattr(args, key)
        if not low <= value <= high:
            flag = "--" + key.replace("_", "-")
            extra = f" ({note})" if note else ""
            raise UsageError(f"{flag} must be a whole number from {low} to {high}{extra}")
    host = args.host
    if not host or len(host) > 253 or not is_plain_text(host) or any(c.isspace() for c in host):
        raise UsageError(f"--host {printable(host, 60)!r} is not an address or a host name")
    if args.keys is not None and not args.keys.strip():
        raise UsageError("--keys needs the path of an authorized_keys file")
    if args.database is not None:
        url = args.database
        scheme = url.split("://", 1)[0].lower() if "://" in url else ""
        if scheme not in ("postgresql", "postgres") or len(url) > 1000 or not url.isprintable():
            raise UsageError(
                f"--database {printable(url, 60)!r} is not a PostgreSQL URL "
                "(postgresql://USER@HOST:PORT/DATABASE); leave it out to keep the club in the "
                "data directory"
            )
    if args.web is not None and not 0 <= args.web <= 65535:
        raise UsageError("--web must be a port number from 0 to 65535 (0 picks a free port)")
    if args.web_url is not None:
        url = args.web_url
        if args.web is None:
            raise UsageError("--web-url goes with --web PORT")
        if (
            not url.startswith(("http://", "https://"))
            or len(url) > 200
            or not url.isprintable()
            or any(c.isspace() for c in url)
            or any(c in url for c in "?#")
        ):
            raise UsageError(
                f"--web-url {printable(url, 60)!r} is not an address such as https://HOST"
            )


def _serve(args: argparse.Namespace) -> int:
    check_serve(args)
    try:
        from wish_tui.server import serve
        from wish_tui.server.ssh.front import Limits
        from wish_tui.session_app import POOLED_CLIENT
    except ImportError as exc:
        raise UsageError(
            f"'wish-tui serve' needs {exc.name or 'asyncssh'}; install it with "
            "'pip install asyncssh'"
        ) from None
    from pathlib import Path

    limits = Limits(
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        login_timeout=args.login_timeout,
        idle_timeout=args.idle_timeout,
        apps_per_process=args.apps_per_process,
    )
    options = serve.ServeOptions(
        host=args.host,
        port=args.port,
        is_open=args.open,
        keys=Path(args.keys).expanduser() if args.keys else None,
        limits=limits,
        web_port=args.web,
        web_url=args.web_url or "",
        database=args.database or "",
        new_club=args.new_club,
        smtp=args.smtp,
        app=POOLED_CLIENT,
    )
    return serve.run(options)


def _game(args: argparse.Namespace) -> Game:
    try:
        return games.get(args.game)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _new_options(game: Game, args: argparse.Namespace) -> dict:
    given = {}
    for option in _every_option():
        value = getattr(args, option.key, None)
        if value in (None, False):
            continue
        if game.option(option.key) is None:
            others = [g.title for g in games.GAMES.values() if g.option(option.key)]
            raise UsageError(f"{option.flag} is for {' and '.join(others)}, not {game.title}")
        given[option.key] = value
    try:
        return game.parse_options(given)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _solo_seat(game: Game, args: argparse.Namespace) -> Seat:
    """The one seat of a solo game: `--seat NAME:human` (or its alias `--djinn NAME`), else the
    game's first seat."""
    word = game.seat_word.upper()
    if args.seat and args.djinn:
        raise UsageError(f"--djinn is another name for --seat {word}:human; give only one of them")
    if len(args.seat) > 1:
        raise UsageError(f"a solo game takes exactly one --seat, yours: --seat {word}:human")
    if args.seat:
        seat = parse_seat(args.seat[0], game)
        if seat.who != "human":
            raise UsageError(
                f"the seat of a solo game is played by you: --seat {seat.name}:human, "
                f"not {seat.who}"
            )
        return seat
    name = (args.djinn or "").strip().lower()
    if not name:
        return Seat(game.seats[0], "human")  # every game seats you at its first seat
    if name not in game.seats:
        raise UsageError(f"--djinn must be one of {', '.join(game.seats)} in {game.title}")
    return Seat(name, "human")


def _solo_launch(game: Game, args: argparse.Namespace, options: dict) -> Launch:
    levels = game.solo_levels
    if not levels:
        raise UsageError(f"{game.title} has no solo mode")
    level = args.solo
    if level is None:
        raise UsageError(
            f"--djinn names your {game.seat_word} in a solo game; add --solo LEVEL "
            f"({'|'.join(levels)}) to play one, or use --seat for a game between seats"
        )
    if level == "":
        if len(levels) != 1:
            raise UsageError(
                f"a solo game of {game.title} needs a level: --solo {'|'.join(levels)}"
            )
        level = levels[0]
    if level not in levels:
        raise UsageError(f"'{level}' is not a solo level of {game.title}; use {', '.join(levels)}")
    conflict = game.solo_conflict(options)
    if conflict:
        raise UsageError(conflict)
    seat = _solo_seat(game, args)
    return Launch("game", (seat,), args.seed, level, game=game.name, options=options)


def launch_for_new(args: argparse.Namespace) -> Launch:
    """Turn `wish-tui new …` options into a Launch.

    Raises:
        UsageError: the options do not describe a game.
    """
    game = _game(args)
    if args.seed is not None and not SEED_BITS_RANGE[0] <= args.seed < SEED_BITS_RANGE[1]:
        raise UsageError("--seed must be a whole number of at most 64 bits")
    options = _new_options(game, args)
    if args.solo is not None or args.djinn:
        return _solo_launch(game, args, options)
    if not args.seat:
        return Launch("new-game", seed=args.seed, game=args.game and game.name, options=options)
    seats = tuple(parse_seat(text, game) for text in args.seat)
    if len(seats) > game.max_seats:
        raise UsageError(f"{game.title} is played by at most {game.max_seats} seats")
    if len(seats) < game.min_seats and not game.solo_levels:
        raise UsageError(f"{game.title} is played by {game.min_seats} to {game.max_seats} seats")
    if len(seats) == 1:
        raise UsageError(
            f"one seat is a solo game: add --solo LEVEL ({'|'.join(game.solo_levels)}) to "
            f"--seat {seats[0].name}:human"
        )
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise UsageError(f"each {game.seat_word} can sit at only one seat")
    return Launch("game", seats, args.seed, game=game.name, options=options)


def launch_for_learn(args: argparse.Namespace) -> Launch:
    """Turn `wish-tui learn [--game G]` into a Launch.

    Raises:
        UsageError: the game is not one of the registry's.
    """
    return Launch("learn", game=_game(args).name, lesson=args.lesson)


def launch_for_replay(args: argparse.Namespace) -> Launch:
    """Turn `wish-tui replay [NAME|PATH]` into a Launch (without a name: the newest finished).

    Raises:
        UsageError: the name names no save, or no game has been finished yet.
    """
    from wish_tui.save_lookup import newest_finished

    path = args.save if args.save is not None else newest_finished(games.GAMES)
    if path is None:
        raise UsageError(
            "there is no finished game to replay yet; 'wish-tui replay NAME' replays a save, "
            "and a game played to its end is kept for replay"
        )
    if no_such_save(path):
        raise UsageError(no_such_save(path))
    return Launch("replay", path=path)


def launch_for_plain(args: argparse.Namespace) -> Launch:
    """Turn `wish-tui plain …` into a Launch: a new game as `new` takes it (without seats: the
    client asks for one; `plain new …` is the same), `continue`, or `load NAME|PATH`.

    Raises:
        UsageError: the words or options do not describe a game.
    """
    how = list(args.how)
    given = [
        flag
        for flag, value in (
            ("--game", args.game),
            ("--seat", args.seat),
            ("--solo", args.solo),
            ("--djinn", args.djinn),
            ("--seed", args.seed),
        )
        if value not in (None, [], False)
    ]
    if how in ([], ["new"]):
        return launch_for_new(args)
    if how[0] not in ("continue", "load") or (how[0] == "continue" and len(how) != 1):
        raise UsageError(f"'{printable(' '.join(how), 60)}' is not new, continue or load NAME|PATH")
    if how[0] == "load" and len(how) != 2:
        raise UsageError("load needs one save: plain load NAME|PATH")
    if given or any(getattr(args, o.key, None) for o in _every_option()):
        raise UsageError(
            f"{how[0]} opens a game as it was saved: it takes no {given[0] if given else 'option'}"
        )
    if how[0] == "continue":
        return Launch("continue")
    missing = no_such_save(how[1])
    if missing:
        raise UsageError(missing)
    return Launch("load", path=how[1])


def launch_for_client() -> Launch:
    """The app of one SSH session of `wish-tui serve` (its server sets the environment).

    Raises:
        UsageError: the process was not started by `wish-tui serve`.
    """
    from wish_tui.core import environment

    if not environment.get("WISH_TUI_SERVE_SOCKET") or not environment.get("WISH_TUI_SERVE_TOKEN"):
        raise UsageError("'wish-tui client' is started by 'wish-tui serve' for each player")
    return Launch("client")


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    if not (sys.argv[1:] if argv is None else argv):
        from wish_tui.ui.app import run_app

        return run_app(Launch("title"))  # the common start needs no parser
    args = build_parser().parse_args(argv)
    try:
        if args.command == "engine":
            from wish_tui.engine_protocol import serve

            return serve(sys.stdin, sys.stdout)
        if args.command == "serve":
            return _serve(args)
        if args.command == "club":
            from wish_tui.club.keeper import run as run_club

            status = run_club(args)
            sys.stdout.flush()  # a reader gone is noticed here, not at the interpreter's exit
            return status
        if args.command in RUN_FROM_ARGS:
            return importlib.import_module(RUN_FROM_ARGS[args.command]).run_from_args(args)
        if args.command == "plain":
            launch = launch_for_plain(args)
            from wish_tui.plain.local import run as run_plain

            return run_plain(launch)
        if args.command == "new":
            launch = launch_for_new(args)
        elif args.command == "learn":
            launch = launch_for_learn(args)
            from wish_tui import lessons

            problem = lessons.problem(games.get(launch.game), launch.lesson, games.GAMES)
            if problem:
                sys.stderr.write(f"wish-tui: {problem}\n")
                return 1
        elif args.command == "continue":
            launch = Launch("continue")
        elif args.command == "load":
            missing = no_such_save(args.save)
            if missing:
                sys.stderr.write(f"wish-tui: {missing}.\n")
                return 1
            launch = Launch(args.command, path=args.save)
        elif args.command == "replay":
            try:
                launch = launch_for_replay(args)
            except UsageError as exc:
                sys.stderr.write(f"wish-tui: {exc}.\n")
                return 1
        elif args.command == "client":
            launch = launch_for_client()
            from wish_tui import plain

            if plain.wanted():
                from wish_tui.plain.remote import run as run_plain_client

                return run_plain_client()
        else:
            launch = Launch("title")
    except UsageError as exc:
        fail_usage(str(exc), args.command)
    except BrokenPipeError:  # `wish-tui club history | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    from wish_tui.ui.app import run_app

    return run_app(launch)
