"""When a clock's words change as it counts down: each second, or each hour while they say
days; never once they say 0:00. A screen is woken then, and not in between."""

from __future__ import annotations

import gc
import weakref

import pytest

from wish_tui.core.clock_words import PAST_THE_CHANGE, clock_words, seconds_to_change
from wish_tui.ui.screens.clock_tick import ClockTick


@pytest.mark.parametrize("left", [1.0, 59.25, 3600.7, 86399.9, 86400.0, 90000.5, 3 * 86400 + 1])
def test_the_words_change_when_it_says_and_not_before(left):
    wait = seconds_to_change(left)
    assert wait is not None and 0 < wait <= 3600 + PAST_THE_CHANGE
    assert clock_words(left - wait) != clock_words(left)
    assert clock_words(left - wait + 2 * PAST_THE_CHANGE) == clock_words(left)


def test_a_count_of_days_wakes_hourly_and_seconds_each_second():
    assert seconds_to_change(3 * 86400 - 0.5) == pytest.approx(3599.5 + PAST_THE_CHANGE)
    assert seconds_to_change(300.25) == pytest.approx(0.25 + PAST_THE_CHANGE)
    assert seconds_to_change(0.9) is None  # 0:00 for good
    assert seconds_to_change(None) is None


def test_a_clock_tick_keeps_no_closed_screen():
    class Screen:
        pass

    screen = Screen()
    tick = ClockTick(screen)
    held = weakref.ref(screen)
    del screen
    gc.collect()
    assert held() is None
    assert not tick.runs()
