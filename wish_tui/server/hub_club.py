"""What the table server answers of its club: invitations, the history of finished games and
their records, the leaderboards, a player's page, a game's page, and a player's profile.

A part of `Hub` kept in its own file (mixed into it). Every read is a bounded query of the club's
database run off the event loop (`Hub.record`); every answer is one ``page`` message (or an
``archive`` with a finished game's record, which the client replays on its own).
"""

from __future__ import annotations

import time

from wish_tui import games
from wish_tui.tables.protocol import ProtocolError, int_field, text_field

from .keys import OPEN_PREFIX
from .links import GUEST_PREFIX
from .tables import NotKept, TableError, person_of

HISTORY_PAGE = 20
"""Finished games a history page lists."""
SANCTIONS_EVERY = 2.0
"""Seconds a session's reading of the keeper's mute and ban is trusted before it is read again."""
NO_NEW_PLAYERS = "The server cannot take new players now: its disk is full; try again later."


class NoNewPlayers(TableError):
    """A newcomer (or a new guest) the server cannot note now: its database keeps nothing."""


def _game_field(message: dict, required: bool = False) -> str | None:
    name = message.get("game")
    if name in (None, "") and not required:
        return None
    if not isinstance(name, str) or name not in games.GAMES:
        raise ProtocolError(f'"game" is one of {", ".join(games.GAMES)}.')
    return name


