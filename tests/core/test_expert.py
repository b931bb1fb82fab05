"""The expert of every game: it decides from the view alone, replays exactly for a number of
iterations whatever the clock says, stops at a time budget, judges every legal action for a
review, and thinks in a worker process at a table."""

from __future__ import annotations

import itertools

import pytest

from wish_tui import games
from wish_tui.core import expert as expert_module
from wish_tui.core import ismcts
from wish_tui.core.bots import match
from wish_tui.core.expert import EXPERT, ExpertBot, budget_of
from wish_tui.tables import bot_process

GAMES = pytest.mark.parametrize("spec", list(games.GAMES.values()), ids=list(games.GAMES))


def _decision(spec, seed: int = 4, skip: int = 12):
    """A position of a two-seat game after `skip` decisions of medium bots with a real choice."""
    state = spec.new_state(list(spec.seats[:2]), seed, "", spec.parse_options({}))
    bots = [spec.bots.make_bot("medium", s) for s in range(2)]
    seen = 0
    while True:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) > 2:
            seen += 1
            if seen > skip:
                return state, seat
        state = state.apply(bots[seat].choose(state.view(seat), legal))


@GAMES
def test_the_expert_decides_from_the_view_alone(spec) -> None:
    state, seat = _decision(spec)
    view, legal = state.view(seat), state.legal_actions()
    # Another deal that this seat cannot tell from the true one: the same choice.
    other = spec.rules.determinize(view, 99)
    assert other.view(seat) == view and other.to_dict() != state.to_dict()
    one = spec.bots.make_bot(EXPERT, 3, iterations=30).choose(view, legal)
    two = spec.bots.make_bot(EXPERT, 3, iterations=30).choose(
        other.view(seat), other.legal_actions()
    )
    assert one == two and one in legal


@GAMES
@pytest.mark.parametrize("skip", [3, 12, 20])
def test_the_expert_plays_the_move_its_search_found(spec, skip) -> None:
    state, seat = _decision(spec, seed=3, skip=skip)
    bot = spec.bots.make_bot(EXPERT, 5, iterations=30)
    action = bot.choose(state.view(seat), state.legal_actions())
    assert action == bot.first_action(bot.last.best)


@GAMES
def test_an_iteration_budget_replays_whatever_the_clock_says(spec, monkeypatch) -> None:
    state, seat = _decision(spec, seed=6)
    view, legal = state.view(seat), state.legal_actions()
    first = spec.bots.make_bot(EXPERT, 8, iterations=40)
    action = first.choose(view, legal)
    jumps = itertools.count(0, 7.5)
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: next(jumps))
    again = spec.bots.make_bot(EXPERT, 8, iterations=40)
    assert again.choose(view, legal) == action
    assert again.last.stats == first.last.stats


def test_a_time_budget_ends_the_search_at_its_deadline(monkeypatch) -> None:
    spec = games.get("wishland")
    state, seat = _decision(spec)
    ticks = itertools.count()
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: next(ticks) * 0.01)
    bot = spec.bots.make_bot(EXPERT, 1, think_ms=300)
    assert bot.choose(state.view(seat), state.legal_actions()) in state.legal_actions()
    assert bot.last.seconds <= bot.budget.seconds + 0.02
    assert bot.budget.seconds < 0.3  # what surrounds the search is kept out of the budget


def test_the_budgets_of_an_expert(monkeypatch) -> None:
    monkeypatch.setattr(expert_module, "DEFAULT_ITERATIONS", None)
    assert budget_of(None, None).seconds == pytest.approx(1 - expert_module.MARGIN_S)
    assert budget_of(None, None).iterations is None
    assert budget_of(None, 50) == ismcts.Budget(iterations=50)
    assert budget_of(250, None).seconds == pytest.approx(0.25 - expert_module.MARGIN_S)
    assert budget_of(40, 9) == ismcts.Budget(seconds=0.02, iterations=9)
    with pytest.raises(ValueError, match="iterations"):
        games.get("wish").bots.make_bot(EXPERT, 1, iterations=0)


