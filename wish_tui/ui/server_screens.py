"""What the terminal app shows of what the table server says: the lobby, a table to sit at or to
watch, a club's page, a finished game to replay, a notice, a name asked for.

One object the app composes; its `handlers` fill the one dispatcher of the server's words
(`wish_tui.tables.messages.ServerMessages`), each event named once.
"""

from __future__ import annotations

from wish_tui.games import GAMES
from wish_tui.tables.protocol import LET_GO_STATUS


class ServerScreens:
    """The app's answer to each event of the table server."""

    def __init__(self, app) -> None:
        self.app = app
        self.last_name = ""
        """The name a newcomer chose last (offered again when the server refuses it)."""

    def handlers(self) -> dict:
        """What the app does with each event of the table server (`tables.messages`)."""
        return {
            "welcome": self._welcomed,
            "name_needed": lambda m: self._ask_name(
                m.get("text", "Choose your name."), m.get("suggested", "")
            ),
            "name_refused": lambda m: self._ask_name(m.get("error", ""), self.last_name),
            # The server lets this session go (a banned member): its sentence is the last word.
            "let_go": lambda m: self.app.fail(f"wish-tui: {m.get('error', '')}", LET_GO_STATUS),
            "lobby": self._lobby_list,
            "table": self._table_message,
            "refused": lambda m: self.app.notify(str(m.get("error", "")), severity="error"),
            "notice": self._notice,
            "page": self._show_page,
            "archive": self._replay_archive,
            "review": self._club_review,
            "closed": self._closed_by_owner,
            "lost": lambda m: self.app.fail("wish-tui: the table server went away."),
        }

    def _welcomed(self, message: dict) -> None:
        self.app.person_name = message.get("name", "")
        self.app.show_lobby(message.get("lobby"))

    def _lobby_list(self, message: dict) -> None:
        from .lobby import LobbyScreen

        if isinstance(self.app.screen, LobbyScreen):
            self.app.screen.show(message)

    def _closed_by_owner(self, message: dict) -> None:
        self.app.notify("That table was closed by its owner.", severity="warning")
        self.app.show_lobby()

    def _notice(self, message: dict) -> None:
        """A notice of the server, to the table it concerns (or said where the person is)."""
        text = self._notice_text(message)
        table = self.app.server_messages.table_of(message)
        if table is not None:
            table.seat_news(message)
            table.noticed(text)
        else:
            self.app.notify(text, severity="warning")

    def _notice_text(self, message: dict) -> str:
        """A notice of the server in words, with the key that answers a rematch offered (kept
        by the table it was played at, for its final scoring window)."""
        text = str(message.get("text", ""))
        if not isinstance(message.get("rematch"), dict):
            return text
        table = self.app.remote_table
        if table is not None and message.get("table") == table.id:
            table.rematch_offer = f"{text} r sits you down again."
            return table.rematch_offer
        return f"{text} The lobby lists it: a accepts."

    def _ask_name(self, text: str, suggested: str) -> None:
        """A newcomer to the server's club chooses the name others will know them by (asked
        again, with the server's one sentence, until it is taken)."""
        from wish_tui.ui.screens.line_input import LineInput

        def chosen(name: str | None) -> None:
            if asked.cancelled:  # a newcomer who would rather not join: Esc leaves
                self.app.exit()
                return
            self.last_name = name or ""
            self.app.server_send({"type": "register", "name": name or ""})

        asked = LineInput(f"{text} Enter sends it; Esc leaves.", 20, suggested)
        self.app.push_screen(asked, chosen)

    def _show_page(self, message: dict) -> None:
        """A page of the club (history, leaderboard, a player, a game, the profile)."""
        from .club_pages import ClubPageScreen

        if isinstance(self.app.screen, ClubPageScreen):
            self.app.screen.show(message)
        else:
            self.app.remote_table = self.app.watching = None
            self.app.show_alone(ClubPageScreen(message))

    def _replay_archive(self, message: dict) -> None:
        """A finished game of the club, stepped through from its record."""
        from wish_tui import saves

        try:
            record = saves.GameRecord.from_json(
                message["record"], "That finished game", games=GAMES
            )
            states = saves.replay(record)
        except (KeyError, TypeError, saves.SaveError) as exc:
            self.app.notify(str(exc), severity="error")
            return
        from .replay import ReplayScreen

        game = message.get("game")
        number = game.get("table_id") if isinstance(game, dict) else None
        self.app.remote_table = self.app.watching = None
        self.app.show_alone(
            ReplayScreen(record, states, at_end=True, club_game=number if number else None)
        )

    def _club_review(self, message: dict) -> None:
        """The club's coach on a review asked for from the replay of that game, if still there."""
        from .replay import ReplayScreen

        screen = self.app.screen
        if isinstance(screen, ReplayScreen) and screen.club_game == message.get("game_id"):
            screen.club_reviewed(message)

    def _table_message(self, message: dict) -> None:
        table = self.app.remote_table
        if table is not None and table.id == message["table"]:
            table.update(message, self.app.connection.tables.changes_of(message))
            return
        watching = self.app.watching
        if watching is not None and watching.table_id == message["table"]:
            watching.on_table_message(message)
            return
        from wish_tui import games

        spec = games.get(message["game"])
        self.app.remote_table = self.app.watching = None
        if message["seat"] is None:
            from .watch import WatchScreen

            screen = self.app.watching = WatchScreen(message)
        else:
            from wish_tui.tables.remote import RemoteTable

            self.app.remote_table = RemoteTable(self.app.connection, message)
            screen = spec.ui.GameScreen(self.app.remote_table)
        self.app.show_alone(screen)
