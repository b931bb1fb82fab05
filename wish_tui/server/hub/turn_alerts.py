"""Turn alerts at the server: a move of a turn-based table waiting for a member who is not
connected is queued once for that waiting period (or once a day in a digest of every table
waiting for them), and the queue is sent to each member's webhook or email address without ever
holding a table (`club.alerts`: retries with backoff, a dead endpoint turned off).

A service the hub composes (`Hub.alerts`). Every `ALERT_EVERY` seconds it looks at the turn-based
tables this node runs, queues what waits, and sends what is due, each send in a worker thread
(email through the keeper's relay, `Hub.mail`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.error
import urllib.request

from wish_tui import games
from wish_tui.club.alerts import DIGEST_FORMAT, FORMAT, QueuedAlert, day_of
from wish_tui.club.identity import player_id_of
from wish_tui.tables.alert_words import alerts_sentence
from wish_tui.tables.protocol import ProtocolError

from .periodic import every_while
from .seating import decision_began
from .table import TableError

LOG = logging.getLogger(__name__)
ALERT_EVERY = 2.0
"""Seconds between two looks at the waiting moves and the queue."""
DELIVER_BATCH = 50
"""Alerts read from the queue at once."""
POST_TIMEOUT = 10.0
"""Seconds a webhook has to answer."""
DIGEST_AFTER = 3600.0
"""Seconds a table has waited for a member before their day's digest goes (the tables that begin
to wait meanwhile are in it too); at most one digest a UTC day."""
NO_RELAY = "This club sends no email (its keeper gave no --smtp relay): choose a webhook or none."


def post(url: str, body: str) -> str:
    """POST `body` (JSON) to `url`; '' when it was taken (a 2xx answer), else what went wrong."""
    request = urllib.request.Request(
        url,
        data=body.encode("utf-8"),
        headers={"Content-Type": "application/json", "User-Agent": "wish_tui turn alerts"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=POST_TIMEOUT) as answer:
            return "" if 200 <= answer.status < 300 else f"HTTP {answer.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except urllib.error.URLError as exc:
        return str(exc.reason)[:120] or type(exc).__name__
    except (OSError, ValueError) as exc:
        return str(exc)[:120] or type(exc).__name__


class TurnAlerts:
    """A `Hub`'s turn alerts: what waits is queued, what is due is sent."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._queued: set[tuple[int, int, int]] = set()
        """(player, table, waiting since) queued by this node already: not written again."""
        self._looking = asyncio.Lock()
        self._next_due: float = 0
        """When an alert may be due next (the club's time, ms): on a club no other node shares,
        only this node queues alerts and retries them, so the queue is read only once one it
        queued or knows of is due (its first look reads it: what a restart left)."""

    def handlers(self) -> dict:
        """The requests this service answers, by the message's type."""
        return {"alerts": self.set_alerts}

    async def set_alerts(self, session, message: dict) -> None:
        """A member's webhook (a URL) or email address, or none ('' or null for either), and
        whether they hear in a daily digest ('digest': true or false)."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members hear of their moves: connect with a key.")
        alerts = self.hub.club.alerts
        for field in ("webhook", "email"):
            value = message.get(field)
            if value is not None and not isinstance(value, str):
                raise ProtocolError(f'"{field}" must be an address, or null for none.')
        if message.get("digest") is not None and not isinstance(message["digest"], bool):
            raise ProtocolError('"digest" must be true or false.')
        player = session.player.id
        if message.get("email"):
            if self.hub.mail is None:
                raise TableError(NO_RELAY)
            await self.hub.record(alerts.set_email, player, message["email"])
        elif "webhook" in message or "email" in message:
            await self.hub.record(alerts.set_webhook, player, message.get("webhook") or None)
        if message.get("digest") is not None:
            await self.hub.record(alerts.set_digest, player, message["digest"])
        settings = await self.hub.record(alerts.settings_of, player)
        session.send({"type": "notice", "table": None, "text": alerts_sentence(settings)})

    async def alert_every_while(self) -> None:
        """Look every `ALERT_EVERY` seconds, for the server's life."""
        await every_while(ALERT_EVERY, self.look, "turn alerts")

    async def look(self) -> None:
        """Queue the moves waiting for absent members, and send what is due."""
        async with self._looking:
            await self._queue_waiting()
            if self.hub.node.is_shared or self.hub.club.alerts.now() >= self._next_due:
                await self._deliver()

    async def _queue_waiting(self) -> None:
        hub = self.hub
        waiting: dict[int, list] = {}
        for table in list(hub.tables.values()):
            if table.kind != "turn" or table.is_over or table.finished or table.club_id is None:
                continue
            seat = table.deciding()
            if seat is None or not hub.runs(table):
                continue
            place = table.seats[seat]
            player = player_id_of(place.person) if place.who == "human" else None
            if player is None or place.zombie or place.for_good or hub.connected(place.person):
                continue
            if hub.vacations.is_away(place.person):
                continue
            since = int(table.since * 1000)
            waiting.setdefault(player, []).append((since, table))
            key = (player, table.club_id, since)
            if key in self._queued:
                continue
            began = await self._began(table)
            if began is None:
                continue  # the table moved on meanwhile: looked at again next time
            title = games.get(table.spec.name).title
            text = f"Your move is waiting at table {table.id} ({title})."
            body = {
                "format": FORMAT,
                "table": table.id,
                "game": table.spec.name,
                "waiting_since": began,
                "text": text,
                "content": text,
                "subject": text,
            }
            if await hub.record(hub.club.alerts.enqueue, player, table.club_id, began, body):
                self._next_due = 0
            self._queued.add(key)
        now = hub.clock()
        day = day_of(int(now * 1000))
        for player, tables in waiting.items():
            tables.sort(key=lambda entry: entry[0])
            if (player, -day) not in self._queued and now - tables[0][0] / 1000 >= DIGEST_AFTER:
                body = digest_body(tables, now)
                first = tables[0][1].club_id
                if await hub.record(hub.club.alerts.enqueue_digest, player, day, first, body):
                    self._next_due = 0
                self._queued.add((player, -day))

    async def _began(self, table) -> int | None:
        """When the decision waiting at `table` began (ms), from the times its actions were
        stored: the same for every node and after a restart, so a waiting period is alerted once
        (the table's own clock says when this node saw it begin). None: it moved on meanwhile."""
        actions = table.actions
        times, made = await self.hub.record(self.hub.club.tables.action_times, table.club_id)
        if table.actions != actions:
            return None
        return round(decision_began(table.history, times, made) * 1000)

    async def _deliver(self) -> None:
        """Send every alert due, a batch at a time (a long queue is not left for later looks)."""
        hub = self.hub
        while True:
            batch = await hub.record(hub.club.alerts.due, DELIVER_BATCH)
            await self._send_batch(batch)
            if len(batch) < DELIVER_BATCH:
                break
        due = await hub.record(hub.club.alerts.next_due)
        self._next_due = float("inf") if due is None else due

    async def _send_batch(self, batch: list[QueuedAlert]) -> None:
        hub = self.hub
        loop = asyncio.get_running_loop()
        for alert in batch:
            error = await loop.run_in_executor(None, self._send, alert)
            if not error:
                await hub.record(hub.club.alerts.sent, alert.id)
                continue
            turned_off = await hub.record(hub.club.alerts.failed, alert, error)
            if turned_off:
                note = hub.club.alerts.settings_of(alert.player_id).get("note", "")
                for session in list(hub.sessions):
                    if session.player is not None and session.player.id == alert.player_id:
                        session.send({"type": "notice", "table": None, "text": note})

    def _send(self, alert: QueuedAlert) -> str:
        """Send one alert (in a worker thread); '' when it was taken, else what went wrong."""
        if alert.channel == "webhook":
            return post(alert.target, alert.body)
        if self.hub.mail is None:
            return "this server sends no email now (no --smtp)"
        body = json.loads(alert.body)
        text = body["text"] + "\n\n" + MAIL_FOOTER
        return self.hub.mail.send(alert.target, body.get("subject", body["text"]), text)


MAIL_FOOTER = (
    "You hear of a move once while it waits for you. Choose another way, the daily digest or "
    "none on your profile page at the club (a), or with 'alerts' in the plain client."
)


def digest_body(tables: list, now: float) -> dict:
    """The day's digest of the tables waiting for one member, the longest waiting first."""
    lines = [
        f"- table {table.id} ({games.get(table.spec.name).title}), waiting "
        f"{waited(now - since / 1000)}"
        for since, table in tables
    ]
    count = len(tables)
    subject = f"{count} table{'s' if count != 1 else ''} of the club wait{'s' if count == 1 else ''} for your move"
    text = subject + ":\n" + "\n".join(lines)
    return {
        "format": DIGEST_FORMAT,
        "tables": [table.id for _, table in tables],
        "text": text,
        "content": text,
        "subject": subject,
    }


def waited(seconds: float) -> str:
    """How long something has waited, in words: '3 days', '5 hours', '12 minutes'."""
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return "a moment"
