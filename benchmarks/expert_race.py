"""What the expert's race at the root tells apart: its two finalists, and how it differs from hard.

Run: ``nice -n 10 python benchmarks/expert_race.py --game wish --seats 4 --iterations 70``
plays a game of hard bots, searches `--decisions` of seat 0's decisions spread over it with the
expert at `--iterations`, and prints for each: the expert's choice and the hard bot's, and the two
moves that reached the race's last round with their reward's mean difference over the deals
they shared (common random numbers) and its standard error. A difference of less than one
standard error is a choice the iterations could not tell from chance; the mean reward of all
iterations says where on the reward's curve the look-aheads ended (0.5 is as good as the
decision's own position).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from expert_rate import seat_decisions  # noqa: E402

from wish_tui import games  # noqa: E402
from wish_tui.core import ismcts  # noqa: E402


def recording(rewards: dict) -> None:
    """Have every iteration of the search write its root move's reward into `rewards`."""
    iterate = ismcts._iterate

    def recorded(game, root, state, rng, first):
        reward = iterate(game, root, state, rng, first)
        rewards[first].append(reward)
        return reward

    ismcts._iterate = recorded


def finalists(rewards: dict) -> tuple | None:
    """The two moves played on the most deals, and their paired difference: mean and error."""
    ranked = sorted(rewards.items(), key=lambda kv: -len(kv[1]))[:2]
    if len(ranked) < 2 or len(ranked[1][1]) != len(ranked[0][1]) or len(ranked[0][1]) < 3:
        return None
    (first, a), (second, b) = ranked
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    return first, second, len(diffs), statistics.fmean(diffs), error


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=games.DEFAULT, choices=games.names())
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=14)
    parser.add_argument("--seed", type=int, default=4242)
    args = parser.parse_args()
    spec = games.get(args.game)
    chosen, _ = seat_decisions(spec, args.seats, args.seed, args.decisions)
    rewards: dict = defaultdict(list)
    recording(rewards)
    raced = differs = unclear = 0
    means = []
    for view, legal, hard in chosen:
        rewards.clear()
        action = spec.bots.make_bot("expert", 7, None, args.iterations).choose(view, legal)
        final = finalists(rewards)
        if final is None:
            continue
        first, second, deals, diff, error = final
        raced += 1
        differs += action != hard
        unclear += abs(diff) < error
        means.append(statistics.fmean(r for rs in rewards.values() for r in rs))
        print(
            f"expert '{action}', hard '{hard}': '{first}' against '{second}' over {deals} "
            f"deals {diff:+.3f} (error {error:.3f}), mean reward {means[-1]:.2f}"
        )
    print(
        f"{args.game}, {args.seats} seats, {args.iterations} iterations: {raced} decisions "
        f"raced, {differs} chosen otherwise than hard, {unclear} with finalists within one "
        f"standard error; mean reward {statistics.fmean(means) if means else 0:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
