"""Turn alerts: how a member hears of a move waiting for them while not connected, and the queue.

A member gives a webhook (an HTTP POST of a small JSON body to their URL; ntfy, Discord and
Slack take it), an email address (sent through the keeper's relay, `serve --smtp`) or none. The
server queues one alert per member, table and waiting period (the move that became theirs at
`waiting_since`), so a move waiting a week is said once, as lichess sends no mail a move; or, for
a member who chose the daily digest, one message a day listing every table waiting for them (its
row's `waiting_since` is minus the day's number, so it never meets a move's). Sending never holds a table: the queue is rows in the database, sent by
the server's loop, retried with backoff (`BACKOFF`); an endpoint that fails `MAX_FAILURES` times
in a row is turned off, with a note on the member's profile saying why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .errors import InputRefused
from .store.database import Database

BACKOFF = (30_000, 120_000, 600_000, 3_600_000)
"""Milliseconds before each retry after a failed send."""
MAX_FAILURES = 5
"""Failed sends in a row after which an endpoint is turned off."""
URL_MAX = 300
EMAIL_MAX = 254
FORMAT = "wish_tui.turn_alert"
DIGEST_FORMAT = "wish_tui.turn_digest"
CHANNELS = ("webhook", "email")
"""The ways to hear of a move, as kept in a member's settings (neither: none)."""


@dataclass(frozen=True)
class QueuedAlert:
    """One alert waiting to be sent."""

    id: int
    player_id: int
    table_id: int
    channel: str
    target: str
    body: str
    attempts: int


def check_webhook(url: str) -> str:
    """A webhook URL as kept.

    Raises:
        InputRefused: not an http(s) URL of at most `URL_MAX` printable characters.
    """
    url = str(url).strip()
    if (
        not url.startswith(("http://", "https://"))
        or len(url) > URL_MAX
        or not url.isprintable()
        or " " in url
    ):
        raise InputRefused(
            f"A webhook is an http:// or https:// address of at most {URL_MAX} characters."
        )
    return url


def check_email(address: str) -> str:
    """An email address as kept.

    Raises:
        InputRefused: not one address such as ann@example.org of at most `EMAIL_MAX` characters.
    """
    address = str(address).strip()
    local, _, domain = address.rpartition("@")
    if (
        not local
        or "." not in domain.strip(".")
        or len(address) > EMAIL_MAX
        or not address.isprintable()
        or any(c.isspace() or c in '<>,;:"()[]\\' for c in address)
        or "@" in local
    ):
        raise InputRefused(
            f"An email address is one address such as ann@example.org, of at most "
            f"{EMAIL_MAX} characters."
        )
    return address


def channel_of(settings: dict) -> tuple[str, str] | None:
    """How a member hears of their moves: ('webhook', URL), ('email', ADDRESS), or None."""
    for channel in CHANNELS:
        if settings.get(channel):
            return channel, settings[channel]
    return None


def day_of(ms: int) -> int:
    """The UTC day (days since 1970) of a time in milliseconds: a digest's day."""
    return ms // 86_400_000


