"""What a person may write (chat, names) and how often (the rate limiter, on an injected clock)."""

from __future__ import annotations

import pytest

from tests.clocks import FakeTime
from wish_tui.club import InputRefused, Limit, RateLimited, RateLimiter
from wish_tui.club.limits import check_chat, check_name, name_key


def test_chat_loses_control_characters_and_is_bounded():
    assert check_chat("  hi\x1b[2J there\x00 ") == "hi[2J there"
    with pytest.raises(InputRefused) as refused:
        check_chat("\x07\x08 ")
    assert str(refused.value) == "Type something to say first."
    with pytest.raises(InputRefused) as refused:
        check_chat("x" * 201)
    assert "at most 200 characters" in str(refused.value)
    assert check_chat("x" * 200) == "x" * 200


def test_names_compare_by_their_normal_form():
    assert name_key("ＡＮＮ") == name_key("ann") == name_key("Ann")
    assert check_name("ann  lee") == "ann lee"


def test_a_burst_then_a_refusal_with_the_wait_then_refill():
    ticks = FakeTime(100.0)
    limiter = RateLimiter({"chat": Limit(3, 6.0, "chat lines")}, clock=ticks)
    for _ in range(3):
        limiter.check("ann", "chat")
    with pytest.raises(RateLimited) as refused:
        limiter.check("ann", "chat")
    assert str(refused.value) == ("Slow down: at most 3 chat lines in 6 seconds; try again in 2 s.")
    limiter.check("bob", "chat")  # each person has their own
    ticks.now += 2.0
    limiter.check("ann", "chat")
    with pytest.raises(RateLimited):
        limiter.check("ann", "chat")


def test_kinds_are_counted_apart():
    ticks = FakeTime(100.0)
    limiter = RateLimiter(
        {"chat": Limit(1, 10.0, "chat lines"), "table": Limit(1, 10.0, "new tables")},
        clock=ticks,
    )
    assert limiter.wait("ann", "chat") == 0.0
    assert limiter.wait("ann", "table") == 0.0
    assert limiter.wait("ann", "chat") == pytest.approx(10.0)


def test_buckets_that_refilled_are_forgotten():
    ticks = FakeTime(100.0)
    limiter = RateLimiter({"move": Limit(2, 1.0, "moves")}, clock=ticks, max_buckets=10)
    for person in range(10):
        limiter.wait(person, "move")
    ticks.now += 5.0
    limiter.wait("late", "move")
    assert len(limiter._buckets) <= 2
