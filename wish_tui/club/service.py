"""What the table server answers of its club: invitations, who may say what, the history of
finished games and their records, the leaderboards, a player's page, a game's page, and a
player's profile.

A service the hub composes (`server.hub`), not a part mixed into it: it answers the requests
named in `handlers`, and asks the server that composes it (`Rooms`) for its tables and sessions.
Every read is a bounded query of the club's database run off the event loop (`Rooms.record`);
every answer is one ``page`` message (or an ``archive`` with a finished game's record, which the
client replays on its own). A refusal is a `ClubError`: one sentence, nothing changed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

from wish_tui import games
from wish_tui.tables.protocol import ProtocolError, int_field, text_field

from .errors import ClubError
from .identity import is_guest, person_of, player_id_of
from .rate_limit import RateLimiter
from .recorder import Recorder, RecordFailed
from .standings import LADDER_BOTS, LADDER_PEOPLE

HISTORY_PAGE = 20
"""Finished games a history page lists."""
SANCTIONS_EVERY = 2.0
"""Seconds a session's reading of the keeper's mute and ban is trusted before it is read again."""
NO_NEW_PLAYERS = "The server cannot take new players now: its disk is full; try again later."


class NoNewPlayers(ClubError):
    """A newcomer (or a new guest) the server cannot note now: its database keeps nothing."""


class Rooms(Protocol):
    """What the club's service asks of the table server that composes it."""

    club: object
    recorder: Recorder
    tables: dict
    """The server's tables by code."""
    sessions: set
    """The sessions connected (each with its `player`, `person`, `name`, `table`, `send`)."""
    limiter: RateLimiter
    is_shared: bool

    async def record(self, fn, *args, **kwargs):
        """Call the club off the event loop, in order; a refusal or a failure is one sentence."""

    async def read_beside(self, fn, *args):
        """`fn(club, *args)` on a connection that reads what is committed, beside the writes
        (not behind every table's moves); a refusal or a failure is one sentence."""

    def table(self, message: dict):
        """The table a request names (refused, in one sentence, when there is none)."""

    async def join(self, session, table_id: str, seat: int) -> None:
        """Sit the session's person at an open seat."""

    def lobby(self, session) -> dict:
        """The lobby's list as `session` sees it."""

    def tell_lobby(self) -> None:
        """Have the lobby's list sent again to everyone in the lobby."""

    def send_table(self, session, table) -> None:
        """Send `session` the table as its person sees it now."""

    def changed(self, table) -> None:
        """Tell everyone looking at `table` of a change."""

    def turn_away(self, session) -> None:
        """Let go a member the keeper banned, saying so."""


def _sanctions_of(club, player_id: int) -> set[str]:
    return club.moderation.sanctions_of(player_id)


def _sanctioned(club) -> dict[int, set[str]]:
    return club.moderation.sanctioned()


def _seen(reading: asyncio.Future) -> None:
    """Take a reading's failure as seen: the requests waiting for it are told it, and when all
    of them were given up (their sessions gone) no one is left to be."""
    if not reading.cancelled():
        reading.exception()


def _game_field(message: dict, required: bool = False) -> str | None:
    name = message.get("game")
    if name in (None, "") and not required:
        return None
    if not isinstance(name, str) or name not in games.GAMES:
        raise ProtocolError(f'"game" is one of {", ".join(games.GAMES)}.')
    return name


