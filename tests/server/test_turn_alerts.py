"""Turn alerts at a real table server, posted to a local HTTP receiver: a move of a turn-based
table waiting for a member who is away is posted once to their webhook, as JSON; a receiver that
fails leaves it queued for a retry; a guest may not set one."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from wish_tui.club.alerts import BACKOFF

from .test_club_tables import FakeTime, at_club
from .waiting_tables import tables_waiting_for_bob

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


class Receiver:
    """A local HTTP server that keeps every POST's JSON body and answers `status`."""

    def __init__(self) -> None:
        self.bodies: list[dict] = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length", 0))
                receiver.bodies.append(json.loads(self.rfile.read(length)))
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    found = Receiver()
    yield found
    found.close()


async def _waiting_for_bob(hub, receiver_url):
    """alice's turn-based table with bob, who set his webhook and left: alice plays until bob
    decides; returns alice, the table."""
    alice, told, (served,) = await tables_waiting_for_bob(hub, {"webhook": receiver_url})
    assert receiver_url in told["text"]
    return alice, served


async def test_a_move_waiting_for_an_absent_member_is_posted_once(receiver):
    async with at_club(FakeTime()) as (hub,):
        alice, served = await _waiting_for_bob(hub, receiver.url)
        await hub.alerts.look()
        await hub.alerts.look()
        assert len(receiver.bodies) == 1
        (body,) = receiver.bodies
        assert body["format"] == "wish_tui.turn_alert" and body["table"] == served.id
        assert body["text"] == f"Your move is waiting at table {served.id} (Wish)."
        assert body["content"] == body["text"]  # what Discord reads; Slack reads "text"
        assert hub.club.alerts.queue_counts() == {"waiting": 0, "sent": 1, "given_up": 0}
        alice.close()


async def test_a_failing_receiver_leaves_the_alert_queued_for_later(receiver):
    receiver.status = 500
    async with at_club(FakeTime()) as (hub,):
        alice, _ = await _waiting_for_bob(hub, receiver.url)
        await hub.alerts.look()
        await hub.alerts.look()  # not due again before its backoff
        assert len(receiver.bodies) == 1
        assert hub.club.alerts.queue_counts() == {"waiting": 1, "sent": 0, "given_up": 0}
        alice.close()


async def test_no_alert_for_a_member_who_is_connected(receiver):
    async with at_club(FakeTime(), "alice") as (hub, alice):
        await alice.send({"type": "alerts", "webhook": receiver.url})
        await alice.until(lambda m: m["type"] == "notice")
        seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "random"}]
        await alice.send({"type": "new_table", "game": "wish", "seats": seats, "kind": "turn"})
        await alice.until(lambda m: m["type"] == "table")
        await hub.alerts.look()
        assert receiver.bodies == []
        await alice.send({"type": "alerts", "webhook": "ftp://nowhere"})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert "http:// or https://" in refused["error"]


async def test_a_look_reads_the_queue_only_when_an_alert_may_be_due(receiver, monkeypatch):
    """Every look read the queue of alerts, every two seconds for the server's life, though on
    a club no other node shares only this node queues them: it reads when one it queued, or
    one whose retry it knows of, is due."""
    receiver.status = 500
    async with at_club(FakeTime()) as (hub,):
        alerts = hub.club.alerts
        reads: list[int] = []
        due = alerts.due
        monkeypatch.setattr(alerts, "due", lambda *args: reads.append(1) or due(*args))
        alice, _ = await _waiting_for_bob(hub, receiver.url)
        await hub.alerts.look()  # queued, posted, refused: due again after its backoff
        assert len(receiver.bodies) == 1
        read = len(reads)
        for _ in range(3):
            await hub.alerts.look()
        assert len(reads) == read
        clock = alerts.db.clock
        monkeypatch.setattr(alerts.db, "clock", lambda: clock() + BACKOFF[0] + 1000)
        await hub.alerts.look()
        assert len(receiver.bodies) == 2  # the retry, when due
        assert hub.club.alerts.queue_counts() == {"waiting": 1, "sent": 0, "given_up": 0}
        alice.close()