class ClubRequests:
    """The club requests of a `Hub`."""

    # -- arriving --------------------------------------------------------------------------------
    async def arriving(self, who: str, name: str):
        """The player who connects as `who` (their visit noted), or None for a newcomer with a
        key, who chooses a name next. A player the club knows is let in even while nothing can
        be written (a full disk: their visit is not noted).

        Raises:
            NoNewPlayers: a newcomer or a new guest while the database keeps nothing.
        """
        players = self.club.players
        is_guest = who.startswith((OPEN_PREFIX, GUEST_PREFIX))
        try:
            if is_guest:
                return await self.record(players.guest, name)
            if who.startswith("P") and who[1:].isdigit():
                return await self.record(players.get, int(who[1:]))
            return await self.record(players.login, who)
        except NotKept:
            if is_guest:
                known = await self.record(players.by_name, name)
                known = known if known is not None and known.is_guest else None
            else:
                known = await self.record(players.by_key, who)
            if known is None:
                raise NoNewPlayers(NO_NEW_PLAYERS) from None
            return known

    # -- invitations -----------------------------------------------------------------------------
    def invitations_for(self, session) -> list[dict]:
        """The invitations waiting for this session's player (a bounded query)."""
        if self.club is None or session.player is None:
            return []
        waiting = self.club.invitations.waiting(session.player.id)
        return [
            {"id": i.id, "table": i.code, "from": i.from_name}
            for i in waiting
            if i.code in self.tables
        ]

    async def _on_invite(self, session, message: dict) -> None:
        table = self._table(message)
        name = text_field(message, "name", "a player's name", limit=40)
        if table.seat_of(session.person) is None and table.owner != session.person:
            raise TableError("Only a player of this table can invite someone to it.")
        if not table.open_seats():
            raise TableError("This table has no open seat to invite anyone to.")
        self.limiter.check(session.person, "invite")
        invitation = await self.record(
            self.club.invitations.invite, table.club_id, session.player.id, name
        )
        if not self.is_shared:  # on a shared club, every node hears of it (`nodes.py`)
            self._tell_invited(invitation)
        session.send({"type": "notice", "text": f"{name} is invited to table {table.id}."})
        self._tell_lobby()

    def _tell_invited(self, invitation) -> None:
        """Tell the invited person's sessions here of an invitation."""
        table = self.tables.get(invitation.code)
        title = f" ({table.spec.title})" if table is not None else ""
        for other in self.sessions:
            if other.player is not None and other.player.id == invitation.to_id:
                other.send(
                    {
                        "type": "notice",
                        "text": f"{invitation.from_name} invites you to table {invitation.code}"
                        f"{title}: the lobby lists it.",
                    }
                )

    async def _on_answer_invite(self, session, message: dict) -> None:
        invitation_id = int_field(message, "invitation", "an invitation's number", 1, 1 << 62)
        accept = message.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError('"accept" must be true or false.')
        invitation = await self.record(
            self.club.invitations.answer, invitation_id, session.player.id, accept
        )
        table = self.tables.get(invitation.code)
        if accept and table is not None:
            seats = table.open_seats()
            if not seats:
                raise TableError(f"Table {table.id} has no open seat left.")
            await self._on_join(session, {"table": table.id, "seat": seats[0]})
        else:
            session.send(self._lobby(session))

    # -- who may say what (`club.moderation`) -----------------------------------------------------
    async def _sanctions(self, session, fresh: bool = False) -> set[str]:
        """What the keeper did to this session's player ('mute', 'ban'), read again when older
        than SANCTIONS_EVERY seconds (the keeper's command runs beside the server)."""
        now = time.monotonic()
        if fresh or now - session.sanctions_at > SANCTIONS_EVERY:
            session.sanctions = await self.record(
                self.club.moderation.sanctions_of, session.player.id
            )
            session.sanctions_at = now
        return session.sanctions

    async def _may_chat(self, session, table) -> None:
        """Refuse a chat line of a member the keeper muted, or of a spectator at a table whose
        players turned spectators' chat off."""
        sanctions = await self._sanctions(session, fresh=True)
        if "ban" in sanctions:
            self._turn_away(session)
            raise TableError("You are banned.")  # (told already; the session is let go)
        if "mute" in sanctions:
            raise TableError("The keeper of this club has muted you: your chat is not sent.")
        if not table.spectator_chat and table.seat_of(session.person) is None:
            raise TableError("The players of this table turned spectators' chat off.")

    async def _on_mute(self, session, message: dict) -> None:
        """Mute (or unmute) another member's chat for yourself, at every table."""
        name = text_field(message, "name", "a player's name", limit=40)
        on = message.get("on", True)
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        other = await self.record(self.club.moderation.mute, session.player.id, name, on)
        person = person_of(other.id)
        for mine in self.sessions:
            if mine.player is not None and mine.player.id == session.player.id:
                (mine.muted.add if on else mine.muted.discard)(person)
        text = (
            f"You muted {other.name}: you no longer see their chat ('unmute {other.name}' "
            "undoes it)."
            if on
            else f"You see {other.name}'s chat again."
        )
        session.send({"type": "notice", "table": session.table or None, "text": text})
        for mine in self.sessions:
            shown = self.tables.get(mine.table)
            if (
                shown is not None
                and mine.player is not None
                and mine.player.id == session.player.id
            ):
                self._send_table(mine, shown)  # (who is muted, shown)

    async def _on_spectator_chat(self, session, message: dict) -> None:
        """A player of a table lets its spectators chat, or not."""
        table = self._table(message)
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        if table.seat_of(session.person) is None:
            raise TableError("Only a player of this table can turn its spectators' chat off.")
        if table.club_id is not None:
            await self.record(self.club.moderation.set_spectator_chat, table.club_id, on)
        table.spectator_chat = on
        said = "on: those who watch may chat" if on else "off: those who watch cannot chat"
        table.master.write_log(lambda pov: [f"{session.name} turned spectators' chat {said}."])
        self._changed(table)

    # -- pages ---------------------------------------------------------------------------------
    def _page(self, session, page: str, **content) -> None:
        session.send({"type": "page", "page": page, **content})

    async def _on_history(self, session, message: dict) -> None:
        game = _game_field(message)
        page = int_field({"page": message.get("page", 0)}, "page", "a page number", 0, 10_000)
        player_id = None
        who = ""
        if message.get("player"):
            who = text_field(message, "player", "a player's name", limit=40)
            player_id = (await self.record(self.club.players.named, who)).id
        elif message.get("mine"):
            player_id, who = session.player.id, session.name
        rows = await self.record(
            self.club.history.page, player_id=player_id, game=game, page=page, size=HISTORY_PAGE
        )
        self._page(
            session,
            "history",
            player=who,
            game=game or "",
            number=page,
            rows=[row.to_json() for row in rows],
        )

    async def _on_archive(self, session, message: dict) -> None:
        table_id = int_field(message, "game_id", "a finished game's number", 1, 1 << 62)
        archived = await self.record(self.club.history.archived, table_id)
        session.send(
            {
                "type": "archive",
                "game": archived.game.to_json(),
                "record": archived.record.to_json(),
                # the final scoring as the club settled it (its ranking, who gave up, aborted)
                "scores": archived.game.settled(archived.scores),
            }
        )

    async def _on_leaderboard(self, session, message: dict) -> None:
        game = _game_field(message, required=True)
        page = int_field({"page": message.get("page", 0)}, "page", "a page number", 0, 10_000)
        rows = await self.record(self.club.standings.leaderboard, game, page)
        self._page(session, "leaderboard", game=game, number=page, rows=[r.to_json() for r in rows])

    async def _on_player(self, session, message: dict) -> None:
        name = text_field(message, "name", "a player's name", limit=40, required=False)
        player = session.player
        if name:
            player = await self.record(self.club.players.named, name)
        page = await self.record(self.club.standings.player_page, player.id)
        self._page(session, "player", **page.to_json())

    async def _on_game_page(self, session, message: dict) -> None:
        game = _game_field(message, required=True)
        page = await self.record(self.club.standings.game_page, game)
        self._page(session, "game", **page.to_json())

    # -- your profile --------------------------------------------------------------------------
    async def _on_profile(self, session, message: dict) -> None:
        player = await self.record(self.club.players.get, session.player.id)
        keys = await self.record(self.club.players.keys_of, player.id)
        session.player = player
        self._page(
            session,
            "profile",
            player=player.to_json(),
            keys=[{"fingerprint": k.fingerprint, "added_at": k.added_at} for k in keys],
            rename_from=self.club.players.renamed_again_at(player),
        )

    def _refuse_guest(self, session) -> None:
        if session.player.is_guest:
            raise TableError("A guest has no profile to change: connect with a key to join.")

    async def _on_add_key(self, session, message: dict) -> None:
        self._refuse_guest(session)
        line = text_field(message, "line", "a public key line", limit=4000)
        key = await self.record(self.club.players.add_key, session.player.id, line)
        session.send(
            {"type": "notice", "text": f"Key {key.fingerprint} added: you may log in with it."}
        )
        await self._on_profile(session, {})

    async def _on_settings(self, session, message: dict) -> None:
        changes = message.get("changes")
        if not isinstance(changes, dict):
            raise ProtocolError('"changes" must be an object.')
        player = await self.record(self.club.players.set_settings, session.player.id, changes)
        session.player = player
        await self._on_profile(session, {})

    async def _on_rename(self, session, message: dict) -> None:
        self._refuse_guest(session)
        name = text_field(message, "name", "the name you choose", limit=80)
        self.limiter.check(session.person, "name")
        player = await self.record(
            self.club.players.rename, session.player.id, name, by_player=True
        )
        for other in self.sessions:  # every session of this person goes by the new name
            if other.person == session.person:
                other.player, other.name = player, player.name
        for table in self.tables.values():
            for seat in table.seats:
                if seat.person == session.person:
                    seat.person_name = player.name
        session.send(
            {
                "type": "notice",
                "text": f"You are called {player.name} now; your games and ratings follow you.",
            }
        )
        self._tell_lobby()
        await self._on_profile(session, {})

    async def _on_profile_text(self, session, message: dict) -> None:
        self._refuse_guest(session)
        text = text_field(message, "text", "your profile's text", limit=400)
        session.player = await self.record(self.club.players.set_profile, session.player.id, text)
        await self._on_profile(session, {})
