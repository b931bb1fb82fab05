"""The club's pages at `wish-tui serve`: the history of finished games (yours or everyone's, by
game and by player) with their replays, the leaderboards, a player's page, a game's page,
your profile (your keys, your settings), and the club's tournaments with each one's standings.

One screen shows whichever page the table server sent last (a ``page`` message); its keys ask
for another. It holds nothing of its own but what the page says.
"""

from __future__ import annotations

from datetime import UTC, datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Label, Static

from wish_tui import games
from wish_tui.tables.alert_words import ASK, HOW, alerts_request, profile_alert_lines
from wish_tui.tables.friend_words import ASK as FOLLOW_ASK
from wish_tui.tables.friend_words import HOW as FOLLOW_HOW
from wish_tui.tables.friend_words import follow_request, friends_lines
from wish_tui.tables.tournament_words import heading, length
from wish_tui.tables.tournament_words import lines as tournament_lines
from wish_tui.tables.vacation_words import ASK as VACATION_ASK
from wish_tui.tables.vacation_words import HOW as VACATION_HOW
from wish_tui.tables.vacation_words import vacation_request, vacation_sentence
from wish_tui.tables.whereabouts import where_words
from wish_tui.ui.screens.app_screen import AppScreen
from wish_tui.ui.screens.line_input import LineInput
from wish_tui.widgets.key_footer import KeyFooter
from wish_tui.widgets.row_words import row_words

PAGE_KEYS = {
    "history": "Enter replays · m yours/everyone's · g game · ←→ pages · l leaderboard · Esc back",
    "leaderboard": "Enter: the player's page · g game · ←→ pages · b the bots' ladder · "
    "h history · Esc back",
    "bots": "g game · ←→ pages · b the people's leaderboard · h history · Esc back",
    "player": "h their history · l leaderboard · f follow or block · Esc back",
    "own": "h your history · l leaderboard · f your friends · Esc back",
    "game": "g another game · l its leaderboard · Esc back",
    "profile": "k adds a key (paste its line) · b bell on/off · t your text · n your name · "
    "a turn alerts · v vacation · f friends · Esc back",
    "friends": "f follow or block someone · y your profile · Esc back",
    "tournaments": "Enter: the tournament's standings and rounds · Esc back",
    "tournament": "e enters it · x withdraws from it (your results stay) · o the list · Esc back",
}


NO_TOURNAMENT = (
    "The club has no tournament yet. This app has no key to create one: a member does in the "
    "plain client (SSH user name plain) with 'tournament new swiss wish 5 NAME' (or 'tournament "
    "new arena GAME MINUTES NAME'); the club's keeper with 'wish-tui club tournament create'."
)
"""The empty list of tournaments, with how one is made."""
ON_PAGE = {"bell": "profile", "bots_ladder": "leaderboard"}
"""The actions that share a key (b), and the page each works on."""


def _day(ms: int | None) -> str:
    if not ms:
        return ""
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d")


def _game_title(name: str) -> str:
    spec = games.GAMES.get(name)
    return spec.title if spec else name


