"""Wishland bots see only their seat's view, choose legal actions, and replay exactly under a seed."""

from __future__ import annotations

import time

import pytest

from tests.bot_helpers import Spy, check_hints_change_nothing, checked_choice
from wish_tui.wishland import rules
from wish_tui.wishland.bots import LEVELS, make_bot
from wish_tui.wishland.bots import base as bots_base
from wish_tui.wishland.rules import State

from .rules.helpers import edit, position, set_workers

FAST_HARD_MS = 10
"""A small think budget keeps the hard bot's tests quick; the search is the same."""


def _bot(level: str, seed: int):
    return make_bot(level, seed, FAST_HARD_MS if level == "hard" else None)


def _play(levels, seed, max_decisions=None, bots=None, **options):
    """Play a game between `levels` (solo with one level); return the final state and the log
    of (seat, decision kind, action)."""
    solo = len(levels) == 1
    seats = ["green"] if solo else list(rules.SEATS[: len(levels)])
    state = rules.new_game(seats, seed=seed, solo=solo, **options)
    bots = bots or [_bot(level, seed * 7 + s) for s, level in enumerate(levels)]
    log = []
    while not state.is_over and (max_decisions is None or len(log) < max_decisions):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        action = bots[seat].choose(view, list(legal))
        assert action in legal, f"{levels[seat]} chose illegal {action}"
        log.append((seat, view["decision"]["kind"], str(action)))
        state = state.apply(action, seat)
        assert len(log) < 3000, "the game stalled"
    return state, log


MODES = [
    (("hard", "medium"), {}),
    (("medium", "easy", "random"), {"entrepreneurs": True}),
    (("random", "hard", "easy", "medium"), {"achievement_tiles": True}),
    (("easy", "medium", "hard", "random"), {"entrepreneurs": True, "achievement_tiles": True}),
    (("random", "easy"), {"entrepreneurs": True, "achievement_tiles": True}),
]


@pytest.mark.parametrize(("levels", "options"), MODES)
def test_every_level_finishes_games_with_legal_actions(levels, options) -> None:
    state, log = _play(levels, seed=11, **options)
    assert state.is_over
    scores = state.final_scores()
    assert len(scores["seats"]) == len(levels)
    kinds = {kind for _, kind, _ in log}
    assert {"order", "turn", "gain"} <= kinds
    if options.get("entrepreneurs"):
        assert "keep" in kinds


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("options", [{}, {"entrepreneurs": True, "achievement_tiles": True}])
def test_every_level_finishes_solo_games(level, options) -> None:
    state, log = _play([level], seed=5, **options)
    assert state.is_over
    assert state.final_scores()["solo"]["score"] == state.final_scores()["seats"][0]["total"]
    assert any(action == "draw" for _, _, action in log)


def test_the_levels_are_ordered_by_strength_over_a_few_games() -> None:
    # Not a benchmark (benchmarks/wishland-bots.md has the figures): a sanity check that the
    # medium bot outscores the random bot by far.
    medium = random_ = 0
    for seed in range(2):
        levels = ("medium", "random") if seed % 2 == 0 else ("random", "medium")
        state, _ = _play(levels, seed=300 + seed)
        totals = [e["total"] for e in state.final_scores()["seats"]]
        medium += totals[levels.index("medium")]
        random_ += totals[levels.index("random")]
    assert medium > random_ + 20


def test_bots_are_handed_only_the_view_and_the_legal_actions(monkeypatch) -> None:
    # The State never reaches a bot: what it is given equals view(seat), and every State it
    # looks ahead on comes from determinize, which is given that view.
    handed = []
    real = bots_base.determinize

    def watched(view, seed):
        assert isinstance(view, dict) and not isinstance(view, State)
        handed.append(view)
        return real(view, seed)

    monkeypatch.setattr(bots_base, "determinize", watched)
    levels = ["hard", "medium", "easy", "random"]
    spies = [Spy(_bot(level, 40 + s)) for s, level in enumerate(levels)]
    state = rules.new_game(list(rules.SEATS), seed=4, entrepreneurs=True)
    for _ in range(90):
        seat = state.current_player
        action, got_view = checked_choice(spies[seat], state)
        for s, entry in enumerate(got_view["players"]):
            if s != seat and state.phase == "setup":
                assert entry["entrepreneur"] is None
        state = state.apply(action, seat)
    assert handed, "the medium and hard bots look ahead on determinized views"
    assert all(v["seat"] in range(4) and "pending" in v for v in handed)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_replays_the_same_choices(level) -> None:
    levels = [level, "medium"]
    _, first = _play(levels, seed=21, max_decisions=40, entrepreneurs=True)
    _, second = _play(levels, seed=21, max_decisions=40, entrepreneurs=True)
    assert first == second


def test_the_hard_bot_never_reads_the_clock(monkeypatch) -> None:
    levels = ["hard", "medium"]
    _, first = _play(levels, seed=8, max_decisions=25)

    def broken():
        raise AssertionError("a bot read the clock")

    for name in ("time", "perf_counter", "monotonic", "process_time"):
        monkeypatch.setattr(time, name, broken)
        monkeypatch.setattr(time, f"{name}_ns", broken, raising=False)
    _, second = _play(levels, seed=8, max_decisions=25)
    assert first == second


@pytest.mark.parametrize("level", LEVELS)
def test_the_hint_gives_an_action_and_a_reason(level) -> None:
    state = rules.new_game(["red", "blue"], seed=3)
    for _ in range(12):
        seat = state.current_player
        legal = state.legal_actions()
        action, reason = _bot(level, 1).hint(state.view(seat), legal)
        assert action in legal
        assert isinstance(reason, str) and reason and "\n" not in reason and len(reason) < 200
        state = state.apply(action)


