"""Who may say what at the club: the chat a member muted for themselves, the keeper's mutes and
bans, and the tables whose players turned their spectators' chat off.

A member's mute hides another member's chat lines from that member alone, at every table, until
they unmute them. The keeper (`wish-tui club mute|ban NAME`, and `unmute`/`unban`) mutes a
member for everyone (their chat is refused), or bans them (their logins are refused; their name,
keys and games stay, so a ban can be undone and the same key cannot come back as a newcomer).
"""

from __future__ import annotations

import json

from .errors import ClubError, NotFound
from .part import ClubPart
from .rows import Player

SANCTIONS = ("mute", "ban")
"""What the keeper may do to a member: mute their chat for everyone, or ban them."""
MUTES_MAX = 200
"""Members one member may mute."""


class Moderation(ClubPart):
    """Mutes, the keeper's sanctions and spectators' chat in one club database."""

    # -- a member's own mutes --------------------------------------------------------------------
    def mute(self, player_id: int, name: str, on: bool = True) -> Player:
        """Hide (or show again) the chat of the member called `name` from `player_id`; returns
        that member.

        Raises:
            NotFound: nobody has that name.
            ClubError: oneself, a bot, or too many muted already.
        """
        other = self.players.named(name)
        if other.id == player_id:
            raise ClubError("You cannot mute yourself.")
        if other.is_bot:
            raise ClubError(f"{other.shown} never chats.")
        with self.db.transaction():
            muted = self.muted_by(player_id)
            if on and other.id not in muted and len(muted) >= MUTES_MAX:
                raise ClubError(f"You have muted {len(muted)} members; unmute one first.")
            muted = muted | {other.id} if on else muted - {other.id}
            self.db.execute(
                "UPDATE players SET muted = ? WHERE id = ?", (json.dumps(sorted(muted)), player_id)
            )
        return other

    def muted_by(self, player_id: int) -> set[int]:
        """The members whose chat `player_id` muted for themselves."""
        text = self.db.scalar("SELECT muted FROM players WHERE id = ?", (player_id,), default="")
        try:
            ids = json.loads(text or "[]")
        except ValueError:
            return set()
        return {i for i in ids if isinstance(i, int)} if isinstance(ids, list) else set()

    # -- the keeper's ----------------------------------------------------------------------------
    def sanction(self, name: str, kind: str, on: bool = True) -> Player:
        """The keeper mutes or bans the member called `name` (or undoes it); returns them.

        Raises:
            NotFound: nobody has that name.
            ClubError: a bot, or an unknown kind.
        """
        if kind not in SANCTIONS:
            raise ClubError(f"'{str(kind)[:20]}' is not one of {', '.join(SANCTIONS)}.")
        player = self.players.named(name)
        if player.is_bot:
            raise ClubError(f"{player.shown} is a bot: the keeper has no say over it.")
        with self.db.transaction():
            held = self.sanctions_of(player.id)
            held = held | {kind} if on else held - {kind}
            self.db.execute(
                "UPDATE players SET sanctions = ? WHERE id = ?",
                (",".join(k for k in SANCTIONS if k in held), player.id),
            )
        return player

    def sanctions_of(self, player_id: int) -> set[str]:
        """What the keeper did to a member: 'mute', 'ban', both or neither."""
        text = self.db.scalar("SELECT sanctions FROM players WHERE id = ?", (player_id,))
        if text is None:
            raise NotFound(f"There is no player {player_id}.")
        return {kind for kind in text.split(",") if kind in SANCTIONS}

    def sanctioned(self) -> dict[int, set[str]]:
        """Every member the keeper muted or banned, with what."""
        rows = self.db.rows("SELECT id, sanctions FROM players WHERE sanctions <> ''")
        return {pid: {k for k in text.split(",") if k in SANCTIONS} for pid, text in rows}

    # -- tables ----------------------------------------------------------------------------------
    def set_spectator_chat(self, table_id: int, on: bool) -> None:
        """Let the spectators of a table chat (the default), or not."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE tables SET spectator_chat = ? WHERE id = ?", (int(on), table_id)
            )

    def quiet_tables(self) -> set[int]:
        """The unfinished tables whose spectators may not chat."""
        rows = self.db.rows(
            "SELECT id FROM tables WHERE spectator_chat = 0 AND finished_at IS NULL"
        )
        return {row[0] for row in rows}