class ClubService:
    """The club's requests of the table server's sessions, and what they are answered.

    Args:
        rooms: the server that composes it (`Rooms`).
    """

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self._sanctioned: dict[int, set[str]] = {}
        """Every member the keeper muted or banned, with what, as last read."""
        self._sanctioned_at: float | None = None
        """When that reading began (monotonic seconds; None: never read)."""
        self._reading: asyncio.Future | None = None
        """The reading under way, which every request that finds the last one old waits for."""

    @property
    def club(self):
        return self.rooms.club

    def handlers(self) -> dict[str, Callable]:
        """The requests this service answers, by the message's type."""
        return {
            "invite": self.invite,
            "answer_invite": self.answer_invite,
            "mute": self.mute,
            "spectator_chat": self.spectator_chat,
            "history": self.history,
            "archive": self.archive,
            "leaderboard": self.leaderboard,
            "player": self.player,
            "game_page": self.game_page,
            "profile": self.profile,
            "add_key": self.add_key,
            "settings": self.settings,
            "rename": self.rename,
            "profile_text": self.profile_text,
        }

    # -- arriving --------------------------------------------------------------------------------
    async def arriving(self, who: str, name: str):
        """The player who connects as `who` (their visit noted), or None for a newcomer with a
        key, who chooses a name next. A player the club knows is let in even while nothing can
        be written (a full disk: their visit is not noted).

        Raises:
            NoNewPlayers: a newcomer or a new guest while the database keeps nothing.
        """
        players = self.club.players
        guest = is_guest(who)
        known_id = player_id_of(who)
        try:
            if guest:
                return await self.rooms.recorder.call(players.guest, name)
            if known_id is not None:
                return await self.rooms.recorder.call(players.get, known_id)
            return await self.rooms.recorder.call(players.login, who)
        except RecordFailed:
            if guest:
                known = await self.rooms.record(players.by_name, name)
                known = known if known is not None and known.is_guest else None
            else:
                known = await self.rooms.record(players.by_key, who)
            if known is None:
                raise NoNewPlayers(NO_NEW_PLAYERS) from None
            return known

    # -- invitations -----------------------------------------------------------------------------
    def invitations_for(self, session, invited: set[int] | None = None) -> list[dict]:
        """The invitations waiting for this session's player (a bounded query; none when
        `invited`, the players with one (`invited_players`), is given and lacks it)."""
        if self.club is None or session.player is None:
            return []
        if invited is not None and session.player.id not in invited:
            return []
        waiting = self.club.invitations.waiting(session.player.id)
        return [
            {"id": i.id, "table": i.code, "from": i.from_name}
            for i in waiting
            if i.code in self.rooms.tables
        ]

    def invited_players(self) -> set[int] | None:
        """The players with an open invitation (None without a club: nobody is asked)."""
        return None if self.club is None else self.club.invitations.invited()

    async def invite(self, session, message: dict) -> None:
        table = self.rooms.table(message)
        name = text_field(message, "name", "a player's name", limit=40)
        if table.seat_of(session.person) is None and table.owner != session.person:
            raise ClubError("Only a player of this table can invite someone to it.")
        if not table.open_seats():
            raise ClubError("This table has no open seat to invite anyone to.")
        self.rooms.limiter.check(session.person, "invite")
        await self.rooms.record(self.club.follows.refuse_invite, name, session.player.id)
        invitation = await self.rooms.record(
            self.club.invitations.invite, table.club_id, session.player.id, name
        )
        if not self.rooms.is_shared:  # on a shared club, every node hears of it (`nodes.py`)
            self.tell_invited(invitation)
        session.send({"type": "notice", "text": f"{name} is invited to table {table.id}."})
        self.rooms.tell_lobby()

    def tell_invited(self, invitation) -> None:
        """Tell the invited person's sessions here of an invitation."""
        table = self.rooms.tables.get(invitation.code)
        title = f" ({table.spec.title})" if table is not None else ""
        for other in self.rooms.sessions:
            if other.player is not None and other.player.id == invitation.to_id:
                other.send(
                    {
                        "type": "notice",
                        "text": f"{invitation.from_name} invites you to table {invitation.code}"
                        f"{title}: the lobby lists it.",
                    }
                )

    async def answer_invite(self, session, message: dict) -> None:
        invitation_id = int_field(message, "invitation", "an invitation's number", 1, 1 << 62)
        accept = message.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError('"accept" must be true or false.')
        invitation = await self.rooms.record(
            self.club.invitations.answer, invitation_id, session.player.id, accept
        )
        table = self.rooms.tables.get(invitation.code)
        if accept and table is not None:
            seats = table.open_seats()
            if not seats:
                raise ClubError(f"Table {table.id} has no open seat left.")
            await self.rooms.join(session, table.id, seats[0])
        else:
            session.send(self.rooms.lobby(session))

    # -- who may say what (`club.moderation`) -----------------------------------------------------
    async def sanctions(self, session, fresh: bool = False) -> set[str]:
        """What the keeper did to this session's player ('mute', 'ban'): as every member's were
        read last, read again (once for all sessions) when older than SANCTIONS_EVERY seconds,
        since the keeper's command runs beside the server; `fresh`: this player's, read now."""
        if fresh:
            session.sanctions = await self.rooms.read_beside(_sanctions_of, session.player.id)
            session.sanctions_at = time.monotonic()
            return session.sanctions
        read_at = self._sanctioned_at
        if read_at is None or time.monotonic() - read_at > SANCTIONS_EVERY:
            if self._reading is None:
                self._reading = asyncio.ensure_future(self._read_sanctioned())
                self._reading.add_done_callback(_seen)
            # shielded: a request given up (its session gone) leaves the reading to the others
            await asyncio.shield(self._reading)
        return self._sanctioned.get(session.player.id, set())

    async def _read_sanctioned(self) -> None:
        """Read every member's sanctions (beside the writes: a request waited behind the
        club's queued moves, and a Swiss's standings asked for now and then)."""
        began = time.monotonic()
        try:
            self._sanctioned = await self.rooms.read_beside(_sanctioned)
            self._sanctioned_at = began
        finally:
            self._reading = None

    async def may_chat(self, session, table) -> None:
        """Refuse a chat line of a member the keeper muted, or of a spectator at a table whose
        players turned spectators' chat off."""
        sanctions = await self.sanctions(session, fresh=True)
        if "ban" in sanctions:
            self.rooms.turn_away(session)
            raise ClubError("You are banned.")  # (told already; the session is let go)
        if "mute" in sanctions:
            raise ClubError("The keeper of this club has muted you: your chat is not sent.")
        if not table.spectator_chat and table.seat_of(session.person) is None:
            raise ClubError("The players of this table turned spectators' chat off.")

    async def mute(self, session, message: dict) -> None:
        """Mute (or unmute) another member's chat for yourself, at every table."""
        name = text_field(message, "name", "a player's name", limit=40)
        on = message.get("on", True)
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        other = await self.rooms.record(self.club.moderation.mute, session.player.id, name, on)
        person = person_of(other.id)
        for mine in self.rooms.sessions:
            if mine.player is not None and mine.player.id == session.player.id:
                (mine.muted.add if on else mine.muted.discard)(person)
        text = (
            f"You muted {other.name}: you no longer see their chat ('unmute {other.name}' "
            "undoes it)."
            if on
            else f"You see {other.name}'s chat again."
        )
        session.send({"type": "notice", "table": session.table or None, "text": text})
        for mine in self.rooms.sessions:
            shown = self.rooms.tables.get(mine.table)
            if (
                shown is not None
                and mine.player is not None
                and mine.player.id == session.player.id
            ):
                self.rooms.send_table(mine, shown)  # (who is muted, shown)

    async def spectator_chat(self, session, message: dict) -> None:
        """A player of a table lets its spectators chat, or not."""
        table = self.rooms.table(message)
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        if table.seat_of(session.person) is None:
            raise ClubError("Only a player of this table can turn its spectators' chat off.")
        if table.club_id is not None:
            await self.rooms.record(self.club.moderation.set_spectator_chat, table.club_id, on)
        table.spectator_chat = on
        said = "on: those who watch may chat" if on else "off: those who watch cannot chat"
        table.master.write_log(lambda pov: [f"{session.name} turned spectators' chat {said}."])
        self.rooms.changed(table)

    # -- pages ---------------------------------------------------------------------------------
    def _page(self, session, page: str, **content) -> None:
        session.send({"type": "page", "page": page, **content})

    async def history(self, session, message: dict) -> None:
        game = _game_field(message)
        page = int_field({"page": message.get("page", 0)}, "page", "a page number", 0, 10_000)
        player_id = None
        who = ""
        if message.get("player"):
            who = text_field(message, "player", "a player's name", limit=40)
            player_id = (await self.rooms.record(self.club.players.named, who)).id
        elif message.get("mine"):
            player_id, who = session.player.id, session.name
        rows = await self.rooms.record(
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

    async def archive(self, session, message: dict) -> None:
        table_id = int_field(message, "game_id", "a finished game's number", 1, 1 << 62)
        archived = await self.rooms.record(self.club.history.archived, table_id)
        session.send(
            {
                "type": "archive",
                "game": archived.game.to_json(),
                "record": archived.record.to_json(),
                # the final scoring as the club settled it (its ranking, who gave up, aborted)
                "scores": archived.game.settled(archived.scores),
            }
        )

    async def leaderboard(self, session, message: dict) -> None:
        game = _game_field(message, required=True)
        page = int_field({"page": message.get("page", 0)}, "page", "a page number", 0, 10_000)
        ladder = LADDER_BOTS if message.get("bots") is True else LADDER_PEOPLE
        rows = await self.rooms.record(self.club.standings.leaderboard, game, page, 20, ladder)
        shown = [r.to_json() for r in rows]
        self._page(
            session, "leaderboard", game=game, number=page, rows=shown, bots=ladder == LADDER_BOTS
        )

    async def player(self, session, message: dict) -> None:
        name = text_field(message, "name", "a player's name", limit=40, required=False)
        player = session.player
        if name:
            player = await self.rooms.record(self.club.players.named, name)
        page = await self.rooms.record(self.club.standings.player_page, player.id)
        self._page(session, "player", **page.to_json())

    async def game_page(self, session, message: dict) -> None:
        game = _game_field(message, required=True)
        page = await self.rooms.record(self.club.standings.game_page, game)
        self._page(session, "game", **page.to_json())

    # -- your profile --------------------------------------------------------------------------
    async def profile(self, session, message: dict) -> None:
        player = await self.rooms.record(self.club.players.get, session.player.id)
        keys = await self.rooms.record(self.club.players.keys_of, player.id)
        alerts = await self.rooms.record(self.club.alerts.page_of, player.id)
        vacation = await self.rooms.record(self.club.vacations.state, player.id)
        session.player = player
        self._page(
            session,
            "profile",
            player=player.to_json(),
            keys=[{"fingerprint": k.fingerprint, "added_at": k.added_at} for k in keys],
            rename_from=self.club.players.renamed_again_at(player),
            alerts=alerts,
            vacation=vacation.to_json(),
        )

    def _refuse_guest(self, session) -> None:
        if session.player.is_guest:
            raise ClubError("A guest has no profile to change: connect with a key to join.")

    async def add_key(self, session, message: dict) -> None:
        self._refuse_guest(session)
        line = text_field(message, "line", "a public key line", limit=4000)
        key = await self.rooms.record(self.club.players.add_key, session.player.id, line)
        session.send(
            {"type": "notice", "text": f"Key {key.fingerprint} added: you may log in with it."}
        )
        await self.profile(session, {})

    async def settings(self, session, message: dict) -> None:
        changes = message.get("changes")
        if not isinstance(changes, dict):
            raise ProtocolError('"changes" must be an object.')
        player = await self.rooms.record(self.club.players.set_settings, session.player.id, changes)
        session.player = player
        await self.profile(session, {})

    async def rename(self, session, message: dict) -> None:
        self._refuse_guest(session)
        name = text_field(message, "name", "the name you choose", limit=80)
        self.rooms.limiter.check(session.person, "name")
        player = await self.rooms.record(
            self.club.players.rename, session.player.id, name, by_player=True
        )
        for other in self.rooms.sessions:  # every session of this person goes by the new name
            if other.person == session.person:
                other.player, other.name = player, player.name
        for table in self.rooms.tables.values():
            for seat in table.seats:
                if seat.person == session.person:
                    seat.person_name = player.name
        session.send(
            {
                "type": "notice",
                "text": f"You are called {player.name} now; your games and ratings follow you.",
            }
        )
        self.rooms.tell_lobby()
        await self.profile(session, {})

    async def profile_text(self, session, message: dict) -> None:
        self._refuse_guest(session)
        text = text_field(message, "text", "your profile's text", limit=400)
        session.player = await self.rooms.record(
            self.club.players.set_profile, session.player.id, text
        )
        await self.profile(session, {})
