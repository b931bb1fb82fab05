"""Turn alerts across a kill -9: 1,000 queued alerts delivered to a local receiver, none lost.

Run from the repository root:  python benchmarks/alerts.py [--alerts 1000] [--members 100]

A new club (SQLite, a temporary folder) with --members members, half of them heard of by
webhook (a local HTTP receiver in this process), half by email (a local SMTP server, aiosmtpd,
in this process), each seated at --alerts / --members turn-based tables where their move waits.
A real `wish-tui serve --smtp` is started on it: it queues one alert a waiting table and sends
them. Once the receivers hold half, the server is killed with SIGKILL, started again, and left
until every alert is received. Printed: the alerts received before the kill and in all, each
table's count (exactly once, or again: the one in flight when the server died, sent again
because the server could not note it sent: at least once), the queue as the database holds it,
and the time it took.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.smtp_receiver import MailReceiver  # noqa: E402
from wish_tui.club import SeatSpec, open_club  # noqa: E402

TURN_CLOCK = {"type": "turn", "hours": 24, "total_days": 14}
WAIT_S = 300.0
"""The most this waits for what must come."""


class Receivers:
    """A local HTTP receiver and a local SMTP server; what each alert's table got, in order."""

    def __init__(self, folder: Path) -> None:
        self.got: list[str] = []
        self._lock = threading.Lock()
        receivers = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                receivers.took(body["table"])
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/hook"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.mail = MailReceiver(folder)

    def took(self, table: str) -> None:
        with self._lock:
            self.got.append(table)

    def received(self) -> list[str]:
        """Every alert received so far, by its table's code (mail: from its subject)."""
        mailed = [str(m["Subject"]).split("table ")[1].split(" ")[0] for m in self.mail.messages]
        with self._lock:
            return self.got + mailed

    def close(self) -> None:
        self.http.shutdown()
        self.mail.close()


def waiting_tables(folder: Path, receivers: Receivers, members: int, per_member: int) -> None:
    """The club: each member heard of by webhook or email, their move waiting at their tables."""
    with open_club(folder, new_club=True) as club:
        for m in range(members):
            player = club.players.register(f"SHA256:alerts-member-{m:05d}", f"a{m:04d}")
            if m % 2:
                club.alerts.set_email(player.id, f"a{m:04d}@example.org")
            else:
                club.alerts.set_webhook(player.id, receivers.url)
            for t in range(per_member):
                seats = [SeatSpec("air", "random"), SeatSpec("water", "human", player.id)]
                club.tables.create("wish", m * 1000 + t, seats, None, kind="turn", clock=TURN_CLOCK)


def serve(folder: Path, smtp_port: int) -> subprocess.Popen:
    """`wish-tui serve` on the club of `folder`, on a free port, email through `smtp_port`."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return subprocess.Popen(
        [sys.executable, "-m", "wish_tui", "serve", "--open", "--port", str(port), "--smtp",
         f"127.0.0.1:{smtp_port}"],
        env={**os.environ, "WISH_TUI_DATA_DIR": str(folder)},
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip


def until(test, what: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + WAIT_S
    while not test():
        if server.poll() is not None:
            raise SystemExit(f"The server stopped: {server.stderr.read().decode()[-400:]}")
        if time.monotonic() > deadline:
            server.kill()
            raise SystemExit(f"Gave up waiting: {what}.")
        time.sleep(0.02)


def queue_counts(folder: Path) -> dict:
    with open_club(folder) as club:
        return club.alerts.queue_counts()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--alerts", type=int, default=1000)
    parser.add_argument("--members", type=int, default=100)
    args = parser.parse_args()
    per_member = max(1, args.alerts // args.members)
    total = per_member * args.members
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        receivers = Receivers(folder)
        try:
            waiting_tables(folder, receivers, args.members, per_member)
            print(
                f"{total} turn-based tables waiting for {args.members} members away "
                f"(half by webhook, half by email), at a real `wish-tui serve`:"
            )
            began = time.perf_counter()
            server = serve(folder, receivers.mail.port)
            until(lambda: len(receivers.received()) >= total // 2, "half the alerts", server)
            server.send_signal(signal.SIGKILL)
            server.wait()
            before = len(receivers.received())
            killed = time.perf_counter() - began
            print(f"  killed with SIGKILL {killed:.1f} s in, {before} alerts received by then")
            server = serve(folder, receivers.mail.port)
            until(lambda: len(set(receivers.received())) >= total, "every alert", server)
            took = time.perf_counter() - began
            time.sleep(3)  # anything sent again comes now
            server.send_signal(signal.SIGTERM)
            _, errors = server.communicate(timeout=60)
            got = receivers.received()
            counts = collections.Counter(got)
            again = {table: n for table, n in counts.items() if n > 1}
            print(
                f"  every alert received after {took:.1f} s: {len(counts)} of {total} tables "
                f"alerted, {len(got)} messages, {sum(counts.values()) - len(counts)} sent again "
                f"{sorted(again.items())[:5]}"
            )
            print(f"  the queue in the database: {queue_counts(folder)}")
            if errors.strip():
                print("  the server said:", errors.decode(errors="replace").strip()[-400:])
        finally:
            receivers.close()


if __name__ == "__main__":
    main()
