"""The club's commands of the plain lobby: invitations, the history of finished games, one
finished game, the leaderboards, a player's page, a game's win rates, and your profile.

A part of `lobby.PlainLobby` kept in its own file (mixed into it). Each command sends the table
server the message the terminal app's lobby and club pages send (`invite`, `answer_invite`,
`history`, `archive`, `review`, `leaderboard`, `player`, `game_page`, `profile`, `settings`,
`profile_text`, `add_key`; see `wish_tui.club.service`; `tournaments`, `tournament`,
`tournament_join`, `tournament_withdraw`: `server.hub.tournament_runner`) and waits for its answer, which is
said in sentences (`club_pages.py`, `archive.py`); a refusal is the server's one sentence.
"""

from __future__ import annotations

from wish_tui import games
from wish_tui.tables.alert_words import HOW, alerts_request
from wish_tui.tables.friend_words import follow_request
from wish_tui.tables.seek_words import seek_request
from wish_tui.tables.vacation_words import HOW as VACATION_HOW
from wish_tui.tables.vacation_words import vacation_request

from .archive import archive_lines
from .club_pages import page_lines, settings_line

CLUB_COMMANDS = {
    "invitations": "invitations: the invitations waiting for you",
    "invite": "invite TABLE NAME: invite a player of the club to a table you sit at",
    "accept": "accept [TABLE]: accept an invitation: sit at its table",
    "decline": "decline [TABLE]: decline an invitation",
    "history": "history [all] [GAME] [PLAYER] [PAGE]: your finished games, newest first (all: "
    "everyone's)",
    "game": "game NUMBER: one finished game: its seats, scores and last lines",
    "replay": "replay NUMBER: every line of a finished game",
    "review": "review NUMBER [SEAT]: the expert's review of your decisions in a finished game "
    "(or a seat's): the three that cost the most, in words",
    "leaderboard": "leaderboard [GAME] [bots] [PAGE] (or ratings): the players of a game by "
    "rating (bots: the bots' ladder)",
    "player": "player [NAME]: a player's page (yours without a name): games, wins, ratings",
    "stats": "stats GAME: a game's win rates by seat and by bot level",
    "profile": "profile: your name, keys and settings",
    "plain": "plain on|off: ssh to this server starts this plain client for you (or not)",
    "bell": "bell on|off: a bell when a decision becomes yours",
    "about": "about TEXT: a line others read on your page",
    "key": "key LINE: add another public key of yours (paste its line)",
    "mute": "mute NAME: hide a member's chat from you, at every table (unmute NAME: again)",
    "unmute": "unmute NAME: see a muted member's chat again",
    "rename": "rename NAME: take another name (once in 30 days; your games follow you)",
    "alerts": "alerts URL|ADDRESS|digest|each|off: hear of a move waiting for you while you are "
    "away, by webhook (ntfy, Discord, Slack) or email, once a move or in one digest a day",
    "follow": "follow NAME: see when a member is online, and their open tables first "
    "(unfollow NAME: no more)",
    "unfollow": "unfollow NAME: stop following a member",
    "block": "block NAME: a member cannot invite you, join your tables or chat to you "
    "(unblock NAME: again)",
    "unblock": "unblock NAME: let a blocked member invite you, join you and chat to you again",
    "friends": "friends: whom you follow (online or not, at which tables), whom you block, who "
    "follows you",
    "seek": "seek GAME [SEATS] [live 10+5|turn 24h] [range LOW HIGH] [bots SECONDS]: ask for "
    "a game that waits in every lobby until others take it (seek off: take it back)",
    "take": "take N: take a seat of seek N (the game starts once it is full)",
    "vacation": "vacation DAYS|off: the clocks of your turn-based tables wait that many days "
    "(up to 30 a year), or go on again",
    "tournaments": "tournaments: the club's tournaments, the newest first",
    "tournament": "tournament ID [enter|withdraw|start]: a tournament's standings, rounds and "
    "tables; enter it (its tables come to you as they are made), leave it (your results stay), "
    "or start one you created; 'tournament new swiss GAME ROUNDS NAME' (or 'arena GAME "
    "MINUTES NAME') creates one",
}
CLUB_ALIASES = {"ratings": "leaderboard", "invites": "invitations", "games": "history"}
TOURNAMENT_VERBS = {
    "": "tournament",
    "start": "tournament_start",
    "enter": "tournament_join",
    "join": "tournament_join",
    "withdraw": "tournament_withdraw",
    "leave": "tournament_withdraw",
}
SWITCHES = {"on": True, "yes": True, "off": False, "no": False}


