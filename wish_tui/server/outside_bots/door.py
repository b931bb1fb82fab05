"""Who an outside bot is: a bot member of the club, by its key (SSH) or its token (HTTP)."""

from __future__ import annotations

from collections.abc import Callable

from wish_tui.club.identity import person_of
from wish_tui.club.rows import Player
from wish_tui.server.hub.table import TableError

from .gateway import BotGateway

NOT_A_BOT = (
    "this key belongs to no bot member of the club; the keeper makes one with "
    "'wish-tui club bot add NAME --key LINE'"
)
"""What a key that is not a bot member's is told at `ssh bot@HOST`."""
SEEN_EVERY_MS = 60_000
"""A bot member's "last seen" is written at most this often (not a row for every move)."""


class BotDoor:
    """The front ends' way to the table server for outside bots.

    Args:
        hub: the table server (its club, `record`, `socket_path`, `register_session`).
    """

    def __init__(self, hub) -> None:
        self.hub = hub
        self._seen: dict[int, int] = {}
        """Per bot member: when its "last seen" was last written (the club's clock, ms)."""

    async def by_key(self, fingerprint: str) -> Player | None:
        """The bot member whose key this is (noted as seen), or None."""
        hub = self.hub
        player = await hub.record(hub.club.players.by_key, fingerprint)
        return await self._arrived(player)

    async def by_token(self, token: str) -> Player | None:
        """The bot member this token signs in (noted as seen), or None."""
        hub = self.hub
        player = await hub.record(hub.club.bot_members.by_token, token)
        return await self._arrived(player)

    def gateway(self, player: Player, emit: Callable[[dict], None]) -> BotGateway:
        """A gateway for `player`'s bot, its events sent through `emit`; each request it sends
        notes it as seen."""
        return BotGateway(
            self.hub, person_of(player.id), player.name, emit, lambda: self.seen(player.id)
        )

    async def seen(self, player_id: int) -> None:
        """Note that the bot member is here now, as a person's login does (at most once in
        `SEEN_EVERY_MS`; a database that cannot write it refuses the bot nothing)."""
        hub = self.hub
        now = hub.club.db.clock()
        if now - self._seen.get(player_id, now - SEEN_EVERY_MS) < SEEN_EVERY_MS:
            return
        self._seen[player_id] = now
        try:
            await hub.record(hub.club.players.note_seen, player_id)
        except TableError:
            self._seen.pop(player_id, None)

    async def _arrived(self, player: Player | None) -> Player | None:
        if not _is_bot(player):
            return None
        await self.seen(player.id)
        return player


def _is_bot(player: Player | None) -> bool:
    return player is not None and player.is_bot_member and not player.is_removed
