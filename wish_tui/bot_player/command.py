"""`wish-tui bot`: one of the project's bots plays in a club as an outside bot.

    wish-tui bot --level hard --server HOST[:PORT] [--key PATH]        over SSH, as bot@HOST
    wish-tui bot --level easy --server http://HOST:PORT --token TOKEN  over the web front end

It takes the challenges it is let take (`--accept`), plays every table it sits at, and says one
line a table on standard error. Ctrl-C stops it (its seats stay: the club treats it as a person
who left).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path

from wish_tui.core.bots import LEVELS

from .chooser import Chooser
from .player import ACCEPT, BotPlayer
from .transports import TransportError, play_over_http, run_ssh

TOKEN_ENV = "WISH_TUI_BOT_TOKEN"
"""Where the token may be given instead of --token (kept out of the process list)."""


def add_parser(commands) -> argparse.ArgumentParser:
    """The `bot` command's arguments."""
    bot = commands.add_parser("bot", help="play in a club as an outside bot (docs/bot-protocol.md)")
    bot.add_argument("--level", choices=LEVELS, default="hard", help="the bot that plays (hard)")
    bot.add_argument(
        "--server",
        required=True,
        metavar="HOST[:PORT]",
        help="the club: HOST[:PORT] over SSH (2222), or http(s)://HOST:PORT with --token",
    )
    how = bot.add_mutually_exclusive_group()
    how.add_argument("--key", metavar="PATH", help="the bot member's private key (SSH)")
    how.add_argument(
        "--token", metavar="TOKEN", help=f"the bot member's token (HTTP; or {TOKEN_ENV})"
    )
    bot.add_argument(
        "--known-hosts",
        metavar="PATH|none",
        default="",
        help="the known hosts file that checks the server's key (SSH; ssh's own by default)",
    )
    bot.add_argument("--accept", choices=ACCEPT, default="all", help="the challenges it takes")
    bot.add_argument("--games", type=int, default=0, metavar="N", help="stop after N games")
    bot.add_argument("--seed", type=int, default=None, help="the bot's seed (random by default)")
    return bot


def run_from_args(args) -> int:
    """Run `wish-tui bot`; return the exit status."""
    token = args.token or os.environ.get(TOKEN_ENV, "")
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    player = BotPlayer(Chooser(args.level, seed), args.accept, _say, stop_after=max(0, args.games))
    try:
        if token and not args.key:
            play_over_http(args.server, token, player.answer, lambda: player.done)
        else:
            key = Path(args.key).expanduser() if args.key else None
            if key is not None and not key.is_file():
                return _fail(f"there is no key file {key}")
            run_ssh(args.server, key, args.known_hosts, player.answer, lambda: player.done)
    except TransportError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        _say("Stopped; the bot's seats stay at their tables.")
        return 130
    return 0


def _say(line: str) -> None:
    sys.stderr.write(f"wish-tui bot: {line}\n")
    sys.stderr.flush()


def _fail(sentence: str) -> int:
    _say(f"{sentence}.")
    return 1