def _game_named(word: str) -> str | None:
    wanted = word.lower()
    for game in games.GAMES.values():
        if wanted in (game.name, game.title.lower()) or (
            len(wanted) >= 2 and game.name.startswith(wanted)
        ):
            return game.name
    return None


def invitation_line(invitation: dict) -> str:
    table = invitation["table"]
    return (
        f"{invitation['from']} invites you to table {table}: 'accept {table}' sits you down, "
        f"'decline {table}' says no."
    )


class ClubCommands:
    """The club's commands of a `PlainLobby`."""

    invitations: list[dict]
    you: str

    # -- answers ---------------------------------------------------------------------------------
    def page(self, message: dict) -> None:
        """A page of the club the server sent (asked for by a command here)."""
        self.awaiting = ""
        if self.reading_kept and message.get("page") == "profile":
            self.reading_kept -= 1  # the answer to a reading setting kept: said at the table
            return
        if self._settings_asked and message.get("page") == "profile":
            self._settings_asked = False
            self.out.say(settings_line(message.get("player", {})))
            return
        self.out.say(*page_lines(message, self.you))

    def archived(self, message: dict) -> None:
        """A finished game's record the server sent (`game` or `replay`)."""
        self.awaiting = ""
        self.out.say(*archive_lines(message, self._whole_game))

    def reviewed(self, message: dict) -> None:
        """The coach's review of a finished game the server sent: how far it went, or its words."""
        if self.awaiting == "review":
            self.awaiting = ""
        title, number = message.get("title", ""), message.get("game_id", "")
        lines = message.get("lines")
        if isinstance(lines, list):
            self.out.say(f"The review of {title} in game {number}:", *(str(x) for x in lines))
            return
        waiting, done, total = (
            message.get("waiting", 0),
            message.get("done", 0),
            message.get("total", 0),
        )
        if done:
            self.out.say(f"Reviewed {done} of {total} (game {number}, {title}).")
            return
        after = f", after {waiting} other review{'s' if waiting != 1 else ''}" if waiting else ""
        self.out.say(
            f"The club's coach reviews {title}'s {total} decisions in game {number}{after}, "
            "about a second each; the words follow."
        )

    # -- invitations -----------------------------------------------------------------------------
    def _cmd_invitations(self, rest: str) -> None:
        if not self.invitations:
            self.out.say("No invitation waits for you.")
            return
        self.out.say(*(invitation_line(i) for i in self.invitations))

    def _cmd_invite(self, rest: str) -> None:
        table_word, _, name = rest.partition(" ")
        if not table_word or not name.strip():
            self.out.say(f"invite needs a table and a name, e.g. 'invite {self._example()} bob'.")
            return
        entry = self._table(table_word)
        if entry is not None:
            self.awaiting = "notice"
            self.send({"type": "invite", "table": entry["table"], "name": name.strip()})

    def _invitation(self, rest: str, verb: str) -> dict | None:
        wanted = rest.split(" ", 1)[0].lower() if rest else ""
        found = [i for i in self.invitations if i["table"].lower().startswith(wanted)]
        if not self.invitations:
            self.out.say("No invitation waits for you.")
        elif not wanted and len(found) > 1:
            tables = ", ".join(i["table"] for i in found)
            self.out.say(f"Invitations wait to tables {tables}: say '{verb} TABLE'.")
        elif not found:
            self.out.say(f"No invitation to a table '{wanted[:20]}' waits for you.")
        else:
            return found[0]
        return None

    def _cmd_accept(self, rest: str) -> None:
        invitation = self._invitation(rest, "accept")
        if invitation is not None:
            self.awaiting = "table"
            self.send({"type": "answer_invite", "invitation": invitation["id"], "accept": True})

    def _cmd_decline(self, rest: str) -> None:
        invitation = self._invitation(rest, "decline")
        if invitation is not None:
            self.awaiting = "lobby"
            self._declined = invitation
            self.send({"type": "answer_invite", "invitation": invitation["id"], "accept": False})

    # -- pages -----------------------------------------------------------------------------------
    def _ask_page(self, message: dict) -> None:
        self.awaiting = "page"
        self.send(message)

    def _cmd_history(self, rest: str) -> None:
        message: dict = {"type": "history", "mine": True}
        name: list[str] = []  # a player's name may hold spaces: its words, in order
        for word in rest.split():
            game = _game_named(word)
            if word.lower() in ("all", "everyone", "everyone's"):
                message["mine"] = False
            elif word.isdigit():
                message["page"] = max(0, int(word) - 1)
            elif game is not None:
                message["game"] = game
            else:
                name.append(word)
        if name:
            message["player"], message["mine"] = " ".join(name), False
        self._ask_page(message)

    def _archive(self, rest: str, whole: bool) -> None:
        word = rest.split(" ", 1)[0].lstrip("#")
        if not word.isdigit() or int(word) < 1:
            verb = "replay" if whole else "game"
            self.out.say(
                f"{verb} needs a finished game's number, e.g. '{verb} 12' ('history' lists them)."
            )
            return
        self._whole_game = whole
        self.awaiting = "archive"
        self.send({"type": "archive", "game_id": int(word)})

    def _cmd_review(self, rest: str) -> None:
        word, _, seat = rest.strip().partition(" ")
        word = word.lstrip("#")
        if not word.isdigit() or int(word) < 1:
            self.out.say(
                "review needs a finished game's number, e.g. 'review 12' or 'review 12 water' "
                "('history' lists them)."
            )
            return
        self.awaiting = "review"
        message = {"type": "review", "game_id": int(word)}
        self.send(message | ({"seat": seat.strip()} if seat.strip() else {}))

    def _cmd_game(self, rest: str) -> None:
        self._archive(rest, False)

    def _cmd_replay(self, rest: str) -> None:
        self._archive(rest, True)

    def _game_word(self, rest: str, command: str) -> tuple[str | None, list[str]]:
        """The game a command names (else the first table's, else the first game), and its
        other words; None (said) for a word that is no game."""
        words = rest.split()
        if words and not words[0].isdigit():
            game = _game_named(words[0])
            if game is None:
                self.out.say(
                    f"'{words[0][:20]}' is not a game here; say '{command} GAME' with one of "
                    f"{', '.join(games.names())}."
                )
            return game, words[1:]
        default = self.tables[0]["game"] if self.tables else games.names()[0]
        return default, words

    def _cmd_leaderboard(self, rest: str) -> None:
        game, words = self._game_word(rest, "leaderboard")
        bots = bool(words) and words[0].lower() == "bots"
        words = words[1:] if bots else words
        if game is not None:
            page = int(words[0]) - 1 if words and words[0].isdigit() else 0
            ask = {"type": "leaderboard", "game": game, "page": max(0, page), "bots": bots}
            self._ask_page(ask)

    def _cmd_stats(self, rest: str) -> None:
        game, _ = self._game_word(rest, "stats")
        if game is not None:
            self._ask_page({"type": "game_page", "game": game})

    def _cmd_player(self, rest: str) -> None:
        self._ask_page({"type": "player", "name": rest.strip()})

    def _cmd_alerts(self, rest: str) -> None:
        request = alerts_request(rest) if rest.strip() else None
        if request is None:
            self.out.say(HOW)
            return
        self.send(request)

    def _cmd_follow(self, rest: str, verb: str = "follow") -> None:
        request = follow_request(f"{verb} {rest}")
        if request is None:
            self.out.say(f"{verb} needs a member's name, e.g. '{verb} bob'.")
            return
        self.send(request)

    def _cmd_unfollow(self, rest: str) -> None:
        self._cmd_follow(rest, "unfollow")

    def _cmd_block(self, rest: str) -> None:
        self._cmd_follow(rest, "block")

    def _cmd_unblock(self, rest: str) -> None:
        self._cmd_follow(rest, "unblock")

    def _cmd_friends(self, rest: str) -> None:
        self._ask_page({"type": "friends"})

    def _cmd_seek(self, rest: str) -> None:
        if rest.strip().lower() in ("off", "cancel"):
            self.send({"type": "cancel_seek"})
            return
        try:
            self.send(seek_request(rest))
        except ValueError as exc:
            self.out.say(str(exc))

    def _cmd_take(self, rest: str) -> None:
        word = rest.strip()
        if not word.isdigit():
            self.out.say("take needs a seek's number, e.g. 'take 3'; the lobby lists them.")
            return
        self.send({"type": "accept_seek", "id": int(word)})

    def _cmd_vacation(self, rest: str) -> None:
        request = vacation_request(rest)
        if request is None:
            self.out.say(VACATION_HOW)
            return
        self.send(request)

    # -- tournaments -----------------------------------------------------------------------------
    def _cmd_tournaments(self, rest: str) -> None:
        self._ask_page({"type": "tournaments"})

    def _cmd_tournament(self, rest: str) -> None:
        words = rest.split()
        if words and words[0].lower() == "new":
            self._new_tournament(words[1:])
            return
        number = words[0].lstrip("#") if words else ""
        kind = TOURNAMENT_VERBS.get(words[1].lower() if len(words) > 1 else "")
        if not number.isdigit() or int(number) < 1 or kind is None:
            self.out.say(
                "Say 'tournament ID' to read one, 'tournament ID enter' or 'tournament ID "
                "withdraw' ('tournaments' lists them)."
            )
            return
        self._ask_page({"type": kind, "id": int(number)})

    def _new_tournament(self, words: list[str]) -> None:
        """'tournament new swiss GAME ROUNDS NAME…' or 'tournament new arena GAME MINUTES NAME…'."""
        game = _game_named(words[1]) if len(words) > 1 else None
        system = words[0].lower() if words else ""
        if (
            system not in ("swiss", "arena")
            or game is None
            or len(words) < 4
            or not words[2].isdigit()
        ):
            self.out.say(
                "Say 'tournament new swiss GAME ROUNDS NAME' or 'tournament new arena GAME "
                "MINUTES NAME', e.g. 'tournament new swiss wish 5 Friday Swiss'."
            )
            return
        length = "rounds" if system == "swiss" else "minutes"
        message = {"type": "tournament_create", "system": system, "game": game}
        self._ask_page({**message, length: int(words[2]), "name": " ".join(words[3:])})

    # -- your profile ----------------------------------------------------------------------------
    def _cmd_profile(self, rest: str) -> None:
        self._ask_page({"type": "profile"})

    def _switch(self, setting: str, rest: str) -> None:
        value = SWITCHES.get(rest.strip().lower())
        if value is None:
            self.out.say(f"Say '{setting} on' or '{setting} off'.")
            return
        self._settings_asked = True
        self._ask_page({"type": "settings", "changes": {setting: value}})

    def _cmd_plain(self, rest: str) -> None:
        self._switch("plain", rest)

    def _cmd_bell(self, rest: str) -> None:
        self._switch("bell", rest)

    def _cmd_about(self, rest: str) -> None:
        self._ask_page({"type": "profile_text", "text": rest.strip()})

    def _cmd_mute(self, rest: str, on: bool = True) -> None:
        if not rest.strip():
            verb = "mute" if on else "unmute"
            self.out.say(f"{verb} needs a member's name, e.g. '{verb} bob'.")
            return
        self.awaiting = "notice"
        self.send({"type": "mute", "name": rest.strip(), "on": on})

    def _cmd_unmute(self, rest: str) -> None:
        self._cmd_mute(rest, on=False)

    def _cmd_rename(self, rest: str) -> None:
        if not rest.strip():
            self.out.say("rename needs the name you choose, e.g. 'rename Ann Lee'.")
            return
        self._ask_page({"type": "rename", "name": rest.strip()})

    def _cmd_key(self, rest: str) -> None:
        if not rest.strip():
            self.out.say("key needs a public key line, e.g. 'key ssh-ed25519 AAAA... you@home'.")
            return
        self._ask_page({"type": "add_key", "line": rest.strip()})
