"""Measure changed evaluation weights: a medium bot judging with them against the plain medium bot.

Run: ``python benchmarks/wishland_weights.py '{"credit": 0.5}' [--games 400] [--seed 1]
[--seats 2] [--entrepreneurs] [--tiles]``

The changed bot takes one seat (rotating), medium bots the others (judging with the medium
weights, or with ``--base`` changes, which the changed weights then apply on top of), on the same seeded
deals. Printed: the changed bot's win rate (ties split) and both average scores. With equal
weights a two-seat run lands near 50%; the spread of 400 games is about 2.5 points.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.wishland import rules  # noqa: E402
from wish_tui.wishland.bots import make_bot  # noqa: E402
from wish_tui.wishland.bots.evaluate import MEDIUM  # noqa: E402
from wish_tui.wishland.bots.medium import MediumBot  # noqa: E402


def play(changed: MediumBot, base, n: int, seat_of_changed: int, seed: int, options: dict):
    """One game: the changed bot at `seat_of_changed`, medium bots judging by `base` elsewhere."""
    state = rules.new_game(list(rules.SEATS[:n]), seed=seed, **options)
    bots = [
        changed if s == seat_of_changed else make_bot("medium", seed * 31 + s) for s in range(n)
    ]
    for s, bot in enumerate(bots):
        if s != seat_of_changed:
            bot.weights = base
    while not state.is_over:
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions()), seat)
    return state.final_scores()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", help="JSON object of changed Weights fields")
    parser.add_argument("--base", default="{}", help="JSON: the other seats' changed weights")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--entrepreneurs", action="store_true")
    parser.add_argument("--tiles", action="store_true")
    args = parser.parse_args()
    base = MEDIUM._replace(**json.loads(args.base))
    weights = base._replace(**json.loads(args.weights))
    options = {"entrepreneurs": args.entrepreneurs, "achievement_tiles": args.tiles}
    wins = 0.0
    mine, theirs = [], []
    for g in range(args.games):
        seat = g % args.seats
        changed = MediumBot(args.seed + g)
        changed.weights = weights
        scores = play(changed, base, args.seats, seat, args.seed + g, options)
        if seat in scores["winners"]:
            wins += 1 / len(scores["winners"])
        totals = [e["total"] for e in scores["seats"]]
        mine.append(totals[seat])
        theirs.extend(t for s, t in enumerate(totals) if s != seat)
    print(
        f"{args.weights}: wins {100 * wins / args.games:.1f}% of {args.games} "
        f"({args.seats} seats), score {statistics.mean(mine):.1f} vs {statistics.mean(theirs):.1f}"
    )


if __name__ == "__main__":
    main()
