"""`wish-tui club alerts`: the keeper reads the turn alerts' queue, by member and table.

Opens the database to read only. A line per member, table and way of sending (the latest queued
first, 200 at most): how many alerts wait, were sent, were given up (the endpoint turned off),
when the next try is due and the last error; or JSON::

    {"format": "wish_tui.club.alerts",
     "queue": {"waiting": 1, "sent": 12, "given_up": 0},
     "alerts": [{"player_id": 3, "member": "ann", "table_id": 7, "table": "3fa2c1",
                 "channel": "webhook", "waiting": 1, "sent": 2, "given_up": 0,
                 "next_try_at": 1700000030000, "last_queued_at": 1700000000000,
                 "last_error": "HTTP 502"}]}
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

FORMAT = "wish_tui.club.alerts"
LINES_MOST = 200
"""The most lines the command lists (the latest queued)."""


def add_parser(inner) -> None:
    """Add `alerts` to the commands of `wish-tui club`."""
    alerts = inner.add_parser(
        "alerts", help="the turn alerts' queue: waiting, sent, given up, the last error"
    )
    alerts.add_argument("--json", action="store_true", help="print one JSON object")


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M")


def list_alerts(club, as_json: bool) -> None:
    """Print the queue of `club`'s turn alerts (read only: nothing is changed)."""
    counts = club.alerts.queue_counts()
    lines = club.alerts.by_member_and_table(LINES_MOST)
    if as_json:
        print(json.dumps({"format": FORMAT, "queue": counts, "alerts": lines}))
        return
    if not lines:
        print("No turn alert has been queued yet.")
        return
    print(
        f"Turn alerts: {counts['waiting']} waiting, {counts['sent']} sent, "
        f"{counts['given_up']} given up."
    )
    for line in lines:
        said = (
            f"{line['member']}, table {line['table']} ({line['channel']}): "
            f"{line['waiting']} waiting, {line['sent']} sent, {line['given_up']} given up"
        )
        if line["next_try_at"] is not None:
            said += f"; next try {_when(line['next_try_at'])} UTC"
        if line["last_error"]:
            said += f"; last error: {line['last_error']}"
        print(said + ".")