class Alerts:
    """The members' alert settings and the queue, in one club database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def settings_of(self, player_id: int) -> dict:
        """A member's alert settings: 'webhook' (a URL) or 'email' (an address), or neither;
        'digest' (true: one message a day) and 'note' (why it was turned off), or absent."""
        text = self.db.scalar("SELECT alerts FROM players WHERE id = ?", (player_id,), default="")
        try:
            found = json.loads(text or "{}")
        except ValueError:
            return {}
        return found if isinstance(found, dict) else {}

    def page_of(self, player_id: int) -> dict:
        """A member's alerts as their profile page shows them: 'channel' ('webhook', 'email'
        or 'none'), 'target', 'digest' and 'note' (why they were turned off, or '')."""
        settings = self.settings_of(player_id)
        channel, target = channel_of(settings) or ("none", "")
        return {
            "channel": channel,
            "target": target,
            "digest": bool(settings.get("digest")),
            "note": settings.get("note", ""),
        }

    def set_webhook(self, player_id: int, url: str | None) -> dict:
        """Send a member's alerts to `url` (None: no alerts); the note of an endpoint turned
        off goes, the digest choice stays. Returns the settings now."""
        return self._keep(player_id, {"webhook": check_webhook(url)} if url else {})

    def set_email(self, player_id: int, address: str | None) -> dict:
        """Send a member's alerts to the email `address` (None: no alerts); as `set_webhook`."""
        return self._keep(player_id, {"email": check_email(address)} if address else {})

    def set_digest(self, player_id: int, on: bool) -> dict:
        """One message a day listing the tables waiting (True), or one a move (False)."""
        settings = self.settings_of(player_id)
        settings.pop("digest", None)
        settings.pop("note", None)
        return self._keep(player_id, {**settings, **({"digest": True} if on else {})}, False)

    def _keep(self, player_id: int, settings: dict, keep_digest: bool = True) -> dict:
        if keep_digest and self.settings_of(player_id).get("digest") and settings:
            settings["digest"] = True
        with self.db.transaction():
            self.db.execute(
                "UPDATE players SET alerts = ? WHERE id = ?", (json.dumps(settings), player_id)
            )
        return settings

    def enqueue(self, player_id: int, table_id: int, waiting_since: int, body: dict) -> bool:
        """Queue an alert for a move waiting for a member (nothing when they hear of none, chose
        the digest, or one is queued for that waiting period already); True when queued."""
        settings = self.settings_of(player_id)
        channel = channel_of(settings)
        if channel is None or settings.get("digest"):
            return False
        return self._insert(player_id, table_id, waiting_since, channel, body)

    def enqueue_digest(self, player_id: int, day: int, table_id: int, body: dict) -> bool:
        """Queue the day's digest of a member who chose it (`table_id`: the table waiting
        longest); nothing when one was queued that day already. True when queued."""
        settings = self.settings_of(player_id)
        channel = channel_of(settings)
        if channel is None or not settings.get("digest"):
            return False
        return self._insert(player_id, table_id, -day, channel, body)

    def _insert(self, player_id, table_id, waiting_since, channel, body) -> bool:
        now = self.db.clock()
        with self.db.transaction():
            if waiting_since < 0 and self.db.one(
                "SELECT 1 FROM alert_queue WHERE player_id = ? AND waiting_since = ?",
                (player_id, waiting_since),
            ):
                return False
            row = self.db.one(
                "INSERT INTO alert_queue (player_id, table_id, waiting_since, channel, target, "
                "body, created_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (player_id, table_id, waiting_since) DO NOTHING RETURNING id",
                (player_id, table_id, waiting_since, *channel, json.dumps(body), now, now),
            )
        return row is not None

    def due(self, limit: int = 50) -> list[QueuedAlert]:
        """The alerts to send now, the oldest due first."""
        rows = self.db.rows(
            "SELECT id, player_id, table_id, channel, target, body, attempts FROM alert_queue "
            "WHERE sent_at IS NULL AND given_up_at IS NULL AND due_at <= ? "
            "ORDER BY due_at, id LIMIT ?",
            (self.db.clock(), limit),
        )
        return [QueuedAlert(*row) for row in rows]

    def next_due(self) -> int | None:
        """When the next alert waiting is due (the club's time, ms), or None: none waits."""
        row = self.db.one(
            "SELECT MIN(due_at) FROM alert_queue WHERE sent_at IS NULL AND given_up_at IS NULL"
        )
        return None if row is None or row[0] is None else int(row[0])

    def now(self) -> int:
        """The club's time (ms), as the due times are written."""
        return self.db.clock()

    def sent(self, alert_id: int) -> None:
        """Note an alert delivered."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE alert_queue SET sent_at = ?, attempts = attempts + 1 WHERE id = ?",
                (self.db.clock(), alert_id),
            )

    def failed(self, alert: QueuedAlert, error: str) -> bool:
        """Note a failed send: tried again later, or after `MAX_FAILURES` the member's endpoint
        is turned off with a note (and their queued alerts given up). True when turned off."""
        now = self.db.clock()
        attempts = alert.attempts + 1
        with self.db.transaction():
            if attempts < MAX_FAILURES:
                delay = BACKOFF[min(attempts, len(BACKOFF)) - 1]
                self.db.execute(
                    "UPDATE alert_queue SET attempts = ?, due_at = ?, error = ? WHERE id = ?",
                    (attempts, now + delay, error[:200], alert.id),
                )
                return False
            self.db.execute(
                "UPDATE alert_queue SET attempts = ?, given_up_at = ?, error = ? "
                "WHERE player_id = ? AND sent_at IS NULL AND given_up_at IS NULL",
                (attempts, now, error[:200], alert.player_id),
            )
            what = "webhook" if alert.channel == "webhook" else "email to"
            note = (
                f"Your turn alerts by {what} {alert.target[:80]} were turned off after "
                f"{attempts} failed sends (the last: {error[:80]}); set them again on your "
                "profile page (a) or with 'alerts' in the plain client to hear of your moves."
            )
            self.db.execute(
                "UPDATE players SET alerts = ? WHERE id = ?",
                (json.dumps({"note": note}), alert.player_id),
            )
        return True

    def queue_counts(self) -> dict:
        """How the queue stands, for the keeper: waiting, sent, given up."""
        row = self.db.one(
            "SELECT SUM(CASE WHEN sent_at IS NULL AND given_up_at IS NULL THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN given_up_at IS NOT NULL THEN 1 ELSE 0 END) FROM alert_queue"
        )
        return {"waiting": row[0] or 0, "sent": row[1] or 0, "given_up": row[2] or 0}

    def by_member_and_table(self, limit: int = 200) -> list[dict]:
        """The queue for the keeper, a line per member, table and way of sending, the latest
        first: waiting, sent, given up, the last error, when the next try is due."""
        rows = self.db.rows(
            "SELECT q.player_id, p.name, q.table_id, t.code, q.channel, "
            "SUM(CASE WHEN q.sent_at IS NULL AND q.given_up_at IS NULL THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN q.sent_at IS NOT NULL THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN q.given_up_at IS NOT NULL THEN 1 ELSE 0 END), "
            "MIN(CASE WHEN q.sent_at IS NULL AND q.given_up_at IS NULL THEN q.due_at END), "
            "MAX(q.created_at), "
            "(SELECT e.error FROM alert_queue e WHERE e.player_id = q.player_id AND "
            "e.table_id = q.table_id AND e.channel = q.channel AND e.error <> '' "
            "ORDER BY e.id DESC LIMIT 1) "
            "FROM alert_queue q JOIN players p ON p.id = q.player_id "
            "JOIN tables t ON t.id = q.table_id "
            "GROUP BY q.player_id, p.name, q.table_id, t.code, q.channel "
            "ORDER BY MAX(q.id) DESC LIMIT ?",
            (limit,),
        )
        return [
            {
                "player_id": player_id,
                "member": name,
                "table_id": table_id,
                "table": code,
                "channel": channel,
                "waiting": waiting or 0,
                "sent": sent or 0,
                "given_up": given_up or 0,
                "next_try_at": next_try,
                "last_queued_at": last_queued,
                "last_error": error or "",
            }
            for (
                player_id,
                name,
                table_id,
                code,
                channel,
                waiting,
                sent,
                given_up,
                next_try,
                last_queued,
                error,
            ) in rows
        ]
