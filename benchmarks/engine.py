"""Measure the speed of the Wish rules engine with random games and print the figures.

Run: ``python benchmarks/engine.py [--games N] [--seed S]``

Policy: every decision picks uniformly among the legal actions, except that nine times in ten
it picks among the actions other than ``end`` and ``trade`` (when there are any), so Djinns act
and fulfill Wishes instead of ending their turns at once. Each game has its own seed for the
engine and for the policy, and seats play the four Djinns in a rotating order.

Figures printed (targets in brackets):

- random full games per second, 2 and 4 seats (policy included);
- median ms of one 4-seat random game from ``new_game`` to ``final_scores`` (<= 25 ms);
- median ms of one 4-seat game played uniformly at random over the legal actions (``end`` and
  ``trade`` included), from ``new_game`` to ``final_scores`` (<= 2 ms), in wall-clock and in
  process (CPU) time -- the second is steadier on a shared machine;
- median µs of ``legal_actions`` on a fresh state (<= 50 µs): the per-state cache is cleared
  before each call so that the cost is measured, not the cache;
  also shown for turn states alone (no pending decision), the costlier kind;
- median µs of ``apply``;
- median µs of ``to_dict`` + ``State.from_dict`` (validation included);
- average rounds per game (8-14).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns, process_time_ns

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wish import rules  # noqa: E402

DJINNS = ("air", "water", "fire", "earth")
AVOID = ("end", "trade")


def choose(rng: random.Random, legal):
    """Uniform over the legal actions, but mostly not 'end' or 'trade'."""
    busy = [a for a in legal if a.kind not in AVOID]
    if busy and rng.random() < 0.9:
        return rng.choice(busy)
    return rng.choice(legal)


def seats(n: int, k: int) -> list[str]:
    """The k-th rotation of the Djinns, cut to n seats."""
    return [DJINNS[(k + i) % 4] for i in range(n)]


def play(djinns, seed: int):
    """One random game from setup to final scores; return the final state."""
    rng = random.Random(seed)
    state = rules.new_game(djinns, seed=seed)
    while not state.is_over:
        state = state.apply(choose(rng, state.legal_actions()))
    state.final_scores()
    return state


def games_per_second(n: int, games: int, seed: int) -> tuple[float, list[float], list[int]]:
    """Play `games` games of `n` seats; return games/s, per-game ms and rounds."""
    times, rounds = [], []
    for k in range(games):
        t0 = perf_counter_ns()
        state = play(seats(n, k), seed + k)
        times.append((perf_counter_ns() - t0) / 1e6)
        rounds.append(state.round)
    return 1000 * len(times) / sum(times), times, rounds


def uniform_games(games: int, seed: int) -> tuple[list[float], list[float]]:
    """Play `games` 4-seat games uniformly at random; return per-game wall and CPU ms."""
    wall, cpu = [], []
    for k in range(games):
        rng = random.Random(seed + k)
        t0, c0 = perf_counter_ns(), process_time_ns()
        state = rules.new_game(seats(4, k), seed=seed + k)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        state.final_scores()
        wall.append((perf_counter_ns() - t0) / 1e6)
        cpu.append((process_time_ns() - c0) / 1e6)
    return wall, cpu


def step_costs(games: int, seed: int) -> dict[str, list[float]]:
    """Time legal_actions (uncached), apply and the serialisation round trip, in µs."""
    legal_us, turn_us, apply_us, serial_us = [], [], [], []
    for k in range(games):
        rng = random.Random(seed + k)
        state = rules.new_game(seats(2 + k % 3, k), seed=seed + k)
        step = 0
        while not state.is_over:
            state._legal = None  # measure the work, not the per-state cache
            t0 = perf_counter_ns()
            legal = state.legal_actions()
            legal_us.append((perf_counter_ns() - t0) / 1e3)
            if not state.pending:
                turn_us.append(legal_us[-1])
            action = choose(rng, legal)
            t0 = perf_counter_ns()
            new = state.apply(action)
            apply_us.append((perf_counter_ns() - t0) / 1e3)
            if step % 5 == 0:
                t0 = perf_counter_ns()
                rules.State.from_dict(state.to_dict())
                serial_us.append((perf_counter_ns() - t0) / 1e3)
            state = new
            step += 1
    return {"legal": legal_us, "turn": turn_us, "apply": apply_us, "serial": serial_us}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    gps2, _, rounds2 = games_per_second(2, args.games, args.seed)
    gps4, times4, rounds4 = games_per_second(4, args.games, args.seed + 100_000)
    costs = step_costs(max(args.games // 4, 10), args.seed + 200_000)
    wall, cpu = uniform_games(args.games, args.seed + 300_000)
    rounds = rounds2 + rounds4

    print(f"random games per second, 2 seats   {gps2:8.1f}")
    print(f"random games per second, 4 seats   {gps4:8.1f}")
    print(f"4-seat game, median ms             {statistics.median(times4):8.2f}   (target <= 25)")
    print(
        f"4-seat uniform game, median ms     {statistics.median(wall):8.2f}   (target <= 2; "
        f"CPU {statistics.median(cpu):.2f})"
    )
    print(
        f"legal_actions (fresh), median µs   {statistics.median(costs['legal']):8.1f}"
        f"   (target <= 50; p90 {statistics.quantiles(costs['legal'], n=10)[-1]:.1f})"
    )
    print(
        f"  on turn states (no decision), µs {statistics.median(costs['turn']):8.1f}"
        f"   (p90 {statistics.quantiles(costs['turn'], n=10)[-1]:.1f})"
    )
    print(f"apply, median µs                   {statistics.median(costs['apply']):8.1f}")
    print(f"to_dict+from_dict, median µs       {statistics.median(costs['serial']):8.1f}")
    print(
        f"rounds per game, mean              {statistics.mean(rounds):8.2f}"
        f"   (target 8-14; 2 seats {statistics.mean(rounds2):.2f}, "
        f"4 seats {statistics.mean(rounds4):.2f}, range {min(rounds)}-{max(rounds)})"
    )


if __name__ == "__main__":
    main()