@pytest.mark.parametrize("level", LEVELS)
def test_asking_for_hints_never_changes_the_choices(level) -> None:
    state = rules.new_game(["red", "blue"], seed=6, entrepreneurs=True)
    check_hints_change_nothing(_bot(level, 5), _bot(level, 5), state, 15)


def test_the_hard_hint_names_what_it_compared() -> None:
    state = rules.new_game(["red", "blue"], seed=3)
    while state.phase != "turns":
        state = state.apply(state.legal_actions()[0])
    seat = state.current_player
    action, reason = make_bot("hard", 2, 50).hint(state.view(seat), state.legal_actions())
    assert action in state.legal_actions()
    # What the move achieves against the next best move, in words, not how it was thought out.
    assert "playing the game on, it" in reason and "'" in reason
    assert "time(s)" not in reason and "sampled" not in reason


def test_make_bot_refuses_unknown_levels_and_budgets() -> None:
    with pytest.raises(ValueError, match="not a bot level"):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError, match="think_ms"):
        make_bot("hard", 1, 0)
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert all(make_bot(level, 1).level == level for level in LEVELS)


def test_a_bot_refuses_to_choose_from_nothing() -> None:
    with pytest.raises(ValueError):
        make_bot("medium", 1).choose(rules.new_game(["red", "blue"]).view(0), [])


# -- every decision, answered sensibly -----------------------------------------------------------
def _ask(state: State, level: str, seed: int = 1):
    seat = state.current_player
    legal = state.legal_actions()
    action = _bot(level, seed).choose(state.view(seat), legal)
    assert action in legal
    return action


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_an_achievement_is_claimed_at_once(level) -> None:
    state = position(cards=("Y1", "Y2", "Y3", "Y4", "Y5"), tickets=1)
    assert any(a.kind == "claim" for a in state.legal_actions())
    assert _ask(state, level).kind == "claim"


@pytest.mark.parametrize("level", LEVELS)
def test_a_payment_with_extra_workers_is_answered(level) -> None:
    # All six bonus Workers claimed: the purchase asks how many extra Workers to place.
    state = position(
        market=("Y20",), players={0: {"credits": 5}}, fn=lambda d: set_workers(d, 0, 10, 0)
    )
    state = state.apply(rules.parse_action(state, "buy Y20"))
    assert state.pending[0][0] == "extra"
    assert [str(a) for a in state.legal_actions()] == ["extra 2", "extra 3"]
    assert _ask(state, level).kind == "extra"


@pytest.mark.parametrize("level", LEVELS)
def test_hotel_19_is_answered(level) -> None:
    state = position(cards=("G19",), market=("Y20",), players={0: {"credits": 12}})
    state = state.apply(rules.parse_action(state, "buy Y20"))
    assert state.pending[0][0] == "boost"
    assert _ask(state, level).kind in ("pay", "pass")


def _hotel_8_final(credits: int) -> State:
    """Seat 0 with Hotel #8 takes the last turn of the game."""

    def last_turn(d):
        d.update(round=7, turn=4, idx=1, track=[1, 0, -1, -1, -1])

    state = position(
        cards=("G8", "Y20"), tickets=2, players={0: {"credits": credits}}, fn=last_turn
    )
    state = state.apply(rules.parse_action(state, "collect"))
    assert state.phase == "final" and state.pending[0][0] == "bonus"
    return state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_hotel_8_buys_a_card_in_final_scoring(level) -> None:
    state = _hotel_8_final(credits=9)
    action = _ask(state, level)
    assert action.kind == "bonus"
    if level != "easy":
        # The best buy: the dearest Ride left (8 Credits for 6 VP).
        after = state.apply(action)
        assert after.final_scores()["seats"][0]["steps"]["victory_track"] >= 6


@pytest.mark.parametrize("level", LEVELS)
def test_entrepreneur_keep_and_hidden_choices(level) -> None:
    state = rules.new_game(["red", "blue", "green"], seed=9, entrepreneurs=True)
    assert state.phase == "setup"
    action = _ask(state, level)
    assert action.kind == "keep"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_hotel_16_paid_collect_and_the_end_of_a_turn(level) -> None:
    def workers_out(d):
        d["stacks"][0] = [[0, 3]]
        set_workers(d, 0, 1)

    state = position(cards=("G16",), players={0: {"credits": 10}}, fn=workers_out)
    assert rules.Action("collect", "paid") in state.legal_actions()
    assert _ask(state, level) in state.legal_actions()


def test_the_medium_bot_uses_the_advertisement_choice_for_what_it_lacks() -> None:
    # No Worker left on the Reserve: the choice is Happiness or Visitor only.
    state = position(fn=lambda d: set_workers(d, 0, 10, 0))
    state = state.apply(rules.parse_action(state, "advertise"))
    assert state.pending[0][0] == "gain"
    assert _ask(state, "medium").arg in ("happiness", "visitor")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_solo_turns_draw_then_play_or_advertise(level) -> None:
    state = rules.new_game(["green"], seed=2, solo=True)
    state = state.apply(_ask(state, level))  # Turn Order
    while state.pending:
        state = state.apply(_ask(state, level))
    first = _ask(state, level)
    assert first.kind in ("draw", "move")
    for _ in range(8):
        if state.stage == "after" or state.turn > 1:
            break
        state = state.apply(_ask(state, level))
    assert state.turn > 1 or state.stage == "after"


def test_a_position_built_for_a_bot_is_a_real_view() -> None:
    state = edit(position(), players={0: {"credits": 3}})
    view = state.view(0)
    assert rules.determinize(view, 1).view(0) == view
