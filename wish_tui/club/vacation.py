"""Vacation: a member pauses the clocks of their turn-based tables for whole days, up to
`limits.VACATION_DAYS` in a calendar year (UTC).

The days are counted to the year the vacation begins in (`players.vacation_days`, by the year, with 'begun': the year of the last one);
ending it early gives back the whole days not begun. While it lasts (`players.vacation_until`),
the server runs no clock of a turn-based table where it is their decision, and sends them no turn
alert; their live tables are not touched.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from .errors import ClubError
from .limits import VACATION_DAYS
from .part import ClubPart

DAY_MS = 86_400_000


@dataclass(frozen=True)
class VacationState:
    """A member's vacation as it stands: when it ends (None: not on vacation), the days taken
    and left this year."""

    player_id: int
    name: str
    until: int | None
    year: int
    used: int
    left: int

    def to_json(self) -> dict:
        return {
            "player": {"id": self.player_id, "name": self.name},
            "until": self.until,
            "year": self.year,
            "days_used": self.used,
            "days_left": self.left,
            "days_a_year": VACATION_DAYS,
        }


def _year(ms: int) -> int:
    return datetime.fromtimestamp(ms / 1000, UTC).year


class Vacations(ClubPart):
    """Members' vacations in one club database."""

    def state(self, player_id: int) -> VacationState:
        """A member's vacation now."""
        now = self.db.clock()
        row = self.db.one(
            "SELECT name, vacation_until, vacation_days FROM players WHERE id = ?", (player_id,)
        )
        name, until, days = row if row else ("", None, "{}")
        year = _year(now)
        used = self._days(days).get(str(year), 0)
        until = until if until is not None and until > now else None
        return VacationState(player_id, name, until, year, used, max(0, VACATION_DAYS - used))

    def start(self, player_id: int, days: int) -> VacationState:
        """Pause the member's turn-based clocks for `days` whole days from now (a vacation under
        way is ended first, its days not begun given back).

        Raises:
            ClubError: not 1 to the days left this year, or a bot (one sentence).
        """
        if self.players.get(player_id).is_bot:
            raise ClubError("A bot takes no vacation.")
        with self.db.transaction():
            self._end(player_id)
            state = self.state(player_id)
            if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= state.left:
                length = "1 day" if state.left == 1 else f"1 to {state.left} days"
                raise ClubError(
                    f"A vacation is {length}: you have {state.left} of "
                    f"{VACATION_DAYS} left in {state.year}."
                    if state.left
                    else f"You have taken all {VACATION_DAYS} days of vacation of {state.year}."
                )
            now = self.db.clock()
            self._write(player_id, now + days * DAY_MS, state.year, state.used + days)
        return self.state(player_id)

    def end(self, player_id: int) -> VacationState:
        """End the member's vacation now; the whole days not begun are theirs again."""
        with self.db.transaction():
            self._end(player_id)
        return self.state(player_id)

    def on_vacation(self) -> dict[int, int]:
        """Every member on vacation now, and when it ends (milliseconds)."""
        rows = self.db.rows(
            "SELECT id, vacation_until FROM players WHERE vacation_until IS NOT NULL "
            "AND vacation_until > ?",
            (self.db.clock(),),
        )
        return {player_id: until for player_id, until in rows}

    def _end(self, player_id: int) -> None:
        now = self.db.clock()
        row = self.db.one(
            "SELECT vacation_until, vacation_days FROM players WHERE id = ?", (player_id,)
        )
        if row is None or row[0] is None:
            return
        until, text = row
        days = self._days(text)
        unused = max(0, (until - now) // DAY_MS)
        year = days.get("begun", _year(now))  # the year its days were counted to
        self._write(player_id, None, year, max(0, days.get(str(year), 0) - unused))

    def _write(self, player_id: int, until: int | None, year: int, used: int) -> None:
        row = self.db.one("SELECT vacation_days FROM players WHERE id = ?", (player_id,))
        days = self._days(row[0] if row else "{}")
        days[str(year)] = used
        if until is not None:
            days["begun"] = year
        self.db.execute(
            "UPDATE players SET vacation_until = ?, vacation_days = ? WHERE id = ?",
            (until, json.dumps(days, sort_keys=True), player_id),
        )

    @staticmethod
    def _days(text: str) -> dict[str, int]:
        try:
            found = json.loads(text or "{}")
        except ValueError:
            return {}
        return (
            {k: v for k, v in found.items() if isinstance(v, int)}
            if isinstance(found, dict)
            else {}
        )