class ClubPageScreen(AppScreen):
    """One page of the club."""

    DEFAULT_CSS = """
    ClubPageScreen > Vertical { height: 1fr; }
    ClubPageScreen DataTable { height: 1fr; }
    ClubPageScreen #club-title, ClubPageScreen #club-keys { width: 100%; }
    ClubPageScreen #club-text { height: auto; max-height: 8; padding: 0 1; }
    ClubPageScreen #club-row { display: none; }
    ClubPageScreen.-slim #club-row {
        display: block; height: auto; max-height: 7; padding: 0 1; border-top: solid $accent;
    }
    ClubPageScreen.-slim DataTable { min-height: 4; }
    """
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        # The rows' table would take these keys for its cursor: the page's come first.
        Binding("enter", "open", "Open", show=False, priority=True),
        Binding("m", "mine", "Yours/all", show=False),
        Binding("g", "next_game", "Game", show=False),
        Binding("left", "page(-1)", show=False, priority=True),
        Binding("right", "page(1)", show=False, priority=True),
        Binding("h", "history", "History", show=False),
        Binding("l", "leaderboard", "Leaderboard", show=False),
        Binding("k", "add_key", "Add a key", show=False),
        Binding("b", "bell", "Bell", show=False),
        Binding("b", "bots_ladder", "Bots' ladder", show=False),
        Binding("t", "profile_text", "Text", show=False),
        Binding("n", "rename", "Name", show=False),
        Binding("a", "alerts", "Alerts", show=False),
        Binding("v", "vacation", "Vacation", show=False),
        Binding("f", "follow", "Follow", show=False),
        Binding("y", "profile", "Profile", show=False),
        Binding("e", "enter_tournament", "Enter", show=False),
        Binding("x", "withdraw", "Withdraw", show=False),
        Binding("o", "tournaments", "Tournaments", show=False),
    ]

    def __init__(self, message: dict) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="club-title")
            yield DataTable(id="club-rows", cursor_type="row", zebra_stripes=True)
            # On a phone's narrow terminal the highlighted row whole, its columns cut above.
            yield Static("", id="club-row")
            yield Static("", id="club-text")
            yield Label("", id="club-keys")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show(self.message)

    # -- showing a page ------------------------------------------------------------------------
    def show(self, message: dict) -> None:
        """Show a page the table server sent."""
        self.message = message
        kind = message.get("page", "")
        grid = self.query_one(DataTable)
        grid.clear(columns=True)
        pages = {
            "history": self._history,
            "leaderboard": self._leaderboard,
            "player": self._player,
            "game": self._game,
            "profile": self._profile,
            "friends": self._friends,
            "tournaments": self._tournaments,
            "tournament": self._tournament,
        }
        title, text = pages.get(kind, self._unknown)(message, grid)
        self.query_one("#club-title", Label).update(title)
        self.query_one("#club-text", Static).update(text)
        keys = "bots" if kind == "leaderboard" and message.get("bots") else kind
        keys = "own" if kind == "player" and self._is_own_page() else keys
        self.query_one("#club-keys", Label).update(PAGE_KEYS.get(keys, "Esc back"))
        self.query_one("#club-row", Static).update(row_words(grid))
        grid.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.query_one("#club-row", Static).update(row_words(self.query_one(DataTable)))

    def _unknown(self, message: dict, grid: DataTable) -> tuple[str, str]:
        return "The club", ""

    def _history(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("Day", "Game", "Seats and scores", "Rated")
        for game in message.get("rows", []):
            seats = ", ".join(
                (f"{s['place']}. " if s["place"] > 0 else "")  # an aborted game has no places
                + f"{s['player'] or s['name']} {s['score']}"
                + (f" ({s['outcome']})" if s.get("outcome") else "")
                for s in sorted(game["seats"], key=lambda s: s["place"])
            )
            grid.add_row(
                _day(game["finished_at"]),
                _game_title(game["game"]) + (" solo" if game.get("solo") else ""),
                seats,
                "aborted" if game.get("aborted") else "yes" if game.get("rated") else "",
            )
        player = message.get("player") or ""
        mine = player == self.app.person_name
        who = "Everyone's" if not player else "Your" if mine else f"{player}'s"
        game = f" {_game_title(message['game'])}" if message.get("game") else ""
        count = len(message.get("rows", []))
        text = "No finished game yet." if not count else ""
        return f"{who} finished{game} games, newest first (page {message['number'] + 1})", text

    def _leaderboard(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("Rank", "Player", "Rating", "Games")
        for row in message.get("rows", []):
            name = row["name"] + (" (bot)" if row.get("is_bot") else "")
            grid.add_row(str(row["rank"]), name, f"{row['ordinal']:.1f}", str(row["games"]))
        text = (
            "The rating is the cautious estimate (openskill's ordinal): it grows as you win and "
            "as the club grows sure of you. Each bot level is rated too."
        )
        title = f"Leaderboard of {_game_title(message['game'])}"
        if message.get("bots"):
            text = (
                "The bots' own ladder: the club's bot members (programs that play through the bot "
                "protocol) and its bot levels, rated as everyone is."
            )
            title = f"The bots' ladder of {_game_title(message['game'])}"
        if not message.get("rows"):
            text = f"No rated game of {_game_title(message['game'])} yet. " + text
        return title, text

    def _player(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("Game", "Played", "Won", "Win rate", "Average", "Best", "Rating", "Trend")
        for stats in message.get("games", []):
            trend = stats.get("trend") or []
            arrow = ""
            if len(trend) >= 2:
                arrow = "↑" if trend[-1] > trend[0] else "↓" if trend[-1] < trend[0] else "→"
            rating = "" if stats.get("ordinal") is None else f"{stats['ordinal']:.1f}"
            grid.add_row(
                _game_title(stats["game"]),
                str(stats["played"]),
                str(stats["won"]),
                f"{stats['win_rate']:.0%}",
                "—" if stats.get("average") is None else f"{stats['average']:.1f}",
                "—" if stats.get("best") is None else str(stats["best"]),
                rating,
                arrow,
            )
        player = message.get("player", {})
        solo = [
            f"{_game_title(b['game'])} {b['setup']}: best {b['score']} in {b['games']} games"
            for b in message.get("solo", [])
        ]
        text = player.get("profile", "") or ""
        if solo:
            text += ("\n" if text else "") + "Solo: " + "; ".join(solo)
        since = _day(player.get("created_at"))
        return f"{player.get('name', '?')} — in the club since {since}", text

    def _game(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("By", "Seats", "Played", "Won", "Win rate")
        for label, rows in (("seat", "by_seat"), ("element/colour", "by_name"), ("bot", "by_bot")):
            for row in message.get(rows, []):
                grid.add_row(
                    f"{label} {row['key']}",
                    str(row["seats"] or "any"),
                    str(row["played"]),
                    str(row["won"]),
                    f"{row['win_rate']:.0%}",
                )
        return (
            f"{_game_title(message['game'])}: {message.get('finished', 0)} finished games",
            "Win rates by seat (1 plays first), by the seat's name and by bot level.",
        )

    def _profile(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("Your keys", "Added")
        for key in message.get("keys", []):
            grid.add_row(key["fingerprint"], _day(key["added_at"]))
        player = message.get("player", {})
        settings = player.get("settings") or {}
        bell = "off" if settings.get("bell") is False else "on"
        text = f"Bell when a decision becomes yours: {bell}."
        if player.get("profile"):
            text += f"\nYour text: {player['profile']}"
        again = message.get("rename_from")
        text += (
            "\nYou may change your name once in 30 days (n)."
            if again is None
            else f"\nYou may change your name again from {_day(again)} (once in 30 days)."
        )
        text += "".join(f"\n{line}" for line in profile_alert_lines(message.get("alerts")))
        if message.get("vacation"):
            text += f"\n{vacation_sentence(message['vacation'])}"
        if player.get("is_guest"):
            text = "You are a guest: connect with a key to keep a name, a rating and a profile."
        return f"Your profile: {player.get('name', '?')}", text

    def _friends(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("You follow", "Now")
        for friend in message.get("follows", []):
            # The tables they hold a seat at, there now or not.
            where = where_words(friend.get("tables", []))
            now = ("online" + (f", {where}" if where else "")) if friend.get("online") else ""
            grid.add_row(friend["name"], now)
        said = friends_lines(message)[len(message.get("follows", [])) :]  # the rows say those
        return "Your friends", "\n".join(said)

    def _tournaments(self, message: dict, grid: DataTable) -> tuple[str, str]:
        grid.add_columns("#", "Tournament", "Game", "Kind", "Entrants", "Now")
        for entry in message.get("tournaments", []):
            system = "Swiss" if entry["system"] == "swiss" else "Arena"
            grid.add_row(
                str(entry["id"]),
                entry["name"],
                f"{_game_title(entry['game'])}, {entry['seats']} seats",
                f"{system}, {length(entry)}",
                str(entry["entrants"]),
                entry["status"],
            )
        text = "" if message.get("tournaments") else NO_TOURNAMENT
        return "The club's tournaments, the newest first", text

    def _tournament(self, message: dict, grid: DataTable) -> tuple[str, str]:
        swiss = message["tournament"]["system"] == "swiss"
        grid.add_columns("#", "Player", "Points", *(("Buchholz",) if swiss else ()), "Tables")
        for line in message.get("standings", []):
            mark = " (withdrawn)" if line["withdrawn"] else " (on fire)" if line["on_fire"] else ""
            grid.add_row(
                str(line["rank"]),
                line["name"] + mark,
                str(line["score"]),
                *((str(line["tie_break"]),) if swiss else ()),
                " ".join(line["results"]) or "—",
            )
        rounds = tournament_lines(message)[len(message.get("standings", [])) + 2 :]
        return heading(message["tournament"]), "\n".join(rounds)

    # -- keys ----------------------------------------------------------------------------------
    def _ask(self, message: dict) -> None:
        self.app.server_send(message)

    @property
    def kind(self) -> str:
        return self.message.get("page", "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key two pages share works on its own page's action only."""
        page = ON_PAGE.get(action)
        return page is None or page == self.kind

    def action_back(self) -> None:
        """Back to the lobby."""
        self.app.show_lobby()

    def action_open(self) -> None:
        """History: replay the highlighted game. Leaderboard: that player's page. Tournaments:
        that tournament's page."""
        grid = self.query_one(DataTable)
        rows = self.message.get("tournaments" if self.kind == "tournaments" else "rows", [])
        if grid.cursor_row is None or not 0 <= grid.cursor_row < len(rows):
            return
        row = rows[grid.cursor_row]
        if self.kind == "history":
            self._ask({"type": "archive", "game_id": row["table_id"]})
        elif self.kind == "leaderboard" and not row.get("is_bot"):
            self._ask({"type": "player", "name": row["name"]})
        elif self.kind == "tournaments":
            self._ask({"type": "tournament", "id": row["id"]})

    def action_enter_tournament(self) -> None:
        """A tournament's page: enter it."""
        if self.kind == "tournament":
            self._ask({"type": "tournament_join", "id": self.message["tournament"]["id"]})

    def action_withdraw(self) -> None:
        """A tournament's page: withdraw from it (your results stay)."""
        if self.kind == "tournament":
            self._ask({"type": "tournament_withdraw", "id": self.message["tournament"]["id"]})

    def action_tournaments(self) -> None:
        """The club's tournaments."""
        self._ask({"type": "tournaments"})

    def action_mine(self) -> None:
        """History: yours, or everyone's."""
        if self.kind == "history":
            mine = not self.message.get("player")
            self._ask({"type": "history", "mine": mine, "game": self.message.get("game") or ""})

    def _next(self, name: str | None) -> str:
        names = list(games.GAMES)
        if name not in names:
            return names[0]
        return names[(names.index(name) + 1) % len(names)]

    def action_next_game(self) -> None:
        """Another game's page, leaderboard or history."""
        game = self.message.get("game") or None
        if self.kind == "history":
            following = "" if game == list(games.GAMES)[-1] else self._next(game)
            player = self.message.get("player", "")
            self._ask({"type": "history", "game": following, "player": player})
        elif self.kind == "leaderboard":
            self._ask({"type": "leaderboard", "game": self._next(game), **self._ladder()})
        elif self.kind == "game":
            self._ask({"type": "game_page", "game": self._next(game)})

    def action_page(self, step: int) -> None:
        """The next or the previous page."""
        number = max(0, self.message.get("number", 0) + step)
        if self.kind == "history":
            self._ask(
                {
                    "type": "history",
                    "game": self.message.get("game", ""),
                    "player": self.message.get("player", ""),
                    "page": number,
                }
            )
        elif self.kind == "leaderboard":
            ask = {"type": "leaderboard", "game": self.message["game"], "page": number}
            self._ask({**ask, **self._ladder()})

    def action_history(self) -> None:
        """The history: this player's, or yours."""
        name = self.message.get("player", {}).get("name") if self.kind == "player" else ""
        self._ask({"type": "history", "player": name or "", "mine": not name})

    def action_leaderboard(self) -> None:
        """The leaderboard of this page's game (the first game when it names none)."""
        game = self.message.get("game") or list(games.GAMES)[0]
        self._ask({"type": "leaderboard", "game": game})

    def _ladder(self) -> dict:
        """The leaderboard's ladder as a request asks for it: the bots' (or the people's)."""
        return {"bots": True} if self.message.get("bots") else {}

    def action_bots_ladder(self) -> None:
        """Leaderboard: the bots' own ladder of this game, or back to the people's."""
        bots = not self.message.get("bots")
        self._ask({"type": "leaderboard", "game": self.message["game"], "bots": bots})

    def action_add_key(self) -> None:
        """Profile: add another key of yours (paste its public key line)."""
        if self.kind != "profile":
            return

        def pasted(line: str | None) -> None:
            if line:
                self._ask({"type": "add_key", "line": line})

        prompt = "Paste a public key line of yours (e.g. ~/.ssh/id_ed25519.pub), then Enter:"
        self.app.push_screen(LineInput(prompt, 4000), pasted)

    def action_bell(self) -> None:
        """Profile: the bell when a decision becomes yours, on or off."""
        if self.kind != "profile":
            return
        settings = self.message.get("player", {}).get("settings") or {}
        on = settings.get("bell") is not False
        self._ask({"type": "settings", "changes": {"bell": not on}})

    def action_rename(self) -> None:
        """Profile: take another name (once in 30 days; your games follow you)."""
        if self.kind != "profile" or self.message.get("player", {}).get("is_guest"):
            return

        def chosen(name: str | None) -> None:
            if name and name.strip():
                self._ask({"type": "rename", "name": name.strip()})

        current = self.message.get("player", {}).get("name", "")
        prompt = "Your new name (others see it at once; once in 30 days):"
        self.app.push_screen(LineInput(prompt, 40, current), chosen)

    def action_alerts(self) -> None:
        """Profile: how you hear of a move waiting for you while away (webhook, email, none)."""
        if self.kind != "profile" or self.message.get("player", {}).get("is_guest"):
            return

        self._profile_line(ASK, 300, alerts_request, HOW)

    def action_follow(self) -> None:
        """Profile, friends or a player's page: follow, unfollow, block or unblock a member (the
        friends page, when nothing is said)."""
        if self.kind not in ("profile", "friends", "player"):
            return
        if self.message.get("player", {}).get("is_guest"):
            return

        on_theirs = self.kind == "player" and not self._is_own_page()
        name = self.message.get("player", {}).get("name", "") if on_theirs else ""
        asked = LineInput(FOLLOW_ASK, 60, f"follow {name}" if name else "")

        def chosen(text: str | None) -> None:
            request = follow_request(text) if text else None
            if request is not None:
                self._ask(request)
                self._ask({"type": "friends"})
            elif text:
                self.app.notify(FOLLOW_HOW, severity="warning")
            elif not asked.cancelled:  # an empty line (Esc: nothing)
                self._ask({"type": "friends"})

        self.app.push_screen(asked, chosen)

    def _is_own_page(self) -> bool:
        """True when the player's page shown is the person's own (`p` in the lobby)."""
        return self.message.get("player", {}).get("name") == self.app.person_name

    def action_profile(self) -> None:
        """Friends: back to your profile."""
        if self.kind == "friends":
            self._ask({"type": "profile"})

    def action_vacation(self) -> None:
        """Profile: pause your turn-based clocks for some days, or end the vacation."""
        if self.kind != "profile" or self.message.get("player", {}).get("is_guest"):
            return

        self._profile_line(
            VACATION_ASK, 10, lambda text: vacation_request(text) if text else None, VACATION_HOW
        )

    def _profile_line(self, ask: str, length: int, request_of, how: str) -> None:
        """Ask one line for the profile (`ask`), send the request `request_of` reads from it and
        show the page as it stands then; a line it cannot read is answered with `how`."""

        def chosen(text: str | None) -> None:
            request = request_of(text) if text is not None else None
            if request is not None:
                self._ask(request)
                self._ask({"type": "profile"})  # the page as it stands now
            elif text:
                self.app.notify(how, severity="warning")

        self.app.push_screen(LineInput(ask, length), chosen)

    def action_profile_text(self) -> None:
        """Profile: a line others read on your page."""
        if self.kind != "profile":
            return

        current = self.message.get("player", {}).get("profile", "")
        asked = LineInput("A line about you for your page (empty: none):", 200, current)

        def written(text: str | None) -> None:
            if not asked.cancelled:  # (an empty line clears it)
                self._ask({"type": "profile_text", "text": text or ""})

        self.app.push_screen(asked, written)
