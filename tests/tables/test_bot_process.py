"""A bot that thinks in a worker process: a worker that dies is replaced and the call made once
more, whether the caller waits in a thread or on an event loop."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from wish_tui.tables import bot_process


@dataclass
class DiesOnceBot:
    """Kills the worker it first thinks in; thinks normally from then on."""

    marker: str
    runs_apart: bool = True
    thought_in: int = 0
    """The process id the bot last chose in."""

    def choose(self, view: dict, legal: list):
        if not Path(self.marker).exists():
            Path(self.marker).write_text("died")
            os._exit(1)
        self.thought_in = os.getpid()
        return legal[-1]


def test_a_worker_that_dies_is_replaced_and_the_choice_made_again(tmp_path):
    bot = DiesOnceBot(str(tmp_path / "died"))
    action, after = bot_process.choose(bot, {}, ["a", "b"])
    assert action == "b"
    assert (tmp_path / "died").read_text() == "died"
    assert after.thought_in not in (0, os.getpid())


async def test_on_an_event_loop_too(tmp_path):
    bot = DiesOnceBot(str(tmp_path / "died"))
    action, after = await bot_process.choose_async(bot, {}, ["a", "b"])
    assert action == "b"
    assert (tmp_path / "died").exists()
    assert after.thought_in not in (0, os.getpid())
