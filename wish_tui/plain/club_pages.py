"""The club's pages in sentences: finished games, a leaderboard, a player's page, a game's win
rates and your profile, as the table server sends them (its ``page`` messages, `club.service`).

Each function takes the page and gives its lines, one sentence each, a row of a table its own
line (a screen reader moves line by line). Nothing here asks the server anything: the lobby's
club commands do (`club_commands.py`).
"""

from __future__ import annotations

from datetime import UTC, datetime

from wish_tui import games
from wish_tui.tables.alert_words import profile_alert_lines
from wish_tui.tables.friend_words import friends_lines
from wish_tui.tables.tournament_words import lines as tournament_lines
from wish_tui.tables.tournament_words import list_lines
from wish_tui.tables.vacation_words import vacation_sentence

HISTORY_PAGE = 20
"""The rows of a history page the table server sends (a full page has a next one)."""


def when(ms: int | None, with_time: bool = True) -> str:
    """A moment of the club (milliseconds since 1970) as a date and time in UTC."""
    if not ms:
        return "an unknown day"
    moment = datetime.fromtimestamp(ms / 1000, UTC)
    return moment.strftime("%Y-%m-%d %H:%M UTC" if with_time else "%Y-%m-%d")


def game_title(name: str) -> str:
    spec = games.GAMES.get(name)
    return spec.title if spec else name


