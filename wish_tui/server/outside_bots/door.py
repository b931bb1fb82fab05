"""Who an outside bot is: a bot member of the club, by its key (SSH) or its token (HTTP)."""

from __future__ import annotations

from collections.abc import Callable

from wish_tui.club.identity import person_of
from wish_tui.club.rows import Player

from .gateway import BotGateway

NOT_A_BOT = (
    "this key belongs to no bot member of the club; the keeper makes one with "
    "'wish-tui club bot add NAME --key LINE'"
)
"""What a key that is not a bot member's is told at `ssh bot@HOST`."""


class BotDoor:
    """The front ends' way to the table server for outside bots.

    Args:
        hub: the table server (its club, `record`, `socket_path`, `register_session`).
    """

    def __init__(self, hub) -> None:
        self.hub = hub

    async def by_key(self, fingerprint: str) -> Player | None:
        """The bot member whose key this is, or None."""
        hub = self.hub
        player = await hub.record(hub.club.players.by_key, fingerprint)
        return player if _is_bot(player) else None

    async def by_token(self, token: str) -> Player | None:
        """The bot member this token signs in, or None."""
        hub = self.hub
        player = await hub.record(hub.club.bot_members.by_token, token)
        return player if _is_bot(player) else None

    def gateway(self, player: Player, emit: Callable[[dict], None]) -> BotGateway:
        """A gateway for `player`'s bot, its events sent through `emit`."""
        return BotGateway(self.hub, person_of(player.id), player.name, emit)


def _is_bot(player: Player | None) -> bool:
    return player is not None and player.is_bot_member and not player.is_removed
