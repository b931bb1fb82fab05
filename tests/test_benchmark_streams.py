"""benchmarks/table_apps.py runs two apps in one process: a run that fails says why, and every
run's result line is printed (seen: the script ended now and then without its result line,
nothing said, when a run failed after the apps had swapped the standard streams)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest
from textual.app import App

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "table_apps.py"


def table_apps():
    spec = importlib.util.spec_from_file_location("table_apps", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def two_apps_then_a_failure() -> None:
    """Two apps, the first to begin the first to end, then a failure (a key that played
    nothing)."""
    first_up, second_up, first_ended = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def first() -> None:
        async with App().run_test():
            first_up.set()
            await second_up.wait()
        first_ended.set()

    async def second() -> None:
        await first_up.wait()
        async with App().run_test():
            second_up.set()
            await first_ended.wait()

    await asyncio.gather(first(), second())
    raise TimeoutError("n pressed at 5 actions played nothing")


def test_two_apps_leave_the_first_ones_capture_in_the_standard_streams():
    """What the script guards against (Textual's own doing: if this fails, it no longer is)."""
    streams = sys.stdout, sys.stderr
    try:
        with pytest.raises(TimeoutError):
            asyncio.run(two_apps_then_a_failure())
        assert (sys.stdout, sys.stderr) != streams
    finally:
        sys.stdout, sys.stderr = streams


def test_a_run_that_fails_leaves_the_standard_streams_as_they_were():
    streams = sys.stdout, sys.stderr
    with pytest.raises(TimeoutError):
        table_apps().run_keeping_streams(two_apps_then_a_failure())
    assert (sys.stdout, sys.stderr) == streams
