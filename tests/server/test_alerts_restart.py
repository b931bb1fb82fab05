"""Turn alerts across a server's restart: a move already alerted is not alerted again by the
server that comes back, and a server killed with SIGKILL in the middle of a send loses no alert
(the one in flight is sent again: at least once)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from pathlib import Path

from wish_tui.club import SeatSpec, open_club
from wish_tui.server.hub import Hub, turn_alerts

from .test_club_tables import FakeTime, _hub
from .test_turn_alerts import Receiver, _waiting_for_bob

TURN_CLOCK = {"type": "turn", "hours": 24, "total_days": 14}
HELD = 2
"""The receiver holds the answer to its second POST until the server sending it is killed."""


async def test_a_restarted_server_does_not_alert_a_waiting_move_again(data_dir):
    receiver = Receiver()
    hub = await _hub(FakeTime())
    alice, served = await _waiting_for_bob(hub, receiver.url)
    await hub.alerts.look()
    alice.close()
    await hub.close()
    hub = await _hub(FakeTime())
    try:
        assert served.id in hub.tables  # resumed, its move still waiting for bob
        await hub.alerts.look()
        assert [b["table"] for b in receiver.bodies] == [served.id]
        assert hub.club.alerts.queue_counts() == {"waiting": 0, "sent": 1, "given_up": 0}
    finally:
        await hub.close()
        receiver.close()


class HoldingReceiver(Receiver):
    """A receiver that takes every POST, but answers its `HELD`th only once `release` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight, self.release = threading.Event(), threading.Event()
        handler = self.server.RequestHandlerClass
        holder = self

        class Holding(handler):
            def send_response(self, *args, **kwargs) -> None:
                if len(holder.bodies) == HELD and not holder.in_flight.is_set():
                    holder.in_flight.set()
                    holder.release.wait(30)
                super().send_response(*args, **kwargs)

        self.server.RequestHandlerClass = Holding


def _serve(folder: str) -> None:
    """A table server in a process of its own, looking at its alerts every tenth of a second,
    until it is killed."""
    turn_alerts.ALERT_EVERY = 0.1

    async def main() -> None:
        hub = Hub(Path(folder), bot_pace=0.0, rate_limits={})
        await hub.start()
        await asyncio.sleep(60)

    asyncio.run(main())


async def test_a_server_killed_while_sending_loses_no_alert(data_dir):
    receiver = HoldingReceiver()
    try:
        with open_club(data_dir, new_club=True) as club:
            bob = club.players.register("SHA256:bob-key", "bob")
            club.alerts.set_webhook(bob.id, receiver.url)
            codes = [
                club.tables.create(
                    "wish",
                    seed,
                    [SeatSpec("air", "random"), SeatSpec("water", "human", bob.id)],
                    None,
                    kind="turn",
                    clock=TURN_CLOCK,
                ).code
                for seed in (1, 2, 3)
            ]
        child = multiprocessing.get_context("spawn").Process(target=_serve, args=(str(data_dir),))
        child.start()
        loop = asyncio.get_running_loop()
        try:
            assert await loop.run_in_executor(None, receiver.in_flight.wait, 30)
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.join(10)
            receiver.release.set()
        hub = Hub(data_dir, bot_pace=0.0, rate_limits={})
        await hub.start()
        try:
            for _ in range(3):
                await hub.alerts.look()
            got = [b["table"] for b in receiver.bodies]
            assert sorted(set(got)) == sorted(codes)  # none lost
            held = got[HELD - 1]
            assert got.count(held) == 2 and len(got) == len(codes) + 1  # only it, sent again
            assert hub.club.alerts.queue_counts() == {"waiting": 0, "sent": 3, "given_up": 0}
        finally:
            await hub.close()
    finally:
        receiver.close()
