"""`wish-tui club bot`: the keeper makes bot members and their tokens (docs/bot-protocol.md).

wish-tui club bot add NAME [--key LINE] [--json]   a bot member, its token printed once
wish-tui club bot token NAME [--json]              a new token (the old one stops working)
wish-tui club bot list [--json]                    every bot member
"""

from __future__ import annotations

import json

from .errors import ClubError

COMMANDS = ("bot",)


def add_parser(inner) -> None:
    """Add `bot` and its commands to `wish-tui club`."""
    bot = inner.add_parser(
        "bot", help="bot members: programs that play in the club (docs/bot-protocol.md)"
    )
    commands = bot.add_subparsers(dest="bot_command", metavar="COMMAND", required=True)
    add = commands.add_parser("add", help="make a bot member and print its token (once)")
    add.add_argument("name", metavar="NAME")
    add.add_argument(
        "--key", metavar="LINE", default="", help="the public key line it logs in with over SSH"
    )
    token = commands.add_parser("token", help="a new token for a bot member (the old one ends)")
    token.add_argument("name", metavar="NAME")
    listed = commands.add_parser("list", help="list the bot members")
    for parser in (add, token, listed):
        parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(club, args) -> None:
    """Run one `club bot` command.

    Raises:
        ClubError: a name or key refused, or a player who is not a bot member (one sentence).
    """
    members = club.bot_members
    if args.bot_command == "list":
        _list(club, args.json)
        return
    if args.bot_command == "add":
        player, token = members.add(args.name, args.key)
        made = f"{player.name} is a bot member of the club."
    else:
        player = club.players.named(args.name)
        if not player.is_bot_member:
            raise ClubError(f"{player.name} is not a bot member of this club.")
        token = members.new_token(player.id)
        made = f"{player.name} has a new token; the old one no longer signs it in."
    keys = [k.fingerprint for k in club.players.keys_of(player.id)]
    if args.json:
        answer = {"player": {"id": player.id, "name": player.name}, "token": token, "keys": keys}
        print(json.dumps({"format": "wish_tui.club.bot", **answer}))
        return
    print(made)
    print(f"Its token (shown this once): {token}")
    print(
        "It plays with: wish-tui bot --server HOST:PORT --token TOKEN (over the web front), "
        + ("or its key over SSH (ssh bot@HOST)." if keys else "or a key given with --key.")
    )


def _list(club, as_json: bool) -> None:
    rows = [
        {
            "id": player.id,
            "name": player.name,
            "keys": [k.fingerprint for k in club.players.keys_of(player.id)],
        }
        for player in club.bot_members.listed()
    ]
    if as_json:
        print(json.dumps({"format": "wish_tui.club.bots", "bots": rows}))
        return
    if not rows:
        print("No bot member yet: wish-tui club bot add NAME makes one.")
    for row in rows:
        print(f"{row['name']}  ({len(row['keys'])} key{'' if len(row['keys']) == 1 else 's'})")
