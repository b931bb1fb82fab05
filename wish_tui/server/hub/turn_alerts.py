"""Turn alerts at the server: a move of a turn-based table waiting for a member who is not
connected is queued once for that waiting period, and the queue is sent to each member's webhook
without ever holding a table (`club.alerts`: retries with backoff, a dead endpoint turned off).

A service the hub composes (`Hub.alerts`). Every `ALERT_EVERY` seconds it looks at the turn-based
tables this node runs, queues what waits, and posts what is due, each post in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
import urllib.error
import urllib.request

from wish_tui import games
from wish_tui.club.alerts import FORMAT
from wish_tui.club.identity import player_id_of
from wish_tui.tables.protocol import ProtocolError

from .periodic import every_while
from .table import TableError

LOG = logging.getLogger(__name__)
ALERT_EVERY = 2.0
"""Seconds between two looks at the waiting moves and the queue."""
POST_TIMEOUT = 10.0
"""Seconds a webhook has to answer."""


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
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return str(getattr(exc, "reason", exc))[:120] or type(exc).__name__


class TurnAlerts:
    """A `Hub`'s turn alerts: what waits is queued, what is due is sent."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._queued: set[tuple[int, int, int]] = set()
        """(player, table, waiting since) queued by this node already: not written again."""
        self._looking = asyncio.Lock()

    def handlers(self) -> dict:
        """The requests this service answers, by the message's type."""
        return {"alerts": self.set_alerts}

    async def set_alerts(self, session, message: dict) -> None:
        """A member's webhook (a URL), or none ('' or null)."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members hear of their moves: connect with a key.")
        url = message.get("webhook")
        if url is not None and not isinstance(url, str):
            raise ProtocolError('"webhook" must be an address, or null for none.')
        await self.hub.record(self.hub.club.alerts.set_webhook, session.player.id, url or None)
        text = (
            f"A move waiting for you while you are away is told to {url.strip()}, once a move."
            if url
            else "No alert is sent to you when a move waits for you."
        )
        session.send({"type": "notice", "table": None, "text": text})

    async def alert_every_while(self) -> None:
        """Look every `ALERT_EVERY` seconds, for the server's life."""
        await every_while(ALERT_EVERY, self.look, "turn alerts")

    async def look(self) -> None:
        """Queue the moves waiting for absent members, and send what is due."""
        async with self._looking:
            await self._queue_waiting()
            await self._deliver()

    async def _queue_waiting(self) -> None:
        hub = self.hub
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
            since = int(table.since * 1000)
            key = (player, table.club_id, since)
            if key in self._queued:
                continue
            title = games.get(table.spec.name).title
            text = f"Your move is waiting at table {table.id} ({title})."
            body = {
                "format": FORMAT,
                "table": table.id,
                "game": table.spec.name,
                "waiting_since": since,
                "text": text,
                "content": text,
            }
            await hub.record(hub.club.alerts.enqueue, player, table.club_id, since, body)
            self._queued.add(key)

    async def _deliver(self) -> None:
        hub = self.hub
        loop = asyncio.get_running_loop()
        for alert in await hub.record(hub.club.alerts.due):
            error = await loop.run_in_executor(None, post, alert.target, alert.body)
            if not error:
                await hub.record(hub.club.alerts.sent, alert.id)
                continue
            turned_off = await hub.record(hub.club.alerts.failed, alert, error)
            if turned_off:
                note = hub.club.alerts.settings_of(alert.player_id).get("note", "")
                for session in list(hub.sessions):
                    if session.player is not None and session.player.id == alert.player_id:
                        session.send({"type": "notice", "table": None, "text": note})
