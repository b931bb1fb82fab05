"""Invitations to a table by a person's name, shown in the invited person's lobby."""

from __future__ import annotations

from .errors import ClubError, NotFound
from .part import ClubPart
from .rows import Invitation, Notice

GONE = "That invitation is gone."
OPEN_MAX = 50
"""Open invitations one person may have waiting (older ones are shown first to go)."""
COLUMNS = (
    "i.id, i.table_id, t.code, i.from_id, p.name, i.to_id, i.created_at, i.status "
    "FROM invitations i JOIN tables t ON t.id = i.table_id JOIN players p ON p.id = i.from_id"
)


class Invitations(ClubPart):
    """The invitations of one club database."""

    def get(self, invitation_id: int) -> Invitation:
        row = self.db.found(f"SELECT {COLUMNS} WHERE i.id = ?", (invitation_id,), GONE)
        return Invitation(*row)

    def invite(self, table_id: int, from_id: int, to_name: str) -> Invitation:
        """Invite the player called `to_name` to a table (again, if they declined before).

        Raises:
            NotFound: nobody has that name, or no such table.
            ClubError: oneself, a bot, a finished table, or their list of invitations is full.
        """
        to = self.players.named(to_name)
        if to.id == from_id:
            raise ClubError("You cannot invite yourself.")
        if to.is_bot or to.is_removed:
            raise ClubError(f"{to.shown} cannot be invited; seat a bot at New table instead.")
        with self.db.transaction():
            row = self.db.one("SELECT finished_at FROM tables WHERE id = ?", (table_id,))
            if row is None:
                raise NotFound("That table is gone.")
            if row[0] is not None:
                raise ClubError("That table's game is over.")
            waiting = self.db.scalar(
                "SELECT COUNT(*) FROM invitations WHERE to_id = ? AND status = 'open'",
                (to.id,),
                default=0,
            )
            if waiting >= OPEN_MAX:
                raise ClubError(f"{to.name} has {waiting} invitations waiting already.")
            self.db.execute(
                "INSERT INTO invitations (table_id, from_id, to_id, created_at, status) "
                "VALUES (?, ?, ?, ?, 'open') ON CONFLICT (table_id, to_id) DO UPDATE SET "
                "from_id = excluded.from_id, created_at = excluded.created_at, status = 'open'",
                (table_id, from_id, to.id, self.db.clock()),
            )
            found = self.db.scalar(
                "SELECT id FROM invitations WHERE table_id = ? AND to_id = ?", (table_id, to.id)
            )
            self.db.notify(Notice("invited", table_id, found))
        return self.get(found)

    def waiting(self, player_id: int, size: int = 20) -> list[Invitation]:
        """A player's open invitations to unfinished tables, the newest first."""
        rows = self.db.rows(
            f"SELECT {COLUMNS} WHERE i.to_id = ? AND i.status = 'open' AND t.finished_at IS NULL "
            "ORDER BY i.created_at DESC, i.id DESC LIMIT ?",
            (player_id, max(1, min(size, OPEN_MAX))),
        )
        return [Invitation(*r) for r in rows]

    def invited(self) -> set[int]:
        """The players with an open invitation: one query for a whole lobby, whose other
        players are then asked nothing (`waiting` is one query a player)."""
        rows = self.db.rows("SELECT DISTINCT to_id FROM invitations WHERE status = 'open'")
        return {int(row[0]) for row in rows}

    def answer(self, invitation_id: int, player_id: int, accept: bool) -> Invitation:
        """Accept or decline an invitation (the hub seats the person on 'accepted').

        Raises:
            NotFound: no such invitation for this player.
            ClubError: it was answered or withdrawn already.
        """
        with self.db.transaction():
            self._open_one(invitation_id, player_id, invited=True)
            self.db.execute(
                "UPDATE invitations SET status = ? WHERE id = ?",
                ("accepted" if accept else "declined", invitation_id),
            )
        return self.get(invitation_id)

    def withdraw(self, invitation_id: int, player_id: int) -> Invitation:
        """The inviting player takes an open invitation back.

        Raises:
            NotFound: not their invitation.
            ClubError: it was answered already.
        """
        with self.db.transaction():
            self._open_one(invitation_id, player_id, invited=False)
            self.db.execute(
                "UPDATE invitations SET status = 'withdrawn' WHERE id = ?", (invitation_id,)
            )
        return self.get(invitation_id)

    def _open_one(self, invitation_id: int, player_id: int, *, invited: bool) -> Invitation:
        """The open invitation `player_id` received (`invited`) or sent; NotFound or ClubError
        if it is not theirs or no longer open."""
        invitation = self.get(invitation_id)
        if player_id != (invitation.to_id if invited else invitation.from_id):
            raise NotFound(GONE)
        if invitation.status != "open":
            raise ClubError(f"That invitation was {invitation.status} already.")
        return invitation
