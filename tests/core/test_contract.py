"""Every game satisfies the one contract written in `wish_tui.core.contract`: its rules module,
its State and its bots, checked here for every game of the registry through the contract's names
only (a short seeded game of each is played with nothing else)."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from wish_tui import games
from wish_tui.core import bots as core_bots
from wish_tui.core.contract import GameAction, GameBot, GameBots, GameRules, GameState
from wish_tui.core.illegal import IllegalAction

SPECS = list(games.GAMES.values())
GAMES = pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
CHECKED = 40
"""Decisions of the seeded game at which every round trip is checked (then it plays on)."""


def _params(function) -> list[inspect.Parameter]:
    return list(inspect.signature(function).parameters.values())


def _first_game(spec, seed: int = 3) -> GameState:
    return spec.rules.new_game(list(spec.seats[:2]), seed=seed)


def _json_round_trip(data) -> object:
    return json.loads(json.dumps(data, allow_nan=False))


# -- the modules and classes ----------------------------------------------------------------------
@GAMES
def test_the_rules_module_satisfies_the_contract(spec) -> None:
    rules = spec.rules
    assert isinstance(rules, GameRules)
    assert tuple(rules.SEATS) == spec.seats
    first, *rest = _params(rules.new_game)
    assert first.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    names = {p.name: p for p in rest}
    assert names["seed"].default == 0 and "solo" in names
    assert [p.name for p in _params(rules.parse_action)] == ["state", "text"]
    assert [p.name for p in _params(rules.determinize)] == ["view", "seed"]
    for undo in (rules.undo_points, rules.undo_target, rules.why_no_undo):
        assert len(_params(undo)) == 1


@GAMES
def test_each_games_illegal_action_is_the_shared_one(spec) -> None:
    own = spec.rules.IllegalAction
    assert own is not IllegalAction and issubclass(own, IllegalAction)
    assert issubclass(own, ValueError)
    with pytest.raises(IllegalAction) as refused:
        spec.rules.parse_action(_first_game(spec), "no such action")
    assert type(refused.value) is own and str(refused.value)


@GAMES
def test_notation_that_is_not_text_is_refused_by_the_games_own_class(spec) -> None:
    state = _first_game(spec)
    for given in (5, None, ["take", "2"]):
        with pytest.raises(IllegalAction) as refused:
            spec.rules.parse_action(state, given)
        assert type(refused.value) is spec.rules.IllegalAction and str(refused.value)


@GAMES
def test_a_state_satisfies_the_contract(spec) -> None:
    state = _first_game(spec)
    assert isinstance(state, GameState) and isinstance(state, spec.rules.State)
    assert [p.name for p in _params(state.apply)] == ["action", "seat"]
    assert _params(state.apply)[1].default is None
    assert inspect.ismethod(spec.rules.State.from_dict)  # a classmethod
    assert all(isinstance(a, GameAction) for a in state.legal_actions())


@GAMES
def test_the_bots_satisfy_the_contract(spec) -> None:
    bots = spec.bots
    assert isinstance(bots, GameBots)
    assert bots.LEVELS == core_bots.LEVELS
    assert [p.name for p in _params(bots.make_bot)] == ["level", "seed", "think_ms", "iterations"]
    for level in bots.LEVELS:
        bot = bots.make_bot(level, 1, 5)
        assert isinstance(bot, GameBot) and isinstance(bot, core_bots.Bot)
        assert bot.level == level
        assert [p.name for p in _params(bot.choose)] == ["view", "legal"]
        assert [p.name for p in _params(bot.hint)] == ["view", "legal"]
    with pytest.raises(ValueError):
        bots.make_bot("grandmaster", 1)


# -- a game played through the contract alone -----------------------------------------------------
def _check_position(spec, state: GameState) -> None:
    rules = spec.rules
    legal = state.legal_actions()
    assert legal == state.legal_actions() and len(set(legal)) == len(legal)
    for action in legal:
        assert rules.parse_action(state, str(action)) == action
        assert rules.parse_action(state, str(action).upper()) == action
        assert state.why_illegal(action) == ""
    data = state.to_dict()
    again = rules.State.from_dict(_json_round_trip(data))
    assert again.to_dict() == data and again == state
    assert again.legal_actions() == legal and again.current_player == state.current_player
    for seat in range(state.num_seats):
        view = state.view(seat)
        assert _json_round_trip(view) == view


def _check_refusals(spec, state: GameState) -> None:
    before = state.to_dict()
    legal = state.legal_actions()
    others = [s for s in range(state.num_seats) if s != state.current_player]
    for seat in others:
        with pytest.raises(IllegalAction):
            state.apply(legal[0], seat=seat)
    with pytest.raises(IllegalAction) as refused:
        spec.rules.parse_action(state, "fly to the moon")
    assert str(refused.value) and "\n" not in str(refused.value)
    for seat in (state.num_seats, -1, "a"):
        with pytest.raises(ValueError):
            state.view(seat)
    assert state.to_dict() == before


@GAMES
@pytest.mark.parametrize("solo", [False, True], ids=["two-seats", "solo"])
def test_a_seeded_game_plays_through_the_contract(spec, solo) -> None:
    rng = random.Random(11)
    if solo:  # the solo argument's form is each game's own: the registry passes it
        state = spec.new_state([spec.seats[-1]], 11, spec.solo_levels[-1], spec.parse_options({}))
        assert state.num_seats == 1
    else:
        state = _first_game(spec, seed=11)
    history = [state]
    hinter = spec.bots.make_bot("easy", 2)
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        assert isinstance(seat, int) and 0 <= seat < state.num_seats
        legal = state.legal_actions()
        if decisions < CHECKED:
            _check_position(spec, state)
            _check_refusals(spec, state)
            hinted, reason = hinter.hint(state.view(seat), legal)
            assert hinted in legal and isinstance(reason, str) and reason
            target = spec.rules.undo_target(history)
            assert (target is None) == bool(spec.rules.why_no_undo(history))
            if target is not None:
                assert target in spec.rules.undo_points(history)
        action = rng.choice(legal)
        state = state.apply(action, seat=seat)
        history.append(state)
        decisions += 1
        assert decisions < 5000, "the game stalled"
    assert state.current_player is None and state.legal_actions() == []
    scores = state.final_scores()
    assert {s["seat"] for s in scores["seats"]} == set(range(state.num_seats))
    assert all(isinstance(s["total"], int) for s in scores["seats"])
    ranked = sorted(seat for group in scores["ranking"] for seat in group)
    assert ranked == list(range(state.num_seats))
    if solo:  # a solo game's only seat wins or loses (Wish: by its Destiny)
        assert set(scores["winners"]) <= {0}
    else:
        assert set(scores["winners"]) == set(scores["ranking"][0])
    assert _json_round_trip(scores) == scores
    assert spec.rules.why_no_undo(history)


@GAMES
def test_a_bot_sees_a_view_and_chooses_a_legal_action(spec) -> None:
    state = _first_game(spec, seed=5)
    for level in spec.bots.LEVELS:
        bot = spec.bots.make_bot(level, 3, 5)
        seat = state.current_player
        assert bot.choose(state.view(seat), state.legal_actions()) in state.legal_actions()
        with pytest.raises(ValueError):
            bot.choose(state.view(seat), [])


@GAMES
def test_a_determinized_state_keeps_the_contract(spec) -> None:
    state = _first_game(spec, seed=8)
    seat = state.current_player
    guess = spec.rules.determinize(state.view(seat), 1)
    assert isinstance(guess, GameState)
    assert guess.current_player == seat
    assert [str(a) for a in guess.legal_actions()] == [str(a) for a in state.legal_actions()]
