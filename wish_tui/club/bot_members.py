"""Bot members: programs the keeper lets play in the club through the bot protocol.

A bot member is a player of the club marked as a bot (`Player.is_bot_member`): it sits at
seats, is rated and keeps its history as a person does, but it is made by the keeper (`wish-tui
club bot add`), never by a login, and it signs in with its key over SSH (`ssh bot@HOST`) or
with a token over HTTP. Only the token's SHA-256 is kept: the keeper sees the token once, when
it is made, and makes a new one (the old one stops working) when it is lost.
"""

from __future__ import annotations

import hashlib
import secrets

from .errors import ClubError
from .players import Players
from .rows import Player
from .store.database import Database

TOKEN_BYTES = 24
"""Random bytes of a token (32 characters of URL-safe base64)."""
TOKEN_LIMIT = 100
"""The longest token looked up (a longer one is no token of ours)."""


def token_digest(token: str) -> str:
    """What the club keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class BotMembers:
    """The club's bot members and their tokens."""

    def __init__(self, db: Database, players: Players) -> None:
        self.db = db
        self.players = players

    def add(self, name: str, key_line: str = "") -> tuple[Player, str]:
        """Make a bot member called `name` (with the key of `key_line`, if given) and its token.

        Raises:
            InputRefused, NameTaken, ClubError: a name or key refused (one sentence).
        """
        player = self.players.register_bot_member(name, key_line)
        return player, self.new_token(player.id)

    def new_token(self, player_id: int) -> str:
        """A new token for a bot member; its old one stops working.

        Raises:
            ClubError: the player is not a bot member.
        """
        with self.db.transaction():
            player = self.players.get(player_id)
            if not player.is_bot_member or player.is_removed:
                raise ClubError(f"{player.shown} is not a bot member of this club.")
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self.db.execute(
                "UPDATE players SET bot_token = ? WHERE id = ?", (token_digest(token), player_id)
            )
        return token

    def by_token(self, token: str) -> Player | None:
        """The bot member a token signs in, or None (unknown, removed, or not a token)."""
        if not isinstance(token, str) or not 0 < len(token) <= TOKEN_LIMIT:
            return None
        row = self.db.one(
            "SELECT id FROM players WHERE bot_token = ? AND is_bot_member = 1 AND is_removed = 0",
            (token_digest(token),),
        )
        return None if row is None else self.players.get(row[0])

    def listed(self) -> list[Player]:
        """Every bot member, in order of arrival (removed ones left out)."""
        rows = self.db.rows(
            "SELECT id FROM players WHERE is_bot_member = 1 AND is_removed = 0 ORDER BY id LIMIT 1000"
        )
        return [self.players.get(row[0]) for row in rows]
