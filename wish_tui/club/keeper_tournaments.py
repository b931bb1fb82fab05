"""`wish-tui club tournament`: the keeper creates, lists, shows and runs the club's tournaments.

    wish-tui club tournament create NAME --game G --system swiss --rounds 5 [--seats 2]
        [--kind live|turn] [--clock 10+5 | --clock 24h/14d] [--bots] [--json]
    wish-tui club tournament create NAME --game G --system arena --minutes 60 …
    wish-tui club tournament list [--status open|running|finished] [--json]
    wish-tui club tournament show ID [--json]
    wish-tui club tournament enter ID NAME       a member (or a bot level, where bots may enter)
    wish-tui club tournament withdraw ID NAME
    wish-tui club tournament start ID            close the entries; the server pairs the rounds

`list` and `show` open the database to read only. The JSON shapes are in docs/club.md.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from wish_tui import games
from wish_tui.tables.tournament_words import heading, lines

from .errors import InputRefused
from .limits import BOT_NAMES
from .tournament_page import page, summary
from .tournament_store import LIST_MAX, SYSTEMS

LIST_FORMAT = "wish_tui.club.tournaments"
READ_ONLY = ("list", "show")


def add_parser(inner) -> None:
    """Add `tournament` and its commands to the commands of `wish-tui club`."""
    tournament = inner.add_parser("tournament", help="create, list, show and start tournaments")
    commands = tournament.add_subparsers(
        dest="tournament_command", metavar="COMMAND", required=True
    )
    create = commands.add_parser("create", help="create a tournament, open for entries")
    create.add_argument("name", metavar="NAME")
    create.add_argument("--game", required=True, help=f"one of {', '.join(games.names())}")
    create.add_argument("--system", required=True, choices=SYSTEMS)
    create.add_argument("--seats", type=int, default=2, help="seats at each table, 2 to 4 (2)")
    create.add_argument("--rounds", type=int, default=0, help="a Swiss's rounds")
    create.add_argument("--minutes", type=int, default=0, help="an arena's length in minutes")
    create.add_argument("--kind", choices=("live", "turn"), default="live")
    create.add_argument(
        "--clock", help="live: MINUTES+SECONDS (10+5); turn-based: HOURSh or HOURSh/DAYSd"
    )
    create.add_argument("--bots", action="store_true", help="let bots enter, at their rating")
    create.add_argument("--json", action="store_true", help="print one JSON object")
    listing = commands.add_parser("list", help="the newest tournaments first")
    listing.add_argument("--status", choices=("open", "running", "finished"))
    listing.add_argument("--json", action="store_true", help="print one JSON object")
    show = commands.add_parser("show", help="a tournament's standings, rounds and tables")
    show.add_argument("id", type=int, metavar="ID")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    for name, words in (("enter", "enter a member or a bot"), ("withdraw", "take one out")):
        entry = commands.add_parser(name, help=words)
        entry.add_argument("id", type=int, metavar="ID")
        entry.add_argument("player", metavar="NAME")
    start = commands.add_parser("start", help="close the entries and start")
    start.add_argument("id", type=int, metavar="ID")


def parse_clock(kind: str, text: str | None) -> dict | None:
    """A clock as the keeper writes it ('10+5', '24h', '24h/14d'); None for no clock.

    Raises:
        InputRefused: the text is not a clock of that kind (one sentence).
    """
    if not text:
        return None
    live = re.fullmatch(r"(\d{1,3})\+(\d{1,3})", text)
    turn = re.fullmatch(r"(\d{1,3})h(?:/(\d{1,3})d)?", text)
    if kind == "live" and live:
        return {"type": "live", "minutes": int(live[1]), "increment": int(live[2])}
    if kind == "turn" and turn:
        return {"type": "turn", "hours": int(turn[1]), "total_days": int(turn[2] or 14)}
    shape = (
        "MINUTES+SECONDS, e.g. 10+5" if kind == "live" else "HOURSh or HOURSh/DAYSd, e.g. 24h/14d"
    )
    raise InputRefused(f"A {kind} tournament's clock is written {shape}, not '{text[:20]}'.")


def _when(ms: int | None) -> str:
    return "-" if ms is None else datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M")


def _member(club, name: str):
    if name in BOT_NAMES:
        return club.players.bot(name)
    return club.players.named(name)


def run(club, args) -> None:
    """Run one `wish-tui club tournament` command on an open club (read only for list, show)."""
    command = args.tournament_command
    store = club.tournaments
    if command == "list":
        found = store.listing(args.status, LIST_MAX)
        counted = [summary(t, len(store.entrants(t.id))) for t in found]
        if args.json:
            print(json.dumps({"format": LIST_FORMAT, "tournaments": counted}))
        elif not counted:
            print("No tournament yet: wish-tui club tournament create NAME … makes one.")
        else:
            for shown in counted:
                print(f"{heading(shown)} (created {_when(shown['created_at'])})")
        return
    if command == "create":
        made = store.create(
            args.name,
            args.system,
            args.game,
            args.seats,
            rounds=args.rounds,
            minutes=args.minutes,
            kind=args.kind,
            clock=parse_clock(args.kind, args.clock),
            bots=args.bots,
        )
        _show(store, made.id, args.json)
        return
    if command == "show":
        _show(store, args.id, args.json)
        return
    if command == "start":
        started = store.start(args.id)
        print(f"{started.name} has started: the server pairs it while it runs.")
        return
    player = _member(club, args.player)
    if command == "enter":
        found = store.join(args.id, player.id)
        print(f"{player.shown} is entered in {found.name}.")
    else:
        store.withdraw(args.id, player.id)
        print(f"{player.shown} is withdrawn from tournament {args.id}; their results stay.")


def _show(store, tournament_id: int, as_json: bool) -> None:
    shown = page(store, tournament_id)
    if as_json:
        print(json.dumps(shown))
    else:
        print("\n".join(lines(shown)))
