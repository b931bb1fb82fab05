"""Seeded random playouts that check the game's invariants at every step.

Shaped like OpenSpiel's ``random_sim_test``: play whole games with a uniform random policy and,
after every action, check what must always hold. Cheap invariants run at every step of every game;
the expensive checks (notation round trip of every legal action, ``to_dict``/``from_dict`` through
JSON, the old state left unchanged, every seat's view JSON-safe) run at every step of a subset.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from wish_tui.spirits import rules
from wish_tui.spirits.rules import CATALOG, SEATS, SOLO_LEVELS, Action, State

CAT = CATALOG
MAX_STEPS = 400
"""No game takes this many decisions: 48 tiles, at most a few decisions each."""
MODULE_SETS = ((), ("wishes",), ("hexes",), ("wishes", "hexes"))


class Tracker:
    """What a turn has done so far: the tiles taken and whether a gemstone was placed."""

    def __init__(self) -> None:
        self.turn_no = -1
        self.taken: list[int] = []
        self.gem_steps = 0

    def before(self, state: State, action: Action) -> None:
        if state.phase != "play" or state.solo:
            return
        if state.turn_no != self.turn_no:
            self.turn_no, self.taken, self.gem_steps = state.turn_no, [], 0
        if action.kind == "take":
            row, end = action.a, action.b
            col = state.lo[row] if end == 0 else state.hi[row] - 1
            assert state.lo[row] < state.hi[row], "took from an empty row"
            self.taken.append(state.forest[row * 12 + col])
            check_collection(state, self.taken)
        if action.kind in ("gem", "move", "skip"):
            self.gem_steps += 1
            assert self.gem_steps == 1, "two gemstone steps in one turn"
            owner_gems = sum(1 for g in state.gems if g >= 0)
            assert owner_gems < state.tiles_left, "a gemstone step with no free tile"


def check_collection(state: State, taken: list[int]) -> None:
    """The tiles of one turn: one two-symbol tile, or one or two one-symbol tiles of a spirit."""
    symbols = [CAT.tile_symbols[t] for t in taken]
    spirits = {CAT.tile_spirit[t] for t in taken}
    assert len(taken) <= 2, "three tiles in one turn"
    if len(taken) == 2:
        assert symbols == [1, 1] and len(spirits) == 1, "a pair of different tiles"
        assert state.turn_no > 0, "two tiles in the very first turn"


def check_invariants(state: State) -> None:
    """Every tile, token and gemstone accounted for; rows unbroken; the turn order kept."""
    n = state.num_seats
    tiles = [t for t in state.forest if t >= 0] + list(state.opp_tiles)
    tiles += [t for mine in state.tiles for t in mine]
    assert sorted(tiles) == list(range(48)), "a tile lost or doubled"
    tokens = [t for t in state.marks if t >= 0] + list(state.spent) + list(state.aside)
    tokens += list(state.opp_tokens) + [t for held in state.held for t in held]
    assert sorted(tokens) == list(range(14)), "a token lost or doubled"
    for r in range(4):
        row = state.forest[r * 12 : r * 12 + 12]
        present = [c for c, t in enumerate(row) if t >= 0]
        assert present == list(range(state.lo[r], state.hi[r])), f"row {r + 1} is broken"
    for p in range(48):
        assert state.gems[p] < 0 or state.forest[p] >= 0, "a gem on an empty place"
        assert state.marks[p] < 0 or p in CAT.token_places, "a token off its place"
    if not state.solo:
        for seat in range(n):
            total = state.supply[seat] + state.gems.count(seat) + state.lost[seat]
            assert total == CAT.gems[n], f"seat {seat} has {total} gemstones"
        if state.phase in ("setup", "play"):
            assert state.turn == (state.first + state.turn_no) % n
    if state.is_over:
        assert state.current_player is None and state.legal_actions() == []
        if not state.solo:
            assert state.tiles_left == 0
        else:
            assert sum(1 for r in range(4) if state.lo[r] == state.hi[r]) == 3
    else:
        assert state.legal_actions(), "a seat must decide but has nothing to do"
        assert 0 <= state.current_player < n


def check_expensive(state: State) -> None:
    """Notation and serialisation round trips, and every seat's view JSON-safe."""
    legal = state.legal_actions()
    notations = [str(a).lower() for a in legal]
    assert len(set(notations)) == len(notations), "two legal actions share a notation"
    for action in legal:
        text = str(action)
        assert rules.parse_action(state, text) == action, text
        assert rules.parse_action(state, text.upper()) == action, text
    data = state.to_dict()
    again = State.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    assert again.legal_actions() == legal
    assert again.current_player == state.current_player
    for seat in range(state.num_seats):
        json.dumps(state.view(seat))


def playout(seats, seed: int, modules=(), solo=None, expensive=False) -> State:
    """Play one seeded random game to its end, checking invariants after every step."""
    rng = random.Random(f"{seed}-{'-'.join(seats)}-{modules}-{solo}")
    state = rules.new_game(list(seats), seed=seed, modules=modules, solo=solo)
    tracker = Tracker()
    check_invariants(state)
    if expensive:
        check_expensive(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        tracker.before(state, action)
        before = state.to_dict() if expensive else None
        state_after = state.apply(action, seat=state.current_player)
        if expensive:
            assert state.to_dict() == before, "apply changed the old state"
        state = state_after
        check_invariants(state)
        if expensive:
            check_expensive(state)
    assert state.is_over, f"no end after {MAX_STEPS} steps"
    scores = state.final_scores()
    for entry in scores["seats"]:
        assert entry["total"] == sum(entry["steps"].values())
    ranked = sorted(s for group in scores["ranking"] for s in group)
    assert ranked == list(range(len(seats)))
    json.dumps(scores)
    return state


def _games():
    games = []
    for n in (2, 3, 4):
        for i, seats in enumerate(itertools.permutations(SEATS, n)):
            if i % (2 if n == 2 else 4):
                continue
            for modules in MODULE_SETS:
                games.append((seats, modules, None))
    for seat in SEATS:
        for level in SOLO_LEVELS:
            games.extend([((seat,), (), level)] * 3)
    return [(seats, 100 + i, modules, solo) for i, (seats, modules, solo) in enumerate(games)]


GAMES = _games()
EXPENSIVE_EVERY = 6


def test_enough_games():
    assert len(GAMES) >= 100
    modes = {(len(seats), modules, solo) for seats, _, modules, solo in GAMES}
    for n in (2, 3, 4):
        assert all((n, m, None) in modes for m in MODULE_SETS)
    assert {solo for *_, solo in GAMES if solo} == set(SOLO_LEVELS)


@pytest.mark.parametrize("index", range(0, len(GAMES), 8))
def test_random_playouts_keep_invariants(index):
    for i in range(index, min(index + 8, len(GAMES))):
        seats, seed, modules, solo = GAMES[i]
        playout(seats, seed, modules, solo, expensive=i % EXPENSIVE_EVERY == 0)


def test_a_wish_reward_is_sometimes_a_favor_choice():
    """The random games reach every kind of end: with rewards to choose, and without."""
    phases = set()
    for seed in range(30):
        state = rules.new_game(list(SEATS), seed=seed, modules=("wishes",))
        rng = random.Random(seed)
        while not state.is_over:
            phases.add(state.phase)
            state = state.apply(rng.choice(state.legal_actions()))
    assert phases == {"setup", "play", "reward"}
