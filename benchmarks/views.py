"""Measure what a view costs in every game (bots call `view` on every decision) and print it.

Run: ``python benchmarks/views.py [--games N] [--repeat R] [--clock wall|cpu]``; with
``--src DIR`` it imports wish_tui from DIR instead (e.g. another checkout, to compare).

Every state of N seeded random 3-seat games (all options on) is viewed by its deciding seat;
the figure is the median over R passes of the mean µs per call, for ``view(seat)``,
``public_view()`` and ``projected_scores(state, seat)`` (kept out of the view, so that bots do
not pay for it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns, process_time_ns


def _games(src: str | None):
    sys.path.insert(0, src or str(Path(__file__).resolve().parent.parent))
    from wish_tui.spirits import rules as spirits
    from wish_tui.wish import rules as wish
    from wish_tui.wishland import rules as wishland

    return {
        "wish": (wish, lambda k: wish.new_game(["air", "water", "fire"], seed=k)),
        "spirits": (
            spirits,
            lambda k: spirits.new_game(["air", "water", "fire"], seed=k, modules=spirits.MODULES),
        ),
        "wishland": (
            wishland,
            lambda k: wishland.new_game(
                ["red", "blue", "green"], seed=k, entrepreneurs=True, achievement_tiles=True
            ),
        ),
    }


def _states(new, games: int) -> list:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new(seed)
        out.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            out.append(state)
    return out


def _per_call(states, call, repeat: int, clock) -> float:
    runs = []
    for _ in range(repeat):
        start = clock()
        for state in states:
            call(state)
        runs.append((clock() - start) / len(states) / 1000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    parser.add_argument("--src", default=None)
    args = parser.parse_args()
    clock = process_time_ns if args.clock == "cpu" else perf_counter_ns
    for name, (rules, new) in _games(args.src).items():
        states = _states(new, args.games)
        seat = lambda s: s.view(s.current_player if s.current_player is not None else 0)  # noqa: E731
        line = f"{name:9} {len(states):4} states  view(seat) {_per_call(states, seat, args.repeat, clock):6.1f} µs"
        if hasattr(states[0], "public_view"):
            public = _per_call(states, lambda s: s.public_view(), args.repeat, clock)
            line += f"  public_view() {public:6.1f} µs"
        if hasattr(rules, "projected_scores"):
            project = _per_call(
                states, lambda s, r=rules: r.projected_scores(s, 0), args.repeat, clock
            )
            line += f"  projected_scores() {project:6.1f} µs"
        print(line)


if __name__ == "__main__":
    main()
