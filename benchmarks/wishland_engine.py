"""Measure the speed of the Wishland rules engine with random games and print the figures.

Run: ``python benchmarks/wishland_engine.py [--games N] [--seed S] [--clock wall|cpu]``
(``--clock cpu`` times by this process's CPU time, which other programs do not inflate).

Policy: every decision picks uniformly among the legal actions. Each game has its own seed for
the engine and for the policy.

Figures printed (target in brackets):

- median ms of one 4-seat random game with Entrepreneurs and Achievement Tiles, from
  ``new_game`` to ``final_scores`` (<= 5 ms), and of 2-seat and solo games;
- median µs of ``legal_actions`` on a fresh state (the per-state cache cleared before each
  call, so that the work is measured), also for turn states alone (no pending decision);
- median µs of ``apply`` (the copy, the action and the automatic steps after it);
- median µs of ``to_dict`` + ``State.from_dict`` (validation included) and of ``view``;
- decisions per 4-seat game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns, process_time_ns

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wishland import rules  # noqa: E402

FOUR = ["red", "blue", "green", "yellow"]
clock = perf_counter_ns
"""What the figures are timed by (in ns): wall time, or CPU time with ``--clock cpu``."""


def play(seats, seed: int, **options):
    """One random game from setup to final scores; return (final state, decisions)."""
    rng = random.Random(seed)
    state = rules.new_game(seats, seed=seed, **options)
    steps = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    state.final_scores()
    return state, steps


def game_times(seats, games: int, seed: int, **options) -> tuple[list[float], list[int]]:
    """Milliseconds and decisions of `games` random games."""
    times, steps = [], []
    for k in range(games):
        t0 = clock()
        _, n = play(list(seats), seed + k, **options)
        times.append((clock() - t0) / 1e6)
        steps.append(n)
    return times, steps


def step_costs(games: int, seed: int) -> dict[str, list[float]]:
    """Time legal_actions (uncached), apply, the serialisation round trip and view, in µs."""
    out: dict[str, list[float]] = {"legal": [], "turn": [], "apply": [], "serial": [], "view": []}
    for k in range(games):
        rng = random.Random(seed + k)
        state = rules.new_game(FOUR, seed=seed + k, entrepreneurs=True, achievement_tiles=True)
        step = 0
        while not state.is_over:
            state._legal = None  # measure the work, not the per-state cache
            t0 = clock()
            legal = state.legal_actions()
            out["legal"].append((clock() - t0) / 1e3)
            if not state.pending and state.phase == "turns":
                out["turn"].append(out["legal"][-1])
            action = rng.choice(legal)
            t0 = clock()
            new = state.apply(action)
            out["apply"].append((clock() - t0) / 1e3)
            if step % 5 == 0:
                t0 = clock()
                rules.State.from_dict(state.to_dict())
                out["serial"].append((clock() - t0) / 1e3)
                t0 = clock()
                state.view(step % 4)
                out["view"].append((clock() - t0) / 1e3)
            state = new
            step += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    global clock
    clock = process_time_ns if args.clock == "cpu" else perf_counter_ns
    both = {"entrepreneurs": True, "achievement_tiles": True}
    four, steps4 = game_times(FOUR, args.games, args.seed, **both)
    two, _ = game_times(FOUR[:2], args.games, args.seed + 10_000)
    solo, _ = game_times(["green"], args.games, args.seed + 20_000, solo=True, **both)
    costs = step_costs(max(args.games // 10, 5), args.seed + 30_000)

    def med(values):
        return statistics.median(values)

    def p90(values):
        return statistics.quantiles(values, n=10)[-1]

    print(
        f"4-seat game, both options, median ms  {med(four):7.2f}   (target <= 5; "
        f"p90 {p90(four):.2f})"
    )
    print(f"2-seat game, median ms                {med(two):7.2f}")
    print(f"solo game, both options, median ms    {med(solo):7.2f}")
    print(f"decisions per 4-seat game, mean       {statistics.mean(steps4):7.1f}")
    print(
        f"legal_actions (fresh), median µs      {med(costs['legal']):7.1f}   "
        f"(p90 {p90(costs['legal']):.1f})"
    )
    print(
        f"  on turn states (no decision), µs    {med(costs['turn']):7.1f}   "
        f"(p90 {p90(costs['turn']):.1f})"
    )
    print(
        f"apply, median µs                      {med(costs['apply']):7.1f}   "
        f"(p90 {p90(costs['apply']):.1f})"
    )
    print(f"to_dict+from_dict, median µs          {med(costs['serial']):7.1f}")
    print(f"view, median µs                       {med(costs['view']):7.1f}")


if __name__ == "__main__":
    main()
