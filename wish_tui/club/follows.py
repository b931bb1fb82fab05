"""Friends and blocks: whom a member follows (they see when that member is online and that
member's open tables first) and whom they block (who then cannot invite them, join a table they
play at or own, or be read by them in chat).

One row per pair in `follows`: a member follows or blocks another, not both; blocking a member
one followed replaces the follow. Blocks are not told to the member blocked, as lichess does.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ClubError
from .part import ClubPart
from .rows import Player

KINDS = ("follow", "block")
FOLLOWS_MAX = 500
"""Members one member may follow or block, in all."""


@dataclass(frozen=True)
class Friends:
    """Whom a member follows and blocks, and who follows them: (id, name) pairs by name."""

    player: Player
    follows: list[tuple[int, str]]
    blocks: list[tuple[int, str]]
    followers: list[tuple[int, str]]

    def to_json(self) -> dict:
        def named(pairs):
            return [{"id": i, "name": n} for i, n in pairs]

        return {
            "player": {"id": self.player.id, "name": self.player.name},
            "follows": named(self.follows),
            "blocks": named(self.blocks),
            "followers": named(self.followers),
        }


class Follows(ClubPart):
    """Follows and blocks in one club database."""

    def choose(self, player_id: int, name: str, kind: str | None) -> Player:
        """`player_id` follows or blocks the member called `name` (None: neither any more);
        returns that member.

        Raises:
            NotFound: nobody has that name.
            ClubError: oneself, a bot, a guest, or too many already (one sentence).
        """
        other = self.players.named(name)
        if other.id == player_id:
            raise ClubError("You cannot follow or block yourself.")
        if other.is_bot or other.is_guest or other.is_removed:
            raise ClubError(f"{other.shown} is not a member you can follow or block.")
        with self.db.transaction():
            if kind is None:
                self.db.execute(
                    "DELETE FROM follows WHERE player_id = ? AND other_id = ?",
                    (player_id, other.id),
                )
                return other
            count = self.db.scalar(
                "SELECT COUNT(*) FROM follows WHERE player_id = ? AND other_id <> ?",
                (player_id, other.id),
                default=0,
            )
            if count >= FOLLOWS_MAX:
                raise ClubError(
                    f"You follow or block {count} members; unfollow or unblock one first."
                )
            self.db.execute(
                "INSERT INTO follows (player_id, other_id, kind, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (player_id, other_id) DO UPDATE SET kind = excluded.kind, "
                "at = excluded.at",
                (player_id, other.id, kind, self.db.clock()),
            )
        return other

    def chosen_by(self, player_id: int) -> dict[str, set[int]]:
        """Whom a member follows and blocks: {'follow': ids, 'block': ids}."""
        found: dict[str, set[int]] = {kind: set() for kind in KINDS}
        for other, kind in self.db.rows(
            "SELECT other_id, kind FROM follows WHERE player_id = ?", (player_id,)
        ):
            found[kind].add(other)
        return found

    def blockers(self, among: list[int], player_id: int) -> list[int]:
        """Those of `among` who block `player_id`."""
        if not among:
            return []
        marks = ", ".join("?" * len(among))
        rows = self.db.rows(
            f"SELECT player_id FROM follows WHERE other_id = ? AND kind = 'block' "
            f"AND player_id IN ({marks})",
            (player_id, *among),
        )
        return [row[0] for row in rows]

    def refuse_invite(self, name: str, from_id: int) -> None:
        """Refuse an invitation to the member called `name` from one they block.

        Raises:
            ClubError: they block `from_id` (one sentence).
        """
        other = self.players.by_name(name)
        if other is not None and self.blockers([other.id], from_id):
            raise ClubError(f"{other.name} does not take invitations from you.")

    def friends(self, player_id: int) -> Friends:
        """A member's follows, blocks and followers, each by name."""
        player = self.players.get(player_id)
        chosen = self.db.rows(
            "SELECT f.kind, p.id, p.name FROM follows f JOIN players p ON p.id = f.other_id "
            "WHERE f.player_id = ? ORDER BY p.name_key",
            (player_id,),
        )
        followers = self.db.rows(
            "SELECT p.id, p.name FROM follows f JOIN players p ON p.id = f.player_id "
            "WHERE f.other_id = ? AND f.kind = 'follow' ORDER BY p.name_key",
            (player_id,),
        )
        return Friends(
            player,
            [(i, n) for kind, i, n in chosen if kind == "follow"],
            [(i, n) for kind, i, n in chosen if kind == "block"],
            [(i, n) for i, n in followers],
        )
