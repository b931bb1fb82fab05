"""The line to the club (`club.recorder`) commits the calls waiting together in one transaction
(one wait for the disk instead of one each), each call's changes kept or taken back alone, and
every caller answered only once what it changed is committed."""

from __future__ import annotations

import asyncio
import threading

import pytest

from wish_tui.club import ClubError, Notice, open_club
from wish_tui.club.recorder import DISK_FULL, DiskFull, Recorder

from .conftest import key
from .test_full_disk import fill, free


class Held:
    """A call that holds the recorder's thread until released, so that the calls asked
    meanwhile wait together."""

    def __init__(self) -> None:
        self.released = threading.Event()
        self.running = threading.Event()

    def __call__(self) -> None:
        self.running.set()
        self.released.wait(10)


async def held_while(recorder: Recorder, calls: list):
    """Ask every call of `calls` (functions with their arguments) while the recorder's thread is
    held, then release it; what each returned or raised, in order."""
    held = Held()
    holding = asyncio.ensure_future(recorder.call(held))
    await asyncio.get_running_loop().run_in_executor(None, held.running.wait, 10)
    asked = [asyncio.ensure_future(recorder.call(fn, *args)) for fn, *args in calls]
    await asyncio.sleep(0)
    held.released.set()
    await holding
    return await asyncio.gather(*asked, return_exceptions=True)


def kept(club, *names: str) -> list[bool]:
    """Whether each of `names` is a player of the club, as its file is read again."""
    again = open_club(club.db.path.parent)
    try:
        return [again.players.by_name(name) is not None for name in names]
    finally:
        again.close()


@pytest.fixture
def sqlite_club(tmp_path):
    opened = open_club(tmp_path)
    yield opened


async def test_calls_waiting_together_are_committed_in_one_transaction(sqlite_club):
    club = sqlite_club
    recorder = Recorder(club)
    try:
        before = club.db.commits
        answers = await held_while(
            recorder, [(club.players.register, key(n), f"player{n}") for n in range(40)]
        )
        assert [p.name for p in answers] == [f"player{n}" for n in range(40)]
        assert club.db.commits - before <= 2  # the held call's batch, then the forty's
    finally:
        await recorder.close()
    assert kept(club, *(f"player{n}" for n in range(40))) == [True] * 40


async def test_a_call_that_fails_among_others_takes_back_only_its_own_changes(sqlite_club):
    club = sqlite_club
    heard: list[Notice] = []
    club.db.subscribe(heard.append)

    def half_done():
        with club.db.transaction():
            club.players.register(key(7), "halfway")
            club.db.notify(Notice("seats", 99, 1))
            raise ClubError("That could not be done; nothing changed.")

    recorder = Recorder(club)
    try:
        answers = await held_while(
            recorder,
            [
                (club.players.register, key(1), "before"),
                (half_done,),
                (club.players.register, key(2), "after"),
            ],
        )
    finally:
        await recorder.close()
    assert isinstance(answers[1], ClubError)
    assert [answers[0].name, answers[2].name] == ["before", "after"]
    assert Notice("seats", 99, 1) not in heard
    assert kept(club, "before", "after", "halfway") == [True, True, False]


async def test_a_change_a_call_takes_back_itself_stays_taken_back_among_others(sqlite_club):
    club = sqlite_club

    def tries():
        try:
            with club.db.transaction():
                club.players.register(key(8), "tried")
                raise ClubError("Not after all.")
        except ClubError:
            return "gave up"

    recorder = Recorder(club)
    try:
        answers = await held_while(recorder, [(club.players.register, key(1), "first"), (tries,)])
    finally:
        await recorder.close()
    assert answers[1] == "gave up"
    assert kept(club, "first", "tried") == [True, False]


async def test_on_a_full_disk_each_waiting_call_is_told_and_reads_still_answer(sqlite_club):
    club = sqlite_club
    recorder = Recorder(club, log=lambda line: None)
    try:
        club.players.register(key(5), "known")
        fill(club, "sqlite")
        calls = [(club.players.register, key(100 + n), f"newcomer{n}") for n in range(200)]
        answers = await held_while(recorder, [*calls, (club.players.by_name, "known")])
        refused = [a for a in answers[:-1] if isinstance(a, DiskFull)]
        assert refused and all(str(a) == DISK_FULL for a in refused)
        assert answers[-1].name == "known"
        free(club)
        kept = [a.name for a in answers[:-1] if not isinstance(a, BaseException)]
        assert [n for n in kept if club.players.by_name(n) is None] == []
    finally:
        await recorder.close()


class Stopping(BaseException):
    """What stops a thread (no `Exception`: no call is meant to catch it)."""


async def test_a_call_that_stops_the_thread_leaves_no_caller_waiting(sqlite_club):
    club = sqlite_club

    def stops():
        raise Stopping

    recorder = Recorder(club)
    try:
        answers = await asyncio.wait_for(
            held_while(recorder, [(club.players.register, key(1), "first"), (stops,)]), 10
        )
        assert [type(a) for a in answers] == [Stopping, Stopping]
        assert (await recorder.call(club.players.register, key(2), "next")).name == "next"
    finally:
        await recorder.close()


async def test_a_call_whose_caller_stopped_waiting_before_it_ran_is_not_run(sqlite_club):
    club = sqlite_club
    recorder = Recorder(club)
    held = Held()
    try:
        holding = asyncio.ensure_future(recorder.call(held))
        await asyncio.get_running_loop().run_in_executor(None, held.running.wait, 10)
        dropped = asyncio.ensure_future(recorder.call(club.players.register, key(3), "dropped"))
        waited = asyncio.ensure_future(recorder.call(club.players.register, key(4), "waited"))
        await asyncio.sleep(0)
        dropped.cancel()
        held.released.set()
        await holding
        assert (await waited).name == "waited"
    finally:
        await recorder.close()
    assert kept(club, "dropped", "waited") == [False, True]


async def test_no_call_is_taken_once_the_line_is_closed(sqlite_club):
    club = sqlite_club
    recorder = Recorder(club)
    await recorder.call(club.players.register, key(6), "first")
    await recorder.close()
    with pytest.raises(RuntimeError):
        await recorder.call(club.players.by_name, "first")
    assert kept(club, "first") == [True]
