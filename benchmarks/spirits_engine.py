"""Speed of the Spirits of the Forest rules engine: whole random games and `legal_actions()`.

    python benchmarks/spirits_engine.py [--games 500] [--clock wall|cpu]

Prints the median time of a four-seat random game with both modules, from `new_game` to
`final_scores()`, and the median time of `legal_actions()` on a fresh state (its cache empty),
over the states of those games; then the same game time for two seats and for solo. The random
policy is uniform over the legal actions; the games are seeded, so runs compare. `--clock cpu`
times by this process's CPU time, which is what the wall clock shows with one process per core,
whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wish_tui.spirits import rules


def play(seats, seed: int, modules=(), solo=None, clock=time.perf_counter) -> tuple[float, int]:
    """Play one seeded random game; return (seconds, decisions)."""
    pick = random.Random(seed).random
    start = clock()
    state = rules.new_game(seats, seed=seed, modules=modules, solo=solo)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(pick() * len(legal))])
        steps += 1
    state.final_scores()
    return clock() - start, steps


def legal_times(games: int, clock=time.perf_counter) -> list[float]:
    """Time `legal_actions()` on every state of some four-seat games, cache emptied first."""
    times = []
    for seed in range(games):
        pick = random.Random(seed).random
        state = rules.new_game(["air", "water", "fire", "earth"], seed=seed, modules=rules.MODULES)
        while not state.is_over:
            state._legal = None
            start = clock()
            legal = state.legal_actions()
            times.append(clock() - start)
            state = state.apply(legal[int(pick() * len(legal))])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time by the wall clock or by this process's CPU time",
    )
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    four = ["air", "water", "fire", "earth"]
    for _ in range(20):
        play(four, 0, rules.MODULES, clock=clock)
    runs = [play(four, seed, rules.MODULES, clock=clock) for seed in range(args.games)]
    median = statistics.median(t for t, _ in runs)
    steps = statistics.mean(n for _, n in runs)
    print(
        f"four seats, both modules: {median * 1e3:.2f} ms median per game "
        f"({steps:.0f} decisions on average, {args.games} games)"
    )
    legal = legal_times(max(args.games // 5, 20), clock)
    print(
        f"legal_actions(): {statistics.median(legal) * 1e6:.1f} us median over {len(legal)} "
        f"states (90th percentile {statistics.quantiles(legal, n=10)[-1] * 1e6:.1f} us)"
    )
    two = [play(["air", "water"], seed, clock=clock)[0] for seed in range(args.games)]
    print(f"two seats, base game: {statistics.median(two) * 1e3:.2f} ms median per game")
    for level in rules.SOLO_LEVELS:
        solo = [play(["earth"], seed, solo=level, clock=clock)[0] for seed in range(args.games)]
        print(f"solo {level}: {statistics.median(solo) * 1e3:.2f} ms median per game")


if __name__ == "__main__":
    main()