def ordinal(place: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


OUTCOMES = {"resigned": "resigned", "timeout": "out of time", "bot": "left to a bot"}


def seat_results(row: dict) -> str:
    """The seats of a finished game by place: '1st alice (Air) 34; 2nd medium (Water) 28'."""
    spec = games.GAMES.get(row.get("game", ""))
    parts = []
    for seat in sorted(row.get("seats", []), key=lambda s: (s["place"], s["seat"])):
        title = spec.seat_title(seat["name"]) if spec else seat["name"]
        who = seat.get("player") or ("open seat" if seat.get("who") == "human" else seat["who"])
        if seat.get("who") not in (None, "human") and who == seat.get("who"):
            who = f"{who} bot"
        outcome = OUTCOMES.get(seat.get("outcome", ""), "")
        place = f"{ordinal(seat['place'])} " if seat["place"] > 0 else ""  # none if aborted
        parts.append(
            f"{place}{who} ({title}) {seat['score']}" + (f", {outcome}" if outcome else "")
        )
    return "; ".join(parts)


def finished_line(row: dict) -> str:
    """A finished game in one sentence: its number, game, when, rated or not, places, scores."""
    solo = f" solo {row['solo']}" if row.get("solo") else ""
    rated = "aborted" if row.get("aborted") else "rated" if row.get("rated") else "not rated"
    return (
        f"Game {row['table_id']}, {game_title(row['game'])}{solo}, {when(row.get('finished_at'))}, "
        f"{rated}: {seat_results(row)}."
    )


def history_lines(page: dict, you: str = "") -> list[str]:
    rows = page.get("rows", [])
    whose = f"{page['player']}'s" if page.get("player") else "Everyone's"
    whose = "Your" if you and page.get("player") == you else whose
    game = f" {game_title(page['game'])}" if page.get("game") else ""
    number = int(page.get("number", 0)) + 1
    if not rows:
        if number > 1:
            return [f"{whose} finished{game} games have no page {number}."]
        return [f"{whose} finished{game} games: none yet."]
    count = len(rows)
    counted = f"{count} game{'' if count == 1 else 's'}"
    lines = [f"{whose} finished{game} games, newest first, page {number} ({counted}):"]
    lines += [finished_line(row) for row in rows]
    more = f", '{_history_command(page, you)} {number + 1}' the next page"
    more = more if count >= HISTORY_PAGE else ""
    lines.append(
        f"'game NUMBER' reads the end of one of them, 'replay NUMBER' every line of it, "
        f"'review NUMBER' the expert's review of your decisions{more}."
    )
    return lines


def _history_command(page: dict, you: str) -> str:
    """The command that asked for this history page, but its page number: 'history' (yours),
    'history all' (everyone's) or 'history NAME', with its game."""
    player = page.get("player") or ""
    whose = "" if you and player == you else player or "all"
    return " ".join(w for w in ("history", whose, page.get("game") or "") if w)


def leaderboard_lines(page: dict) -> list[str]:
    rows = page.get("rows", [])
    title = game_title(page.get("game", ""))
    number = int(page.get("number", 0)) + 1
    if not rows:
        return [
            f"The leaderboard of {title} has no one yet (page {number}): a rated game puts you on it."
        ]
    ladder = "The bots' ladder" if page.get("bots") else "The leaderboard"
    lines = [
        f"{ladder} of {title}, page {number}, by the cautious rating (openskill's "
        "ordinal: it grows as you win and as the club grows sure of you):"
    ]
    for row in rows:
        name = row["name"] + (" (bot)" if row.get("is_bot") else "")
        games_played = int(row.get("games", 0))
        lines.append(
            f"{row['rank']}. {name}, rating {row['ordinal']:.1f}, {games_played} "
            f"game{'s' if games_played != 1 else ''}."
        )
    return lines


def _trend(trend: list) -> str:
    if len(trend) < 2:
        return ""
    if trend[-1] > trend[0]:
        return ", rising"
    return ", falling" if trend[-1] < trend[0] else ", steady"


def player_lines(page: dict) -> list[str]:
    player = page.get("player", {})
    name = player.get("name", "?")
    lines = [f"{name}, in the club since {when(player.get('created_at'), False)}."]
    if player.get("profile"):
        lines.append(f"{name} writes: {player['profile']}")
    for stats in page.get("games", []):
        rating = (
            ""
            if stats.get("ordinal") is None
            else f", rating {stats['ordinal']:.1f}{_trend(stats.get('trend') or [])}"
        )
        scored = (
            "no score (each game given up before its end)"
            if stats.get("average") is None
            else f"average {stats['average']:.1f}, best {stats['best']}"
        )
        lines.append(
            f"{game_title(stats['game'])}: {stats['played']} played, {stats['won']} won "
            f"({stats['win_rate']:.0%}), {scored}{rating}."
        )
    for best in page.get("solo", []):
        lines.append(
            f"Solo {game_title(best['game'])} {best['setup']}: best {best['score']} in "
            f"{best['games']} game{'s' if best['games'] != 1 else ''}."
        )
    if len(lines) == 1 + bool(player.get("profile")):
        lines.append(f"{name} has finished no game yet.")
    return lines


def game_page_lines(page: dict) -> list[str]:
    title = game_title(page.get("game", ""))
    lines = [f"{title}: {page.get('finished', 0)} finished games between seats."]
    groups = (
        ("By seat (1 plays first)", "by_seat", "seat "),
        ("By the seat's name", "by_name", ""),
        ("By bot level", "by_bot", ""),
    )
    for heading, key, prefix in groups:
        rows = page.get(key, [])
        if not rows:
            continue
        parts = [
            f"{prefix}{row['key']}"
            + (f" of {row['seats']}" if row.get("seats") else "")
            + f" won {row['won']} of {row['played']} ({row['win_rate']:.0%})"
            for row in rows
        ]
        lines.append(f"{heading}: {'; '.join(parts)}.")
    return lines


def settings_line(player: dict) -> str:
    settings = player.get("settings") or {}
    plain = "on" if settings.get("plain") else "off"
    bell = "off" if settings.get("bell") is False else "on"
    return (
        f"Settings: plain text {plain} (on: ssh to this server starts this client for you), "
        f"bell {bell} (a bell when a decision becomes yours)."
    )


def profile_lines(page: dict) -> list[str]:
    player = page.get("player", {})
    if player.get("is_guest"):
        return [
            f"Your profile: {player.get('name', '?')}, a guest: connect with a key to keep a "
            "name, a rating and a profile.",
            settings_line(player),
        ]
    lines = [
        f"Your profile: {player.get('name', '?')}, in the club since "
        f"{when(player.get('created_at'), False)}."
    ]
    keys = [f"{k['fingerprint']} (added {when(k.get('added_at'), False)})" for k in page["keys"]]
    lines.append(f"Your keys: {'; '.join(keys)}." if keys else "You have no key here.")
    lines.append(settings_line(player))
    if player.get("profile"):
        lines.append(f"Your text: {player['profile']}")
    lines.append(rename_line(page))
    lines.extend(profile_alert_lines(page.get("alerts")))
    if page.get("vacation"):
        lines.append(vacation_sentence(page["vacation"]))
    lines.append(
        "'plain on' or 'plain off', 'bell on' or 'bell off', 'about TEXT' (a line on your "
        "page), 'key LINE' (another public key of yours), 'rename NAME', 'alerts …' (how you "
        "hear of your moves), 'vacation DAYS' or 'vacation off' change it."
    )
    return lines


def rename_line(page: dict) -> str:
    """When the player may take another name (once in 30 days), in a sentence."""
    again = page.get("rename_from")
    if again is None:
        return "You may change your name once in 30 days: 'rename NAME'."
    return f"You may change your name again from {when(again)} (once in 30 days)."


def tournament_page_lines(page: dict) -> list[str]:
    """A tournament's page, and what may be said of it."""
    number = page["tournament"]["id"]
    return [
        *tournament_lines(page),
        "",
        f"'tournament {number} enter' enters it, 'tournament {number} withdraw' leaves it (your "
        "results stay); 'replay GAME' replays a table's game.",
    ]


def tournaments_page_lines(page: dict) -> list[str]:
    """The club's tournaments, and how to read one."""
    return [*list_lines(page["tournaments"]), "'tournament ID' shows one: standings and rounds."]


PAGES = {
    "history": history_lines,
    "tournament": tournament_page_lines,
    "tournaments": tournaments_page_lines,
    "leaderboard": leaderboard_lines,
    "player": player_lines,
    "game": game_page_lines,
    "profile": profile_lines,
    "friends": friends_lines,
}


def page_lines(page: dict, you: str = "") -> list[str]:
    """Any page of the club in sentences (one for a page this client does not know), for the
    person called `you`."""
    reader = PAGES.get(str(page.get("page", "")))
    if reader is None:
        return ["The server sent a page this client cannot read."]
    try:
        return history_lines(page, you) if reader is history_lines else reader(page)
    except (KeyError, TypeError, ValueError):
        return ["The server sent a page this client cannot read."]