@GAMES
def test_judge_races_every_legal_action_and_changes_nothing(spec) -> None:
    state, seat = _decision(spec, seed=5)
    view, legal = state.view(seat), state.legal_actions()
    bot = spec.bots.make_bot(EXPERT, 2, iterations=6 * len(legal) + 20)
    before = bot.rng.getstate()
    judged = bot.judge(view, legal)
    assert sorted(map(str, (j.action for j in judged))) == sorted(map(str, legal))
    assert all(j.visits > 0 and 0.0 <= j.value <= 1.0 for j in judged)
    assert bot.rng.getstate() == before and bot.last is None
    # Its own choice races only the best few by prior.
    bot.choose(view, legal)
    assert len([s for s in bot.last.stats if s.visits]) <= bot.search_game(view, legal).candidates


def test_a_table_runs_the_expert_in_a_worker_process() -> None:
    spec = games.get("spirits")
    state, seat = _decision(spec, seed=7)
    view, legal = state.view(seat), state.legal_actions()
    here = spec.bots.make_bot(EXPERT, 11, iterations=30)
    apart = spec.bots.make_bot(EXPERT, 11, iterations=30)
    assert isinstance(apart, ExpertBot) and apart.runs_apart
    action, after = bot_process.choose(apart, view, legal)
    assert action == here.choose(view, legal)
    # The bot comes back as it is after choosing; the one sent stays as it was.
    assert after.rng.getstate() == here.rng.getstate() != apart.rng.getstate()
    assert bot_process.hint(apart, view, legal)[0] == action


def test_other_bots_think_where_they_are_asked() -> None:
    spec = games.get("wish")
    state, seat = _decision(spec)
    bot = spec.bots.make_bot("medium", 1)
    action, after = bot_process.choose(bot, state.view(seat), state.legal_actions())
    assert after is bot and action in state.legal_actions()


def test_where_no_worker_can_start_the_expert_thinks_here(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise OSError("no processes for you")

    monkeypatch.setattr(bot_process, "_executor", refuse)
    spec = games.get("wishland")
    state, seat = _decision(spec)
    bot = spec.bots.make_bot(EXPERT, 4, iterations=20)
    action, after = bot_process.choose(bot, state.view(seat), state.legal_actions())
    assert action in state.legal_actions() and after is bot
    bot_process.warm("wish_tui.wishland.bots")  # says nothing, starts nothing


@pytest.mark.parametrize(
    ("game", "options"),
    [("spirits", {"modules": "wishes,hexes"}), ("wishland", {"entrepreneurs": True})],
)
def test_a_card_kept_for_the_whole_game_is_kept_as_the_hard_bot_keeps_it(game, options) -> None:
    spec = games.get(game)
    for seed in range(3):
        state = spec.new_state(list(spec.seats[:2]), seed, "", spec.parse_options(options))
        seat, legal = state.current_player, state.legal_actions()
        assert legal[0].kind == "keep"
        expert = spec.bots.make_bot(EXPERT, seed, iterations=20)
        hard = spec.bots.make_bot("hard", seed)
        assert expert.choose(state.view(seat), legal) == hard.choose(state.view(seat), legal)
        assert expert.last.iterations == 0


@GAMES
def test_judging_a_move_played_races_it_whatever_its_prior(spec) -> None:
    state = spec.new_state(list(spec.seats[:2]), 5, "", spec.parse_options({}))
    medium = spec.bots.make_bot("medium", 1)
    while len(state.legal_actions()) < 12:  # a decision of more moves than the expert races
        seat = state.current_player
        state = state.apply(medium.choose(state.view(seat), state.legal_actions()))
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    bot = spec.bots.make_bot(EXPERT, 2, iterations=60)
    bot.choose(view, legal)
    raced = {match(bot.first_action(s.move), legal) for s in bot.last.stats if s.visits}
    unraced = [action for action in legal if action not in raced]
    assert unraced  # the expert's own choice left some moves out of its race
    for played in (unraced[0], unraced[-1]):
        judged = {j.action: j for j in bot.judge(view, legal, played)}
        assert judged[played].visits > 0


@GAMES
def test_an_expert_of_any_seed_describes_a_move(spec) -> None:
    # A club's seeds reach 2^64, and the coach's expert is seeded from one times a salt.
    state, seat = _decision(spec)
    view = state.view(seat)
    action = state.legal_actions()[0]
    for seed in (-5, 1 << 70):
        words = spec.bots.make_bot(EXPERT, seed, iterations=5).describe(view, action)
        assert isinstance(words, str)
