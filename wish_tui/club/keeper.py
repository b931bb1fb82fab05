"""`wish-tui club`: the keeper's command line, on the club database of the data directory.

    wish-tui club players [--json]                  everyone who has come, in order of arrival
    wish-tui club ratings [--game G] [--bots] [--json]   the leaderboards (every game, or one)
    wish-tui club history [--game G] [--player NAME] [--limit N] [--json]
    wish-tui club rename OLD NEW                    give a player another name
    wish-tui club remove NAME                       remove a player (their games stay)
    wish-tui club mute NAME [--json]                mute a member's chat for everyone
    wish-tui club ban NAME [--json]                 refuse a member's logins (games, name stay)
    wish-tui club unmute NAME / unban NAME [--json] undo either
    wish-tui club problems [--json]                 the unfinished tables that cannot be resumed
    wish-tui club alerts [--json]                   the turn alerts' queue (keeper_alerts.py)
    wish-tui club vacation NAME [DAYS|off] [--json] a member's vacation (keeper_members.py)
    wish-tui club tournament create|list|show|enter|withdraw|start …   (keeper_tournaments.py)
    wish-tui club bot add|token|list …             bot members and their tokens (keeper_bots.py)
    wish-tui club --database postgresql://… COMMAND   the same, on a club in PostgreSQL

`players`, `ratings`, `history`, `problems` and `alerts` open the database to read only and
change nothing; a missing database is said in one sentence. The JSON shapes are described in docs/club.md.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime

from wish_tui import games

from .club import open_club
from .errors import ClubError
from .keeper_alerts import add_parser as add_alerts_parser
from .keeper_alerts import list_alerts
from .keeper_bots import COMMANDS as BOT_COMMANDS
from .keeper_bots import add_parser as add_bots_parser
from .keeper_bots import run as run_bots
from .keeper_members import COMMANDS as MEMBER_COMMANDS
from .keeper_members import add_parser as add_members_parser
from .keeper_members import run as run_members
from .keeper_problems import add_parser as add_problems_parser
from .keeper_problems import list_problems
from .keeper_tournaments import READ_ONLY as TOURNAMENT_READS
from .keeper_tournaments import add_parser as add_tournament_parser
from .keeper_tournaments import run as run_tournament
from .limits import REMOVED_NAME
from .standings import LADDER_BOTS, LADDER_PEOPLE

BOARD_MAX = 1000
"""Lines of a leaderboard printed at most."""
SANCTION_COMMANDS = {
    "mute": "mute a member's chat at every table, for everyone",
    "unmute": "let a muted member chat again",
    "ban": "refuse a member's logins (their name, keys and games stay; unban undoes it)",
    "unban": "let a banned member log in again",
}


def add_parser(commands) -> None:
    """Add `club` and its commands to the `wish-tui` subparsers."""
    club = commands.add_parser(
        "club", help="look after the club of wish-tui serve: players, ratings, history"
    )
    club.add_argument(
        "--database",
        metavar="URL",
        help="a club in PostgreSQL (postgresql://USER@HOST:PORT/DATABASE) instead of the data "
        "directory's SQLite file",
    )
    inner = club.add_subparsers(dest="club_command", metavar="COMMAND", required=True)
    names = ", ".join(games.names())
    players = inner.add_parser("players", help="list the club's players")
    players.add_argument("--json", action="store_true", help="print one JSON object")
    ratings = inner.add_parser("ratings", help="show the leaderboards")
    ratings.add_argument("--game", metavar="GAME", help=f"only this game: {names}")
    ratings.add_argument(
        "--bots", action="store_true", help="the bots' ladder: bot members and bot levels"
    )
    ratings.add_argument("--json", action="store_true", help="print one JSON object")
    history = inner.add_parser("history", help="list finished games, the newest first")
    history.add_argument("--game", metavar="GAME", help=f"only this game: {names}")
    history.add_argument("--player", metavar="NAME", help="only the games of this player")
    history.add_argument("--limit", type=int, default=50, metavar="N", help="how many (50)")
    history.add_argument("--json", action="store_true", help="print one JSON object")
    rename = inner.add_parser("rename", help="give a player another name")
    rename.add_argument("old", metavar="OLD")
    rename.add_argument("new", metavar="NEW")
    remove = inner.add_parser(
        "remove", help='remove a player (their games stay, by "removed player")'
    )
    remove.add_argument("name", metavar="NAME")
    for command, words in SANCTION_COMMANDS.items():
        sanction = inner.add_parser(command, help=words)
        sanction.add_argument("name", metavar="NAME")
        sanction.add_argument("--json", action="store_true", help="print one JSON object")
    add_problems_parser(inner)
    add_alerts_parser(inner)
    add_tournament_parser(inner)
    add_members_parser(inner)
    add_bots_parser(inner)


def _when(ms: int | None) -> str:
    if ms is None:
        return "-"
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M")


def _games(name: str | None) -> list[str]:
    if name is None:
        return list(games.names())
    try:
        return [games.get(name).name]
    except KeyError as exc:
        raise ClubError(str(exc.args[0])) from None


def _players(club, as_json: bool) -> None:
    sanctioned = club.moderation.sanctioned()
    rows = []
    page = 0
    while True:
        found = club.players.page(page, 500, include_removed=True)
        if not found:
            break
        for player in found:
            keys = club.db.scalar(
                "SELECT COUNT(*) FROM keys WHERE player_id = ?", (player.id,), default=0
            )
            played = club.db.scalar(
                "SELECT COUNT(*) FROM results WHERE player_id = ? AND place > 0",
                (player.id,),
                default=0,
            )
            rows.append((player, keys, played))
        page += 1
    if as_json:
        print(
            json.dumps(
                {
                    "format": "wish_tui.club.players",
                    "players": [
                        {
                            "id": p.id,
                            "name": p.name,
                            "guest": p.is_guest,
                            "removed": p.is_removed,
                            "created_at": p.created_at,
                            "seen_at": p.seen_at,
                            "keys": keys,
                            "games": played,
                        }
                        for p, keys, played in rows
                    ],
                }
            )
        )
        return
    if not rows:
        print("No player has come to the club yet.")
        return
    print(f"{'id':>5}  {'name':<20}  {'kind':<8}  {'keys':>4}  {'games':>5}  last seen")
    for player, keys, played in rows:
        kind = "removed" if player.is_removed else "guest" if player.is_guest else "player"
        kind = "bot" if player.is_bot_member and not player.is_removed else kind
        held = sanctioned.get(player.id, ())
        kind = "banned" if "ban" in held else "muted" if "mute" in held else kind
        print(
            f"{player.id:>5}  {player.name:<20}  {kind:<8}  {keys:>4}  {played:>5}  "
            f"{_when(player.seen_at)}"
        )


def _ratings(club, game: str | None, as_json: bool, bots: bool = False) -> None:
    ladder = LADDER_BOTS if bots else LADDER_PEOPLE
    boards = {}
    for name in _games(game):
        rows = []
        page = 0
        while len(rows) < BOARD_MAX:
            found = club.standings.leaderboard(name, page, 100, ladder)
            rows.extend(found)
            if len(found) < 100:
                break
            page += 1
        boards[name] = rows[:BOARD_MAX]
    if as_json:
        print(
            json.dumps(
                {
                    "format": "wish_tui.club.ratings",
                    "games": {
                        name: [
                            {
                                "rank": r.rank,
                                "player_id": r.player_id,
                                "name": r.name,
                                "bot": r.is_bot,
                                "ordinal": round(r.ordinal, 3),
                                "mu": round(r.mu, 3),
                                "sigma": round(r.sigma, 3),
                                "games": r.games,
                            }
                            for r in rows
                        ]
                        for name, rows in boards.items()
                    },
                }
            )
        )
        return
    for name, rows in boards.items():
        print(f"{games.get(name).title}")
        if not rows:
            print("  no rated game yet")
            continue
        for r in rows:
            shown = f"{r.name} (bot)" if r.is_bot else r.name
            games_word = "game" if r.games == 1 else "games"
            print(f"  {r.rank:>4}. {shown:<26} {r.ordinal:7.2f}  {r.games:>5} {games_word}")


def _history(club, game: str | None, player: str | None, limit: int, as_json: bool) -> None:
    if not 1 <= limit <= 10_000:
        raise ClubError("--limit is a whole number from 1 to 10000.")
    wanted = _games(game)[0] if game is not None else None
    player_id = club.players.named(player).id if player is not None else None
    found = []
    page = 0
    while len(found) < limit:
        rows = club.history.page(player_id=player_id, game=wanted, page=page, size=100)
        found.extend(rows)
        if len(rows) < 100:
            break
        page += 1
    found = found[:limit]
    if as_json:
        print(
            json.dumps({"format": "wish_tui.club.history", "games": [g.to_json() for g in found]})
        )
        return
    if not found:
        print("No finished game yet.")
        return
    for g in found:
        seats = ", ".join(
            f"{'-' if g.aborted else s.place}. "
            f"{s.player or REMOVED_NAME if s.who == 'human' else s.who + ' bot'} "
            f"{s.score}{' (' + s.outcome + ')' if s.outcome else ''}"
            for s in sorted(g.seats, key=lambda s: (s.place, s.seat))
        )
        mark = "aborted" if g.aborted else "rated" if g.rated else "solo" if g.solo else "unrated"
        print(f"{_when(g.finished_at)}  {g.code}  {games.get(g.game).title:<22} {mark:<7}  {seats}")


def _sanction(club, command: str, name: str, as_json: bool) -> None:
    """Mute or ban a member, or undo it; say what now holds."""
    kind = command.removeprefix("un")
    on = not command.startswith("un")
    player = club.moderation.sanction(name, kind, on)
    held = club.moderation.sanctions_of(player.id)
    if as_json:
        print(
            json.dumps(
                {
                    "format": "wish_tui.club.sanction",
                    "player": {"id": player.id, "name": player.name},
                    "muted": "mute" in held,
                    "banned": "ban" in held,
                }
            )
        )
        return
    print(
        {
            "mute": f"{player.name} is muted: their chat is refused at every table.",
            "unmute": f"{player.name} may chat again.",
            "ban": f"{player.name} is banned: their logins are refused (unban undoes it).",
            "unban": f"{player.name} may log in again.",
        }[command]
    )


def run(args) -> int:
    """Run one `wish-tui club` command; a refusal is one sentence on stderr and status 1."""
    command = args.club_command
    try:
        if command == "tournament":
            read_only = args.tournament_command in TOURNAMENT_READS
            with open_club(database=args.database, read_only=read_only) as club:
                run_tournament(club, args)
            return 0
        if command in ("players", "ratings", "history", "problems", "alerts"):
            with open_club(database=args.database, read_only=True) as club:
                if command == "problems":
                    list_problems(club, args.json)
                elif command == "alerts":
                    list_alerts(club, args.json)
                elif command == "players":
                    _players(club, args.json)
                elif command == "ratings":
                    _ratings(club, args.game, args.json, args.bots)
                else:
                    _history(club, args.game, args.player, args.limit, args.json)
            return 0
        with open_club(database=args.database) as club:
            if command in SANCTION_COMMANDS:
                _sanction(club, command, args.name, args.json)
            elif command in MEMBER_COMMANDS:
                run_members(club, args)
            elif command in BOT_COMMANDS:
                run_bots(club, args)
            elif command == "rename":
                player = club.players.named(args.old)
                renamed = club.players.rename(player.id, args.new)
                print(f"{player.name} is now called {renamed.name}.")
            else:
                player = club.players.named(args.name)
                club.players.remove(player.id)
                print(f'{player.name} was removed; their games stay, by "{REMOVED_NAME}".')
        return 0
    except ClubError as exc:
        sys.stderr.write(f"wish-tui club: {exc}\n")
        return 1
